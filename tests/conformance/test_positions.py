"""What every game system does with a position given from outside (an analysis board's
start, ``Ruleset.position``), checked on the bot games of each installed ruleset: every
decision state is accepted as it is and nothing in it changes; a board started there
plays the game's own next command to the same events and state; its record exports and
imports to the same board; a finished state and a state no system can read are refused
in words."""

from __future__ import annotations

import copy
import json

import pytest

from engine.core import InvalidCommand, Ruleset, SeededDice, canonical_json, state_hash
from engine.core.position import ANALYSIS_OF_KEY, POSITION_KEY
from replays.bot_games import answer_with_bots
from replays.records import GameRecords
from replays.store import MEMORY, event_store_env
from tests.conformance.systems import played, rulesets


def _ruleset(ruleset_id: str) -> Ruleset:
    return rulesets()[ruleset_id]


def test_every_decision_state_is_a_position_and_is_not_changed(ruleset_id: str) -> None:
    ruleset = _ruleset(ruleset_id)
    for game in played(ruleset_id):
        for decision in game.decisions[:: max(1, len(game.decisions) // 25)]:
            before = canonical_json(decision.state)
            accepted = ruleset.position(copy.deepcopy(decision.state))
            assert canonical_json(accepted) == before, f"{game.name}, step {decision.step}"


def test_a_board_plays_on_as_the_game_did_and_its_record_round_trips(ruleset_id: str) -> None:
    ruleset = _ruleset(ruleset_id)
    game = played(ruleset_id)[0]
    # A board starts where nothing is sealed: an open decision, or (a system whose every
    # choice is sealed, as Samurai Battles' written orders) a sealed round not yet begun.
    open_decisions = [d for d in game.decisions if not d.prompt.sealed] or [
        d for d in game.decisions if set(d.prompt.sides) == set(ruleset.sides(d.state))
    ]
    decision = open_decisions[len(open_decisions) // 2]
    records = GameRecords(event_store_env(MEMORY), rulesets=[ruleset])
    setup = {
        POSITION_KEY: decision.state,
        ANALYSIS_OF_KEY: {"game": "a bot game", "step": decision.step, "title": game.name},
    }
    board = records.start_game(ruleset.id, setup, seed="board")
    # The game's own next command, on the board's dice: the events the engine decides.
    events = ruleset.decide(decision.state, decision.command, SeededDice("board", 1))
    records.submit_command(board, decision.command)
    expected = decision.state
    for event in events:
        expected = ruleset.evolve(expected, event)
    assert records.state_at(board, len(events)).hash == state_hash(ruleset.view(expected, None)), (
        game.name
    )
    # Played to its end by the bots, the board's record imports to the same board.
    bot = ruleset.bot("board")
    answer_with_bots(records, board, dict.fromkeys(ruleset.sides(expected), bot), max_commands=5000)
    assert records.head(board)[1], f"{game.name}: the board did not end"
    record = records.export_record(board)
    assert record["setup"][ANALYSIS_OF_KEY]["step"] == decision.step
    elsewhere = GameRecords(event_store_env(MEMORY), rulesets=[ruleset])
    imported = elsewhere.import_record(json.loads(json.dumps(record)))
    assert elsewhere.export_record(imported) == record, game.name
    records.close()
    elsewhere.close()


def test_a_finished_or_unreadable_state_is_refused_in_words(ruleset_id: str) -> None:
    ruleset = _ruleset(ruleset_id)
    game = played(ruleset_id)[0]
    with pytest.raises(InvalidCommand, match="game is over"):
        ruleset.position(game.states[-1])
    with pytest.raises(InvalidCommand, match="position: "):
        ruleset.position({"nothing": "here"})
    with pytest.raises(InvalidCommand, match="not plain JSON"):
        ruleset.position({**game.initial_state, "float": 0.5})
