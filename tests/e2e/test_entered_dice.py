"""Dice from the table, in a real Chromium at desktop and phone sizes: "Analyse from
here" with "dice from the table" opens a board whose play panel has a dice field;
the engine says how many dice the command needs as the player types; a face no die
has is refused on the page, a short list by the server (the typed faces stay); the
faces typed are rolled and shown in the log. Then "your boards" lists the board.

The game is a dice race (tests/support/dice_race.py: the second sealed bid of a
round rolls both sides' dice, A's first), set up through the app as no page does.
Waits are Playwright's own (conditions, never time)."""

from __future__ import annotations

import re
import secrets
from typing import Any

from tests.e2e.conftest import LiveSite, shot
from tests.e2e.test_analysis_board import board_id, sized  # noqa: F401 - the fixture
from tests.e2e.test_play import sign_up
from tests.e2e.test_replay_viewer import expect
from tests.integration.test_sandbox import owned_game, play_to_the_end


def a_finished_race(site: LiveSite) -> str:
    owner = f"owner-{secrets.token_hex(3)}"
    site.app.extensions["shiai"].accounts.create(owner, "Owner", "correct horse battery", "player")
    game_id = owned_game(site.app, owner)
    play_to_the_end(site.app, game_id)
    return str(game_id)


def answer_as(page: Any, side: str, command: str) -> None:
    """Take the device as ``side`` (the owner plays both: bids are sealed) and type
    ``command`` in the command editor."""
    page.get_by_role("button", name=f"I am side {side}: show my decision").click()
    expect(page.locator("#prompt-panel")).to_have_attribute(
        "data-prompt", re.compile(rf"^\d+:bid:{side}$")
    )
    page.locator("#command-json").fill(command)


def test_dice_from_the_table_are_typed_checked_and_rolled_on_a_board(
    live_site: LiveSite,
    sized: tuple[Any, str],  # noqa: F811
) -> None:
    page, size = sized
    race = a_finished_race(live_site)
    sign_up(page, live_site, f"sensei-{size}")

    # Analyse from the first step, with dice from the table.
    page.goto(f"{live_site.url}/games/{race}?step=0")
    page.get_by_label("dice from the table").check()
    shot(page.locator("#analyse-form"), f"analyse-form-{size}")
    page.get_by_role("button", name="Analyse from here").click()
    expect(page).to_have_url(re.compile(r"/games/[0-9a-f-]{36}$"))
    board = board_id(page.url)
    expect(page.locator("#analysis-of")).to_contain_text("its dice rolled at the table")

    # A's sealed bid rolls nothing: the engine says so, and it is sent as it is.
    answer_as(page, "A", '{"type": "bid", "side": "A", "dice": 2}')
    need = page.locator("#dice-need")
    expect(need).to_have_text("This command rolls no dice: send it as it is.")
    page.get_by_role("button", name="Send this command").click()

    # B's bid rolls A's two dice, then B's one: asked for one roll at a time.
    answer_as(page, "B", '{"type": "bid", "side": "B", "dice": 1}')
    expect(need).to_have_text("This command needs 2 more d6.")
    faces = page.get_by_label("Faces, in the order rolled")
    faces.fill("5 9")
    expect(need).to_have_text("9 is not a face of a d6: faces are 1 to 6")
    expect(faces).to_have_attribute("aria-invalid", "true")
    faces.fill("5 3")
    expect(need).to_have_text("This command needs 1 more d6 (after the 2 entered).")
    if size == "desktop":
        shot(page.locator("#prompt-panel"), "dice-field-desktop")
    # Sent short all the same: the server refuses in words; the faces typed stay.
    page.get_by_role("button", name="Send this command").click()
    expect(page.locator("#play-error")).to_contain_text(
        "this command needs 1 more d6 (after the 2 entered); nothing was recorded"
    )
    expect(faces).to_have_value("5 3")
    faces.fill("5 3 4")
    expect(need).to_have_text("This command rolls 3 dice: all entered. Send it.")
    page.get_by_role("button", name="Send this command").click()

    # The faces typed are the roll, in the log.
    expect(page.locator("#last-step")).not_to_have_text("1")
    records = live_site.app.extensions["shiai"].records
    rolls = {
        entry.event["side"]: entry.event["dice"]
        for entry in records.steps(board)
        if entry.event.get("type") == "rolled"
    }
    assert rolls == {"A": [5, 3], "B": [4]}
    log = page.locator("#log")
    expect(log).to_contain_text(re.compile(r"A rolls.*5.*3"))
    expect(log).to_contain_text(re.compile(r"B rolls.*4"))
    shot(page, f"board-{size}")

    # Your boards: linked from the board's header, listing this one.
    page.get_by_role("link", name="Your boards").click()
    expect(page).to_have_url(re.compile(r"/boards$"))
    row = page.locator(f'tr[data-board="{board}"]')
    expect(row).to_contain_text("dice from the table")
    expect(row.get_by_role("link", name=re.compile("Analysis of"))).to_be_visible()
    shot(page, f"boards-{size}", full_page=True)
    row.get_by_role("link", name=re.compile("Analysis of")).click()
    expect(page).to_have_url(re.compile(str(board)))
