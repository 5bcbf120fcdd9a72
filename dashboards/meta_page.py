"""The meta page's sections: for each implemented dashboard, its title, a line
on how to read it, its charts and its table (or the part of it the page shows:
the CSV has every row), from the dashboard's query."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields, replace
from typing import Any

from sqlalchemy import Connection, distinct, select

from dashboards.data import EVENT_QUERIES, QUERIES
from dashboards.meta_figures import (
    FIGURES,
    TABLES,
    Figure,
    luck_extremes,
    luck_extremes_figure,
    luck_summary,
    table_rows,
)
from dashboards.meta_filters import Filters
from dashboards.meta_lists import TOP_EVENTS_SHOWN
from dashboards.meta_tables import game_sides
from engine.core import RulesetInfo
from replays import registry

TITLES: dict[str, tuple[str, str]] = {
    "faction-win-rates": (
        "Faction win rates",
        "Each faction's games against other factions (mirror matches left out), draws as"
        " half a win; the bar is the rate, the whisker its Wilson 95% interval, n the games.",
    ),
    "matchups": (
        "Matchups",
        "The row faction's win rate against the column faction, with the games in each"
        " cell; the interval shows on hover. Blank: fewer games than the minimum.",
    ),
    "first-player": (
        "First-player advantage",
        "In each game system, the record of the side that held its first-player mark"
        " (a strategy roll, an initiative: whatever the system names); the p-value is an"
        " exact two-sided binomial test of its wins among decisive games (draws left out)"
        " against a fair coin.",
    ),
    "game-length": (
        "Game length and endings",
        "Each game once: how many turns and steps (engine events) it lasted, and how it"
        " ended, in its game system's words.",
    ),
    "dice-luck": (
        "Dice luck",
        "Each game side's observed minus expected successes over every die of its success"
        " rolls, per kind of die (a d6 face succeeds with a chance in sixths, a d10's in"
        " tenths). What counts as a roll is the system's: where re-rolls count, sides"
        " that re-roll often look luckier than their dice alone. Game systems without"
        " dice have no luck to show.",
    ),
    "dice-luck-factions": (
        "Dice luck by faction",
        "Luck per game side, with a 95% interval (a conservative bound of the variance)"
        " and the z-score of the total on hover: is any faction consistently lucky?",
    ),
    "dice-luck-players": (
        "Dice luck by player",
        "The same for the players of games played on the platform (accounts by their"
        " public name, bots by theirs; imported games have no player), as z-scores: each"
        " player's observed minus expected successes in standard deviations. The"
        " histogram of every player's z against the standard normal curve says whether"
        " anyone is consistently lucky (a tail beyond the curve); the luckiest and least"
        " lucky players follow, with their games, luck per game and 95% interval.",
    ),
    "factions-over-time": (
        "Factions over time",
        "Month by month: each faction's share of the game sides (mirrors included) and its"
        " win rate against other factions with its 95% interval (months with fewer games"
        " than the minimum show no rate).",
    ),
    "scenarios-over-time": (
        "Scenarios over time",
        "Month by month: each scenario's share of the games.",
    ),
    "units": (
        "Unit performance",
        "For each faction's units (by profile): the win rate of its armies that fielded"
        " the unit against those that did not (non-mirror games, draws as half), with the"
        " games of each; and the casualties the unit caused per 100 points it cost."
        " Armies that field a unit differ in other ways too: this is a correlation.",
    ),
    "cards": (
        "Cards",
        "For each character's cards, in systems whose sides play cards: how often its"
        " sides played the card (the play rate: games in which it was revealed at least"
        " once, of the character's games), and the win rate of the games in which they"
        " played it against those in which they did not (non-mirror games, draws as half),"
        " with the games of each and the Wilson 95% interval. A card played in a game is"
        " often one drawn early or played in a long game: this is a correlation, as"
        " 17lands' game-in-hand win rate is.",
    ),
    "list-units": (
        "Units in army lists",
        "For each faction's units, from the army lists submitted at events: the share of"
        " the faction's lists that include the unit (the inclusion rate, with its Wilson 95%"
        " interval), and the win rate of the lists that include it against the faction's"
        " lists that do not (non-mirror games, draws as half), with the games of each."
        " Players who bring a unit differ in other ways too: this is a correlation.",
    ),
    "common-lists": (
        "The most common lists",
        "Lists fielded at least twice, grouped by what they field (faction, commander level,"
        " units, their sizes and leaders; whatever the players named them): how often each"
        " was fielded, and its win rate in non-mirror games with"
        " its Wilson 95% interval. The 50 most fielded are kept.",
    ),
    "top-finishes": (
        "Top-four finishes and their lists",
        f"The first four players of the latest {TOP_EVENTS_SHOWN} events under the filters"
        " (the CSV has every event) and the list each played: by the event's own"
        " standings (with its tie-breaks) where it has them; an imported event, which has"
        " none, by score in its games (win 1, draw ½), then victory points, then name."
        ' "no list": the player submitted no list the catalogue could read, or the event'
        " has not published its lists.",
    ),
    "standings-progression": (
        "Standings progression",
        "Each player's score after each round (win 1, draw ½) over the event's published"
        " results; the event's own ranking adds its tie-breaks.",
    ),
    "faction-spread": (
        "Faction spread",
        "How many players registered each faction, and the faction's best rank.",
    ),
    "results-by-round": (
        "Results by round",
        "Each faction's win rate in each round over the recorded games linked to the"
        " event's pairings (draws as half), the games in each cell; the interval on hover.",
    ),
}


@dataclass(frozen=True)
class Chart:
    id: str  # the figure's key in the page's figures (data-figure)
    figure: Figure


@dataclass(frozen=True)
class RowGroup:
    """Rows of a section's table under a caption ("" for none)."""

    caption: str
    rows: list[list[str]]


@dataclass(frozen=True)
class Section:
    name: str
    title: str
    about: str
    charts: tuple[Chart, ...]
    header: Sequence[str]
    groups: tuple[RowGroup, ...]
    total_rows: int  # in the CSV; the groups may show fewer
    note: str = ""  # what the page shows of the rows, when not all

    @property
    def shown_rows(self) -> int:
        return sum(len(group.rows) for group in self.groups)


def _section(name: str, rows: Sequence[Any]) -> Section:
    """A dashboard's section: its figure and its whole table."""
    return Section(
        name=name,
        title=TITLES[name][0],
        about=TITLES[name][1],
        charts=(Chart(name, FIGURES[name](rows)),),
        header=TABLES[name].header,
        groups=(RowGroup("", table_rows(name, rows)),),
        total_rows=len(rows),
    )


def _players_luck_section(name: str, rows: Sequence[Any]) -> Section:
    """Dice luck by player: every player's z-score in a histogram, then only the
    luckiest and the least lucky, in a chart and a table (thousands of players
    would make the page megabytes; the CSV has them all)."""
    if not rows:
        return _section(name, rows)
    luckiest, unluckiest = luck_extremes(rows)
    groups: tuple[RowGroup, ...]
    if unluckiest:
        groups = (
            RowGroup(f"The {len(luckiest)} luckiest (highest z)", table_rows(name, luckiest)),
            RowGroup(f"The {len(unluckiest)} least lucky (lowest z)", table_rows(name, unluckiest)),
        )
        shown = f"The {len(luckiest)} luckiest and the {len(unluckiest)} least lucky are below"
    else:
        groups = (RowGroup("", table_rows(name, luckiest)),)
        shown = "Every player is below"
    return Section(
        name=name,
        title=TITLES[name][0],
        about=TITLES[name][1],
        charts=(
            Chart(name, FIGURES[name](rows)),
            Chart(f"{name}-extremes", luck_extremes_figure(luckiest, unluckiest)),
        ),
        header=TABLES[name].header,
        groups=groups,
        total_rows=len(rows),
        note=f"{luck_summary(rows)} {shown}; the CSV has every player.",
    )


# The columns the top-finishes table shows under each event's caption (the CSV has
# them all); its rows are the latest events' (meta_lists.TOP_EVENTS_SHOWN).
TOP_FINISH_COLUMNS = ("place", "player", "faction", "list", "points", "units", "ranked_by")


def _top_finishes_section(name: str, rows: Sequence[Any]) -> Section:
    """Top-four finishes of the latest events (the rows come latest first), one
    group per event; the chart counts them."""
    if not rows:
        return _section(name, rows)
    events: dict[Any, list[Any]] = {}
    for row in rows:
        events.setdefault(row.event, []).append(row)
    header = TABLES[name].header
    shown = [header.index(column) for column in TOP_FINISH_COLUMNS]
    groups = tuple(
        RowGroup(f"{found[0].event_name} (last played {found[0].last_played.isoformat()})",
                 [[cells[i] for i in shown] for cells in table_rows(name, found)])
        for found in events.values()
    )  # fmt: skip
    return replace(_section(name, rows), header=TOP_FINISH_COLUMNS, groups=groups)


SECTIONS: dict[str, Callable[[str, Sequence[Any]], Section]] = {
    "dice-luck-players": _players_luck_section,
    "top-finishes": _top_finishes_section,
}


@dataclass(frozen=True)
class Names:
    """What the pages call the ids the read models store, from the installed game
    systems' ``Ruleset.info`` (only the filtered system's when a system is
    chosen): factions' and endings' names, each system's name and first-player
    mark. An id no installed system knows is shown as it is."""

    infos: tuple[RulesetInfo, ...]

    @classmethod
    def of(cls, system: str | None = None) -> Names:
        infos = tuple(ruleset.info for ruleset in registry.installed())
        return cls(tuple(info for info in infos if system is None or info.id == system))

    def faction(self, faction_id: str) -> str:
        known = (info for info in self.infos if any(f.id == faction_id for f in info.factions))
        return next((info.faction_name(faction_id) for info in known), faction_id)

    def ending(self, name: str) -> str:
        known = (info for info in self.infos if any(e.name == name for e in info.endings))
        return next((info.ending_label(name) for info in known), name)

    def system(self, system_id: str) -> str:
        return next((info.name for info in self.infos if info.id == system_id), system_id)

    def first(self, system_id: str) -> str:
        """The system's first-player mark, by the system's name."""
        info = next((info for info in self.infos if info.id == system_id), None)
        if info is None or not info.first_player:
            return system_id
        return f"{info.name}: {info.first_player}"

    @property
    def dice(self) -> bool:
        """Whether any of the systems rolls dice (no systems: as if one did)."""
        return not self.infos or any(info.dice for info in self.infos)

    def named(self, row: Any) -> Any:
        """``row`` with its factions, ending and first-player mark by their names."""
        have = {field.name for field in fields(row)}
        changes: dict[str, str] = {
            key: self.faction(getattr(row, key)) for key in ("faction", "opponent") if key in have
        }
        if "ending" in have:
            changes["ending"] = self.ending(row.ending)
        if "measure" in have and "system" in have:
            changes["measure"] = self.first(row.system)
        return replace(row, **changes) if changes else row


# The sections a page leaves out when none of the chosen systems rolls dice.
DICE_SECTIONS = ("dice-luck", "dice-luck-factions", "dice-luck-players")


def sections(connection: Connection, filters: Filters, names: Sequence[str]) -> list[Section]:
    """The sections of the named tables (of :data:`dashboards.data.QUERIES` or
    :data:`dashboards.data.EVENT_QUERIES`), in that order, their factions, endings
    and first-player marks by the names their systems give them (the CSV keeps
    the ids). The dice sections are left out for systems without dice."""
    queries = QUERIES | EVENT_QUERIES
    labels = Names.of(filters.system)
    chosen = [name for name in names if labels.dice or name not in DICE_SECTIONS]
    data = {name: [labels.named(row) for row in queries[name](connection, filters)]
            for name in chosen}  # fmt: skip
    if "dice-luck-factions" in data:  # a Luck row's key is the faction's id there
        data["dice-luck-factions"] = [
            replace(row, key=labels.faction(row.key)) for row in data["dice-luck-factions"]
        ]
    return [SECTIONS.get(name, _section)(name, rows) for name, rows in data.items()]


def filter_choices(connection: Connection) -> dict[str, list[Any]]:
    """The values of the select filters: every installed system and any other the
    read models hold (id and name, by name), and the battle sizes they hold, sorted."""
    c = game_sides.c
    held = connection.execute(select(distinct(c.system))).scalars()
    sizes = connection.execute(select(distinct(c.army_points)).order_by(c.army_points)).scalars()
    labels = Names.of()
    systems = {info.id for info in labels.infos} | set(held)
    named = sorted(((labels.system(system), system) for system in systems), key=_by_name)
    return {
        "systems": [(system, name) for name, system in named],
        "sizes": list(sizes),
    }


def _by_name(named: tuple[str, str]) -> tuple[str, str]:
    return named[0].casefold(), named[1]
