"""The log in words, in a real Chromium at desktop and phone sizes: a reviewer reads
a whole charge in one log line (who charges whom, the distance needed, the roll and
the result, units by name), the change panel says the same line, a turn folds and
unfolds from the keyboard, and the filter hides the bookkeeping, keeps only the
combats or only one unit's events."""

from __future__ import annotations

import re
from typing import Any
from uuid import UUID

import pytest

from engine.kensei import Kensei
from replays.bot_games import play_bot_game
from tests.e2e.conftest import LiveSite

pytestmark = pytest.mark.e2e

SIZES = [{"width": 1366, "height": 900}, {"width": 390, "height": 844}]
NAMED = r"[A-Za-z][\w' -]* \([AB]\.u\d+\)"


@pytest.fixture(scope="module")
def charged_game(live_site: LiveSite) -> tuple[UUID, int, str]:
    """A demo battle of fixed seeds with a charge: its id, the charge roll's step and
    the charger (the first of a few fixed seeds whose random bots charge)."""
    records = live_site.app.extensions["shiai"].records
    kensei = Kensei()
    for k in range(8):
        game_id = play_bot_game(
            records, kensei.id, kensei.sample_setups()[0], bot_seed=f"log-{k}", seed=f"log-{k}"
        )
        for entry in records.steps(game_id):
            if entry.event["type"] == "charge_rolled":
                return game_id, entry.step, str(entry.event["unit"])
    raise AssertionError("no demo battle of these seeds has a charge")


def expect(target: Any) -> Any:
    from playwright.sync_api import expect as playwright_expect  # noqa: PLC0415

    return playwright_expect(target)


@pytest.mark.parametrize("viewport", SIZES, ids=["desktop", "phone"])
def test_a_reviewer_reads_a_charge_in_one_line_folds_a_turn_and_filters(
    live_site: LiveSite, charged_game: tuple[UUID, int, str], page: Any, viewport: dict[str, int]
) -> None:
    page.set_viewport_size(viewport)
    game_id, step, charger = charged_game
    page.goto(f"{live_site.url}/games/{game_id}?step={step}")

    # The whole charge in the current log line, units by name.
    line = page.locator("#log li[aria-current=step]")
    expect(line).to_have_attribute("data-step", str(step))
    expect(line).to_have_text(
        re.compile(
            rf"^{NAMED} charges {NAMED}.*: (\d+(\.\d)? cm needed, )?rolled \d.* cm, "
            r"(contact|falls short)"
        )
    )
    assert charger in line.inner_text()
    # The change panel opens with the same sentence.
    expect(page.locator("#changes li.sentence")).to_have_text(line.locator("a").inner_text())

    # Fold the first turn (its heading, from the keyboard) and unfold it again.
    turn = page.locator("#log > li.log-turn").nth(1)
    heading = turn.locator(":scope > details > summary")
    heading.focus()
    page.keyboard.press("Enter")
    expect(turn.locator(":scope > details")).not_to_have_attribute("open", "")
    expect(turn.locator("li[data-step]").first).to_be_hidden()
    page.keyboard.press("Enter")
    expect(turn.locator("li[data-step]").first).to_be_visible()

    # Hide the bookkeeping: offering windows and passes are gone, the charge stays.
    bookkeeping = page.locator("#log li[data-step][data-tags~=bookkeeping]")
    assert bookkeeping.count() > 0, "the demo game has bookkeeping steps"
    page.locator("#log-show").select_option("no-bookkeeping")
    expect(page.locator("#log li[data-step][data-tags~=bookkeeping]:visible")).to_have_count(0)
    expect(page.locator(f'#log li[data-step="{step}"]')).to_be_visible()

    # Only the combats: every visible line is a combat's.
    page.locator("#log-show").select_option("combat")
    shown = page.locator("#log li[data-step]:visible")
    expect(shown.first).to_be_visible()
    assert shown.count() == page.locator("#log li[data-step][data-tags~=combat]:visible").count()

    # Only the charger: every visible line names it.
    page.locator("#log-show").select_option("all")
    page.locator("#log-unit").select_option(charger)
    mine = page.locator("#log li[data-step]:visible")
    expect(mine.first).to_be_visible()
    for text in mine.all_inner_texts():
        assert charger in text, text
