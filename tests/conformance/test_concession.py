"""Every system accepts the kernel's concession (``engine.core.concession``): from any
side whose game is not over, prompted or not, at the start and mid-game; the game then
ends with a ``concession`` outcome (the other side wins a two-side game), the record
replays to equal hashes, a second concession and one after the end are refused, and a
malformed one is invalid, changing nothing."""

from __future__ import annotations

import copy
import json

import pytest

from engine.core import (
    IllegalCommand,
    InvalidCommand,
    Ruleset,
    SeededDice,
    State,
    Termination,
    state_hash,
)
from engine.core.concession import CONCEDED
from tests.conformance.systems import PlayedGame, played, rulesets


def _points(game: PlayedGame) -> list[State]:
    """The states to concede from: the start, and the decision halfway through."""
    middle = game.decisions[len(game.decisions) // 2].state
    return [game.initial_state, middle]


def _concede(ruleset: Ruleset, state: State, side: str, seed: str) -> tuple[list, State]:
    before = state_hash(state)
    events = ruleset.decide(state, ruleset.concede_command(side), SeededDice(seed, 1))
    assert state_hash(state) == before, "deciding a concession mutated the state"
    after = state
    for event in json.loads(json.dumps(events)):  # as stored
        after = ruleset.evolve(after, event)
    return events, after


def test_every_side_may_concede_and_the_game_ends_in_a_concession(ruleset_id: str) -> None:
    ruleset = rulesets()[ruleset_id]
    game = played(ruleset_id)[0]
    for state in _points(game):
        sides = ruleset.sides(state)
        for side in sides:
            events, after = _concede(ruleset, state, side, game.seed)
            kinds = [event["type"] for event in events]
            assert CONCEDED in kinds, f"{game.name}: {side}'s concession records {kinds}"
            assert ruleset.describe(events[0], state).strip()
            if len(sides) != 2:
                continue
            outcome = ruleset.outcome(after)
            assert outcome is not None, f"{game.name}: {side} conceded, the game goes on"
            assert outcome.termination is Termination.CONCESSION
            assert outcome.winner == next(s for s in sides if s != side)
            assert ruleset.prompt(after) is None
            assert after.get(CONCEDED) == [side]
            assert ruleset.info.ending_label(outcome.termination.value) != "concession"
            with pytest.raises(IllegalCommand):
                ruleset.decide(after, ruleset.concede_command(side), SeededDice(game.seed, 2))
            # Replayed from the stored events: equal hashes.
            replayed = copy.deepcopy(state)
            for event in json.loads(json.dumps(events)):
                replayed = ruleset.evolve(replayed, event)
            assert state_hash(replayed) == state_hash(after)


def test_a_finished_game_and_a_malformed_concession_are_refused(ruleset_id: str) -> None:
    ruleset = rulesets()[ruleset_id]
    game = played(ruleset_id)[0]
    final = game.final_state
    side = ruleset.sides(final)[0]
    with pytest.raises(IllegalCommand):
        ruleset.decide(final, ruleset.concede_command(side), SeededDice(game.seed, 9))
    start = game.initial_state
    for bad in (
        {**ruleset.concede_command(side), "side": "nobody"},
        {**ruleset.concede_command(side), "winner": side},
    ):
        with pytest.raises(InvalidCommand):
            ruleset.decide(start, bad, SeededDice(game.seed, 1))


def test_games_without_a_concession_have_no_conceded_key(ruleset_id: str) -> None:
    """Golden records keep their hashes: the key comes with the first concession
    (Senjutsu's states always had it)."""
    if ruleset_id == "senjutsu":
        return
    for game in played(ruleset_id):
        assert CONCEDED not in game.final_state, game.name
