"""What the game systems' browser journeys share: a tab at a viewport that fails the
test on any script error and photographs itself when SHIAI_SHOTS names a folder, and
signing up a new player by the form."""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from tests.e2e.conftest import SHOTS, new_context, shot
from tests.e2e.test_replay_viewer import expect

PASSWORD = "correct horse battery"
DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}


@dataclass(frozen=True)
class Tab:
    page: Any
    viewport: str  # "desktop" or "phone"
    system: str  # the photographs' prefix

    def shot(self, name: str, top: str | None = None) -> None:
        """Photograph the viewport (``top``: the element scrolled to its top first)
        when SHIAI_SHOTS names a folder."""
        if SHOTS:
            if top is not None:
                self.page.locator(top).first.evaluate("(element) => element.scrollIntoView()")
            shot(self.page, f"{self.system}-{name}-{self.viewport}", animations="disabled")


@contextmanager
def opened_tab(browser: Any, viewport: dict[str, int], system: str) -> Iterator[Tab]:
    """A page of its own context at ``viewport``; the test fails if a script on it
    failed."""
    context = new_context(browser, viewport=viewport)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield Tab(page, "desktop" if viewport == DESKTOP else "phone", system)
    context.close()
    assert not errors, f"the page's scripts failed: {errors}"


def sign_up(page: Any, site: Any, name: str) -> None:
    """Sign up a new player named ``name`` (a fresh username) on ``site`` (its ``url``)."""
    username = f"{name}-{secrets.token_hex(3)}"
    page.goto(f"{site.url}/sign-up")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Display name").fill(name.title())
    page.locator("input[name=password]").fill(PASSWORD)
    page.locator("input[name=password_again]").fill(PASSWORD)
    page.get_by_role("button", name=re.compile("sign up", re.IGNORECASE)).click()
    expect(page.get_by_text(f"{name.title()} (player)")).to_be_visible()
