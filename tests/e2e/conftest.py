"""A real server and a real Chromium for the browser tests.

The app runs on a SQLite file in a werkzeug server thread (127.0.0.1, a free
port); Chromium is Debian's (/usr/bin/chromium), driven by Playwright, never a
browser Playwright downloads. Without Chromium or Playwright the tests are
skipped locally and fail the run under CI (CI=true), as PostgreSQL's are.

The tests wait on conditions, never on time: Playwright's auto-waiting ``expect``
assertions and actions, ``expect_response``, ``wait_for_function``. Their timeouts
are only an upper bound, generous for a loaded two-core machine (:data:`WAIT_MS`):
on a quiet one every wait ends as soon as its condition holds.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest

from engine.kensei import Kensei
from replays.bot_games import play_bot_game
from shiai import create_app
from shiai.migrations import upgrade
from tests.conftest import UNDER_CI, platform_config

CHROMIUM = os.environ.get("SHIAI_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
SHOTS = os.environ.get("SHIAI_SHOTS")
"""A folder for the journeys' screenshots, for a person to look at; unset, none is taken."""
WAIT_MS = 60_000
"""The longest any condition is waited for (expect assertions, actions, navigations)."""


def _missing(message: str) -> None:
    if UNDER_CI:
        pytest.fail(message, pytrace=False)
    pytest.skip(message)


@dataclass(frozen=True)
class LiveSite:
    url: str
    kensei_game: UUID
    kensei_steps: list[dict[str, Any]]  # the steps' events, as /api/games/<id>/steps gives them
    # Running dice races where one side (A or B) has sealed a bid of 1 or 3 dice.
    sealed_games: dict[tuple[str, int], UUID]
    app: Any  # the served Flask app, for tests that set up what no page creates


@pytest.fixture(scope="session")
def live_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveSite]:
    from werkzeug.serving import make_server  # noqa: PLC0415 - only the browser tests serve

    database = f"sqlite:///{tmp_path_factory.mktemp('e2e') / 'shiai.db'}"
    upgrade(database)
    # Every journey's people come from one address (127.0.0.1), as a hall's players do
    # through its one router: more sign-ups than an address's hourly limit of a real
    # site (the limits themselves: tests/integration/test_sign_in_throttling.py).
    app = create_app({**platform_config(database), "SHIAI_SIGN_UP_PER_ADDRESS": "1000 per hour"})
    records = app.extensions["shiai"].records
    kensei = Kensei()
    # A fixed dice seed as well as a fixed bot: the journeys read this game at given steps
    # (a study at step 12 circles the first unit, which must be on the table by then), so
    # it must be the same game on every run (with fresh random dice, one run in six was
    # still placing scenery at step 12).
    game_id = play_bot_game(
        records, kensei.id, kensei.sample_setups()[0], bot_seed="e2e-1", seed="e2e-1"
    )
    sealed = {}
    for side in ("A", "B"):
        for count in (1, 3):
            race = records.start_game("dice-race", {"target": 20}, title="A sealed race")
            records.submit_command(race, {"type": "bid", "side": side, "dice": count})
            sealed[side, count] = race
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    steps = [{"step": entry.step, "event": entry.event} for entry in records.steps(game_id)]
    try:
        yield LiveSite(f"http://127.0.0.1:{server.server_port}", game_id, steps, sealed, app)
    finally:
        server.shutdown()
        thread.join()
        app.extensions["shiai"].close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        _missing(f"no Chromium at {CHROMIUM}: apt-get install chromium (or set SHIAI_CHROMIUM)")
    try:
        from playwright.sync_api import expect, sync_playwright  # noqa: PLC0415
    except ImportError:
        _missing("the playwright package is not installed: pip install -e '.[dev]'")
    expect.set_options(timeout=WAIT_MS)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def new_context(browser: Any, **options: Any) -> Any:
    """A browser context whose actions and navigations wait up to :data:`WAIT_MS`."""
    context = browser.new_context(**{"viewport": {"width": 1280, "height": 900}, **options})
    context.set_default_timeout(WAIT_MS)
    context.set_default_navigation_timeout(WAIT_MS)
    return context


def shot(target: Any, name: str, **options: Any) -> None:
    """Photograph a page or an element as ``name``.png into SHIAI_SHOTS when it names a
    folder (Playwright's screenshot ``options``, e.g. full_page); otherwise nothing: the
    journeys assert what they check, the pictures are for a person."""
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        target.screenshot(path=str(Path(SHOTS) / f"{name}.png"), **options)


def visit(page: Any, url: str) -> None:
    """Open ``url``. A page that keeps itself current (live.js) may be reloading itself
    at that very moment, the tournament having changed since it loaded, which
    interrupts or aborts our navigation: then ``url`` is opened again once that reload
    is done."""
    from playwright.sync_api import Error as PlaywrightError  # noqa: PLC0415

    interrupted = ("interrupted by another navigation", "net::ERR_ABORTED")
    for attempt in range(3):
        try:
            page.goto(url)
        except PlaywrightError as error:
            if attempt == 2 or not any(text in str(error) for text in interrupted):
                raise
            page.wait_for_load_state()
        else:
            return


def watched_page(browser: Any, **options: Any) -> Iterator[Any]:
    """A page in a context of its own (``new_context``'s ``options``), closed after; the
    test fails if the page's scripts failed. For a fixture to ``yield from``."""
    context = new_context(browser, **options)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    yield tab
    context.close()
    assert not errors, f"the page's scripts failed: {errors}"


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    yield from watched_page(browser)
