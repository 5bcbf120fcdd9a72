"""The state a game starts from: a scenario's table, scenery and bands, as plain JSON.

Units are numbered in their warband's order (``a1``, ``a2``...; their models ``a1.1``,
``a1.2``...), placed where the scenario deploys them; a band the set-up chooses instead
of the scenario's is lined up along its own table edge (:func:`default_deployment`).
The game starts in the deploy phase (Interpretation > Deployment).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import State
from engine.skirmish.army.catalogue import BandUnit, Catalogue, Scenario, Warband
from engine.skirmish.geometry.measure import inches
from engine.skirmish.state.access import SIDES

FACING_FROM_EDGE = {"south": 90, "north": 270, "west": 0, "east": 180}
"""The facing (degrees) of a band looking away from its own table edge."""
ZEN_POLICIES = ("fatal", "always", "never")


def default_deployment(
    band: Warband, edge: str, width_in: int, height_in: int
) -> tuple[tuple[tuple[float, float, int], ...], ...]:
    """The band lined up along its own edge, within 6 inches, facing the other edge:
    foot models in pairs (3 and 4.5 inches from the edge) 1.5 inches apart, mounted
    models in one row 3 inches from the edge 2.5 inches apart, 2 inches between units.
    Per unit, each model's ``(x_in, y_in, facing_deg)``."""
    along_x = edge in ("south", "north")
    length = width_in if along_x else height_in
    depth = height_in if along_x else width_in
    far = edge in ("north", "east")
    facing = FACING_FROM_EDGE[edge]
    out = []
    at = 3.0
    for unit in band.units:
        models = []
        for k in range(unit.count):
            row = 3.0 if unit.mounted or k % 2 == 0 else 4.5
            along = length - at if far else at
            across = depth - row if far else row
            models.append((along, across, facing) if along_x else (across, along, facing))
            if unit.mounted:
                at += 2.5
            elif k % 2 == 1 or k == unit.count - 1:
                at += 1.5
        at += 2.0
        out.append(tuple(models))
    return tuple(out)


def new_unit(
    side: str,
    number: int,
    unit: BandUnit,
    places: Sequence[Sequence[float]],
    *,
    hero: bool,
    wounds: int,
    edge: str,
) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """The JSON of one unit and of its models (``places``: per model ``(x_in, y_in,
    facing_deg)``), ids ``{side}{number}`` and ``{side}{number}.{k}``."""
    unit_id = f"{side}{number}"
    model_ids = [f"{unit_id}.{k}" for k in range(1, unit.count + 1)]
    record: dict[str, Any] = {
        "id": unit_id,
        "side": side,
        "name": unit.name,
        "hero": hero,
        "profile": unit.profile,
        "models": model_ids,
        "start": unit.count,
        "min": 1 if hero else max(3, unit.minimum),
        "weapon": unit.weapon,
        "carried": sorted({unit.weapon, *unit.carried}),
        "armour": unit.armour,
        "strategies": sorted(unit.strategies),
        "masteries": dict(sorted(unit.masteries.items())),
        "command": unit.command,
        "honourable": unit.honourable,
        "samurai": unit.samurai,
        "attendants": unit.attendants,
        "master": f"{side}{unit.master}" if unit.attendants and unit.master else None,
        "horse_holders": unit.horse_holders,
        "points": unit.points,
        "fleeing": False,
        "edge": None,
        "home": edge,
        "must_test": False,
        "courage_mod": 0,
        "moved": 0,
        "shot": False,
        "heroic": [],
        "reload": 0,
        "pavise": {"set": False, "work": 0} if unit.pavises else None,
        "dismounted_turn": None,
        "done": False,
    }
    if hero:
        record["zen"] = unit.zen
        record["zen_policy"] = "fatal"
    models = {
        model_id: {
            "id": model_id,
            "unit": unit_id,
            "side": side,
            "x": inches(x),
            "y": inches(y),
            "facing": (int(facing) * 10) % 3600,
            "mounted": unit.mounted,
            "wounds": wounds,
            "status": "ok",
        }
        for model_id, (x, y, facing) in zip(model_ids, places, strict=True)
    }
    return record, models


def band_units(
    catalogue: Catalogue,
    side: str,
    band: Warband,
    deployment: Sequence[Sequence[Sequence[float]]],
    edge: str,
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Every unit and model of a band, placed by ``deployment``."""
    units: dict[str, Any] = {}
    models: dict[str, Any] = {}
    for number, (unit, places) in enumerate(zip(band.units, deployment, strict=True), start=1):
        profile = catalogue.profile(unit.profile)
        record, placed = new_unit(
            side, number, unit, places, hero=profile.hero, wounds=profile.wounds, edge=edge
        )
        units[record["id"]] = record
        models.update(placed)
    return units, models


def scenery_json(scenario: Scenario) -> list[dict[str, Any]]:
    """The scenario's scenery with its polygons in table units."""
    return [
        {
            "id": piece.id,
            "name": piece.name,
            "kind": piece.kind,
            "blocks_sight": piece.blocks_sight,
            "points": [[inches(x), inches(y)] for x, y in piece.points],
        }
        for piece in scenario.scenery
    ]


def initial_state(
    catalogue: Catalogue,
    scenario: Scenario,
    *,
    factions: Mapping[str, str] | None = None,
    turns: int | None = None,
) -> State:
    """The deploy phase of ``scenario``: every band at full strength where the scenario
    deploys it (or lined up along its edge when ``factions`` chooses another band)."""
    chosen = {side: scenario.sides[side].warband for side in SIDES}
    chosen.update(factions or {})
    units: dict[str, Any] = {}
    models: dict[str, Any] = {}
    for side in SIDES:
        entry = scenario.sides[side]
        band = catalogue.warband(chosen[side])
        deployment = (
            entry.deployment
            if chosen[side] == entry.warband
            else default_deployment(band, entry.edge, scenario.width_in, scenario.height_in)
        )
        side_units, side_models = band_units(catalogue, side, band, deployment, entry.edge)
        units.update(side_units)
        models.update(side_models)
    return {
        "ruleset": "skirmish",
        "data": catalogue.fingerprint,
        "scenario": scenario.id,
        "table": {"width": inches(scenario.width_in), "height": inches(scenario.height_in)},
        "scenery": scenery_json(scenario),
        "sides": list(SIDES),
        "labels": {
            side: (
                scenario.sides[side].label
                if chosen[side] == scenario.sides[side].warband
                else catalogue.warband(chosen[side]).label
            )
            for side in SIDES
        },
        "warbands": chosen,
        "edges": {side: scenario.sides[side].edge for side in SIDES},
        "zones": {side: inches(scenario.sides[side].zone_in) for side in SIDES},
        "turn": 1,
        "turns": scenario.turns if turns is None else turns,
        "phase": "deploy",
        "step": None,
        "deployed": [],
        "initiative": None,
        "previous_initiative": None,
        "choosing": None,
        "active": None,
        "declaring": None,
        "units": units,
        "models": models,
        "band_tested": dict.fromkeys(SIDES, False),
        "queue": [],
        "humming_used": dict.fromkeys(SIDES, False),
        "outcome": None,
        "score": dict.fromkeys(SIDES, 0),
    }
