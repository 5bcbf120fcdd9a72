"""A player's event day in a real Chromium, by clicking and typing only, at desktop
and phone sizes: the organiser opens check-in; two players open the check-in
link, sign in and check themselves in; the organiser pairs and publishes round 1
on the console; a player sees their table and opponent (their page keeps itself
current), reports, the opponent disputes, the organiser settles it on the
console; in round 2 the opponent confirms a report; a player drops out.

The accounts, the event and its registrations are set up through the services
(no page makes them on this branch); who plays whom is read from the pages."""

from __future__ import annotations

import secrets
from typing import Any
from uuid import UUID

import pytest

from tests.e2e.conftest import LiveSite, new_context, visit
from tests.e2e.test_replay_viewer import expect

pytestmark = pytest.mark.e2e

PASSWORD = "correct horse battery"
SIZES = {"desktop": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}
PLAYERS = ("Akechi", "Baba", "Chosokabe", "Date")


def score(mine: int, theirs: int) -> str:
    """Victory points as the pages print them (with an en dash)."""
    return f"{mine}\N{EN DASH}{theirs}"


class Person:
    """One person's browser: a context of their own, signed in (or not yet)."""

    def __init__(self, browser: Any, size: str, username: str) -> None:
        self.context = new_context(browser, viewport=SIZES[size])
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.username = username
        self.phone = size == "phone"

    def sign_in_on_the_form(self) -> None:
        self.page.get_by_label("Username").fill(self.username)
        self.page.get_by_label("Password").fill(PASSWORD)
        self.page.get_by_role("button", name="Sign in").click()

    def sign_in(self, site: LiveSite) -> None:
        self.page.goto(f"{site.url}/sign-in")
        self.sign_in_on_the_form()
        expect(self.page.get_by_role("button", name="Sign out")).to_be_visible()

    def fits(self) -> None:
        """At phone size the page itself never scrolls sideways."""
        if self.phone:
            assert self.page.evaluate("document.documentElement.scrollWidth") <= 390


def _event(site: LiveSite) -> tuple[UUID, str, dict[str, str]]:
    """A 3-round event with four registered players; Chosokabe and Date are
    already checked in by the organiser. Returns the event, the organiser's
    username and each player's username."""
    services = site.app.extensions["shiai"]
    tag = secrets.token_hex(3)
    organiser = f"org-{tag}"
    organiser_id = services.accounts.create(organiser, "Organiser", PASSWORD, "organiser")
    tid = services.tournaments.create(
        organiser_id, name=f"Hall cup {tag}", game_system="kensei", rounds=3
    )
    usernames = {}
    for name in PLAYERS:
        usernames[name] = f"{name.lower()}-{tag}"
        account = services.accounts.create(usernames[name], name, PASSWORD)
        player = services.tournaments.register(
            tid, organiser_id, name=name, club=f"{name} dojo", faction="buke", account_id=account
        )
        if name in ("Chosokabe", "Date"):
            services.tournaments.check_in(tid, organiser_id, player)
    return tid, organiser, usernames


def _round_section(page: Any, number: int) -> Any:
    return page.locator("section", has=page.get_by_role("heading", name=f"Round {number} "))


def _opponent(person: Person) -> str:
    """The opponent's name, as the current round's card shows it."""
    opponent = person.page.locator(".my-round .opponent strong")
    expect(opponent).to_be_visible()
    name: str = opponent.inner_text()
    assert name in PLAYERS
    return name


def _report_win(person: Person, opponent: str, mine: int, theirs: int) -> None:
    page = person.page
    page.get_by_label("I won").check()
    vp = page.get_by_role("group", name="Victory points")
    vp.get_by_label("(you)").fill(str(mine))
    vp.get_by_label(opponent, exact=True).fill(str(theirs))
    page.get_by_role("button", name="Report", exact=True).click()
    expect(page.get_by_text("Waiting for")).to_be_visible()


class Day:
    """The event day's people, each in their own browser context."""

    def __init__(self, browser: Any, site: LiveSite, size: str) -> None:
        tid, organiser, usernames = _event(site)
        self.site = site
        self.event = f"{site.url}/tournaments/{tid}"
        self.organiser = Person(browser, size, organiser)
        self.console = self.organiser.page
        self.people = {name: Person(browser, size, usernames[name]) for name in PLAYERS}
        self.akechi = self.people["Akechi"]

    def everyone(self) -> list[Person]:
        return [self.organiser, *self.people.values()]

    def open_check_in(self) -> None:
        """The organiser opens check-in: the console shows the link and its QR code."""
        self.organiser.sign_in(self.site)
        console = self.console
        console.goto(f"{self.event}/console")
        expect(console.get_by_text("check-in is closed")).to_be_visible()
        console.get_by_role("button", name="Open check-in").click()
        desk = console.locator("section.check-in-desk")
        expect(desk).to_contain_text("check-in is open")
        expect(desk).to_contain_text("2 of 4 registered players checked in")
        expect(desk.locator("svg.qr")).to_be_visible()
        expect(desk.get_by_role("link", name=f"{self.event}/check-in")).to_be_visible()

    def players_check_in(self) -> None:
        """Akechi and Baba open the link, sign in and check in; the organiser closes."""
        for name in ("Akechi", "Baba"):
            person = self.people[name]
            person.page.goto(f"{self.event}/check-in")
            person.page.get_by_role("link", name="Sign in to check in").click()
            person.sign_in_on_the_form()
            expect(person.page.get_by_text(f"Checking in as {name}")).to_be_visible()
            person.fits()
            person.page.get_by_role("button", name="Check in").click()
            expect(person.page.get_by_text("You are checked in.")).to_be_visible()
            expect(person.page.get_by_role("heading", name=name)).to_be_visible()
            person.fits()
        for name in ("Chosokabe", "Date"):
            self.people[name].sign_in(self.site)
            visit(self.people[name].page, f"{self.event}/me")
        visit(self.console, f"{self.event}/console")
        desk = self.console.locator("section.check-in-desk")
        expect(desk).to_contain_text("4 of 4 registered players checked in")
        self.console.get_by_role("button", name="Close check-in").click()
        expect(desk).to_contain_text("check-in is closed")

    def pair_and_publish(self, number: int) -> str:
        """The organiser pairs and publishes round ``number`` on the console; Akechi's
        page shows it by itself. Returns Akechi's opponent."""
        visit(self.console, f"{self.event}/console")
        self.console.get_by_role("button", name=f"Pair round {number}").click()
        expect(self.akechi.page.locator("p.notice")).to_contain_text(
            f"Round {number} is being paired"
        )
        _round_section(self.console, number).get_by_role("button", name="Publish").click()
        expect(_round_section(self.console, number)).to_contain_text("(published)")
        page = self.akechi.page
        expect(page.get_by_role("heading", name=f"Round {number} of 3")).to_be_visible()
        expect(page.locator(".table-number strong")).to_be_visible()
        rival = _opponent(self.akechi)
        expect(page.locator(".my-round")).to_contain_text(f"{rival} dojo · Buke")
        self.akechi.fits()
        return rival

    def me(self, name: str) -> Person:
        person = self.people[name]
        visit(person.page, f"{self.event}/me")
        return person

    def confirm(self, name: str, reporter: str, mine: int, theirs: int) -> None:
        page = self.me(name).page
        expect(
            page.get_by_text(f"{reporter} reported: you lost {score(mine, theirs)}.")
        ).to_be_visible()
        page.get_by_role("button", name="Confirm", exact=True).click()
        expect(page.get_by_text(f"Result: you lost {score(mine, theirs)}")).to_be_visible()

    def dispute_and_settle(self, rival: str) -> None:
        """The opponent disputes Akechi's report; the organiser settles it (a draw)."""
        opponent = self.me(rival)
        page = opponent.page
        expect(page.get_by_text(f"Akechi reported: you lost {score(3, 12)}.")).to_be_visible()
        page.get_by_text("Dispute", exact=True).click()
        page.get_by_label("What is wrong?").fill("We drew: the last objective was mine")
        opponent.fits()
        page.get_by_role("button", name="Dispute the result").click()
        expect(page.get_by_text("An organiser will settle this.")).to_be_visible()
        expect(self.akechi.page.get_by_text("An organiser will settle this.")).to_be_visible()

        visit(self.console, f"{self.event}/console")
        dispute = self.console.locator("section.disputes")
        expect(dispute).to_contain_text("the last objective was mine")
        dispute.get_by_label("Result").select_option(label="draw")
        dispute.locator("input[name=a_vp]").fill("7")
        dispute.locator("input[name=b_vp]").fill("7")
        dispute.get_by_role("button", name="Settle the result").click()
        expect(self.console.locator("section.disputes")).to_have_count(0)
        expect(self.akechi.page.get_by_text(f"Result: you drew {score(7, 7)}")).to_be_visible()

    def drop_akechi(self) -> None:
        page = self.akechi.page
        page.get_by_text("Drop out of the event").click()
        self.akechi.fits()
        page.get_by_role("button", name="Yes, drop me from the event").click()
        expect(page.get_by_text("You dropped out after round 2.")).to_be_visible()
        expect(page.get_by_text("Drop out of the event")).to_have_count(0)
        self.akechi.fits()


@pytest.mark.parametrize("size", SIZES)
def test_players_check_in_report_dispute_confirm_and_drop_by_clicking(
    browser: Any, live_site: LiveSite, size: str
) -> None:
    day = Day(browser, live_site, size)
    try:
        day.open_check_in()
        day.players_check_in()

        # Round 1: Akechi sees her table and opponent, reports; the opponent
        # disputes; the organiser settles it on the console.
        rival = day.pair_and_publish(1)
        _report_win(day.akechi, rival, 12, 3)
        day.akechi.fits()
        day.dispute_and_settle(rival)
        # The other table: one reports, the other confirms.
        reporter, confirmer = [name for name in PLAYERS if name not in ("Akechi", rival)]
        assert _opponent(day.me(reporter)) == confirmer
        _report_win(day.people[reporter], confirmer, 10, 4)
        day.confirm(confirmer, reporter, 4, 10)

        # Round 2: Akechi reports, and this time the opponent confirms.
        second = day.pair_and_publish(2)
        assert second != rival
        _report_win(day.akechi, second, 9, 2)
        day.confirm(second, "Akechi", 2, 9)
        page = day.akechi.page
        expect(page.get_by_text(f"Result: you won {score(9, 2)}")).to_be_visible()
        # Her standing and past rounds are below the current round.
        expect(page.locator("ul.past-rounds")).to_contain_text(f"against {rival}")
        expect(page.locator("ul.past-rounds")).to_contain_text(f"you drew {score(7, 7)}")
        expect(page.locator("dl.figures")).to_contain_text(score(1, 1) + "\N{EN DASH}0")

        # Akechi drops out, after a confirmation step.
        day.drop_akechi()
        visit(day.console, f"{day.event}/console")
        expect(day.console.get_by_role("alert")).to_have_count(0)
        for person in day.everyone():
            assert not person.errors, f"the page's scripts failed: {person.errors}"
    finally:
        for person in day.everyone():
            person.context.close()
