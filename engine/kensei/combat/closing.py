"""The end of a combat: the facing of a withdrawing unit (Combat Resolution > 5.
Withdrawn or retreating movements: "the unit withdraws: miniatures can be faced
anywhere (even keep facing)") and 8. Melee movements (the winner's miniatures not in
close combat may move up to 5 cm, keeping formation, seeking to engage).

Both are the owner's choice, asked once the combat's rolls and moves are done:

- ``withdraw_facing``: keep the facing, face the enemy it withdrew from, or face the
  way it withdrew (those the miniatures can turn to where they stand);
- ``melee_move``: the winning unit's free miniatures move (paths as in a Move order,
  5 cm at most), or stay (no ``minis``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Event, IllegalCommand, Prompt, State
from engine.kensei import geometry, rules
from engine.kensei.combat.falling_back import spatial_base
from engine.kensei.commands.combat import MeleeMove, WithdrawFacing
from engine.kensei.geometry.board import board
from engine.kensei.movement.move import move_event
from engine.kensei.state.progress import Progress
from engine.kensei.state.queries import unit_name

MELEE_MOVE = 500  # 8. Melee movements: up to 5 cm
FACINGS = ("keep", "enemy", "away")


# -- the facing of a withdrawing unit ------------------------------------------------


def turned(state: State, uid: str, heading: int, choice: str) -> dict[str, geometry.Base] | None:
    """The unit's miniatures turned in place to ``choice`` (None: one cannot turn there:
    it would overlap another base, leave the table or stand over impassable scenery)."""
    here = board(state)
    table = state["table"]
    facing = {"enemy": (heading + 1800) % 3600, "away": heading}.get(choice)
    mine = [m for m in state["units"][uid]["minis"] if m in here.bases]
    if facing is None:
        return {m: here.bases[m] for m in mine}
    spots = {m: spatial_base(here.bases[m], here.bases[m].x, here.bases[m].y, facing) for m in mine}
    for m, spot in spots.items():
        base = here.bases[m]
        r = base.bound + spot.bound
        near = [o for o in here.in_box(base.x - r, base.y - r, base.x + r, base.y + r) if o != m]
        others = [spots.get(o, here.bases[o]) for o in near]
        if (
            not geometry.on_table(spot, table["width"], table["height"])
            or here.scene.over_impassable(spot) is not None
            or any(geometry.overlaps(spot, other) for other in others)
        ):
            return None
    return spots


def facing_choices(state: State, uid: str, heading: int) -> list[str]:
    return [choice for choice in FACINGS if turned(state, uid, heading, choice) is not None]


def facing_question(state: State, uid: str, heading: int) -> Event | None:
    """``facing_asked`` after a withdraw when the unit has a choice to make."""
    choices = facing_choices(state, uid, heading)
    if len(choices) < 2:
        return None
    return {"type": "facing_asked", "unit": uid, "heading": heading, "choices": choices}


def facing_prompt(state: State, asked: Mapping[str, Any]) -> Prompt:
    unit = state["units"][asked["unit"]]
    return Prompt(
        (unit["side"],),
        "withdraw_facing",
        options={"unit": asked["unit"], "choices": facing_choices(state, **_of(asked))},
    )


def _of(asked: Mapping[str, Any]) -> dict[str, Any]:
    return {"uid": asked["unit"], "heading": asked["heading"]}


def decide_facing(
    state: State, side: str, command: WithdrawFacing, asked: Mapping[str, Any]
) -> Event:
    choice = command.facing
    spots = turned(state, asked["unit"], asked["heading"], choice) if choice in FACINGS else None
    if spots is None:
        raise IllegalCommand(
            f"{unit_name(state['units'][asked['unit']])} cannot face {choice!r}; it may: "
            + ", ".join(facing_choices(state, **_of(asked))),
            rule=rules.FALLING_BACK,
        )
    return {
        "type": "withdraw_faced",
        "unit": asked["unit"],
        "facing": choice,
        "minis": [{"id": m, "x": b.x, "y": b.y, "facing": b.facing} for m, b in spots.items()],
    }


# -- 8. Melee movements --------------------------------------------------------------


def free_minis(state: State, uid: str) -> list[str]:
    """The unit's miniatures not in close combat."""
    unit = state["units"][uid]
    here = board(state)
    placed = [m for m in unit["minis"] if m in here.bases]
    engaged = here.engaged_minis(placed, unit["side"])
    return [m for m in placed if not engaged[m]]


def close(progress: Progress) -> None:
    """End the combat, or first ask for the facings and melee movements left."""
    state = progress.state
    pending = state["activation"]["pending"]
    movers = []
    if not pending.get("duel") and pending.get("mode") != "shoot":
        movers = [
            uid
            for uid in pending.get("winners", [])
            if not state["units"][uid]["removed"] and free_minis(state, uid)
        ]
    if movers or pending.get("facings"):
        progress.emit({"type": "combat_closing", "melee_moves": movers})
    else:
        progress.emit({"type": "combat_ended"})


def melee_move_prompt(state: State, uid: str) -> Prompt:
    return Prompt(
        (state["units"][uid]["side"],),
        "melee_move",
        options={"unit": uid, "minis": free_minis(state, uid), "distance": MELEE_MOVE},
    )


def decide_melee_move(state: State, side: str, command: MeleeMove, uid: str) -> Event:
    """The winner's free miniatures move up to 5 cm (checked as a Move order: paths,
    scenery, other bases, engaging, formation), each ending no farther from the enemy
    than it started; no ``minis``: they stay."""
    if not command.minis:
        return {"type": "melee_moved", "side": side, "unit": uid, "minis": [], "displaced": False}
    free = set(free_minis(state, uid))
    moved = move_event(state, side, uid, command.minis, allowance=MELEE_MOVE, boosted=False)
    here = board(state)
    enemies = [m for m, s in here.side_of.items() if s != side]
    for mini in moved["minis"]:
        if not mini["path"]:
            continue
        if mini["id"] not in free:
            raise IllegalCommand(
                f"miniature {mini['id']} is in close combat: only the others move",
                rule=rules.MELEE_MOVEMENTS,
            )
        start = here.bases[mini["id"]]
        end = spatial_base(start, mini["x"], mini["y"], mini["facing"])
        if _gap(here, start, enemies) < _gap(here, end, enemies):
            raise IllegalCommand(
                f"miniature {mini['id']} would move away from the enemy; a melee movement "
                "seeks to engage other enemy miniatures",
                rule=rules.MELEE_MOVEMENTS,
            )
    return {
        "type": "melee_moved",
        "side": side,
        "unit": uid,
        "minis": [{k: m[k] for k in ("id", "x", "y", "facing")} for m in moved["minis"]],
        "displaced": moved["displaced"],
    }


def _gap(here: Any, base: geometry.Base, enemies: list[str]) -> float:
    return min((geometry.edge_distance(base, here.bases[e]) for e in enemies), default=0.0)
