"""Every implemented meta dashboard's rows for one filter state: what the pages
draw and the benchmark (bench/dashboards.py) times."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import Connection

from dashboards.meta_cards import card_play
from dashboards.meta_filters import Filters
from dashboards.meta_lists import common_lists, every_top_finish, top_finishes, unit_inclusion
from dashboards.meta_queries import (
    dice_luck_by_faction,
    dice_luck_by_player,
    dice_luck_distribution,
    faction_spread,
    faction_win_rates,
    factions_over_time,
    first_player_advantage,
    game_lengths,
    matchups,
    results_by_round,
    scenarios_over_time,
    standings_progression,
    unit_performance,
)

# Table name -> query, in the order the page shows them.
QUERIES: dict[str, Callable[[Connection, Filters], list[Any]]] = {
    "faction-win-rates": faction_win_rates,
    "matchups": matchups,
    "first-player": first_player_advantage,
    "game-length": game_lengths,
    "dice-luck": dice_luck_distribution,
    "dice-luck-factions": dice_luck_by_faction,
    "dice-luck-players": dice_luck_by_player,
    "factions-over-time": factions_over_time,
    "scenarios-over-time": scenarios_over_time,
    "units": unit_performance,
    "cards": card_play,
    "list-units": unit_inclusion,
    "common-lists": common_lists,
    "top-finishes": top_finishes,
}

# The per-tournament page's tables: rows only when the filters name an event.
EVENT_QUERIES: dict[str, Callable[[Connection, Filters], list[Any]]] = {
    "standings-progression": standings_progression,
    "faction-spread": faction_spread,
    "results-by-round": results_by_round,
}


# Table name -> the query of its CSV: the page's, but every event's top finishes (the
# page reads the latest events').
CSV_QUERIES = QUERIES | EVENT_QUERIES | {"top-finishes": every_top_finish}


def all_data(connection: Connection, filters: Filters) -> dict[str, list[Any]]:
    """Each dashboard table's rows (plain dataclasses), by table name: the meta
    page's, and the per-tournament page's (empty unless ``filters.event``)."""
    found = {name: query(connection, filters) for name, query in QUERIES.items()}
    return found | {name: query(connection, filters) for name, query in EVENT_QUERIES.items()}
