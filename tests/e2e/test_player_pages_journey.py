"""Player pages (issue 26, item 4) in a real Chromium at desktop and phone sizes: a
visitor goes from the leaderboard to a player's page, sees their rating over time
drawn, follows the event they played, and finds a player by searching /players."""

from __future__ import annotations

import re
from typing import Any
from uuid import UUID

import pytest

from shiai.tournaments.model import Outcome, Result
from tests.e2e.conftest import LiveSite, new_context, shot, visit
from tests.e2e.test_odds_page import expect, watch_console
from tests.e2e.test_responsive import assert_fits
from tests.support.web import new_account

pytestmark = pytest.mark.e2e

SIZES = {"desktop": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}


@pytest.fixture(scope="module")
def rated_event(live_site: LiveSite) -> UUID:
    """A finished two-round Kensei event of four; Hoshino Rei has an account and wins
    both games, Kato Jun (no account) loses twice."""
    app = live_site.app
    tournaments = app.extensions["shiai"].tournaments
    org = new_account(app, "journey-organiser", role="organiser")
    rei = new_account(app, "hoshino-rei")
    tid: UUID = tournaments.create(
        org, name="Journey Kenshi Cup", game_system="kensei", battle_size="300", rounds=2, seed="j"
    )
    players = (("Hoshino Rei", "Buke", rei), ("Kato Jun", "Kuge", None),
               ("Mori Aki", "Sohei", None), ("Ueda Sora", "Otokodate", None))  # fmt: skip
    for name, faction, account in players:
        tournaments.register(tid, org, name=name, faction=faction, account_id=account)
    for number in range(1, 5):
        tournaments.check_in(tid, org, f"p{number}")
    win, loss = Outcome.WIN, Outcome.LOSS
    for number, pairs in ((1, [(1, "p1", "p2"), (2, "p3", "p4")]),
                          (2, [(1, "p1", "p3"), (2, "p2", "p4")])):  # fmt: skip
        tournaments.pair_next_round(tid, org)
        tournaments.edit_pairings(tid, org, number, pairs, [], accept_warnings=True)
        tournaments.publish(tid, org, number)
        tournaments.record_result(tid, org, number, 1, Result(win, loss, a_vp=12, b_vp=4))
        tournaments.record_result(tid, org, number, 2, Result(loss, win, a_vp=3, b_vp=10))
    return tid


def _open(browser: Any, size: str, url: str) -> tuple[Any, Any, list[str]]:
    """A page of the given size at ``url``, and the console problems it will log."""
    context = new_context(browser, viewport=SIZES[size])
    page = context.new_page()
    problems = watch_console(page)
    visit(page, url)
    return context, page, problems


@pytest.mark.parametrize("size", SIZES)
def test_from_the_leaderboard_to_a_player_and_on_to_their_event(
    live_site: LiveSite, browser: Any, rated_event: UUID, size: str
) -> None:
    context, page, problems = _open(browser, size, f"{live_site.url}/leaderboard")
    shot(page, f"player-leaderboard-{size}")
    page.get_by_role("link", name="Hoshino Rei", exact=True).click()
    expect(page).to_have_url(re.compile(r"/players/account/[0-9a-f-]{36}$"))
    expect(page.locator("#player-name")).to_have_text("Hoshino-Rei")  # the display name
    # The rating chart is drawn, with its table as the text alternative.
    chart = page.locator('[data-figure="rating"]')
    expect(chart).to_have_attribute("data-drawn", "true")
    expect(chart.locator(".main-svg").first).to_be_visible()
    page.get_by_text("Table (2 rated games)").click()
    expect(page.locator("#player-rating tbody tr")).to_have_count(2)
    games = page.locator("#player-games tbody tr")
    expect(games).to_have_count(2)
    expect(games.filter(has_text="Kato Jun")).to_have_count(1)
    expect(page.locator("#player-factions")).to_contain_text("Buke")
    shot(page, f"player-page-{size}", full_page=True)
    assert_fits(page, page.url, SIZES[size]["width"])  # wide tables scroll in their box
    # On to the event: its standings name her, linked back to her page.
    page.locator("#player-events").get_by_role("link", name="Journey Kenshi Cup").click()
    expect(page).to_have_url(re.compile(rf"/tournaments/{rated_event}$"))
    expect(page.locator("h1")).to_have_text("Journey Kenshi Cup")
    standings = page.locator("table.standings")
    expect(standings.get_by_role("link", name="Hoshino Rei")).to_have_count(1)
    shot(page, f"player-event-{size}", full_page=True)
    # An opponent without an account has a page by name.
    standings.get_by_role("link", name="Kato Jun").click()
    expect(page).to_have_url(re.compile(r"/players/name/Kato%20Jun$"))
    expect(page.locator("#player-games tbody tr")).to_have_count(2)
    assert not problems, problems
    context.close()


@pytest.mark.parametrize("size", SIZES)
def test_a_player_is_found_by_searching_the_players(
    live_site: LiveSite, browser: Any, rated_event: UUID, size: str
) -> None:
    context, page, problems = _open(browser, size, f"{live_site.url}/players")
    # Part of the name, in another case ("mori aki": the shared site's other journeys
    # register players named Mori too, as the event day's does).
    page.get_by_label("Name").fill("mori aki")
    page.get_by_role("button", name="Search").click()
    expect(page).to_have_url(re.compile(r"/players\?q=mori(\+|%20)aki"))
    rows = page.locator("#players tbody tr")
    expect(rows).to_have_count(1)
    shot(page, f"players-search-{size}", full_page=True)
    assert_fits(page, page.url, SIZES[size]["width"])
    rows.get_by_role("link", name="Mori Aki").click()
    expect(page.locator("#player-name")).to_have_text("Mori Aki")
    expect(page.locator("#player-events")).to_contain_text("3 of 4")
    assert not problems, problems
    context.close()
