"""Registration and army lists through the pages: a player registers themself and
fixes their list, an organiser imports a CSV file of players (all or nothing),
locks and publishes the lists, judges enter results; a list stays with its player
and the staff until it is published, on every page and export."""

from __future__ import annotations

import io
import json
from pathlib import Path
from uuid import UUID

import pytest
from flask import Flask
from flask.testing import FlaskClient

from shiai.tournaments.model import Result
from tests.support.web import form, new_account, signed_in_client

ARMIES = Path(__file__).parents[2] / "engine" / "kensei" / "data" / "armies"
BUKE = (ARMIES / "buke-400.json").read_text()
# A unit of another faction's troop: the engine names the problem.
BROKEN = json.dumps(
    json.loads(BUKE) | {"units": [*json.loads(BUKE)["units"], {"troop": "kuge_kuge", "count": 3}]}
)


@pytest.fixture
def site(sqlite_app: Flask) -> dict[str, object]:
    ids = {
        "organiser": new_account(sqlite_app, "organiser", role="organiser"),
        "alice": new_account(sqlite_app, "alice"),
        "bob": new_account(sqlite_app, "bob"),
        "judge": new_account(sqlite_app, "judge"),
    }
    tournaments = sqlite_app.extensions["shiai"].tournaments
    tid = tournaments.create(
        ids["organiser"], name="Cup", game_system="kensei", battle_size="400", rounds=2, seed="s"
    )
    return {"app": sqlite_app, "tid": tid, "ids": ids, "tournaments": tournaments}


def _client(site: dict[str, object], who: str) -> FlaskClient:
    app = site["app"]
    assert isinstance(app, Flask)
    return signed_in_client(app, who) if who != "anonymous" else app.test_client()


def _version(site: dict[str, object]) -> int:
    version: int = site["tournaments"].get(site["tid"]).version  # type: ignore[attr-defined]
    return version


def test_an_anonymous_visitor_is_sent_to_sign_in_and_back(site: dict[str, object]) -> None:
    response = _client(site, "anonymous").get(f"/tournaments/{site['tid']}/register")
    assert response.status_code == 302
    assert "next=/tournaments/" in response.headers["Location"].replace("%2F", "/")


def test_a_player_registers_sees_every_problem_of_the_list_and_fixes_it(
    site: dict[str, object],
) -> None:
    alice = _client(site, "alice")
    url = f"/tournaments/{site['tid']}/register"
    page = alice.get(url)
    assert 'value="Alice"' in page.text  # the account's display name
    assert '<option value="buke"' in page.text
    response = form(alice, url, {"name": "Alice", "faction": "buke", "army_list": BROKEN})
    assert response.status_code == 303
    page = alice.get(url)
    assert "invalid (1 problem)" in page.text
    assert "kuge_kuge" in page.text
    refused = form(alice, url, {"faction": "kuge", "army_list": BUKE})
    assert refused.status_code == 422
    assert "a Buke list but the faction chosen is Kuge" in refused.text
    assert BUKE.strip()[:40] in refused.text.replace("&#34;", '"')  # the list is kept
    assert form(alice, url, {"faction": "buke", "army_list": BUKE}).status_code == 303
    assert "valid" in alice.get(url).text


def test_a_closed_registration_says_so_and_refuses(site: dict[str, object]) -> None:
    organiser = _client(site, "organiser")
    act = f"/tournaments/{site['tid']}/actions"
    assert form(organiser, f"{act}/close-registration").status_code == 303
    bob = _client(site, "bob")
    url = f"/tournaments/{site['tid']}/register"
    assert "Registration is closed" in bob.get(url).text
    version = _version(site)
    assert form(bob, url, {"name": "Bob"}).status_code == 422
    assert form(bob, f"{act}/open-registration").status_code == 403
    assert _version(site) == version


CSV_OK = (
    "name,club,faction,account,list\n"
    "Akechi,Edo,buke,,\n"
    f'Baba,,,alice,"{BUKE.replace(chr(34), chr(34) * 2)}"\n'
    "Chosokabe,Osaka,Sohei,,\n"
)
CSV_BAD = "name,club,faction,account\nAkechi,Edo,buke,\n,Edo,,\nDate,,Hattori,nobody\n"


def _upload(client: FlaskClient, tid: UUID, text: str) -> object:
    with client.session_transaction() as session:
        token = session.setdefault("csrf_token", "t" * 20)
    return client.post(
        f"/tournaments/{tid}/actions/import-players",
        data={"csrf_token": token, "players": (io.BytesIO(text.encode()), "players.csv")},
        content_type="multipart/form-data",
    )


def test_an_import_with_problems_lists_every_row_and_stores_nothing(
    site: dict[str, object],
) -> None:
    organiser = _client(site, "organiser")
    version = _version(site)
    response = _upload(organiser, site["tid"], CSV_BAD)  # type: ignore[arg-type]
    assert response.status_code == 422  # type: ignore[attr-defined]
    text = response.text  # type: ignore[attr-defined]
    assert "row 3: a player needs a name" in text
    assert "row 4 (Date): " in text
    assert "Hattori" in text
    assert _version(site) == version
    header = _upload(organiser, site["tid"], "who,what\nx,y\n")  # type: ignore[arg-type]
    assert header.status_code == 400  # type: ignore[attr-defined]
    assert _version(site) == version


def test_an_import_registers_everyone_with_their_lists_statuses(site: dict[str, object]) -> None:
    organiser = _client(site, "organiser")
    response = _upload(organiser, site["tid"], CSV_OK)  # type: ignore[arg-type]
    assert response.status_code == 303, response.text  # type: ignore[attr-defined]
    t = site["tournaments"].get(site["tid"])  # type: ignore[attr-defined]
    assert [p.name for p in t.players.values()] == ["Akechi", "Baba", "Chosokabe"]
    assert t.players["p2"].account_id == site["ids"]["alice"]  # type: ignore[index]
    console = organiser.get(f"/tournaments/{site['tid']}/console").text
    assert console.count(">missing<") == 2
    assert ">valid<" in console
    assert _upload(_client(site, "bob"), site["tid"], CSV_OK).status_code == 403  # type: ignore[arg-type, attr-defined]


def test_a_list_is_redacted_until_published_on_every_page_and_export(
    site: dict[str, object],
) -> None:
    tid = site["tid"]
    alice = _client(site, "alice")
    form(alice, f"/tournaments/{tid}/register", {"name": "Alice", "army_list": BUKE})
    organiser = _client(site, "organiser")
    act = f"/tournaments/{tid}/actions"
    assert form(organiser, f"{act}/add-judge", {"username": "judge"}).status_code == 303
    list_url = f"/tournaments/{tid}/players/p1/list"
    secret = "buke teppo taisho"  # a leader of the list, as the list page shows it
    for who, status in (("alice", 200), ("organiser", 200), ("judge", 200), ("bob", 403)):
        response = _client(site, who).get(list_url)
        assert response.status_code == status, who
        assert (secret in response.text) == (status == 200), who
    anonymous = _client(site, "anonymous")
    assert anonymous.get(list_url).status_code == 403
    for page in ("", "/projector", "/export/standings.json", "/export/results.json"):
        assert "buke_teppo_taisho" not in anonymous.get(f"/tournaments/{tid}{page}").text, page
    assert form(alice, f"{act}/publish-lists", {"when": "now"}).status_code == 403
    assert form(organiser, f"{act}/publish-lists", {"when": "now"}).status_code == 303
    assert secret in anonymous.get(list_url).text
    assert list_url in anonymous.get(f"/tournaments/{tid}").text


def test_a_judge_enters_results_from_the_console_but_cannot_pair(
    site: dict[str, object],
) -> None:
    tid = site["tid"]
    tournaments = site["tournaments"]
    org = site["ids"]["organiser"]  # type: ignore[index]
    for name in ("Akechi", "Baba"):
        tournaments.check_in(tid, org, tournaments.register(tid, org, name=name))  # type: ignore[attr-defined]
    organiser = _client(site, "organiser")
    act = f"/tournaments/{tid}/actions"
    form(organiser, f"{act}/add-judge", {"username": "judge"})
    judge = _client(site, "judge")
    assert judge.get(f"/tournaments/{tid}/console").status_code == 200
    assert form(judge, f"{act}/pair").status_code == 403
    assert form(organiser, f"{act}/pair").status_code == 303
    assert form(judge, f"{act}/publish", {"round": 1}).status_code == 403
    assert form(organiser, f"{act}/publish", {"round": 1}).status_code == 303
    result = {"round": 1, "table": 1, "winner": "a", "a_vp": 10, "b_vp": 2}
    assert form(judge, f"{act}/result", result).status_code == 303
    assert tournaments.get(tid).table(1, 1).result["a_vp"] == 10  # type: ignore[attr-defined]
    again = form(judge, f"{act}/result", result)
    assert again.status_code == 422
    assert "correct it instead" in again.text
    assert form(judge, f"{act}/lock-lists").status_code == 403
    assert (
        form(organiser, f"{act}/remove-judge", {"judge": site["ids"]["judge"]}).status_code == 303
    )  # type: ignore[index]
    assert judge.get(f"/tournaments/{tid}/console").status_code == 403
    tournaments.record_result(tid, org, 1, 1, Result.draw(), correction=True)  # type: ignore[attr-defined]
