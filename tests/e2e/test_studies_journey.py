"""Annotations and studies, in a real Chromium at desktop and phone sizes: a
signed-in reviewer opens a study of a demo game, writes a comment on a step,
draws an arrow by dragging on the board and a circle by clicking, saves, copies
the study's link; someone signed out opens the link in another browser context
and sees the comment in the log and the drawings on the board, without the
owner's tools."""

from __future__ import annotations

import re
import secrets
from typing import Any

import pytest

from tests.e2e.conftest import LiveSite, new_context
from tests.support.web import PASSWORD

pytestmark = pytest.mark.e2e

SIZES = [{"width": 1366, "height": 900}, {"width": 390, "height": 844}]
STEP = 12


def expect(target: Any) -> Any:
    from playwright.sync_api import expect as playwright_expect  # noqa: PLC0415

    return playwright_expect(target)


def _sign_in(page: Any, site: LiveSite) -> str:
    username = f"kenji-{secrets.token_hex(3)}"
    site.app.extensions["shiai"].accounts.create(username, "Kenji", PASSWORD, "player")
    page.goto(f"{site.url}/sign-in")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page.locator("header .account").get_by_text("Kenji")).to_be_visible()
    return username


def _drag_on_board(page: Any, start: tuple[float, float], end: tuple[float, float]) -> None:
    board = page.locator("#board svg.battlefield")
    board.scroll_into_view_if_needed()
    box = board.bounding_box()
    x, y = box["x"], box["y"]
    page.mouse.move(x + box["width"] * start[0], y + box["height"] * start[1])
    page.mouse.down()
    page.mouse.move(x + box["width"] * end[0], y + box["height"] * end[1], steps=8)
    page.mouse.up()


@pytest.mark.parametrize("viewport", SIZES, ids=["desktop", "phone"])
def test_a_reviewer_annotates_a_step_and_a_visitor_opens_the_study_link(
    live_site: LiveSite, browser: Any, page: Any, viewport: dict[str, int]
) -> None:
    page.set_viewport_size(viewport)
    _sign_in(page, live_site)
    page.goto(f"{live_site.url}/games/{live_site.kensei_game}?step={STEP}")
    page.get_by_role("button", name="Annotate / study").click()
    expect(page).to_have_url(re.compile(rf"/studies/[0-9a-f-]{{36}}\?step={STEP}$"))
    expect(page.locator("#board")).to_have_attribute("data-step", str(STEP))

    # A comment, an arrow dragged across the board, a circle clicked on it.
    comment = page.get_by_label(f"Comment on step {STEP}")
    comment.fill("The left flank is open: charge the archers here.")
    page.get_by_role("button", name="Draw").click()
    _drag_on_board(page, (0.2, 0.3), (0.6, 0.55))
    _drag_on_board(page, (0.7, 0.7), (0.7, 0.7))
    drawings = page.locator("#board svg.battlefield g.annotations")
    expect(drawings.locator("line.arrow")).to_have_count(1)
    expect(drawings.locator("circle.ring")).to_have_count(1)
    with page.expect_response(
        lambda r: r.request.method == "PUT" and f"/annotations/{STEP}" in r.url
    ) as saved:
        page.get_by_role("button", name="Save", exact=True).click()
    assert saved.value.status == 200
    expect(page.locator("#study-status")).to_have_text(f"saved step {STEP}")
    expect(page.locator(f'#log li[data-step="{STEP}"] .study-mark')).to_contain_text(
        "charge the archers here"
    )

    # The link, copied as a person does.
    page.get_by_role("button", name="Copy link").click()
    expect(page.get_by_role("button", name=re.compile("Copied|Press Ctrl\\+C"))).to_be_visible()
    link = page.get_by_label("Link to this study").input_value()
    assert re.fullmatch(rf"{re.escape(live_site.url)}/studies/[0-9a-f-]{{36}}", link)

    # Someone signed out, in another browser context, opens it.
    other = new_context(browser, viewport=viewport)
    try:
        visitor = other.new_page()
        errors: list[str] = []
        visitor.on("pageerror", lambda error: errors.append(str(error)))
        visitor.goto(link)
        expect(visitor.locator("header .account").get_by_text("Sign in")).to_be_visible()
        expect(visitor.get_by_role("heading", name=re.compile("^Study: "))).to_be_visible()
        expect(visitor.locator("#study-edit")).to_have_count(0)
        visitor.locator("#study-steps").get_by_role("link", name=f"step {STEP}").click()
        expect(visitor.locator("#board")).to_have_attribute("data-step", str(STEP))
        expect(visitor.locator(f'#log li[data-step="{STEP}"] .study-mark')).to_contain_text(
            "The left flank is open: charge the archers here."
        )
        expect(visitor.locator("#study-step-note")).to_contain_text("charge the archers here")
        on_board = visitor.locator("#board svg.battlefield g.annotations")
        expect(on_board.locator("line.arrow")).to_have_count(1)
        expect(on_board.locator("circle.ring")).to_have_count(1)
        # Another step has no drawing of this study.
        visitor.get_by_role("link", name="next step").click()
        expect(visitor.locator("#board")).to_have_attribute("data-step", str(STEP + 1))
        expect(on_board.locator("line.arrow")).to_have_count(0)
        assert not errors, f"the visitor's page scripts failed: {errors}"
    finally:
        other.close()
