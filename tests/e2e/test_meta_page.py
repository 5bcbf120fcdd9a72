"""The meta dashboards in a real Chromium: every chart drawn by the platform's
plotly.js, with no console error, and a filter applied through the form lands
in the address."""

from __future__ import annotations

import re
from typing import Any
from uuid import UUID

import pytest

from dashboards.data import EVENT_QUERIES, QUERIES
from dashboards.meta_filters import Filters
from tests.e2e.conftest import LiveSite, new_context, shot
from tests.e2e.test_meta_reported import SIZES
from tests.e2e.test_odds_page import expect, watch_console
from tests.support.list_rows import listed_event
from tests.support.meta_players import seat_players
from tests.support.meta_rows import CUP, game, load, load_event

pytestmark = pytest.mark.e2e

# Every dashboard's chart, and the luckiest and least lucky players' beside the
# players' histogram.
CHARTS = (*QUERIES, "dice-luck-players-extremes")


@pytest.fixture(scope="module")
def meta_site(live_site: LiveSite) -> LiveSite:
    with live_site.app.extensions["shiai"].db_engine.connect() as conn:
        load(
            conn,
            *[game("buke", "kuge", "win") for _ in range(3)],
            game("kuge", "sohei", "draw"),
            game("sohei", "buke", "loss", army_points=300),
            game("buke", "kuge", "win", tournament_id=CUP, round=1),
        )
        load_event(conn, CUP, name="Browser cup")
        seat_players(conn, range(-16, 17))  # 33 players: 15 luckiest, 15 least lucky
    return live_site


def test_every_dashboard_draws_its_chart(meta_site: LiveSite, page: Any) -> None:
    problems = watch_console(page)
    page.goto(f"{meta_site.url}/meta")
    charts = page.locator("[data-figure]")
    expect(charts).to_have_count(len(CHARTS))
    for name in CHARTS:
        chart = page.locator(f'[data-figure="{name}"]')
        expect(chart).to_have_attribute("data-drawn", "true")
        expect(chart.locator(".main-svg").first).to_be_visible()
    # A bar per faction the meta counts: the three loaded here, and those of the games
    # other browser tests of the session played to their end.
    with meta_site.app.extensions["shiai"].db_engine.connect() as conn:
        factions = {row.faction for row in QUERIES["faction-win-rates"](conn, Filters())}
    assert {"buke", "kuge", "sohei"} <= factions
    bars = page.locator('[data-figure="faction-win-rates"] .bars .point')
    expect(bars).to_have_count(len(factions))
    expect(page.locator('[data-figure="matchups"] .hm')).to_be_attached()
    expect(page.locator('[data-figure="dice-luck-players-extremes"] .bars .point')).to_have_count(
        30
    )
    expect(page.locator("#table-dice-luck-players tbody tr:not(.group)")).to_have_count(30)
    assert not problems, problems


def test_a_filter_applied_in_the_form_lands_in_the_address(meta_site: LiveSite, page: Any) -> None:
    problems = watch_console(page)
    page.goto(f"{meta_site.url}/meta")
    page.select_option("select[name=size]", "300")
    page.fill("input[name=min_games]", "1")
    page.click("form.filters button[type=submit]")
    expect(page).to_have_url(re.compile(r"size=300"))
    expect(page.locator('[data-figure="faction-win-rates"]')).to_have_attribute(
        "data-drawn", "true"
    )
    # One 300-point battle: Sohei lost to Buke (named by Kensei's Ruleset.info).
    rows = page.locator("#table-faction-win-rates tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.first).to_contain_text("Buke")
    assert not problems, problems


def test_an_events_page_draws_its_charts(meta_site: LiveSite, page: Any) -> None:
    problems = watch_console(page)
    page.goto(f"{meta_site.url}/meta/events/{CUP}")
    expect(page.locator("[data-figure]")).to_have_count(len(EVENT_QUERIES))
    for name in EVENT_QUERIES:
        chart = page.locator(f'[data-figure="{name}"]')
        expect(chart).to_have_attribute("data-drawn", "true")
        expect(chart.locator(".main-svg").first).to_be_visible()
    expect(
        page.locator('[data-figure="standings-progression"] .scatterlayer .trace')
    ).to_have_count(3)
    assert not problems, problems


# Army lists in the meta (issue 26, item 2): an event's published lists, read in a
# real Chromium at desktop and phone sizes (test_meta_reported's SIZES).


@pytest.fixture(scope="module")
def listed_cup(live_site: LiveSite) -> UUID:
    """A Kensei event whose players 1 and 3 brought the same Buke list: round 1
    played (Buke beat Kuge, Buke beat Sohei) and the lists published."""
    from shiai.tournaments.model import Outcome, Result  # noqa: PLC0415

    app = live_site.app
    lists = ("buke-400", "kuge-400", "buke-400", "sohei-400")
    tid, org = listed_event(app, lists, name="Lists open")
    tournaments = app.extensions["shiai"].tournaments
    win, loss = Outcome.WIN, Outcome.LOSS
    tournaments.record_result(tid, org, 1, 1, Result(win, loss, a_vp=12, b_vp=3))
    tournaments.record_result(tid, org, 1, 2, Result(win, loss, a_vp=9, b_vp=4))
    tournaments.publish_lists(tid, org)
    return tid


@pytest.mark.parametrize("size", SIZES)
def test_an_events_army_lists_draw_in_the_meta(
    live_site: LiveSite, browser: Any, listed_cup: UUID, size: str
) -> None:
    context = new_context(browser, viewport=SIZES[size])
    page = context.new_page()
    problems = watch_console(page)
    page.goto(f"{live_site.url}/meta")
    page.select_option("select[name=event]", label="Lists open")
    page.click("form.filters button[type=submit]")
    expect(page).to_have_url(re.compile(rf"event={listed_cup}"))
    for name in ("list-units", "common-lists", "top-finishes"):
        chart = page.locator(f'[data-figure="{name}"]')
        expect(chart).to_have_attribute("data-drawn", "true")
        expect(chart.locator(".main-svg").first).to_be_visible()
    # The Buke list fielded twice is the one common list, a bar with its record.
    expect(page.locator('[data-figure="common-lists"] .bars .point')).to_have_count(1)
    expect(page.locator('[data-figure="common-lists"]')).to_contain_text("Buke clan vanguard")
    # The four finishes, each with its list, under the event's name.
    page.locator("#top-finishes summary").click(position={"x": 24, "y": 8})  # not its CSV link
    finishes = page.locator("#table-top-finishes tbody tr:not(.group)")
    expect(finishes).to_have_count(4)
    expect(finishes.first).to_be_visible()
    expect(page.locator("#table-top-finishes tr.group")).to_contain_text("Lists open")
    expect(finishes.filter(has_text="Buke clan vanguard")).to_have_count(2)
    # Buke's units: in both Buke lists, which won both their games.
    page.locator("#list-units summary").click(position={"x": 24, "y": 8})
    samurai = page.locator("#table-list-units tbody tr").filter(has_text="Mounted samurai")
    expect(samurai.first).to_be_visible()
    expect(samurai.first).to_contain_text("100.0")
    page.locator("#list-units").scroll_into_view_if_needed()
    shot(page.locator("#list-units"), f"meta-list-units-{size}")
    shot(page.locator("#common-lists"), f"meta-common-lists-{size}")
    shot(page.locator("#top-finishes"), f"meta-top-finishes-{size}")
    assert not problems, problems
    context.close()
