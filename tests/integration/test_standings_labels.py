"""Standings people understand: headings in words with an explanation of each
tiebreak, and numbers printed the same way on the pages, in CSV and in JSON
(``3`` not ``3.0``, halves as ``7.5``)."""

from __future__ import annotations

import csv
import io

from flask import Flask

from shiai.tournaments.model import Result

ORG = "organiser-account"


def _event(app: Flask) -> str:
    tournaments = app.extensions["shiai"].tournaments
    tid = tournaments.create(ORG, name="Labels", game_system="kensei", rounds=2, seed="labels")
    for name in ("Ann", "Ben", "Cat", "Dan"):
        player = tournaments.register(tid, ORG, name=name)
        tournaments.check_in(tid, ORG, player)
    tournaments.pair_next_round(tid, ORG)
    tournaments.publish(tid, ORG, 1)
    tournaments.record_result(tid, ORG, 1, 1, Result.a_wins(15, 3))
    tournaments.record_result(tid, ORG, 1, 2, Result.draw(7.5, 7.5))
    return str(tid)


def test_standings_csv_and_json_print_numbers_as_the_pages_do(sqlite_app: Flask) -> None:
    tid = _event(sqlite_app)
    client = sqlite_app.test_client()
    rows = list(
        csv.DictReader(io.StringIO(client.get(f"/tournaments/{tid}/export/standings.csv").text))
    )
    assert len(rows) == 4
    cells = [value for row in rows for value in row.values()]
    assert not [cell for cell in cells if cell.endswith(".0")]
    by_vp = {row["victory_points"] for row in rows}
    assert by_vp == {"15", "3", "7.5"}
    assert {row["vp_differential"] for row in rows} == {"12", "-12", "0"}
    assert sorted(row["score"] for row in rows) == sorted(["3", "0", "1", "1"])
    assert {row["wins"] for row in rows} == {"0", "1"}
    assert {row["sos"] for row in rows} <= {"0", "1", "3"}

    results = list(
        csv.DictReader(io.StringIO(client.get(f"/tournaments/{tid}/export/results.csv").text))
    )
    assert {(row["vp_a"], row["vp_b"]) for row in results} == {("15", "3"), ("7.5", "7.5")}

    standings = client.get(f"/tournaments/{tid}/export/standings.json").get_json()["standings"]
    assert all(isinstance(row["score"], int) for row in standings)
    assert {row["victory_points"] for row in standings} == {15, 3, 7.5}
    assert all(
        isinstance(row["victory_points"], int) for row in standings if row["victory_points"] != 7.5
    )
    results_json = client.get(f"/tournaments/{tid}/export/results.json").get_json()["results"]
    assert {(row["vp_a"], row["vp_b"]) for row in results_json} == {(15, 3), (7.5, 7.5)}


def test_standings_headings_are_words_explained_below_the_table(sqlite_app: Flask) -> None:
    tid = _event(sqlite_app)
    page = sqlite_app.test_client().get(f"/tournaments/{tid}").text
    assert (
        '<abbr title="Average score of the opponents played.">Strength of schedule</abbr>' in page
    )
    assert ">Victory point difference</abbr>" in page
    assert ">Won-drawn-lost</abbr>" in page
    assert "<dt>Strength of schedule</dt><dd>Average score of the opponents played.</dd>" in page
    assert "<dt>Score</dt>" in page
    assert ">sos<" not in page
    assert ">vp_differential<" not in page
    assert "won 15\N{EN DASH}3" in page
    assert "drew 7.5\N{EN DASH}7.5" in page
    assert ".0<" not in page
    assert ".0\N{EN DASH}" not in page
