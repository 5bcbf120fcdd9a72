"""Imported past events (issue 26, item 3) on SQLite and PostgreSQL: an import gives
two ``game_sides`` rows per game with ``source = "imported"`` under the event's id,
which the meta counts and filters; a file with any problem stores nothing; a
rebuild gives the same rows; importing the same event again replaces its rows."""

from __future__ import annotations

import csv
import io
import json
from typing import Any
from uuid import UUID

from flask import Flask
from flask.testing import FlaskClient
from markupsafe import escape
from sqlalchemy import func, select, text
from werkzeug.test import TestResponse

from dashboards.data import all_data
from dashboards.meta_filters import Filters
from engine.kensei import sample_army_document
from replays import rollups
from replays.schema import game_sides, side_lists
from shiai.imported_events.aggregate import imported_event_id
from shiai.imported_events.application import imported_game_id
from shiai.imported_events.tables import imported_events
from tests.support.web import new_account, new_token, signed_in_client

HEADER = "event,date,player,faction,list,round,opponent,result,VP,size\n"
SPRING = (
    "Spring Cup,2025-04-12,Aiko,Buke,,1,Daichi,win,15,400\n"
    "Spring Cup,2025-04-12,Daichi,kuge,,1,Aiko,loss,6,400\n"
    "Spring Cup,2025-04-12,Emi,Sohei,,1,Haruto,draw,10,400\n"
    "Spring Cup,2025-04-12,Haruto,Otokodate,,1,Emi,draw,10,400\n"
    "Spring Cup,2025-04-13,Aiko,Buke,,2,Emi,loss,8,400\n"
    "Spring Cup,2025-04-13,Emi,Sohei,,2,Aiko,win,12,400\n"
    "Spring Cup,2025-04-13,Daichi,Kuge,,2,bye,,,400\n"
    "Spring Cup,2025-04-13,Ines,Kuge,,1,bye,,,400\n"
)


def _organiser(app: Flask, name: str = "importer") -> tuple[FlaskClient, str]:
    account_id = new_account(app, name, role="organiser")
    return signed_in_client(app, name), account_id


def _upload(client: FlaskClient, body: str, system: str = "kensei") -> TestResponse:
    with client.session_transaction() as session:
        token = session.setdefault("csrf_token", "t" * 22)
    data: dict[str, Any] = {
        "csrf_token": token,
        "system": system,
        "file": (io.BytesIO(body.encode()), "results.csv"),
    }
    return client.post("/meta/import", data=data, content_type="multipart/form-data")


def _imported_rows(app: Flask) -> list[Any]:
    c = game_sides.c
    query = select(game_sides).where(c.source == "imported").order_by(c.round, c.game_id, c.side)
    with app.extensions["shiai"].db_engine.connect() as conn:
        return list(conn.execute(query))


def _stored_events(app: Flask) -> int:
    with app.extensions["shiai"].db_engine.connect() as conn:
        return int(conn.scalar(text("SELECT count(*) FROM importedevents_events")) or 0)


def test_an_import_gives_the_meta_its_data_points(app: Flask) -> None:
    client, importer = _organiser(app)
    response = _upload(client, HEADER + SPRING)
    assert response.status_code == 303, response.text
    eid = imported_event_id(importer, "spring cup", "2025-04-12")
    assert f"imported={eid}" in response.headers["Location"]
    page = client.get(response.headers["Location"])
    assert page.status_code == 200
    assert "Imported 1 event" in page.text
    assert f"/meta?event={eid}" in page.text
    rows = _imported_rows(app)
    assert len(rows) == 6  # three games, two rows each; byes are no game
    for row in rows:
        assert (row.source, row.system, row.tournament_id, row.army_points) == (
            "imported",
            "kensei",
            eid,
            400,
        )
        assert (row.event_size, row.ending, row.account_id, row.first) == (
            5,
            "imported",
            None,
            None,
        )
        assert (row.turns, row.steps, row.scenario) == (0, 0, "")
    first = {row.side: row for row in rows if row.round == 1 and row.player in ("Aiko", "Daichi")}
    a, b = first["a"], first["b"]
    assert (
        a.game_id
        == b.game_id
        == imported_game_id(eid, {"round": 1, "a": {"player": "Aiko"}, "b": {"player": "Daichi"}})
    )
    assert (a.player, a.faction, a.opponent_faction, a.result, a.score, a.victory_points) == (
        "Aiko", "buke", "kuge", "win", 1.0, 15)  # fmt: skip
    assert (b.player, b.faction, b.result, b.score, b.victory_points) == (
        "Daichi",
        "kuge",
        "loss",
        0.0,
        6,
    )
    assert {row.played_on.isoformat() for row in rows if row.round == 2} == {"2025-04-13"}
    with app.extensions["shiai"].db_engine.connect() as conn:
        assert not rollups.missing(conn)
        for filters in (
            Filters(event=eid),
            Filters(source="imported"),
            Filters(event=eid, battle_size=400),
        ):
            data = all_data(conn, filters)
            rates = {row.faction: (row.games, row.wins) for row in data["faction-win-rates"]}
            assert rates == {"buke": (2, 1), "kuge": (1, 0), "sohei": (2, 1), "otokodate": (1, 0)}
        assert all_data(conn, Filters(source="recorded"))["faction-win-rates"] == []
        assert all_data(conn, Filters(source="reported"))["faction-win-rates"] == []
        listed = conn.execute(select(imported_events)).one()
    assert (listed.name, listed.players, listed.games, listed.imports) == ("Spring Cup", 5, 3, 1)
    # The meta lists the imported event among its events and filters to it.
    meta = client.get(f"/meta?event={eid}")
    assert meta.status_code == 200
    assert f'<option value="{eid}" selected>Spring Cup (2025-04-12, imported)</option>' in meta.text
    assert 'id="event-link"' not in meta.text  # no tournament page for an imported event


def test_a_file_with_problems_stores_nothing_and_lists_them(app: Flask) -> None:
    client, _ = _organiser(app)
    bad = SPRING.replace("Aiko,Buke,,1", "Aiko,Romans,,1").replace(",12,400", ",twelve,400")
    response = _upload(client, HEADER + bad)
    assert response.status_code == 422
    assert "was not imported" in response.text
    assert "2 problems" in response.text
    assert "&#39;Romans&#39; is not a Kensei faction" in response.text
    assert "VP must be a whole number from 0 to 100,000, not &#39;twelve&#39;" in response.text
    assert _imported_rows(app) == []
    assert _stored_events(app) == 0
    # Neither a file with good rows of one event and a bad row of another.
    response = _upload(client, HEADER + SPRING + "Other,2025-05-01,Jo,Buke,,1,Kim,win,3,\n")
    assert response.status_code == 422
    assert "no row of Kim&#39;s side" in response.text
    assert _imported_rows(app) == []
    assert _stored_events(app) == 0
    assert _upload(client, "", system="chess").status_code == 400


def test_importing_the_same_event_again_replaces_it(app: Flask) -> None:
    client, importer = _organiser(app)
    assert _upload(client, HEADER + SPRING).status_code == 303
    corrected = SPRING.replace("Emi,Sohei,,2,Aiko,win,12", "Emi,Sohei,,2,Aiko,draw,9").replace(
        "Aiko,Buke,,2,Emi,loss,8", "Aiko,Buke,,2,Emi,draw,9")  # fmt: skip
    response = _upload(client, HEADER + corrected)
    eid = imported_event_id(importer, "Spring Cup", "2025-04-12")
    assert f"replaced={eid}" in response.headers["Location"]
    assert "replaced the earlier import" in client.get(response.headers["Location"]).text
    rows = _imported_rows(app)
    assert len(rows) == 6
    assert {(row.player, row.result, row.victory_points) for row in rows if row.round == 2} == {
        ("Aiko", "draw", 9), ("Emi", "draw", 9)}  # fmt: skip
    with app.extensions["shiai"].db_engine.connect() as conn:
        assert conn.scalar(select(imported_events.c.imports)) == 2
        assert conn.scalar(select(func.count()).select_from(imported_events)) == 1
        rates = {
            r.faction: (r.games, r.wins, r.draws)
            for r in all_data(conn, Filters(event=eid))["faction-win-rates"]
        }
    assert rates["buke"] == (2, 1, 1)
    # Another organiser's import of an event of the same name is another event.
    other, _ = _organiser(app, "another")
    assert _upload(other, HEADER + SPRING).status_code == 303
    assert len(_imported_rows(app)) == 12


def test_each_rows_list_is_kept_in_the_events_record_and_feeds_the_list_tables(
    app: Flask,
) -> None:
    """The lists stay in the aggregate's event, with the engine's points and problems
    (a list that breaks the rules is kept, not refused), and reach the meta's list
    tables through the catalogue (``shiai.list_facts``), under the event's name."""
    good = json.dumps(sample_army_document("buke-400"))
    over = sample_army_document("kuge-400")
    over["units"][1]["count"] += 40
    rows = io.StringIO()
    writer = csv.writer(rows)
    writer.writerow(HEADER.strip().split(","))
    writer.writerow(["Cup", "2025-01-04", "Aiko", "Buke", good, 1, "Daichi", "win", 9, 400])
    writer.writerow(
        ["Cup", "2025-01-04", "Daichi", "Kuge", json.dumps(over), 1, "Aiko", "loss", 2, 400]
    )
    client, importer = _organiser(app)
    assert _upload(client, rows.getvalue()).status_code == 303
    found = app.extensions["shiai"].imported_events.get(
        imported_event_id(importer, "Cup", "2025-01-04")
    )
    [game] = found.games
    assert (game["a"]["list"], game["a"]["list_problems"]) == (good, [])
    assert game["a"]["list_points"] <= 400
    assert game["b"]["list"] == json.dumps(over)
    assert any(p.startswith("army-creation.total-cost:") for p in game["b"]["list_problems"])
    assert len(_imported_rows(app)) == 2
    event_id = imported_event_id(importer, "Cup", "2025-01-04")
    with app.extensions["shiai"].db_engine.connect() as conn:
        listed = conn.execute(
            select(side_lists.c.side, side_lists.c.faction, side_lists.c.player)
            .where(side_lists.c.tournament_id == event_id)
            .order_by(side_lists.c.side)
        ).all()
        assert not rollups.missing(conn)
        data = all_data(conn, Filters(event=event_id))
    assert [tuple(row) for row in listed] == [("a", "buke", "Aiko"), ("b", "kuge", "Daichi")]
    finishes = data["top-finishes"]
    assert [(row.event_name, row.player) for row in finishes[:1]] == [("Cup", "Aiko")]
    included = {(row.faction, row.games) for row in data["list-units"]}
    assert {("buke", 1), ("kuge", 1)} <= included
    # Imported again without its lists: the event's list rows go.
    bare = HEADER + (
        "Cup,2025-01-04,Aiko,Buke,,1,Daichi,win,9,400\n"
        "Cup,2025-01-04,Daichi,Kuge,,1,Aiko,loss,2,400\n"
    )
    assert _upload(client, bare).status_code == 303
    with app.extensions["shiai"].db_engine.connect() as conn:
        assert conn.scalar(select(func.count()).select_from(side_lists)) == 0
        assert all_data(conn, Filters(event=event_id))["list-units"] == []


def test_a_rebuild_gives_the_same_rows(app: Flask) -> None:
    client, _ = _organiser(app)
    assert _upload(client, HEADER + SPRING).status_code == 303
    before = [tuple(row) for row in _imported_rows(app)]
    services = app.extensions["shiai"]
    services.imported_event_rows.rebuild()
    with services.db_engine.begin() as conn:
        rollups.rebuild(conn)
        after_rollups = all_data(conn, Filters(source="imported"))["faction-win-rates"]
    assert [tuple(row) for row in _imported_rows(app)] == before
    assert len(after_rollups) == 4
    runner = app.test_cli_runner()
    result = runner.invoke(args=["rebuild-read-models"])
    assert result.exit_code == 0, result.output
    assert "imported events' results rebuilt from 1 events" in result.output
    assert [tuple(row) for row in _imported_rows(app)] == before


def test_only_organisers_import(app: Flask) -> None:
    new_account(app, "player", role="player")
    player = signed_in_client(app, "player")
    assert player.get("/meta/import").status_code == 403
    assert _upload(player, HEADER + SPRING).status_code == 403
    assert app.test_client().get("/meta/import").status_code in (302, 303)
    organiser, _ = _organiser(app)
    # Without the form's CSRF token, nothing is read.
    no_token = organiser.post("/meta/import", data={"file": (io.BytesIO(b"x"), "a.csv")})
    assert no_token.status_code == 400
    assert _stored_events(app) == 0
    meta = organiser.get("/meta")
    assert 'id="import-link"' in meta.text
    assert 'id="import-link"' not in player.get("/meta").text
    example = organiser.get("/meta/import/example.csv?system=kensei")
    assert example.status_code == 200
    assert example.text.startswith("event,date,player")
    assert _upload(organiser, example.text).status_code == 303


def test_the_import_page_refuses_bad_addresses(app: Flask) -> None:
    client, _ = _organiser(app)
    assert client.get("/meta/import?imported=nope").status_code == 400
    assert client.get(f"/meta/import?imported={UUID(int=0)}").status_code == 200


def test_hostile_names_stay_text_on_every_page(app: Flask) -> None:
    hostile = "<script>alert(1)</script>\"><input name=x>{{7*7}}'"
    rows = io.StringIO()
    writer = csv.writer(rows)
    writer.writerow(HEADER.strip().split(","))
    writer.writerow([hostile, "2025-01-04", hostile, "Buke", "", 1, "Daichi", "win", 9, ""])
    writer.writerow([hostile, "2025-01-04", "Daichi", "Kuge", "", 1, hostile, "loss", 2, ""])
    client, importer = _organiser(app)
    refused = _upload(client, rows.getvalue().replace("Buke", hostile))
    assert refused.status_code == 422
    done = client.get(_upload(client, rows.getvalue()).headers["Location"])
    eid = imported_event_id(importer, hostile, "2025-01-04")
    for page in (refused, done, client.get(f"/meta?event={eid}")):
        assert "<script>alert(1)" not in page.text
        assert "<input name=x>" not in page.text
        assert "{{7*7}}" in page.text
    for page in (done, client.get(f"/meta?event={eid}")):
        assert str(escape(hostile)) in page.text


def test_the_json_api_imports_and_lists_every_problem(app: Flask) -> None:
    new_account(app, "scripted", role="organiser")
    headers = {"Authorization": f"Bearer {new_token(app, 'scripted')}"}
    bad = SPRING.replace("Aiko,Buke,,1", "Aiko,Romans,,1")
    refused = app.test_client().post(
        "/api/imports", json={"csv": HEADER + bad, "system": "kensei"}, headers=headers
    )
    assert refused.status_code == 422
    body = refused.get_json()
    assert body["error"] == "import_refused"
    assert [(e["row"], e["column"], e["path"]) for e in body["errors"]] == [
        (2, "faction", "row 2, faction")
    ]
    assert _stored_events(app) == 0
    done = app.test_client().post(
        "/api/imports", json={"csv": HEADER + SPRING, "system": "kensei"}, headers=headers
    )
    assert done.status_code == 201, done.text
    [event] = done.get_json()["events"]
    assert (event["name"], event["players"], event["games"], event["replaced"]) == (
        "Spring Cup", 5, 3, False)  # fmt: skip
    assert event["meta"] == f"/meta?event={event['id']}"
    again = app.test_client().post("/api/imports", json={"csv": HEADER + SPRING}, headers=headers)
    assert again.status_code == 422  # no system: every row says so
    again = app.test_client().post(
        "/api/imports", json={"csv": HEADER + SPRING, "system": "kensei"}, headers=headers
    )
    assert again.get_json()["events"][0]["replaced"] is True
    assert len(_imported_rows(app)) == 6
    # A player's token may not import; a body the schema refuses is a 400.
    player = {"Authorization": f"Bearer {new_token(app, 'just-a-player')}"}
    client = app.test_client()
    assert client.post("/api/imports", json={"csv": "x"}, headers=player).status_code == 403
    assert client.post("/api/imports", json={"cvs": "x"}, headers=headers).status_code == 400
    unknown = client.post("/api/imports", json={"csv": "x", "system": "chess"}, headers=headers)
    assert unknown.status_code == 400
    assert client.post("/api/imports", json={"csv": "x"}).status_code == 401
