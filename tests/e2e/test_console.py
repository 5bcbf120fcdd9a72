"""An organiser runs an event in a real Chromium, by clicking and typing only:
sign in, create the event, register players, check them in one by one, drop
one, pair round 1, delete it, pair it again and publish it. Every button sends
its hidden player or round, and its effect shows on the page (the console's
buttons once posted empty forms: a new event could not get past round 1 in a
browser). Every wait is Playwright's own (a condition, never a clock)."""

from __future__ import annotations

import re
import secrets
from typing import Any

import pytest

from tests.e2e.conftest import LiveSite
from tests.e2e.test_replay_viewer import expect

pytestmark = pytest.mark.e2e

PASSWORD = "correct horse battery"
PLAYERS = ("Akechi", "Baba", "Chosokabe", "Date")


def _sign_in_as_organiser(page: Any, site: LiveSite) -> None:
    username = f"org-{secrets.token_hex(3)}"
    site.app.extensions["shiai"].accounts.create(username, "Organiser", PASSWORD, "organiser")
    page.goto(f"{site.url}/sign-in")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_text("Organiser (organiser)")).to_be_visible()


def _player_row(page: Any, name: str) -> Any:
    return page.locator("table.players tbody tr", has_text=name)


def _round_section(page: Any, number: int) -> Any:
    return page.locator("section", has=page.get_by_role("heading", name=f"Round {number} "))


def test_an_organiser_checks_in_drops_pairs_deletes_and_publishes_by_clicking(
    page: Any, live_site: LiveSite
) -> None:
    _sign_in_as_organiser(page, live_site)
    page.goto(f"{live_site.url}/tournaments/new")
    page.get_by_label("Name").fill("Clicked cup")
    page.get_by_label("Rounds", exact=True).fill("3")
    page.get_by_role("button", name="Create").click()
    expect(page.get_by_role("heading", name="Clicked cup — organiser console")).to_be_visible()

    for name in PLAYERS:
        page.get_by_label("Name", exact=True).fill(name)
        page.get_by_role("button", name="Register", exact=True).click()
        expect(_player_row(page, name)).to_contain_text("registered")

    for name in PLAYERS:
        _player_row(page, name).get_by_role("button", name="Check in").click()
        expect(_player_row(page, name)).to_contain_text("checked in (from round 1)")
    expect(page.get_by_role("alert")).to_have_count(0)

    _player_row(page, "Date").get_by_role("button", name="Drop").click()
    expect(_player_row(page, "Date")).to_contain_text("dropped after round 0")

    page.get_by_role("button", name="Pair round 1").click()
    draft = _round_section(page, 1)
    expect(draft).to_contain_text("(draft)")
    draft.get_by_role("button", name="Delete this round").click()
    expect(_round_section(page, 1)).to_have_count(0)
    expect(page.get_by_role("button", name="Pair round 1")).to_be_visible()

    page.get_by_role("button", name="Pair round 1").click()
    _round_section(page, 1).get_by_role("button", name="Publish").click()
    published = _round_section(page, 1)
    expect(published).to_contain_text("(published)")
    expect(published.get_by_role("button", name="Enter").first).to_be_visible()
    expect(page.get_by_role("alert")).to_have_count(0)
    # Three players left: one pairing and a bye; the dropped player is in neither.
    expect(published.locator("tbody tr")).to_have_count(2)
    expect(published).not_to_contain_text("Date")
    assert re.search(r"Round 1 \(published\)", page.content())
