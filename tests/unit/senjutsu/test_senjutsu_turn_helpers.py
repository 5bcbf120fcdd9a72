"""Helpers of the turn machine's tests (no tests here): set-ups, games placed and
ready to choose, commands decided and folded, and the catalogue's cards looked up by
what they do (the packaged cards are sample data that may change)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.core import Command, Event, SeededDice, State
from engine.senjutsu import Senjutsu, load_catalogue
from engine.senjutsu.cards.model import Card

RULESET = Senjutsu()
CATALOGUE = load_catalogue()


def player(side: str, character: str, **extra: Any) -> dict[str, Any]:
    found = CATALOGUE.character(character)
    return {
        "side": side,
        "character": character,
        "weapon": found.weapons[0],
        "deck": None,
        "prepared": [],
        **extra,
    }


def setup(*characters: str, terrain: Sequence[dict[str, Any]] = (), **extra: Any) -> dict[str, Any]:
    sides = "ABCDEF"
    return {
        "mode": "duel",
        "battlefield": "snowy-battlefield",
        "terrain": list(terrain),
        "players": [player(sides[i], c) for i, c in enumerate(characters)],
        **extra,
    }


def play(
    state: State, command: Command, index: int = 1, seed: str = "test"
) -> tuple[State, list[Event]]:
    """``command`` decided and its events folded into ``state``."""
    events = RULESET.decide(state, command, SeededDice(seed, index))
    for event in events:
        state = RULESET.evolve(state, event)
    return state, events


def started(*characters: str, seed: str = "test") -> State:
    return RULESET.start(setup(*characters), SeededDice(seed, 0))


def placed(*characters: str, seed: str = "test") -> State:
    """A game whose characters are all placed (first legal hex, facing east): the first
    turn's Choose step waits."""
    state = started(*characters, seed=seed)
    index = 1
    while state["phase"] == "place":
        prompt = RULESET.prompt(state)
        assert prompt is not None
        state, _ = play(state, RULESET.legal(state, prompt.sides[0]).__next__(), index, seed)
        index += 1
    return state


def with_hand(state: State, side: str, hand: Sequence[str], **changes: Any) -> State:
    """``state`` with ``side``'s hand (core and weapon kept) and other fields set."""
    mine = state["characters"][side]
    core = [c for c in mine["hand"] if CATALOGUE.card(c).core]
    characters = {**state["characters"], side: {**mine, "hand": sorted([*core, *hand]), **changes}}
    return {**state, "characters": characters}


def card_where(test: Callable[[Card], bool]) -> Card:
    """The first deck-able ability card of the catalogue passing ``test``."""
    for card in CATALOGUE.cards.values():
        if not card.core and not card.solo and card.rank is not None and test(card):
            return card
    raise LookupError("no sample card fits this test")


def simple(kind: str) -> Card:
    """A plain ability card of type ``kind``: fixed speed, no cost, no Kamae, no instant."""
    return card_where(
        lambda c: (
            c.type == kind
            and not c.variable
            and c.focus_cost == 0
            and c.kamae is None
            and c.instant is None
            and c.alternative is None
            and c.split is None
        )
    )


# Plain cards of the sample catalogue, for the turn's tests.
ATTACK = simple("attack")
DEFENCE = simple("defence")
MEDITATION = simple("meditation")


def choose_all(
    state: State, cards: dict[str, str | None], index: int = 100
) -> tuple[State, list[Event]]:
    """Every side plays its card (``None``: a stun); the events of the last choice."""
    events: list[Event] = []
    for side, card in cards.items():
        command: Command = (
            {"kind": "choose", "side": side, "stun": True}
            if card is None
            else {"kind": "choose", "side": side, "card": card}
        )
        state, events = play(state, command, index)
        index += 1
    return state, events


def kinds(events: Sequence[Event]) -> list[str]:
    return [str(event["type"]) for event in events]
