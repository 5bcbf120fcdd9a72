"""The army-list dashboards' figures and tables: rows in, Plotly dicts and CSV out."""

from __future__ import annotations

import csv
import io
import uuid
from datetime import date
from fractions import Fraction

from dashboards.meta_figures import FIGURES, table_csv
from dashboards.meta_lists import CommonList, TopFinish, UnitInclusion
from dashboards.meta_stats import wilson_interval

CUP = uuid.UUID(int=7)


def _unit(name: str, games: int, without: int, wins: int = 0) -> UnitInclusion:
    return UnitInclusion(games=games, wins=wins, draws=0, losses=games - wins, faction="buke",
                         name=name, unit=name.lower(), unit_type="infantry",
                         without_games=without, without_losses=without, models=4 * games,
                         entries=games, cost=40 * games)  # fmt: skip


def test_a_units_inclusion_rate_is_its_share_of_the_factions_lists_with_wilson() -> None:
    row = _unit("Samurai", 3, 1, wins=2)
    assert (row.lists, row.inclusion) == (4, Fraction(3, 4))
    assert row.inclusion_interval == wilson_interval(Fraction(3, 4), 4)
    assert row.models_per_list == 4
    figure = FIGURES["list-units"]([row, _unit("Yari", 1, 3)])
    bars, without, included = figure["data"]
    assert bars["y"] == ["buke · Samurai", "buke · Yari"]
    assert included["x"] == [75.0, 25.0]
    low, high = row.inclusion_interval
    assert included["error_x"]["array"][0] == round(high * 100 - 75.0, 2)
    assert included["error_x"]["arrayminus"][0] == round(75.0 - low * 100, 2)
    assert without["x"] == [0.0, 0.0]  # the lists without lost every game


def test_the_list_unit_csv_has_every_row_and_the_inclusion() -> None:
    rows = list(csv.DictReader(io.StringIO(table_csv("list-units", [_unit("Samurai", 3, 1)]))))
    assert rows[0]["unit_id"] == "samurai"
    assert (rows[0]["lists_with"], rows[0]["faction_lists"]) == ("3", "4")
    assert rows[0]["inclusion_percent"] == "75.0"
    assert rows[0]["without_games"] == "1"


def test_a_common_list_is_labelled_with_how_often_it_was_fielded() -> None:
    row = CommonList(games=4, wins=3, draws=1, losses=0, signature="ab", faction="Buke",
                     name="Vanguard", points=400, commander_level=1, sides=5,
                     units="4 Samurai; 1 Daimyo (alone)")  # fmt: skip
    figure = FIGURES["common-lists"]([row])
    assert figure["data"][0]["y"] == ["Vanguard (Buke, 400), fielded 5"]
    assert "4 Samurai; 1 Daimyo (alone)" in figure["data"][0]["customdata"][0][5]
    line = table_csv("common-lists", [row]).splitlines()[1]
    assert line.startswith("Buke,Vanguard,400,1,5,4,3,1,0,7/8,87.5,")


def test_top_finishes_count_per_faction_and_name_missing_lists() -> None:
    finish = TopFinish(CUP, "Cup", date(2026, 5, 1), 1, "Aki", "standings", "Buke", "Vanguard",
                       400, "ab", "4 Samurai")  # fmt: skip
    unlisted = TopFinish(CUP, "Cup", date(2026, 5, 1), 2, "Ben", "standings")
    figure = FIGURES["top-finishes"]([finish, unlisted])
    assert figure["data"][0]["y"] == ["Buke", "no list"]
    assert figure["data"][0]["customdata"] == [1, 0]
    rows = list(csv.DictReader(io.StringIO(table_csv("top-finishes", [finish, unlisted]))))
    assert [(row["place"], row["faction"], row["points"]) for row in rows] == [
        ("1", "Buke", "400"),
        ("2", "no list", ""),
    ]


def test_no_rows_is_a_note_not_an_empty_chart() -> None:
    for name in ("list-units", "common-lists", "top-finishes"):
        figure = FIGURES[name]([])
        assert figure["data"] == []
        assert figure["layout"]["annotations"][0]["text"]


def test_the_dashboards_name_the_list_tables_columns() -> None:
    from dashboards import meta_tables  # noqa: PLC0415
    from replays import schema  # noqa: PLC0415
    from shiai import schema as platform_schema  # noqa: PLC0415
    from shiai.imported_events.tables import imported_tables  # noqa: PLC0415

    for ours, theirs in (
        (meta_tables.side_lists, schema.side_lists),
        (meta_tables.side_list_entries, schema.side_list_entries),
    ):
        assert ours.name == theirs.name
        assert [c.name for c in ours.columns] == [c.name for c in theirs.columns]
        for mine, real in zip(ours.columns, theirs.columns, strict=True):
            assert mine.type._type_affinity == real.type._type_affinity, mine.name
    # The platform's tables the lists' top finishes read, by the columns they read.
    for ours in (meta_tables.tournaments, meta_tables.tournament_standings):
        theirs = platform_schema.platform_tables.tables[ours.name]
        assert {c.name for c in ours.columns} <= {c.name for c in theirs.columns}
    # And the imported events' listing, for their names.
    imported = imported_tables.tables[meta_tables.imported_events.name]
    assert {c.name for c in meta_tables.imported_events.columns} <= set(imported.columns.keys())
