"""The Kensei odds page in a real Chromium: plotly.js from the platform draws
every chart with no console error, the unit picker greys out the hand entry,
and a question asked through the form lands in the address."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.e2e.conftest import LiveSite

pytestmark = pytest.mark.e2e


def expect(target: Any) -> Any:
    from playwright.sync_api import expect as playwright_expect  # noqa: PLC0415

    return playwright_expect(target)


def watch_console(page: Any) -> list[str]:
    """Console errors (Chromium logs every 4xx or 5xx answer there: a missing
    plotly.js would show) and failed requests. A request the browser cancelled
    because the page navigated away (``net::ERR_ABORTED``: a click on a link while
    the favicon was still loading) is the browser's doing, not a problem."""
    problems: list[str] = []
    page.on("console", lambda message: message.type == "error" and problems.append(message.text))
    page.on(
        "requestfailed",
        lambda request: (
            "ERR_ABORTED" not in (request.failure or "")
            and problems.append(f"failed: {request.url} ({request.failure})")
        ),
    )
    return problems


def test_a_melee_draws_four_charts_with_plotly_served_by_the_site(
    live_site: LiveSite, page: Any
) -> None:
    problems = watch_console(page)
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    encodings: dict[str, str | None] = {}
    page.on(
        "response",
        lambda response: encodings.update({response.url: response.headers.get("content-encoding")}),
    )
    page.goto(
        f"{live_site.url}/systems/kensei/odds?attacker_unit=buke-250/0&defender_unit=kuge-250/0"
    )
    charts = page.locator("[data-figure]")
    expect(charts).to_have_count(4)
    for index in range(4):
        chart = charts.nth(index)
        expect(chart).to_have_attribute("data-drawn", "true")
        expect(chart.locator(".main-svg").first).to_be_visible()
    expect(page.locator('[data-figure="attacker-rolls"] .bars .point').first).to_be_attached()
    expect(page.locator('[data-figure="attacker-casualties"] .scatterlayer .trace')).to_have_count(
        1
    )
    assert not problems, problems
    assert all(url.startswith(live_site.url) for url in requested), "nothing from another site"
    # The partial plotly.js bundle and the page came compressed (brotli: Chromium takes it).
    (bundle,) = [url for url in encodings if "/vendor/plotly-cartesian-" in url]
    assert encodings[bundle] == "br"
    assert encodings[page.url] == "br"


def test_the_form_asks_a_shoot_and_the_charts_follow(live_site: LiveSite, page: Any) -> None:
    problems = watch_console(page)
    page.goto(f"{live_site.url}/systems/kensei/odds")
    hand = page.locator("input[name=attacker_dice]")  # in the hand-entry fieldset
    page.select_option("select[name=attacker_unit]", "buke-250/0")
    expect(hand).to_be_disabled()
    page.select_option("select[name=attacker_unit]", index=0)
    expect(hand).to_be_enabled()

    page.check("input[name=kind][value=shoot]")
    page.fill("input[name=attacker_dice]", "3")
    page.select_option("select[name=band]", "short")
    page.click("button[type=submit]")
    expect(page).to_have_url(re.compile(r"kind=shoot.*attacker_dice=3"))
    expect(page.locator("[data-figure]")).to_have_count(2)
    expect(page.locator('[data-figure="attacker-rolls"]')).to_have_attribute("data-drawn", "true")
    expect(page.locator("#table-attacker-hits")).to_contain_text("12.50%")
    assert not problems, problems


def test_an_old_link_to_the_odds_page_lands_on_kensei_s_tool_page(
    live_site: LiveSite, page: Any
) -> None:
    problems = watch_console(page)
    page.goto(f"{live_site.url}/tools/kensei-odds?kind=shoot&attacker_dice=3")
    expect(page).to_have_url(re.compile(r"/systems/kensei/odds\?kind=shoot&attacker_dice=3$"))
    expect(page.locator('[data-figure="attacker-rolls"]')).to_have_attribute("data-drawn", "true")
    # The navigation's Tools page lists it.
    page.get_by_role("navigation", name="main").get_by_role("link", name="Tools").click()
    page.get_by_role("link", name="Kensei odds").click()
    expect(page).to_have_url(f"{live_site.url}/systems/kensei/odds")
    assert not problems, problems
