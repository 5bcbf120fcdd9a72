"""The Senjutsu ruleset as the platform sees it: full games by the kernel's random bot
(two and three players) replayed from their events to equal hashes, ``info``, the
sentences of every event kind, sealed choices, legal commands."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.core import (
    Event,
    RandomBot,
    SeededDice,
    State,
    Termination,
    canonical_json,
    state_hash,
)
from engine.senjutsu import Senjutsu
from engine.senjutsu.cards.catalogue import load_catalogue
from engine.senjutsu.state.handlers import HANDLERS
from tests.unit.senjutsu.test_senjutsu_turn_helpers import RULESET, setup

MAX_COMMANDS = 5_000


def bot_game(characters: tuple[str, ...], seed: str) -> tuple[State, list[Event], list[str], State]:
    """A game played to its end by random bots: the start, every event, the hash after
    each event, the final state."""
    initial = RULESET.start(setup(*characters), SeededDice(seed, 0))
    bots = {side: RandomBot(f"{seed}/{side}") for side in RULESET.sides(initial)}
    state = initial
    events: list[Event] = []
    hashes: list[str] = []
    for index in range(1, MAX_COMMANDS + 1):
        prompt = RULESET.prompt(state)
        if prompt is None:
            break
        side = prompt.sides[0]
        command = bots[side].choose(RULESET, state, side)
        assert command is not None, f"{side} has no legal command at {prompt.kind}"
        assert command in list(RULESET.legal(state, side))
        decided = RULESET.decide(state, command, SeededDice(seed, index))
        assert decided, "every command gives at least one event"
        for event in decided:
            state = RULESET.evolve(state, event)
            events.append(event)
            hashes.append(state_hash(state))
    else:
        pytest.fail(f"no end after {MAX_COMMANDS} commands")
    return initial, events, hashes, state


@pytest.mark.parametrize(
    ("characters", "seed"),
    [
        (("ronin", "student"), "two/1"),
        (("master", "warrior"), "two/2"),
        (("ronin", "noblewoman", "master"), "three/1"),
    ],
)
def test_a_random_bot_game_ends_and_replays_from_its_events_to_equal_hashes(
    characters: tuple[str, ...], seed: str
) -> None:
    initial, events, hashes, final = bot_game(characters, seed)
    outcome = RULESET.outcome(final)
    assert outcome is not None
    assert outcome.termination == Termination.ANNIHILATION
    alive = [s for s in RULESET.sides(final) if not final["characters"][s]["defeated"]]
    assert alive == ([outcome.winner] if outcome.winner else [])
    # Replayed from the stored (JSON) events, by a fresh ruleset.
    replay = Senjutsu()
    state = replay.start(setup(*characters), SeededDice(seed, 0))
    assert state_hash(state) == state_hash(initial)
    for step, event in enumerate(json.loads(json.dumps(events))):
        state = replay.evolve(state, event)
        assert state_hash(state) == hashes[step], f"step {step} ({event['type']})"
    canonical_json(final)


def test_winning_the_game_the_player_controlling_the_last_undefeated_character_wins() -> None:
    _, events, _, final = bot_game(("ronin", "noblewoman", "master"), "three/1")
    defeated = [e["side"] for e in events if e["type"] == "defeated"]
    assert len(defeated) == 2
    assert final["winner"] not in defeated
    assert events[-1] == {"type": "game_over", "winner": final["winner"], "ending": "annihilation"}


EXAMPLES: list[Event] = [
    {"type": "placed", "side": "A", "hex": [0, 4], "facing": 2},
    {"type": "drew", "side": "A", "sealed_for": "A", "sealed": {"card": "s-001"}},
    {"type": "drew_wound", "side": "A", "wounds": 1},
    {"type": "bled", "side": "A", "sealed_for": "A", "sealed": {"card": "s-001"}},
    {"type": "turn_started", "turn": 2},
    {"type": "chose", "side": "A", "sealed_for": "A", "sealed": {"card": "stun"}},
    {"type": "revealed", "cards": {"A": "s-001", "B": "stun"}},
    {"type": "focus_paid", "side": "A", "card": "s-039", "cost": 2, "focus": 1},
    {"type": "alternative_declared", "side": "A", "use": True, "speed": 8, "focus": 0},
    {"type": "alternative_declared", "side": "A", "use": False, "speed": None, "focus": 1},
    {"type": "reveal_step", "step": "replace"},
    {"type": "reveal_step", "step": "speed"},
    {"type": "replaced", "side": "A", "card": "s-029", "replaced": "s-001", "focus": 0},
    {"type": "replacement_declined", "side": "A"},
    {"type": "speed_set", "side": "A", "speed": 4},
    {"type": "stun_returned", "side": "B"},
    {
        "type": "queued",
        "queue": [{"side": "A", "card": "s-001", "part": "top", "speed": 4, "type": "attack"}],
        "ties": [],
    },
    {"type": "ordered", "side": "A", "first": "B", "queue": [], "ties": []},
    {"type": "ordered", "side": "A", "slot": 2, "queue": [], "ties": []},
    {"type": "part_due", "side": "A", "card": "s-024", "part": "split", "speed": 3},
    {
        "type": "part_due",
        "side": "A",
        "card": "s-024",
        "part": "top",
        "speed": 9,
        "cancelled": True,
    },
    {
        "type": "cards_discarded",
        "cards": {"A": {"card": "core-ronin", "to": "hand"}, "B": {"card": "stun", "to": "supply"}},
    },
    {"type": "hobbles_turned", "side": "A", "hobbles": [2]},
    {"type": "trimmed", "side": "A", "sealed_for": "A", "sealed": {"card": "s-001"}},
    {"type": "turn_ended", "turn": 2},
    {"type": "defeated", "side": "A"},
    {"type": "conceded", "side": "A"},
    {"type": "standing_answers_set", "side": "A", "answers": {"counter": "never"}},
    {"type": "game_over", "winner": "B", "ending": "annihilation"},
    {"type": "game_over", "winner": None, "ending": "annihilation"},
]


def test_every_event_kind_of_the_turn_has_a_sentence() -> None:
    assert {e["type"] for e in EXAMPLES} == set(HANDLERS) | {"part_due"}
    for event in EXAMPLES:
        for shown in (event, RULESET.view_event(event, "B", game_over=False)):
            text = RULESET.describe(shown)
            kind = str(event["type"])
            assert " " in text, (kind, text)
            assert "_" not in kind or kind not in text, (kind, text)


def test_describe_a_sealed_event_hidden_from_its_viewer() -> None:
    event = {"type": "chose", "side": "A", "sealed_for": "A", "sealed": {"card": "s-001"}}
    shown = RULESET.view_event(event, "B", game_over=False)
    assert shown["sealed"] is None
    assert RULESET.describe(shown) == "Side A played a card face down."
    assert "s-001" not in RULESET.describe(shown)


def test_info_lists_the_characters_the_sides_and_the_endings() -> None:
    info = RULESET.info
    assert info.id == "senjutsu"
    assert info.board == "hex"
    assert info.dice == ()
    assert info.players == (2, 6)
    # The players' sides, then the solo opponents' (Solo Rules: O1, O2... left to right).
    assert list(info.sides) == ["A", "B", "C", "D", "E", "F", "O1", "O2", "O3", "O4", "O5"]
    assert [f.id for f in info.factions] == sorted(load_catalogue().characters)
    assert [e.name for e in info.endings] == ["annihilation", "concession"]


def test_sample_setups_start_duels_first_then_three_and_six_players() -> None:
    seated: list[tuple[str, ...]] = []
    solo: list[tuple[str, ...]] = []
    for number, sample in enumerate(RULESET.sample_setups()):
        state = RULESET.start(sample, SeededDice(f"sample/{number}", 0))
        (solo if sample["mode"] == "solo" else seated).append(RULESET.sides(state))
    assert seated[0] == ("A", "B")
    assert {len(sides) for sides in seated} == {2, 3, 6}
    assert all(sides == tuple(RULESET.info.sides)[: len(sides)] for sides in seated)
    # Then solo duels: you (A) against one opponent (O1) or two (O1, O2).
    assert set(solo) == {("A", "O1"), ("A", "O1", "O2")}


def test_view_hides_other_hands_decks_face_down_discards_and_unrevealed_cards() -> None:
    state = RULESET.start(setup("ronin", "student"), SeededDice("v", 0))
    bots = {side: RandomBot(side) for side in RULESET.sides(state)}
    index = 0
    while state["turn"] < 2 or state["phase"] != "choose":
        index += 1
        prompt = RULESET.prompt(state)
        assert prompt is not None
        command = bots[prompt.sides[0]].choose(RULESET, state, prompt.sides[0])
        assert command is not None
        for event in RULESET.decide(state, command, SeededDice("v", index)):
            state = RULESET.evolve(state, event)
    a_card = state["characters"]["A"]["hand"][0]
    chars = {
        **state["characters"],
        "A": {**state["characters"]["A"], "discard": [{"card": a_card, "up": False}]},
    }
    state = {**state, "characters": chars}
    state = RULESET.evolve(
        state, {"type": "chose", "side": "A", "sealed_for": "A", "sealed": {"card": a_card}}
    )
    mine: dict[str, Any] = RULESET.view(state, "A")["characters"]["A"]
    theirs: dict[str, Any] = RULESET.view(state, "B")["characters"]["A"]
    assert mine["hand"] == state["characters"]["A"]["hand"]
    assert theirs["hand"] is None
    assert mine["discard"] == [{"card": a_card, "up": False}]
    assert theirs["discard"] == [{"card": None, "up": False}]
    assert mine["played"]["card"] == a_card
    assert theirs["played"]["card"] is None
    assert theirs["played"]["revealed"] is False
    assert "deck" not in mine
    assert mine["deck_count"] == len(state["characters"]["A"]["deck"])
    assert theirs["hand_count"] == mine["hand_count"]
    assert RULESET.view(state, None)["characters"]["A"]["hand"] is None


def test_reset_deck_the_discard_step_says_the_card_goes_back_into_the_deck() -> None:
    """Reset Deck: the revealed card is shuffled back into the opponent's deck instead of
    its discard pile, and the log says so."""
    event = {"type": "cards_discarded", "cards": {"O1": {"card": "so-boss1-7", "to": "deck"}}}
    sentence = RULESET.describe(event)
    assert "shuffled back into the deck" in sentence
    assert "so-boss1-7" not in sentence  # named by its name, not its id
