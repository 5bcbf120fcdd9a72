"""The dashboards' page weight (issue 8: at most 300 KB without the Plotly bundle).

Figures, in kB (1000 bytes), uncompressed:

* ``dash.page_bytes``: the meta page (``/meta``) with the widest filter state
  (every Kensei game: no event, date, battle size or minimum of games), over
  the read models of an already loaded database: its HTML and every stylesheet
  and script it links to, except the plotly.js bundle (fetched once per plotly
  version and cached for a year);
* ``dash.page_bytes.odds``: the same for the Kensei odds page's default
  question (``/systems/kensei/odds``), which reads no read model.

The pages are rendered by the platform's Flask app through its test client, so
no server is started. Notes give the gzipped HTML and, for the meta page, each
dashboard section's bytes (its HTML and its figures' JSON), largest first.
``bench/dashboards.py`` calls :func:`page_weights` after loading its SQLite file;
``python -m bench.dashboard_pages <database URL>`` measures any migrated database.
"""

from __future__ import annotations

import gzip
import json
import re
import sys
from dataclasses import dataclass
from html.parser import HTMLParser

from flask import Flask, url_for
from flask.testing import FlaskClient

from bench._util import figure, note
from dashboards.plotly_bundle import plotly_js_version
from shiai.app import create_app

PAGES = {
    "dash.page_bytes": "/meta?system=kensei",
    "dash.page_bytes.odds": "/systems/kensei/odds",
}
TARGET_KB = 300.0
FIGURES_SCRIPT = re.compile(rb'<script type="application/json" id="meta-figures">(.*?)</script>')
SECTION = re.compile(rb'<section id="([^"]+)".*?</section>', re.S)


class _Assets(HTMLParser):
    """The addresses of a page's scripts and stylesheets."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if tag == "script" and named.get("src"):
            self.found.append(str(named["src"]))
        elif tag == "link" and named.get("rel") == "stylesheet" and named.get("href"):
            self.found.append(str(named["href"]))


@dataclass(frozen=True)
class Weight:
    """A page's HTML and the bytes of each asset it loads (the Plotly bundle left out)."""

    html: bytes
    assets: dict[str, int]

    @property
    def total(self) -> int:
        return len(self.html) + sum(self.assets.values())


def weigh(client: FlaskClient, path: str, bundle: str) -> Weight:
    """Fetch ``path`` and every script and stylesheet it links to but ``bundle``."""
    answer = client.get(path)
    if answer.status_code != 200:
        raise RuntimeError(f"{path} answered {answer.status_code}")
    parser = _Assets()
    parser.feed(answer.get_data(as_text=True))
    assets = {}
    for address in parser.found:
        if address == bundle:
            continue
        if not address.startswith("/"):
            raise RuntimeError(f"{path} loads {address} from another site")
        fetched = client.get(address)
        if fetched.status_code != 200:
            raise RuntimeError(f"{address} answered {fetched.status_code}")
        assets[address] = len(fetched.data)
        fetched.close()
    return Weight(answer.data, assets)


def section_bytes(html: bytes) -> list[tuple[str, int, int]]:
    """Each meta-page section's name, HTML bytes and figures' JSON bytes (its
    charts' entries in the page's figures, compact), largest first."""
    found = FIGURES_SCRIPT.search(html)
    figures = json.loads(found.group(1)) if found else {}
    sections = []
    for match in SECTION.finditer(html):
        name = match.group(1).decode()
        charts = re.findall(rb'data-figure="([^"]+)"', match.group(0))
        data = sum(
            len(json.dumps(figures[chart.decode()], separators=(",", ":")).encode())
            for chart in charts
        )
        sections.append((name, len(match.group(0)), data))
    return sorted(sections, key=lambda row: -(row[1] + row[2]))


def page_weights(url: str) -> dict[str, float]:
    """The figures (kB) for the migrated, loaded database at ``url``."""
    app: Flask = create_app(
        {"TESTING": True, "SECRET_KEY": "bench-only", "SHIAI_DATABASE_URL": url}
    )
    try:
        with app.test_request_context():
            bundle = url_for("tools.plotly_js", version=plotly_js_version())
        client = app.test_client()
        weights = {name: weigh(client, path, bundle) for name, path in PAGES.items()}
    finally:
        app.extensions["shiai"].close()
    for name, weight in weights.items():
        assets = ", ".join(f"{address} {size} B" for address, size in weight.assets.items())
        note(
            f"{name}: HTML {len(weight.html)} B ({len(gzip.compress(weight.html))} B gzipped)"
            f" + {assets}"
        )
    for section, html, data in section_bytes(weights["dash.page_bytes"].html):
        note(f"dash.page_bytes: section {section}: HTML {html} B, figures {data} B")
    return {name: weight.total / 1000 for name, weight in weights.items()}


def report(url: str) -> None:
    """Print the figures for the database at ``url``."""
    for name, value in page_weights(url).items():
        figure(name, value, "kB")
    note(f"targets: dash.page_bytes <= {TARGET_KB:g} kB")


if __name__ == "__main__":
    report(sys.argv[1])
