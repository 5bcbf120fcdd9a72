"""Kensei's position editor: a judge sets up a situation on the table (moves a unit,
sets its markers, removes it) and the rules check what the table allows.

Edits (plain JSON, applied in order; the first wrong one refuses them all):

* ``{"edit": "move", "unit": "A.u1", "x": 6000, "y": 2500, "facing": 900}``: the
  unit's leader (its first miniature on the table if it has none) to ``x, y``
  (tenths of a millimetre, y up), the other miniatures by the same offset, every
  miniature turned to ``facing`` (tenths of a degree, as the state keeps it).
  Every base must lie on the table and overlap no other base.
* ``{"edit": "markers", "unit": "A.u1", "used": true, "stunned": 1, ...}``: any of
  its markers (``MARKER_RULES``), each checked against what the rules let it hold.
* ``{"edit": "remove", "unit": "A.u1"}``: the unit leaves the table (a casualty).

Only units already on the table are edited (deployment places the others). The new
state is checked again by ``Ruleset.position``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import Command, IllegalCommand, InvalidCommand, State
from engine.core.edits import apply_edits, only_fields
from engine.kensei import geometry
from engine.kensei.geometry.board import base_from
from engine.kensei.geometry.spatial import inside_rect, placed

RULE = "Position editor: the table"
# Each marker: its kind and the most it can hold before the rules turn it into
# something else (two stuns are a casualty, a unit's Wo in wounds is a casualty).
MARKER_RULES = ("used", "stunned", "wounded", "sheltered", "fleeing", "unloaded")
FLAGS = frozenset({"used", "sheltered", "fleeing"})


def edit_position(state: State, edits: Sequence[Command]) -> State:
    """``state`` with ``edits`` applied (see the module); never changes ``state``."""
    return apply_edits(state, edits, _apply)


def _apply(state: State, edit: Any) -> State:
    if not isinstance(edit, dict):
        raise InvalidCommand("an edit is a JSON object")
    kind = edit.get("edit")
    uid = edit.get("unit")
    if not isinstance(uid, str) or uid not in state["units"]:
        raise InvalidCommand(f"no unit {str(uid)[:40]!r} in this position")
    unit = state["units"][uid]
    if unit["removed"] or not _on_table(state, unit):
        raise IllegalCommand(f"{unit['name']} ({uid}) is not on the table", rule=RULE)
    if kind == "move":
        only_fields(edit, {"edit", "unit", "x", "y", "facing"})
        return _move(state, unit, _whole(edit, "x"), _whole(edit, "y"), _whole(edit, "facing"))
    if kind == "markers":
        only_fields(edit, {"edit", "unit", *MARKER_RULES})
        return _markers(state, unit, edit)
    if kind == "remove":
        only_fields(edit, {"edit", "unit"})
        minis = {mid: {**state["minis"][mid], "removed": True} for mid in unit["minis"]}
        return {
            **state,
            "units": {**state["units"], uid: {**unit, "removed": True}},
            "minis": {**state["minis"], **minis},
        }
    raise InvalidCommand(f"edit must be move, markers or remove, not {str(kind)[:20]!r}")


def _move(state: State, unit: dict[str, Any], x: int, y: int, facing: int) -> State:
    mids = [mid for mid in unit["minis"] if _standing(state["minis"][mid])]
    anchor = state["minis"][unit["leader"]] if unit["leader"] in mids else state["minis"][mids[0]]
    dx, dy = x - anchor["x"], y - anchor["y"]
    table = state["table"]
    moved = {}
    for mid in mids:
        mini = state["minis"][mid]
        base = placed(base_from(mini), mini["x"] + dx, mini["y"] + dy, facing % 3600)
        if not inside_rect(base, (0, 0, table["width"], table["height"])):
            raise IllegalCommand(
                f"miniature {mid} would stand off the table at "
                f"({base.x / 100:g} cm, {base.y / 100:g} cm)",
                rule=RULE,
            )
        moved[mid] = {**mini, "x": base.x, "y": base.y, "facing": base.facing}
    others = {
        mid: base_from(mini)
        for mid, mini in state["minis"].items()
        if mid not in moved and _standing(mini)
    }
    for mid, mini in moved.items():
        base = base_from(mini)
        for other, other_base in others.items():
            if geometry.overlaps(base, other_base):
                raise IllegalCommand(
                    f"miniature {mid} would overlap the base of {other}", rule=RULE
                )
        others[mid] = base
    return {**state, "minis": {**state["minis"], **moved}}


def _markers(state: State, unit: dict[str, Any], edit: dict[str, Any]) -> State:
    markers = dict(unit["markers"])
    limits = {"stunned": 1, "unloaded": 1, "wounded": unit["wo"] - 1}
    for name in MARKER_RULES:
        if name not in edit:
            continue
        value = edit[name]
        if name in FLAGS:
            if not isinstance(value, bool):
                raise InvalidCommand(f"{name}: true or false, not {str(value)[:20]!r}")
        elif isinstance(value, bool) or not isinstance(value, int):
            raise InvalidCommand(f"{name}: a whole number, not {str(value)[:20]!r}")
        elif not 0 <= value <= limits[name]:
            raise IllegalCommand(
                f"{unit['name']} can hold 0 to {limits[name]} {name} markers, not {value}",
                rule="Casualties: two stuns, or Wo wounds, are a casualty"
                if name != "unloaded"
                else "Shooting: a unit is unloaded or not",
            )
        markers[name] = value
    uid = unit["id"]
    return {**state, "units": {**state["units"], uid: {**unit, "markers": markers}}}


def _on_table(state: State, unit: dict[str, Any]) -> bool:
    return any(_standing(state["minis"][mid]) for mid in unit["minis"])


def _standing(mini: dict[str, Any]) -> bool:
    return bool(mini["placed"]) and not mini["removed"]


def _whole(edit: dict[str, Any], name: str) -> int:
    value = edit.get(name)
    if isinstance(value, bool) or not isinstance(value, int) or not -(10**6) < value < 10**6:
        raise InvalidCommand(f"{name}: a whole number, not {str(value)[:20]!r}")
    return value
