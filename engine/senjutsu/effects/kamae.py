"""Focus and Kamae (Kamae Positions).

- Focus gained: at most 3 tokens, the excess lost at once (Changing Kamae
  Positions: "Characters can only ever have a maximum of 3 focus tokens").
- Change Kamae up to X: along the branches, in the arrows' direction, a focus per
  pink branch travelled (Changing Kamae Positions); one choice among the grid's
  Kamae paths, staying put included ("up to").
- Switch: straight to a position of that Kamae, no branches, no focus; "any"
  excludes the starting position (Switching Kamae Positions).
"""

from __future__ import annotations

from engine.core import Command, Dice, Event, State
from engine.senjutsu import grid
from engine.senjutsu.effects import geometry, rules
from engine.senjutsu.effects.frames import Json, Step, character
from engine.senjutsu.effects.kamae_state import tree, tree_json
from engine.senjutsu.effects.machine import automatic, choice, resolver


def gain_focus(state: State, side: str, n: int) -> list[Event]:
    """The event of ``side`` gaining ``n`` focus, capped at 3 (none if nothing changes)."""
    before = int(character(state, side)["focus"])
    after = grid.gain_focus(before, n)
    if after == before:
        return []
    return [{"type": "focus_changed", "side": side, "focus": after, "gained": n}]


@automatic("focus")
def _focus(state: State, head: Json, dice: Dice) -> Step:
    return Step(events=tuple(gain_focus(state, resolver(state), int(head["effect"]["n"]))))


def _paths(state: State, head: Json) -> list[Json]:
    side = resolver(state)
    at = state["characters"][side]["kamae"]
    return geometry.kamae_paths(tree(state, side), at, int(head["effect"]["n"]))


@choice(
    "kamae",
    kind="kamae",
    rule=rules.CHANGING_KAMAE,
    text="Change Kamae: choose the path of your Kamae ring.",
    options=lambda state, head: [{"kind": "kamae", "path": p["path"]} for p in _paths(state, head)],
    side=resolver,
)
def _kamae(state: State, head: Json, command: Command, dice: Dice) -> Step:
    side = resolver(state)
    chosen = next(p for p in _paths(state, head) if p["path"] == command["path"])
    if not chosen["path"]:
        return Step()
    events: list[Event] = [
        {"type": "kamae_changed", "side": side, "kamae": chosen["path"][-1], "path": chosen["path"]}
    ]
    events.extend(gain_focus(state, side, int(chosen["focus"])))
    return Step(events=tuple(events))


def _switch_targets(state: State, head: Json) -> list[str]:
    side = resolver(state)
    data = tree_json(state, side)
    positions = [(spot["id"], spot["kamae"]) for spot in data["positions"]]
    return list(grid.kamae_switch_targets(positions, data["start"], head["effect"]["to"]))


@choice(
    "switch",
    kind="kamae",
    rule=rules.SWITCHING_KAMAE,
    text="Switch Kamae: choose the position to switch to.",
    options=lambda state, head: [
        {"kind": "kamae", "path": [p]} for p in _switch_targets(state, head)
    ],
    side=resolver,
)
def _switch(state: State, head: Json, command: Command, dice: Dice) -> Step:
    side = resolver(state)
    target = command["path"][0]
    if target == state["characters"][side]["kamae"]:
        return Step()
    event = {
        "type": "kamae_changed",
        "side": side,
        "kamae": target,
        "path": [target],
        "switch": True,
    }
    return Step(events=(event,))
