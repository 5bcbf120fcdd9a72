"""An event whose registrations predate the catalogue check: a Kensei event where some
players' factions are free text ("Buke clan"), as events stored before registration
took catalogue factions only hold them. The aggregate refuses such a faction today,
so the old ``PlayerRegistered`` event is recorded as it was then, through the
aggregate's event method (what replaying the old event does)."""

from __future__ import annotations

import secrets
from uuid import UUID

from flask import Flask

from shiai import army_lists
from tests.support.events import pair_and_publish
from tests.support.web import new_account


def legacy_event(
    app: Flask, factions: list[str], *, name: str = "Old cup", size: str = "300 points"
) -> UUID:
    """Round 1 paired and published: p1 v p2 at table 1, p3 v p4 at table 2 (a Kensei
    event of ``size``); a faction the catalogue does not know is kept as typed."""
    tournaments = app.extensions["shiai"].tournaments
    org = new_account(app, f"org-{secrets.token_hex(4)}", role="organiser")
    tid: UUID = tournaments.create(
        org, name=name, game_system="kensei", battle_size=size, rounds=2, seed="s"
    )
    known = {choice.name.casefold() for choice in army_lists.factions("kensei")}
    for number, faction in enumerate(factions, start=1):
        if faction.strip().casefold() in known:
            tournaments.register(tid, org, name=f"Player {number}", faction=faction)
            continue
        tournament = tournaments.get(tid)
        tournament._registered(
            author=org,
            player_id=f"p{number}",
            name=f"Player {number}",
            club=None,
            faction=faction,
            army_list="",
            rating=None,
            account_id=None,
            fixed_table=None,
            requested_bye_rounds=[],
            list_points=None,
            list_problems=None,
        )
        tournaments.save(tournament)
    pair_and_publish(app, tid, org, len(factions))
    return tid
