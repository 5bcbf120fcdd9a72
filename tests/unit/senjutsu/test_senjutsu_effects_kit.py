"""A small table for the card interpreter's tests: a state in the contract's shape
(section 5), the effects' own evolve, and a driver that resolves one card part the
way the turn machine does (ask -> answer, else advance) with scripted answers."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core import Command, Event, SeededDice, State, canonical_json
from engine.hexgrid import Hex
from engine.senjutsu import effects
from engine.senjutsu.cards import load_catalogue
from engine.senjutsu.effects.cards import card as card_of
from engine.senjutsu.state import handlers as turn_handlers

Where = tuple[tuple[int, int], int]


def character(
    name: str,
    where: Where | None,
    *,
    hand: Sequence[str] = (),
    deck: Sequence[str] = (),
    focus: int = 0,
    kamae: str = "n",
) -> dict[str, Any]:
    cat = load_catalogue().character(name)
    hex_, facing = where if where is not None else (None, 0)
    return {
        "character": name,
        "weapon": cat.weapons[0],
        "tree": cat.kamae_tree,
        "hex": list(hex_) if hex_ is not None else None,
        "facing": facing,
        "kamae": kamae,
        "focus": focus,
        "wounds": 0,
        "bleeding": 0,
        "wound_limit": cat.wound_limit,
        "hand_limit": cat.hand_limit,
        "hobbles": [],
        "hand": sorted(hand),
        "stuns": 0,
        "deck": list(deck),
        "discard": [],
        "played": None,
        "defeated": False,
        "solo": None,
    }


def table(
    characters: dict[str, dict[str, Any]],
    *,
    terrain: Iterable[tuple[str, str, Sequence[tuple[int, int]]]] = (),
    radius: int = 4,
    cards: dict[str, Any] | None = None,
) -> State:
    """A battlefield hexagon of ``radius`` around (0, 0) with the characters (sides
    in the given order, the advantage track in that order too) and terrain pieces
    ``(id, kind, hexes)``."""
    sides = list(characters)
    return {
        "schema": 1,
        "mode": "duel",
        "turn": 1,
        "phase": "resolve",
        "board": {"hexes": [h.to_json() for h in sorted(Hex(0, 0).spiral(radius))]},
        "terrain": [
            {
                "id": tid,
                "kind": kind,
                "hexes": [list(h) for h in hexes],
                "solid": [list(h) for h in hexes],
            }
            for tid, kind, hexes in terrain
        ],
        "sides": sides,
        "advantage": list(sides),
        "characters": characters,
        "traps": [],
        "queue": [],
        "current": None,
        "blocks": [],
        "ask": None,
        "card_data": dict(cards or {}),
        "winner": None,
    }


def evolve(state: State, event: Event) -> State:
    """The effects' handlers, and the turn machine's for its ``defeated`` (an
    execution)."""
    if event["type"] == "defeated":
        return turn_handlers.HANDLERS["defeated"](state, event)
    return effects.HANDLERS[event["type"]](state, event)


def play(state: State, side: str, card: str, speed: int | None = None) -> State:
    """``side`` has played ``card`` (at its fixed speed, or ``speed``)."""
    data = card_of(state, card)
    initiative = data["initiative"]
    chosen = (
        speed
        if speed is not None
        else (initiative if isinstance(initiative, int) else max(initiative))
    )
    played = {"card": card, "speed": chosen, "alternative": False, "replaced": None}
    chars = state["characters"]
    return {**state, "characters": {**chars, side: {**chars[side], "played": played}}}


Answer = Command | Callable[[effects.Ask], Command]


@dataclass
class Run:
    """What resolving a part did: the final state, every event, every Ask met."""

    state: State
    events: list[Event] = field(default_factory=list)
    asks: list[effects.Ask] = field(default_factory=list)

    def of(self, kind: str) -> list[Event]:
        return [e for e in self.events if e["type"] == kind]


def resolve(
    state: State,
    side: str,
    card: str,
    *,
    part: str = "top",
    speed: int | None = None,
    answers: Sequence[Answer] = (),
    seed: str = "effects",
    otherwise: Callable[[effects.Ask], Command] | None = None,
) -> Run:
    """Resolve ``side``'s ``card`` part to its end, answering each Ask in turn
    with the next of ``answers`` (a command, or a function of the Ask)."""
    if speed is None:
        played = state["characters"][side].get("played")
        speed = played["speed"] if played else int(card_of(state, card)["initiative"])
    run = Run(state)
    pending = list(answers)

    def apply(events: list[Event]) -> None:
        for event in events:
            canonical_json(event)
            run.events.append(event)
            run.state = evolve(run.state, event)

    apply(effects.begin(run.state, side, card, part, speed))
    index = 0
    while effects.active(run.state):
        index += 1
        dice = SeededDice(seed, index)
        waiting = effects.ask(run.state)
        if waiting is not None:
            run.asks.append(waiting)
            assert pending or otherwise, f"no answer scripted for {waiting}"
            answer = pending.pop(0) if pending else otherwise
            assert answer is not None
            command = answer(waiting) if callable(answer) else answer
            apply(effects.answer(run.state, waiting.side, command, dice))
        else:
            events = effects.advance(run.state, dice)
            assert events, "advance gave nothing while a part was active and nothing asked"
            apply(events)
        canonical_json(run.state)
    assert not pending, f"answers left over: {pending}"
    return run


def until_ask(state: State, side: str, card: str, *, speed: int | None = None) -> Run:
    """Resolve until the first Ask (or the end), for tests of the refusals."""
    run = Run(state)
    if speed is None:
        played = state["characters"][side].get("played")
        speed = played["speed"] if played else int(card_of(state, card)["initiative"])
    for event in effects.begin(state, side, card, "top", speed):
        run.events.append(event)
        run.state = evolve(run.state, event)
    index = 0
    while effects.active(run.state) and effects.ask(run.state) is None:
        index += 1
        for event in effects.advance(run.state, SeededDice("effects", index)):
            run.events.append(event)
            run.state = evolve(run.state, event)
    return run


def with_block(
    state: State, side: str, hexes: Sequence[tuple[int, int]], speed: int, **more: Any
) -> State:
    """``side`` has a block in ``hexes`` at ``speed`` this turn (as a resolved block
    effect leaves it)."""
    block = {
        "side": side,
        "card": more.pop("card", "s-008"),
        "turn": state["turn"],
        "speed": speed,
        "hexes": [list(h) for h in hexes],
        "counter": more.pop("counter", []),
        "if_successful": more.pop("if_successful", []),
        "targeted": more.pop("targeted", []),
        "held": [],
    }
    return {**state, "blocks": [*state["blocks"], block]}


def test_the_kit_builds_a_canonical_state() -> None:
    state = table({"A": character("ronin", ((0, 0), 0)), "B": character("master", ((2, 0), 3))})
    canonical_json(state)
    assert not effects.active(state)
    assert effects.ask(state) is None
