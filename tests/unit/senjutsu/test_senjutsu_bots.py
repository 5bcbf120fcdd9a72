"""Senjutsu's bots: both finish duels and never submit a command the rules refuse;
the look-ahead bot never peeks at hidden information (its choice is the same
whatever the hidden cards are); and a slice of the soak (``make soak``) replays
bot duels with equal state hashes at every step."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest

from engine.core import Bot, Command, RandomBot, SeededDice, State, state_hash
from engine.senjutsu import Senjutsu
from engine.senjutsu.bots import BOTS, LookaheadBot
from engine.senjutsu.bots.beliefs import always_in_hand, determinised, unknown_cards
from engine.senjutsu.bots.judgement import judge
from tests.support.senjutsu_soak import LOOKAHEAD_EVERY, WHOLE_EVERY, seats, soak_game, whole
from tests.support.senjutsu_soak import duel as two_seats

SENJUTSU = Senjutsu()
MAX_COMMANDS = 5_000


@dataclass(frozen=True)
class Duel:
    seed: str
    kinds: tuple[str, ...]
    setup: dict[str, Any]
    final: State
    commands: tuple[Command, ...]
    hashes: tuple[str, ...]  # after every event, as played
    asked: tuple[tuple[State, str, Command], ...]  # the look-ahead bot's decisions


def _play(seed: str, kinds: tuple[str, ...], setup: int = 0, *, seats: int = 2) -> Duel:
    """A game between the named bots (the first ``seats`` seats of a sample set-up;
    any side beyond ``kinds`` plays the random bot); every command checked against
    ``legal`` and decided without refusal (``decide`` raises on a refused command:
    the test fails)."""
    setups = [s for s in SENJUTSU.sample_setups() if s["mode"] == "duel"]  # not the solo duels
    sample = setups[setup % len(setups)]
    chosen = two_seats(sample) if seats == 2 else {**sample, "players": sample["players"][:seats]}
    state = SENJUTSU.start(dict(chosen), SeededDice(seed, 0))
    sides = SENJUTSU.sides(state)
    named = (*kinds, *["random"] * len(sides))
    bots: dict[str, Bot] = {
        side: BOTS[kind].build(f"{seed}/{side}") for side, kind in zip(sides, named, strict=False)
    }
    asked: list[tuple[State, str, Command]] = []
    commands: list[Command] = []
    hashes = [state_hash(state)]
    while (prompt := SENJUTSU.prompt(state)) is not None:
        assert len(commands) < MAX_COMMANDS, f"{seed}: no end after {MAX_COMMANDS} commands"
        side = prompt.sides[0]
        command = bots[side].choose(SENJUTSU, state, side)
        assert command is not None, f"{seed}: {side} has no command ({prompt.kind})"
        assert command in list(SENJUTSU.legal(state, side)), f"{seed}: {command} not legal"
        if isinstance(bots[side], LookaheadBot):
            asked.append((state, side, command))
        commands.append(command)
        for event in SENJUTSU.decide(state, command, SeededDice(seed, len(commands))):
            state = SENJUTSU.evolve(state, event)
            hashes.append(state_hash(state))
    return Duel(seed, kinds, chosen, state, tuple(commands), tuple(hashes), tuple(asked))


@cache
def _random_duels() -> tuple[Duel, ...]:
    return tuple(_play(f"random/{k}", ("random", "random"), setup=k) for k in range(10))


@cache
def _multiplayer() -> tuple[Duel, ...]:
    """Multiplayer Rules: a three-seat game with the look-ahead bot in seat A."""
    return (_play("multiplayer", ("lookahead",), setup=2, seats=3),)


@cache
def _lookahead_duels() -> tuple[Duel, ...]:
    """The look-ahead bot in each seat against the random bot, four times (enough
    duels that one lucky random win does not decide the strength test)."""
    seats = [("lookahead", "random"), ("random", "lookahead")] * 4
    return tuple(_play(f"lookahead/{k}", kinds, setup=k) for k, kinds in enumerate(seats))


def test_the_bots_are_the_random_bot_first_then_the_lookahead_bot() -> None:
    assert list(BOTS) == ["random", "lookahead"]
    assert isinstance(BOTS["random"].build(1), RandomBot)
    assert isinstance(BOTS["lookahead"].build("x"), LookaheadBot)


@pytest.mark.parametrize("duels", [_random_duels, _lookahead_duels, _multiplayer])
def test_winning_the_game_bot_duels_end_and_every_command_is_accepted(
    duels: Callable[[], tuple[Duel, ...]],
) -> None:
    for duel in duels():
        outcome = SENJUTSU.outcome(duel.final)
        assert outcome is not None, duel.seed
        assert outcome.winner in SENJUTSU.sides(duel.final)
        assert SENJUTSU.prompt(duel.final) is None


def test_the_lookahead_bot_beats_the_random_bot_more_often_than_not() -> None:
    wins = 0
    for duel in _lookahead_duels():
        outcome = SENJUTSU.outcome(duel.final)
        assert outcome is not None
        sides = SENJUTSU.sides(duel.final)
        smart = sides[duel.kinds.index("lookahead")]
        wins += outcome.winner == smart
    assert wins > len(_lookahead_duels()) // 2


def test_lookahead_duels_replay_with_equal_state_hashes_at_every_step() -> None:
    for duel in _lookahead_duels():
        state = SENJUTSU.start(dict(duel.setup), SeededDice(duel.seed, 0))
        replayed = [state_hash(state)]
        for index, command in enumerate(duel.commands, start=1):
            for event in SENJUTSU.decide(state, command, SeededDice(duel.seed, index)):
                state = SENJUTSU.evolve(state, event)
                replayed.append(state_hash(state))
        assert tuple(replayed) == duel.hashes, duel.seed


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
    asked = [item for duel in _lookahead_duels()[:2] for item in duel.asked[:12]]
    rng = random.Random("peek")
    checked = 0
    for index, (state, side, _) in enumerate(asked):
        variant = _hidden_variant(state, side, rng)
        again: Command | None = LookaheadBot(f"peek/{index}").choose(SENJUTSU, state, side)
        other: Command | None = LookaheadBot(f"peek/{index}").choose(SENJUTSU, variant, side)
        assert again == other, f"decision {index}: {again} on the real state, {other} on a variant"
        checked += 1
    assert checked > 5


def test_beliefs_the_guess_keeps_what_the_side_sees_and_hides_the_rest() -> None:
    asked = _lookahead_duels()[1].asked
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
    setups = [s for s in SENJUTSU.sample_setups() if s["mode"] == "duel"]  # not the solo duels
    state = SENJUTSU.start(two_seats(setups[0]), SeededDice("judge", 0))
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

# Random games only (a duel, another pairing, a whole six-seat set-up): the
# look-ahead duels above are replayed the same way.
SLICE = [0, 1, WHOLE_EVERY - 1]


def test_the_soak_seats_the_lookahead_bot_and_plays_whole_set_ups_now_and_then() -> None:
    games = range(10 * LOOKAHEAD_EVERY)
    assert [seats(game) for game in games].count(("lookahead", "random")) == 10
    assert whole(SLICE[-1])
    assert not whole(SLICE[0])


@pytest.mark.parametrize("game", SLICE)
def test_soak_duels_replay_with_equal_state_hashes_at_every_step(game: int) -> None:
    result = soak_game(game)
    assert result.steps > 100
    assert result.mismatch is None, result.description
