"""What the board journeys share (analysis board, position editors): the sizes a page is
tried at, a page at one of them (a touch screen on a phone, when asked) whose scripts
must not fail, a game's full state at a step, the id of the board a page shows, a free
hex of a Senjutsu battlefield, where a point of a Kensei table is on the screen
(whatever the board's zoom), and the view on the whole table."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any
from uuid import UUID

from engine.senjutsu.state.access import board_hexes, occupied, solid_hexes
from replays.game import project_game, step_version
from tests.e2e.conftest import LiveSite, watched_page
from tests.e2e.test_replay_viewer import expect

SIZES = {"desktop": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}


def page_at(browser: Any, size: str, *, touch: bool = False) -> Iterator[Any]:
    """A page at ``size`` (a touch screen too on a phone when ``touch``), closed after;
    the test fails if its scripts failed. For a fixture to ``yield from``."""
    phone = touch and size == "phone"
    yield from watched_page(browser, viewport=SIZES[size], has_touch=phone, is_mobile=phone)


def full_state(site: LiveSite, game_id: UUID, step: int) -> dict[str, Any]:
    records = site.app.extensions["shiai"].records
    game = records.repository.get(game_id, version=step_version(step), projector_func=project_game)
    state: dict[str, Any] = game.state
    return state


def board_id(url: str) -> UUID:
    found = re.search(r"/games/([0-9a-f-]{36})", url)
    assert found, url
    return UUID(found.group(1))


def free_hex(state: dict[str, Any]) -> Any:
    """The first hex of a Senjutsu battlefield (in a fixed order) no one stands on and
    nothing solid fills."""
    taken = set(occupied(state)) | solid_hexes(state)
    return next(h for h in sorted(board_hexes(state), key=lambda h: h.to_json()) if h not in taken)


def table_to_screen(page: Any, x: float, y: float) -> tuple[float, float]:
    """Where a point of the Kensei table (tenths of a millimetre, y up) is on the screen,
    whatever the board's zoom and pan."""
    at: list[float] = page.evaluate(
        """([x, y]) => {
            const svg = document.querySelector('#board svg');
            const point = svg.createSVGPoint();
            point.x = x; point.y = Number(svg.dataset.tableHeight) - y;
            const screen = point.matrixTransform(svg.getScreenCTM());
            return [screen.x, screen.y];
        }""",
        [x, y],
    )
    return at[0], at[1]


def whole_table(page: Any) -> None:
    """The board's view on the whole table (a phone's opens on the chosen unit)."""
    page.get_by_role("button", name="the whole table").click()
    expect(page.locator("#board svg")).to_have_attribute("data-zoom", "1.00")
