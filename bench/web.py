"""Benchmark: the replay viewer's JSON step endpoint under load, and the page's weight.

Records Kensei bot games (400-point sample armies) on a SQLite file, serves the
platform with gunicorn (2 sync workers, ``wsgi:app``) on loopback, and lets a
load generator in this process (asyncio, ``--connections`` requests in flight,
a new connection per request as gunicorn's sync workers close each one) ask for
random steps of those games, as viewers scrubbing through replays would::

    web.step_endpoint_rps: <requests/s> requests/s      (ended games)
    web.step_endpoint_p99: <ms> ms
    web.step_endpoint_rps_running: <requests/s> requests/s   (a running game)
    web.step_endpoint_p99_running: <ms> ms
    web.replay_page_bytes: <kB> kB

Steps of ended games never change, so each worker keeps their encoded JSON
(``shiai.web.viewing.EncodedSteps``); a warm-up round (every step asked for four
times) fills it before the measured round. A running game's steps are kept per
view too, without their head (last step, game over), which is read at every
request; its round has no warm-up: each worker computes a step the first time
it is asked for it.
``replay_page_bytes`` is what opening a replay at its last step downloads: the
page, every stylesheet and script module it loads, and the two states its
script fetches (the step and the one before it, for "what changed"); kB = 1000
bytes. Run with ``python -m bench web`` (``--seconds``, ``--connections``).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Sequence
from pathlib import Path
from uuid import UUID

from bench._util import figure, note, percentile, sqlite_database
from engine.kensei import Kensei
from replays.bot_games import play_bot_game
from replays.records import GameRecords
from shiai.migrations import upgrade
from shiai.services import build_services

ROOT = Path(__file__).resolve().parent.parent
GAMES = 3
RUNNING_COMMANDS = 150


def record_games(url: str) -> tuple[list[tuple[UUID, int]], tuple[UUID, int]]:
    """Ended Kensei bot games and one left running, as ``(id, last step)``."""
    upgrade(url)
    services = build_services(url, [])
    records: GameRecords = services.records
    kensei = Kensei()
    setup = kensei.sample_setups()[0]
    ended = []
    for n in range(GAMES):
        game_id = play_bot_game(records, kensei.id, setup, bot_seed=f"bench-web-{n}")
        ended.append((game_id, records.summary(game_id).last_step))
    running = records.start_game(kensei.id, setup, title="running")
    bot = kensei.bot("bench-web-running")
    for _ in range(RUNNING_COMMANDS):
        game = records.repository.get(running)
        prompt = kensei.prompt(game.state)
        if prompt is None:
            raise RuntimeError("the running game ended: use fewer commands")
        command = bot.choose(kensei, game.state, prompt.sides[0])
        records.submit_command(running, command, expected_step=game.step)
    result = (ended, (running, records.summary(running).last_step))
    services.close()
    return result


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_gunicorn(url: str, port: int, **extra_env: str) -> subprocess.Popen[bytes]:
    """``gunicorn -w 2 wsgi:app`` on ``url`` and ``port``, once it answers /health."""
    env = {
        **os.environ,
        "SHIAI_DATABASE_URL": url,
        "SHIAI_SECRET_KEY": "bench-only",
        "PYTHONPATH": os.pathsep.join([str(ROOT / "platform"), str(ROOT)]),
        **extra_env,
    }
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-w", "2", "-b", f"127.0.0.1:{port}", "wsgi:app"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(300):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=1):
                return server
        except OSError:
            time.sleep(0.1)
    server.terminate()
    raise RuntimeError("gunicorn did not answer /health within 30 s")


async def fetch(port: int, path: str) -> tuple[int, float]:
    started = time.perf_counter()
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: bench\r\nConnection: close\r\n\r\n".encode())
    head = await reader.readline()
    await reader.read()  # to the end: the whole body has arrived
    writer.close()
    status = int(head.split()[1]) if head else 0
    return status, time.perf_counter() - started


async def each(port: int, paths: list[str], connections: int) -> None:
    """Request every one of ``paths`` once, ``connections`` at a time."""
    queue = list(paths)

    async def client() -> None:
        while queue:
            await fetch(port, queue.pop())

    await asyncio.gather(*(client() for _ in range(connections)))


async def load(port: int, paths: list[str], seconds: float, connections: int) -> list[float]:
    """Requests ``paths`` at random from ``connections`` concurrent clients for ``seconds``;
    the latency of every answer (all must be 200)."""
    latencies: list[float] = []
    deadline = time.perf_counter() + seconds
    chooser = random.Random(7)

    async def client() -> None:
        while time.perf_counter() < deadline:
            status, latency = await fetch(port, chooser.choice(paths))
            if status != 200:
                raise RuntimeError(f"the step endpoint answered {status}")
            latencies.append(latency)

    await asyncio.gather(*(client() for _ in range(connections)))
    return latencies


def measure(port: int, paths: list[str], seconds: float, connections: int, name: str) -> None:
    started = time.perf_counter()
    latencies = asyncio.run(load(port, paths, seconds, connections))
    elapsed = time.perf_counter() - started
    figure(f"web.step_endpoint_rps{name}", len(latencies) / elapsed, "requests/s")
    figure(f"web.step_endpoint_p99{name}", percentile(latencies, 0.99) * 1000, "ms")


def page_bytes(port: int, game_id: UUID, last_step: int) -> int:
    base = f"http://127.0.0.1:{port}"

    def get(path: str) -> bytes:
        with urllib.request.urlopen(base + path, timeout=30) as response:
            body: bytes = response.read()
            return body

    html = get(f"/games/{game_id}").decode()
    total = len(html)
    pending = re.findall(r'(?:href|src)="(/static/[^"]+)"', html)
    seen: set[str] = set()
    while pending:
        path = pending.pop()
        if path in seen:
            continue
        seen.add(path)
        body = get(path)
        total += len(body)
        if path.endswith(".js"):
            folder = path.rsplit("/", 1)[0]
            pending += [
                f"{folder}/{name}" for name in re.findall(r'from "\./([^"]+)"', body.decode())
            ]
    for step in (last_step, last_step - 1):
        total += len(get(f"/api/games/{game_id}/steps/{step}"))
    return total


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--connections", type=int, default=16)
    args = parser.parse_args(argv)
    with sqlite_database() as url:
        ended, (running, running_last) = record_games(url)
        steps = sum(last for _, last in ended)
        note(f"{GAMES} ended games, {steps} steps; running game at step {running_last}")
        port = free_port()
        server = start_gunicorn(url, port)
        try:
            paths = [
                f"/api/games/{game}/steps/{step}"
                for game, last in ended
                for step in range(last + 1)
            ]
            # Warm-up: every step four times, so that each worker has most of them encoded.
            asyncio.run(each(port, random.Random(3).sample(paths * 4, len(paths) * 4), 8))
            measure(port, paths, args.seconds, args.connections, "")
            running_paths = [
                f"/api/games/{running}/steps/{step}" for step in range(running_last + 1)
            ]
            measure(port, running_paths, args.seconds, args.connections, "_running")
            game_id, last = ended[0]
            figure("web.replay_page_bytes", page_bytes(port, game_id, last) / 1000, "kB")
        finally:
            server.terminate()
            server.wait(timeout=30)
