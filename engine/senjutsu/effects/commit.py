"""THE COMMIT TO HIT RULE (Attacks): "if you can resolve the card such that the
attack effect will target a character, you must resolve it in that way", including
the moves before the attack and the optional focus costs.

:func:`reachable_target` looks ahead over the tasks still to do before the card's
next grid attack: every position the moves can reach (a move that collides ends
the card, so it never reaches the attack), both ways of a focus line, every
option of an OR.
"""

from __future__ import annotations

from typing import Any

from engine.core import State
from engine.hexgrid import Facing, Hex
from engine.senjutsu.effects import geometry, ranged
from engine.senjutsu.effects.expand import effect_tasks, line_tasks
from engine.senjutsu.effects.frames import character
from engine.senjutsu.effects.kamae_state import kamae_type
from engine.senjutsu.effects.targeting import targeted_sides

Json = dict[str, Any]
Position = tuple[Hex, Facing]


def _has_attack(effects: list[Json]) -> bool:
    for effect in effects:
        if effect["do"] in ("attack", "ranged_attack"):
            return True
        if effect["do"] == "or" and any(
            _has_attack([e for line in option for e in line["effects"]])
            for option in effect["options"]
        ):
            return True
    return False


def attack_follows(tasks: list[Json]) -> bool:
    """Whether a grid attack is among ``tasks`` (lines, ORs or attack tasks)."""
    for item in tasks:
        if item["t"] == "attack":
            return True
        if item["t"] == "ranged" and item["effect"]["do"] == "ranged_attack":
            return True
        if item["t"] == "line" and _has_attack(item["line"]["effects"]):
            return True
        if item["t"] == "or" and any(
            _has_attack([e for line in option for e in line["effects"]])
            for option in item["options"]
        ):
            return True
    return False


def reachable_target(state: State, side: str, start: Position, tasks: list[Json]) -> bool:
    """Whether some way of resolving ``tasks`` from ``start`` lets the next grid
    attack among them target a character."""
    return _search(state, side, frozenset({start}), tasks)


def _search(state: State, side: str, positions: frozenset[Position], tasks: list[Json]) -> bool:
    for index, item in enumerate(tasks):
        rest = tasks[index + 1 :]
        kind = item["t"]
        if kind == "attack":
            grid = item["effect"]["grid"]
            return any(targeted_sides(state, side, p, grid) for p in sorted(positions))
        if kind == "ranged" and item["effect"]["do"] == "ranged_attack":
            effect = item["effect"]
            return any(ranged.candidates(state, effect, p) for p in sorted(positions))
        if kind == "line":
            line = item["line"]
            if line["kamae"] is not None and line["kamae"] != kamae_type(state, side):
                continue
            expanded = effect_tasks(line["effects"])
            if line["focus"] and character(state, side)["focus"] >= line["focus"]:
                return _search(state, side, positions, [*expanded, *rest]) or _search(
                    state, side, positions, rest
                )
            if line["focus"]:
                continue
            return _search(state, side, positions, [*expanded, *rest])
        if kind == "or":
            return any(
                _search(state, side, positions, [*line_tasks(option), *rest])
                for option in item["options"]
            )
        if kind == "move":
            reached: set[Position] = set()
            for start in sorted(positions):
                for outcome in geometry.move_outcomes(
                    state, side, item["moves"], mandatory=item["mandatory"], start=start
                ):
                    if outcome["collision"] is None:
                        reached.add((Hex.from_json(outcome["hex"]), Facing(outcome["facing"])))
                if not item["mandatory"]:
                    reached.add(start)
            positions = frozenset(reached)
            if not positions:
                return False
    return False
