"""The Kensei odds page (Kensei's tool, /systems/kensei/odds) through Flask's test
client: the numbers in the page and its JSON, the CSV behind every chart, refusals
as 400s, the old addresses redirected, and plotly.js served by the platform itself
(no CDN anywhere in the templates)."""

from __future__ import annotations

import csv
import html
import io
import json
import re
from pathlib import Path

from flask import Flask

from dashboards.plotly_bundle import BUNDLE_FILE, plotly_js_version

TEMPLATES = Path(__file__).parents[2] / "platform" / "shiai" / "templates"
PLOTLY_BUNDLE = TEMPLATES.parent / "static" / "vendor" / BUNDLE_FILE
THREE_DICE_SHOOT = "kind=shoot&attacker_dice=3&defender_miniatures=5"


def text_of(markup: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", markup))).strip()


def test_the_odds_page_shows_three_dice_at_four_plus_in_eighths(sqlite_app: Flask) -> None:
    response = sqlite_app.test_client().get(f"/systems/kensei/odds?{THREE_DICE_SHOOT}")
    assert response.status_code == 200
    markup = response.get_data(as_text=True)
    hits = re.search(
        r'<table class="grid odds-table" id="table-attacker-hits">(.*?)</table>', markup, re.DOTALL
    )
    assert hits, "the hits table is on the page"
    rows = text_of(hits.group(1))
    assert "0 12.50% 1/8 100.00% 1" in rows
    assert "2 37.50% 3/8 50.00% 1/2" in rows
    embedded = re.search(
        r'<script type="application/json" id="odds-figures">(.*?)</script>', markup, re.DOTALL
    )
    assert embedded, "the page embeds its figures for odds.js"
    figures = json.loads(embedded.group(1))
    assert set(figures) == {"attacker-rolls", "attacker-casualties"}
    assert figures["attacker-rolls"]["data"][0]["y"] == [12.5, 37.5, 37.5, 12.5]
    assert f'src="/vendor/plotly-cartesian-{plotly_js_version()}.min.js"' in markup
    page_text = text_of(markup)
    assert "The attacker (5 miniatures entered by hand) shoots at the defender" in page_text
    assert "Shoot Roll: 3D6, +0 on each die, +0 on each wound die" in page_text
    assert "Chance of breaking the defender" in page_text


def test_the_default_page_is_a_melee_with_both_sides_striking(sqlite_app: Flask) -> None:
    markup = sqlite_app.test_client().get("/systems/kensei/odds").get_data(as_text=True)
    for chart in ("attacker-rolls", "attacker-casualties", "defender-rolls", "defender-casualties"):
        assert f'data-figure="{chart}"' in markup
    assert 'href="/tools"' in markup, "the navigation links the tools"
    tools = sqlite_app.test_client().get("/tools").get_data(as_text=True)
    assert 'href="/systems/kensei/odds">Kensei odds</a>' in tools, "Kensei's tool is listed"
    assert "No tools for Dice race yet." in text_of(tools), "so is a system without tools"


def test_the_old_addresses_redirect_to_kensei_s_tool_page_keeping_the_question(
    sqlite_app: Flask,
) -> None:
    client = sqlite_app.test_client()
    for old, new in (("", ""), (".json", ".json"), (".csv", ".csv")):
        moved = client.get(f"/tools/kensei-odds{old}?{THREE_DICE_SHOOT}&table=attacker-hits")
        assert moved.status_code == 308, old
        assert moved.headers["Location"] == (
            f"/systems/kensei/odds{new}?{THREE_DICE_SHOOT}&table=attacker-hits"
        )
    followed = client.get(f"/tools/kensei-odds.json?{THREE_DICE_SHOOT}", follow_redirects=True)
    assert followed.get_json()["strikes"][0]["roll"]["dice"] == 3
    assert client.get("/tools/kensei-odds").headers["Location"] == "/systems/kensei/odds"


def test_the_json_answer_has_the_exact_numbers(sqlite_app: Flask) -> None:
    response = sqlite_app.test_client().get(f"/systems/kensei/odds.json?{THREE_DICE_SHOOT}")
    assert response.status_code == 200
    (shot,) = response.get_json()["strikes"]
    assert [row["exactly"] for row in shot["tables"]["hits"]] == ["1/8", "3/8", "3/8", "1/8"]
    assert shot["roll"]["dice"] == 3


def test_every_chart_table_downloads_as_csv(sqlite_app: Flask) -> None:
    client = sqlite_app.test_client()
    markup = client.get(f"/systems/kensei/odds?{THREE_DICE_SHOOT}").get_data(as_text=True)
    links = [
        html.unescape(link)
        for link in re.findall(r'href="(/systems/kensei/odds\.csv\?[^"]+)"', markup)
    ]
    assert len(links) == 3, "hits, wounds and casualties of the one shoot"
    for link in links:
        response = client.get(link)
        assert response.status_code == 200
        assert response.mimetype == "text/csv"
        assert "attachment" in response.headers["Content-Disposition"]
    stray = client.get(f"/systems/kensei/odds?{THREE_DICE_SHOOT}&table=attacker-hits")
    assert stray.status_code == 200, "a table field on the page is left out of its links"
    hits = next(link for link in links if "table=attacker-hits" in link)
    rows = list(csv.reader(io.StringIO(client.get(hits).get_data(as_text=True))))
    assert rows[1] == ["0", "1/8", "12.50", "1", "100.00"]


def test_malformed_input_is_a_400_with_the_reason(sqlite_app: Flask) -> None:
    client = sqlite_app.test_client()
    page = client.get("/systems/kensei/odds?attacker_dice=many")
    assert page.status_code == 400
    assert page.mimetype == "text/html"
    assert "attacker_dice must be a whole number, not 'many'" in text_of(
        page.get_data(as_text=True)
    )
    answer = client.get("/systems/kensei/odds.json?band=far")
    assert answer.status_code == 400
    assert answer.get_json() == {
        "error": "bad_request",
        "message": "band must be one of short, intermediate, long, not 'far'",
    }
    table = client.get(f"/systems/kensei/odds.csv?{THREE_DICE_SHOOT}&table=attacker-stuns")
    assert table.status_code == 400
    assert "no table 'attacker-stuns'" in table.get_data(as_text=True)


def test_plotly_js_is_served_from_the_vendored_bundle_and_cached(sqlite_app: Flask) -> None:
    client = sqlite_app.test_client()
    url = f"/vendor/plotly-cartesian-{plotly_js_version()}.min.js"
    response = client.get(url)
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert response.get_data() == PLOTLY_BUNDLE.read_bytes()
    assert "immutable" in response.headers["Cache-Control"]
    again = client.get(url, headers={"If-None-Match": response.headers["ETag"]})
    assert again.status_code == 304
    assert client.get("/vendor/plotly-cartesian-0.0.1.min.js").status_code == 404


def test_no_template_loads_anything_from_a_cdn() -> None:
    external = re.compile(r"""(src|href)=["'](https?:)?//""")
    for template in TEMPLATES.rglob("*.html"):
        text = template.read_text(encoding="utf-8")
        assert "cdn" not in text.lower(), template
        assert not external.search(text), f"{template} loads from another site"
