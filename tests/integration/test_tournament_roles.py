"""Who may do what: every role against every action and page.

Roles: anonymous; ``player`` (registered, with an account, in the game at
hand); ``opponent`` (their opponent); ``stranger`` (a player account not in
this event); ``organiser`` (created this event); ``rival`` (organiser of
another event). A refused change answers 403 (or a redirect to sign in for
anonymous visitors) and leaves the tournament's version as it was.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from flask import Flask
from flask.testing import FlaskClient

from shiai import create_app
from shiai.migrations import upgrade
from shiai.tournaments.application import Tournaments
from shiai.tournaments.model import Result
from tests.conftest import platform_config
from tests.support.web import form, new_account, signed_in_client

ROLES = ("anonymous", "player", "opponent", "stranger", "organiser", "rival")
SIGN_IN = 302
OK = 303
FORBIDDEN = 403


@dataclass
class World:
    app: Flask
    clients: dict[str, FlaskClient]
    ids: dict[str, str]
    tournaments: Tournaments
    counter: list[int] = field(default_factory=lambda: [0])

    def event(self, rounds: int = 3) -> UUID:
        """A fresh event: four players (player and opponent have accounts), checked in."""
        org = self.ids["organiser"]
        self.counter[0] += 1
        tid = self.tournaments.create(
            org, name=f"Event {self.counter[0]}", game_system="kensei", rounds=rounds, seed="s"
        )
        self.tournaments.register(tid, org, name="Player", account_id=self.ids["player"])
        self.tournaments.register(tid, org, name="Opponent", account_id=self.ids["opponent"])
        for name in ("Third", "Fourth"):
            self.tournaments.register(tid, org, name=name)
        for player_id in ("p1", "p2", "p3", "p4"):
            self.tournaments.check_in(tid, org, player_id)
        return tid

    def paired(self, *, published: bool = True, rounds: int = 3) -> tuple[UUID, int]:
        """An event whose round 1 puts player against opponent; returns their table."""
        tid = self.event(rounds)
        org = self.ids["organiser"]
        self.tournaments.pair_next_round(tid, org)
        self.tournaments.edit_pairings(
            tid, org, 1, [(1, "p1", "p2"), (2, "p3", "p4")], [], accept_warnings=True
        )
        if published:
            self.tournaments.publish(tid, org, 1)
        return tid, 1


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    url = f"sqlite:///{Path(tmp_path_factory.mktemp('roles')) / 'roles.db'}"
    upgrade(url)
    app = create_app(platform_config(url))
    ids = {
        "player": new_account(app, "player"),
        "opponent": new_account(app, "opponent"),
        "stranger": new_account(app, "stranger"),
        "organiser": new_account(app, "organiser", role="organiser"),
        "rival": new_account(app, "rival", role="organiser"),
    }
    clients = {"anonymous": app.test_client()}
    clients.update({role: signed_in_client(app, role) for role in ids})
    services = app.extensions["shiai"]
    services.tournaments.create(ids["rival"], name="Rival's event", game_system="kensei", rounds=1)
    yield World(app, clients, ids, services.tournaments)
    services.close()


Setup = Callable[[World], tuple[UUID, dict[str, Any]]]


def _event(w: World) -> tuple[UUID, dict[str, Any]]:
    return w.event(), {}


def _late_arrival(w: World) -> tuple[UUID, dict[str, Any]]:
    tid = w.event()
    w.tournaments.register(tid, w.ids["organiser"], name="Late")
    return tid, {"player": "p5"}


def _draft(w: World) -> tuple[UUID, dict[str, Any]]:
    tid, _ = w.paired(published=False)
    return tid, {"round": 1}


def _published(w: World) -> tuple[UUID, dict[str, Any]]:
    tid, table = w.paired()
    return tid, {"round": 1, "table": table}


def _result(w: World) -> tuple[UUID, dict[str, Any]]:
    tid, form_data = _published(w)
    return tid, {**form_data, "winner": "a", "a_vp": 12, "b_vp": 3}


def _reported(w: World) -> tuple[UUID, dict[str, Any]]:
    tid, table = w.paired()
    w.tournaments.report(tid, w.ids["player"], 1, table, Result.a_wins(10, 2))
    return tid, {"round": 1, "table": table, "confirm": "1"}


def _linkable(w: World) -> tuple[UUID, dict[str, Any]]:
    tid, form_data = _published(w)
    game_id = w.app.extensions["shiai"].records.start_game("dice-race", {})
    return tid, {**form_data, "game_id": str(game_id)}


def _proposed(w: World) -> tuple[UUID, dict[str, Any]]:
    """The player proposed a recorded game (no seats) for their table."""
    tid, form_data = _linkable(w)
    services = w.app.extensions["shiai"]
    game_id = UUID(form_data.pop("game_id"))
    assert not services.game_results.link(tid, w.ids["player"], number=1, table=1, game_id=game_id)
    return tid, form_data


def _finished(w: World) -> tuple[UUID, dict[str, Any]]:
    tid, _ = w.paired(rounds=1)
    org = w.ids["organiser"]
    w.tournaments.record_result(tid, org, 1, 1, Result.a_wins())
    w.tournaments.record_result(tid, org, 1, 2, Result.b_wins())
    return tid, {"size": 4}


def _top_cut(w: World) -> tuple[UUID, dict[str, Any]]:
    tid, _ = _finished(w)
    w.tournaments.start_top_cut(tid, w.ids["organiser"], 4)
    bracket = w.tournaments.get(tid).bracket()
    assert bracket is not None
    match = bracket.match(1, 1)
    return tid, {"bracket_round": 1, "match": 1, "winner": match.a}


def _undoable(w: World) -> tuple[UUID, dict[str, Any]]:
    return w.event(), {}


ORGANISER_ONLY = dict.fromkeys(ROLES, FORBIDDEN) | {"anonymous": SIGN_IN, "organiser": OK}
PLAYERS_ONLY = ORGANISER_ONLY | {"organiser": FORBIDDEN, "player": OK, "opponent": OK}

# (action, form setup, expected status per role)
ORGANISER_ACTIONS: list[tuple[str, Setup, dict[str, int]]] = [
    (
        "register",
        lambda w: (w.event(), {"name": "New", "club": "Edo", "bye_rounds": "2", "fixed_table": 3}),
        ORGANISER_ONLY,
    ),
    ("unregister", _late_arrival, ORGANISER_ONLY),
    ("check-in", _late_arrival, ORGANISER_ONLY),
    ("check-in-all", _late_arrival, ORGANISER_ONLY),
    ("drop", lambda w: (w.event(), {"player": "p3"}), ORGANISER_ONLY),
    ("pair", _event, ORGANISER_ONLY),
    ("publish", _draft, ORGANISER_ONLY),
    ("delete-round", _draft, ORGANISER_ONLY),
    ("result", _result, ORGANISER_ONLY),
    ("link-game", _linkable, ORGANISER_ONLY | {"player": OK, "opponent": OK}),
    ("confirm-link", _proposed, ORGANISER_ONLY | {"opponent": OK}),  # not its proposer
    ("undo", _undoable, ORGANISER_ONLY),
    ("top-cut", _finished, ORGANISER_ONLY),
    ("top-cut-winner", _top_cut, ORGANISER_ONLY),
    ("add-organiser", lambda w: (w.event(), {"username": "rival"}), ORGANISER_ONLY),
]


def _attempt(world: World, role: str, url: str, data: dict[str, Any], tid: UUID) -> tuple[int, int]:
    before = world.tournaments.get(tid).version
    response = form(world.clients[role], url, data)
    after = world.tournaments.get(tid).version
    if response.status_code == SIGN_IN:
        assert "/sign-in" in response.headers["Location"]
    return response.status_code, after - before


def _walk(
    world: World, url: str, data: dict[str, Any], tid: UUID, expected: dict[str, int]
) -> None:
    allowed = [role for role in ROLES if expected[role] == OK]
    for role in [r for r in ROLES if r not in allowed] + allowed[:1]:
        status, changes = _attempt(world, role, url, data, tid)
        assert status == expected[role], (url, role, status)
        assert (changes > 0) == (status == OK), (url, role, "changed" if changes else "unchanged")


@pytest.mark.parametrize(
    ("action", "setup", "expected"), ORGANISER_ACTIONS, ids=[a[0] for a in ORGANISER_ACTIONS]
)
def test_each_role_may_do_only_its_own_organiser_actions(
    world: World, action: str, setup: Setup, expected: dict[str, int]
) -> None:
    tid, data = setup(world)
    _walk(world, f"/tournaments/{tid}/actions/{action}", data, tid, expected)
    # Every role that may act, acts on its own fresh event.
    for role in [r for r in ROLES if expected[r] == OK][1:]:
        tid, data = setup(world)
        status, changes = _attempt(world, role, f"/tournaments/{tid}/actions/{action}", data, tid)
        assert (status, changes > 0) == (OK, True), (action, role)


def test_only_the_two_players_report_their_game(world: World) -> None:
    tid, data = _result(world)
    _walk(world, f"/tournaments/{tid}/report", data, tid, PLAYERS_ONLY)
    tid, data = _result(world)
    status, changes = _attempt(world, "opponent", f"/tournaments/{tid}/report", data, tid)
    assert (status, changes) == (OK, 1)


def test_only_the_opponent_confirms_a_report(world: World) -> None:
    tid, data = _reported(world)
    expected = PLAYERS_ONLY | {"player": 422}
    for role in ("anonymous", "stranger", "organiser", "rival", "player"):
        status, changes = _attempt(world, role, f"/tournaments/{tid}/report", data, tid)
        assert (status, changes) == (expected[role], 0), role
    status, changes = _attempt(world, "opponent", f"/tournaments/{tid}/report", data, tid)
    assert (status, changes) == (OK, 1)
    assert world.tournaments.get(tid).table(1, 1).result is not None


def test_editing_pairings_is_for_the_organisers(world: World) -> None:
    tid, _ = _draft(world)
    url = f"/tournaments/{tid}/rounds/1/edit"
    data = {"pairings": "1: p1 v p3\n2: p2 v p4"}
    _walk(world, url, data, tid, ORGANISER_ONLY)


def test_only_organiser_accounts_create_tournaments(world: World) -> None:
    data = {"name": "Another", "game_system": "kensei", "rounds": 3}
    expected = {
        "anonymous": SIGN_IN,
        "player": FORBIDDEN,
        "opponent": FORBIDDEN,
        "stranger": FORBIDDEN,
        "organiser": OK,
        "rival": OK,
    }
    for role in ROLES:
        assert form(world.clients[role], "/tournaments/new", data).status_code == expected[role]


PUBLIC = dict.fromkeys(ROLES, 200)
ORGANISER_PAGES = ORGANISER_ONLY | {"organiser": 200}


@pytest.mark.parametrize(
    ("page", "expected"),
    [
        ("", PUBLIC),
        ("/projector", PUBLIC),
        ("/export/standings.csv", PUBLIC),
        ("/export/results.json", PUBLIC),
        ("/console", ORGANISER_PAGES),
        ("/audit", ORGANISER_PAGES),
        ("/print/by-table?round=1", ORGANISER_PAGES),
        ("/print/by-name?round=1", ORGANISER_PAGES),
        ("/print/slips?round=1", ORGANISER_PAGES),
        ("/print/standings", ORGANISER_PAGES),
        ("/rounds/1/edit", ORGANISER_PAGES),
        ("/me", ORGANISER_PAGES | {"organiser": FORBIDDEN, "player": 200, "opponent": 200}),
    ],
)
def test_who_may_read_which_page(world: World, page: str, expected: dict[str, int]) -> None:
    tid, _ = _published(world)
    for role in ROLES:
        response = world.clients[role].get(f"/tournaments/{tid}{page}")
        assert response.status_code == expected[role], (page, role)


# -- h3-event: registration, lists and judges ------------------------------------------


def _closed(w: World) -> tuple[UUID, dict[str, Any]]:
    tid = w.event()
    w.tournaments.close_registration(tid, w.ids["organiser"])
    return tid, {}


def _judged(w: World) -> tuple[UUID, dict[str, Any]]:
    tid = w.event()
    w.tournaments.add_judge(tid, w.ids["organiser"], w.ids["stranger"])
    return tid, {"judge": w.ids["stranger"]}


def _locked(w: World) -> tuple[UUID, dict[str, Any]]:
    tid = w.event()
    w.tournaments.lock_lists(tid, w.ids["organiser"])
    return tid, {}


REGISTRATION_ACTIONS: list[tuple[str, Setup, dict[str, int]]] = [
    ("close-registration", _event, ORGANISER_ONLY),
    ("open-registration", _closed, ORGANISER_ONLY),
    ("add-judge", lambda w: (w.event(), {"username": "stranger"}), ORGANISER_ONLY),
    ("remove-judge", _judged, ORGANISER_ONLY),
    ("lock-lists", _event, ORGANISER_ONLY),
    ("unlock-lists", _locked, ORGANISER_ONLY),
    ("publish-lists", lambda w: (w.event(), {"when": "after-event"}), ORGANISER_ONLY),
    # A player changes their own list (p1 is the player's), an organiser anyone's.
    (
        "list",
        lambda w: (w.event(), {"player": "p1", "faction": "kuge"}),
        ORGANISER_ONLY | {"player": OK},
    ),
]


@pytest.mark.parametrize(
    ("action", "setup", "expected"),
    REGISTRATION_ACTIONS,
    ids=[a[0] for a in REGISTRATION_ACTIONS],
)
def test_each_role_may_do_only_its_own_registration_actions(
    world: World, action: str, setup: Setup, expected: dict[str, int]
) -> None:
    test_each_role_may_do_only_its_own_organiser_actions(world, action, setup, expected)


def test_an_account_registers_itself_and_a_registered_player_changes_their_list(
    world: World,
) -> None:
    tid = world.event()
    for role in ("anonymous", "stranger", "player", "opponent"):
        data = {"name": role.title(), "faction": "sohei"}
        code, changes = _attempt(world, role, f"/tournaments/{tid}/register", data, tid)
        assert (code, changes) == ((SIGN_IN, 0) if role == "anonymous" else (OK, 1)), role
    t = world.tournaments.get(tid)
    assert len(t.players) == 5
    for role in ("stranger", "player", "opponent"):
        entry = t.player_of(world.ids[role])
        assert entry is not None
        assert entry.faction == "Sohei"


def test_a_judge_enters_results_and_reads_the_console_but_does_nothing_else(
    world: World,
) -> None:
    tid, data = _result(world)
    world.tournaments.add_judge(tid, world.ids["organiser"], world.ids["rival"])
    judge = world.clients["rival"]
    assert judge.get(f"/tournaments/{tid}/console").status_code == 200
    assert judge.get(f"/tournaments/{tid}/audit").status_code == FORBIDDEN
    for action, form_data in (
        ("pair", {}),
        ("undo", {}),
        ("lock-lists", {}),
        ("drop", {"player": "p3"}),
    ):
        status, changes = _attempt(
            world, "rival", f"/tournaments/{tid}/actions/{action}", form_data, tid
        )
        assert (status, changes) == (FORBIDDEN, 0), action
    status, changes = _attempt(world, "rival", f"/tournaments/{tid}/actions/result", data, tid)
    assert (status, changes) == (OK, 1)
