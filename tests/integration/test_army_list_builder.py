"""The army-list builder's endpoints: the catalogue it reads, the engine's verdict on
a list while it is built, and the page to build one."""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask, render_template_string
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from engine.kensei import sample_army_document
from shiai import create_app
from shiai.migrations import upgrade
from shiai.web.army_lists import MAX_CHECK_BYTES
from tests.conftest import platform_config

CHECK = "/army-lists/check"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    """One app for the module: nothing here writes to the database."""
    database = f"sqlite:///{tmp_path_factory.mktemp('lists') / 'shiai.db'}"
    upgrade(database)
    app = create_app(platform_config(database))
    yield app
    app.extensions["shiai"].close()


@pytest.fixture
def browser(site: Flask) -> FlaskClient:
    return site.test_client()


def csrf(client: FlaskClient) -> str:
    with client.session_transaction() as session:
        token: str = session.setdefault("csrf_token", secrets.token_urlsafe(16))
    return token


def ask(client: FlaskClient, body: Any, *, raw: bytes | None = None) -> TestResponse:
    """POST to the check as the builder does: JSON and the page's CSRF header."""
    data = raw if raw is not None else json.dumps(body).encode()
    headers = {"X-CSRF-Token": csrf(client), "Content-Type": "application/json"}
    return client.post(CHECK, data=data, headers=headers)


# -- the catalogue ---------------------------------------------------------------------------


def test_the_catalogue_lists_factions_troops_levels_and_sizes(browser: FlaskClient) -> None:
    response = browser.get("/army-lists/catalogue/kensei.json")
    assert response.status_code == 200
    catalogue = response.json
    assert [f["name"] for f in catalogue["factions"]] == ["Buke", "Kuge", "Otokodate", "Sohei"]
    assert catalogue["battle_size"] == {"min": 200, "max": 1000}
    assert [(lv["level"], lv["cost"]) for lv in catalogue["commander_levels"]] == [
        (0, 0),
        (1, 10),
        (2, 20),
    ]
    assert catalogue["sample"] is True
    assert "Sample data" in catalogue["notice"]
    buke = catalogue["factions"][0]
    daimyo = next(t for t in buke["troops"] if t["id"] == "buke_daimyo")
    assert daimyo == {
        "id": "buke_daimyo",
        "name": "Daimyo",
        "class": "H",
        "class_name": "Hero",
        "class_rank": 1,
        "type": "mounted",
        "cost": 65,
        "leader": True,
        "can_lead_units": True,
        "unique": True,
        "ranged_bands": ["long"],
    }
    assert buke["type_caps"]["mounted"] == {"max_percent": 35, "max_points": []}


def test_the_catalogue_is_cached_and_revalidated_with_an_etag(browser: FlaskClient) -> None:
    first = browser.get("/army-lists/catalogue/kensei.json")
    assert "public" in first.headers["Cache-Control"]
    assert "max-age=3600" in first.headers["Cache-Control"]
    again = browser.get(
        "/army-lists/catalogue/kensei.json", headers={"If-None-Match": first.headers["ETag"]}
    )
    assert again.status_code == 304


@pytest.mark.parametrize("system", ["senjutsu", "x" * 300, "%00"])
def test_a_system_without_a_catalogue_is_404_in_json(browser: FlaskClient, system: str) -> None:
    response = browser.get(f"/army-lists/catalogue/{system}.json")
    assert response.status_code in (400, 404)
    assert response.is_json
    assert response.json["message"]


# -- the check -------------------------------------------------------------------------------


def test_a_sample_list_is_legal_with_its_points(browser: FlaskClient) -> None:
    document = sample_army_document("buke-400")
    response = ask(browser, {"game_system": "kensei", "battle_size": 400, "list": document})
    assert response.status_code == 200, response.text
    assert response.json == {
        "faction": "buke",
        "faction_name": "Buke",
        "points": 400,
        "ok": True,
        "violations": [],
    }


def test_the_list_as_text_is_checked_the_same(browser: FlaskClient) -> None:
    text = json.dumps(sample_army_document("buke-400"), indent=2)
    response = ask(browser, {"game_system": "Kensei", "battle_size": None, "list": text})
    assert response.json["ok"] is True
    assert response.json["points"] == 400


def test_every_violation_comes_with_its_rule_id(browser: FlaskClient) -> None:
    document = sample_army_document("buke-400")
    document["units"][1]["count"] += 20  # 20 more samurai: 240 points over
    document["general"] = "buke_gunbugyo"  # an Elite, not a Hero
    response = ask(browser, {"game_system": "kensei", "battle_size": 600, "list": document})
    assert response.status_code == 200
    verdict = response.json
    assert verdict["ok"] is False
    assert verdict["points"] == 640
    rules = [v["rule"] for v in verdict["violations"]]
    assert rules == [
        "army-creation.general",
        "army-creation.total-cost",
        "army-creation.battle-size",
    ]
    assert "this event plays 600" in verdict["violations"][-1]["message"]


def test_a_list_the_engine_cannot_read_breaks_the_format_rule(browser: FlaskClient) -> None:
    response = ask(browser, {"game_system": "kensei", "list": '{"faction": "buke"'})
    assert response.status_code == 200
    [violation] = response.json["violations"]
    assert violation["rule"] == "army-list.format"
    assert violation["message"].startswith("the list is not JSON")
    schema = ask(browser, {"game_system": "kensei", "list": {"faction": "buke", "units": 3}})
    assert {v["rule"] for v in schema.json["violations"]} == {"army-list.format"}
    assert schema.json["faction"] == "buke"
    assert schema.json["points"] is None


def test_a_list_over_the_size_limit_is_a_violation_and_a_huge_request_is_413(
    browser: FlaskClient,
) -> None:
    big = {"game_system": "kensei", "list": " " * 20_001}
    verdict = ask(browser, big)
    assert verdict.status_code == 200
    assert verdict.json["violations"][0]["message"] == "the list is over 20,000 bytes"
    huge = ask(browser, {"game_system": "kensei", "list": " " * (MAX_CHECK_BYTES + 1)})
    assert huge.status_code == 413
    assert "an army list is at most 20,000 bytes" in huge.json["message"]


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (b"{", "the request is not JSON"),
        (b"[1, 2]", "the request is a JSON object"),
        (b'{"list": "{}"}', "game_system is the system's id"),
        (b'{"game_system": "kensei", "list": 3}', "list is the army list"),
        (b'{"game_system": "kensei", "battle_size": "400", "list": "{}"}', "battle_size is"),
        (b'{"game_system": "kensei", "battle_size": true, "list": "{}"}', "battle_size is"),
        (b'{"game_system": "kensei", "battle_size": 10000000, "list": "{}"}', "battle_size is"),
        (b"[" * 5000 + b"]" * 5000, "the JSON is nested too deeply"),
        (b"\xff\xfe", "the request is not JSON"),
    ],
)
def test_a_malformed_request_is_400_with_a_message(
    browser: FlaskClient, raw: bytes, message: str
) -> None:
    response = ask(browser, None, raw=raw)
    assert response.status_code == 400, response.text
    assert response.is_json
    assert response.json["message"].startswith(message)


def test_an_unknown_system_is_404(browser: FlaskClient) -> None:
    response = ask(browser, {"game_system": "senjutsu", "list": "{}"})
    assert response.status_code == 404
    assert "no army catalogue for 'senjutsu'" in response.json["message"]


def test_the_check_needs_the_pages_csrf_token_and_answers_in_json(browser: FlaskClient) -> None:
    body = json.dumps({"game_system": "kensei", "list": "{}"})
    response = browser.post(CHECK, data=body, content_type="application/json")
    assert response.status_code == 400
    assert response.is_json
    assert "reload" in response.json["message"]


def test_the_check_answers_only_posts(browser: FlaskClient) -> None:
    assert browser.get(CHECK).status_code == 405


# -- the page --------------------------------------------------------------------------------


def test_the_page_holds_the_builder_field(browser: FlaskClient) -> None:
    page = browser.get("/army-lists/new?system=kensei&battle_size=400")
    assert page.status_code == 200
    html = page.text
    assert 'data-catalogue-url="/army-lists/catalogue/kensei.json"' in html
    assert 'data-check-url="/army-lists/check"' in html
    assert 'data-battle-size="400"' in html
    assert '<textarea id="army-list-army_list" name="army_list"' in html
    assert "armylist/builder.js" in html
    assert browser.get("/army-lists/new").status_code == 200  # Kensei, any battle size


@pytest.mark.parametrize(
    ("query", "status"),
    [
        ("system=senjutsu", 404),
        ("battle_size=abc", 400),
        ("battle_size=%C2%B2", 400),
        ("battle_size=" + "9" * 5000, 400),
        ("battle_size=50", 400),
        ("system=" + "k" * 500, 404),
    ],
)
def test_the_page_refuses_what_it_cannot_build(
    browser: FlaskClient, query: str, status: int
) -> None:
    response = browser.get(f"/army-lists/new?{query}")
    assert response.status_code == status
    assert "<!doctype html>" in response.text


FIELD = (
    '{% from "_army_builder.html" import army_builder %}'
    '{{ army_builder("army_list", system, size, value) }}'
)


def test_the_field_of_a_system_without_a_catalogue_stays_a_textarea(site: Flask) -> None:
    with site.test_request_context("/"):
        senjutsu = render_template_string(FIELD, system="senjutsu", size=None, value="")
        kensei = render_template_string(FIELD, system="Kensei", size=250, value='{"a": "<b>"}')
    assert "data-catalogue-url" not in senjutsu
    assert 'name="army_list"' in senjutsu
    assert 'data-catalogue-url="/army-lists/catalogue/kensei.json"' in kensei
    assert 'data-battle-size="250"' in kensei
    assert "{&#34;a&#34;: &#34;&lt;b&gt;&#34;}</textarea>" in kensei
