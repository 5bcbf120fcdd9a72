"""The dice-luck-by-player dashboard on hand-made rows: the z-score histogram's
bins and normal counts, the luckiest and least lucky players the page shows
(ties, fewer players than two lists), and its section."""

from __future__ import annotations

from fractions import Fraction

import pytest
from scipy.stats import norm  # type: ignore[import-untyped]

from dashboards.meta_figures import (
    LUCK_EXTREMES,
    ZBin,
    luck_extremes,
    luck_extremes_figure,
    luck_summary,
    luck_z_figure,
    table_csv,
    z_bins,
)
from dashboards.meta_page import SECTIONS
from dashboards.meta_queries import Luck


def player(key: str, luck: int, variance: float = 1.0, sides: int = 4) -> Luck:
    """A player whose z-score is ``luck / sqrt(variance)``."""
    return Luck(key, sides=sides, dice=12 * sides, observed=20 + luck, expected=Fraction(20),
                variance=variance)  # fmt: skip


def test_a_players_z_is_binned_by_half_deviations_lower_bound_included() -> None:
    rows = [
        player("a", 1, 4.0),  # z = 0.5: the bin from 0.5
        player("b", 1, 16.0),  # 0.25: the bin from 0
        player("c", -1, 16.0),  # -0.25: the bin from -0.5
        player("d", -1, 4.0),  # -0.5: the bin from -0.5
        player("e", 4, 1.0),  # 4: beyond 3, the histogram reaches it
    ]
    bins = z_bins(rows)
    assert [b.z_from for b in bins] == [k / 2 for k in range(-6, 9)]  # -3 to 4(.5)
    counts = {b.z_from: b.players for b in bins if b.players}
    assert counts == {-0.5: 2, 0.0: 1, 0.5: 1, 4.0: 1}
    assert sum(b.players for b in bins) == len(rows)
    # Five players with no luck would put n (Phi(0.5) - Phi(0)) in the bin from 0.
    (from_zero,) = [b for b in bins if b.z_from == 0.0]
    assert from_zero.expected == pytest.approx(5 * (norm.cdf(0.5) - 0.5))
    assert sum(b.expected for b in bins) == pytest.approx(5 * (norm.cdf(4.5) - norm.cdf(-3)))


def test_the_histogram_covers_minus_three_to_three_and_is_empty_without_players() -> None:
    bins = z_bins([player("a", 0)])  # z = 0
    assert (bins[0].z_from, bins[-1].z_from + 0.5) == (-3.0, 3.0)
    assert [b for b in bins if b.players] == [ZBin(0.0, 1, pytest.approx(norm.cdf(0.5) - 0.5))]
    assert z_bins([]) == []
    figure = luck_z_figure([])
    assert figure["data"] == []
    assert "No games played on the platform" in figure["layout"]["annotations"][0]["text"]


def test_the_histogram_figure_draws_the_bins_and_the_normal_counts() -> None:
    rows = [player(f"p{i}", luck) for i, luck in enumerate([-2, -1, 0, 0, 1, 5])]
    bars, curve = luck_z_figure(rows)["data"]
    bins = z_bins(rows)
    assert bars["x"] == [b.z_from + 0.25 for b in bins]
    assert bars["y"] == [b.players for b in bins]
    assert dict(zip(bars["customdata"], bars["y"], strict=True))["0 to +0.5"] == 2
    assert curve["y"] == [round(b.expected, 2) for b in bins]
    assert curve["x"] == bars["x"]


def test_the_luckiest_and_least_lucky_are_ranked_by_z_and_never_overlap() -> None:
    rows = [player(f"p{luck:+03d}", luck) for luck in range(-20, 21)]  # z = luck
    luckiest, unluckiest = luck_extremes(rows)
    assert [row.z for row in luckiest] == [float(z) for z in range(20, 20 - LUCK_EXTREMES, -1)]
    assert [row.z for row in unluckiest] == [float(z) for z in range(-20, -20 + LUCK_EXTREMES)]
    # z, not luck per game: a small luck over a small variance ranks first.
    sure = player("sure", 3, variance=0.01, sides=40)  # z = 30, 0.075 per game
    assert luck_extremes([*rows, sure])[0][0] == sure


def test_ties_in_z_go_by_name_and_the_lists_stay_apart() -> None:
    lucks = [("cho", 2), ("aki", 2), ("ben", 2), ("dai", 0), ("eri", -1), ("fumi", -1)]
    rows = [player(name, luck) for name, luck in lucks]
    luckiest, unluckiest = luck_extremes(rows, count=2)
    assert [row.key for row in luckiest] == ["aki", "ben"]
    assert [row.key for row in unluckiest] == ["eri", "fumi"]
    # All tied: the first two by name, then the next two.
    tied = [player(name, 0) for name in ["e", "d", "c", "b", "a"]]
    luckiest, unluckiest = luck_extremes(tied, count=2)
    assert ([r.key for r in luckiest], [r.key for r in unluckiest]) == (["a", "b"], ["c", "d"])


@pytest.mark.parametrize("players", [0, 1, 5, 2 * LUCK_EXTREMES])
def test_with_at_most_two_lists_of_players_every_one_is_shown_once(players: int) -> None:
    rows = [player(f"p{i:02d}", i % 7 - 3) for i in range(players)]
    luckiest, unluckiest = luck_extremes(rows)
    assert unluckiest == []
    assert sorted(row.key for row in luckiest) == sorted(row.key for row in rows)
    assert [row.z for row in luckiest] == sorted((row.z for row in rows), reverse=True)


def test_one_player_more_than_two_lists_leaves_the_middle_one_out() -> None:
    rows = [player(f"p{i:02d}", i) for i in range(2 * LUCK_EXTREMES + 1)]
    luckiest, unluckiest = luck_extremes(rows)
    shown = {row.key for row in [*luckiest, *unluckiest]}
    assert len(shown) == 2 * LUCK_EXTREMES
    assert {row.key for row in rows} - shown == {f"p{LUCK_EXTREMES:02d}"}


def test_the_extremes_figure_colours_each_list_and_names_the_z() -> None:
    rows = [player(f"p{luck:+03d}", luck) for luck in range(-20, 21)]
    luckiest, unluckiest = luck_extremes(rows)
    figure = luck_extremes_figure(luckiest, unluckiest)
    (bars,) = figure["data"]
    assert bars["y"] == [f"{row.key} (n=4, z={row.z:+.2f})" for row in [*luckiest, *unluckiest]]
    assert bars["y"][0] == "p+20 (n=4, z=+20.00)"
    assert bars["text"] == []
    colours = bars["marker"]["color"]
    assert len(set(colours[:LUCK_EXTREMES])) == len(set(colours[LUCK_EXTREMES:])) == 1
    assert colours[0] != colours[-1]
    assert figure["layout"]["title"]["text"].startswith("The 15 luckiest and the 15 least lucky")
    assert luck_extremes_figure(*luck_extremes(rows[:3]))["layout"]["title"]["text"] == (
        "Every player, luckiest first (by z)"
    )


def test_the_summary_counts_players_beyond_the_95_percent_bounds() -> None:
    rows = [player("a", 2), player("b", -3), player("c", -2), player("d", 1)]
    assert luck_summary(rows) == (
        "4 players: 1 with z above 1.96 and 2 below -1.96, where chance alone would put"
        " about 0.1 on each side (fewer, as the variance bound understates |z|)."
    )


def test_the_section_shows_the_histogram_both_lists_and_keeps_the_total() -> None:
    rows = [player(f"p{luck:+03d}", luck) for luck in range(-20, 21)]
    section = SECTIONS["dice-luck-players"]("dice-luck-players", rows)
    assert [chart.id for chart in section.charts] == [
        "dice-luck-players",
        "dice-luck-players-extremes",
    ]
    assert section.charts[0].figure["data"][0]["type"] == "bar"
    first, last = section.groups
    assert first.caption == "The 15 luckiest (highest z)"
    assert [row[0] for row in first.rows] == [f"p{luck:+03d}" for luck in range(20, 5, -1)]
    assert last.caption == "The 15 least lucky (lowest z)"
    assert [row[0] for row in last.rows] == [f"p{luck:+03d}" for luck in range(-20, -5)]
    assert (section.shown_rows, section.total_rows) == (30, 41)
    assert section.note.startswith("41 players: ")
    assert section.note.endswith("the CSV has every player.")
    # The CSV is of every row, whatever the page shows.
    assert len(table_csv("dice-luck-players", rows).splitlines()) == 1 + 41
    few = SECTIONS["dice-luck-players"]("dice-luck-players", rows[:3])
    assert [group.caption for group in few.groups] == [""]
    assert few.shown_rows == few.total_rows == 3
    none = SECTIONS["dice-luck-players"]("dice-luck-players", [])
    assert (len(none.charts), none.note, none.total_rows) == (1, "", 0)
