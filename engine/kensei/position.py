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
* ``{"edit": "remove", "unit": "A.u1"}``: the unit leaves the table (a casualty), unless
  it takes part in the activation under way (the game waits on it).
* ``{"edit": "scenery", "piece": "h0", "x": 3000, "y": 2000}``: a scenery piece moved,
  keeping its shape, so that the corner of its bounding box nearest the table's
  bottom-left corner is at ``x, y``. It must lie on the table and overlap no other
  piece, and no miniature may then stand over it if it is impassable to that miniature.
* ``{"edit": "add_scenery", "x": 3000, "y": 2000, "width": 1000, "depth": 500,
  "kind": "difficult", "height": 1}``: a new rectangular piece of one of the kinds the
  rules know (normal, difficult, impassable), its bottom-left corner at ``x, y``, made of
  5 x 5 cm elements and at most ``MAX_SCENERY_HEIGHT`` high, as extra scenery is; checked
  as a moved piece is. Its id is ``edit-<n>``, the first such id free.
* ``{"edit": "remove_scenery", "piece": "h0"}``: the piece leaves the table.

Scenery is checked with the engine's own rules and words: a miniature moved onto
scenery impassable to it is refused as a move ending there would be ("Crossing
obstacles"), a piece off the table or over another as extra scenery would be ("Game
Table and Scenery elements").

Only units already on the table are edited (deployment places the others). The new
state is checked again by ``Ruleset.position``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import Command, IllegalCommand, InvalidCommand, State, canonical_json
from engine.core.edits import apply_edits, only_fields, subject
from engine.kensei import geometry, rules
from engine.kensei.commands.setup import SCENERY_KINDS
from engine.kensei.geometry.board import base_from, scenery_of
from engine.kensei.geometry.spatial import inside_rect, placed, scenery_overlap
from engine.kensei.turn.setup import ELEMENT, MAX_SCENERY_HEIGHT

RULE = "Position editor: the table"
# Each marker: its kind and the most it can hold before the rules turn it into
# something else (two stuns are a casualty, a unit's Wo in wounds is a casualty).
MARKER_RULES = ("used", "stunned", "wounded", "sheltered", "fleeing", "unloaded")
FLAGS = frozenset({"used", "sheltered", "fleeing"})


def edit_position(state: State, edits: Sequence[Command]) -> State:
    """``state`` with ``edits`` applied (see the module); never changes ``state``."""
    return apply_edits(state, edits, _apply)


def _apply(state: State, edit: Any) -> State:
    if isinstance(edit, dict) and edit.get("edit") in SCENERY_EDITS:
        return _scenery_edit(state, edit)
    kind, uid = subject(edit, "unit", state["units"], "unit")
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
        if f'"{uid}"' in canonical_json(state.get("activation")):
            raise IllegalCommand(
                f"{unit['name']} ({uid}) takes part in the activation under way: the editor "
                "removes only units the game is not waiting on",
                rule=RULE,
            )
        minis = {mid: {**state["minis"][mid], "removed": True} for mid in unit["minis"]}
        return {
            **state,
            "units": {**state["units"], uid: {**unit, "removed": True}},
            "minis": {**state["minis"], **minis},
        }
    raise InvalidCommand(
        "edit must be move, markers, remove, scenery, add_scenery or remove_scenery, "
        f"not {str(kind)[:20]!r}"
    )


SCENERY_EDITS = ("scenery", "add_scenery", "remove_scenery")


def _scenery_edit(state: State, edit: dict[str, Any]) -> State:
    """A scenery piece moved, added or removed (see the module)."""
    if edit["edit"] == "add_scenery":
        only_fields(edit, {"edit", "x", "y", "width", "depth", "kind", "height"})
        return _add_scenery(state, edit)
    pieces = {piece["id"]: piece for piece in state["scenery"]}
    kind, pid = subject(edit, "piece", pieces, "scenery piece")
    if kind == "remove_scenery":
        only_fields(edit, {"edit", "piece"})
        return {**state, "scenery": [piece for piece in state["scenery"] if piece["id"] != pid]}
    only_fields(edit, {"edit", "piece", "x", "y"})
    return _move_scenery(state, pieces[pid], _whole(edit, "x"), _whole(edit, "y"))


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
    scene = geometry.table_scene(scenery_of(state), {})
    for mid, mini in moved.items():
        base = base_from(mini)
        _not_over_impassable(scene, mid, base)
        for other, other_base in others.items():
            if geometry.overlaps(base, other_base):
                raise IllegalCommand(
                    f"miniature {mid} would overlap the base of {other}", rule=RULE
                )
        others[mid] = base
    return {**state, "minis": {**state["minis"], **moved}}


def _not_over_impassable(scene: geometry.Scene, mid: str, base: geometry.Base) -> None:
    blocker = scene.over_impassable(base)
    if blocker is not None:
        raise IllegalCommand(
            f"miniature {mid} would stand on {blocker.id}, which is impassable to it",
            rule=rules.CROSSING_OBSTACLES,
        )


def _move_scenery(state: State, piece: dict[str, Any], x: int, y: int) -> State:
    points = [(int(px), int(py)) for px, py in piece["points"]]
    dx = x - min(px for px, _ in points)
    dy = y - min(py for _, py in points)
    return _placed_scenery(state, {**piece, "points": [[px + dx, py + dy] for px, py in points]})


def _add_scenery(state: State, edit: dict[str, Any]) -> State:
    """A new rectangle of 5 x 5 cm elements, of a kind the rules know ("Game Table and
    Scenery elements": extra scenery is made of such elements; "Crossing obstacles": the
    three kinds of obstacle)."""
    kind = edit.get("kind")
    if kind not in SCENERY_KINDS:
        raise InvalidCommand(f"kind must be one of {', '.join(SCENERY_KINDS)}")
    x, y = _whole(edit, "x"), _whole(edit, "y")
    width, depth, height = _whole(edit, "width"), _whole(edit, "depth"), _whole(edit, "height")
    if width < ELEMENT or depth < ELEMENT or width % ELEMENT or depth % ELEMENT:
        raise IllegalCommand(
            f"a new scenery piece of {width / 100:g} x {depth / 100:g} cm: scenery is made of "
            "5 x 5 cm elements, so its sides are multiples of 5 cm",
            rule=rules.SCENERY,
        )
    if not 0 <= height <= MAX_SCENERY_HEIGHT:
        raise IllegalCommand(
            f"a scenery piece is 0 to {MAX_SCENERY_HEIGHT} high, not {height}", rule=rules.SCENERY
        )
    taken = {piece["id"] for piece in state["scenery"]}
    number = next(n for n in range(1, len(taken) + 2) if f"edit-{n}" not in taken)
    piece = {
        "id": f"edit-{number}",
        "name": f"{kind.capitalize()} scenery (editor)",
        "kind": kind,
        "height": height,
        "points": [[x, y], [x + width, y], [x + width, y + depth], [x, y + depth]],
    }
    return _placed_scenery({**state, "scenery": [*state["scenery"], piece]}, piece)


def _placed_scenery(state: State, new: dict[str, Any]) -> State:
    """``state`` with the piece ``new`` in place of the piece of its id: on the table, over
    no other piece ("Game Table and Scenery elements"), under no miniature it is
    impassable to ("Crossing obstacles")."""
    table = state["table"]
    if not all(
        0 <= px <= table["width"] and 0 <= py <= table["height"] for px, py in new["points"]
    ):
        raise IllegalCommand(f"scenery piece {new['id']} is off the table", rule=rules.SCENERY)
    scenery = [new if other["id"] == new["id"] else other for other in state["scenery"]]
    after = {**state, "scenery": scenery}
    pieces = {one.id: one for one in scenery_of(after)}
    for other in pieces.values():
        if other.id != new["id"] and scenery_overlap(pieces[new["id"]], other):
            raise IllegalCommand(
                f"scenery piece {new['id']} overlaps {other.id}", rule=rules.SCENERY
            )
    scene = geometry.table_scene([pieces[new["id"]]], {})
    for mid, mini in state["minis"].items():
        if _standing(mini):
            _not_over_impassable(scene, mid, base_from(mini))
    return after


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
