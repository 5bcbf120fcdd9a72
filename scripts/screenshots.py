"""Screenshots of the main pages over the demo data (`make screenshots`).

Starts the platform on a temporary SQLite file, seeds it as `shiai seed-demo` does,
drives Debian's Chromium (Playwright) through the home page, a replay, the new-game
page, the demo
tournament's public page, its organiser console, the demo player's page and the
meta dashboards, at desktop (1366x900) and phone (390x844) sizes, and writes one
PNG of each (the viewport, not the full page) to ``--out`` (default
``docs/screenshots``). ``pngquant`` shrinks them when it is installed.

It is also a smoke test, run by CI (.ci/run) into a temporary directory: it exits
non-zero when a page answers an error, a script on it fails, or a phone-sized page
scrolls sideways.
"""

from __future__ import annotations

import argparse
import logging
import secrets
import shutil
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import select

from replays.schema import games
from shiai import create_app
from shiai.demo import DEMO_ORGANISER, DEMO_PASSWORD, DEMO_PLAYER
from shiai.migrations import upgrade
from shiai.schema import tournaments

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
SIZES = {"desktop": (1366, 900), "phone": (390, 844)}
WAIT_MS = 60_000


@dataclass(frozen=True)
class Shot:
    name: str
    path: str  # the page's address, from the site's root
    account: str | None = None  # the username signed in, if any


@contextmanager
def demo_site(workdir: Path) -> Iterator[tuple[str, list[Shot]]]:
    """The platform with the demo data, served on a free local port; and the pages
    to photograph."""
    from werkzeug.serving import make_server  # noqa: PLC0415 - a development server

    logging.getLogger("werkzeug").setLevel(logging.WARNING)  # no line per request
    database = f"sqlite:///{workdir / 'shiai.db'}"
    upgrade(database)
    app = create_app({"SECRET_KEY": secrets.token_hex(32), "SHIAI_DATABASE_URL": database})
    seeded = app.test_cli_runner().invoke(args=["seed-demo"])
    if seeded.exit_code != 0:
        raise SystemExit(f"seed-demo failed:\n{seeded.output}")
    db_engine = app.extensions["shiai"].db_engine
    with db_engine.connect() as conn:
        tid = conn.execute(select(tournaments.c.id)).scalar_one()
        replay = conn.execute(
            select(games.c.id)
            .where(games.c.system == "kensei", games.c.status == "ended")
            .order_by(games.c.created_at, games.c.id)
        ).scalar()
        battle = conn.execute(
            select(games.c.id)
            .where(games.c.system == "samurai-battles", games.c.status == "ended")
            .order_by(games.c.created_at, games.c.id)
        ).scalar()
        skirmish = conn.execute(
            select(games.c.id)
            .where(games.c.system == "skirmish", games.c.status == "ended")
            .order_by(games.c.created_at, games.c.id)
        ).scalar()
    shots = [
        Shot("home", "/"),
        Shot("replay", f"/games/{replay}"),
        Shot("new-game", "/play/new", DEMO_PLAYER),
        Shot("tournament", f"/tournaments/{tid}"),
        Shot("console", f"/tournaments/{tid}/console", DEMO_ORGANISER),
        Shot("player", f"/tournaments/{tid}/me", DEMO_PLAYER),
        Shot("meta", "/meta"),
        Shot("samurai-battles-game", f"/games/{battle}"),
        # Its play page: the new battle's scenarios (a running game's page polls its head,
        # never idle; the orders being written are photographed by its browser journey).
        Shot("samurai-battles-play", "/play/new?system=samurai-battles", DEMO_PLAYER),
        # The skirmish rules: a finished bot game on its table, and the new game's form (the
        # prompts answered by clicking are photographed by tests/e2e/test_skirmish_journey.py).
        Shot("skirmish-game", f"/games/{skirmish}"),
        Shot("skirmish-play", "/play/new?system=skirmish", DEMO_PLAYER),
    ]
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}", shots
    finally:
        server.shutdown()
        thread.join()
        app.extensions["shiai"].close()


def sign_in(page: Any, url: str, username: str) -> None:
    page.goto(f"{url}/sign-in")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(DEMO_PASSWORD)
    page.locator("main form button[type=submit]").click()
    page.wait_for_load_state("networkidle")


def photograph(browser: Any, url: str, shots: list[Shot], out: Path) -> list[str]:
    """Every shot at every size; the problems found (empty when all is well)."""
    problems: list[str] = []
    for size, (width, height) in SIZES.items():
        contexts: dict[str | None, Any] = {}
        for shot in shots:
            if shot.account not in contexts:
                context = browser.new_context(viewport={"width": width, "height": height})
                context.set_default_timeout(WAIT_MS)
                if shot.account:
                    sign_in(context.new_page(), url, shot.account)
                contexts[shot.account] = context
            page = contexts[shot.account].new_page()
            errors: list[str] = []
            page.on("pageerror", lambda error, errors=errors: errors.append(str(error)))
            response = page.goto(url + shot.path, wait_until="networkidle")
            where = f"{shot.name} ({shot.path}) at {width}x{height}"
            if response is None or response.status >= 400:
                problems.append(f"{where}: HTTP {response.status if response else 'no answer'}")
            problems += [f"{where}: script error {error}" for error in errors]
            scroll = page.evaluate("document.documentElement.scrollWidth")
            if scroll > width:
                problems.append(f"{where}: the page is {scroll}px wide, wider than the screen")
            target = out / f"{shot.name}-{size}.png"
            page.screenshot(path=str(target))
            page.close()
        for context in contexts.values():
            context.close()
    return problems


def shrink(out: Path, report: Callable[[str], None]) -> None:
    """Quantise the PNGs with pngquant, if installed (they are committed)."""
    pngquant = shutil.which("pngquant")
    if pngquant is None:
        report("pngquant not installed: PNGs left as Chromium wrote them")
        return
    files = sorted(str(path) for path in out.glob("*.png"))
    subprocess.run(
        [pngquant, "--force", "--skip-if-larger", "--ext", ".png", "--quality", "60-90", *files],
        check=False,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("docs/screenshots"))
    args = parser.parse_args(argv)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright  # noqa: PLC0415 - a dev dependency

    with (
        tempfile.TemporaryDirectory(prefix="shiai-screenshots-") as workdir,
        demo_site(Path(workdir)) as (url, shots),
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            problems = photograph(browser, url, shots, out)
        finally:
            browser.close()
    shrink(out, print)
    for problem in problems:
        print(f"FAILED: {problem}", file=sys.stderr)
    print(f"{len(shots) * len(SIZES)} screenshots in {out}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
