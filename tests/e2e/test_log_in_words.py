"""The log in words, in a real Chromium at desktop and phone sizes: a reviewer reads
a whole charge in one log line (who charges whom, the distance needed, the roll and
the result, units by name), the change panel says the same line, a turn folds and
unfolds from the keyboard, and the filter hides the bookkeeping, keeps only the
combats or only one unit's events."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.conftest import LiveSite, new_context

pytestmark = pytest.mark.e2e

SIZES = [{"width": 1366, "height": 900}, {"width": 390, "height": 844}]
NAMED = r"[A-Za-z][\w' -]* \([AB]\.u\d+\)"


def expect(target: Any) -> Any:
    from playwright.sync_api import expect as playwright_expect  # noqa: PLC0415

    return playwright_expect(target)


@pytest.fixture(params=SIZES, ids=["desktop", "phone"])
def sized_page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    context = new_context(browser, viewport=request.param)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    yield tab
    context.close()
    assert not errors, f"the page's scripts failed: {errors}"


def test_a_reviewer_reads_a_charge_in_one_line_folds_a_turn_and_filters(
    live_site: LiveSite, sized_page: Any
) -> None:
    page = sized_page
    charge = next(
        (e for e in live_site.kensei_steps if e["event"]["type"] == "charge_rolled"), None
    )
    assert charge is not None, "the demo game has a charge"
    step, charger = charge["step"], charge["event"]["unit"]
    page.goto(f"{live_site.url}/games/{live_site.kensei_game}?step={step}")

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
