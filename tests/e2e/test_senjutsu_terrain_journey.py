"""Senjutsu terrain placed by the players in turns on two boards combined
(Battlefield Setup, steps 1 and 2), in a real Chromium at desktop (1366x900) and
phone (390x844) sizes: the player chooses two boards side by side and terrain
placed in turns in the new-game form against a bot, rolls for who places first,
places a piece by choosing it and clicking the battlefield, sees the bot place its
own, and reaches the characters' placement. The whole combined battlefield fits the
screen, the page never scrolls sideways, no script fails or logs an error. With
SHIAI_SHOTS set to a folder, the form and the terrain step are photographed.

Every wait is Playwright's own (a condition, never a clock; see conftest.py)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.e2e import test_senjutsu_journey as journey
from tests.e2e.test_replay_viewer import expect
from tests.e2e.test_senjutsu_journey import Tab, panel_prompt, sign_up
from tests.e2e.test_senjutsu_players import assert_no_sideways_scroll, tab

pytestmark = pytest.mark.e2e

site = journey.site
__all__ = ["site", "tab"]  # the fixtures, shared

# The panel shows a prompt of this kind (its key is "step:kind:side").
PROMPT_KIND = """(kind) => {
    const key = document.getElementById("prompt-panel").dataset.prompt || "";
    return key.split(":")[1] === kind;
}"""
# The whole battlefield's box against the viewport's width.
BOARD_BOX = """() => {
    const box = document.querySelector("#board svg.sj-board").getBoundingClientRect();
    return {left: box.left, right: box.right, width: window.innerWidth};
}"""


def wait_for_prompt(page: Any, kind: str) -> None:
    page.wait_for_function(PROMPT_KIND, arg=kind)


def assert_board_fits(page: Any) -> None:
    box = page.evaluate(BOARD_BOX)
    assert box["left"] >= 0
    assert box["right"] <= box["width"], box


def choose_middle_hex(page: Any) -> None:
    """Choose the middle one of the hexes offered, from their list (the keyboard's way):
    on the board, the bot's piece (placed where its seed says) may lie over the hex a
    click aims at."""
    hexes = page.locator("#sj-hex-select option")
    offered = hexes.count() - 1  # the first option is the list's label
    page.locator("#sj-hex-select").select_option(hexes.nth(1 + offered // 2).get_attribute("value"))


def test_terrain_placed_in_turns_on_two_boards_against_a_bot(tab: Tab, site: journey.Site) -> None:
    page = tab.page
    sign_up(page, site, "tomoe")
    page.goto(f"{site.url}/play/new?system=senjutsu")
    page.get_by_label("Battlefield board").select_option("snowy-battlefield+frozen-lake")
    pool = page.locator(".sj-pool")
    expect(pool).to_be_hidden()
    page.get_by_label(re.compile("Placed by the players in turns")).check()
    expect(pool).to_be_visible()
    # The pieces start as the terrain chosen (three rocks); one rock and the shrine here.
    expect(page.get_by_label("Rocks", exact=True)).to_have_value("3")
    page.get_by_label("Rocks", exact=True).select_option("1")
    page.get_by_label("Shrine", exact=True).select_option("1")
    assert_no_sideways_scroll(page)
    tab.shot("terrain-form", top=".sj-terrain-mode")
    page.get_by_role("button", name="Start the game").click()
    expect(page).to_have_url(re.compile(r"/games/[0-9a-f-]{36}(\?|$)"))

    # The terrain step: the pool is shown, the roll is one button.
    expect(page.locator("#board svg.sj-board")).to_be_visible()
    expect(page.locator(".sj-terrain-pool")).to_contain_text("Terrain to place: Rocks, Shrine")
    wait_for_prompt(page, "terrain_roll")
    assert_board_fits(page)
    # Both boards drawn whole (81 + 73 hexes), the second in its own tint.
    expect(page.locator("#board svg.sj-board .hex")).to_have_count(154)
    expect(page.locator("#board svg.sj-board .hex.sj-part-odd")).to_have_count(73)
    roll = page.get_by_role("button", name="Roll for who places terrain first")
    expect(roll).to_have_count(1)
    roll.click()

    # The player's turn to place (the bot may have placed first): choose the piece,
    # then a highlighted hex, then a facing.
    wait_for_prompt(page, "terrain")
    pieces = page.locator("#prompt-panel button.sj-piece")
    expect(pieces.first).to_be_visible()
    names = pieces.all_inner_texts()
    assert names, "the pieces left are offered"
    assert set(names) <= {"Rocks", "Shrine"}, names
    pieces.last.click()
    expect(pieces.last).to_have_attribute("aria-pressed", "true")
    assert page.locator("#sj-hex-select option").count() > 1  # the same hexes, by keyboard
    assert_board_fits(page)
    assert_no_sideways_scroll(page)
    tab.shot("terrain-turn", top=".stage")
    offered = page.locator("#board svg .sj-hex-offered")
    expect(offered.first).to_be_attached()
    choose_middle_hex(page)
    page.locator("#board svg .sj-facing-choice").first.click(force=True)

    # Both pieces are on the battlefield, the bot's too, and the characters are placed next.
    wait_for_prompt(page, "place")
    expect(page.locator("#board svg .sj-terrain-name")).to_have_count(2)
    expect(page.locator(".sj-terrain-pool")).to_have_count(0)
    expect(page.locator("#board svg .sj-hex-offered").first).to_be_attached()
    assert_board_fits(page)
    assert_no_sideways_scroll(page)
    tab.shot("terrain-placed", top=".stage")
    assert panel_prompt(page).split(":")[2] == "A"
