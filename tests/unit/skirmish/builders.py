"""Small skirmish states for tests, from a short description (shared by every helper's
tests).

>>> state = build_state(
...     a=[unit("retainer", at=(10, 10), count=3, weapon="yari"), hero(at=(10, 14))],
...     b=[unit("ashigaru", at=(10, 20), facing=270)],
...     phase="move",
... )
>>> sorted(state["units"]), state["models"]["a1.2"]["x"]
(['a1', 'a2', 'b1'], 2921)

Positions are in inches (the first model at ``at``; the others 1.5 inches apart along
x, or ``places`` for each model). The state is a full, valid one (the packaged
catalogue's fingerprint, every key of the contract), in the phase asked for.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.skirmish.army.catalogue import BandUnit, Warband, load_catalogue
from engine.skirmish.geometry.measure import inches
from engine.skirmish.state.setup import band_units, initial_state

BLOCKING = ("building", "impassable")
"""Scenery kinds that block sight unless a piece says otherwise."""
SPACING_IN = 1.5
MOUNTED_SPACING_IN = 2.5


def unit(
    profile: str,
    *,
    at: tuple[float, float] = (12, 12),
    count: int | None = None,
    facing: int = 90,
    places: Sequence[tuple[float, float] | tuple[float, float, int]] | None = None,
    weapon: str = "basic",
    armour: str = "none",
    mounted: bool = False,
    name: str | None = None,
    **fields: Any,
) -> dict[str, Any]:
    """One unit's description: a stats line (``profile``), where (inches), equipment,
    and any :class:`BandUnit` field (``strategies``, ``masteries``, ``command``, ``zen``,
    ``honourable``, ``samurai``, ``attendants``, ``master``, ``pavises``, ``points``...).
    ``count`` defaults to 1 for a hero, 3 for a group."""
    return {
        "profile": profile,
        "at": at,
        "count": count,
        "facing": facing,
        "places": places,
        "weapon": weapon,
        "armour": armour,
        "mounted": mounted,
        "name": name,
        "fields": fields,
    }


def hero(profile: str = "yamada_suzuki", **kwargs: Any) -> dict[str, Any]:
    """A heroic character's description (as :func:`unit`, count 1)."""
    return unit(profile, count=1, **kwargs)


def _places(spec: dict[str, Any], count: int) -> list[tuple[float, float, int]]:
    if spec["places"] is not None:
        return [
            (float(p[0]), float(p[1]), int(p[2]) if len(p) > 2 else spec["facing"])
            for p in spec["places"]
        ]
    x, y = spec["at"]
    step = MOUNTED_SPACING_IN if spec["mounted"] else SPACING_IN
    return [(x + k * step, y, spec["facing"]) for k in range(count)]


def _band_unit(spec: dict[str, Any]) -> BandUnit:
    catalogue = load_catalogue()
    profile = catalogue.profile(spec["profile"])
    count = spec["count"] or (1 if profile.hero else 3)
    fields = dict(spec["fields"])
    fields.setdefault("points", 10 if profile.hero else 5)
    return BandUnit(
        name=spec["name"] or profile.name,
        profile=spec["profile"],
        count=count,
        weapon=spec["weapon"],
        armour=spec["armour"],
        mounted=spec["mounted"],
        strategies=tuple(fields.pop("strategies", ())),
        masteries=dict(fields.pop("masteries", {})),
        **fields,
    )


def build_state(
    *,
    a: Sequence[dict[str, Any]] = (),
    b: Sequence[dict[str, Any]] = (),
    table: tuple[int, int] = (36, 36),
    scenery: Sequence[dict[str, Any]] = (),
    phase: str = "move",
    step: str | None = "act",
    turn: int = 1,
    turns: int = 8,
    initiative: str | None = "a",
    active: str | None = None,
    **state_fields: Any,
) -> dict[str, Any]:
    """A state with the units described (side a's from ``a``, side b's from ``b``, ids
    in order ``a1``, ``a2``...), on a ``table`` (inches), with ``scenery`` (each ``{"id",
    "kind", "points": [[x_in, y_in], ...], "blocks_sight"?, "name"?}``), in ``phase`` /
    ``step`` with the ``initiative`` side acting (``active`` defaults to it in an act
    step). Any other key of the state may be given (``state_fields``)."""
    catalogue = load_catalogue()
    base = initial_state(catalogue, next(iter(catalogue.scenarios.values())))
    units: dict[str, Any] = {}
    models: dict[str, Any] = {}
    for side, specs in (("a", a), ("b", b)):
        band_list = [_band_unit(spec) for spec in specs]
        deployment = [_places(spec, bu.count) for spec, bu in zip(specs, band_list, strict=True)]
        band = Warband(
            id=f"test_{side}",
            name=f"Test band {side}",
            label=f"Side {side}",
            units=tuple(band_list),
        )
        side_units, side_models = band_units(
            catalogue, side, band, deployment, "south" if side == "a" else "north"
        )
        units.update(side_units)
        models.update(side_models)
    state = {
        **base,
        "scenario": "test",
        "table": {"width": inches(table[0]), "height": inches(table[1])},
        "scenery": [
            {
                "id": piece["id"],
                "name": piece.get("name", piece["id"]),
                "kind": piece["kind"],
                "blocks_sight": piece.get(
                    "blocks_sight", piece["kind"] in ("building", "impassable")
                ),
                "points": [[inches(x), inches(y)] for x, y in piece["points"]],
            }
            for piece in scenery
        ],
        "labels": {"a": "Side a", "b": "Side b"},
        "warbands": {"a": "test_a", "b": "test_b"},
        "units": units,
        "models": models,
        "phase": phase,
        "step": step,
        "turn": turn,
        "turns": turns,
        "deployed": [] if phase == "deploy" else ["a", "b"],
        "initiative": initiative,
        "active": active if active is not None else (initiative if step == "act" else None),
    }
    state.update(state_fields)
    return state


def with_mods(state: dict[str, Any], unit_id: str, **fields: Any) -> dict[str, Any]:
    """``state`` with fields of a unit replaced (for a test's set-up)."""
    units = dict(state["units"])
    units[unit_id] = {**units[unit_id], **fields}
    return {**state, "units": units}


def at(
    state: dict[str, Any], model_id: str, x_in: float, y_in: float, facing: int | None = None
) -> dict[str, Any]:
    """``state`` with a model moved to ``(x_in, y_in)`` inches (and a facing in degrees)."""
    models = dict(state["models"])
    record = {**models[model_id], "x": inches(x_in), "y": inches(y_in)}
    if facing is not None:
        record["facing"] = (facing * 10) % 3600
    models[model_id] = record
    return {**state, "models": models}


__all__ = ["at", "build_state", "hero", "unit", "with_mods"]
