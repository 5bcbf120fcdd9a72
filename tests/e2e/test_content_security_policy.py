"""The pages keep working under the Content-Security-Policy (issue 18, defect 9):
every chart, board and script loads from the site, and Chromium reports no
violation of the policy on any of them."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import LiveSite

expect = pytest.importorskip("playwright.sync_api").expect


def _violations(page: Any) -> list[str]:
    seen: list[str] = []
    page.on(
        "console",
        lambda message: "Content Security Policy" in message.text and seen.append(message.text),
    )
    return seen


@pytest.mark.parametrize(
    ("path", "drawn"),
    [
        ("/meta", "[data-figure]"),
        ("/systems/kensei/odds?attacker_unit=buke-250/0&defender_unit=kuge-250/0", "[data-figure]"),
        ("/games/{kensei}", "svg"),
    ],
)
def test_a_page_draws_under_the_policy_without_a_violation(
    live_site: LiveSite, page: Any, path: str, drawn: str
) -> None:
    violations = _violations(page)
    response = page.goto(live_site.url + path.format(kensei=live_site.kensei_game))
    policy = response.headers["content-security-policy"]
    assert "script-src 'self' 'nonce-" in policy
    expect(page.locator(drawn).first).to_be_attached()
    if drawn == "[data-figure]":
        expect(page.locator(drawn).first).to_have_attribute("data-drawn", "true")
    page.wait_for_load_state("networkidle")
    assert not violations, violations
