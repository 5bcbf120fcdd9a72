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

from tests.e2e.conftest import LiveSite, new_context, shot
from tests.support.web import PASSWORD

pytestmark = pytest.mark.e2e

SIZES = [{"width": 1366, "height": 900}, {"width": 390, "height": 844}]
STEP = 12
PHONE_WIDTH = 500
COMMENT = "The left flank is open: charge the archers here."


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


def _board_point(page: Any, fraction: tuple[float, float]) -> tuple[float, float]:
    board = page.locator("#board svg.battlefield")
    board.scroll_into_view_if_needed()
    box = board.bounding_box()
    return box["x"] + box["width"] * fraction[0], box["y"] + box["height"] * fraction[1]


def _drag_on_board(page: Any, start: tuple[float, float], end: tuple[float, float]) -> None:
    """A drag across the board: with the mouse on a desktop, a finger on a phone."""
    (x1, y1), (x2, y2) = _board_point(page, start), _board_point(page, end)
    if page.viewport_size["width"] > PHONE_WIDTH:
        page.mouse.move(x1, y1)
        page.mouse.down()
        page.mouse.move(x2, y2, steps=8)
        page.mouse.up()
        return
    touch = page.context.new_cdp_session(page)
    touch.send(
        "Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x1, "y": y1}]}
    )
    for k in range(1, 9):
        at = {"x": x1 + (x2 - x1) * k / 8, "y": y1 + (y2 - y1) * k / 8}
        touch.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [at]})
    touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    touch.detach()


def _tap_on_board(page: Any, at: tuple[float, float]) -> None:
    x, y = _board_point(page, at)
    if page.viewport_size["width"] > PHONE_WIDTH:
        page.mouse.click(x, y)
    else:
        page.touchscreen.tap(x, y)


def _annotate_a_step(page: Any, site: LiveSite) -> str:
    """Sign in, open a study at a step, write and draw, save; the study's link."""
    _sign_in(page, site)
    # The reader steps to the step they want to talk about, then opens their study there.
    page.goto(f"{site.url}/games/{site.kensei_game}?step={STEP - 1}")
    page.get_by_role("link", name="next step").click()
    expect(page.locator("#board")).to_have_attribute("data-step", str(STEP))
    page.get_by_role("button", name="Annotate / study").click()
    expect(page).to_have_url(re.compile(rf"/studies/[0-9a-f-]{{36}}\?step={STEP}$"))
    expect(page.locator("#board")).to_have_attribute("data-step", str(STEP))

    # A comment, an arrow dragged across the board, a circle tapped on it.
    page.get_by_label(f"Comment on step {STEP}").fill(COMMENT)
    page.get_by_role("button", name="Draw").click()
    _drag_on_board(page, (0.2, 0.3), (0.6, 0.55))
    _tap_on_board(page, (0.7, 0.7))
    drawings = page.locator("#board svg.battlefield g.annotations")
    expect(drawings.locator("line.arrow")).to_have_count(1)
    expect(drawings.locator("circle.ring")).to_have_count(1)
    # Without a pointer: a circle around the unit chosen in the Unit list. A unit not
    # deployed yet at this step has no base to circle, and the status line says so.
    page.get_by_label("Select a unit").select_option("A.u3")
    page.get_by_role("button", name="Circle selected unit").click()
    expect(page.locator("#study-status")).to_contain_text("(A.u3) is not on the table at this step")
    expect(drawings.locator("circle.ring")).to_have_count(1)
    page.get_by_label("Select a unit").select_option(index=1)
    page.get_by_role("button", name="Circle selected unit").click()
    expect(drawings.locator("circle.ring")).to_have_count(2)
    with page.expect_response(
        lambda r: r.request.method == "PUT" and f"/annotations/{STEP}" in r.url
    ) as saved:
        page.get_by_role("button", name="Save", exact=True).click()
    assert saved.value.status == 200
    expect(page.locator("#study-status")).to_have_text(f"saved step {STEP}")
    expect(page.locator(f'#log li[data-step="{STEP}"] .study-mark')).to_contain_text(COMMENT)
    # The study's panel fits the screen: nothing scrolls sideways.
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width

    # The link, copied as a person does.
    page.get_by_role("button", name="Copy link").click()
    expect(page.get_by_role("button", name=re.compile("Copied|Press Ctrl\\+C"))).to_be_visible()
    link: str = page.get_by_label("Link to this study").input_value()
    assert re.fullmatch(rf"{re.escape(site.url)}/studies/[0-9a-f-]{{36}}", link)
    return link


def _read_the_study(visitor: Any, link: str) -> None:
    """Someone signed out opens the link: the comment in the log, the drawings on the board."""
    visitor.goto(link)
    expect(visitor.locator("header .account").get_by_text("Sign in")).to_be_visible()
    expect(visitor.get_by_role("heading", name=re.compile("^Study: "))).to_be_visible()
    expect(visitor.locator("#study-edit")).to_have_count(0)
    visitor.locator("#study-steps").get_by_role("link", name=f"step {STEP}").click()
    expect(visitor.locator("#board")).to_have_attribute("data-step", str(STEP))
    expect(visitor.locator(f'#log li[data-step="{STEP}"] .study-mark')).to_contain_text(COMMENT)
    expect(visitor.locator("#study-step-note")).to_contain_text(COMMENT)
    on_board = visitor.locator("#board svg.battlefield g.annotations")
    expect(on_board.locator("line.arrow")).to_have_count(1)
    expect(on_board.locator("circle.ring")).to_have_count(2)
    # Another step has none of this step's drawings.
    visitor.get_by_role("link", name="next step").click()
    expect(visitor.locator("#board")).to_have_attribute("data-step", str(STEP + 1))
    expect(on_board.locator("line.arrow")).to_have_count(0)


def _watch(page: Any, who: str, errors: list[str]) -> None:
    """Collect the page's script errors and Content-Security-Policy violations."""
    page.on("pageerror", lambda error: errors.append(f"{who}: {error}"))
    page.on(
        "console",
        lambda message: (
            "Content Security Policy" in message.text and errors.append(f"{who}: {message.text}")
        ),
    )


def _sized_context(browser: Any, viewport: dict[str, int]) -> Any:
    """A browser context of this size: with touch (and a phone's browser) when narrow."""
    phone = viewport["width"] <= PHONE_WIDTH
    return new_context(browser, viewport=viewport, has_touch=phone, is_mobile=phone)


@pytest.mark.parametrize("viewport", SIZES, ids=["desktop", "phone"])
def test_a_reviewer_annotates_a_step_and_a_visitor_opens_the_study_link(
    live_site: LiveSite, browser: Any, viewport: dict[str, int]
) -> None:
    owner = _sized_context(browser, viewport)
    other = _sized_context(browser, viewport)
    errors: list[str] = []
    try:
        page = owner.new_page()
        _watch(page, "owner", errors)
        link = _annotate_a_step(page, live_site)
        visitor = other.new_page()
        _watch(visitor, "visitor", errors)
        _read_the_study(visitor, link)
    finally:
        other.close()
        owner.close()
    assert not errors, f"the pages' scripts failed or broke the policy: {errors}"


KEYS_COMMENT = "Drawn without a mouse: the archers turn to face the charge."


def _open_study_at(page: Any, site: LiveSite, how: str) -> None:
    """Open one's study at STEP with a key ("key"), a finger ("tap") or the mouse."""
    page.goto(f"{site.url}/games/{site.kensei_game}?step={STEP}")
    expect(page.locator("#board")).to_have_attribute("data-step", str(STEP))
    opener = page.get_by_role("button", name="Annotate / study")
    if how == "key":
        opener.focus()
        page.keyboard.press("Enter")
    elif how == "tap":
        opener.tap()
    else:
        opener.click()
    expect(page).to_have_url(re.compile(rf"/studies/[0-9a-f-]{{36}}\?step={STEP}$"))
    expect(page.locator("#board")).to_have_attribute("data-step", str(STEP))


def _press(page: Any, locator: Any, *keys: str) -> None:
    """Keys pressed on a control, as someone tabbing to it does."""
    locator.focus()
    expect(locator).to_be_focused()
    for key in keys:
        page.keyboard.press(key)


def _draw_with_the_keyboard(page: Any) -> None:
    """A circle around a unit, an arrow from it to another unit chosen from a list,
    and an arrow and a circle drawn with the board cursor: keys only."""
    drawings = page.locator("#board svg.battlefield g.annotations")
    status = page.locator("#study-status")
    _press(page, page.get_by_label("Select a unit"), "ArrowDown")
    expect(page.get_by_label("Select a unit")).not_to_have_value("")
    _press(page, page.get_by_role("button", name="Circle selected unit"), "Enter")
    expect(drawings.locator("circle.ring")).to_have_count(1)
    expect(status).to_contain_text("circle drawn around side ")
    _press(page, page.get_by_label("Arrow from the selected unit to"), "ArrowDown", "Tab")
    expect(page.get_by_role("button", name="Add arrow")).to_be_focused()
    page.keyboard.press("Enter")
    expect(drawings.locator("line.arrow")).to_have_count(1)
    expect(status).to_contain_text(re.compile(r"arrow drawn from side \w+: .+ to side "))
    # The board cursor: focus moves to the board; the arrow keys move the cursor
    # (the replay stays on its step), Enter twice draws an arrow, C a circle.
    _press(page, page.get_by_role("button", name="Board cursor"), "Enter")
    expect(page.locator("#board")).to_be_focused()
    expect(status).to_contain_text("board cursor ")
    start = page.locator("#board").get_attribute("data-cursor")
    page.keyboard.press("Enter")
    expect(status).to_contain_text("arrow starts ")
    for key in ["Shift+ArrowRight", "Shift+ArrowRight", "ArrowDown", "ArrowDown"]:
        page.keyboard.press(key)
    expect(page.locator("#board")).not_to_have_attribute("data-cursor", start)
    page.keyboard.press("Enter")
    expect(drawings.locator("line.arrow")).to_have_count(2)
    expect(status).to_contain_text("arrow drawn to ")
    page.keyboard.press("c")
    expect(drawings.locator("circle.ring")).to_have_count(2)
    page.keyboard.press("Escape")
    expect(page.get_by_role("button", name="Board cursor")).to_be_focused()
    expect(page.locator("#board")).to_have_attribute("data-step", str(STEP))
    _press(page, page.get_by_label(f"Comment on step {STEP}"))
    page.keyboard.type(KEYS_COMMENT)
    _press(page, page.get_by_role("button", name="Save", exact=True), "Enter")


def _draw_with_taps(page: Any) -> None:
    """The same tools on a phone, with taps: a circle and an arrow between units."""
    drawings = page.locator("#board svg.battlefield g.annotations")
    page.get_by_label("Select a unit").select_option(index=1)
    page.get_by_role("button", name="Circle selected unit").tap()
    expect(drawings.locator("circle.ring")).to_have_count(1)
    page.get_by_label("Arrow from the selected unit to").select_option(index=1)
    page.get_by_role("button", name="Add arrow").tap()
    expect(drawings.locator("line.arrow")).to_have_count(1)
    page.get_by_label(f"Comment on step {STEP}").fill(KEYS_COMMENT)
    page.get_by_role("button", name="Save", exact=True).tap()


@pytest.mark.parametrize("viewport", SIZES, ids=["desktop", "phone"])
def test_arrows_and_circles_are_drawn_without_a_pointer_and_kept(
    live_site: LiveSite, browser: Any, viewport: dict[str, int]
) -> None:
    phone = viewport["width"] <= PHONE_WIDTH
    context = _sized_context(browser, viewport)
    errors: list[str] = []
    try:
        page = context.new_page()
        _watch(page, "owner", errors)
        _sign_in(page, live_site)
        _open_study_at(page, live_site, "tap" if phone else "key")
        if phone:
            _draw_with_taps(page)
        else:
            _draw_with_keyboard_then_shoot(page)
        expect(page.locator("#study-status")).to_have_text(f"saved step {STEP}")
        page.reload()
        expect(page.locator("#board")).to_have_attribute("data-step", str(STEP))
        on_board = page.locator("#board svg.battlefield g.annotations")
        expect(on_board.locator("line.arrow")).to_have_count(1 if phone else 2)
        expect(on_board.locator("circle.ring")).to_have_count(1 if phone else 2)
        expect(page.locator(f'#log li[data-step="{STEP}"] .study-mark')).to_contain_text(
            KEYS_COMMENT
        )
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    finally:
        context.close()
    assert not errors, f"the page's scripts failed or broke the policy: {errors}"


def _draw_with_keyboard_then_shoot(page: Any) -> None:
    _draw_with_the_keyboard(page)
    expect(page.locator("#study-status")).to_have_text(f"saved step {STEP}")
    shot(page.locator("#study-panel"), "keyboard-study-panel")
    shot(page, "keyboard-desktop")


def test_an_exported_study_is_imported_in_another_account_and_shows_its_annotations(
    live_site: LiveSite, browser: Any, tmp_path: Any
) -> None:
    author = new_context(browser, viewport=SIZES[0])
    reader = new_context(browser, viewport=SIZES[0])
    errors: list[str] = []
    try:
        page = author.new_page()
        _watch(page, "author", errors)
        _sign_in(page, live_site)
        _open_study_at(page, live_site, "click")
        page.get_by_label(f"Comment on step {STEP}").fill(COMMENT)
        page.get_by_label("Select a unit").select_option(index=1)
        page.get_by_role("button", name="Circle selected unit").click()
        page.get_by_role("button", name="Save", exact=True).click()
        expect(page.locator("#study-status")).to_have_text(f"saved step {STEP}")
        with page.expect_download() as download:
            page.get_by_role("link", name=re.compile("^Export")).click()
        exported = tmp_path / "study.json"
        download.value.save_as(exported)
        original = page.url.split("?")[0]

        other = reader.new_page()
        _watch(other, "reader", errors)
        _sign_in(other, live_site)
        other.goto(f"{live_site.url}/studies")
        other.get_by_label(re.compile("^Study file")).set_input_files(str(exported))
        other.get_by_role("button", name="Import", exact=True).click()
        expect(other).to_have_url(re.compile(r"/studies/[0-9a-f-]{36}$"))
        assert other.url != original
        expect(other.locator("#study-edit")).to_be_visible()  # the reader's own study
        other.locator("#study-steps").get_by_role("link", name=f"step {STEP}").click()
        expect(other.locator("#board")).to_have_attribute("data-step", str(STEP))
        expect(other.locator(f'#log li[data-step="{STEP}"] .study-mark')).to_contain_text(COMMENT)
        drawn = other.locator("#board svg.battlefield g.annotations circle.ring")
        expect(drawn).to_have_count(1)
        shot(other, "imported-study")
        # A file that is not a study: the problem is shown on the studies page.
        broken = tmp_path / "broken.json"
        broken.write_text('{"format": "shiai-study/1", "study": {}, "record": {}}')
        other.goto(f"{live_site.url}/studies")
        other.get_by_label(re.compile("^Study file")).set_input_files(str(broken))
        other.get_by_role("button", name="Import", exact=True).click()
        expect(other.get_by_role("alert")).to_contain_text("The study was not imported")
        shot(other, "import-refused", full_page=True)
    finally:
        reader.close()
        author.close()
    assert not errors, f"the pages' scripts failed or broke the policy: {errors}"
