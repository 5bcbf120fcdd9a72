"""An event's results appear in the meta filtered to that event (issue 26, item 7), in
a real Chromium at desktop and phone sizes. The event is run through the application
as an organiser and players run one: players with accounts registered, round 1
paired and published, each result reported by one player and confirmed by the
other. The analyst opens /meta, chooses the event in the filter form and reads each
faction's games, wins and draws."""

from __future__ import annotations

import re
import secrets
from typing import Any
from uuid import UUID

import pytest

from shiai.tournaments.model import Outcome, Result
from tests.e2e.conftest import LiveSite, new_context, shot
from tests.e2e.test_odds_page import expect, watch_console
from tests.support.events import pair_and_publish

pytestmark = pytest.mark.e2e

SIZES = {"desktop": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}
PASSWORD = "correct horse battery"
EVENT = "Harvest cup"
# Registered factions: p1 v p2 at table 1, p3 v p4 at table 2.
FACTIONS = ("Buke", "Sohei", "Buke", "Kuge")
# Each faction's games, wins, draws and losses once both results are confirmed.
EXPECTED = {
    "Buke": ("2", "1", "1", "0"),
    "Sohei": ("1", "0", "0", "1"),
    "Kuge": ("1", "0", "1", "0"),
}


@pytest.fixture(scope="module")
def confirmed_event(live_site: LiveSite) -> UUID:
    services = live_site.app.extensions["shiai"]
    accounts, tournaments = services.accounts, services.tournaments
    tag = secrets.token_hex(3)
    org = accounts.create(f"harvest-org-{tag}", "Harvest organiser", PASSWORD, "organiser")
    # A battle size of its own: other journeys of the session count 300-point games.
    tid: UUID = tournaments.create(
        org, name=EVENT, game_system="kensei", battle_size="425 points", rounds=3, seed="h"
    )
    players = []
    for number, faction in enumerate(FACTIONS, start=1):
        account = accounts.create(f"harvest-{number}-{tag}", f"Samurai {number}", PASSWORD)
        players.append(account)
        tournaments.register(
            tid, org, name=f"Samurai {number}", faction=faction, account_id=account
        )
    pair_and_publish(live_site.app, tid, org, len(FACTIONS))
    win, loss, draw = Outcome.WIN, Outcome.LOSS, Outcome.DRAW
    # Table 1: player 1 reports a win, player 2 confirms it; table 2: a draw.
    tournaments.report(tid, players[0], 1, 1, Result(win, loss, a_vp=11, b_vp=5))
    tournaments.confirm(tid, players[1], 1, 1)
    tournaments.report(tid, players[3], 1, 2, Result(draw, draw, a_vp=6, b_vp=6))
    tournaments.confirm(tid, players[2], 1, 2)
    return tid


def meta_filtered_to(page: Any, site: LiveSite, event_name: str, tid: UUID) -> Any:
    """Open /meta, choose the event in the filter form and apply it; the faction win
    rates table's rows, once its chart is drawn."""
    page.goto(f"{site.url}/meta")
    page.select_option("select[name=event]", label=event_name)
    page.click("form.filters button[type=submit]")
    expect(page).to_have_url(re.compile(rf"event={tid}"))
    chart = page.locator('[data-figure="faction-win-rates"]')
    expect(chart).to_have_attribute("data-drawn", "true")
    return page.locator("#table-faction-win-rates tbody tr")


@pytest.mark.parametrize("size", SIZES)
def test_an_events_confirmed_results_are_counted_in_the_meta_filtered_to_it(
    live_site: LiveSite, browser: Any, confirmed_event: UUID, size: str
) -> None:
    context = new_context(browser, viewport=SIZES[size])
    page = context.new_page()
    problems = watch_console(page)
    rows = meta_filtered_to(page, live_site, EVENT, confirmed_event)
    expect(rows).to_have_count(len(EXPECTED))
    for faction, counts in EXPECTED.items():
        row = rows.filter(has=page.locator("td", has_text=re.compile(rf"^{faction}$")))
        expect(row).to_have_count(1)
        cells = row.locator("td")
        for column, count in enumerate(counts, start=1):
            expect(cells.nth(column)).to_have_text(count)
    # The event's own page is linked from the filtered meta.
    expect(page.locator("#event-link a")).to_be_visible()
    shot(page.locator("section#faction-win-rates"), f"meta-event-{size}")
    assert not problems, problems
    context.close()
