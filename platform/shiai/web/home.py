"""The home page: what Shiai is, a way in for organisers, players and analysts, the
events under way, the newest games with their factions and the meta's headlines.

Every figure comes from a read model in a few small queries (the games list, the
tournaments listing, the analysis side rows of six games and the faction rollup),
so the page stays cheap however many games are recorded."""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, current_app, render_template
from flask.typing import ResponseReturnValue

from dashboards.meta_figures import percent
from dashboards.meta_filters import Filters
from dashboards.meta_page import Names
from dashboards.meta_queries import FactionRate, faction_win_rates
from replays import registry
from replays.errors import UnknownRuleset
from shiai.web.queries import current_events, recent_games_with_factions

bp = Blueprint("home", __name__)

RECENT_GAMES = 6
CURRENT_EVENTS = 6
# A win rate is a headline only over enough games to mean something.
HEADLINE_MIN_GAMES = 5


@dataclass(frozen=True)
class Highlights:
    """The meta's headlines: the faction fielded most, and the best win rate among
    factions with at least :data:`HEADLINE_MIN_GAMES` non-mirror games."""

    games: int
    most_played: FactionRate | None
    best_rate: FactionRate | None


def highlights(factions: list[FactionRate]) -> Highlights:
    """The headlines of :func:`dashboards.meta_queries.faction_win_rates`' rows
    (most games first)."""
    enough = [row for row in factions if row.games >= HEADLINE_MIN_GAMES]
    best = max(enough, key=lambda row: (row.rate, row.games), default=None)
    return Highlights(
        games=sum(row.games for row in factions),
        most_played=factions[0] if factions else None,
        best_rate=best,
    )


def faction_name(system: str, faction_id: str) -> str:
    """A faction's name in its game system (``Ruleset.info``), else its id."""
    try:
        return registry.get(system).info.faction_name(faction_id)
    except UnknownRuleset:
        return faction_id


@bp.get("/")
def index() -> ResponseReturnValue:
    db_engine = current_app.extensions["shiai"].db_engine
    with db_engine.connect() as conn:
        found = highlights(faction_win_rates(conn, Filters()))
    return render_template(
        "home.html",
        events=current_events(db_engine, limit=CURRENT_EVENTS),
        games=recent_games_with_factions(db_engine, limit=RECENT_GAMES),
        highlights=found,
        min_games=HEADLINE_MIN_GAMES,
        percent=percent,
        faction_name=faction_name,
        # The headlines sum every system's games: a faction is named by whichever
        # installed system knows its id.
        meta_faction=Names.of().faction,
    )
