"""Every page fits a phone, the home page sends each audience to its place, and the
printouts print: in a real Chromium at desktop (1366x900) and phone (390x844) sizes.

A 24-player event (12 tables) is set up through the services, as an organiser
would have run it; the pages are then only visited and clicked."""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any
from uuid import UUID

import pytest

from shiai.tournaments.model import Result
from tests.e2e.conftest import LiveSite, new_context
from tests.e2e.test_replay_viewer import expect

pytestmark = pytest.mark.e2e

PASSWORD = "correct horse battery"
DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
SIZES = [pytest.param(DESKTOP, id="desktop"), pytest.param(PHONE, id="phone")]
FACTIONS = ("Buke", "Kuge", "Sohei", "Otokodate")


@dataclass(frozen=True)
class Event:
    tid: UUID
    name: str
    organiser: str  # usernames
    player: str


@pytest.fixture(scope="module")
def event(live_site: LiveSite) -> Event:
    """A running 24-player event: round 1 published and half reported, with the
    first player's account linked to its player."""
    services = live_site.app.extensions["shiai"]
    suffix = secrets.token_hex(3)
    organiser, player = f"org-{suffix}", f"player-{suffix}"
    organiser_id = services.accounts.create(organiser, "Orga Niser", PASSWORD, "organiser")
    player_id = services.accounts.create(player, "Ichiro Player", PASSWORD, "player")
    name = f"Responsive Open {suffix}"
    tournaments = services.tournaments
    tid = tournaments.create(
        organiser_id,
        name=name,
        game_system="kensei",
        battle_size="300 points",
        rounds=4,
        late_entry_until_round=1,
        seed=suffix,
    )
    for number in range(24):
        registered = tournaments.register(
            tid,
            organiser_id,
            name="Ichiro Player" if number == 0 else f"Player with a long name {number:02d}",
            club=f"Dojo of the far province {number % 5}",
            faction=FACTIONS[number % len(FACTIONS)],
            account_id=player_id if number == 0 else None,
        )
        tournaments.check_in(tid, organiser_id, registered)
    tournaments.pair_next_round(tid, organiser_id)
    tournaments.publish(tid, organiser_id, 1)
    for table in tournaments.get(tid).round(1).tables[::2]:
        tournaments.record_result(tid, organiser_id, 1, table.table, Result.a_wins(12, 5))
    return Event(tid, name, organiser, player)


@pytest.fixture
def tabs(browser: Any) -> Iterator[Any]:
    """Opens a page at a size; checks no script on any of them failed."""
    contexts: list[Any] = []
    errors: list[str] = []

    def open_tab(viewport: dict[str, int]) -> Any:
        context = new_context(browser, viewport=viewport)
        contexts.append(context)
        tab = context.new_page()
        tab.on("pageerror", lambda error: errors.append(str(error)))
        return tab

    yield open_tab
    for context in contexts:
        context.close()
    assert not errors, f"the page's scripts failed: {errors}"


def sign_in(page: Any, site: LiveSite, username: str) -> None:
    page.goto(f"{site.url}/sign-in")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.locator("main").get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("button", name="Sign out")).to_be_attached()


def assert_fits(page: Any, path: str, width: int) -> None:
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width, f"{path} is {scroll}px wide at {width}px: the page scrolls sideways"


def visit_all(page: Any, site: LiveSite, paths: list[str], width: int) -> None:
    for path in paths:
        response = page.goto(site.url + path)
        assert response is not None
        assert response.status < 400, f"{path} answered {response.status}"
        expect(page.locator("main")).to_be_visible()
        assert_fits(page, path, width)


@pytest.mark.parametrize("viewport", SIZES)
def test_every_page_fits_the_screen_without_scrolling_sideways(
    tabs: Any, live_site: LiveSite, event: Event, viewport: dict[str, int]
) -> None:
    tid, width = event.tid, viewport["width"]
    anonymous = tabs(viewport)
    visit_all(
        anonymous,
        live_site,
        [
            "/",
            "/games",
            f"/games/{live_site.kensei_game}",
            "/tournaments",
            f"/tournaments/{tid}",
            "/leaderboard",
            "/meta",
            "/systems/kensei/odds",
            "/sign-in",
            "/sign-up",
        ],
        width,
    )

    organiser = tabs(viewport)
    sign_in(organiser, live_site, event.organiser)
    visit_all(
        organiser,
        live_site,
        [
            f"/tournaments/{tid}/console",
            f"/tournaments/{tid}/audit",
            f"/tournaments/{tid}/print/by-table",
            f"/tournaments/{tid}/print/by-name",
            f"/tournaments/{tid}/print/slips",
            f"/tournaments/{tid}/print/standings",
            "/play/new",
            "/account/tokens",
        ],
        width,
    )

    player = tabs(viewport)
    sign_in(player, live_site, event.player)
    visit_all(player, live_site, [f"/tournaments/{tid}/me", "/"], width)


@pytest.mark.parametrize("viewport", SIZES)
def test_the_home_page_sends_each_audience_to_its_place(
    tabs: Any, live_site: LiveSite, event: Event, viewport: dict[str, int]
) -> None:
    page = tabs(viewport)
    home = f"{live_site.url}/"
    page.goto(home)
    expect(page.get_by_role("heading", name=re.compile("^Shiai"))).to_be_visible()
    assert_fits(page, "/", viewport["width"])

    # Organisers: running an event starts with signing in, then the new event's form.
    page.get_by_role("link", name="Run an event").click()
    expect(page).to_have_url(re.compile(r"/sign-in\?next=/tournaments/new"))
    page.get_by_label("Username").fill(event.organiser)
    page.get_by_label("Password").fill(PASSWORD)
    page.locator("main").get_by_role("button", name="Sign in").click()
    expect(page).to_have_url(re.compile(r"/tournaments/new$"))

    # Players: the events under way are listed, and each links to its page.
    page.goto(home)
    page.get_by_role("link", name="Find your event").click()
    expect(page.get_by_role("heading", name="Tournaments")).to_be_visible()
    page.goto(home)
    events_now = page.locator("section", has=page.get_by_role("heading", name="Events now"))
    events_now.get_by_role("link", name=event.name).click()
    expect(page.get_by_role("heading", name=event.name)).to_be_visible()

    page.goto(home)
    page.get_by_role("link", name="Play a game").click()
    expect(page).to_have_url(re.compile(r"/play/new$"))

    page.goto(home)
    page.get_by_role("link", name="Review replays").click()
    expect(page.get_by_role("heading", name="Games")).to_be_visible()

    # Recent games name their factions once they are over; each opens its replay.
    page.goto(home)
    recent = page.locator("section", has=page.get_by_role("heading", name="Recent games"))
    expect(recent.locator("li").first).to_be_visible()
    recent.locator("li a").first.click()
    expect(page).to_have_url(re.compile(r"/games/[0-9a-f-]{36}"))

    # Analysts: the meta's headlines, then every chart.
    page.goto(home)
    meta = page.locator("section", has=page.get_by_role("heading", name="The meta"))
    expect(meta.get_by_text("Most played faction")).to_be_visible()
    page.get_by_role("link", name="See the meta").click()
    expect(page).to_have_url(re.compile(r"/meta$"))


def _page_count(pdf: bytes) -> int:
    assert pdf.startswith(b"%PDF"), "Chromium printed a PDF"
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf))


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_printouts_print_on_a4_and_letter(
    tabs: Any, live_site: LiveSite, event: Event, paper: str
) -> None:
    page = tabs(DESKTOP)
    sign_in(page, live_site, event.organiser)
    base = f"{live_site.url}/tournaments/{event.tid}/print"

    # Result slips: one per game table, four to a page (12 tables: 3 pages).
    page.goto(f"{base}/slips?round=1")
    expect(page.locator(".slip")).to_have_count(12)
    page.emulate_media(media="print")
    expect(page.locator("header.site")).to_be_hidden()
    expect(page.locator("nav.print-views")).to_be_hidden()
    slips = page.pdf(format=paper, print_background=True)
    assert _page_count(slips) == 3

    # Pairings by table and by name (one page for 24 players), and the standings
    # (as many pages as its columns need): black on white, no buttons.
    for view, heading in (
        ("by-table?round=1", "round 1, pairings by table"),
        ("by-name?round=1", "round 1, pairings by name"),
        ("standings", "standings"),
    ):
        page.goto(f"{base}/{view}")
        expect(page.get_by_role("heading", name=re.compile(heading))).to_be_visible()
        expect(page.get_by_role("button")).to_have_count(0)  # none printed
        colour = page.evaluate("getComputedStyle(document.body).color")
        assert colour == "rgb(0, 0, 0)"
        pages = _page_count(page.pdf(format=paper))
        assert pages >= 1 if view == "standings" else pages == 1


def test_the_public_event_page_keeps_itself_current_on_a_phone(
    tabs: Any, live_site: LiveSite, event: Event
) -> None:
    page = tabs(PHONE)
    page.goto(f"{live_site.url}/tournaments/{event.tid}")
    table_2 = page.locator("table.pairings tbody tr").nth(1)
    expect(table_2).to_contain_text("—")
    # The organiser takes table 2's result at the console, elsewhere in the hall.
    services = live_site.app.extensions["shiai"]
    organiser = services.accounts.by_username(event.organiser)
    services.tournaments.record_result(event.tid, organiser.id, 1, 2, Result.a_wins(14, 3))
    expect(table_2).to_contain_text("won 14")
    # The page reloaded itself: its table is there before its stylesheet may be, and
    # the width is the laid-out page's once the stylesheet has loaded.
    page.wait_for_load_state("load")
    assert_fits(page, "the event page", PHONE["width"])
