"""Linking a recorded game to a pairing, on the in-memory store: who links at
once, what is only a proposal, who confirms it, and one pairing per game."""

from __future__ import annotations

from uuid import UUID

import pytest

from replays.store import MEMORY, event_store_env
from shiai.tournaments.aggregate import NotAllowed, TournamentRefused
from shiai.tournaments.application import Tournaments

ORG, ALICE, BOB, CAROL = "organiser", "alice", "bob", "carol"
SIDES = ("A", "B")
GAME, OTHER = "game-1", "game-2"


@pytest.fixture
def app() -> Tournaments:
    return Tournaments(event_store_env(MEMORY))


def paired(app: Tournaments) -> UUID:
    """Round 1 published: table 1 is Alice (A) v Bob (B)."""
    tid = app.create(ORG, name="Cup", game_system="dice-race", rounds=1, seed="s")
    for name, account in (("Alice", ALICE), ("Bob", BOB)):
        app.check_in(tid, ORG, app.register(tid, ORG, name=name, account_id=account))
    app.pair_next_round(tid, ORG)
    app.edit_pairings(tid, ORG, 1, [(1, "p1", "p2")], [], accept_warnings=True)
    app.publish(tid, ORG, 1)
    return tid


def link(app: Tournaments, tid: UUID, author: str, game: str = GAME, **kw: object) -> bool:
    facts: dict[str, object] = {"side_a": "A", "sides": SIDES, "seats": {}, **kw}
    return app.link_game(tid, author, number=1, table=1, game_id=game, **facts)  # type: ignore[arg-type]


def test_a_game_seated_by_both_players_is_linked_at_once(app: Tournaments) -> None:
    tid = paired(app)
    assert link(app, tid, ALICE, seats={"A": ALICE, "B": BOB})
    assert app.get(tid).table(1, 1).game_id == GAME


@pytest.mark.parametrize(
    "seats",
    [{}, {"A": ALICE, "B": None}, {"A": BOB, "B": ALICE}, {"A": ALICE, "B": ALICE}],
    ids=["recorded elsewhere", "against a bot", "sides swapped", "hot-seat"],
)
def test_any_other_game_a_player_names_is_only_a_proposal(
    app: Tournaments, seats: dict[str, str | None]
) -> None:
    tid = paired(app)
    assert not link(app, tid, ALICE, seats=seats)
    table = app.get(tid).table(1, 1)
    assert table.game_id is None
    assert table.proposed_link == {"game_id": GAME, "side_a": "A", "by": "p1"}


def test_the_opponent_or_an_organiser_confirms_a_proposal_never_its_author(
    app: Tournaments,
) -> None:
    tid = paired(app)
    link(app, tid, ALICE)
    with pytest.raises(TournamentRefused, match="your opponent confirms"):
        app.confirm_link(tid, ALICE, 1, 1)
    with pytest.raises(NotAllowed):
        app.confirm_link(tid, CAROL, 1, 1)
    assert app.confirm_link(tid, BOB, 1, 1) == GAME
    assert app.get(tid).table(1, 1).game_id == GAME
    other = paired(app)
    link(app, other, BOB, game=OTHER)
    assert app.confirm_link(other, ORG, 1, 1) == OTHER


def test_the_opponent_naming_the_same_game_and_side_confirms_it(app: Tournaments) -> None:
    tid = paired(app)
    assert not link(app, tid, ALICE)
    assert not link(app, tid, BOB, side_a="B")  # not the same: Bob's proposal replaces it
    assert app.get(tid).table(1, 1).proposed_link == {"game_id": GAME, "side_a": "B", "by": "p2"}
    assert link(app, tid, ALICE, side_a="B")  # Alice names Bob's: both agree
    table = app.get(tid).table(1, 1)
    assert (table.game_id, table.game_side_a, table.proposed_link) == (GAME, "B", None)


def test_a_game_other_accounts_play_is_for_an_organiser_to_link(app: Tournaments) -> None:
    tid = paired(app)
    with pytest.raises(NotAllowed, match="only an organiser"):
        link(app, tid, ALICE, seats={"A": CAROL, "B": BOB})
    assert link(app, tid, ORG, seats={"A": CAROL, "B": BOB})


def test_one_game_decides_one_pairing_across_tournaments(app: Tournaments) -> None:
    first, second = paired(app), paired(app)
    assert link(app, first, ORG)
    before = app.get(second).version
    with pytest.raises(TournamentRefused, match="decides one pairing only"):
        link(app, second, ORG)
    with pytest.raises(TournamentRefused, match="decides one pairing only"):
        link(app, second, ALICE)
    assert app.get(second).version == before
