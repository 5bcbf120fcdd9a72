"""The faction mapping page (``/meta/factions``): organisers and admins only, every
change a form with the CSRF token, bad input a 400 with its reason and nothing
stored, and a saved mapping counted by the meta at once."""

from __future__ import annotations

import html
import re

from flask import Flask

from shiai.tournaments.model import Outcome, Result
from tests.support.events import organiser_of
from tests.support.legacy_factions import legacy_event
from tests.support.web import form, new_account, signed_in_client

WIN, LOSS = Outcome.WIN, Outcome.LOSS


def _event(app: Flask) -> str:
    tid = legacy_event(app, ["Buke", "Kuge", "Buke clan", "Sohei"], name="Old cup")
    org = organiser_of(app, tid)
    tournaments = app.extensions["shiai"].tournaments
    tournaments.record_result(tid, org, 1, 1, Result(WIN, LOSS))
    tournaments.record_result(tid, org, 1, 2, Result(WIN, LOSS))
    return str(tid)


def _row(page: str, text: str) -> str:
    found = re.search(rf'<tr data-text="{re.escape(text)}">(.*?)</tr>', page, re.DOTALL)
    assert found, page
    return found.group(1)


def test_only_organisers_and_admins_map_factions(app: Flask) -> None:
    _event(app)
    assert app.test_client().get("/meta/factions").status_code == 302  # to sign-in
    new_account(app, "pat")
    player = signed_in_client(app, "pat")
    assert player.get("/meta/factions").status_code == 403
    sent = {"system": "kensei", "text": "Buke clan", "faction": "buke"}
    assert form(player, "/meta/factions", sent).status_code == 403
    assert app.extensions["shiai"].faction_maps.history("kensei") == []
    new_account(app, "ada", role="admin")
    assert signed_in_client(app, "ada").get("/meta/factions").status_code == 200


def test_an_organiser_maps_a_text_and_the_meta_counts_it_as_the_faction(app: Flask) -> None:
    tid = _event(app)
    new_account(app, "olga", role="organiser")
    client = signed_in_client(app, "olga")
    page = client.get("/meta/factions").text
    row = _row(page, "Buke clan")
    assert '<td data-label="Sides">1</td>' in row
    assert "not mapped" in row
    assert '<option value="buke">Buke</option>' in row
    # Senjutsu's characters are a catalogue too: its section is there, with nothing to map.
    assert "Every faction of Senjutsu's results is one of its catalogue's" in html.unescape(page)

    sent = {"system": "kensei", "text": "Buke clan", "faction": "buke"}
    answer = form(client, "/meta/factions", sent)
    assert answer.status_code == 303
    assert answer.headers["Location"].endswith("/meta/factions#system-kensei")
    row = _row(client.get("/meta/factions").text, "Buke clan")
    assert "mapped to Buke by Olga" in row
    assert '<option value="buke" selected>Buke</option>' in row
    meta = client.get(f"/meta?event={tid}").text
    table = re.search(r'id="table-faction-win-rates".*?</table>', meta, re.DOTALL)
    assert table
    assert "Buke clan" not in table.group(0)
    # One Buke row with both results: 2 games, 2 wins.
    assert re.findall(r"<tr><td>Buke</td><td>(\d+)</td><td>(\d+)</td>", table.group(0)) == [
        ("2", "2")
    ]

    # An empty choice counts the text as itself again.
    sent["faction"] = ""
    assert form(client, "/meta/factions", sent).status_code == 303
    assert "not mapped" in _row(client.get("/meta/factions").text, "Buke clan")
    page = client.get("/meta/factions").text
    assert "counted as itself again" in page
    assert "mapped to Buke" in page


def test_bad_input_is_a_400_with_its_reason_and_nothing_is_stored(app: Flask) -> None:
    _event(app)
    new_account(app, "olga", role="organiser")
    client = signed_in_client(app, "olga")
    maps = app.extensions["shiai"].faction_maps
    cases = {
        "shogun": ({"system": "kensei", "text": "Buke clan", "faction": "shogun"}, "not a faction"),
        "long": ({"system": "kensei", "text": "x" * 5000, "faction": "buke"}, "at most 120"),
        "system": ({"system": "y" * 5000, "text": "Buke clan", "faction": "buke"}, "no game"),
        "id": ({"system": "kensei", "text": "buke", "faction": "kuge"}, "already a faction"),
        "unmapped": ({"system": "kensei", "text": "Buke clan", "faction": ""}, "is not mapped"),
        "nothing": ({}, "no game system"),
    }
    for name, (sent, reason) in cases.items():
        answer = form(client, "/meta/factions", sent)
        assert answer.status_code == 400, name
        assert reason in html.unescape(answer.text), (name, answer.text)
    # Without the form's CSRF token: refused before anything is read.
    sent = {"system": "kensei", "text": "Buke clan", "faction": "buke"}
    assert client.post("/meta/factions", data=sent).status_code == 400
    assert maps.history("kensei") == []
