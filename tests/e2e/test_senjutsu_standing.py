"""Playing Senjutsu against the bot with standing answers, as a person does, at
desktop and phone sizes: on the play page the player chooses "never play at the
alternative speed", "never replace my card", "never counter" and "never play an
instant card" (the generic standing answers panel, from the system's choices), then
plays turns by clicking (an ability card, not the core one, so that its reveal
offers an instant replacement) until one of those prompts came to them; no prompt
of those kinds is ever shown to them, the record
holds the standing answers and the declining commands they gave as side A's own
commands, each where that standing answer applies, and, once the game is conceded,
the record replays to its final state hash (engine.core.standing,
engine.senjutsu.turn.declining)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from engine.core import SeededDice, state_hash
from replays import registry
from tests.e2e import test_senjutsu_journey as journey
from tests.e2e.conftest import shot
from tests.e2e.test_replay_viewer import expect
from tests.e2e.test_senjutsu_journey import (
    Site,
    Tab,
    answer_by_clicking,
    click_until_taken,
    sign_up,
    turn_now,
)

pytestmark = pytest.mark.e2e
site = journey.site  # the fixtures: a live site with Senjutsu, a desktop or phone tab
tab = journey.tab

ANSWERED = ("alternative", "replace", "counter", "instant")
TURNS = 2  # at least; then until a prompt of side A was declined
MAX_PROMPTS = 200
# The panel's prompt, read at once when it shows one ("step:kind:side"; it is cleared
# for a moment while the page catches up), once no command of the page is on its way
# (the page has then caught up with what the answer and the standing answers gave).
SHOWN = """() => {
    if (document.getElementById("game-result")) return "over";
    const panel = document.getElementById("prompt-panel");
    const key = panel.dataset.prompt || "";
    return panel.dataset.busy !== "1" && /^\\d+:[a-z_]+:[A-Z]$/.test(key) ? key : null;
}"""


def shown_prompt(page: Any) -> str:
    return str(page.wait_for_function(SHOWN).json_value())


# The cards of the hand to play: not the core card, so the reveal asks about an
# instant replacement (Reveal > Revealing Instant Replacement Ability Cards).
NOT_CORE = (
    "#prompt-panel button.sj-card.sj-choice:enabled:not(.sj-unlikely):not([data-card^='core-'])"
)


def _declined(page: Any) -> bool:
    """Whether the log says side A played no instant replacement: a prompt of side A
    the standing answers declined (the commands of sealed prompts stay sealed in the
    record until the end; the event that no card replaced another is public)."""
    said = re.compile(r"Side A \(\w+\) plays no instant replacement")
    return page.get_by_text(said).count() > 0


def test_standing_answers_decline_senjutsu_prompts_without_a_click(tab: Tab, site: Site) -> None:
    page: Any = tab.page
    sign_up(page, site, "hangaku")
    page.goto(f"{site.url}/play/new?system=senjutsu")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("#board svg.sj-board")).to_be_visible()
    shown_prompt(page)
    # The standing answers, chosen on the play page (the generic panel).
    page.get_by_label("Alternative initiative speed").select_option("never")
    page.get_by_label("Instant replacement").select_option("never")
    page.get_by_label("Counters").select_option("never")
    page.get_by_label("Instant cards").select_option("never")
    page.get_by_role("button", name="Save my standing answers").click()
    expect(page.locator("#standing-status-A")).to_have_text("Saved: recorded in the game.")
    if tab.viewport == "desktop":
        shot(page.locator("#standing"), "standing-panel")
    _play_until_declined(page)
    shot(page, f"senjutsu-standing-{tab.viewport}")
    # Conceded: the seed is revealed and the record carries its final state hash.
    if not page.locator("#game-result").count():
        page.get_by_role("button", name="Concede…").click()
        page.get_by_role("button", name="Yes, concede the game").click()
    expect(page.locator("#game-result")).to_be_visible()
    game_id = page.url.split("/games/")[1].split("?")[0]
    record = page.request.get(f"{site.url}/api/games/{game_id}/record").json()
    commands = [entry["command"] for entry in record["commands"]]
    answers = {"alternative": "never", "replace": "never", "counter": "never", "instant": "never"}
    assert {"kind": "standing", "side": "A", "answers": answers} in commands
    # Replayed: each declining command of those kinds is what the standing answers
    # give there, and the record ends on its final state hash.
    ruleset = registry.get("senjutsu")
    seed = record["dice"]["seed"]
    state = ruleset.start(record["setup"], SeededDice(seed, 0))
    declined = 0
    for entry in record["commands"]:
        command = entry["command"]
        if command.get("side") == "A" and command.get("kind") in ANSWERED:
            assert ruleset.standing_answer(state, "A") == command, entry
            declined += 1
        for event in ruleset.decide(state, command, SeededDice(seed, entry["index"])):
            state = ruleset.evolve(state, event)
    kinds = [(c.get("kind"), c.get("side")) for c in commands]
    assert declined, f"the standing answers declined no prompt of side A: {kinds}"
    assert state_hash(state) == record["final_state_hash"]


def _play_until_declined(page: Any) -> None:
    """Answer side A's prompts by clicking, past turn ``TURNS`` and until the log
    shows a prompt of side A the standing answers declined; none is ever shown."""
    shown: list[str] = []
    for _ in range(MAX_PROMPTS):
        before = shown_prompt(page)
        if before == "over":
            break
        _step, kind, side = before.split(":")
        assert side == "A"
        if kind == "choose" and turn_now(page) > TURNS and _declined(page):
            break
        shown.append(kind)
        assert kind not in ANSWERED, f"a {kind!r} prompt was shown: the standing answer declines it"
        if kind == "choose":  # an ability card that is not core: its reveal may replace it
            click_until_taken(page, page.locator(NOT_CORE))
        else:
            answer_by_clicking(page)
        expect(page.locator("#prompt-panel")).not_to_have_attribute("data-prompt", before)
    else:
        pytest.fail(f"no prompt declined for side A in {MAX_PROMPTS} prompts: {shown}")
