"""Playing Kensei against the bot without tedium, as a person does, at desktop and
phone sizes: the player chooses standing answers on the play page ("pass on offerings
unless I hold a card that can change the roll", "always fight back"), then plays two
whole turns without ever clicking Pass on an offering: every offering window the
panel shows is one where a card of theirs can change the roll, and the windows their
standing answer passed on are commands of the record (engine.core.standing), each
given where no card of theirs could change the roll (checked by replaying the
record)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from engine.core import SeededDice
from engine.kensei.ruleset import Kensei
from engine.kensei.turn.standing import card_can_change
from tests.e2e.conftest import LiveSite, new_context
from tests.e2e.test_play import (
    SETUP_KINDS,
    answer_and_wait,
    answer_setup,
    new_game,
    panel_prompt,
    sign_up,
)
from tests.e2e.test_replay_viewer import expect

pytestmark = pytest.mark.e2e

MAX_DECISIONS = 150


def answer(page: Any, kind: str, side: str) -> None:
    """Answer a prompt as a player in a hurry: orders stand still, the rest defaults."""
    if kind == "offering":  # asked only when a card can change the roll: use it
        expect(page.locator("#offering-die")).to_be_visible()
        page.get_by_role("button", name="Make the offering").click()
    elif kind in SETUP_KINDS:
        answer_setup(page, kind, side)
    elif kind == "order":
        page.get_by_label("Order", exact=True).select_option("move")
        page.get_by_role("button", name="Give the order").click()
    elif kind == "keep_cards":  # maintenance: keep the cards proposed
        page.get_by_role("button", name="Keep these cards").click()
    elif page.locator("#choice-0").count():
        page.locator("#choice-0").click()
    else:  # a prompt without a control: the JSON editor, with the server's proposal
        page.locator("#command-json").scroll_into_view_if_needed()
        page.locator(".json-editor summary").click()
        expect(page.locator("#command-json")).to_have_value(re.compile('"side": "A"'))
        page.get_by_role("button", name="Send this command").click()


@pytest.mark.parametrize(
    "viewport",
    [{"width": 1366, "height": 900}, {"width": 390, "height": 844}],
    ids=["desktop", "phone"],
)
def test_two_turns_against_the_bot_with_standing_answers_and_no_pass_clicked(
    live_site: LiveSite, browser: Any, viewport: dict[str, int]
) -> None:
    context = new_context(browser, viewport=viewport, is_mobile=viewport["width"] < 500)
    problems: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda error: problems.append(str(error)))
        sign_up(page, live_site, "masamune")
        game_id = new_game(page, live_site, "bot")
        panel_prompt(page)
        # The standing answers, chosen on the play page.
        page.get_by_label("Offerings to the gods").select_option("useful")
        page.get_by_label("Attacked units").select_option("fight_back")
        page.get_by_role("button", name="Save my standing answers").click()
        expect(page.locator("#standing-status-A")).to_have_text("Saved: recorded in the game.")
        shown_kinds: list[str] = []
        ruleset = Kensei()
        for _ in range(MAX_DECISIONS):
            if page.locator("#game-result").count():
                break  # the game ended within two turns
            # A command on its way: the panel may show a passing step until it is back.
            expect(page.locator("#prompt-panel")).not_to_have_attribute("data-busy", "1")
            key = panel_prompt(page)
            step, kind, side = key.split(":")
            shown = page.request.get(f"{live_site.url}/api/games/{game_id}/steps/{step}").json()
            if shown["state"]["turn"] > 2:
                break
            assert side == "A"
            shown_kinds.append(kind)
            assert kind != "react", "the standing answer fights back"
            answer_and_wait(page, key, lambda k=kind, s=side: answer(page, k, s))
        else:
            raise AssertionError(f"two turns took more than {MAX_DECISIONS} decisions")
        # Conceded (the seed is then revealed, and the record can be replayed).
        if not page.locator("#game-result").count():
            page.get_by_role("button", name="Concede…").click()
            page.get_by_role("button", name="Yes, concede the game").click()
        expect(page.locator("#game-result")).to_contain_text("wins")
        # The record: the standing answers and the passes they gave, as side A's commands.
        record = page.request.get(f"{live_site.url}/api/games/{game_id}/record").json()
        commands = [entry["command"] for entry in record["commands"]]
        assert {
            "type": "standing",
            "side": "A",
            "answers": {"offerings": "useful", "react": "fight_back"},
        } in commands
        passes = [c for c in commands if c == {"type": "offering", "side": "A", "action": "pass"}]
        assert passes, "the standing answer passed on offerings for side A"
        # Each pass was given where no card of A's could change the roll.
        state = ruleset.start(record["setup"], SeededDice(record["dice"]["seed"], 0))
        for entry in record["commands"]:
            if entry["command"] in passes:
                assert not card_can_change(state, "A"), entry
            dice = SeededDice(record["dice"]["seed"], entry["index"])
            for event in ruleset.decide(state, entry["command"], dice):
                state = ruleset.evolve(state, event)
        assert not problems, problems
    finally:
        context.close()
