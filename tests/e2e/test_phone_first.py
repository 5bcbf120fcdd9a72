"""Phone first (issue 25, item 7), in a real Chromium: on a 390x844 phone the board
is the first thing on the screen, from edge to edge, the stepper is a bar at the
bottom, and a swipe on the board or a tap on its right edge steps on (left: back);
at 1366x900 the whole board is above the fold."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.conftest import LiveSite, new_context, watched_page
from tests.e2e.test_replay_viewer import assert_at, steps_of_kind

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 900}


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    yield from watched_page(browser, viewport=PHONE, has_touch=True, is_mobile=True)


def middle_turn(site: LiveSite) -> int:
    return steps_of_kind(site, "turn_started")[1]


def test_on_a_phone_the_board_comes_first_at_full_width(live_site: LiveSite, phone: Any) -> None:
    step = middle_turn(live_site)
    phone.goto(f"{live_site.url}/games/{live_site.kensei_game}?step={step}")
    assert_at(phone, step)
    board = phone.locator("#board svg").bounding_box()
    assert board["width"] >= PHONE["width"] - 1, f"the board is {board['width']} px wide"
    assert board["x"] <= 0.5
    # Its top in the first screen, and most of it: only the site's header is above it.
    assert board["y"] < PHONE["height"] / 4, f"the board starts {board['y']} px down"
    assert board["y"] + board["height"] < PHONE["height"] - 60
    # Nothing that was above it (title, view choice) comes before it any more.
    title = phone.locator(".replay-head h1").bounding_box()
    assert title["y"] > board["y"] + board["height"]
    # The stepper is a bar at the bottom of the screen, in reach of a thumb.
    for control in ("#prev", "#next", "#play"):
        box = phone.locator(control).bounding_box()
        assert box["y"] + box["height"] <= PHONE["height"], (control, box)
        assert box["y"] > PHONE["height"] - 80, (control, box)
        assert box["x"] >= 0, (control, box)
        assert box["x"] + box["width"] <= PHONE["width"], (control, box)
    overflow = phone.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the page is {overflow} px wider than the phone"


def swipe(page: Any, dx: float) -> None:
    """A finger drawn across the board: touch pointer events, as a phone sends them."""
    page.locator("#board svg").evaluate(
        """(svg, dx) => {
          const box = svg.getBoundingClientRect();
          const y = box.top + box.height / 2;
          const x0 = box.left + box.width / 2 - dx / 2;
          const send = (type, x) => svg.dispatchEvent(new PointerEvent(type, {
            bubbles: true, cancelable: true, pointerId: 7, pointerType: 'touch', isPrimary: true,
            clientX: x, clientY: y, buttons: type === 'pointerup' ? 0 : 1 }));
          send('pointerdown', x0);
          for (let i = 1; i <= 5; i += 1) send('pointermove', x0 + (dx * i) / 5);
          send('pointerup', x0 + dx);
        }""",
        dx,
    )


def test_a_swipe_or_a_tap_on_the_edges_steps(live_site: LiveSite, phone: Any) -> None:
    step = middle_turn(live_site)
    phone.goto(f"{live_site.url}/games/{live_site.kensei_game}?step={step}")
    assert_at(phone, step)
    swipe(phone, -200)  # right to left: on, as a page turns
    assert_at(phone, step + 1)
    swipe(phone, 200)
    assert_at(phone, step)
    # A tap on the board's right edge: the next step; on its left edge: back.
    board = phone.locator("#board svg").bounding_box()
    phone.touchscreen.tap(board["x"] + board["width"] - 8, board["y"] + board["height"] / 2)
    assert_at(phone, step + 1)
    phone.touchscreen.tap(board["x"] + 8, board["y"] + board["height"] / 2)
    assert_at(phone, step)
    # A short move is no swipe: the step stays.
    swipe(phone, 20)
    assert_at(phone, step)


def test_two_fingers_pinch_the_board_in(live_site: LiveSite, phone: Any) -> None:
    step = middle_turn(live_site)
    phone.goto(f"{live_site.url}/games/{live_site.kensei_game}?step={step}")
    assert_at(phone, step)
    phone.locator("#board svg").evaluate(
        """svg => {
          const box = svg.getBoundingClientRect();
          const cx = box.left + box.width / 2, y = box.top + box.height / 2;
          const send = (type, id, x) => svg.dispatchEvent(new PointerEvent(type, {
            bubbles: true, cancelable: true, pointerId: id, pointerType: 'touch',
            isPrimary: id === 1, clientX: x, clientY: y }));
          send('pointerdown', 1, cx - 30);
          send('pointerdown', 2, cx + 30);
          for (let i = 1; i <= 4; i += 1) {
            send('pointermove', 1, cx - 30 - 15 * i);
            send('pointermove', 2, cx + 30 + 15 * i);
          }
          send('pointerup', 1, cx - 90);
          send('pointerup', 2, cx + 90);
        }"""
    )
    zoom = float(phone.locator("#board svg").get_attribute("data-zoom"))
    assert 2.9 <= zoom <= 3.1, zoom  # fingers 60 px apart, then 180: three times closer
    # Zoomed in, a swipe pans instead of stepping.
    swipe(phone, -200)
    assert_at(phone, step)


def test_at_desktop_size_the_whole_board_is_above_the_fold(
    live_site: LiveSite, browser: Any
) -> None:
    context = new_context(browser, viewport=DESKTOP)
    page = context.new_page()
    step = middle_turn(live_site)
    page.goto(f"{live_site.url}/games/{live_site.kensei_game}?step={step}")
    assert_at(page, step)
    board = page.locator("#board svg").bounding_box()
    assert board["y"] + board["height"] <= DESKTOP["height"], board
    assert board["width"] >= 600, board
    # The stepper and the log beside it, not under it.
    stepper = page.locator(".stepper").bounding_box()
    assert stepper["x"] > board["x"] + board["width"]
    assert stepper["y"] < DESKTOP["height"]
    context.close()
