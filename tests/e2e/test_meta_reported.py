"""An event's results reported at its tables appear in the meta (issue 26, item 1), in
a real Chromium at desktop and phone sizes: an analyst picks the event and the source
in the filter form and reads the factions' record."""

from __future__ import annotations

import re
from typing import Any
from uuid import UUID

import pytest

from shiai.tournaments.model import Outcome, Result
from tests.e2e.conftest import LiveSite, new_context
from tests.e2e.test_odds_page import expect, watch_console
from tests.support.events import organiser_of, paired_event

pytestmark = pytest.mark.e2e

SIZES = {"desktop": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}


@pytest.fixture(scope="module")
def reported_event(live_site: LiveSite) -> UUID:
    app = live_site.app
    tid = paired_event(app, "kensei", ["Buke", "Kuge", "Sohei", "Otokodate"], name="Table cup")
    tournaments, org = app.extensions["shiai"].tournaments, organiser_of(app, tid)
    win, loss = Outcome.WIN, Outcome.LOSS
    tournaments.record_result(tid, org, 1, 1, Result(win, loss, a_vp=12, b_vp=3))
    tournaments.record_result(tid, org, 1, 2, Result(loss, win, a_vp=2, b_vp=9))
    return tid


@pytest.mark.parametrize("size", SIZES)
def test_an_events_reported_results_appear_in_the_meta_filtered_to_it(
    live_site: LiveSite, browser: Any, reported_event: UUID, size: str
) -> None:
    context = new_context(browser, viewport=SIZES[size])
    page = context.new_page()
    problems = watch_console(page)
    page.goto(f"{live_site.url}/meta")
    page.select_option("select[name=event]", label="Table cup")
    page.select_option("select[name=source]", "reported")
    page.click("form.filters button[type=submit]")
    expect(page).to_have_url(re.compile(rf"event={reported_event}"))
    expect(page).to_have_url(re.compile(r"source=reported"))
    # Buke beat Kuge; Otokodate beat Sohei: each one game, named by the catalogue.
    expect_faction_record(page, ("Buke", "Kuge", "Sohei", "Otokodate"))
    assert not problems, problems
    context.close()


def expect_faction_record(page: Any, factions: tuple[str, ...]) -> None:
    """The factions' record is drawn, and its table has a row for each of ``factions``
    (named by the catalogue) and no other."""
    chart = page.locator('[data-figure="faction-win-rates"]')
    expect(chart).to_have_attribute("data-drawn", "true")
    rows = page.locator("#table-faction-win-rates tbody tr")
    expect(rows).to_have_count(len(factions))
    for name in factions:
        expect(rows.filter(has_text=name)).to_have_count(1)
