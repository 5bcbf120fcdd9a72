"""Demo data: a small finished-in-part tournament for `shiai seed-demo`."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from shiai.accounts import ORGANISER, PLAYER, AccountError
from shiai.tournaments.model import Result

if TYPE_CHECKING:
    from shiai.services import Services

DEMO_ORGANISER = "demo-organiser"
# The account of the first demo player (Aiko): her player page shows a player's view.
DEMO_PLAYER = "demo-player"
# DEVELOPMENT ONLY: printed by seed-demo, known to anyone who reads this file.
DEMO_PASSWORD = "demo-only-insecure"
# Name, club, and the faction played, as an index into the system's factions
# (``RulesetInfo.factions``, taken round); Kensei's: Buke, Kuge, Otokodate, Sohei.
DEMO_PLAYERS = (
    ("Aiko", "Kyoto Dojo", 1),
    ("Benkei", "Kyoto Dojo", 3),
    ("Chiyo", "Edo Club", 0),
    ("Daisuke", "Edo Club", 2),
    ("Emi", None, 2),
    ("Fumio", "Osaka Ronin", 3),
    ("Goro", "Osaka Ronin", 0),
    ("Hana", None, 1),
)


def seed_demo_tournament(services: Services) -> Iterator[str]:
    """A demo organiser and an 8-player, 3-round event of the first installed game
    system (Kensei, built in) with two rounds played."""
    accounts = services.accounts
    found = accounts.by_username(DEMO_ORGANISER)
    if found is None:
        try:
            organiser = accounts.create(DEMO_ORGANISER, "Demo organiser", DEMO_PASSWORD, ORGANISER)
        except AccountError as error:  # pragma: no cover - a fixed, valid username
            raise RuntimeError(error.message) from None
        yield (
            f"demo organiser account: {DEMO_ORGANISER} / {DEMO_PASSWORD} "
            "(DEVELOPMENT ONLY: delete it or never seed a production store)"
        )
    else:
        organiser = found.id
    player_account = _demo_player_account(services)
    yield f"demo player account: {DEMO_PLAYER} / {DEMO_PASSWORD} (plays as {DEMO_PLAYERS[0][0]})"
    tournaments = services.tournaments
    system = services.systems.default()
    factions = system.info.factions
    title = f"Demo {system.name} Open"
    tid = tournaments.create(
        organiser,
        name=title,
        game_system=system.id,
        battle_size="300 points",
        rounds=3,
        late_entry_until_round=2,
        seed="demo",
    )
    for name, club, number in DEMO_PLAYERS:
        account = player_account if name == DEMO_PLAYERS[0][0] else None
        faction = factions[number % len(factions)].name if factions else None
        player = tournaments.register(
            tid, organiser, name=name, club=club, faction=faction, account_id=account
        )
        tournaments.check_in(tid, organiser, player)
    for number in (1, 2):
        tournaments.pair_next_round(tid, organiser)
        tournaments.publish(tid, organiser, number)
        for index, table in enumerate(tournaments.get(tid).round(number).tables):
            result = Result.a_wins(12, 4 + index) if index % 3 else Result.draw(8, 8)
            tournaments.record_result(tid, organiser, number, table.table, result)
    yield f"demo tournament '{title}' seeded: /tournaments/{tid}"


def _demo_player_account(services: Services) -> str:
    """The demo player's account (made once), with the demo password."""
    found = services.accounts.by_username(DEMO_PLAYER)
    if found is not None:
        return str(found.id)
    try:
        created = services.accounts.create(DEMO_PLAYER, DEMO_PLAYERS[0][0], DEMO_PASSWORD, PLAYER)
    except AccountError as error:  # pragma: no cover - a fixed, valid username
        raise RuntimeError(error.message) from None
    return str(created)
