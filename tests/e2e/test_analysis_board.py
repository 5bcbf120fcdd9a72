"""Analyse from here, in a real Chromium at desktop and phone sizes: from a step of a
finished demo Kensei game, "Analyse from here" opens an analysis board at that very
position; a move is played on it through the play page for the side prompted; the
original game keeps its last step and final state; a step of the board is analysed
again (a branch of the branch). Waits are Playwright's own (conditions, never time)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from engine.core import CommandRefused, state_hash
from engine.kensei import Kensei
from tests.e2e.boards import SIZES, board_id, full_state, page_at, table_to_screen, whole_table
from tests.e2e.conftest import LiveSite
from tests.e2e.test_play import (
    answer_and_wait,
    answer_setup,
    panel_prompt,
    sign_up,
)
from tests.e2e.test_replay_viewer import expect
from tests.integration.test_sandbox_editor import anchor_position

pytestmark = pytest.mark.e2e

# Prompts the play page answers with one button (tests/e2e/test_play.py, answer_setup).
ANSWERED = ("choose_unit", "choose_active_side")


@pytest.fixture(params=list(SIZES))
def sized(browser: Any, request: pytest.FixtureRequest) -> Iterator[tuple[Any, str]]:
    """A page at desktop or phone size, and that size's name; its scripts must not fail."""
    for page in page_at(browser, request.param):
        yield page, request.param


def a_step_to_analyse(site: LiveSite) -> tuple[int, str]:
    """A step of the demo game past its first third where a side picks a unit or
    who activates (a prompt the page answers with one button), and that kind."""
    records = site.app.extensions["shiai"].records
    game_id = site.kensei_game
    last_step = records.head(game_id)[0]
    entries = records.steps(game_id)
    closing = [
        entry.step
        for entry, after in zip(entries, [*entries[1:], None], strict=True)
        if after is None or after.command_index != entry.command_index
    ]
    for step in closing:
        if step < last_step // 3:
            continue
        prompt = records.state_at(game_id, step).prompt
        if prompt is not None and prompt["kind"] in ANSWERED:
            return step, prompt["kind"]
    raise AssertionError("the demo game has no step to analyse")


def test_analyse_from_a_step_play_a_move_and_branch_again(
    live_site: LiveSite, sized: tuple[Any, str]
) -> None:
    page, size = sized
    original = live_site.kensei_game
    export = page.request.get(f"{live_site.url}/api/games/{original}/record").json()
    final_hash, commands = export["final_state_hash"], len(export["commands"])
    step, kind = a_step_to_analyse(live_site)
    sign_up(page, live_site, f"judge-{size}")

    # The demo replay at that step: analyse from here.
    page.goto(f"{live_site.url}/games/{original}?step={step}")
    expect(page.locator("#step")).to_have_text(str(step))
    page.get_by_role("button", name="Analyse from here").click()
    expect(page).to_have_url(re.compile(r"/games/[0-9a-f-]{36}$"))
    board = board_id(page.url)
    assert board != original
    expect(page.locator("#analysis-of")).to_contain_text(f"from step {step}")
    expect(page.locator("#analysis-of a")).to_have_attribute(
        "href", f"/games/{original}?step={step}"
    )
    # The same position: the board's first state is the game's at that step.
    assert state_hash(full_state(live_site, board, 0)) == state_hash(
        full_state(live_site, original, step)
    )

    # A move for the side prompted (either side is the judge's), checked by the engine.
    key = panel_prompt(page, 0)
    _, prompted_kind, side = key.split(":")
    assert prompted_kind == kind
    answer_and_wait(page, key, lambda: answer_setup(page, kind, side))
    expect(page.locator("#last-step")).not_to_have_text("0")
    moved_to = int(page.locator("#last-step").inner_text())
    assert moved_to > 0

    # The original game is unchanged.
    again = page.request.get(f"{live_site.url}/api/games/{original}/record").json()
    assert again["final_state_hash"] == final_hash
    assert len(again["commands"]) == commands

    # Branch again, from the board's first step.
    page.locator("#first").click()
    expect(page.locator("#step")).to_have_text("0")
    expect(page.locator("#analyse-step")).to_have_value("0")
    page.get_by_role("button", name="Analyse from here").click()
    expect(page).not_to_have_url(re.compile(str(board)))
    branch = board_id(page.url)
    expect(page.locator("#analysis-of")).to_contain_text("from step 0")
    expect(page.locator("#analysis-of a")).to_have_attribute("href", f"/games/{board}?step=0")
    assert branch not in (board, original)


def an_order_and_a_free_spot(site: LiveSite) -> tuple[int, str, tuple[int, int]]:
    """A step of the demo game where a unit is asked for its order, that unit, and a
    spot (whole centimetres) its leader may be moved to: the engine accepts it."""
    records = site.app.extensions["shiai"].records
    kensei = Kensei()
    for entry in records.steps(site.kensei_game):
        prompt = records.state_at(site.kensei_game, entry.step).prompt
        if prompt is None or prompt["kind"] != "order":
            continue
        uid = prompt["options"]["unit"]
        state = full_state(site, site.kensei_game, entry.step)
        for x_cm, y_cm in ((60, 45), (40, 45), (80, 45), (60, 30), (60, 60)):
            move = {"edit": "move", "unit": uid, "x": x_cm * 100, "y": y_cm * 100, "facing": 0}
            try:
                kensei.edit_position(state, [move])
            except CommandRefused:
                continue
            return entry.step, uid, (x_cm, y_cm)
    raise AssertionError("no order with a free spot in the demo game")


def test_the_position_editor_moves_a_unit_and_the_engine_says_what_it_can_do(
    live_site: LiveSite, sized: tuple[Any, str]
) -> None:
    page, size = sized
    step, uid, (x_cm, y_cm) = an_order_and_a_free_spot(live_site)
    sign_up(page, live_site, f"bugyo-{size}")
    page.goto(f"{live_site.url}/games/{live_site.kensei_game}?step={step}")
    page.get_by_role("link", name="Position editor").click()
    expect(page).to_have_url(re.compile(rf"/editor\?step={step}$"))
    expect(page.locator("#board svg")).to_be_visible()
    page.get_by_label("Unit to edit").select_option(uid)

    # Off the table: the engine refuses at once, in its words, next to the fields, with
    # the rule; nothing is added.
    page.get_by_label("x (cm)").fill("0")
    page.get_by_label("y (cm)").fill("0")
    page.get_by_role("button", name="Move the unit", exact=True).click()
    moving = page.locator("#editor-controls fieldset", has=page.locator("#edit-move"))
    expect(moving.locator(".refusal")).to_contain_text("off the table")
    expect(moving.locator(".refusal")).to_contain_text("(Position editor: the table)")
    expect(page.locator("#edit-list li")).to_have_count(0)

    # A click on the table says where: the leader's x and y (whole cm typed after).
    # (A phone's board opens on the chosen unit: the whole table, to reach the spot.)
    whole_table(page)
    page.locator("#board").scroll_into_view_if_needed()
    page.mouse.click(*table_to_screen(page, x_cm * 100, y_cm * 100))
    expect(page.locator("#edit-x")).to_have_value(re.compile(rf"^{x_cm - 1}|^{x_cm}"))
    assert abs(float(page.locator("#edit-y").input_value()) - y_cm) < 1

    # A free spot: the board starts from the edited position.
    page.get_by_label("x (cm)").fill(str(x_cm))
    page.get_by_label("y (cm)").fill(str(y_cm))
    page.get_by_role("button", name="Move the unit", exact=True).click()
    expect(page.locator("#edit-list li")).to_have_count(1)
    page.get_by_role("button", name="Start a board from this position").click()
    expect(page).to_have_url(re.compile(r"/games/[0-9a-f-]{36}/editor\?step=0$"))
    board = board_id(page.url)
    moved = full_state(live_site, board, 0)
    assert anchor_position(moved, uid) == (x_cm * 100, y_cm * 100)

    # What can this unit do? The engine lists its orders.
    page.get_by_label("Unit to edit").select_option(uid)
    page.get_by_role("button", name="Ask the engine").click()
    expect(page.locator("#unit-option-lines li").first).to_contain_text("order: ")
