"""Senjutsu's bots: both finish duels and never submit a command the rules refuse;
the look-ahead bot never peeks at hidden information (its choice is the same
whatever the hidden cards are); and a slice of the soak (``make soak``) replays
bot duels with equal state hashes at every step."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from engine.core import Bot, Command, RandomBot, SeededDice, State
from engine.senjutsu import Senjutsu
from engine.senjutsu.bots import BOTS, LookaheadBot
from engine.senjutsu.bots.beliefs import always_in_hand, determinised, unknown_cards
from engine.senjutsu.bots.judgement import judge
from tests.support.senjutsu_soak import LOOKAHEAD_EVERY, seats, soak_game

SENJUTSU = Senjutsu()
MAX_COMMANDS = 5_000


def _play(seed: str, kinds: tuple[str, str], setup: int = 0) -> tuple[State, list[Any]]:
    """A duel between the named bots; every command checked against ``legal``
    and decided without refusal. Returns the final state and the decisions
    (state, side, command) of the look-ahead sides."""
    setups = SENJUTSU.sample_setups()
    state = SENJUTSU.start(dict(setups[setup % len(setups)]), SeededDice(seed, 0))
    sides = SENJUTSU.sides(state)
    bots: dict[str, Bot] = {
        side: BOTS[kind].build(f"{seed}/{side}") for side, kind in zip(sides, kinds, strict=True)
    }
    asked: list[Any] = []
    commands = 0
    while (prompt := SENJUTSU.prompt(state)) is not None:
        assert commands < MAX_COMMANDS, f"{seed}: no end after {MAX_COMMANDS} commands"
        side = prompt.sides[0]
        command = bots[side].choose(SENJUTSU, state, side)
        assert command is not None, f"{seed}: {side} has no command ({prompt.kind})"
        assert command in list(SENJUTSU.legal(state, side)), f"{seed}: {command} not legal"
        if isinstance(bots[side], LookaheadBot):
            asked.append((state, side, command))
        commands += 1
        # decide raises IllegalCommand/InvalidCommand on a refused command: the test fails.
        for event in SENJUTSU.decide(state, command, SeededDice(seed, commands)):
            state = SENJUTSU.evolve(state, event)
    return state, asked


def test_the_bots_are_the_random_bot_first_then_the_lookahead_bot() -> None:
    assert list(BOTS) == ["random", "lookahead"]
    assert isinstance(BOTS["random"].build(1), RandomBot)
    assert isinstance(BOTS["lookahead"].build("x"), LookaheadBot)


@pytest.mark.parametrize(
    "kinds", [("random", "random"), ("lookahead", "random"), ("random", "lookahead")]
)
def test_winning_the_game_bot_duels_end_and_every_command_is_accepted(
    kinds: tuple[str, str],
) -> None:
    for game in range(3 if "lookahead" in kinds else 20):
        final, _ = _play(f"bots/{kinds}/{game}", kinds, setup=game)
        outcome = SENJUTSU.outcome(final)
        assert outcome is not None
        assert SENJUTSU.prompt(final) is None


def test_the_lookahead_bot_beats_the_random_bot_more_often_than_not() -> None:
    wins = 0
    games = 6
    for game in range(games):
        kinds = ("lookahead", "random") if game % 2 == 0 else ("random", "lookahead")
        final, _ = _play(f"strength/{game}", kinds, setup=game)
        outcome = SENJUTSU.outcome(final)
        assert outcome is not None
        sides = SENJUTSU.sides(final)
        smart = sides[0] if kinds[0] == "lookahead" else sides[1]
        wins += outcome.winner == smart
    assert wins > games // 2


def _hidden_variant(state: State, side: str, rng: random.Random) -> State:
    """``state`` with everything ``side`` cannot see changed: the other sides'
    hands, decks, face-down discards and face-down played card swapped for other
    cards of their deck lists, and every deck's order shuffled."""
    variant = copy.deepcopy(state)
    view = SENJUTSU.view(state, side)
    for other, character in sorted(variant["characters"].items()):
        rng.shuffle(character["deck"])
        if other == side or character.get("solo"):
            continue
        pool = unknown_cards(view["characters"][other], character)
        core = always_in_hand(character)
        character["hand"] = sorted(
            card if card in core else rng.choice(pool) for card in character["hand"]
        )
        character["deck"] = [rng.choice(pool) for _ in character["deck"]]
        character["discard"] = [
            e if e["up"] else {**e, "card": rng.choice(pool)} for e in character["discard"]
        ]
        played = view["characters"][other].get("played")
        if played is not None and played.get("card") is None and character["played"]:
            character["played"] = {**character["played"], "card": rng.choice(pool)}
    assert SENJUTSU.view(variant, side) == view or variant == state
    return variant


def test_the_lookahead_bot_never_peeks_its_choice_is_the_same_whatever_the_hidden_cards() -> None:
    _, asked = _play("peek", ("lookahead", "random"))
    rng = random.Random("peek")
    checked = 0
    for index, (state, side, _) in enumerate(asked[:40]):
        variant = _hidden_variant(state, side, rng)
        again: Command | None = LookaheadBot(f"peek/{index}").choose(SENJUTSU, state, side)
        other: Command | None = LookaheadBot(f"peek/{index}").choose(SENJUTSU, variant, side)
        assert again == other, f"decision {index}: {again} on the real state, {other} on a variant"
        checked += 1
    assert checked > 5


def test_beliefs_the_guess_keeps_what_the_side_sees_and_hides_the_rest() -> None:
    _, asked = _play("beliefs", ("lookahead", "random"))
    state, side, _ = asked[len(asked) // 2]
    view = SENJUTSU.view(state, side)
    guess, pools = determinised(state, view, side, random.Random(1))
    assert guess["characters"][side]["hand"] == state["characters"][side]["hand"]
    assert sorted(guess["characters"][side]["deck"]) == sorted(state["characters"][side]["deck"])
    for other in pools:
        real, guessed = state["characters"][other], guess["characters"][other]
        assert len(guessed["hand"]) == len(real["hand"])
        assert len(guessed["deck"]) == len(real["deck"])
        assert set(guessed["deck"]) <= set(pools[other])
        assert SENJUTSU.view(guess, side)["characters"][other] == view["characters"][other]


def test_winning_the_game_the_judgement_prefers_wounding_the_rival_to_being_wounded() -> None:
    setups = SENJUTSU.sample_setups()
    state = SENJUTSU.start(dict(setups[0]), SeededDice("judge", 0))
    a, b = SENJUTSU.sides(state)
    hurt_b = copy.deepcopy(state)
    hurt_b["characters"][b]["wounds"] = 2
    hurt_a = copy.deepcopy(state)
    hurt_a["characters"][a]["wounds"] = 2
    assert judge(hurt_b, a) > judge(state, a) > judge(hurt_a, a)
    beaten = copy.deepcopy(state)
    beaten["characters"][b]["defeated"] = True
    assert judge(beaten, a) > judge(hurt_b, a)


# -- a slice of the soak ---------------------------------------------------------------

SLICE = [0, 1, 2, LOOKAHEAD_EVERY - 1]


def test_the_slice_seats_the_lookahead_bot_once() -> None:
    assert [seats(game) for game in SLICE].count(("lookahead", "random")) == 1


@pytest.mark.parametrize("game", SLICE)
def test_soak_duels_replay_with_equal_state_hashes_at_every_step(game: int) -> None:
    result = soak_game(game)
    assert result.steps > 10
    assert result.mismatch is None, result.description
