"""A 16-player, 5-round Swiss event run entirely through the pages."""

from __future__ import annotations

from flask import Flask

from shiai.tournaments.standings import compute_standings
from tests.support.web import created_tournament, form, new_account, signed_in_client

PLAYERS = 16
ROUNDS = 5


def test_a_sixteen_player_five_round_event_runs_through_the_pages(sqlite_app: Flask) -> None:
    app = sqlite_app
    services = app.extensions["shiai"]
    new_account(app, "tsukahara", role="organiser")
    organiser = signed_in_client(app, "tsukahara")

    # The organiser creates the event...
    tid = created_tournament(
        form(
            organiser,
            "/tournaments/new",
            {
                "name": "Spring Open",
                "game_system": "kensei",
                "battle_size": "300 points",
                "rounds": ROUNDS,
                "club_avoidance": "soft",
                "tiebreaks": ["sos", "vp_differential"],
            },
        )
    )
    console = f"/tournaments/{tid}/console"
    act = f"/tournaments/{tid}/actions"
    # ...registers sixteen players, each with an account, and checks them in.
    clients = {}
    for number in range(1, PLAYERS + 1):
        username = f"player{number:02d}"
        new_account(app, username)
        response = form(
            organiser,
            f"{act}/register",
            {
                "name": f"Player {number:02d}",
                "club": f"Club {number % 5}",
                "faction": "Kuge",
                "account": username,
            },
        )
        assert response.status_code == 303, response.text
        clients[f"p{number}"] = signed_in_client(app, username)
    assert form(organiser, f"{act}/check-in-all").status_code == 303

    for round_number in range(1, ROUNDS + 1):
        # Pair and publish.
        assert form(organiser, f"{act}/pair").status_code == 303
        assert form(organiser, f"{act}/publish", {"round": round_number}).status_code == 303
        tournament = services.tournaments.get(tid)
        tables = tournament.round(round_number).tables
        assert len(tables) * 2 + len(tournament.round(round_number).byes) == len(
            [p for p in tournament.history().players if p.is_active(round_number)]
        )
        # Players report; their opponents confirm.
        for index, table in enumerate(tables):
            winner = "a" if index % 3 else "draw"
            data = {
                "round": round_number,
                "table": table.table,
                "winner": winner,
                "a_vp": 10 + index,
                "b_vp": 5,
            }
            response = form(clients[table.a], f"/tournaments/{tid}/report", data)
            assert response.status_code == 303, response.text
            confirm = {"round": round_number, "table": table.table, "confirm": "1"}
            response = form(clients[table.b], f"/tournaments/{tid}/report", confirm)
            assert response.status_code == 303, response.text
        if round_number == 2:
            # A player drops after round 2.
            dropper = tables[-1].b
            response = form(organiser, f"{act}/drop", {"player": dropper})
            assert response.status_code == 303
        if round_number == 4:
            # Round 2's table 1 is corrected after later rounds were played.
            response = form(
                organiser,
                f"{act}/result",
                {"round": 2, "table": 1, "winner": "b", "a_vp": 3, "b_vp": 15, "correction": "1"},
            )
            assert response.status_code == 303, response.text

    tournament = services.tournaments.get(tid)
    assert tournament.status == "finished"
    assert tournament.round(2).tables[0].result == {
        "a": "loss",
        "b": "win",
        "a_vp": 3.0,
        "b_vp": 15.0,
    }
    assert tournament.players[dropper].dropped_after_round == 2
    # The final standings on the page are compute_standings of the same history.
    expected = compute_standings(tournament.history(), seed=tournament.seed)
    page = app.test_client().get(f"/tournaments/{tid}/export/standings.json")
    assert page.status_code == 200
    rows = page.get_json()["standings"]
    assert [row["player_id"] for row in rows] == list(expected.order())
    assert [row["score"] for row in rows] == [row.score for row in expected.rows]
    assert [row["sos"] for row in rows] == [
        row.tiebreak(row.tiebreaks[0][0]) for row in expected.rows
    ]
    assert sum(row["dropped"] for row in rows) == 1
    # Public pages show it, the console too.
    assert "Player 01" in app.test_client().get(f"/tournaments/{tid}").text
    assert organiser.get(console).status_code == 200
    assert app.test_client().get("/leaderboard").text.count("<tr>") == PLAYERS + 1
