"""Senjutsu's position editor in a real Chromium at desktop and phone sizes: from a
Choose step of a finished Senjutsu game, a judge opens the editor, is refused a move
onto the other character at once (in the engine's words, next to the fields), clicks
an empty hex and a facing, swaps a card of the hand for one of the deck, starts a board
from the edited position (its first state is the edited one), and asks what the
character may do there. Waits are Playwright's own (conditions, never time)."""

from __future__ import annotations

import re
from typing import Any
from uuid import UUID

import pytest

from engine.senjutsu import Senjutsu
from replays.bot_games import play_bot_game
from tests.e2e.boards import board_id, free_hex, full_state
from tests.e2e.conftest import LiveSite
from tests.e2e.test_analysis_board import sized
from tests.e2e.test_play import sign_up
from tests.e2e.test_replay_viewer import expect

pytestmark = pytest.mark.e2e
__all__ = ["sized"]  # the fixture: a page at desktop or phone size

SENJUTSU = Senjutsu()


@pytest.fixture(scope="module")
def senjutsu_game(live_site: LiveSite) -> tuple[UUID, int]:
    """A finished bot game of the first sample duel, and its first Choose step."""
    records = live_site.app.extensions["shiai"].records
    game = play_bot_game(records, SENJUTSU.id, SENJUTSU.sample_setups()[0], bot_seed="e2e-sj")
    for entry in records.steps(game):
        prompt = records.state_at(game, entry.step).prompt
        if prompt is not None and prompt["kind"] == "choose":
            return game, entry.step
    raise AssertionError("no Choose step in the game")


def test_the_senjutsu_editor_moves_a_character_sets_its_hand_and_starts_a_board(
    live_site: LiveSite, sized: tuple[Any, str], senjutsu_game: tuple[UUID, int]
) -> None:
    page, size = sized
    game, step = senjutsu_game
    state = full_state(live_site, game, step)
    mine = state["characters"]["A"]
    free = free_hex(state)
    leaving = next(c for c in mine["hand"] if not SENJUTSU.catalogue.card(c).core)
    coming = next(c for c in mine["deck"] if c not in mine["hand"])

    sign_up(page, live_site, f"metsuke-{size}")
    page.goto(f"{live_site.url}/games/{game}?step={step}")
    page.get_by_role("link", name="Position editor").click()
    expect(page).to_have_url(re.compile(rf"/editor\?step={step}$"))
    expect(page.locator("#board svg .unit")).to_have_count(2)
    page.get_by_label("Character to edit").select_option("A")

    # Onto the other character: the engine refuses at once, in its words, next to the
    # fields; nothing is added, so nothing starts.
    other = state["characters"]["B"]["hex"]
    page.get_by_label("q", exact=True).fill(str(other[0]))
    page.get_by_label("r", exact=True).fill(str(other[1]))
    page.get_by_label("r", exact=True).press("Tab")  # checked as it is typed: not added
    moving = page.locator("#editor-controls fieldset", has=page.locator("#edit-move"))
    expect(moving.locator(".refusal")).to_contain_text("side B stands on")
    expect(page.locator("#edit-list li")).to_have_count(0)
    page.get_by_role("button", name="Move the character").click()
    expect(moving.locator(".refusal")).to_contain_text("side B stands on")
    expect(page.locator("#unit-options .error")).to_contain_text("side B stands on")
    expect(page.locator("#edit-list li")).to_have_count(0)
    page.get_by_role("button", name="Start a board from this position").click()
    expect(page.locator("#edit-error")).to_contain_text("Make an edit first")

    # A click on an empty hex says where; the facing is chosen by name.
    page.locator(f'#board .hex[data-hex="{free.q},{free.r}"]').click()
    expect(page.get_by_label("q", exact=True)).to_have_value(str(free.q))
    expect(page.get_by_label("r", exact=True)).to_have_value(str(free.r))
    page.get_by_label("facing", exact=True).select_option(label="west")
    page.get_by_role("button", name="Move the character").click()
    expect(page.locator('#board .unit[data-unit="A"]')).to_have_count(1)

    # A card of the hand swapped for one of the deck.
    page.locator(f'#edit-cards input[data-card="{leaving}"]:checked').first.uncheck()
    page.locator(f'#edit-cards input[data-card="{coming}"]:not(:checked)').first.check()
    page.get_by_role("button", name="Set the hand").click()
    expect(page.locator("#edit-list li")).to_have_count(2)
    page.get_by_role("button", name="Start a board from this position").click()
    expect(page).to_have_url(re.compile(r"/games/[0-9a-f-]{36}/editor\?step=0$"))
    edited = full_state(live_site, board_id(page.url), 0)["characters"]["A"]
    assert (edited["hex"], edited["facing"]) == (free.to_json(), 3)
    assert coming in edited["hand"]
    assert edited["hand"].count(leaving) == mine["hand"].count(leaving) - 1

    # What can this character do? Side A chooses a card.
    expect(page.locator("#board svg .unit")).to_have_count(2)
    page.get_by_label("Character to edit").select_option("A")
    page.get_by_role("button", name="Ask the engine").click()
    expect(page.locator("#unit-option-lines li").first).to_contain_text("choose")
