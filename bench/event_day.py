"""Benchmark: a 200-player round of an event day against ``gunicorn -w 2``.

On a fresh SQLite file, then on a fresh PostgreSQL database, it serves the
platform with gunicorn (2 sync workers, ``wsgi:app``) on loopback and sets up
an event as an organiser would: 200 player accounts (made through the accounts
service, passwords hashed with the production scrypt), a 200-player Kensei
event with every player registered under their account. The organiser opens
the check-in and every player checks in from their phone (:func:`check_in_everyone`:
sign in, the check-in page, *Check in*; ``--clients`` at once, every player from
their own loopback address as phones on mobile data would be, so that the
per-address sign-in limit is not what is measured); round 1 is paired and
published. Then the round is played by ``--clients`` concurrent clients, each
player on the phone they checked in with:

1. (signed in since the check-in)
2. the player opens their event page ``/tournaments/<tid>/me``;
3. polls ``/tournaments/<tid>/version.json`` (as ``live.js`` does) a few times;
4. player A of the table reports the result (``POST /tournaments/<tid>/report``
   with round, table, winner, victory points and the page's CSRF token);
   player B polls until the report is in and confirms it (``confirm=1``);
   each then follows the redirect back to their page;

while one client keeps reloading the projector ``/tournaments/<tid>/projector``
and one, signed in as the organiser, the console ``/tournaments/<tid>/console``.
A new connection per request, as gunicorn's sync workers close each one.

    web.event_day_p99.<store>: <ms> ms       (every request of the round)
    web.event_day_errors.<store>: <n> requests   (non-2xx/3xx or failed; must be 0)
    web.event_day_p99_signed_in.<store>: <ms> ms   (the same without sign-ins: none now)
    web.event_day_check_in_p99.<store>: <ms> ms  (the check-in posts of the 200, before)

followed by ``#`` lines: the p50/p99 and count of each kind of request. Run
with ``python -m bench event_day`` (``--players``, ``--clients``, ``--polls``,
``--store sqlite|postgresql``). Without a reachable PostgreSQL server (see
``bench/_util.py``) its part is skipped with a ``#`` line.
"""

from __future__ import annotations

import argparse
import http.client
import random
import re
import threading
import time
import urllib.parse
from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from uuid import UUID

from bench._util import (
    figure,
    note,
    percentile,
    postgres_database,
    postgres_problem,
    sqlite_database,
)
from bench.web import free_port, start_gunicorn
from shiai.accounts import ORGANISER, Accounts
from shiai.migrations import upgrade
from shiai.services import build_services

PASSWORD = "event-day-password"
CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')
ORGANISER_ADDRESS = "127.0.0.1"


# -- HTTP: one connection per request, cookies kept per client --------------------


@dataclass
class Timings:
    """Every request's latency by kind, and the failures."""

    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, kind: str, seconds: float, problem: str | None) -> None:
        with self.lock:
            self.latencies[kind].append(seconds)
            if problem is not None:
                self.errors.append(f"{kind}: {problem}")

    def every(self) -> list[float]:
        return [s for samples in self.latencies.values() for s in samples]


class Client:
    """A browser-like client from one loopback ``address``: keeps its cookies."""

    def __init__(self, port: int, address: str, timings: Timings) -> None:
        self.port = port
        self.address = address
        self.timings = timings
        self.cookies: dict[str, str] = {}

    def request(
        self, kind: str, method: str, path: str, form: dict[str, str] | None = None
    ) -> tuple[int, str]:
        body = urllib.parse.urlencode(form).encode() if form is not None else None
        headers = {"Host": "bench", "Connection": "close"}
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        started = time.perf_counter()
        problem: str | None = None
        status, text = 0, ""
        try:
            connection = http.client.HTTPConnection(
                "127.0.0.1", self.port, timeout=60, source_address=(self.address, 0)
            )
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            text = response.read().decode("utf-8", "replace")
            status = response.status
            for header in response.headers.get_all("Set-Cookie") or []:
                name, _, rest = header.partition("=")
                self.cookies[name.strip()] = rest.split(";", 1)[0]
            connection.close()
            if not 200 <= status < 400:
                problem = f"{method} {path} answered {status}: {_gist(text)}"
        except OSError as error:
            problem = f"{method} {path} failed: {error}"
        self.timings.add(kind, time.perf_counter() - started, problem)
        return status, text

    def csrf(self, page: str) -> str:
        found = CSRF.search(page)
        return found.group(1) if found else ""

    def sign_in(self, username: str) -> None:
        _, page = self.request("sign-in page", "GET", "/sign-in")
        form = {"csrf_token": self.csrf(page), "username": username, "password": PASSWORD}
        self.request("sign-in", "POST", "/sign-in", form)


def _gist(page: str) -> str:
    """The error message of a page, roughly: its first <p> or its start."""
    found = re.search(r"<(?:p|div)[^>]*class=\"(?:flash )?error\"[^>]*>(.*?)</", page, re.S)
    text = found.group(1) if found else re.sub(r"<[^>]+>", " ", page)
    return " ".join(text.split())[:160]


# -- the server ----------------------------------------------------------------------


@contextmanager
def gunicorn(url: str) -> Iterator[int]:
    """``gunicorn -w 2 wsgi:app`` on ``url``, over plain http; yields its port."""
    port = free_port()
    server = start_gunicorn(url, port, SHIAI_SECURE_COOKIES="0")  # plain http on loopback
    try:
        yield port
    finally:
        server.terminate()
        server.wait(timeout=30)


# -- the event -----------------------------------------------------------------------


@dataclass(frozen=True)
class Seat:
    """A player's place in round 1."""

    username: str
    player_id: str
    table: int
    side: str  # "a" or "b"


@dataclass(frozen=True)
class Event:
    tid: UUID
    organiser: str  # username
    players: dict[str, str]  # username -> player id


def set_up_event(url: str, players: int) -> Event:
    """Accounts, the event and its registrations, through the services."""
    upgrade(url)
    services = build_services(url, [])
    accounts = Accounts(services.db_engine)  # production scrypt, as a sign-up would
    names = [f"player{n:03d}" for n in range(players)]
    organiser_id = accounts.create("organiser", "The Organiser", PASSWORD, role=ORGANISER)
    with ThreadPoolExecutor(4) as pool:  # scrypt releases the GIL
        ids = list(pool.map(lambda u: accounts.create(u, f"Player {u[6:]}", PASSWORD), names))
    tournaments = services.tournaments
    tid = tournaments.create(
        organiser_id, name="Event day", game_system="kensei", rounds=5, seed="event-day"
    )
    factions = ("Buke", "Kuge", "Otokodate", "Sohei")
    registered = {}
    for n, (username, account_id) in enumerate(zip(names, ids, strict=True)):
        registered[username] = tournaments.register(
            tid,
            organiser_id,
            name=f"Player {n:03d}",
            club=f"Club {n % 17}",
            faction=factions[n % len(factions)],
            account_id=account_id,
        )
    services.close()
    return Event(tid, "organiser", registered)


def check_in_everyone(
    port: int, event: Event, timings: Timings, *, clients: int
) -> dict[str, Client]:
    """The organiser opens the check-in; every player signs in on their phone (their
    own address), opens the check-in page and checks in, ``clients`` at a time, as a
    hall does when the doors open. Returns each player's signed-in phone."""
    organiser = Client(port, ORGANISER_ADDRESS, timings)
    organiser.sign_in(event.organiser)
    _, console = organiser.request("console", "GET", f"/tournaments/{event.tid}/console")
    action = f"/tournaments/{event.tid}/actions"
    organiser.request(
        "open check-in", "POST", f"{action}/open-check-in", {"csrf_token": organiser.csrf(console)}
    )

    def phone(n: int, username: str) -> Client:
        client = Client(port, _address(n), timings)
        client.sign_in(username)
        path = f"/tournaments/{event.tid}/check-in"
        _, page = client.request("check-in page", "GET", path)
        client.request("check-in", "POST", path, {"csrf_token": client.csrf(page)})
        return client

    with ThreadPoolExecutor(clients) as pool:
        phones = list(pool.map(phone, range(len(event.players)), event.players))
    _, console = organiser.request("console", "GET", f"/tournaments/{event.tid}/console")
    organiser.request(
        "close check-in",
        "POST",
        f"{action}/close-check-in",
        {"csrf_token": organiser.csrf(console)},
    )
    return dict(zip(event.players, phones, strict=True))


def pair_and_publish(url: str, event: Event) -> list[Seat]:
    """Round 1 paired and published by the organiser; each player's seat."""
    services = build_services(url, [])
    organiser = services.accounts.by_username(event.organiser)
    assert organiser is not None
    tournaments = services.tournaments
    tournaments.pair_next_round(event.tid, organiser.id)
    tournaments.publish(event.tid, organiser.id, 1)
    round_one = tournaments.get(event.tid).round(1)
    username_of = {pid: username for username, pid in event.players.items()}
    seats = []
    for t in round_one.tables:
        seats.append(Seat(username_of[t.a], t.a, t.table, "a"))
        seats.append(Seat(username_of[t.b], t.b, t.table, "b"))
    services.close()
    return seats


# -- the round -----------------------------------------------------------------------


def _order(seats: list[Seat], rng: random.Random) -> list[Seat]:
    """A random order in which each table's player A comes before player B, so a
    client waiting for a report never waits on a player nobody has started."""
    order = rng.sample(seats, len(seats))
    first: dict[int, int] = {}
    for index, seat in enumerate(order):
        if seat.table not in first:
            first[seat.table] = index
        elif order[first[seat.table]].side == "b":
            order[first[seat.table]], order[index] = order[index], order[first[seat.table]]
    return order


def _address(n: int) -> str:
    """The n-th player's loopback address (127.0.1.2, 127.0.1.3, ...)."""
    return f"127.0.{1 + n // 250}.{2 + n % 250}"


def play_round(
    port: int,
    event: Event,
    seats: list[Seat],
    phones: dict[str, Client],
    timings: Timings,
    *,
    clients: int,
    polls: int,
) -> None:
    """Every player, on the phone they checked in with, opens their page, polls,
    reports or confirms."""
    tid = event.tid
    reported = {seat.table: threading.Event() for seat in seats}
    rng = random.Random(19)
    order = _order(seats, rng)
    results = {
        seat.table: rng.choice((("a", 15, 5), ("b", 4, 12), ("draw", 7.5, 7.5))) for seat in seats
    }

    def player(seat: Seat) -> None:
        client = phones[seat.username]
        client.timings = timings
        _, page = client.request("player page", "GET", f"/tournaments/{tid}/me")
        for _ in range(polls):
            client.request("version.json", "GET", f"/tournaments/{tid}/version.json")
        form = {"csrf_token": client.csrf(page), "round": "1", "table": str(seat.table)}
        if seat.side == "a":
            winner, a_vp, b_vp = results[seat.table]
            form |= {"winner": winner, "a_vp": str(a_vp), "b_vp": str(b_vp)}
            client.request("report", "POST", f"/tournaments/{tid}/report", form)
            reported[seat.table].set()
        else:
            # The page notices the report (live.js polls the version) and reloads.
            while not reported[seat.table].wait(0.5):
                client.request("version.json", "GET", f"/tournaments/{tid}/version.json")
            client.request("version.json", "GET", f"/tournaments/{tid}/version.json")
            _, page = client.request("player page", "GET", f"/tournaments/{tid}/me")
            form |= {"csrf_token": client.csrf(page), "confirm": "1"}
            client.request("confirm", "POST", f"/tournaments/{tid}/report", form)
        client.request("player page", "GET", f"/tournaments/{tid}/me")  # the redirect

    done = threading.Event()

    def refresher(client: Client, kind: str, path: str) -> None:
        while not done.is_set():
            client.request(kind, "GET", path)
            done.wait(0.25)

    projector = Client(port, "127.0.0.250", timings)
    console = Client(port, ORGANISER_ADDRESS, Timings())
    console.sign_in(event.organiser)  # (before the round: not measured)
    console.timings = timings
    with ThreadPoolExecutor(2) as screens:
        screens.submit(refresher, projector, "projector", f"/tournaments/{tid}/projector")
        screens.submit(refresher, console, "console", f"/tournaments/{tid}/console")
        try:
            with ThreadPoolExecutor(clients) as pool:
                list(pool.map(player, order))
        finally:
            done.set()


def run(url: str, store: str, players: int, clients: int, polls: int) -> None:
    started = time.perf_counter()
    event = set_up_event(url, players)
    note(f"{store}: {players} accounts and registrations in {time.perf_counter() - started:.0f} s")
    with gunicorn(url) as port:
        check_in = Timings()
        phones = check_in_everyone(port, event, check_in, clients=clients)
        seats = pair_and_publish(url, event)
        timings = Timings()
        started = time.perf_counter()
        play_round(port, event, seats, phones, timings, clients=clients, polls=polls)
        elapsed = time.perf_counter() - started
    every = timings.every()
    figure(f"web.event_day_p99.{store}", percentile(every, 0.99) * 1000, "ms")
    print(f"web.event_day_errors.{store}: {len(timings.errors)} requests", flush=True)
    signed_in = [s for kind, v in timings.latencies.items() if kind != "sign-in" for s in v]
    figure(f"web.event_day_p99_signed_in.{store}", percentile(signed_in, 0.99) * 1000, "ms")
    figure(
        f"web.event_day_check_in_p99.{store}",
        percentile(check_in.latencies["check-in"], 0.99) * 1000,
        "ms",
    )
    note(f"{store}: {len(every)} requests in {elapsed:.1f} s ({len(every) / elapsed:.0f}/s)")
    for kind, samples in sorted(timings.latencies.items()):
        note(
            f"{store}: {kind}: {len(samples)} requests, p50 {percentile(samples, 0.5) * 1000:.0f}"
            f" ms, p99 {percentile(samples, 0.99) * 1000:.0f} ms,"
            f" max {max(samples) * 1000:.0f} ms"
        )
    failures = Counter(
        f"{error.split(':', 1)[0]} -> {error.split(' answered ')[-1][:120]}"
        for error in timings.errors
    )
    for error in check_in.errors[:5]:
        note(f"{store}: check-in error: {error}")
    for problem, count in failures.most_common(10):
        note(f"{store}: {count} errors: {problem}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--polls", type=int, default=3)
    parser.add_argument("--store", choices=("sqlite", "postgresql"), action="append")
    args = parser.parse_args(argv)
    stores = args.store or ["sqlite", "postgresql"]
    if "sqlite" in stores:
        with sqlite_database() as url:
            run(url, "sqlite", args.players, args.clients, args.polls)
    if "postgresql" in stores:
        problem = postgres_problem()
        if problem is not None:
            note(f"postgresql skipped: {problem}")
            return
        with postgres_database("shiai_bench_event_day") as url:
            run(url, "postgresql", args.players, args.clients, args.polls)


if __name__ == "__main__":
    main()
