"""Reading an import file of past events (issue 26, item 3): a good file gives its
events and games; every kind of problem is reported with its row and column, and
every problem of a file is reported, not only the first."""

from __future__ import annotations

import csv
import io
import json
from datetime import date
from typing import Any

import pytest

from engine.kensei import sample_army_document
from shiai.imported_events.cells import MAX_FILE_BYTES, MAX_ROWS, ImportRefused, RowError
from shiai.imported_events.parsing import read_import
from shiai.systems import build_systems
from shiai.web.imports import catalogues, example_rows

CATALOGUES = catalogues(build_systems([]))
HEADER = ["event", "date", "player", "faction", "list", "round", "opponent", "result", "VP"]


def _game(round_: int, a: str, b: str, result: str, **cells: Any) -> list[dict[str, Any]]:
    """The two rows of a game (``a``'s result; factions Buke for a, Kuge for b)."""
    other = {"win": "loss", "loss": "win", "draw": "draw"}[result]
    base = {"event": "Spring Cup", "date": "2025-04-12", "list": "", "round": round_}
    return [
        {
            **base,
            "player": a,
            "faction": "Buke",
            "opponent": b,
            "result": result,
            "VP": 12,
            **cells,
        },
        {**base, "player": b, "faction": "kuge", "opponent": a, "result": other, "VP": 7},
    ]


def _file(rows: list[dict[str, Any]], header: list[str] = HEADER, delimiter: str = ",") -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter)
    writer.writerow(header)
    for row in rows:
        writer.writerow([row.get(name, "") for name in header])
    return out.getvalue().encode("utf-8")


def _good() -> list[dict[str, Any]]:
    return [*_game(1, "Aiko", "Daichi", "win"), *_game(1, "Emi", "Haruto", "draw")]


def _errors(raw: bytes, system: str | None = "kensei") -> list[RowError]:
    with pytest.raises(ImportRefused) as refused:
        read_import(raw, system, CATALOGUES)
    return refused.value.errors


def test_a_good_file_gives_its_events_games_and_players() -> None:
    rows = [*_good(), *_game(2, "Aiko", "Emi", "loss")]
    rows[-2]["date"] = rows[-1]["date"] = "2025-04-13"
    rows.append({**rows[0], "event": "Autumn Open", "date": "2025-10-04", "round": 1,
                 "opponent": "bye", "result": "", "VP": ""})  # fmt: skip
    [spring, autumn] = read_import(_file(rows), "kensei", CATALOGUES)
    assert (spring.name, spring.held_on, spring.system) == (
        "Spring Cup",
        date(2025, 4, 12),
        "kensei",
    )
    assert spring.players == ("Aiko", "Daichi", "Emi", "Haruto")
    assert spring.battle_size == 0
    assert [(g.round, g.played_on, g.a.player, g.b.player) for g in spring.games] == [
        (1, date(2025, 4, 12), "Aiko", "Daichi"),
        (1, date(2025, 4, 12), "Emi", "Haruto"),
        (2, date(2025, 4, 13), "Aiko", "Emi"),
    ]
    first = spring.games[0]
    # Factions by the catalogue's id, whether given by name or id, in any case.
    assert (first.a.faction, first.a.result, first.a.victory_points, first.a.row) == (
        "buke",
        "win",
        12,
        2,
    )
    assert (first.b.faction, first.b.result, first.b.victory_points, first.b.row) == (
        "kuge",
        "loss",
        7,
        3,
    )
    # A bye is no game; its player counts among the event's players.
    assert (autumn.games, autumn.players, autumn.byes) == ((), ("Aiko",), ((1, "Aiko"),))


def test_short_results_any_case_system_size_and_semicolons_are_read() -> None:
    rows = _game(1, "Aiko", "Daichi", "win")
    rows[0]["result"], rows[1]["result"] = "W", "l"
    for row in rows:
        row.update(system="KENSEI", size="400")
    header = [*HEADER, "system", "size"]
    [event] = read_import(_file(rows, header, delimiter=";"), None, CATALOGUES)
    assert (event.system, event.battle_size) == ("kensei", 400)
    assert [(g.a.result, g.b.result) for g in event.games] == [("win", "loss")]


def test_a_list_is_kept_as_given_with_its_points_and_problems() -> None:
    good = json.dumps(sample_army_document("buke-400"))
    over = sample_army_document("buke-400")
    over["units"][1]["count"] += 40
    rows = _game(1, "Aiko", "Daichi", "win", list=good)
    rows[1]["list"] = json.dumps(over)
    rows[1]["faction"] = "buke"
    [event] = read_import(_file(rows), "kensei", CATALOGUES)
    a, b = event.games[0].a, event.games[0].b
    assert (a.army_list, a.list_problems) == (good, ())
    assert a.list_points is not None
    assert a.list_points <= 400
    assert any(problem.startswith("army-creation.total-cost:") for problem in b.list_problems)


def _one_error(rows: list[dict[str, Any]], header: list[str] = HEADER) -> RowError:
    [error] = _errors(_file(rows, header))
    return error


@pytest.mark.parametrize(
    ("cells", "column", "words"),
    [
        ({"faction": "Romans"}, "faction", "'Romans' is not a Kensei faction: one of Buke, Kuge"),
        ({"date": "12/04/2025"}, "date", "YYYY-MM-DD"),
        ({"date": "2025-02-30"}, "date", "YYYY-MM-DD"),
        ({"round": "first"}, "round", "the round must be a whole number from 1 to 99"),
        ({"VP": "12.5"}, "vp", "VP must be a whole number from 0 to 100,000, not '12.5'"),
        ({"VP": ""}, "vp", "not an empty cell"),
        ({"player": "x" * 121}, "player", "121 characters: at most 120"),
        ({"event": "y" * 201}, "event", "201 characters: at most 200"),
        ({"player": "Aiko\x07"}, "player", "control characters"),
        ({"list": "Buke: 5 samurai, 1 general"}, "list", "the Kensei engine cannot read this list"),
        ({"list": "{" + "x" * 20_001}, "list", "over 20,000 bytes"),
    ],
)
def test_a_bad_cell_is_reported_by_row_and_column(
    cells: dict[str, Any], column: str, words: str
) -> None:
    errors = _errors(_file(_game(1, "Aiko", "Daichi", "win", **cells)))
    assert (errors[0].row, errors[0].column) == (2, column)
    assert words in errors[0].message
    # The other row is told only what it can know: its opponent's row is not readable.
    assert all(error.row == 3 and error.column == "opponent" for error in errors[1:])


def test_a_bad_result_and_a_result_that_does_not_answer_its_other_row() -> None:
    rows = _game(1, "Aiko", "Daichi", "win")
    rows[0]["result"] = "won"
    assert _one_error(rows) == RowError(
        2, "result", "the result must be win, loss or draw (W, L or D), not 'won'"
    )
    rows = _game(1, "Aiko", "Daichi", "win")
    rows[1]["result"] = "draw"
    error = _one_error(rows)
    assert (error.row, error.column) == (3, "result")
    assert "draw does not answer row 2's win" in error.message


def test_the_two_rows_of_a_game_give_one_day() -> None:
    rows = _game(1, "Aiko", "Daichi", "win")
    rows[1]["date"] = "2025-04-13"
    assert _one_error(rows) == RowError(
        3, "date", "row 2 gives 2025-04-12 as this game's day: one game, one day"
    )


def test_a_game_given_by_one_row_only_is_refused() -> None:
    rows = _good()[:3]
    error = _one_error(rows)
    assert (error.row, error.column) == (4, "opponent")
    assert "no row of Haruto's side of this game (round 1 of 'Spring Cup')" in error.message


def test_rows_that_do_not_name_each_other_are_refused() -> None:
    rows = _good()
    rows[3]["opponent"] = "Aiko"  # Haruto says he played Aiko; Aiko played Daichi
    errors = _errors(_file(rows))
    assert [(e.row, e.column) for e in errors] == [(4, "opponent"), (5, "opponent")]
    assert "row 2 gives Daichi, not Haruto, as Aiko's opponent" in errors[1].message


def test_a_player_twice_in_a_round_and_their_own_opponent() -> None:
    rows = [*_good(), {**_good()[0], "opponent": "Aiko"}]
    errors = _errors(_file(rows))
    assert [(e.row, e.column) for e in errors] == [(6, "opponent")]
    rows = [*_good(), *_game(1, "Aiko", "Emi", "win")]
    errors = _errors(_file(rows))
    assert (errors[0].row, errors[0].column) == (6, "player")
    assert "Aiko already has a game in round 1 of 'Spring Cup' (row 2)" in errors[0].message


def test_an_event_keeps_one_system_one_size_and_one_week() -> None:
    header = [*HEADER, "system", "size"]
    rows = _good()
    rows[2].update(system="senjutsu", faction="Ronin")
    rows[0]["size"], rows[1]["size"] = "300", "400"
    rows[3]["date"] = "2025-04-20"
    errors = _errors(_file(rows, header))
    # Row 5's day is also not its game's other row's (row 4).
    assert [(e.row, e.column) for e in errors] == [
        (3, "size"),
        (4, "system"),
        (5, "date"),
        (5, "date"),
    ]
    assert "'Spring Cup' is a Kensei event (row 2): one system" in errors[1].message
    assert "over 6 days after 'Spring Cup' began (2025-04-12)" in errors[2].message


def test_an_unknown_system_or_none_at_all() -> None:
    rows = _game(1, "Aiko", "Daichi", "win", system="chess")
    error = _errors(_file(rows, [*HEADER, "system"]))[0]
    assert (error.row, error.column) == (2, "system")
    assert "unknown game system 'chess'" in error.message
    errors = _errors(_file(_good()), system=None)
    assert {(e.row, e.column) for e in errors} == {(n, "system") for n in range(2, 6)}


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        (b"", "the file is empty"),
        (b"event,date,player\n", "this column is missing"),
        (_file(_good(), [*HEADER, "notes"]), "unknown column 'notes'"),
        (_file(_good(), [*HEADER, "vp"]), "this column is named twice"),
        ("event,date\n".encode("utf-16"), "not UTF-8"),
        (_file([]), "a header but no rows"),
        (b"x" * (MAX_FILE_BYTES + 1), f"over {MAX_FILE_BYTES:,} bytes"),
    ],
)
def test_a_file_that_cannot_be_read_says_why(raw: bytes, words: str) -> None:
    errors = _errors(raw)
    assert any(words in error.message for error in errors), errors


def test_too_many_rows_are_refused() -> None:
    rows = [row for n in range(MAX_ROWS // 2 + 1) for row in _game(1, f"A{n}", f"B{n}", "win")]
    [error] = _errors(_file(rows))
    assert (error.row, error.column) == (MAX_ROWS + 2, None)
    assert f"over {MAX_ROWS:,} rows" in error.message


def test_every_problem_of_a_file_is_reported_in_row_order() -> None:
    rows = _good()
    rows[0]["faction"] = "Romans"
    rows[1]["VP"] = "many"
    rows[2]["date"] = "yesterday"
    rows[3]["result"] = "?"
    errors = _errors(_file(rows))
    assert [(e.row, e.column) for e in errors] == [
        (2, "faction"),
        (3, "vp"),
        (4, "date"),
        (5, "result"),
    ]
    assert errors[0].text().startswith("row 2, faction: 'Romans' is not a Kensei faction")


def test_the_example_file_imports() -> None:
    header, rows = example_rows(["Buke", "Kuge", "Otokodate", "Sohei"])
    out = io.StringIO()
    csv.writer(out).writerows([header, *rows])
    [event] = read_import(out.getvalue().encode(), "kensei", CATALOGUES)
    assert (len(event.players), len(event.games)) == (4, 4)
