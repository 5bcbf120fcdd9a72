"""The meta dashboards' figures, tables and filters, built from hand-made rows
with the numbers checked."""

from __future__ import annotations

import csv
import io
from datetime import date
from fractions import Fraction
from uuid import UUID

import pytest
from scipy.stats import binomtest  # type: ignore[import-untyped]

from dashboards.meta_figures import (
    dice_luck_figure,
    faction_spread_figure,
    faction_win_rate_figure,
    factions_over_time_figure,
    first_player_figure,
    game_length_figure,
    luck_bars_figure,
    matchup_figure,
    results_by_round_figure,
    scenarios_over_time_figure,
    standings_figure,
    table_csv,
    unit_figure,
)
from dashboards.meta_filters import FilterError, Filters, read_filters
from dashboards.meta_queries import (
    Advantage,
    FactionMonth,
    FactionRate,
    FactionSpread,
    GameLength,
    Luck,
    LuckBin,
    Matchup,
    RoundResult,
    ScenarioMonth,
    StandingStep,
    UnitPerformance,
)

BUKE = FactionRate(games=10, wins=8, draws=0, losses=2, faction="buke")
KUGE = FactionRate(games=6, wins=3, draws=1, losses=2, faction="kuge")


def test_faction_bars_carry_the_rate_its_wilson_interval_and_the_games() -> None:
    figure = faction_win_rate_figure([BUKE, KUGE])
    (bars,) = figure["data"]
    assert bars["y"] == ["buke", "kuge"]
    assert bars["x"] == [80.0, 58.33]
    assert bars["text"] == ["n=10", "n=6"]
    # 8 of 10: Wilson 95% from 49.02% to 94.33%.
    assert bars["error_x"]["arrayminus"][0] == pytest.approx(80 - 49.02, abs=0.01)
    assert bars["error_x"]["array"][0] == pytest.approx(94.33 - 80, abs=0.01)
    # 3.5 of 6 (a draw as half): from 24.11% to 86.05%.
    assert bars["error_x"]["arrayminus"][1] == pytest.approx(58.33 - 24.11, abs=0.01)
    assert bars["customdata"][1][:4] == [6, 3, 1, 2]
    assert figure["layout"]["shapes"][0]["x0"] == 50


def test_no_rows_draw_a_note_instead_of_bars() -> None:
    figure = faction_win_rate_figure([])
    assert figure["data"] == []
    assert figure["layout"]["annotations"][0]["text"] == "No games match these filters"


def test_the_matchup_matrix_has_a_cell_per_pair_with_games_and_interval() -> None:
    rows = [
        Matchup(games=4, wins=3, draws=1, losses=0, faction="buke", opponent="kuge"),
        Matchup(games=4, wins=0, draws=1, losses=3, faction="kuge", opponent="buke"),
        Matchup(games=1, wins=1, draws=0, losses=0, faction="sohei", opponent="buke"),
    ]
    (heat,) = matchup_figure(rows)["data"]
    assert heat["x"] == heat["y"] == ["buke", "kuge", "sohei"]
    assert heat["z"] == [[None, 87.5, None], [12.5, None, None], [100.0, None, None]]
    assert heat["text"][0][1] == "87.5%<br>n=4"
    assert heat["customdata"][1][0][:2] == ["1.3 to 60.4%", 4]
    assert heat["zmid"] == 50


def test_first_player_hover_gives_scipys_exact_p_value() -> None:
    expected = binomtest(8, 10, 0.5).pvalue  # 0.109375
    row = Advantage(
        games=11, wins=8, draws=1, losses=2, measure="won the strategy roll", p_value=expected
    )
    (bars,) = first_player_figure([row])["data"]
    assert bars["y"] == ["won the strategy roll"]
    assert bars["text"] == ["n=11 · p=0.109"]
    assert "8 of 10 decisive games: p = 0.109" in bars["customdata"][0][5]
    table = list(csv.reader(io.StringIO(table_csv("first-player", [row]))))
    assert table[0][-1] == "binomial_p_value"
    assert float(table[1][-1]) == pytest.approx(expected, rel=1e-5)


def test_the_faction_table_downloads_with_counts_exact_rate_and_interval() -> None:
    table = list(csv.reader(io.StringIO(table_csv("faction-win-rates", [KUGE]))))
    assert table == [
        [
            "faction",
            "games",
            "wins",
            "draws",
            "losses",
            "rate",
            "rate_percent",
            "ci95_low_percent",
            "ci95_high_percent",
        ],
        ["kuge", "6", "3", "1", "2", "7/12", "58.3", "24.1", "86.1"],
    ]


def test_filters_come_from_the_address_and_go_back_to_it() -> None:
    event = "00000000-0000-0000-0000-0000000000c1"
    args = {"system": "kensei", "event": event, "from": "2026-05-01", "to": "2026-05-31",
            "size": "250", "min_games": "5"}  # fmt: skip
    filters = read_filters(args)
    assert filters == Filters(
        system="kensei",
        event=UUID(event),
        date_from=date(2026, 5, 1),
        date_to=date(2026, 5, 31),
        battle_size=250,
        min_games=5,
    )
    assert filters.query() == args
    assert read_filters({"system": "", "min_games": ""}) == Filters()
    assert Filters().query() == {}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ({"min_games": "many"}, "minimum games must be a whole number"),
        ({"min_games": "0"}, "minimum games must be at least 1"),
        ({"size": "-5"}, "battle size must be at least 1"),
        ({"from": "May"}, "from must be a date"),
        ({"event": "cup"}, "event must be an event's id"),
        ({"from": "2026-06-01", "to": "2026-05-01"}, "the date range ends"),
    ],
)
def test_a_malformed_filter_names_itself(args: dict[str, str], message: str) -> None:
    with pytest.raises(FilterError, match=message):
        read_filters(args)


def test_game_lengths_stack_games_by_ending_by_turns_and_by_steps() -> None:
    rows = [
        GameLength(turns=5, steps_from=400, ending="last_turn", games=3),
        GameLength(turns=5, steps_from=450, ending="last_turn", games=1),
        GameLength(turns=3, steps_from=200, ending="annihilation", games=2),
    ]
    figure = game_length_figure(rows)
    by_turns = {t["name"]: dict(zip(t["x"], t["y"], strict=True)) for t in figure["data"]
                if t["xaxis"] == "x"}  # fmt: skip
    assert by_turns == {"annihilation": {3: 2, 5: 0}, "last_turn": {3: 0, 5: 4}}
    last_steps = next(t for t in figure["data"] if t["xaxis"] == "x2" and t["name"] == "last_turn")
    assert last_steps["y"] == [0, 3, 1]
    assert last_steps["customdata"] == ["200 to 249", "400 to 449", "450 to 499"]
    assert figure["layout"]["barmode"] == "stack"
    table = table_csv("game-length", rows).splitlines()
    assert table[:2] == ["turns,steps_from,steps_to,ending,games", "5,400,449,last_turn,3"]


def test_dice_luck_histogram_centres_each_bin_of_one_success() -> None:
    (bars,) = dice_luck_figure([LuckBin(-2, 3), LuckBin(0, 5)])["data"]
    assert bars["x"] == [-1.5, 0.5]
    assert bars["y"] == [3, 5]
    assert bars["customdata"] == ["-2 to -1", "0 to 1"]


def test_luck_bars_give_luck_per_game_with_a_95_percent_interval() -> None:
    # 2 sides, 11 successes where 9.5 were expected, variance bound 5.0.
    row = Luck("buke", sides=2, dice=24, observed=11, expected=Fraction(19, 2), variance=5.0)
    (bars,) = luck_bars_figure([row], who="faction", empty="none")["data"]
    assert bars["x"] == [0.75]
    half = 1.959963984540054 * 5.0**0.5 / 2  # 2.191
    assert bars["error_x"]["array"] == [round(half, 3)]
    assert bars["customdata"][0][-1] == "+0.67"  # 1.5 / sqrt(5)
    table = table_csv("dice-luck-factions", [row]).splitlines()
    assert table[1] == "buke,d6,2,24,11,19/2,3/2,0.750,-1.441,2.941,0.671"


def test_factions_over_time_plot_share_and_rated_win_rates_by_month() -> None:
    rows = [
        FactionMonth(games=10, wins=8, draws=0, losses=2, year=2026, month=5, faction="buke",
                     sides=12, month_sides=40),
        FactionMonth(games=1, wins=1, draws=0, losses=0, year=2026, month=6, faction="buke",
                     sides=1, month_sides=4, rated=False),
    ]  # fmt: skip
    share, rate = factions_over_time_figure(rows)["data"]
    assert share["x"] == ["2026-05", "2026-06"]
    assert share["y"] == [30.0, 25.0]
    assert (rate["x"], rate["y"], rate["yaxis"]) == (["2026-05"], [80.0], "y2")
    assert rate["error_y"]["arrayminus"] == [pytest.approx(80 - 49.02, abs=0.01)]
    table = table_csv("factions-over-time", rows).splitlines()
    assert table[1].startswith("2026-05,buke,12,40,30.0,10,8,0,2,4/5,80.0,49.0,94.3")


def test_scenarios_over_time_stack_to_a_hundred_percent() -> None:
    rows = [ScenarioMonth(2026, 5, "ambush", 1, 4), ScenarioMonth(2026, 5, "pitched", 3, 4)]
    figure = scenarios_over_time_figure(rows)
    assert [trace["y"] for trace in figure["data"]] == [[25.0], [75.0]]
    assert figure["layout"]["barmode"] == "stack"


def test_units_show_with_and_without_rates_and_casualties_per_point() -> None:
    teppo = UnitPerformance(
        games=10, wins=8, draws=0, losses=2, faction="buke", name="Teppo", unit_type="infantry",
        without_games=4, without_wins=1, without_draws=2, without_losses=1,
        copies=12, caused=30, cost=900,
    )  # fmt: skip
    bars, without, casualties = unit_figure([teppo])["data"]
    assert bars["y"] == ["buke · Teppo"]
    assert (bars["x"], bars["text"]) == ([80.0], ["n=10"])
    assert without["x"] == [50.0]
    assert without["customdata"][0][0] == 4
    assert casualties["x"] == [3.333]
    header, row = table_csv("units", [teppo]).splitlines()
    assert header.startswith("faction,unit,unit_type,games,wins,draws,losses,rate,")
    assert row.endswith(",12,30,900,3.333")
    assert ",4,1,2,1,1/2,50.0," in row


def test_an_events_figures_plot_running_scores_players_and_round_rates() -> None:
    steps = [StandingStep("p1", "Aki", 1, "win", Fraction(1)),
             StandingStep("p1", "Aki", 2, "draw", Fraction(3, 2))]  # fmt: skip
    (aki,) = standings_figure(steps)["data"]
    assert (aki["name"], aki["x"], aki["y"], aki["customdata"]) == (
        "Aki", [1, 2], [1.0, 1.5], ["win", "draw"])  # fmt: skip
    (spread,) = faction_spread_figure([FactionSpread("buke", 3, 1)])["data"]
    assert (spread["y"], spread["x"], spread["customdata"]) == (["buke"], [3], [1])
    rounds = [RoundResult(games=4, wins=3, draws=1, losses=0, round=2, faction="buke")]
    (heat,) = results_by_round_figure(rounds)["data"]
    assert (heat["x"], heat["z"], heat["text"]) == (["round 2"], [[87.5]], [["87.5%<br>n=4"]])
    assert table_csv("standings-progression", steps).splitlines()[2] == "p1,Aki,2,draw,3/2"
