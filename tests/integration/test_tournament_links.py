"""Linking recorded games to pairings: a player cannot decide their own result,
and one game decides one pairing at most, across every tournament.

A player's link is made at once only for a game whose seats are the pairing's
two players (player A at the side named for A); any other game a player names
is a proposal that the opponent (or an organiser) confirms. An organiser links
at once. A second link of a game already linked anywhere is refused with a
422 before anything is stored, and of two concurrent links the loser's whole
save is rolled back by the store (the ``GameLink`` claim's unique key).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any
from uuid import UUID

import pytest
from eventsourcing.application import Application
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from replays.bot_games import play_bot_game
from replays.records import GameRecords
from replays.store import MEMORY, event_store_env
from shiai.migrations import upgrade
from shiai.play import HOT_SEAT, INVITE
from shiai.schema import tournament_game_links
from shiai.schema import tournaments as tournaments_table
from shiai.tournaments.aggregate import NotAllowed, TournamentRefused
from shiai.tournaments.application import Tournaments
from shiai.tournaments.game_links import GameLink
from tests.support.dice_race import DiceRace
from tests.support.web import form, new_account, signed_in_client

ROLES = ("player", "opponent", "stranger", "organiser")


@dataclass
class World:
    app: Flask
    ids: dict[str, str]
    clients: dict[str, FlaskClient]

    @property
    def services(self) -> Any:
        return self.app.extensions["shiai"]

    def paired_event(self, name: str = "Links cup") -> UUID:
        """Round 1 published: table 1 is player (p1, A) v opponent (p2, B)."""
        tournaments, org = self.services.tournaments, self.ids["organiser"]
        tid: UUID = tournaments.create(org, name=name, game_system="dice-race", rounds=2, seed="s")
        tournaments.register(tid, org, name="Player", account_id=self.ids["player"])
        tournaments.register(tid, org, name="Opponent", account_id=self.ids["opponent"])
        tournaments.register(tid, org, name="Third")
        tournaments.register(tid, org, name="Fourth")
        for player_id in ("p1", "p2", "p3", "p4"):
            tournaments.check_in(tid, org, player_id)
        tournaments.pair_next_round(tid, org)
        tournaments.edit_pairings(
            tid, org, 1, [(1, "p1", "p2"), (2, "p3", "p4")], [], accept_warnings=True
        )
        tournaments.publish(tid, org, 1)
        return tid

    def finished_game(self, seed: str = "g") -> UUID:
        """A bot game recorded elsewhere (no seats), played to its end."""
        game_id: UUID = play_bot_game(
            self.services.records, "dice-race", {"target": 15}, bot_seed=seed, seed=seed
        )
        return game_id

    def link(self, role: str, tid: UUID, game_id: UUID, table: int = 1, **extra: Any) -> int:
        """A player links on their page; the organiser in the console."""
        data = {"round": 1, "table": table, "game_id": str(game_id), **extra}
        url = (
            f"/tournaments/{tid}/actions/link-game"
            if role == "organiser"
            else f"/tournaments/{tid}/report"
        )
        status: int = form(self.clients[role], url, data).status_code
        return status


@pytest.fixture
def world(app: Flask) -> World:
    ids = {
        "player": new_account(app, "player"),
        "opponent": new_account(app, "opponent"),
        "stranger": new_account(app, "stranger"),
        "organiser": new_account(app, "organiser", role="organiser"),
    }
    return World(app, ids, {role: signed_in_client(app, role) for role in ROLES})


def _winner(world: World, game_id: UUID) -> str:
    outcome = world.services.records.summary(game_id).outcome
    assert outcome is not None
    assert outcome["winner"] is not None, outcome
    return str(outcome["winner"])


def _finished_with_a_winner(world: World) -> UUID:
    for seed in range(20):
        game_id = world.finished_game(f"won-{seed}")
        if world.services.records.summary(game_id).outcome["winner"] is not None:
            return game_id
    raise AssertionError("twenty dice races ended drawn")


def test_a_player_linking_a_game_they_won_gets_no_result_until_the_opponent_confirms(
    world: World,
) -> None:
    tid = world.paired_event()
    game_id = _finished_with_a_winner(world)
    winner = _winner(world, game_id)
    # The player names the bot game's winning side as theirs: only a proposal.
    assert world.link("player", tid, game_id, side_a=winner) == 303
    table = world.services.tournaments.get(tid).table(1, 1)
    assert (table.result, table.game_id) == (None, None)
    assert table.proposed_link == {"game_id": str(game_id), "side_a": winner, "by": "p1"}
    assert "awaiting your opponent" in world.clients["player"].get(f"/tournaments/{tid}/me").text
    # The proposer cannot confirm it themself.
    data = {"round": 1, "table": 1, "confirm_link": "1"}
    assert form(world.clients["player"], f"/tournaments/{tid}/report", data).status_code == 422
    assert world.services.tournaments.get(tid).table(1, 1).game_id is None
    # The opponent sees it and confirms: the game decides the pairing.
    assert "Confirm this game" in world.clients["opponent"].get(f"/tournaments/{tid}/me").text
    assert form(world.clients["opponent"], f"/tournaments/{tid}/report", data).status_code == 303
    table = world.services.tournaments.get(tid).table(1, 1)
    assert (table.game_id, table.source, table.result["a"]) == (str(game_id), "game", "win")


def test_an_organiser_confirms_a_proposed_game_in_the_console(world: World) -> None:
    tid = world.paired_event()
    game_id = world.finished_game()
    assert world.link("player", tid, game_id) == 303
    console = world.clients["organiser"].get(f"/tournaments/{tid}/console").text
    assert "Confirm the proposed game" in console
    data = {"round": 1, "table": 1}
    status = form(world.clients["organiser"], f"/tournaments/{tid}/actions/confirm-link", data)
    assert status.status_code == 303
    assert world.services.tournaments.get(tid).table(1, 1).result is not None


def test_a_stranger_cannot_link_or_confirm_a_game_for_a_pairing(world: World) -> None:
    tid = world.paired_event()
    game_id = world.finished_game()
    before = world.services.tournaments.get(tid).version
    assert world.link("stranger", tid, game_id) == 403
    assert world.link("player", tid, game_id) == 303
    data = {"round": 1, "table": 1, "confirm_link": "1"}
    assert form(world.clients["stranger"], f"/tournaments/{tid}/report", data).status_code == 403
    assert world.services.tournaments.get(tid).version == before + 1  # the proposal only


def test_a_game_seated_by_the_pairing_s_players_is_linked_at_once(world: World) -> None:
    tid = world.paired_event()
    play = world.services.play
    game = play.create(world.ids["player"], "dice-race", {"target": 15}, opponent=INVITE)
    assert game.invitation is not None
    play.claim(game.invitation, world.ids["opponent"])
    # Naming the wrong side for the player is no more than a proposal...
    assert world.link("player", tid, game.game_id, side_a="B") == 303
    assert world.services.tournaments.get(tid).table(1, 1).game_id is None
    # ...the seats as they are link the game at once, without a confirmation.
    assert world.link("opponent", tid, game.game_id, side_a="A") == 303
    table = world.services.tournaments.get(tid).table(1, 1)
    assert (table.game_id, table.game_side_a, table.proposed_link) == (
        str(game.game_id),
        "A",
        None,
    )


def test_a_player_may_not_link_a_game_that_other_accounts_play(world: World) -> None:
    tid = world.paired_event()
    game = world.services.play.create(
        world.ids["stranger"], "dice-race", {"target": 15}, opponent=HOT_SEAT
    )
    before = world.services.tournaments.get(tid).version
    assert world.link("player", tid, game.game_id) == 403
    assert world.services.tournaments.get(tid).version == before
    # The organiser may: it is their event.
    assert world.link("organiser", tid, game.game_id) == 303


def test_a_game_already_linked_to_a_table_is_refused_for_another_with_422(world: World) -> None:
    tid = world.paired_event()
    game_id = world.finished_game()
    assert world.link("organiser", tid, game_id, table=1) == 303
    before = world.services.tournaments.get(tid).version
    assert world.link("organiser", tid, game_id, table=2) == 422
    # Another tournament cannot take it either, nor can its players propose it.
    other = world.paired_event("Other cup")
    assert world.link("organiser", other, game_id, table=1) == 422
    assert world.link("player", other, game_id, table=1) == 422
    assert world.services.tournaments.get(tid).version == before
    assert world.services.tournaments.get(other).table(1, 1).proposed_link is None
    # Nothing froze: later writes work and the read model holds the one link.
    assert world.link("organiser", other, world.finished_game("next"), table=1) == 303
    with world.services.db_engine.connect() as conn:
        rows = conn.execute(
            select(tournament_game_links).where(tournament_game_links.c.game_id == str(game_id))
        ).all()
    assert [(row.tournament_id, row.table_number) for row in rows] == [(tid, 1)]


def test_an_undone_link_frees_the_game_for_another_tournament(world: World) -> None:
    tid = world.paired_event()
    game_id = world.services.records.start_game("dice-race", {"target": 15})  # running
    org = world.ids["organiser"]
    assert world.link("organiser", tid, game_id) == 303
    world.services.tournaments.undo(tid, org)
    other = world.paired_event("Other cup")
    assert world.link("organiser", other, game_id) == 303
    assert world.link("organiser", tid, game_id) == 422


# -- the race of two concurrent links, on every store -------------------------------


@pytest.fixture
def two_processes(store_url: str) -> Iterator[tuple[Tournaments, Tournaments, GameRecords]]:
    """Two Tournaments applications on one store, as two server processes have."""
    if store_url != MEMORY:
        upgrade(store_url)
    env = event_store_env(store_url)
    first = Tournaments(env)
    # The in-memory store lives in one application: the second shares its recorder.
    second = Tournaments(env) if store_url != MEMORY else first
    records = GameRecords(env, rulesets=[DiceRace()])
    yield first, second, records
    for app in {id(a): a for a in (first, second, records)}.values():
        app.close()


def _paired(app: Tournaments, org: str) -> UUID:
    tid = app.create(org, name="Race cup", game_system="dice-race", rounds=1, seed="r")
    for name in ("One", "Two"):
        app.check_in(tid, org, app.register(tid, org, name=name))
    app.pair_next_round(tid, org)
    app.publish(tid, org, 1)
    return tid


def test_of_two_concurrent_links_of_one_game_only_the_first_is_stored(
    two_processes: tuple[Tournaments, Tournaments, GameRecords],
) -> None:
    first, second, records = two_processes
    org = "organiser-account"
    one, two = _paired(first, org), _paired(second, org)
    game_id = str(records.start_game("dice-race", {"target": 15}))
    seats = {"sides": ("A", "B"), "seats": {}}
    version_two = second.get(two).version
    # The second process has checked that the game is free and is about to save
    # when the first process's link commits.
    real_save = Application.save
    raced: list[bool] = []

    def save_after_the_other(app: Application[UUID], *objects: Any, **kwargs: Any) -> Any:
        if not raced and any(isinstance(o, GameLink) for o in objects):
            raced.append(True)
            first.link_game(one, org, number=1, table=1, game_id=game_id, side_a="A", **seats)
        return real_save(app, *objects, **kwargs)

    second.save = save_after_the_other.__get__(second)  # type: ignore[method-assign]
    try:
        with pytest.raises(TournamentRefused, match="decides one pairing only") as refused:
            second.link_game(two, org, number=1, table=1, game_id=game_id, side_a="A", **seats)
    finally:
        del second.save
    assert not isinstance(refused.value, NotAllowed)
    assert first.get(one).table(1, 1).game_id == game_id
    assert second.get(two).table(1, 1).game_id is None
    assert second.get(two).version == version_two  # nothing of the loser was stored


def test_the_read_models_skip_the_claims_and_rebuild_identically(world: World) -> None:
    tid = world.paired_event()
    assert world.link("organiser", tid, world.finished_game()) == 303
    services = world.services

    def rows() -> list[Any]:
        with services.db_engine.connect() as conn:
            return [
                conn.execute(select(table)).all()
                for table in (tournament_game_links, tournaments_table)
            ]

    before = rows()
    services.tournament_views.rebuild()
    services.analysis_links.rebuild()
    assert rows() == before
    claim = GameLink.create_id(before[0][0].game_id)
    assert world.clients["organiser"].get(f"/tournaments/{claim}").status_code == 404
