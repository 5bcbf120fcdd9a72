"""A whole Swiss event day in a real Chromium, as the people on it live it.

An organiser signs up and asks for the organiser role; the site admin (made as
``shiai create-account --role admin`` does) grants it by clicking. The organiser
creates a 12-player Kensei event (registration is open from the start). Twelve
players, each on a phone (390x844), sign up from the event page on their own and
register with an army list (one of them first sends a list that breaks the rules,
reads the violation and fixes it), then check in from the check-in link once the
organiser opens it. The organiser pairs and publishes round 1 on a laptop
(1366x900); every player reads their table and opponent on their phone and one of
each pair reports the result, the other confirms; one result is disputed and the
organiser settles it on the console. A player drops after round 1. Rounds 2-4 run
the same way, a top cut of four is played, and the standings page and the CSV
export agree with the results the players reported.

Nothing here posts to a route or reads the database to decide what to click: every
step is a click or a keystroke, and every wait is a condition (Playwright's own).
"""

from __future__ import annotations

import csv
import io
import json
import re
import secrets
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from engine.kensei import sample_army_document
from tests.e2e.conftest import LiveSite, new_context, shot, visit
from tests.e2e.test_replay_viewer import expect

pytestmark = pytest.mark.e2e

PASSWORD = "correct horse battery"
DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
ROUNDS = 4
NAMES = (
    "Akechi", "Baba", "Chosokabe", "Date", "Endo", "Fukushima",
    "Gamo", "Hojo", "Ii", "Jinbo", "Kato", "Mori",
)  # fmt: skip
FACTION_LISTS = ("buke-400", "kuge-400", "otokodate-400", "sohei-400")
DROPPER = "Mori"
DISPUTED_VP = 6  # the organiser settles the disputed table at 12-6


def score(mine: float, theirs: float) -> str:
    """Victory points as the pages print them (with an en dash)."""
    return f"{mine:g}\N{EN DASH}{theirs:g}"


@dataclass
class Person:
    name: str
    username: str
    page: Any
    results: list[str] = field(default_factory=list)  # "win" / "loss" / "bye", per round
    errors: list[str] = field(default_factory=list)


def _browser_page(browser: Any, viewport: dict[str, int], errors: list[str]) -> Any:
    page = new_context(browser, viewport=viewport).new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page


def _fill_sign_up(page: Any, username: str, display_name: str) -> None:
    """On the sign-up form (reached from wherever the person was going)."""
    expect(page.get_by_role("heading", name="Sign up")).to_be_visible()
    page.get_by_label("Username").fill(username)
    page.get_by_label("Display name").fill(display_name)
    page.get_by_label("Password (10 characters or more)").fill(PASSWORD)
    page.get_by_label("Password again").fill(PASSWORD)
    page.get_by_role("button", name="Sign up").click()


def _fits(page: Any) -> None:
    """The page itself never scrolls sideways (wide tables scroll inside a wrapper)."""
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width, page.url


def _organiser_signs_up_and_is_granted_the_role(
    browser: Any, site: LiveSite, errors: list[str]
) -> Any:
    admin = f"admin-{secrets.token_hex(3)}"
    site.app.extensions["shiai"].accounts.create(admin, "Site admin", PASSWORD, "admin")
    organiser = f"sensei-{secrets.token_hex(3)}"
    page = _browser_page(browser, DESKTOP, errors)
    page.goto(site.url)
    page.locator("header .account").get_by_role("link", name="Sign up").click()
    _fill_sign_up(page, organiser, "Sensei Ono")
    expect(page.locator("header .account")).to_contain_text("Sensei Ono (player)")
    page.locator("header .account").get_by_role("link", name="Sensei Ono").click()
    expect(page.get_by_role("heading", name="Your account")).to_be_visible()
    page.get_by_label("Why you need the organiser role").fill(
        "I run the Kensei league at the Dojo club."
    )
    page.get_by_role("button", name="Ask for the organiser role").click()
    expect(page.locator("#request-status")).to_contain_text("an admin will grant or refuse it")

    admin_page = _browser_page(browser, DESKTOP, errors)
    admin_page.goto(f"{site.url}/sign-in")
    admin_page.get_by_label("Username").fill(admin)
    admin_page.get_by_label("Password").fill(PASSWORD)
    admin_page.get_by_role("button", name="Sign in").click()
    admin_page.locator("header .account").get_by_role("link", name="Admin", exact=True).click()
    request = admin_page.locator(".role-request", has_text=organiser)
    expect(request).to_contain_text("I run the Kensei league at the Dojo club.")
    request.get_by_role("button", name="Grant").click()
    expect(admin_page.locator(".role-request", has_text=organiser)).to_have_count(0)
    admin_page.context.close()

    page.reload()
    expect(page.locator("#account-role")).to_have_text("organiser")
    return page


def _organiser_creates_the_event(page: Any) -> str:
    """Returns the event page's address."""
    page.get_by_role("link", name="New tournament").click()
    expect(page.get_by_role("heading", name="New tournament")).to_be_visible()
    page.get_by_label("Name").fill("Dojo Spring Cup")
    expect(page.get_by_label("Game system")).to_have_value("kensei")
    page.get_by_label("Battle size").fill("400")
    page.get_by_label("Rounds", exact=True).fill(str(ROUNDS))
    page.get_by_role("button", name="Create").click()
    expect(page.get_by_role("heading", name="Dojo Spring Cup — organiser console")).to_be_visible()
    # Registration is open from the start: players register at the event's page.
    window = page.get_by_role("region", name="Registration and lists")
    expect(window).to_contain_text("Registration is open to players")
    expect(window.get_by_role("button", name="Close registration")).to_be_visible()
    page.get_by_role("link", name="public page").click()
    expect(page.get_by_role("heading", name="Dojo Spring Cup")).to_be_visible()
    url: str = page.url
    return url


def _paste_list(page: Any, document: dict[str, Any]) -> None:
    """Paste a list's JSON into the field the builder folds away."""
    # The list's builder has loaded (it folds the JSON field away as it does).
    expect(page.locator(".army-list-field")).to_have_attribute("data-builder", "ready")
    list_field = page.get_by_label("Army list (JSON)")
    page.get_by_text("Army list as JSON").click()
    expect(list_field).to_be_visible()
    text = json.dumps(document, indent=2)
    list_field.fill(text)
    expect(list_field).to_have_value(text)


def _broken(army: dict[str, Any]) -> dict[str, Any]:
    """The same list with a unit of a Kuge troop: the engine names the problem."""
    return army | {"units": [*army["units"], {"troop": "kuge_kuge", "count": 3}]}


def _player_registers(browser: Any, event_url: str, index: int, name: str, tag: str) -> Person:
    """A player, not signed in, opens the event on their phone, follows "Register",
    signs up on the way and lands back on the registration form."""
    person = Person(name, f"{name.lower()}-{tag}", None)
    page = person.page = _browser_page(browser, PHONE, person.errors)
    page.goto(event_url)
    page.get_by_role("link", name="Register for this event").click()
    expect(page.get_by_role("heading", name="Sign in")).to_be_visible()
    page.locator("main").get_by_role("link", name="Sign up").click()
    _fill_sign_up(page, person.username, name)
    expect(page.get_by_role("heading", name="Dojo Spring Cup — registration")).to_be_visible()
    expect(page.get_by_label("Name", exact=True)).to_have_value(name)
    _fits(page)
    page.get_by_label("Club or team").fill(f"{name} dojo")
    army = sample_army_document(FACTION_LISTS[index % len(FACTION_LISTS)])
    page.get_by_label("Faction", exact=True).select_option(army["faction"])
    if index == 0:
        # A list that breaks the rules is kept with its problems listed; the player
        # reads them and sends the right list.
        _paste_list(page, _broken(army))
        page.get_by_role("button", name="Register").click()
        expect(page.get_by_role("heading", name="You are registered")).to_be_visible()
        expect(page.locator(".list-status")).to_have_text("invalid (1 problem)")
        expect(page.locator(".list-problems li")).to_have_count(1)
        expect(page.locator(".list-problems")).to_contain_text("kuge_kuge")
        _fits(page)
        shot(page, "register-problem-phone", full_page=True)
        _paste_list(page, army)
        expect(page.get_by_label("Faction", exact=True)).to_have_value(army["faction"])
        page.get_by_role("button", name="Save my list").click()
    else:
        _paste_list(page, army)
        page.get_by_role("button", name="Register").click()
        expect(page.get_by_role("heading", name="You are registered")).to_be_visible()
    expect(page.locator(".list-status")).to_have_text("valid")
    expect(page.locator(".list-problems")).to_have_count(0)
    return person


def _row(page: Any, rows: Any, name: str) -> Any:
    """The row of the player called ``name`` (names appear inside others' clubs)."""
    return rows.filter(has=page.get_by_role("cell", name=name, exact=True))


def _console(org: Any, event_url: str) -> Any:
    visit(org, f"{event_url}/console")
    expect(org.get_by_role("heading", name=re.compile("organiser console$"))).to_be_visible()
    return org


def _everyone_checks_in(org: Any, people: list[Person], event_url: str) -> None:
    _console(org, event_url)
    desk = org.locator("section.check-in-desk")
    expect(desk).to_contain_text("check-in is closed")
    desk.get_by_role("button", name="Open check-in").click()
    expect(desk).to_contain_text("check-in is open")
    expect(desk.locator("svg.qr")).to_be_visible()
    link = desk.get_by_role("link", name=f"{event_url}/check-in").get_attribute("href")
    for person in people:
        page = person.page
        visit(page, link)
        expect(page.get_by_text(f"Checking in as {person.name}")).to_be_visible()
        page.get_by_role("button", name="Check in").click()
        expect(page.get_by_text("You are checked in.")).to_be_visible()
        expect(page.get_by_role("heading", name=person.name)).to_be_visible()
    _console(org, event_url)
    desk = org.locator("section.check-in-desk")
    expect(desk).to_contain_text(f"{len(people)} of {len(people)} registered players checked in")
    desk.get_by_role("button", name="Close check-in").click()
    expect(desk).to_contain_text("check-in is closed")


def _my_table(person: Person, event_url: str, number: int) -> tuple[str, str]:
    """What the player's phone says of this round: (table, opponent) or ('bye', '')."""
    page = person.page
    visit(page, f"{event_url}/me")
    card = page.locator(".my-round")
    expect(card.get_by_role("heading", name=f"Round {number} of {ROUNDS}")).to_be_visible()
    _fits(page)
    table = card.locator(".table-number")
    expect(table).to_be_visible()
    if table.inner_text().strip() == "Bye":
        expect(card).to_contain_text("You have a bye this round")
        return "bye", ""
    number_text: str = table.locator("strong").inner_text().strip()
    opponent: str = card.locator(".opponent strong").inner_text().strip()
    return number_text, opponent


def _report_win(page: Any, loser: str, mine: int, theirs: int) -> None:
    page.get_by_label("I won", exact=True).check()
    vp = page.get_by_role("group", name="Victory points")
    vp.get_by_label("(you)").fill(str(mine))
    vp.get_by_label(loser, exact=True).fill(str(theirs))
    page.get_by_role("button", name="Report", exact=True).click()
    expect(page.get_by_text(f"You reported: you won {score(mine, theirs)}.")).to_be_visible()
    expect(page.get_by_text(f"Waiting for {loser} to confirm.")).to_be_visible()


def _dispute_and_settle(
    org: Any, loser: Person, winner: Person, event_url: str, table: str
) -> None:
    """The loser disputes the report; the organiser settles it on the console."""
    page = loser.page
    page.get_by_text("Dispute", exact=True).click()
    page.get_by_label("What is wrong?").fill(f"We agreed 12-{DISPUTED_VP}, not 12-4.")
    _fits(page)
    page.get_by_role("button", name="Dispute the result").click()
    expect(page.get_by_text("An organiser will settle this.")).to_be_visible()

    _console(org, event_url)
    expect(org.locator("[data-board=disputed] .count")).to_have_text("1")
    expect(org.locator(f"#table-{table}")).to_contain_text("disputed")
    dispute = org.locator("section.disputes article", has_text=f"table {table}:")
    expect(dispute).to_contain_text(f"We agreed 12-{DISPUTED_VP}, not 12-4.")
    dispute.get_by_label("Result").select_option(label=f"{winner.name} won")
    dispute.get_by_label(f"VP {winner.name}", exact=True).fill("12")
    dispute.get_by_label(f"VP {loser.name}", exact=True).fill(str(DISPUTED_VP))
    shot(org, "console-dispute-desktop", full_page=True)
    dispute.get_by_role("button", name="Settle the result").click()
    expect(org.locator("section.disputes")).to_have_count(0)
    expect(org.locator("[data-board=disputed] .count")).to_have_text("0")
    expect(org.get_by_role("alert")).to_have_count(0)
    visit(page, f"{event_url}/me")
    expect(page.get_by_text(f"Result: you lost {score(DISPUTED_VP, 12)}")).to_be_visible()
    visit(winner.page, f"{event_url}/me")
    expect(winner.page.get_by_text(f"Result: you won {score(12, DISPUTED_VP)}")).to_be_visible()


def _pair_and_publish(org: Any, event_url: str, number: int) -> Any:
    _console(org, event_url)
    org.get_by_role("button", name=f"Pair round {number}").click()
    current = org.locator("section.current-round")
    expect(current.get_by_role("heading", name=f"Round {number} (draft)")).to_be_visible()
    expect(current.get_by_text("The checker finds nothing wrong")).to_be_visible()
    current.get_by_role("button", name=f"Publish round {number}").click()
    current = org.locator("section.current-round")
    expect(current.get_by_role("heading", name=f"Round {number} (published)")).to_be_visible()
    expect(org.get_by_role("alert")).to_have_count(0)
    return current


def _play_round(
    org: Any, people: list[Person], event_url: str, number: int, *, dispute: bool
) -> None:
    _pair_and_publish(org, event_url, number)
    by_name = {p.name: p for p in people}
    playing = [p for p in people if not (p.name == DROPPER and number > 1)]
    seen = {person.name: _my_table(person, event_url, number) for person in playing}
    tables: dict[str, list[str]] = {}
    for name, (table, opponent) in seen.items():
        if table == "bye":
            by_name[name].results.append("bye")
            continue
        assert seen[opponent] == (table, name), (name, opponent, seen)
        tables.setdefault(table, []).append(name)
    assert len(tables) == len(playing) // 2, seen
    if number == 1:
        shot(by_name[NAMES[0]].page, "player-round-1-phone", full_page=True)
    # The console's board counts the tables still missing a result.
    _console(org, event_url)
    expect(org.locator("[data-board=missing] .count")).to_have_text(str(len(tables)))

    disputed_table = min(tables, key=int) if dispute else None
    for table, pair in sorted(tables.items(), key=lambda item: int(item[0])):
        winner, loser = (by_name[name] for name in sorted(pair))  # first in the alphabet wins
        _report_win(winner.page, loser.name, 12, 4)
        page = loser.page
        visit(page, f"{event_url}/me")
        expect(
            page.get_by_text(f"{winner.name} reported: you lost {score(4, 12)}.")
        ).to_be_visible()
        if table == disputed_table:
            _dispute_and_settle(org, loser, winner, event_url, table)
        else:
            page.get_by_role("button", name="Confirm", exact=True).click()
            expect(page.get_by_text(f"Result: you lost {score(4, 12)}")).to_be_visible()
            expect(page.get_by_text("(reported and confirmed)")).to_be_visible()
        winner.results.append("win")
        loser.results.append("loss")
    _console(org, event_url)
    board = org.locator(f"#round-{number}-board")
    expect(board.locator(".board-total")).to_contain_text(f"{len(tables)} of {len(tables)}")
    expect(board.locator("[data-board=confirmed] .count")).to_have_text(str(len(tables)))
    if number == 1:
        shot(org, "console-round-1-desktop", full_page=True)


def _drop(person: Person, event_url: str) -> None:
    page = person.page
    visit(page, f"{event_url}/me")
    page.get_by_text("Drop out of the event").click()
    _fits(page)
    page.get_by_role("button", name="Yes, drop me from the event").click()
    expect(page.get_by_text("You dropped out after round 1.")).to_be_visible()
    expect(page.get_by_text("Drop out of the event")).to_have_count(0)


def _top_cut(org: Any, event_url: str) -> str:
    """The organiser starts a top cut of four and records the semi-finals and the
    final (the higher seed wins each match); returns the champion."""
    _console(org, event_url)
    top_cut = org.locator("#top-cut")
    top_cut.get_by_label("size").select_option("4")
    top_cut.get_by_role("button", name="Start the top cut").click()
    for played in range(3):  # two semi-finals and the final
        record = org.locator("#top-cut").get_by_role("button", name="Record")
        expect(record).to_have_count(2 if played == 0 else 1)
        record.first.click()
        expect(org.get_by_role("alert")).to_have_count(0)
    champion = org.locator("#top-cut").get_by_text(re.compile("^Champion: "))
    expect(champion).to_be_visible()
    expect(org.locator("#top-cut").get_by_role("button", name="Record")).to_have_count(0)
    return champion.inner_text().removeprefix("Champion: ").strip()


def _standings_page(page: Any, event_url: str) -> list[tuple[str, str]]:
    """(name, score) of each row of the event page's standings, in order."""
    visit(page, event_url)
    rows = page.locator("table.standings tbody tr")
    expect(rows).to_have_count(len(NAMES))
    return [
        (row.locator("td").nth(1).inner_text().strip(), row.locator("td").nth(4).inner_text())
        for row in rows.all()
    ]


def _exported_standings(page: Any, event_url: str) -> list[dict[str, str]]:
    visit(page, event_url)
    with page.expect_download() as download:
        page.get_by_role("link", name="standings CSV").click()
    text = Path(download.value.path()).read_text(encoding="utf-8")
    return list(csv.DictReader(io.StringIO(text)))


def test_a_whole_swiss_event_day_on_phones_and_a_laptop(browser: Any, live_site: LiveSite) -> None:
    organiser_errors: list[str] = []
    org = _organiser_signs_up_and_is_granted_the_role(browser, live_site, organiser_errors)
    people: list[Person] = []
    try:
        event_url = _organiser_creates_the_event(org)
        tag = secrets.token_hex(2)
        for index, name in enumerate(NAMES):
            people.append(_player_registers(browser, event_url, index, name, tag))
        _console(org, event_url)
        players = org.locator("table.players tbody tr")
        expect(players).to_have_count(len(NAMES))
        for person in people:
            expect(_row(org, players, person.name)).to_contain_text("valid")
        _everyone_checks_in(org, people, event_url)

        for number in range(1, ROUNDS + 1):
            _play_round(org, people, event_url, number, dispute=number == 1)
            if number == 1:
                _drop(next(p for p in people if p.name == DROPPER), event_url)
                _console(org, event_url)
                expect(_row(org, players, DROPPER)).to_contain_text("dropped after round 1")

        champion = _top_cut(org, event_url)
        shown = _standings_page(org, event_url)
        rows = _exported_standings(org, event_url)

        # The CSV and the page agree, row by row, with each other and with the
        # results the players reported (win or bye 3, loss 0).
        assert len(rows) == len(NAMES)
        assert [(row["name"], row["score"]) for row in rows] == [
            (name.removesuffix(" (dropped)"), points) for name, points in shown
        ]
        by_name = {row["name"]: row for row in rows}
        for person in people:
            counts = Counter(person.results)
            assert len(person.results) == (1 if person.name == DROPPER else ROUNDS)
            expected = 3 * (counts["win"] + counts["bye"])
            assert by_name[person.name]["score"] == str(expected), (person.name, person.results)
            assert by_name[person.name]["dropped"] == str(person.name == DROPPER)
        assert dict(shown)[f"{DROPPER} (dropped)"] == by_name[DROPPER]["score"]
        scores = [int(row["score"]) for row in rows]
        assert scores == sorted(scores, reverse=True)
        assert champion in {row["name"] for row in rows[:4]}
        assert not organiser_errors, organiser_errors
        for person in people:
            assert not person.errors, (person.name, person.errors)
    finally:
        for person in people:
            person.page.context.close()
        org.context.close()
