"""The analysis read models (a row per side, per side and kind of die, and per unit
of every finished game)
and the dashboards' rollups of them, projected from the stored events on SQLite
and PostgreSQL, kept fresh where they are written, and rebuilt identically."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from flask import Flask
from sqlalchemy import Table, select

from dashboards.data import all_data
from dashboards.meta_filters import Filters
from engine.core import Event, Outcome, RulesetInfo, State
from replays import registry
from replays.bot_games import answer_with_bots, play_bot_game
from replays.schema import game_dice, game_sides, game_units, games
from tests.support.dice_race import DiceRace
from tests.support.meta_base_queries import base_data, rollup_rows, rollups_equal_a_rebuild

GOLDEN = Path(__file__).parents[1] / "golden"
ORG = "organiser-account"


def _record(name: str) -> dict[str, Any]:
    record: dict[str, Any] = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))
    return record


def _rows(app: Flask, table: Table) -> list[dict[str, Any]]:
    keys = list(table.primary_key.columns)
    with app.extensions["shiai"].db_engine.connect() as conn:
        return [dict(row._mapping) for row in conn.execute(select(table).order_by(*keys))]


def _linked_to_round_one(app: Flask, game_id: UUID) -> UUID:
    """A two-player Kensei tournament whose round 1 table 1 is played as ``game_id``."""
    services = app.extensions["shiai"]
    tournaments = services.tournaments
    tid: UUID = tournaments.create(
        ORG, name="Analysis cup", game_system="kensei", rounds=1, seed="a"
    )
    for name in ("Aki", "Ben"):
        tournaments.check_in(tid, ORG, tournaments.register(tid, ORG, name=name))
    tournaments.pair_next_round(tid, ORG)
    tournaments.publish(tid, ORG, 1)
    services.game_results.link(tid, ORG, number=1, table=1, game_id=game_id, side_a="A")
    return tid


class Unanalysed(DiceRace):
    """The dice race without its analysis: a system that gives no facts."""

    id = "unanalysed"

    @property
    def info(self) -> RulesetInfo:
        return replace(super().info, id=self.id)

    def analyse(self, initial_state: State, events: Sequence[Event], outcome: Outcome) -> None:
        return None


@pytest.fixture
def analysed(app: Flask, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """Two finished golden Kensei games (one linked to a pairing after it ended), a
    running Kensei game, a finished dice race and a finished game of a system
    without an analysis."""
    records = app.extensions["shiai"].records
    small = records.import_record(_record("kensei-kuge-sohei-250-entered-dice"))
    large = records.import_record(_record("kensei-buke-kuge-400"))
    records.start_game("kensei", {"armies": {"A": "buke-400", "B": "kuge-400"}})
    race = play_bot_game(records, "dice-race", {"target": 25}, bot_seed=1)
    monkeypatch.setitem(registry._installed, Unanalysed.id, Unanalysed())
    play_bot_game(records, Unanalysed.id, {"target": 25}, bot_seed=1)
    tid = _linked_to_round_one(app, small)
    return {"small": small, "large": large, "race": race, "tournament": tid}


def test_every_side_of_every_finished_game_has_a_row(app: Flask, analysed: dict[str, Any]) -> None:
    sides = _rows(app, game_sides)
    finished = (analysed["small"], analysed["large"], analysed["race"])
    assert sorted((row["game_id"], row["side"]) for row in sides) == sorted(
        (game, side) for game in finished for side in ("A", "B")
    )
    rows = {(row["game_id"], row["side"]): row for row in sides}
    kuge, sohei = rows[(analysed["small"], "A")], rows[(analysed["small"], "B")]
    assert (sohei["system"], sohei["ruleset_version"]) == ("kensei", "0.6.0")
    assert (sohei["faction"], sohei["opponent_faction"]) == ("sohei", "kuge")
    assert (sohei["army_points"], sohei["scenario"]) == (250, "pitched-battle")
    # Kensei's first-player mark is the strategy roll; its other facts are its own.
    assert (sohei["first"], kuge["first"]) == (True, False)
    assert sohei["extra"] == {
        "army_cost": 192,
        "units_fielded": 3,
        "won_strategy_roll": True,
        "won_first_initiative": True,
        "activated_first": True,
    }
    assert kuge["extra"]["activated_first"] is False
    # Drawn 2-2 at the end of turn 5, after 484 steps.
    assert (sohei["result"], sohei["score"], sohei["victory_points"]) == ("draw", 0.5, 2)
    assert (kuge["result"], kuge["score"]) == ("draw", 0.5)
    assert (sohei["turns"], sohei["steps"], sohei["ending"]) == (5, 484, "last_turn")
    # Its d6s: 5 dice, 3 successes, 5/3 expected (10 sixths).
    dice = {(row["game_id"], row["side"]): row for row in _rows(app, game_dice)}
    assert dice[(analysed["small"], "B")] == {
        "game_id": analysed["small"], "side": "B", "faces": 6, "dice": 5, "observed": 3,
        "expected_parts": 10,
    }  # fmt: skip
    # The dice race: its own ending names, no first-player mark, d6s that succeed on 2+.
    race = rows[(analysed["race"], "A")]
    assert (race["system"], race["faction"], race["first"]) == ("dice-race", "Side A", None)
    assert race["ending"] in ("victory_condition", "turn_limit")
    assert (race["army_points"], race["scenario"], race["extra"]) == (0, "", {"target": 25})
    raced = dice[(analysed["race"], "A")]
    assert (raced["faces"], raced["expected_parts"]) == (6, 5 * raced["dice"])
    # The date of the game's first recorded event.
    started = {row["id"]: row["created_at"] for row in _rows(app, games)}
    assert sohei["played_on"] == started[analysed["small"]].date()
    # Linked to round 1 of the tournament after it ended.
    assert (sohei["tournament_id"], sohei["round"]) == (analysed["tournament"], 1)
    assert rows[(analysed["large"], "A")]["tournament_id"] is None


def test_every_unit_fielded_in_a_finished_game_has_a_row(
    app: Flask, analysed: dict[str, Any]
) -> None:
    units = _rows(app, game_units)
    assert len(units) == 4 + 3 + 6 + 8
    zealots = next(u for u in units if (u["game_id"], u["unit"]) == (analysed["small"], "B.u3"))
    assert zealots == {
        "game_id": analysed["small"],
        "unit": "B.u3",
        "side": "B",
        "name": "Peasant zealots",
        "type": "infantry",
        "cost": 36,
        "casualties_caused": 0,
        "casualties_suffered": 8,
        "survived": True,
        "extra": {"troop_class": "P"},
    }


def _rollups(app: Flask) -> dict[str, list[Any]]:
    with app.extensions["shiai"].db_engine.connect() as conn:
        return rollup_rows(conn)


def test_rebuilding_the_analysis_read_models_gives_identical_rows(
    app: Flask, analysed: dict[str, Any]
) -> None:
    sides, units, rolled = _rows(app, game_sides), _rows(app, game_units), _rollups(app)
    dice = _rows(app, game_dice)
    assert dice
    assert rolled["rollup_matchups"]  # kept fresh as the games ended and were linked
    result = app.test_cli_runner().invoke(args=["rebuild-read-models"])
    assert result.exit_code == 0, result.output
    assert "game analysis rows rebuilt from" in result.output
    assert "meta dashboards' rollups rebuilt" in result.output
    assert _rows(app, game_sides) == sides
    assert _rows(app, game_dice) == dice
    assert _rows(app, game_units) == units
    assert _rollups(app) == rolled
    # The game follower alone finds the pairing through the tournament links table.
    app.extensions["shiai"].analysis.rebuild()
    assert _rows(app, game_sides) == sides
    assert _rollups(app) == rolled
    app.extensions["shiai"].analysis_links.rebuild()
    assert _rollups(app) == rolled
    result = app.test_cli_runner().invoke(args=["rebuild-rollups"])
    assert result.exit_code == 0, result.output
    assert _rollups(app) == rolled


def test_a_game_played_in_the_browser_keeps_the_rollups_fresh(
    app: Flask, analysed: dict[str, Any]
) -> None:
    """An invitation game played to its end (the bots answering for both sides, the
    seat still open), then claimed: at each step the rollups equal a rebuild, and
    the dashboards read from them what the base read models say."""
    services = app.extensions["shiai"]
    host = services.accounts.create("host", "Host", "a password long enough")
    guest = services.accounts.create("guest", "Guest", "a password long enough")
    kensei = registry.get("kensei")
    created = services.play.create(host, "kensei", kensei.sample_setups()[0], opponent="invite")
    bots = {side: kensei.bot(f"fresh-{side}") for side in ("A", "B")}
    answer_with_bots(services.records, created.game_id, bots, max_commands=20_000)
    assert services.records.current(created.game_id).over
    assert created.invitation is not None
    with services.db_engine.connect() as conn:
        assert rollups_equal_a_rebuild(conn)
        players = [row.key for row in all_data(conn, Filters())["dice-luck-players"]]
        assert players == ["Host"]
    services.play.claim(created.invitation, guest)
    with services.db_engine.connect() as conn:
        assert rollups_equal_a_rebuild(conn)
        for filters in (Filters(), Filters(event=analysed["tournament"]), Filters(min_games=2)):
            found, expected = all_data(conn, filters), base_data(conn, filters)
            assert found == expected
        players = [row.key for row in all_data(conn, Filters())["dice-luck-players"]]
        assert sorted(players) == ["Guest", "Host"]


def test_a_game_linked_elsewhere_moves_its_rows_to_the_other_tournament(
    app: Flask, analysed: dict[str, Any]
) -> None:
    other = _linked_to_round_one(app, analysed["large"])
    rows = {(row["game_id"], row["side"]): row for row in _rows(app, game_sides)}
    assert rows[(analysed["large"], "B")]["tournament_id"] == other
    assert rows[(analysed["small"], "B")]["tournament_id"] == analysed["tournament"]
