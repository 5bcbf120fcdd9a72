"""Playing Kensei against the bot without tedium, as a person does, at desktop and
phone sizes. A player concedes: Concede, "no" once, then "yes"; the page says who won
and how, and the record's last command is the concession (engine.core.concession).
And the player chooses standing answers on the play page ("pass on offerings
unless I hold a card that can change the roll", "always fight back"), then plays two
whole turns without ever clicking Pass on an offering (when asked, a card can change
the roll, and they make the offering), declining the ki abilities offered with their
texts; the windows their standing answer passed on are commands of the record
(engine.core.standing), each given where no card of theirs could change the roll
(checked by replaying the record once the game is conceded)."""

from __future__ import annotations

import re
from collections.abc import Iterator
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
    elif kind == "choose_ki":  # each ability with its text from the data, and a decline
        expect(page.locator(".ability-text").first).not_to_be_empty()
        page.get_by_role("button", name="Use no ki ability this turn").click()
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


@pytest.fixture(
    params=[{"width": 1366, "height": 900}, {"width": 390, "height": 844}],
    ids=["desktop", "phone"],
)
def player(request: Any, browser: Any) -> Iterator[tuple[Any, list[str]]]:
    """A page at desktop or phone size, and the page errors it meets."""
    viewport = request.param
    context = new_context(browser, viewport=viewport, is_mobile=viewport["width"] < 500)
    problems: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda error: problems.append(str(error)))
    try:
        yield page, problems
    finally:
        context.close()


def test_a_player_concedes_and_the_outcome_and_the_record_say_so(
    live_site: LiveSite, player: tuple[Any, list[str]]
) -> None:
    page, problems = player
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


def test_two_turns_against_the_bot_with_standing_answers_and_no_pass_clicked(
    live_site: LiveSite, player: tuple[Any, list[str]]
) -> None:
    page, problems = player
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
        if kind == "order" and "order" not in shown_kinds:
            # The first order of the battle: nobody is in melee combat yet, so attacking
            # is refused before it is picked, with the engine's words.
            expect(page.locator("#order-kind option[value=attack]")).to_be_disabled()
            expect(page.locator("#order-refusals")).to_contain_text("melee combat")
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
    if "choose_ki" in shown_kinds:  # declined from the panel
        assert {"type": "choose_ki", "side": "A", "ability": None} in commands
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
