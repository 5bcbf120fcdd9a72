"""Benchmark: what stepping through a replay costs, compressed, and the delta
endpoint under load (issue 25, item 6)::

    web.step_bytes_mean: <kB> kB           (bytes per step, the heaviest system; target <= 3 kB)
    web.step_bytes_mean.<system>: <kB> kB  (each system's first demo game, stepped by deltas)
    web.step_bytes_mean_whole.<system>: <kB> kB  (the same, a whole state per step: before)
    web.step_bytes_share: <%> %            (by deltas / whole states, all systems; target <= 10 %)
    web.step_endpoint_rps_deltas: <requests/s> requests/s
    web.step_endpoint_p99_deltas: <ms> ms  (the delta batches a viewer asks for; target <= 50 ms)

A fresh SQLite store gets the demo data of a new install (``shiai seed-demo``), and
gunicorn serves it (2 sync workers, ``wsgi:app``) on loopback. Debian's Chromium
(Playwright) opens each system's first demo game at step 0 in a new context and
steps it to its last step with the right arrow key, as a person does, waiting at
each step until the board shows it. Every API answer fetched meanwhile is counted
as it came over the wire (its headers and its body as sent, compressed: Chromium
asks for ``gzip, deflate, br, zstd``), and divided by the steps stepped. The
"whole" figures step the same game with the viewer's script of before
(``static/viewer/states.js`` at ``BEFORE``, served in its place), which fetched a
whole state per step.
The load round asks for the batches the viewer asks for (``from=k&to=k+25`` and
back, every k of the seeded Kensei and Senjutsu demo games) at random from
``--connections`` clients for ``--seconds``, after a warm-up that asks for each
four times (an ended game's deltas are kept encoded per step and worker, as its
steps are); a note gives the cost of batches first asked for, one at a time on
the fresh server, before anything else. Run with ``python -m bench steps``;
``SHIAI_CHROMIUM`` names another Chromium. kB = 1000 bytes.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import subprocess
import time
import urllib.request
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bench._util import figure, median, note, percentile, sqlite_database
from bench.first_visit import CHROMIUM, CHROMIUM_ARGS, demo_replays, seeded_app
from bench.web import each, fetch, free_port, load, start_gunicorn

ROOT = Path(__file__).resolve().parent.parent
# The viewer's script before stepping by deltas: a whole state per step.
BEFORE = "954b66b"
STATES_JS = "platform/shiai/static/viewer/states.js"
AHEAD = 25  # steps in a batch the viewer asks for (static/viewer/states.js: AHEAD + 1)
TARGET_KB = 3.0
TARGET_SHARE = 10.0


def step_through(browser: Any, base: str, path: str, states_js: str | None) -> tuple[int, int]:
    """Step the replay at ``path`` from step 0 to its last step; (API bytes, steps)."""
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    context.set_default_timeout(60_000)
    if states_js is not None:
        context.route(
            "**/static/viewer/states.js*",
            lambda route: route.fulfill(body=states_js, content_type="text/javascript"),
        )
    page = context.new_page()
    page.goto(f"{base}{path}?step=0", wait_until="networkidle")
    last = int(page.locator("#last-step").text_content() or "0")
    finished: list[Any] = []
    # A lambda: playwright cannot wrap a bound builtin such as list.append.
    page.on("requestfinished", lambda request: finished.append(request))  # noqa: PLW0108
    for step in range(1, last + 1):
        page.keyboard.press("ArrowRight")
        page.wait_for_selector(f'#board[data-step="{step}"]', state="attached")
    page.wait_for_load_state("networkidle")
    total = 0
    for request in finished:
        if "/api/" not in request.url:
            continue
        sizes = request.sizes()
        total += sizes["responseHeadersSize"] + sizes["responseBodySize"]
    context.close()
    return total, last


def stepping_bytes(base: str, replays: dict[str, str]) -> None:
    from playwright.sync_api import sync_playwright  # noqa: PLC0415 - only when measured

    before = subprocess.run(
        ["git", "show", f"{BEFORE}:{STATES_JS}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    means: dict[str, float] = {}
    totals = {"deltas": 0, "whole": 0}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for system, path in replays.items():
            delta_bytes, steps = step_through(browser, base, path, None)
            whole_bytes, _ = step_through(browser, base, path, before)
            totals["deltas"] += delta_bytes
            totals["whole"] += whole_bytes
            note(f"{system}: {steps} steps, {delta_bytes} B by deltas, {whole_bytes} B whole")
            means[system] = delta_bytes / steps / 1000
            figure(f"web.step_bytes_mean.{system}", means[system], "kB")
            figure(f"web.step_bytes_mean_whole.{system}", whole_bytes / steps / 1000, "kB")
        browser.close()
    figure("web.step_bytes_mean", max(means.values()), "kB")
    figure("web.step_bytes_share", 100 * totals["deltas"] / totals["whole"], "%")


def batches(base: str, replays: dict[str, str]) -> list[str]:
    """Every batch a viewer may ask for, both ways, of each system's demo games."""
    paths = []
    for path in replays.values():
        game_id = path.rsplit("/", 1)[1]
        with urllib.request.urlopen(f"{base}/api/games/{game_id}", timeout=30) as answer:
            last = int(json.load(answer)["last_step"])
        for k in range(last):
            paths.append(f"/api/games/{game_id}/deltas?from={k}&to={min(k + AHEAD, last)}")
            paths.append(f"/api/games/{game_id}/deltas?from={k + 1}&to={max(k + 1 - AHEAD, 0)}")
    return paths


def cold_batches(port: int, paths: list[str]) -> None:
    """Batches asked for one at a time on a fresh server: each is computed (read, folded,
    viewed, hashed, diffed) unless an earlier one of the sample covered its steps."""
    sample = random.Random(5).sample(paths, min(200, len(paths)))
    cold = [asyncio.run(_one(port, path)) for path in sample]
    note(
        f"batches first asked for, one at a time: median {median(cold):.1f} ms,"
        f" p99 {percentile(cold, 0.99):.1f} ms"
    )


def endpoint_load(port: int, paths: list[str], seconds: float, connections: int) -> None:
    asyncio.run(each(port, random.Random(3).sample(paths * 4, len(paths) * 4), 8))
    started = time.perf_counter()
    latencies = asyncio.run(load(port, paths, seconds, connections))
    elapsed = time.perf_counter() - started
    figure("web.step_endpoint_rps_deltas", len(latencies) / elapsed, "requests/s")
    figure("web.step_endpoint_p99_deltas", percentile(latencies, 0.99) * 1000, "ms")


async def _one(port: int, path: str) -> float:
    status, latency = await fetch(port, path)
    if status != 200:
        raise RuntimeError(f"{path} answered {status}")
    return latency * 1000


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--connections", type=int, default=16)
    args = parser.parse_args(argv)
    browse = Path(CHROMIUM).exists()
    if not browse:
        note(f"no Chromium at {CHROMIUM}: the bytes of stepping not measured")
    with sqlite_database() as url:
        app = seeded_app(url)
        try:
            replays = demo_replays(app)
        finally:
            app.extensions["shiai"].close()
        port = free_port()
        server = start_gunicorn(url, port)
        base = f"http://127.0.0.1:{port}"
        try:
            paths = batches(base, replays)
            cold_batches(port, paths)
            if browse:
                stepping_bytes(base, replays)
            endpoint_load(port, paths, args.seconds, args.connections)
        finally:
            server.terminate()
            server.wait(timeout=30)
    note(
        f"targets: web.step_bytes_mean <= {TARGET_KB:g} kB,"
        f" web.step_bytes_share <= {TARGET_SHARE:g} %, web.step_endpoint_p99_deltas <= 50 ms"
    )


if __name__ == "__main__":
    main()
