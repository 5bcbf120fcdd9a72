"""A player makes an API token for a script on their account page, by clicking
and typing, at desktop and phone sizes; the script's token then writes through
the API, and once the player revokes it on the same page it writes nothing."""

from __future__ import annotations

import re
import secrets
from typing import Any

import pytest

from tests.e2e.conftest import LiveSite, new_context
from tests.e2e.test_replay_viewer import expect

pytestmark = pytest.mark.e2e

PASSWORD = "correct horse battery"
SIZES = {"desktop": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}
TOKEN = re.compile(r"^shiai_[A-Za-z0-9_-]{40,}$")
RACE = {"ruleset": "dice-race", "setup": {"target": 5, "max_rounds": 1}}


@pytest.mark.parametrize("size", SIZES)
def test_a_player_creates_a_token_a_script_uses_and_revokes_it(
    browser: Any, live_site: LiveSite, size: str
) -> None:
    username = f"scripter-{secrets.token_hex(3)}"
    live_site.app.extensions["shiai"].accounts.create(username, "Scripter", PASSWORD)
    context = new_context(browser, viewport=SIZES[size])
    page = context.new_page()
    page.goto(f"{live_site.url}/sign-in")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.get_by_role("link", name="API tokens").click()
    expect(page.get_by_role("heading", name="API tokens")).to_be_visible()
    expect(page.get_by_text("No tokens yet.")).to_be_visible()

    page.get_by_label("Name").fill("results script")
    page.get_by_role("button", name="Create a token").click()
    shown = page.locator("#new-token")
    expect(shown).to_have_text(TOKEN)
    secret = shown.inner_text()
    row = page.locator("table.tokens tbody tr", has_text="results script")
    expect(row).to_contain_text("never")

    script = {"Authorization": f"Bearer {secret}"}
    started = page.request.post(f"{live_site.url}/api/games", data=RACE, headers=script)
    assert started.status == 201, started.text()
    page.goto(f"{live_site.url}/account/tokens")  # a reload would post the form again
    expect(row).not_to_contain_text("never")  # last used: just now
    expect(page.locator("#new-token")).to_have_count(0)  # shown once only

    row.get_by_role("button", name="Revoke").click()
    expect(row).to_contain_text("revoked")
    refused = page.request.post(f"{live_site.url}/api/games", data=RACE, headers=script)
    assert refused.status == 401
    assert "revoked" in refused.json()["message"]
    context.close()
