"""Synthetic data points with army lists, and the army-list dashboards computed the
slow way, in plain Python over the same rows: the reference the queries of
``dashboards.meta_lists`` are checked against (tests/integration/test_meta_lists.py)."""

from __future__ import annotations

import json
import random
import secrets
import uuid
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from typing import Any

from flask import Flask
from sqlalchemy import Connection, insert

from dashboards.meta_filters import Filters
from dashboards.meta_lists import (
    COMMON_AT_LEAST,
    COMMON_LISTS,
    TOP_EVENTS_SHOWN,
    TOP_PLACES,
    CommonList,
    ListEntryText,
    TopFinish,
    UnitInclusion,
    units_text,
)
from engine.kensei import sample_army_document
from replays import rollups
from shiai.list_facts import IMPORTED, REGISTRATION, SideList, insert_lists
from shiai.systems.lists import ListEntry, ListSummary
from tests.support.meta_rows import insert_sides, side
from tests.support.web import new_account

LISTS = ("buke-400", "kuge-400", "sohei-400", "otokodate-400")
FACTIONS = ("buke", "kuge", "sohei", "otokodate")
FIRST_DAY = date(2026, 2, 1)
# An event with standings (the platform's), and two without (imported ones).
STANDINGS_EVENT = uuid.UUID("00000000-0000-0000-0000-00000000e001")
SCORED_EVENTS = (
    uuid.UUID("00000000-0000-0000-0000-00000000e002"),
    uuid.UUID("00000000-0000-0000-0000-00000000e003"),
)
RESULTS = {"win": ("win", 1.0), "draw": ("draw", 0.5), "loss": ("loss", 0.0)}
OTHER = {"win": "loss", "loss": "win", "draw": "draw"}


def _unit(faction: str, number: int) -> tuple[str, str, str]:
    return (
        f"{faction}_u{number}",
        f"{faction.title()} unit {number}",
        ("infantry", "mounted")[number % 2],
    )


def _entry(faction: str, number: int, count: int, *, led: bool) -> ListEntry:
    unit, name, unit_type = _unit(faction, number)
    options = (f"leader={faction}_hero",) if led else ()
    return ListEntry(unit, name, unit_type, "Elite", count, count * 10 + (30 if led else 0),
                     options, "led by Hero" if led else "")  # fmt: skip


def random_list(rng: random.Random, faction: str, templates: dict[str, list[ListSummary]]) -> Any:
    if rng.random() < 0.8:
        return rng.choice(templates[faction])
    picks = rng.sample(range(6), rng.randint(1, 4))
    entries = [_entry(faction, n, rng.choice((3, 4, 5)), led=rng.random() < 0.3) for n in picks]
    if rng.random() < 0.3:  # the same unit twice in one list
        entries.append(_entry(faction, picks[0], 2, led=False))
    name, level = f"{faction} list {rng.randint(1, 99)}", rng.choice((0, 1, None))
    return ListSummary(faction, name, sum(e.cost for e in entries), level, tuple(entries))


def list_templates(rng: random.Random) -> dict[str, list[ListSummary]]:
    found: dict[str, list[ListSummary]] = {}
    for faction in FACTIONS:
        found[faction] = []
        for number in range(3):
            picks = rng.sample(range(6), 3)
            entries = tuple(_entry(faction, n, 4, led=n == picks[0]) for n in picks)
            name, cost = f"{faction} build {number}", sum(e.cost for e in entries)
            found[faction].append(ListSummary(faction, name, cost, 1, entries))
    return found


@dataclass
class ListWorld:
    """Every row loaded: game sides, lists (by data point) and standings."""

    sides: list[dict[str, Any]] = field(default_factory=list)
    lists: dict[tuple[uuid.UUID, str], SideList] = field(default_factory=dict)
    standings: dict[uuid.UUID, list[tuple[int, str]]] = field(default_factory=dict)
    names: dict[uuid.UUID, str] = field(default_factory=dict)


def load_lists(connection: Connection, seed: str, games: int) -> ListWorld:
    """``games`` games of Kensei factions (and some of another system), in events
    and outside them, most sides with a list drawn from a few common builds; an
    event with standings and two without; the rollups rebuilt. Commits."""
    rng = random.Random(seed)
    templates = list_templates(rng)
    world = ListWorld()
    players = {event: [f"Player {n:02d}" for n in range(1, 9)]
               for event in (STANDINGS_EVENT, *SCORED_EVENTS)}  # fmt: skip
    for number in range(games):
        game = uuid.UUID(int=rng.getrandbits(128))
        event = rng.choice((None, None, STANDINGS_EVENT, *SCORED_EVENTS))
        a, b = rng.choice(FACTIONS), rng.choice(FACTIONS)
        result = rng.choice(("win", "draw", "loss"))
        common = {
            "system": "kensei" if number % 7 else "other-system",
            "army_points": rng.choice((250, 400)),
            "played_on": FIRST_DAY + timedelta(days=rng.randrange(90)),
            "tournament_id": event,
            "round": None if event is None else rng.randint(1, 4),
            "source": "recorded" if event is None else ("reported" if event == STANDINGS_EVENT
                                                        else IMPORTED),
            "event_size": None if event is None else 8,
            "dice": 0,
        }  # fmt: skip
        who = rng.sample(players[event], 2) if event is not None else [None, None]
        for name, faction, opponent, outcome, player in (
            ("A", a, b, result, who[0]),
            ("B", b, a, OTHER[result], who[1]),
        ):
            # A recorded game linked to a pairing names its player only in its list.
            linked = event == STANDINGS_EVENT and rng.random() < 0.3
            row = side(game, name, faction, opponent, outcome, player=None if linked else player,
                       victory_points=rng.randint(0, 15), **common)  # fmt: skip
            world.sides.append(row)
            if rng.random() < 0.85:
                world.lists[game, name] = SideList(
                    game, name, common["system"], random_list(rng, faction, templates),
                    REGISTRATION if event == STANDINGS_EVENT else IMPORTED, event,
                    player if (linked or rng.random() < 0.5) else None,
                )  # fmt: skip
    insert_sides(connection, world.sides)
    insert_lists(connection, list(world.lists.values()))
    _load_standings(connection, world, players[STANDINGS_EVENT], rng)
    rollups.rebuild(connection)
    connection.commit()
    return world


def _load_standings(
    connection: Connection, world: ListWorld, players: list[str], rng: random.Random
) -> None:
    from shiai.schema import tournament_standings, tournaments  # noqa: PLC0415

    now = datetime(2026, 5, 2, tzinfo=UTC)
    world.names[STANDINGS_EVENT] = "Spring cup"
    connection.execute(
        insert(tournaments),
        [{"id": STANDINGS_EVENT, "name": "Spring cup", "game_system": "kensei",
          "battle_size": "400", "status": "finished", "planned_rounds": 4, "rounds_paired": 4,
          "players": 8, "organisers": [], "version": 1, "created_at": now, "updated_at": now}],
    )  # fmt: skip
    order = rng.sample(players, len(players))
    world.standings[STANDINGS_EVENT] = list(enumerate(order, start=1))
    connection.execute(
        insert(tournament_standings),
        [{"tournament_id": STANDINGS_EVENT, "player_id": f"p{n}", "position": n, "rank": n,
          "name": who, "club": None, "faction": None, "score": 0.0, "tiebreaks": {},
          "games": 4, "wins": 0, "draws": 0, "losses": 0, "byes": 0, "victory_points": 0.0,
          "vp_differential": 0.0, "dropped": 0, "through_round": 4}
         for n, who in world.standings[STANDINGS_EVENT]],
    )  # fmt: skip


def _chosen(row: dict[str, Any], filters: Filters) -> bool:
    checks = [
        filters.system is None or row["system"] == filters.system,
        filters.event is None or row["tournament_id"] == filters.event,
        filters.date_from is None or row["played_on"] >= filters.date_from,
        filters.date_to is None or row["played_on"] <= filters.date_to,
        filters.battle_size is None or row["army_points"] == filters.battle_size,
        filters.source is None or row["source"] == filters.source,
        filters.min_players is None
        or (row["event_size"] is not None and row["event_size"] >= filters.min_players),
    ]
    return all(checks)


def _record(rows: list[dict[str, Any]]) -> dict[str, int]:
    results = [row["result"] for row in rows]
    return {"games": len(rows), "wins": results.count("win"), "draws": results.count("draw"),
            "losses": results.count("loss")}  # fmt: skip


def reference(
    world: ListWorld, filters: Filters, latest: int | None = TOP_EVENTS_SHOWN
) -> dict[str, list[Any]]:
    """The three army-list tables, the slow way (the top finishes of the ``latest``
    events, as the page reads them)."""
    keys = [(row, (row["game_id"], row["side"])) for row in world.sides if _chosen(row, filters)]
    listed = [(row, world.lists[key]) for row, key in keys if key in world.lists]
    return {
        "list-units": _units(listed, filters),
        "common-lists": _common(listed, filters),
        "top-finishes": _finishes(world, filters, latest),
    }


def _units(listed: list[tuple[dict[str, Any], SideList]], filters: Filters) -> list[Any]:
    others = [(row, found) for row, found in listed if row["faction"] != row["opponent_faction"]]
    by_faction: dict[str, list[dict[str, Any]]] = defaultdict(list)
    with_unit: dict[tuple[str, str], list[tuple[dict[str, Any], list[ListEntry]]]] = defaultdict(
        list
    )
    for row, found in others:
        by_faction[row["faction"]].append(row)
        units: dict[str, list[ListEntry]] = defaultdict(list)
        for entry in found.summary.entries:
            units[entry.unit].append(entry)
        for unit, entries in units.items():
            with_unit[row["faction"], unit].append((row, entries))
    rows = []
    for (faction, unit), found in with_unit.items():
        if len(found) < filters.min_games:
            continue
        mine, everyone = _record([row for row, _ in found]), _record(by_faction[faction])
        entries = [entry for _, group in found for entry in group]
        rows.append(
            UnitInclusion(
                faction=faction, name=max(e.name for e in entries), unit=unit,
                unit_type=max(e.unit_type for e in entries), **mine,
                **{f"without_{key}": everyone[key] - mine[key] for key in mine},
                models=sum(e.count for e in entries), entries=len(entries),
                cost=sum(e.cost for e in entries),
            )
        )  # fmt: skip
    return sorted(rows, key=lambda row: (row.faction, -row.games, row.name, row.unit))


def _text(summary: ListSummary) -> str:
    return units_text([ListEntryText(e.count, e.name, e.details) for e in summary.entries])


def _common(listed: list[tuple[dict[str, Any], SideList]], filters: Filters) -> list[Any]:
    groups: dict[str, list[tuple[dict[str, Any], SideList]]] = defaultdict(list)
    for row, found in listed:
        groups[found.summary.signature].append((row, found))
    rows = []
    for signature, found in groups.items():
        record = _record([row for row, _ in found if row["faction"] != row["opponent_faction"]])
        if len(found) < COMMON_AT_LEAST or record["games"] < filters.min_games:
            continue
        levels = [
            f.summary.commander_level for _, f in found if f.summary.commander_level is not None
        ]
        rows.append(
            CommonList(
                signature=signature, faction=max(row["faction"] for row, _ in found),
                name=min(f.summary.name for _, f in found),
                points=max(f.summary.points for _, f in found),
                commander_level=max(levels) if levels else None, sides=len(found),
                units=_text(found[0][1].summary), **record,
            )
        )  # fmt: skip
    return sorted(rows, key=lambda row: (-row.sides, row.signature))[:COMMON_LISTS]


def _finishes(world: ListWorld, filters: Filters, latest: int | None) -> list[Any]:
    events: dict[uuid.UUID, date] = {}
    for row in world.sides:
        event = row["tournament_id"]
        if event is not None and _chosen(row, filters):
            events[event] = max(events.get(event, row["played_on"]), row["played_on"])
    if latest is not None:
        newest = sorted(events.items(), key=lambda item: (item[1], str(item[0])), reverse=True)
        events = dict(newest[:latest])
    rows = []
    for event, last in events.items():
        mine = [row for row in world.sides if row["tournament_id"] == event]
        if event in world.standings:
            places = [(n, who, "standings") for n, who in world.standings[event] if n <= TOP_PLACES]
        else:
            totals: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])
            for row in mine:
                if row["player"] is not None:
                    totals[row["player"]][0] += row["score"]
                    totals[row["player"]][1] += row["victory_points"]
            ranked = sorted(totals, key=lambda who: (-totals[who][0], -totals[who][1], who))
            places = [(n, who, "score") for n, who in enumerate(ranked[:TOP_PLACES], start=1)]
        for position, player, ranked_by in places:
            played = []
            for row in mine:
                found = world.lists.get((row["game_id"], row["side"]))
                if found is not None and (found.player or row["player"]) == player:
                    order = (row["round"] or 0, row["played_on"], str(row["game_id"]), row["side"])
                    played.append((order, row, found))
            chosen = max(played, key=lambda item: item[0]) if played else None
            summary = None if chosen is None else chosen[2].summary
            rows.append(
                TopFinish(
                    event=event, event_name=world.names.get(event, str(event)), last_played=last,
                    position=position, player=player, ranked_by=ranked_by,
                    faction="" if chosen is None else chosen[1]["faction"],
                    list_name="" if summary is None else summary.name,
                    points=None if summary is None else summary.points,
                    signature="" if summary is None else summary.signature,
                    units="" if summary is None else _text(summary),
                )
            )  # fmt: skip
    return sorted(rows, key=lambda row: (-row.last_played.toordinal(), str(row.event),
                                         row.position, row.player))  # fmt: skip


def listed_event(
    app: Flask, lists: tuple[str | None, ...] = LISTS, *, name: str = "List cup"
) -> tuple[uuid.UUID, str]:
    """A Kensei event at 400 points whose four players registered these sample
    lists (``None``: no list), round 1 paired (p1 v p2, p3 v p4) and published."""
    tournaments = app.extensions["shiai"].tournaments
    org = new_account(app, f"org-{secrets.token_hex(4)}", role="organiser")
    tid: uuid.UUID = tournaments.create(
        org, name=name, game_system="kensei", battle_size="400 points", rounds=2, seed="s"
    )
    for number, chosen in enumerate(lists, start=1):
        text = "" if chosen is None else json.dumps(sample_army_document(chosen))
        faction = (chosen or LISTS[number - 1]).split("-")[0]
        tournaments.register(
            tid, org, name=f"Player {number}", faction=faction.title(), army_list=text
        )
        tournaments.check_in(tid, org, f"p{number}")
    tournaments.pair_next_round(tid, org)
    tournaments.edit_pairings(tid, org, 1, [(1, "p1", "p2"), (2, "p3", "p4")], [],
                              accept_warnings=True)  # fmt: skip
    tournaments.publish(tid, org, 1)
    return tid, org
