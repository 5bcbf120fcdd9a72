"""What one side (or a spectator) may see of a state, and what the browser draws.

Everything on a skirmish table is open but the sealed ``fight`` choices of the other
side before both have chosen (``state["fights"]["chosen"]``: shown as ``true``, chosen
but not shown). Derived for drawing (``derived``): each unit's stats line, weapon and
armour names, its movement allowance (6 inches, 5 in heavy armour on foot or for a
limping hero, 12 mounted), its command radius, the score so far, and the inch.
"""

from __future__ import annotations

from typing import Any

from engine.core import State
from engine.skirmish.army.catalogue import Catalogue, catalogue_of
from engine.skirmish.geometry.measure import INCH
from engine.skirmish.state.access import (
    SIDES,
    allowance,
    attendants_radius,
    command_radius,
    unit_ids,
)
from engine.skirmish.turn.victory import score


def _derived(state: State) -> dict[str, Any]:
    catalogue = catalogue_of(state)
    units: dict[str, Any] = {}
    for unit_id in unit_ids(state, living=False):
        record = state["units"][unit_id]
        profile = catalogue.profile(record["profile"])
        radius = (
            command_radius(state, unit_id)
            if record["hero"]
            else (attendants_radius(state, record["master"]) if record.get("master") else 0)
        )
        units[unit_id] = {
            "stats": profile.to_json(),
            "weapon": catalogue.weapon(record["weapon"]).name,
            "armour": catalogue.armour[record["armour"]].name,
            "allowance": allowance(state, unit_id),
            "command_radius": radius,
        }
    return {"units": units, "score": score(state), "inch": INCH}


def view(state: State, side: str | None) -> dict[str, Any]:
    """The state as ``side`` sees it (``None``: a spectator), with ``derived``."""
    shown = dict(state)
    fights = state.get("fights")
    if fights and fights.get("chosen") and state["phase"] != "over":
        chosen = {who: (given if who == side else True) for who, given in fights["chosen"].items()}
        shown["fights"] = {**fights, "chosen": chosen}
    shown["derived"] = _derived(state)
    return shown


def catalogue_view(catalogue: Catalogue) -> dict[str, Any]:
    """The catalogue as pages need it: weapons, armour, strategies, masteries, stats
    lines, warbands and scenarios by id."""
    return {
        "weapons": {k: w.to_json() for k, w in catalogue.weapons.items()},
        "armour": {k: a.to_json() for k, a in catalogue.armour.items()},
        "strategies": {k: s.to_json() for k, s in catalogue.strategies.items()},
        "masteries": {k: m.to_json() for k, m in catalogue.masteries.items()},
        "command_radius_in": {str(k): v for k, v in catalogue.command_radius_in.items()},
        "profiles": {k: p.to_json() for k, p in catalogue.profiles.items()},
        "warbands": {
            k: {"id": b.id, "name": b.name, "label": b.label, "models": b.models}
            for k, b in catalogue.warbands.items()
        },
        "scenarios": {
            k: {
                "id": s.id,
                "name": s.name,
                "table": [s.width_in, s.height_in],
                "turns": s.turns,
                "warbands": {side: s.sides[side].warband for side in SIDES},
            }
            for k, s in catalogue.scenarios.items()
        },
        "inch": INCH,
    }
