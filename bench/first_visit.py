"""Benchmark: what a first visit transfers, compressed (issue 25, item 6)::

    web.replay_first_visit: <kB> kB   (the heaviest system's demo replay; target <= 150 kB)
    web.replay_first_visit.<system>: <kB> kB   (each system's first demo game)
    web.meta_first_visit: <kB> kB     (the meta dashboards; target <= 1000 kB)
    web.odds_first_visit: <kB> kB     (Kensei's odds page, the other chart page; no target)

A fresh SQLite store gets the demo data of a new install (``shiai seed-demo``:
demo bot games of every system and a demo tournament); the platform serves it on
loopback (werkzeug, threaded: compression is the app's own, so any server sends
the same bytes) and Debian's Chromium (Playwright) opens each page in a new
context, with an empty cache, as a first visitor. Every response until the
network is idle is counted as it came over the wire: its headers and its body as
sent (compressed: Chromium asks for ``gzip, deflate, br, zstd``). That is the
page, its stylesheets, scripts and modules, icons, and every JSON answer its
scripts fetch. A replay is a system's first demo game ("<title> — demo game 1"),
opened at its address (``/games/<id>``); ``web.replay_first_visit`` is the
heaviest of them. Notes give each page's requests. kB = 1000 bytes.
Run with ``python -m bench first_visit``; ``SHIAI_CHROMIUM`` names another Chromium.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from flask import Flask
from werkzeug.serving import WSGIRequestHandler, make_server

from bench._util import figure, note, sqlite_database
from shiai.app import create_app
from shiai.migrations import upgrade

CHROMIUM = os.environ.get("SHIAI_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
REPLAY = "web.replay_first_visit."
TARGETS_KB = {"web.replay_first_visit": 150.0, "web.meta_first_visit": 1000.0}


class _Quiet(WSGIRequestHandler):
    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        pass


@dataclass(frozen=True)
class Transfer:
    """One response of a visit: its address, encoding and bytes on the wire."""

    path: str
    encoding: str
    headers: int
    body: int

    @property
    def total(self) -> int:
        return self.headers + self.body


def seeded_app(url: str) -> Flask:
    """The platform on a new store at ``url`` holding the demo data."""
    upgrade(url)
    app = create_app({"SHIAI_DATABASE_URL": url, "SECRET_KEY": "bench-only"})
    result = app.test_cli_runner().invoke(args=["seed-demo"])
    if result.exit_code != 0:
        raise RuntimeError(f"seed-demo failed: {result.output}")
    return app


def demo_replays(app: Flask) -> dict[str, str]:
    """Each system's first demo game's address, by system."""
    games = app.test_client().get("/api/games?limit=200").get_json()["games"]
    replays = {}
    for system in app.extensions["shiai"].systems:
        title = f"{system.ruleset.title} — demo game 1"
        found = [game["id"] for game in games if game["title"] == title]
        if found:
            replays[system.id] = f"/games/{found[0]}"
    if not replays:
        raise RuntimeError("no demo game recorded")
    return replays


@contextmanager
def serving(app: Flask) -> Iterator[str]:
    server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=_Quiet)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join()


def visit(browser: Any, url: str) -> list[Transfer]:
    """Every response of a first visit to ``url`` (a new context: nothing cached)."""
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    finished: list[Any] = []
    # A lambda: playwright cannot wrap a bound builtin such as list.append.
    page.on("requestfinished", lambda request: finished.append(request))  # noqa: PLW0108
    page.goto(url, wait_until="networkidle", timeout=120_000)
    transfers = []
    for request in finished:
        sizes = request.sizes()
        response = request.response()
        encoding = (response.headers.get("content-encoding") if response else None) or "none"
        transfers.append(
            Transfer(
                urlsplit(request.url).path,
                encoding,
                sizes["responseHeadersSize"],
                sizes["responseBodySize"],
            )
        )
    context.close()
    return transfers


def weight(transfers: list[Transfer]) -> float:
    """A visit's bytes, in kB."""
    return sum(transfer.total for transfer in transfers) / 1000


def main() -> None:
    if not Path(CHROMIUM).exists():
        note(f"no Chromium at {CHROMIUM}: first-visit figures not measured")
        return
    from playwright.sync_api import sync_playwright  # noqa: PLC0415 - only when measured

    with sqlite_database() as url:
        app = seeded_app(url)
        pages = {
            **{
                f"web.replay_first_visit.{system}": path
                for system, path in demo_replays(app).items()
            },
            "web.meta_first_visit": "/meta",
            "web.odds_first_visit": "/systems/kensei/odds",
        }
        try:
            with serving(app) as base, sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                visits = {name: visit(browser, base + path) for name, path in pages.items()}
                browser.close()
        finally:
            app.extensions["shiai"].close()
    for name, transfers in visits.items():
        for transfer in sorted(transfers, key=lambda t: -t.total):
            note(
                f"{name}: {transfer.path} {transfer.total} B"
                f" ({transfer.encoding}, headers {transfer.headers} B)"
            )
        figure(name, weight(transfers), "kB")
    replays = [weight(found) for name, found in visits.items() if name.startswith(REPLAY)]
    figure("web.replay_first_visit", max(replays), "kB")
    note("targets: " + ", ".join(f"{name} <= {kb:g} kB" for name, kb in TARGETS_KB.items()))


if __name__ == "__main__":
    main()
