"""The meta dashboards' queries: SQLAlchemy Core over the rollups of the analysis
read models (``replays.rollups``: ``game_sides`` and ``game_units`` summed per
system, tournament, day and battle size, and per each dashboard's groups; see
:mod:`dashboards.meta_rollups`), each returning plain rows (frozen dataclasses
of whole counts and exact fractions; no floats). Each side of a game counts
once per side. The per-tournament tables read the base tables (an event's rows
are few).

Results: ``win``, ``draw``, ``loss``; a rate is wins plus half the draws over
the games (:func:`dashboards.meta_stats.score_rate`) with its Wilson interval.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from sqlalchemy import Connection, TableClause, case, extract, func, literal, select

from dashboards.meta_filters import Filters
from dashboards.meta_rollups import (
    rollup_advantages,
    rollup_game_lengths,
    rollup_luck_bins,
    rollup_luck_factions,
    rollup_luck_players,
    rollup_matchups,
    rollup_scenarios,
    rollup_units,
)
from dashboards.meta_stats import Z_95, binomial_p_value, score_rate, wilson_interval
from dashboards.meta_tables import accounts, game_sides, rated_games, tournament_standings


@dataclass(frozen=True)
class Record:
    """Games played, won, drawn and lost, and the rate with its 95% interval."""

    games: int
    wins: int
    draws: int
    losses: int

    @property
    def rate(self) -> Fraction:
        return score_rate(self.wins, self.draws, self.games)

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.rate, self.games)


@dataclass(frozen=True)
class FactionRate(Record):
    """A faction's record against other factions (mirror matches left out)."""

    faction: str = ""


@dataclass(frozen=True)
class Matchup(Record):
    """``faction``'s record against ``opponent``."""

    faction: str = ""
    opponent: str = ""


@dataclass(frozen=True)
class Advantage(Record):
    """The record of the sides of ``system`` that held its first-player mark
    (``measure``: the mark's name, ``RulesetInfo.first_player``, once the page has
    named it; ``first`` as queried), and the exact binomial test of its wins among
    the decisive games (draws left out)."""

    measure: str = ""
    p_value: float = field(default=1.0, compare=False)
    system: str = ""


def _counts() -> list[Any]:
    """A record's counts, from the game sides of ``game_sides`` (the event tables)."""
    result = game_sides.c.result
    return [
        func.count().label("games"),
        func.sum(case((result == "win", 1), else_=0)).label("wins"),
        func.sum(case((result == "draw", 1), else_=0)).label("draws"),
        func.sum(case((result == "loss", 1), else_=0)).label("losses"),
    ]


RECORD = ("games", "wins", "draws", "losses")


def _sums(rollup: TableClause, *names: str) -> list[Any]:
    """The sums of a rollup's columns, each labelled with its name."""
    return [func.sum(rollup.c[name]).label(name) for name in names]


def _record(row: Any) -> dict[str, int]:
    return {key: int(getattr(row, key) or 0) for key in RECORD}


def faction_win_rates(connection: Connection, filters: Filters) -> list[FactionRate]:
    """Every faction with at least ``min_games`` non-mirror games, most games first
    (then by name)."""
    c = rollup_matchups.c
    query = (
        select(c.faction, *_sums(rollup_matchups, *RECORD))
        .where(filters.where(rollup_matchups), c.faction != c.opponent_faction)
        .group_by(c.faction)
        .having(func.sum(c.games) >= filters.min_games)
    )
    rows = [FactionRate(faction=row.faction, **_record(row)) for row in connection.execute(query)]
    return sorted(rows, key=lambda row: (-row.games, row.faction))


def matchups(connection: Connection, filters: Filters) -> list[Matchup]:
    """Every pair of different factions that met at least ``min_games`` times, each
    from both sides (A against B and B against A), by faction then opponent."""
    c = rollup_matchups.c
    query = (
        select(c.faction, c.opponent_faction, *_sums(rollup_matchups, *RECORD))
        .where(filters.where(rollup_matchups), c.faction != c.opponent_faction)
        .group_by(c.faction, c.opponent_faction)
        .having(func.sum(c.games) >= filters.min_games)
    )
    rows = [
        Matchup(faction=row.faction, opponent=row.opponent_faction, **_record(row))
        for row in connection.execute(query)
    ]
    return sorted(rows, key=lambda row: (row.faction, row.opponent))


# The advantage the read model records: whether a side held the first-player mark
# (``game_sides.first``, the rollup's measure ``first``); null where the system
# has no such mark. Each system's mark is its own: the rows are per system.
FIRST = "first"


def first_player_advantage(connection: Connection, filters: Filters) -> list[Advantage]:
    """For each system, the record of the sides that held its first-player mark
    (each game once: the side with the mark), with the exact binomial test of its
    wins among decisive games against a fair coin. Mirror matches count."""
    c = rollup_advantages.c
    query = (
        select(c.system, *_sums(rollup_advantages, *RECORD))
        .where(filters.where(rollup_advantages), c.measure == FIRST)
        .group_by(c.system)
    )
    rows = []
    for row in connection.execute(query):
        found = _record(row)
        if found["games"] < filters.min_games or found["games"] == 0:
            continue
        decisive = found["wins"] + found["losses"]
        p_value = binomial_p_value(found["wins"], decisive)
        rows.append(Advantage(measure=FIRST, p_value=p_value, system=row.system, **found))
    return sorted(rows, key=lambda row: row.system)


# The width of the game-length histogram's bins of steps (engine events): the
# rollup's grain (replays.rollups.STEP_BIN; a test keeps them equal).
STEP_BIN = 50


@dataclass(frozen=True)
class GameLength:
    """How many games lasted ``turns`` turns and ``steps_from`` to
    ``steps_from + STEP_BIN - 1`` steps, and ended by ``ending``."""

    turns: int
    steps_from: int
    ending: str
    games: int


def game_lengths(connection: Connection, filters: Filters) -> list[GameLength]:
    """Games (each once, however many of its sides match the filters) by turns,
    bin of steps and ending; by turns, steps and ending. The minimum games does
    not apply to a distribution."""
    c = rollup_game_lengths.c
    games = func.sum(_games(rollup_game_lengths, filters)).label("games")
    query = (
        select(c.turns, c.steps_from, c.ending, games)
        .where(filters.where(rollup_game_lengths))
        .group_by(c.turns, c.steps_from, c.ending)
    )
    rows = [
        GameLength(turns=row.turns, steps_from=int(row.steps_from), ending=row.ending,
                   games=int(row.games))
        for row in connection.execute(query)
    ]  # fmt: skip
    return sorted(rows, key=lambda row: (row.turns, row.steps_from, row.ending))


def _games(rollup: TableClause, filters: Filters) -> Any:
    """The column that counts each game once: the sides of a game may differ in
    battle size, so without that filter a game counts at its smallest only."""
    return rollup.c.games if filters.battle_size is not None else rollup.c.games_at_lowest_size


# Dice luck. A side's luck with one kind of die is its observed successes minus
# the expected ones (every die of its success rolls; what counts as a success
# and a roll is the system's analysis: some count re-rolls). A die of ``faces``
# faces succeeds with a chance of k/faces, so expected successes are whole
# 1/faces: the rollups count them so (exact integers, ``expected_parts``), per
# kind of die, and bin by whole successes.
# A system without dice has no rows here.


@dataclass(frozen=True)
class LuckBin:
    """How many sides (of a game) had luck with their d``faces`` from ``luck_from``
    to ``luck_from + 1`` successes (the lower bound included)."""

    luck_from: int
    sides: int
    faces: int = 6


@dataclass(frozen=True)
class Luck:
    """The d``faces`` of ``key`` (a faction or a player) over ``sides`` game
    sides: dice rolled, observed and expected successes, and an upper bound of
    the variance of the observed successes (a sum over sides of E(1 - E/dice),
    which bounds the sum of p(1 - p) over the dice)."""

    key: str
    sides: int
    dice: int
    observed: int
    expected: Fraction
    variance: float = field(compare=False)
    faces: int = 6

    @property
    def luck(self) -> Fraction:
        return self.observed - self.expected

    @property
    def per_game(self) -> Fraction:
        return self.luck / self.sides if self.sides else Fraction(0)

    @property
    def z(self) -> float:
        """Observed minus expected in standard deviations (0 with no variance)."""
        return float(self.luck) / math.sqrt(self.variance) if self.variance > 0 else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval of luck per game: ±1.96 standard deviations."""
        half = Z_95 * math.sqrt(self.variance) / self.sides if self.sides else 0.0
        return (float(self.per_game) - half, float(self.per_game) + half)


def dice_luck_distribution(connection: Connection, filters: Filters) -> list[LuckBin]:
    """Game sides that rolled dice, by kind of die and luck in whole successes
    (floored)."""
    c = rollup_luck_bins.c
    query = (
        select(c.faces, c.luck_from, func.sum(c.sides).label("sides"))
        .where(filters.where(rollup_luck_bins))
        .group_by(c.faces, c.luck_from)
        .order_by(c.faces, c.luck_from)
    )
    return [
        LuckBin(int(row.luck_from), int(row.sides), int(row.faces))
        for row in connection.execute(query)
    ]


def _luck_sums(rollup: TableClause) -> list[Any]:
    return _sums(rollup, "sides", "dice", "observed", "expected_parts", "variance")


def _luck(key: str, row: Any) -> Luck:
    faces = int(row.faces)
    return Luck(
        key=key,
        sides=int(row.sides),
        dice=int(row.dice or 0),
        observed=int(row.observed or 0),
        expected=Fraction(int(row.expected_parts or 0), faces),
        variance=float(row.variance or 0.0),
        faces=faces,
    )


def _luckiest(rows: list[Luck]) -> list[Luck]:
    return sorted(rows, key=lambda row: (-row.per_game, row.key, row.faces))


def dice_luck_by_faction(connection: Connection, filters: Filters) -> list[Luck]:
    """Each faction's dice of each kind over its game sides that rolled them
    (mirrors count), with at least ``min_games`` sides; luckiest per game first."""
    c = rollup_luck_factions.c
    query = (
        select(c.faction, c.faces, *_luck_sums(rollup_luck_factions))
        .where(filters.where(rollup_luck_factions))
        .group_by(c.faction, c.faces)
        .having(func.sum(c.sides) >= filters.min_games)
    )
    return _luckiest([_luck(row.faction, row) for row in connection.execute(query)])


def dice_luck_by_player(connection: Connection, filters: Filters) -> list[Luck]:
    """Each player's dice of each kind over the game sides they played on the
    platform (an account, by its public name; a bot as ``bot <name>``), with at
    least ``min_games`` sides; luckiest per game first. Imported games have no
    player."""
    c = rollup_luck_players.c
    player = func.coalesce(accounts.c.display_name, literal("bot ") + c.bot)
    query = (
        select(player.label("player"), c.faces, *_luck_sums(rollup_luck_players))
        .select_from(rollup_luck_players.outerjoin(accounts, accounts.c.id == c.account_id))
        .where(filters.where(rollup_luck_players), player.is_not(None))
        .group_by(player, c.faces)
        .having(func.sum(c.sides) >= filters.min_games)
    )
    return _luckiest([_luck(row.player, row) for row in connection.execute(query)])


@dataclass(frozen=True)
class FactionMonth(Record):
    """A faction in one month (of ``played_on``): ``sides`` game sides fielded it
    (mirrors included), out of ``month_sides`` in the month; the record is of its
    non-mirror games, ``rated`` if they are at least the minimum games."""

    year: int = 0
    month: int = 0
    faction: str = ""
    sides: int = 0
    month_sides: int = 0
    rated: bool = True

    @property
    def share(self) -> Fraction:
        return Fraction(self.sides, self.month_sides) if self.month_sides else Fraction(0)


@dataclass(frozen=True)
class ScenarioMonth:
    """A scenario in one month: ``games`` of the month's ``month_games``."""

    year: int
    month: int
    scenario: str
    games: int
    month_games: int

    @property
    def share(self) -> Fraction:
        return Fraction(self.games, self.month_games) if self.month_games else Fraction(0)


def _months(rollup: TableClause) -> tuple[Any, Any]:
    played = rollup.c.played_on
    return extract("year", played).label("year"), extract("month", played).label("month")


def factions_over_time(connection: Connection, filters: Filters) -> list[FactionMonth]:
    """Each faction's representation and non-mirror record, month by month, by
    month then faction. The minimum games applies to the record: a month with
    fewer non-mirror games keeps its share and shows no rate."""
    c = rollup_matchups.c
    year, month = _months(rollup_matchups)
    other = c.faction != c.opponent_faction
    query = (
        select(
            year,
            month,
            c.faction,
            func.sum(c.games).label("sides"),
            *(func.sum(case((other, c[key]), else_=0)).label(key) for key in RECORD),
        )
        .where(filters.where(rollup_matchups))
        .group_by(year, month, c.faction)
    )
    return faction_months(connection.execute(query).all(), filters)


def faction_months(found: Sequence[Any], filters: Filters) -> list[FactionMonth]:
    """The rows of :func:`factions_over_time` from its query's (year, month,
    faction, sides and the non-mirror record)."""
    totals: dict[tuple[int, int], int] = {}
    for row in found:
        key = (int(row.year), int(row.month))
        totals[key] = totals.get(key, 0) + int(row.sides)
    rows = [
        FactionMonth(
            year=int(row.year),
            month=int(row.month),
            faction=row.faction,
            sides=int(row.sides),
            month_sides=totals[int(row.year), int(row.month)],
            rated=int(row.games) >= max(filters.min_games, 1),
            **_record(row),
        )
        for row in found
    ]
    return sorted(rows, key=lambda row: (row.year, row.month, row.faction))


def scenarios_over_time(connection: Connection, filters: Filters) -> list[ScenarioMonth]:
    """Each scenario's share of the games that name one (each game once; results
    reported or imported name none), month by month."""
    c = rollup_scenarios.c
    year, month = _months(rollup_scenarios)
    query = (
        select(year, month, c.scenario, func.sum(_games(rollup_scenarios, filters)).label("games"))
        .where(filters.where(rollup_scenarios))
        .group_by(year, month, c.scenario)
    )
    return scenario_months(connection.execute(query).all())


def scenario_months(found: Sequence[Any]) -> list[ScenarioMonth]:
    """The rows of :func:`scenarios_over_time` from its query's (year, month,
    scenario, games)."""
    totals: dict[tuple[int, int], int] = {}
    for row in found:
        key = (int(row.year), int(row.month))
        totals[key] = totals.get(key, 0) + int(row.games)
    rows = [
        ScenarioMonth(int(row.year), int(row.month), row.scenario, int(row.games),
                      totals[int(row.year), int(row.month)])
        for row in found
    ]  # fmt: skip
    return sorted(rows, key=lambda row: (row.year, row.month, row.scenario))


@dataclass(frozen=True)
class WithAndWithout(Record):
    """A unit's or card's row in ``faction``'s games: the record of the sides that
    fielded or played it (the base counts) and that of the faction's sides that
    did not (``without_*``)."""

    faction: str = ""
    name: str = ""
    without_games: int = 0
    without_wins: int = 0
    without_draws: int = 0
    without_losses: int = 0

    @property
    def without(self) -> Record:
        return Record(self.without_games, self.without_wins, self.without_draws,
                      self.without_losses)  # fmt: skip


@dataclass(frozen=True)
class UnitPerformance(WithAndWithout):
    """A unit (by its profile's name) in ``faction``'s armies: the record of the
    sides that fielded it (the base counts), that of the faction's sides that did
    not (``without_*``), both in non-mirror games; and the casualties its
    copies caused and the points they cost."""

    unit_type: str = ""
    copies: int = 0
    caused: int = 0
    cost: int = 0

    @property
    def caused_per_100_points(self) -> Fraction:
        return Fraction(self.caused * 100, self.cost) if self.cost else Fraction(0)


# The unit type of a card a side played, in a card-driven system's facts: the card
# dashboard's rows (dashboards.meta_cards), left out of the unit table.
CARD = "card"


def unit_performance(connection: Connection, filters: Filters) -> list[UnitPerformance]:
    """Each unit of each faction fielded by at least ``min_games`` sides (in
    non-mirror games), with and without it; by faction, then most fielded.
    Cards played are not units (:data:`CARD`: the card dashboard has them)."""
    return _units(connection, filters, cards=False)


def card_units(connection: Connection, filters: Filters) -> list[UnitPerformance]:
    """The cards (units of type :data:`CARD`) of each character played in at least
    ``min_games`` non-mirror games, as :func:`unit_performance`'s rows (the card
    dashboard's, :func:`dashboards.meta_cards.card_play`)."""
    return _units(connection, filters, cards=True)


def _units(connection: Connection, filters: Filters, *, cards: bool) -> list[UnitPerformance]:
    """The rows of :func:`unit_performance` (``cards`` false) or of
    :func:`card_units` (true): one query over the units' rollup, one for each
    faction's non-mirror record."""
    c, m = rollup_units.c, rollup_matchups.c
    unit_type = func.coalesce(c.unit_type, "")
    query = (
        select(
            c.faction,
            c.name,
            func.max(c.unit_type).label("unit_type"),
            *_sums(rollup_units, *RECORD, "copies", "caused", "cost"),
        )
        .where(filters.where(rollup_units), (unit_type == CARD) if cards else (unit_type != CARD))
        .group_by(c.faction, c.name)
        .having(func.sum(c.games) >= filters.min_games)
    )
    fielded = connection.execute(query).all()
    if not fielded:
        return []
    totals = {
        row.faction: _record(row)
        for row in connection.execute(
            select(m.faction, *_sums(rollup_matchups, *RECORD))
            .where(filters.where(rollup_matchups), m.faction != m.opponent_faction)
            .group_by(m.faction)
        )
    }
    return unit_rows(fielded, totals)


def with_and_without(row: Any, totals: dict[str, dict[str, int]]) -> dict[str, int]:
    """A row's record (with something) and that of the rest of its faction's
    (``without_*``: the faction's record ``totals[row.faction]`` less the row's)."""
    with_it, everyone = _record(row), totals[row.faction]
    return with_it | {f"without_{key}": everyone[key] - with_it[key] for key in with_it}


def unit_rows(fielded: Sequence[Any], totals: dict[str, dict[str, int]]) -> list[UnitPerformance]:
    """The rows of :func:`unit_performance` from its query's (faction, unit name
    and type, record, copies, caused, cost) and each faction's record."""
    rows = []
    for row in fielded:
        rows.append(
            UnitPerformance(
                faction=row.faction,
                name=row.name,
                unit_type=row.unit_type,
                **with_and_without(row, totals),
                copies=int(row.copies),
                caused=int(row.caused or 0),
                cost=int(row.cost or 0),
            )
        )
    return sorted(rows, key=lambda row: (row.faction, -row.games, row.name))


# The per-tournament dashboards (the filters' ``event``); with no event, no rows.


@dataclass(frozen=True)
class StandingStep:
    """A player's results after ``round``: the round's outcome and the running
    score (win 1, draw 1/2), over the tournament's published, decided games (byes
    and unplayed pairings are not games)."""

    player: str
    name: str
    round: int
    outcome: str
    score: Fraction


def standings_progression(connection: Connection, filters: Filters) -> list[StandingStep]:
    if filters.event is None:
        return []
    r = rated_games.c
    query = select(r.round, r.table_number, r.player_a, r.player_b, r.name_a, r.name_b,
                   r.outcome_a, r.outcome_b).where(r.tournament_id == filters.event)  # fmt: skip
    results: list[tuple[int, str, str, str]] = []
    for row in connection.execute(query):
        results.append((int(row.round), row.player_a, row.name_a, row.outcome_a))
        results.append((int(row.round), row.player_b, row.name_b, row.outcome_b))
    points = {"win": Fraction(1), "draw": Fraction(1, 2), "loss": Fraction(0)}
    running: dict[str, Fraction] = {}
    rows = []
    for round_, player, name, outcome in sorted(results):
        running[player] = running.get(player, Fraction(0)) + points[outcome]
        rows.append(StandingStep(player, name, round_, outcome, running[player]))
    return sorted(rows, key=lambda row: (row.player, row.round))


@dataclass(frozen=True)
class FactionSpread:
    """How many of the tournament's players registered ``faction`` (``"unknown"``
    when none was given), and their best rank."""

    faction: str
    players: int
    best_rank: int


def faction_spread(connection: Connection, filters: Filters) -> list[FactionSpread]:
    if filters.event is None:
        return []
    t = tournament_standings.c
    faction = func.coalesce(t.faction, literal("unknown"))
    query = (
        select(faction.label("faction"), func.count().label("players"),
               func.min(t.rank).label("best_rank"))
        .where(t.tournament_id == filters.event)
        .group_by(faction)
    )  # fmt: skip
    rows = [FactionSpread(row.faction, int(row.players), int(row.best_rank))
            for row in connection.execute(query)]  # fmt: skip
    return sorted(rows, key=lambda row: (-row.players, row.faction))


@dataclass(frozen=True)
class RoundResult(Record):
    """A faction's record in one round of the tournament (recorded games linked to
    its pairings; mirror matches included, as they were played)."""

    round: int = 0
    faction: str = ""


def results_by_round(connection: Connection, filters: Filters) -> list[RoundResult]:
    if filters.event is None:
        return []
    c = game_sides.c
    query = (
        select(c.round, c.faction, *_counts())
        .where(filters.where(game_sides), c.round.is_not(None))
        .group_by(c.round, c.faction)
    )
    rows = [RoundResult(round=int(row.round), faction=row.faction, **_record(row))
            for row in connection.execute(query)]  # fmt: skip
    return sorted(rows, key=lambda row: (row.round, row.faction))
