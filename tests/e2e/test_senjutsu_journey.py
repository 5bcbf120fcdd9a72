"""A Senjutsu journey in a real Chromium, by clicking only: a player signs up,
starts a game against the bot on the new-game page, places the character (a
highlighted hex, then a facing arrow), chooses cards from the hand (the card
faces), sees both played cards turned over at the reveal, and answers every
prompt the turns bring until a few turns are played; then the finished replay of
a whole game is stepped through, and a spectator's page shows no hand. Desktop
(1366x900) and phone (390x844). With SHIAI_SHOTS set to a folder, the game page
is photographed there (docs/screenshots/senjutsu-*.png come from it).

Every wait is Playwright's own (a condition, never a clock; see conftest.py)."""

from __future__ import annotations

import re
import secrets
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any
from uuid import UUID

import pytest

from replays import registry
from replays.bot_games import play_bot_game
from shiai import create_app
from shiai.migrations import upgrade
from tests.conftest import DICE_RACE_SPEC, platform_config
from tests.e2e.journeys import DESKTOP, PASSWORD, PHONE, Tab, opened_tab, sign_up
from tests.e2e.test_replay_viewer import expect

pytestmark = pytest.mark.e2e

SENJUTSU_SPEC = "engine.senjutsu:Senjutsu=shiai.systems.senjutsu:SenjutsuPlugin"
# How many turns the journey plays by clicking.
TURNS = 3
# An upper bound on the prompts of those turns (the bot answers its own at once).
MAX_PROMPTS = 120


@dataclass(frozen=True)
class Site:
    url: str
    app: Any
    finished: UUID  # a whole bot game, for the replay


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    from werkzeug.serving import make_server  # noqa: PLC0415 - only the browser tests serve

    database = f"sqlite:///{tmp_path_factory.mktemp('senjutsu') / 'shiai.db'}"
    upgrade(database)
    config = {
        **platform_config(database),
        "SHIAI_RULESETS": [DICE_RACE_SPEC, SENJUTSU_SPEC],
        "SHIAI_SIGN_UP_PER_ADDRESS": "1000 per hour",
    }
    app = create_app(config)
    ruleset = registry.get("senjutsu")
    finished = play_bot_game(
        app.extensions["shiai"].records, "senjutsu", ruleset.sample_setups()[0], bot_seed="sj-1"
    )
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield Site(f"http://127.0.0.1:{server.server_port}", app, finished)
    finally:
        server.shutdown()
        thread.join()
        app.extensions["shiai"].close()


@pytest.fixture(params=[DESKTOP, PHONE], ids=["desktop", "phone"])
def tab(request: pytest.FixtureRequest, browser: Any) -> Iterator[Tab]:
    with opened_tab(browser, request.param, "senjutsu") as opened:
        yield opened


def panel_prompt(page: Any) -> str:
    panel = page.locator("#prompt-panel")
    expect(panel).to_have_attribute("data-prompt", re.compile(r"^\d+:"))
    return str(panel.get_attribute("data-prompt"))


def turn_now(page: Any) -> int:
    text = page.locator(".sj-turn").inner_text()
    found = re.search(r"Turn (\d+)", text)
    return int(found.group(1)) if found else 0


# Waits until the panel shows another prompt, or says the engine refused the command.
TAKEN_OR_REFUSED = """(before) => {
    const panel = document.getElementById("prompt-panel");
    const error = document.getElementById("play-error");
    return panel.dataset.prompt !== before || Boolean(error && error.textContent.trim());
}"""


def click_until_taken(page: Any, choices: Any) -> None:
    """Click the choices in turn until the engine takes one: the panel's hints are
    the view's; the engine judges (a refusal shows its words, and the next is tried)."""
    panel = page.locator("#prompt-panel")
    # While a command is on its way the panel may show a passing step (data-busy).
    expect(panel).not_to_have_attribute("data-busy", "1")
    before = panel.get_attribute("data-prompt")
    for index in range(choices.count()):
        choices.nth(index).click()
        page.wait_for_function(TAKEN_OR_REFUSED, arg=before)
        expect(panel).not_to_have_attribute("data-busy", "1")
        if panel.get_attribute("data-prompt") != before:
            return
    pytest.fail(f"every choice of {before} was refused: {page.locator('#play-error').inner_text()}")


def answer_by_clicking(page: Any) -> str:
    """Answer the prompt the panel shows by clicking: a highlighted hex (then a
    facing), a card face, or a button offered. Returns what was clicked."""
    offered = page.locator("#board svg .sj-hex-offered")
    cards = page.locator("#prompt-panel button.sj-card.sj-choice:enabled:not(.sj-unlikely)")
    if offered.count():
        offered.first.click(force=True)
        facings = page.locator("#board svg .sj-facing-choice")
        if facings.count():
            facings.first.click(force=True)
        return "hex"
    if cards.count():
        click_until_taken(page, cards)
        return "card"
    click_until_taken(page, page.locator("#prompt-panel button.sj-choice:enabled"))
    return "button"


def test_a_player_plays_senjutsu_against_the_bot_by_clicking(tab: Tab, site: Site) -> None:
    page = tab.page
    sign_up(page, site, "tomoe")
    page.goto(f"{site.url}/play/new?system=senjutsu")
    expect(page.get_by_label("Battlefield board")).to_be_visible()
    tab.shot("new-game")
    # Two players, the host at side A, the bot at side B: what the form preselects.
    expect(page.get_by_label("Side A: played by")).to_have_value("you")
    expect(page.get_by_label("Side B: played by")).to_have_value(re.compile("^bot:"))
    page.get_by_role("button", name="Start the game").click()
    expect(page).to_have_url(re.compile(r"/games/[0-9a-f-]{36}(\?|$)"))
    expect(page.locator("#board svg.sj-board")).to_be_visible()
    # The player's own hand is readable, the bot's is a row of backs.
    expect(
        page.locator(".sj-side[data-side=A] .sj-hand .sj-card:not(.sj-back)").first
    ).to_be_visible()
    expect(page.locator(".sj-side[data-side=B] .sj-hand .sj-card:not(.sj-back)")).to_have_count(0)
    clicked: list[str] = []
    photographed = False
    for _ in range(MAX_PROMPTS):
        before = panel_prompt(page)
        if turn_now(page) > TURNS:
            break
        if before.split(":")[1] == "choose" and turn_now(page) >= 2 and not photographed:
            tab.shot("game", top=".stage")  # the second turn's choice: a hand, a board, a discard
            photographed = True
        clicked.append(answer_by_clicking(page))
        expect(page.locator("#prompt-panel")).not_to_have_attribute("data-prompt", before)
    else:
        pytest.fail(f"not past turn {TURNS} in {MAX_PROMPTS} prompts: {clicked}")
    assert "hex" in clicked, "the character was placed by clicking the battlefield"
    assert "card" in clicked, "cards were chosen by clicking their faces"
    # The reveal: both played cards face up together, at the step that revealed them.
    page.locator("#log li a", has_text=re.compile("reveal", re.IGNORECASE)).first.click()
    expect(page.locator(".sj-flip.revealed")).to_have_count(2)
    expect(page.locator(".sj-flip.revealed .sj-face .sj-name")).to_have_count(2)
    tab.shot("reveal", top=".stage")


def test_the_replay_of_a_finished_game_steps_through_it(tab: Tab, site: Site) -> None:
    page = tab.page
    page.goto(f"{site.url}/games/{site.finished}?step=0")
    expect(page.locator("#board svg.sj-board")).to_be_visible()
    last = int(page.locator("#last-step").inner_text())
    assert last > 10
    for _ in range(5):
        step = int(page.locator("#step").inner_text())
        page.locator("#next").click()
        expect(page.locator("#board")).to_have_attribute("data-step", str(step + 1))
    page.locator("#last").click()
    expect(page.locator("#board")).to_have_attribute("data-step", str(last))
    expect(page.locator(".sj-winner")).to_contain_text("winner")
    # Over: every hand is public.
    expect(page.locator(".sj-hand .sj-back")).to_have_count(0)
    tab.shot("replay", top=".stage")


def test_a_spectator_sees_no_hand_of_a_running_game(tab: Tab, site: Site) -> None:
    services = site.app.extensions["shiai"]
    host = services.accounts.create(f"h-{secrets.token_hex(3)}", "Host", PASSWORD, "player")
    sample = registry.get("senjutsu").sample_setups()[0]
    duel = {**sample, "players": sample["players"][:2]}  # a duel of two
    created = services.play.create(host, "senjutsu", duel, opponent="hot-seat")
    page = tab.page
    page.goto(f"{site.url}/games/{created.game_id}")
    expect(page.locator("#board svg.sj-board")).to_be_visible()
    expect(page.locator(".sj-side")).to_have_count(2)
    expect(page.locator(".sj-hand .sj-card")).to_have_count(0)
    expect(page.locator(".sj-hand .sj-slot-label").first).to_contain_text("Hand:")


def test_two_players_play_hot_seat_on_one_screen(tab: Tab, site: Site) -> None:
    """Hot-seat: both characters placed by clicking; each sealed choice made in
    turn in the spectator view, the device passed ("I am side A"), each side's own
    hand fetched for it; the reveal then shows both cards."""
    page = tab.page
    sign_up(page, site, "ginchiyo")
    page.goto(f"{site.url}/play/new?system=senjutsu")
    page.get_by_label("Side B: played by").select_option("hot-seat")
    page.get_by_role("button", name="Start the game").click()
    expect(page).to_have_url(re.compile(r"/games/[0-9a-f-]{36}(\?|$)"))
    found = re.search(r"/games/([0-9a-f-]{36})", page.url)
    assert found
    page.goto(f"{site.url}/games/{found.group(1)}?view=spectator")
    expect(page.locator("#board svg.sj-board")).to_be_visible()
    chosen: list[str] = []
    for _ in range(MAX_PROMPTS):
        prompt = page.locator("#prompt-panel")
        expect(prompt).to_have_attribute("data-prompt", re.compile(r"^(\d+|pass):"))
        before = str(prompt.get_attribute("data-prompt"))
        if before.startswith("pass:"):
            side = before.rsplit(":", maxsplit=1)[-1]
            page.get_by_role("button", name=f"I am side {side}: show my decision").click()
            expect(prompt).to_have_attribute("data-prompt", re.compile(rf"^\d+:choose:{side}$"))
            before = str(prompt.get_attribute("data-prompt"))
            card = page.locator("#prompt-panel button.sj-card.sj-choice:enabled:not(.sj-unlikely)")
            expect(card.first).to_be_visible()  # the side's hand, fetched as its own view
            click_until_taken(page, card)
            chosen.append(side)
        else:
            answer_by_clicking(page)
        expect(prompt).not_to_have_attribute("data-prompt", before)
        if sorted(chosen) == ["A", "B"]:
            break
    else:
        pytest.fail(f"both sides did not choose in {MAX_PROMPTS} prompts")
    page.locator("#log li a", has_text=re.compile("reveal", re.IGNORECASE)).first.click()
    expect(page.locator(".sj-flip.revealed .sj-face .sj-name")).to_have_count(2)
    # The spectator view of a running game reads no hand.
    expect(page.locator(".sj-hand .sj-card")).to_have_count(0)


# Waits until the panel shows a prompt or the game is over (a solo duel may end early).
PROMPT_OR_OVER = """() => {
    const panel = document.getElementById("prompt-panel");
    const prompted = /^\\d+:/.test(panel.dataset.prompt || "");
    return prompted || Boolean(document.querySelector(".sj-winner"));
}"""


def test_a_player_starts_a_solo_duel_from_the_form_and_plays_it_by_clicking(
    tab: Tab, site: Site
) -> None:
    """Solo Rules: the player chooses "Solo against the book's opponents" and one
    opponent on the form, places the character, plays turns by clicking; the
    opponent (never asked anything) reveals its card and moves by the solo rules."""
    page = tab.page
    sign_up(page, site, "itto")
    page.goto(f"{site.url}/play/new?system=senjutsu")
    solo = page.get_by_label("Solo against the book's opponents")
    solo.check()
    expect(page.get_by_label("Opponent 1")).to_be_visible()
    expect(page.get_by_label("Side B: character and core weapon")).to_be_hidden()
    page.get_by_label("Opponent 1").select_option(label="Katana Ashigaru")
    page.get_by_label("Stance").first.select_option("offensive")
    tab.shot("solo-new-game", top="fieldset.sj-solo-only")
    page.get_by_role("button", name="Start the game").click()
    expect(page).to_have_url(re.compile(r"/games/[0-9a-f-]{36}(\?|$)"))
    expect(page.locator("#board svg.sj-board")).to_be_visible()
    opponent = page.locator(".sj-side[data-side=O1]")
    expect(opponent).to_contain_text("Katana Ashigaru")
    expect(opponent).to_contain_text("solo opponent")
    expect(opponent.locator(".sj-facts")).to_contain_text("offensive")
    expect(opponent.locator(".sj-facts")).to_contain_text("6 of 6")
    expect(opponent.locator(".sj-hand")).to_have_count(0)  # no hand, no kamae, no focus
    expect(opponent.locator(".sj-facts")).not_to_contain_text("Focus")
    hexes: list[str] = []
    clicked: list[str] = []
    revealed = False
    photographed = False
    for _ in range(MAX_PROMPTS):
        page.wait_for_function(PROMPT_OR_OVER)
        unit = page.locator('#board svg .unit[data-unit="O1"]')
        if unit.count() and (where := unit.get_attribute("data-hex")) and where not in hexes:
            hexes.append(where)
        revealed = revealed or opponent.locator(".sj-flip.revealed .sj-face .sj-name").count() > 0
        if page.locator(".sj-winner").count() or turn_now(page) > TURNS:
            break
        before = panel_prompt(page)
        if turn_now(page) >= 2 and before.split(":")[1] == "choose" and not photographed:
            tab.shot("solo-game", top=".stage")
            photographed = True
        clicked.append(answer_by_clicking(page))
        expect(page.locator("#prompt-panel")).not_to_have_attribute("data-prompt", before)
    else:
        pytest.fail(f"not past turn {TURNS} in {MAX_PROMPTS} prompts: {clicked}")
    assert "hex" in clicked, "the character was placed by clicking the battlefield"
    assert "card" in clicked, "cards were chosen by clicking their faces"
    # The opponent's card at the reveal ("Cards revealed: ..."): step back to it in the log.
    page.locator("#log li a", has_text="Cards revealed").first.click()
    expect(opponent.locator(".sj-flip.revealed .sj-face .sj-name")).to_have_count(1)
    # The panels with both played cards (on a phone, the opponent's panel first).
    tab.shot(
        "solo-reveal",
        top=".sj-sides" if tab.viewport == "desktop" else "section.sj-side[data-side=O1]",
    )
    assert len(hexes) >= 2, f"the opponent moved on the battlefield: {hexes}"
