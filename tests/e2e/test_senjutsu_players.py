"""A three-player Senjutsu game (Multiplayer Rules) started from the new-game form
in a real Chromium: the player chooses three players, a character for each side
and the bots who play sides B and C, then answers a few decisions on the game page
by clicking, at desktop (1366x900) and phone (390x844) sizes. The page never
scrolls sideways, the battlefield fits the screen, on a phone the prompt with the
hand comes right below the battlefield (before the side panels), and no script
fails or logs an error. With SHIAI_SHOTS set to a folder, the form and the game
are photographed there.

Every wait is Playwright's own (a condition, never a clock; see conftest.py)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e import test_senjutsu_journey as journey
from tests.e2e.conftest import new_context
from tests.e2e.test_replay_viewer import expect
from tests.e2e.test_senjutsu_journey import (
    DESKTOP,
    PHONE,
    Tab,
    answer_by_clicking,
    panel_prompt,
    sign_up,
)

pytestmark = pytest.mark.e2e

# The same server as the two-player journeys (a module of its own: its own site).
site = journey.site
# How many decisions the player makes by clicking (placement, then cards and moves).
DECISIONS = 6
# The page's width against the viewport's: sideways scrolling is a bug.
NO_SIDEWAYS_SCROLL = "() => document.documentElement.scrollWidth <= window.innerWidth"

# Waits until the prompt offers something to click, or is answered without asking.
ANSWERABLE_OR_GONE = """(before) => {
    const panel = document.getElementById("prompt-panel");
    const offered = "#board svg .sj-hex-offered, #prompt-panel button.sj-choice:enabled";
    return panel.dataset.prompt !== before || Boolean(document.querySelector(offered));
}"""
# Where the battlefield, the prompt and the side panels are, in one go.
MEASURE = """() => ["#board svg.sj-board", "#prompt-panel", ".sj-sides"].map((selector) => {
    const box = document.querySelector(selector).getBoundingClientRect();
    return {left: box.left, right: box.right, top: box.top, bottom: box.bottom};
})"""


@pytest.fixture(params=[DESKTOP, PHONE], ids=["desktop", "phone"])
def tab(request: pytest.FixtureRequest, browser: Any) -> Iterator[Tab]:
    """A tab whose script failures and console errors fail the test."""
    phone = request.param == PHONE
    context = new_context(browser, viewport=request.param, is_mobile=phone, has_touch=phone)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    yield Tab(page, "phone" if phone else "desktop", "senjutsu")
    context.close()
    assert not errors, f"the page's scripts failed or logged errors: {errors}"


def assert_no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"the page scrolls sideways: {width[0]} px in {width[1]}"


def test_three_players_started_from_the_form_with_two_bots(tab: Tab, site: journey.Site) -> None:
    page = tab.page
    sign_up(page, site, "kenshin")
    page.goto(f"{site.url}/play/new?system=senjutsu")
    # Two players until more are chosen: side C's row shows then.
    expect(page.get_by_label("Side C: character and core weapon")).to_be_hidden()
    page.get_by_label("Number of players").select_option("3")
    expect(page.get_by_label("Side C: character and core weapon")).to_be_visible()
    expect(page.get_by_label("Side D: character and core weapon")).to_be_hidden()
    page.get_by_label("Side B: played by").select_option("bot:random")
    page.get_by_label("Side C: played by").select_option("bot:lookahead")
    page.get_by_label("Side C: character and core weapon").select_option("warrior|w-kanabo")
    assert_no_sideways_scroll(page)
    tab.shot("players-form", top="fieldset.sj-seats")
    page.get_by_role("button", name="Start the game").click()
    expect(page).to_have_url(re.compile(r"/games/[0-9a-f-]{36}(\?|$)"))

    # The game: three characters, the player's own hand readable, the bots' backs.
    expect(page.locator("#board svg.sj-board")).to_be_visible()
    expect(page.locator(".sj-side")).to_have_count(3)
    expect(page.locator(".sj-side[data-side=C]")).to_contain_text("Warrior")
    expect(
        page.locator(".sj-side[data-side=A] .sj-hand .sj-card:not(.sj-back)").first
    ).to_be_visible()
    for bot in ("B", "C"):
        expect(
            page.locator(f".sj-side[data-side={bot}] .sj-hand .sj-card:not(.sj-back)")
        ).to_have_count(0)
    expect(page.locator("#players")).to_contain_text("random")
    expect(page.locator("#players")).to_contain_text("lookahead")

    clicked: list[str] = []
    for _ in range(DECISIONS):
        before = panel_prompt(page)
        # A window with nothing to decide (no instant card in hand) passes by itself.
        page.wait_for_function(ANSWERABLE_OR_GONE, arg=before)
        if panel_prompt(page) != before:
            continue
        page.wait_for_function(NO_SIDEWAYS_SCROLL)
        board, prompt, sides = page.evaluate(MEASURE)  # at once: the board is redrawn
        assert board["left"] >= 0
        assert board["right"] <= page.viewport_size["width"], board
        if tab.viewport == "phone":
            # The prompt (and the hand in it) comes right after the battlefield and the
            # turn, before the side panels.
            assert board["bottom"] <= prompt["top"] < sides["top"], (board, prompt, sides)
        if before.split(":")[1] == "choose" and "card" in clicked:
            tab.shot("players-game", top=".stage")
        clicked.append(answer_by_clicking(page))
        expect(page.locator("#prompt-panel")).not_to_have_attribute("data-prompt", before)
    assert "hex" in clicked, f"the character was placed by clicking the battlefield: {clicked}"
    assert "card" in clicked, f"a card was chosen by clicking its face: {clicked}"
    assert_no_sideways_scroll(page)
