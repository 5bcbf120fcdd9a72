"""Conceding a game from the play page, as a person does: at desktop and phone sizes a
player starts a Kensei game against the bot, clicks Concede, changes their mind once,
then concedes; the page says who won and how, the game page after a reload shows the
concession, and the record's last command is the concession (engine.core.concession)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import LiveSite, new_context
from tests.e2e.test_play import new_game, panel_prompt, sign_up
from tests.e2e.test_replay_viewer import expect

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize(
    "viewport",
    [{"width": 1366, "height": 900}, {"width": 390, "height": 844}],
    ids=["desktop", "phone"],
)
def test_a_player_concedes_and_the_outcome_and_the_record_say_so(
    live_site: LiveSite, browser: Any, viewport: dict[str, int]
) -> None:
    context = new_context(browser, viewport=viewport, is_mobile=viewport["width"] < 500)
    problems: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda error: problems.append(str(error)))
        sign_up(page, live_site, "nobunaga")
        game_id = new_game(page, live_site, "bot")
        panel_prompt(page)  # the play mode is running
        bar = page.locator("#concede")
        expect(bar).to_be_visible()
        # Asked once more, and "no" changes nothing.
        page.get_by_role("button", name="Concede…").click()
        expect(bar).to_contain_text("the other side wins")
        page.get_by_role("button", name="No, keep playing").click()
        expect(page.get_by_role("button", name="Concede…")).to_be_visible()
        head = page.request.get(f"{live_site.url}/api/games/{game_id}/head").json()
        assert head["status"] == "running"
        # Conceded: the page says who won, and how.
        page.get_by_role("button", name="Concede…").click()
        page.get_by_role("button", name="Yes, concede the game").click()
        result = page.locator("#game-result")
        expect(result).to_contain_text("Side B")
        expect(result).to_contain_text("concession")
        expect(bar).to_have_count(0)
        # The record: the last command is the concession, its event the outcome.
        record = page.request.get(f"{live_site.url}/api/games/{game_id}/record").json()
        assert record["commands"][-1]["command"] == {"type": "concede", "side": "A"}
        game = page.request.get(f"{live_site.url}/api/games/{game_id}").json()
        assert game["outcome"]["termination"] == "concession"
        assert game["outcome"]["winner"] == "B"
        page.reload()
        expect(page.locator("main")).to_contain_text("(concession)")
        assert not problems, problems
    finally:
        context.close()
