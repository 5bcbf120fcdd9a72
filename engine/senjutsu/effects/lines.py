"""Resolving a card part a LINE at a time, top to bottom (Turn Structure In Detail >
Resolve: "players completing a line of card effects at a time").

A line applies only in its Kamae (then it is mandatory: Kamae Positions > Ability
Card Effects And Kamae); a line with an optional focus cost is paid or skipped
(Other Ability Card Icons > Optional Focus Cost), unless the Commit To Hit rule
forces paying; an OR line is one choice among its options (the FAQ: an option in
the character's Kamae must be taken). A line's steps and rotations are ONE move
(Move Effects > Sequencing Of Movement); its other effects follow in order.
"""

from __future__ import annotations

from typing import Any

from engine.core import Command, Dice, State
from engine.senjutsu.effects import rules
from engine.senjutsu.effects.cards import card, part_lines
from engine.senjutsu.effects.commit import attack_follows, reachable_target
from engine.senjutsu.effects.expand import effect_tasks, line_tasks
from engine.senjutsu.effects.frames import Json, Step, character, frame, position, task
from engine.senjutsu.effects.kamae_state import kamae_type
from engine.senjutsu.effects.machine import automatic, choice, resolver


@automatic("start")
def _start(state: State, head: Json, dice: Dice) -> Step:
    """Read the card part's lines; after the chosen card (its last part), the
    window for a non-conditional instant additional card (Instant Cards >
    Instant Additional Cards)."""
    current = frame(state)
    data = card(state, current["card"])
    tasks = line_tasks(part_lines(data, current["part"]))
    last_part = current["part"] == "split" or data.get("split") is None
    if current.get("outer") is None and current["part"] in ("top", "split") and last_part:
        tasks.append(task("instant", side=current["side"], condition=None, keep=True))
    return Step(then=tuple(tasks))


def line_applies(state: State, side: str, line: Json) -> bool:
    """A Kamae-coloured line applies only in that Kamae (Kamae Positions)."""
    return line["kamae"] is None or line["kamae"] == kamae_type(state, side)


@automatic("line")
def _line(state: State, head: Json, dice: Dice) -> Step:
    line = head["line"]
    side = resolver(state)
    if not line_applies(state, side, line):
        return Step()
    if line["focus"]:
        if character(state, side)["focus"] < line["focus"]:
            return Step()  # cannot pay: skip the line (Optional Focus Cost)
        return Step(then=(task("pay", line=line),))
    return Step(then=tuple(effect_tasks(line["effects"], kamae_line=line["kamae"] is not None)))


def _pay_forced(state: State, head: Json) -> bool:
    """Commit To Hit: paying is forced when only the paid line lets the attack
    target a character."""
    current = frame(state)
    rest = list(current["todo"])[1:]
    if current["type"] != "attack" or not attack_follows([head, *rest]):
        return False
    side = resolver(state)
    start = position(state, side)
    unpaid = {**head["line"], "focus": 0}
    with_line = reachable_target(state, side, start, [task("line", line=unpaid), *rest])
    return with_line and not reachable_target(state, side, start, rest)


def _pay_options(state: State, head: Json) -> list[Command]:
    if _pay_forced(state, head):
        return [{"kind": "pay", "pay": True}]
    return [{"kind": "pay", "pay": True}, {"kind": "pay", "pay": False}]


@choice(
    "pay",
    kind="pay",
    rule=rules.OPTIONAL_FOCUS,
    text="Pay the focus cost of this line, or skip it?",
    options=_pay_options,
    side=resolver,
)
def _pay(state: State, head: Json, command: Command, dice: Dice) -> Step:
    if not command["pay"]:
        return Step()
    side = resolver(state)
    focus = character(state, side)["focus"] - head["line"]["focus"]
    event = {"type": "focus_changed", "side": side, "focus": focus, "paid": head["line"]["focus"]}
    line = head["line"]
    tasks = effect_tasks(line["effects"], kamae_line=line["kamae"] is not None)
    return Step(events=(event,), then=tuple(tasks))


def _or_allowed(state: State, head: Json) -> list[int]:
    """The options a side may take: one in its Kamae is forced (FAQ); options of
    another Kamae do nothing, so they are left out unless nothing else is left;
    Commit To Hit keeps those that let the attack target a character."""
    side = resolver(state)
    options: list[Any] = head["options"]
    mine = kamae_type(state, side)
    forced = [i for i, o in enumerate(options) if o and o[0]["kamae"] == mine]
    if forced:
        return forced
    free = [i for i, o in enumerate(options) if not o or o[0]["kamae"] is None]
    allowed = free or list(range(len(options)))
    current = frame(state)
    rest = list(current["todo"])[1:]
    if current["type"] == "attack" and attack_follows([head, *rest]):
        start = position(state, side)
        hitting = [
            i
            for i in allowed
            if reachable_target(state, side, start, [*line_tasks(options[i]), *rest])
        ]
        return hitting or allowed
    return allowed


@choice(
    "or",
    kind="or",
    rule=rules.OR_KAMAE,
    text="Choose one option of the OR.",
    options=lambda state, head: [{"kind": "or", "option": i} for i in _or_allowed(state, head)],
    side=resolver,
)
def _or(state: State, head: Json, command: Command, dice: Dice) -> Step:
    option = head["options"][command["option"]]
    return Step(then=tuple(line_tasks(option)))
