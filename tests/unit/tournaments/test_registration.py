"""Registration, army lists and judges, on the in-memory store: who may register
whom and when, what a list's check keeps, the lock and the publication of the
lists, a CSV import that stores all its players or none, and what judges may do."""

from __future__ import annotations

import json
from pathlib import Path
from uuid import UUID

import pytest

from replays.store import MEMORY, event_store_env
from shiai.tournaments.aggregate import (
    ImportRefused,
    NotAllowed,
    PlayerRow,
    Tournament,
    TournamentRefused,
)
from shiai.tournaments.application import Tournaments
from shiai.tournaments.model import Result

ORG, ALICE, BOB, JUDGE, STRANGER = "organiser", "alice", "bob", "judge", "stranger"
ARMIES = Path(__file__).parents[3] / "engine" / "kensei" / "data" / "armies"


def sample(name: str) -> str:
    return (ARMIES / f"{name}.json").read_text()


def broken(name: str = "buke-400") -> str:
    """A sample list with a unit of a troop the faction does not have."""
    document = json.loads(sample(name))
    document["units"].append({"troop": "kuge_kuge", "count": 3})
    return json.dumps(document)


@pytest.fixture
def app() -> Tournaments:
    return Tournaments(event_store_env(MEMORY))


def event(app: Tournaments, *, battle_size: str = "400 points", rounds: int = 2, **kw: int) -> UUID:
    return app.create(
        ORG,
        name="Cup",
        game_system="kensei",
        battle_size=battle_size,
        rounds=rounds,
        seed="s",
        **kw,
    )


# -- players register themselves ---------------------------------------------------


def test_a_player_registers_themself_with_a_valid_list_and_its_faction(app: Tournaments) -> None:
    tid = event(app)
    player_id = app.register_self(tid, ALICE, name="Alice", army_list=sample("buke-400"))
    entry = app.get(tid).players[player_id]
    assert (entry.account_id, entry.faction, entry.list_points) == (ALICE, "Buke", 400)
    assert Tournament.list_status(entry) == "valid"


def test_a_list_that_breaks_the_rules_is_kept_with_every_problem_and_can_be_fixed(
    app: Tournaments,
) -> None:
    tid = event(app)
    player_id = app.register_self(tid, ALICE, name="Alice", army_list=broken())
    entry = app.get(tid).players[player_id]
    assert entry.list_problems
    assert Tournament.list_status(entry).startswith("invalid (")
    app.submit_list(tid, ALICE, player_id, faction="buke", army_list=sample("buke-400"))
    assert Tournament.list_status(app.get(tid).players[player_id]) == "valid"


def test_a_list_for_another_battle_size_is_a_problem(app: Tournaments) -> None:
    tid = event(app, battle_size="600")
    player_id = app.register_self(tid, ALICE, name="Alice", army_list=sample("buke-400"))
    problems = app.get(tid).players[player_id].list_problems or []
    assert any("this event plays 600" in problem for problem in problems)


def test_the_faction_is_a_catalogue_faction_and_the_list_s_own(app: Tournaments) -> None:
    tid = event(app)
    with pytest.raises(TournamentRefused, match="not a faction of kensei"):
        app.register_self(tid, ALICE, name="Alice", faction="Hattori")
    with pytest.raises(TournamentRefused, match="a Buke list but the faction chosen is Kuge"):
        app.register_self(tid, ALICE, name="Alice", faction="kuge", army_list=sample("buke-400"))
    player_id = app.register_self(tid, ALICE, name="Alice", faction="KUGE")
    entry = app.get(tid).players[player_id]
    assert (entry.faction, Tournament.list_status(entry)) == ("Kuge", "missing")


def test_a_system_without_a_catalogue_takes_any_faction_and_an_unchecked_list(
    app: Tournaments,
) -> None:
    tid = app.create(ORG, name="Race", game_system="dice-race", rounds=1, seed="s")
    player_id = app.register_self(tid, ALICE, name="Alice", faction="Oda", army_list="3 dice")
    entry = app.get(tid).players[player_id]
    assert (entry.faction, Tournament.list_status(entry)) == ("Oda", "submitted")


def test_self_registration_only_while_open_once_and_before_late_entry_closes(
    app: Tournaments,
) -> None:
    tid = event(app)
    app.close_registration(tid, ORG)
    with pytest.raises(TournamentRefused, match="registration is closed"):
        app.register_self(tid, ALICE, name="Alice")
    app.register(tid, ORG, name="Walk-in")  # the organiser still registers players
    app.open_registration(tid, ORG)
    app.register_self(tid, ALICE, name="Alice")
    with pytest.raises(TournamentRefused, match="already registered"):
        app.register_self(tid, ALICE, name="Alice again")
    app.register_self(tid, BOB, name="Bob")
    app.check_in(tid, ORG, "p1")
    app.check_in(tid, ORG, "p2")
    app.pair_next_round(tid, ORG)
    assert not app.get(tid).registration_open
    with pytest.raises(TournamentRefused, match="registration closed when round 1 was paired"):
        app.register_self(tid, STRANGER, name="Late")


def test_only_organisers_open_and_close_the_registration(app: Tournaments) -> None:
    tid = event(app)
    with pytest.raises(NotAllowed):
        app.close_registration(tid, ALICE)
    with pytest.raises(TournamentRefused, match="already open"):
        app.open_registration(tid, ORG)


# -- the lists' lock and publication ---------------------------------------------------


def test_players_change_only_their_own_list_until_the_lists_are_locked(
    app: Tournaments,
) -> None:
    tid = event(app)
    alice = app.register_self(tid, ALICE, name="Alice", army_list=broken())
    bob = app.register_self(tid, BOB, name="Bob")
    with pytest.raises(NotAllowed, match="only their own list"):
        app.submit_list(tid, BOB, alice, faction="", army_list=sample("buke-400"))
    app.lock_lists(tid, ORG)
    with pytest.raises(TournamentRefused, match="locked"):
        app.submit_list(tid, ALICE, alice, faction="", army_list=sample("buke-400"))
    app.submit_list(tid, ORG, alice, faction="", army_list=sample("buke-400"))  # an organiser may
    assert Tournament.list_status(app.get(tid).players[alice]) == "valid"
    with pytest.raises(NotAllowed):
        app.lock_lists(tid, ALICE)
    app.unlock_lists(tid, ORG)
    app.submit_list(tid, BOB, bob, faction="", army_list=sample("kuge-400"))
    assert app.get(tid).players[bob].faction == "Kuge"


def test_a_list_is_seen_by_its_player_and_the_staff_until_it_is_published(
    app: Tournaments,
) -> None:
    tid = event(app)
    alice = app.register_self(tid, ALICE, name="Alice", army_list=sample("buke-400"))
    app.register_self(tid, BOB, name="Bob")
    app.add_judge(tid, ORG, JUDGE)
    t = app.get(tid)
    assert [t.may_see_list(who, alice) for who in (ALICE, ORG, JUDGE, BOB, None)] == [
        True,
        True,
        True,
        False,
        False,
    ]
    app.publish_lists(tid, ORG)
    assert app.get(tid).may_see_list(None, alice)
    with pytest.raises(TournamentRefused, match="published: ask an organiser"):
        app.submit_list(tid, ALICE, alice, faction="", army_list="")


def test_lists_published_after_the_event_show_once_it_is_finished(app: Tournaments) -> None:
    tid = event(app, rounds=1)
    alice = app.register_self(tid, ALICE, name="Alice", army_list=sample("buke-400"))
    app.register_self(tid, BOB, name="Bob", army_list=sample("kuge-400"))
    app.publish_lists(tid, ORG, after_event=True)
    for player_id in ("p1", "p2"):
        app.check_in(tid, ORG, player_id)
    app.pair_next_round(tid, ORG)
    app.publish(tid, ORG, 1)
    assert not app.get(tid).may_see_list(None, alice)
    app.record_result(tid, ORG, 1, 1, Result.a_wins(10, 2))
    assert app.get(tid).status == "finished"
    assert app.get(tid).may_see_list(None, alice)


# -- the organiser's import --------------------------------------------------------------


def test_an_import_with_problems_reports_every_row_and_stores_nothing(app: Tournaments) -> None:
    tid = event(app)
    app.register(tid, ORG, name="Akechi")
    version = app.get(tid).version
    rows = [
        PlayerRow(row=2, name="Akechi"),
        PlayerRow(row=3, name=""),
        PlayerRow(row=4, name="Baba", faction="Hattori"),
        PlayerRow(row=5, name="Date", username="nobody"),
        PlayerRow(row=6, name="Ena", faction="kuge", army_list=sample("buke-400")),
        PlayerRow(row=7, name="Fine", faction="sohei"),
    ]
    with pytest.raises(ImportRefused) as refused:
        app.import_players(tid, ORG, rows)
    problems = refused.value.problems
    assert [p.split(":")[0] for p in problems] == [
        "row 2 (Akechi)",
        "row 3",
        "row 4 (Baba)",
        "row 5 (Date)",
        "row 6 (Ena)",
    ]
    assert "no account has the username 'nobody'" in problems[3]
    assert app.get(tid).version == version


def test_an_import_registers_every_row_in_one_change_and_one_undo(app: Tournaments) -> None:
    tid = event(app)
    rows = [
        PlayerRow(row=2, name="Akechi", club="Edo", faction="buke"),
        PlayerRow(row=3, name="Baba", army_list=broken(), username="alice", account_id=ALICE),
        PlayerRow(row=4, name="Chosokabe"),
    ]
    version = app.get(tid).version
    assert app.import_players(tid, ORG, rows) == ["p1", "p2", "p3"]
    t = app.get(tid)
    assert t.version == version + 1
    assert t.player_of(ALICE) is t.players["p2"]
    assert [Tournament.list_status(p).split(" ")[0] for p in t.players.values()] == [
        "missing",
        "invalid",
        "missing",
    ]
    with pytest.raises(NotAllowed):
        app.import_players(tid, ALICE, rows)
    app.undo(tid, ORG)
    assert app.get(tid).players == {}


# -- judges -----------------------------------------------------------------------------


def test_judges_enter_and_correct_results_but_do_not_run_the_event(app: Tournaments) -> None:
    tid = event(app)
    for name in ("Alice", "Bob"):
        app.check_in(tid, ORG, app.register(tid, ORG, name=name))
    app.add_judge(tid, ORG, JUDGE)
    with pytest.raises(TournamentRefused, match="already judges"):
        app.add_judge(tid, ORG, JUDGE)
    with pytest.raises(NotAllowed):
        app.add_judge(tid, JUDGE, STRANGER)
    with pytest.raises(NotAllowed):
        app.pair_next_round(tid, JUDGE)
    app.pair_next_round(tid, ORG)
    with pytest.raises(NotAllowed):
        app.publish(tid, JUDGE, 1)
    app.publish(tid, ORG, 1)
    app.record_result(tid, JUDGE, 1, 1, Result.a_wins(10, 2))
    app.record_result(tid, JUDGE, 1, 1, Result.draw(5, 5), correction=True)
    assert app.get(tid).table(1, 1).result == {"a": "draw", "b": "draw", "a_vp": 5, "b_vp": 5}
    for refused in (
        lambda: app.register(tid, JUDGE, name="Carol"),
        lambda: app.close_registration(tid, JUDGE),
        lambda: app.lock_lists(tid, JUDGE),
        lambda: app.undo(tid, JUDGE),
    ):
        with pytest.raises(NotAllowed):
            refused()
    app.remove_judge(tid, ORG, JUDGE)
    with pytest.raises(NotAllowed):
        app.record_result(tid, JUDGE, 1, 1, Result.a_wins(), correction=True)
    assert not app.get(tid).is_judge(JUDGE)
