"""An organiser maps a free-text faction to the catalogue's (issue 26, item 5), in a
real Chromium at desktop and phone sizes: "Buke clan", from a registration older than
the catalogue check, is a faction of its own in the meta until the organiser counts
it as Buke on the faction names page; the meta then shows one Buke row with both
results."""

from __future__ import annotations

import re
import secrets
from typing import Any
from uuid import UUID

import pytest

from shiai.tournaments.model import Outcome, Result
from tests.e2e.conftest import LiveSite, new_context, shot
from tests.e2e.test_meta_event_journey import meta_filtered_to
from tests.e2e.test_odds_page import expect, watch_console
from tests.support.events import organiser_of
from tests.support.legacy_factions import legacy_event

pytestmark = pytest.mark.e2e

SIZES = {"desktop": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}
PASSWORD = "correct horse battery"
TEXT = "Buke clan"


def _old_event(site: LiveSite, name: str) -> UUID:
    """Buke beat Kuge at table 1, "Buke clan" beat Sohei at table 2; the text counted
    as itself (a journey at another size may have mapped it)."""
    app = site.app
    # A battle size of its own: other journeys of the session count 300-point games.
    tid = legacy_event(app, ["Buke", "Kuge", TEXT, "Sohei"], name=name, size="275 points")
    services, org = app.extensions["shiai"], organiser_of(app, tid)
    win, loss = Outcome.WIN, Outcome.LOSS
    services.tournaments.record_result(tid, org, 1, 1, Result(win, loss, a_vp=10, b_vp=4))
    services.tournaments.record_result(tid, org, 1, 2, Result(win, loss, a_vp=8, b_vp=5))
    if TEXT in services.faction_maps.mappings("kensei"):
        services.faction_maps.unmap_faction("kensei", org, TEXT)
    return tid


def _sign_in(page: Any, site: LiveSite) -> None:
    username = f"mapper-{secrets.token_hex(3)}"
    site.app.extensions["shiai"].accounts.create(username, "Mapper", PASSWORD, "organiser")
    page.goto(f"{site.url}/sign-in")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_text("Mapper (organiser)")).to_be_visible()


@pytest.mark.parametrize("size", SIZES)
def test_an_organiser_maps_buke_clan_to_buke_and_the_meta_counts_one_buke(
    live_site: LiveSite, browser: Any, size: str
) -> None:
    event_name = f"Old cup ({size})"
    tid = _old_event(live_site, event_name)
    context = new_context(browser, viewport=SIZES[size])
    page = context.new_page()
    problems = watch_console(page)
    _sign_in(page, live_site)

    # Before: "Buke clan" is a faction of its own beside Buke.
    rows = meta_filtered_to(page, live_site, event_name, tid)
    expect(rows.filter(has_text=TEXT)).to_have_count(1)

    # The organiser opens the faction names page from the meta and counts it as Buke.
    page.get_by_role("link", name=re.compile("Faction names")).click()
    expect(page).to_have_url(re.compile(r"/meta/factions"))
    row = page.locator(f'tr[data-text="{TEXT}"]')
    expect(row).to_contain_text("not mapped")
    row.get_by_label(f"Count {TEXT} as").select_option(label="Buke")
    shot(page, f"faction-mapping-{size}-choosing", full_page=True)
    row.get_by_role("button", name=f"Save how {TEXT} is counted").click()
    expect(page).to_have_url(re.compile(r"/meta/factions#system-kensei"))
    row = page.locator(f'tr[data-text="{TEXT}"]')
    expect(row).to_contain_text("mapped to Buke by Mapper")
    expect(page.locator("ol.mapping-history li").first).to_contain_text(
        f'Mapper: "{TEXT}" mapped to Buke'
    )
    shot(page, f"faction-mapping-{size}-saved", full_page=True)

    # After: one Buke row with both results (2 games, 2 wins); no "Buke clan".
    rows = meta_filtered_to(page, live_site, event_name, tid)
    expect(rows).to_have_count(3)
    expect(rows.filter(has_text=TEXT)).to_have_count(0)
    buke = rows.filter(has=page.locator("td", has_text=re.compile(r"^Buke$")))
    expect(buke).to_have_count(1)
    expect(buke.locator("td").nth(1)).to_have_text("2")
    expect(buke.locator("td").nth(2)).to_have_text("2")
    shot(page, f"faction-mapping-{size}-meta", full_page=True)
    assert not problems, problems
    context.close()
