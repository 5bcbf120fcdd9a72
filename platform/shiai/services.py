"""The composition root: the only place that knows the concrete adapters."""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Engine, create_engine, event, inspect

from replays.analysis import GameAnalysis
from replays.projection import Follower, FollowerStatus, GamesProjection
from replays.records import GameRecords
from replays.store import event_store_env
from shiai import army_lists
from shiai.accounts import DEFAULT_METHOD, Accounts
from shiai.analysis_links import AnalysisTournamentLinks, linked_event
from shiai.faction_mapping import FactionMappings, FactionMaps
from shiai.imported_events.application import ImportedEventRows, ImportedEvents
from shiai.play import Play
from shiai.reported_results import ReportedResults
from shiai.studies import Studies, StudyListings
from shiai.systems import BUILTIN_SYSTEMS, Systems, build_systems
from shiai.tournaments.application import Tournaments
from shiai.tournaments.game_results import GameResults
from shiai.tournaments.read_models import TournamentReadModels

# The rulesets that ship with Shiai ("module:Class"), without their plug-ins
# (shiai.systems.BUILTIN_SYSTEMS); SHIAI_RULESETS adds more.
BUILTIN_RULESETS: tuple[str, ...] = tuple(spec.partition("=")[0] for spec in BUILTIN_SYSTEMS)

logger = logging.getLogger(__name__)


@dataclass
class Services:
    records: GameRecords
    games: GamesProjection
    db_engine: Engine
    tournaments: Tournaments
    tournament_views: TournamentReadModels
    game_results: GameResults
    analysis: GameAnalysis
    analysis_links: AnalysisTournamentLinks
    # Results reported at tournament tables, as the meta's data points.
    reported_results: ReportedResults
    accounts: Accounts
    play: Play
    # The installed game systems, each with its plug-in (shiai.systems).
    systems: Systems
    # Annotated games (shiai.studies) and their listing.
    studies: Studies
    study_listings: StudyListings
    # Past events imported from files (shiai.imported_events) and their data points.
    imported_events: ImportedEvents
    imported_event_rows: ImportedEventRows
    # Organisers' mappings of free-text factions to the catalogues' (shiai.faction_mapping).
    faction_maps: FactionMaps
    faction_mappings: FactionMappings
    # How far each read model was behind when these services started (then caught up).
    behind_at_start: dict[str, int] = field(default_factory=dict)

    def followers(self) -> list[Follower]:
        """Every read model, in the order they catch up (the analysis rows read
        the tournaments' links)."""
        return [
            self.games,
            self.tournament_views,
            self.game_results,
            self.analysis,
            self.analysis_links,
            self.reported_results,
            self.study_listings,
            self.imported_event_rows,
            self.faction_mappings,
        ]

    def catch_up(self) -> dict[str, int]:
        """Bring every read model up to the event store (after a crash, say);
        how many notifications each was behind. Nothing on a database Alembic
        has not brought to the newest migration (``shiai migrate`` catches up)."""
        if not inspect(self.db_engine).has_table("projection_failures"):
            logger.warning("the database is not migrated: read models not caught up")
            return {}
        return {follower.name: follower.catch_up() for follower in self.followers()}

    def read_model_status(self) -> list[FollowerStatus]:
        return [follower.status() for follower in self.followers()]

    def close(self) -> None:
        self.records.close()
        self.tournaments.close()
        self.studies.close()
        self.imported_events.close()
        self.faction_maps.close()
        self.db_engine.dispose()


def _sqlite_pragmas(dbapi_connection: object, _record: object) -> None:
    cursor = dbapi_connection.cursor()  # type: ignore[attr-defined]
    cursor.execute("PRAGMA busy_timeout = 15000")
    cursor.close()


def make_db_engine(database_url: str) -> Engine:
    db_engine = create_engine(database_url, pool_pre_ping=True)
    if db_engine.dialect.name == "sqlite":
        event.listen(db_engine, "connect", _sqlite_pragmas)
    return db_engine


def build_services(
    database_url: str,
    ruleset_specs: Iterable[str],
    password_method: str = DEFAULT_METHOD,
    *,
    catch_up: bool = True,
    settings: Mapping[str, Any] | None = None,
) -> Services:
    """The applications and read models on ``database_url``, for the built-in game
    systems and those of ``ruleset_specs`` (``shiai.systems.load_system``); with ``catch_up``,
    the read models first apply whatever was stored while nothing followed
    (a process killed between a save and its catch-up). ``settings`` (the app's
    config) configure the systems (``SystemPlugin.configured``)."""
    systems = build_systems(ruleset_specs, settings)
    army_lists.install(systems)
    records = GameRecords(
        event_store_env(database_url), rulesets=[system.ruleset for system in systems]
    )
    db_engine = make_db_engine(database_url)
    games = GamesProjection(records, db_engine)
    records.on_recorded(games.catch_up)
    tournaments = Tournaments(event_store_env(database_url))
    tournament_views = TournamentReadModels(tournaments, db_engine)
    tournaments.on_recorded(tournament_views.catch_up)
    game_results = GameResults(records, tournaments, db_engine)
    records.on_recorded(game_results.catch_up)
    # The analysis rows: after the tournament read models, whose links they read.
    analysis = GameAnalysis(records, db_engine, event_of=linked_event)
    records.on_recorded(analysis.catch_up)
    analysis_links = AnalysisTournamentLinks(tournaments, db_engine)
    tournaments.on_recorded(analysis_links.catch_up)
    reported_results = ReportedResults(tournaments, db_engine)
    tournaments.on_recorded(reported_results.catch_up)
    studies = Studies(event_store_env(database_url))
    study_listings = StudyListings(studies, db_engine)
    studies.on_recorded(study_listings.catch_up)
    imported_events = ImportedEvents(event_store_env(database_url))
    imported_event_rows = ImportedEventRows(imported_events, db_engine)
    imported_events.on_recorded(imported_event_rows.catch_up)
    faction_maps = FactionMaps(event_store_env(database_url))
    faction_mappings = FactionMappings(faction_maps, db_engine)
    faction_maps.on_recorded(faction_mappings.catch_up)
    services = Services(
        records=records,
        games=games,
        db_engine=db_engine,
        tournaments=tournaments,
        tournament_views=tournament_views,
        game_results=game_results,
        analysis=analysis,
        analysis_links=analysis_links,
        reported_results=reported_results,
        accounts=Accounts(db_engine, password_method),
        play=Play(records, db_engine, game_results.player_side),
        systems=systems,
        studies=studies,
        study_listings=study_listings,
        imported_events=imported_events,
        imported_event_rows=imported_event_rows,
        faction_maps=faction_maps,
        faction_mappings=faction_mappings,
    )
    if catch_up:
        try:
            services.behind_at_start = services.catch_up()
        except Exception:  # the database unreachable, say: the next save catches up
            logger.exception("the read models could not catch up at start")
    return services
