"""A tournament paired and published through the services, for tests that need an
event's results (the meta's reported data points)."""

from __future__ import annotations

import secrets
from uuid import UUID

from flask import Flask

from tests.support.web import new_account


def paired_event(
    app: Flask,
    system: str,
    factions: list[str],
    *,
    size: str = "300 points",
    name: str = "Spring cup",
) -> UUID:
    """Round 1 paired and published by a new organiser: table 1 is p1 v p2, table 2
    is p3 v p4."""
    tournaments = app.extensions["shiai"].tournaments
    org = new_account(app, f"org-{secrets.token_hex(4)}", role="organiser")
    tid: UUID = tournaments.create(
        org, name=name, game_system=system, battle_size=size, rounds=2, seed="s"
    )
    for number, faction in enumerate(factions, start=1):
        tournaments.register(tid, org, name=f"Player {number}", faction=faction)
    pair_and_publish(app, tid, org, len(factions))
    return tid


def pair_and_publish(app: Flask, tid: UUID, org: str, players: int) -> None:
    """Check the registered players in, pair round 1 (table 1 is p1 v p2, table 2 is
    p3 v p4) and publish it."""
    tournaments = app.extensions["shiai"].tournaments
    for number in range(1, players + 1):
        tournaments.check_in(tid, org, f"p{number}")
    tournaments.pair_next_round(tid, org)
    pairs = [(1, "p1", "p2"), (2, "p3", "p4")]
    tournaments.edit_pairings(tid, org, 1, pairs, [], accept_warnings=True)
    tournaments.publish(tid, org, 1)


def organiser_of(app: Flask, tid: UUID) -> str:
    organiser: str = app.extensions["shiai"].tournaments.get(tid).organisers[0]
    return organiser
