"""The position editors' pieces dragged in a real Chromium, with a mouse at desktop size
and a finger at phone size (pointer events): a Kensei unit's formation is dragged as a
whole, a Senjutsu character to a hex (snapping) and then turned by the facing chosen;
each drag is the form's own edit, checked by the engine at once: accepted, it is listed
and the engine says what the piece may do in the edited position (nothing stored);
refused, the engine's reason is shown and the piece snaps back. On a phone the Senjutsu
editor shows the board first, at full width, its card list under it. Waits are
Playwright's own (conditions, never time)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any
from uuid import UUID

import pytest

from engine.core import CommandRefused
from engine.kensei import Kensei
from tests.e2e.boards import (
    SIZES,
    board_id,
    free_hex,
    full_state,
    page_at,
    table_to_screen,
    whole_table,
)
from tests.e2e.conftest import LiveSite, shot
from tests.e2e.test_analysis_board import an_order_and_a_free_spot
from tests.e2e.test_play import sign_up
from tests.e2e.test_replay_viewer import expect
from tests.e2e.test_senjutsu_editor import senjutsu_game
from tests.integration.test_sandbox_editor import anchor_position

pytestmark = pytest.mark.e2e
__all__ = ["senjutsu_game"]  # the fixture
KENSEI = Kensei()


@pytest.fixture(params=list(SIZES))
def handy(browser: Any, request: pytest.FixtureRequest) -> Iterator[tuple[Any, str]]:
    """A page at desktop size (dragged with the mouse) or at phone size with a touch
    screen (dragged with a finger); its scripts must not fail."""
    for page in page_at(browser, request.param, touch=True):
        yield page, request.param


def drag(page: Any, size: str, start: tuple[float, float], end: tuple[float, float]) -> None:
    """Press at ``start``, move to ``end`` in steps and release: the mouse on a desktop,
    a finger (the browser's touch events, as a touch screen sends them) on a phone.
    Once the engine has answered about the edit before: a piece pressed while an edit
    is being checked is not picked up (the press pans the board)."""
    expect(page.locator("#edit-list")).not_to_have_attribute("aria-busy", "true")
    steps = [
        (start[0] + (end[0] - start[0]) * i / 8, start[1] + (end[1] - start[1]) * i / 8)
        for i in range(1, 9)
    ]
    if size == "desktop":
        page.mouse.move(*start)
        page.mouse.down()
        for x, y in steps:
            page.mouse.move(x, y)
        page.mouse.up()
        return
    cdp = page.context.new_cdp_session(page)
    touch = "Input.dispatchTouchEvent"
    cdp.send(touch, {"type": "touchStart", "touchPoints": [{"x": start[0], "y": start[1]}]})
    for x, y in steps:
        cdp.send(touch, {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    cdp.send(touch, {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def open_kensei_editor(page: Any, site: LiveSite, step: int, name: str, piece: str) -> Any:
    """The demo Kensei game's editor at ``step``, signed up as ``name``, its board on the
    whole table and in view; the locator of ``piece`` (a selector in the board's svg)."""
    sign_up(page, site, name)
    page.goto(f"{site.url}/games/{site.kensei_game}/editor?step={step}")
    shown = page.locator(f"#board svg {piece}")
    expect(shown).to_be_visible()
    whole_table(page)
    page.locator("#board svg").first.scroll_into_view_if_needed()
    return shown


def centre_of(page: Any, selector: str) -> tuple[float, float]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_a_kensei_unit_is_dragged_whole_and_a_refused_drag_snaps_back(
    live_site: LiveSite, handy: tuple[Any, str]
) -> None:
    page, size = handy
    step, uid, (x_cm, y_cm) = an_order_and_a_free_spot(live_site)
    state = full_state(live_site, live_site.kensei_game, step)
    leader = anchor_position(state, uid)
    unit = open_kensei_editor(page, live_site, step, f"drag-{size}", f'.unit[data-unit="{uid}"]')

    # Dragged from its leader to a free spot: the form's move edit, checked at once.
    drag(page, size, table_to_screen(page, *leader), table_to_screen(page, x_cm * 100, y_cm * 100))
    expect(page.locator("#edit-list li")).to_have_count(1)
    expect(page.locator("#edit-list li")).to_contain_text(f"move {state['units'][uid]['name']}")
    expect(page.locator("#unit-options")).to_contain_text("In the position with your edits")
    expect(page.locator("#unit-option-lines li").first).to_contain_text("order: ")
    expect(page.locator("#edit-error")).to_be_hidden()
    placed = unit.bounding_box()

    # Dragged to the table's corner: the engine refuses, in its words; it snaps back.
    page.locator("#board svg").first.scroll_into_view_if_needed()
    drag(page, size, table_to_screen(page, x_cm * 100, y_cm * 100), table_to_screen(page, 50, 50))
    expect(page.locator("#edit-error")).to_contain_text("off the table")
    expect(page.locator("#edit-list li")).to_have_count(1)
    assert unit.bounding_box() == placed
    shot(page, f"kensei-drag-{size}")

    # The board starts from the dragged position (the pointer's travel, to a pixel).
    page.get_by_role("button", name="Start a board from this position").click()
    expect(page).to_have_url(re.compile(r"/games/[0-9a-f-]{36}/editor\?step=0$"))
    x, y = anchor_position(full_state(live_site, board_id(page.url), 0), uid)
    tolerance = 100 if size == "desktop" else 200  # a pixel of the board, in table units
    assert abs(x - x_cm * 100) <= tolerance
    assert abs(y - y_cm * 100) <= tolerance


def test_a_senjutsu_character_is_dragged_to_a_hex_then_turned_and_refused_onto_another(
    live_site: LiveSite, handy: tuple[Any, str], senjutsu_game: tuple[UUID, int]
) -> None:
    page, size = handy
    game, step = senjutsu_game
    state = full_state(live_site, game, step)
    here = state["characters"]["A"]["hex"]
    free = free_hex(state)
    other = state["characters"]["B"]["hex"]
    page.goto(f"{live_site.url}/games/{game}/editor?step={step}")  # signed out: asking is open
    expect(page.locator("#board svg .unit")).to_have_count(2)

    if size == "phone":  # the board first, at full width; the card list under it
        expect(page.locator("#edit-cards li").first).to_be_visible()
        board = page.locator("#board svg.sj-board").bounding_box()
        cards = page.locator("#edit-cards").bounding_box()
        assert board is not None
        assert cards is not None
        shot(page, "senjutsu-editor-phone-first")
        assert board["width"] >= 380, board
        assert board["y"] + board["height"] <= cards["y"], (board, cards)
    shot(page, f"senjutsu-editor-{size}", full_page=True)

    page.locator("#board svg.sj-board").scroll_into_view_if_needed()
    hex_of = '#board .hex[data-hex="{},{}"]'
    drag(
        page,
        size,
        centre_of(page, hex_of.format(*here)),
        centre_of(page, hex_of.format(free.q, free.r)),
    )
    expect(page.locator("#edit-list li")).to_have_count(1)
    expect(page.locator('#board .unit[data-unit="A"]')).to_have_attribute(
        "data-hex", f"{free.q},{free.r}"
    )
    expect(page.locator("#unit-options")).to_contain_text("In the position with your edits")
    # Then its facing: the same edit, turned.
    page.get_by_label("facing", exact=True).select_option(label="west")
    expect(page.locator("#edit-list li")).to_have_count(1)
    expect(page.locator("#edit-list li")).to_contain_text("facing west")

    # Onto the other character: refused in the engine's words; it snaps back.
    page.locator("#board svg.sj-board").scroll_into_view_if_needed()
    drag(
        page,
        size,
        centre_of(page, hex_of.format(free.q, free.r)),
        centre_of(page, hex_of.format(*other)),
    )
    expect(page.locator("#edit-error")).to_contain_text("side B stands on")
    expect(page.locator("#edit-list li")).to_have_count(1)
    expect(page.locator('#board .unit[data-unit="A"]')).to_have_attribute(
        "data-hex", f"{free.q},{free.r}"
    )
    # Asking again about the edited position, by the button (the keyboard's way).
    page.get_by_role("button", name="Ask the engine").click()
    expect(page.locator("#unit-options")).to_contain_text("In the position with your edits")
    shot(page, f"senjutsu-drag-{size}")


# -- Kensei scenery: dragged, added, removed (docs/rules/kensei.md, Position editor) ----


def middle(piece: dict[str, Any]) -> tuple[int, int]:
    points = piece["points"]
    return sum(p[0] for p in points) // len(points), sum(p[1] for p in points) // len(points)


def corner(piece: dict[str, Any]) -> tuple[int, int]:
    return min(p[0] for p in piece["points"]), min(p[1] for p in piece["points"])


def refusal(state: dict[str, Any], edits: list[dict[str, Any]]) -> CommandRefused:
    """The engine's refusal of ``edits`` (the test's premise: it refuses them)."""
    with pytest.raises(CommandRefused) as refused:
        KENSEI.edit_position(state, edits)
    return refused.value


def accepted(state: dict[str, Any], edits: list[dict[str, Any]]) -> bool:
    try:
        KENSEI.edit_position(state, edits)
    except CommandRefused:
        return False
    return True


def scenery_plan(state: dict[str, Any]) -> tuple[dict[str, Any], tuple[int, int], dict[str, Any]]:
    """A scenery piece with no base near its middle (to press on), a corner (whole cm)
    the engine lets it be moved to, and another piece (to be removed)."""
    minis = [m for m in state["minis"].values() if m["placed"] and not m["removed"]]
    for piece in state["scenery"]:
        mx, my = middle(piece)
        if any(abs(m["x"] - mx) < 800 and abs(m["y"] - my) < 800 for m in minis):
            continue
        for x_cm, y_cm in ((5, 5), (100, 5), (5, 70), (100, 70), (50, 5), (50, 75), (30, 40)):
            move = {"edit": "scenery", "piece": piece["id"], "x": x_cm * 100, "y": y_cm * 100}
            if accepted(state, [move]):
                other = next(p for p in state["scenery"] if p["id"] != piece["id"])
                return piece, (x_cm * 100, y_cm * 100), other
    raise AssertionError("no scenery piece to drag in the demo game")


def a_free_piece(state: dict[str, Any], edits: list[dict[str, Any]]) -> dict[str, Any]:
    """An ``add_scenery`` edit (whole cm) the engine accepts after ``edits``."""
    for x_cm in range(5, 110, 15):
        for y_cm in (5, 80, 40, 20, 60):
            piece = {"edit": "add_scenery", "x": x_cm * 100, "y": y_cm * 100, "width": 1000}
            piece |= {"depth": 500, "kind": "difficult", "height": 1}
            if accepted(state, [*edits, piece]):
                return piece
    raise AssertionError("no free spot for a new piece")


def fill_piece(page: Any, piece: dict[str, Any]) -> None:
    """The "Add a piece" fields filled with ``piece`` (an add_scenery edit)."""
    for field, value in (("x", piece["x"]), ("y", piece["y"])):
        page.locator(f"#scenery-{field}").fill(f"{value / 100:g}")
    page.locator("#scenery-width").fill(f"{piece['width'] / 100:g}")
    page.locator("#scenery-depth").fill(f"{piece['depth'] / 100:g}")
    page.locator("#scenery-height").fill(str(piece["height"]))
    page.locator("#scenery-kind").select_option(piece["kind"])


def add_and_remove_typed_pieces(
    page: Any, state: dict[str, Any], uid: str, moved: dict[str, Any], other: dict[str, Any]
) -> dict[str, Any]:
    """After the edit ``moved``: a piece typed under ``uid`` refused as it is typed, a
    free one added, ``other`` removed; the piece added."""
    # Typed: an impassable piece under a unit is refused as it is typed (a field's
    # change), next to the fields, naming the rule; nothing is added.
    x, y = anchor_position(state, uid)
    under = {
        "edit": "add_scenery",
        "x": x // 100 * 100 - 500,
        "y": y // 100 * 100 - 500,
    }
    under |= {"width": 1000, "depth": 1000, "kind": "impassable", "height": 1}
    words = refusal(state, [under])
    fill_piece(page, under)
    page.locator("#scenery-height").press("Tab")
    adding = page.locator("#editor-controls fieldset", has=page.locator("#scenery-add"))
    expect(adding.locator(".refusal")).to_contain_text(words.message.removeprefix("edit 1: "))
    expect(adding.locator(".refusal")).to_contain_text(f"({words.rule})")
    shot(adding, f"kensei-scenery-refused-{page.viewport_size['width']}")
    page.get_by_role("button", name="Add the piece").click()
    expect(adding.locator(".refusal")).to_contain_text(f"({words.rule})")
    expect(page.locator("#edit-list li")).to_have_count(1)

    # A free spot: added, drawn and listed; then the other piece removed.
    free = a_free_piece(state, [moved])
    fill_piece(page, free)
    page.get_by_role("button", name="Add the piece").click()
    expect(page.locator("#edit-list li")).to_have_count(2)
    expect(adding.locator(".refusal")).to_have_count(0)
    expect(page.locator('#board svg .scenery[data-piece="edit-1"]')).to_be_visible()
    page.get_by_label("Scenery piece").select_option(other["id"])
    page.get_by_role("button", name="Remove the piece").click()
    expect(page.locator("#edit-list li")).to_have_count(3)
    expect(page.locator(f'#board svg .scenery[data-piece="{other["id"]}"]')).to_have_count(0)
    return free


def test_kensei_scenery_is_dragged_added_and_removed_each_checked_by_the_engine(
    live_site: LiveSite, handy: tuple[Any, str]
) -> None:
    page, size = handy
    step, uid, _ = an_order_and_a_free_spot(live_site)
    state = full_state(live_site, live_site.kensei_game, step)
    piece, (to_x, to_y), other = scenery_plan(state)
    shown = f'.scenery[data-piece="{piece["id"]}"]'
    dragged = open_kensei_editor(page, live_site, step, f"sakutei-{size}", shown)

    # Dragged by its middle: the piece's move edit, checked at once and listed.
    (mx, my), (cx, cy) = middle(piece), corner(piece)
    target = (mx + to_x - cx, my + to_y - cy)
    drag(page, size, table_to_screen(page, mx, my), table_to_screen(page, *target))
    expect(page.locator("#edit-list li")).to_have_count(1)
    expect(page.locator("#edit-list li")).to_contain_text(f"move scenery {piece['id']}")
    expect(page.locator("#edit-error")).to_be_hidden()
    placed = dragged.locator("polygon").get_attribute("points")

    # Dragged onto another piece: refused by the table's rule; it snaps back.
    page.locator("#board svg").first.scroll_into_view_if_needed()
    drag(page, size, table_to_screen(page, *target), table_to_screen(page, *middle(other)))
    expect(page.locator("#edit-error")).to_contain_text(re.compile("overlaps|off the table"))
    expect(page.locator("#edit-error")).to_contain_text("Game Table and Scenery elements")
    expect(page.locator("#edit-list li")).to_have_count(1)
    expect(dragged.locator("polygon")).to_have_attribute("points", placed or "")

    moved = {"edit": "scenery", "piece": piece["id"], "x": to_x, "y": to_y}
    free = add_and_remove_typed_pieces(page, state, uid, moved, other)
    shot(page, f"kensei-scenery-{size}", full_page=True)

    # The board starts from the edited table.
    page.get_by_role("button", name="Start a board from this position").click()
    expect(page).to_have_url(re.compile(r"/games/[0-9a-f-]{36}/editor\?step=0$"))
    scenery = {p["id"]: p for p in full_state(live_site, board_id(page.url), 0)["scenery"]}
    assert other["id"] not in scenery
    assert corner(scenery["edit-1"]) == (free["x"], free["y"])
    assert (scenery["edit-1"]["kind"], scenery["edit-1"]["height"]) == ("difficult", 1)
    tolerance = 100 if size == "desktop" else 200  # a pixel of the board, in table units
    moved_to = corner(scenery[piece["id"]])
    assert abs(moved_to[0] - to_x) <= tolerance
    assert abs(moved_to[1] - to_y) <= tolerance


def test_the_kensei_editor_zooms_to_a_unit_and_a_phone_opens_on_it(
    live_site: LiveSite, handy: tuple[Any, str]
) -> None:
    page, size = handy
    step, uid, _ = an_order_and_a_free_spot(live_site)
    page.goto(f"{live_site.url}/games/{live_site.kensei_game}/editor?step={step}")
    board = page.locator("#board svg")
    unit = page.locator(f'#board svg .unit[data-unit="{uid}"] .base').first
    expect(unit).to_be_visible()
    page.get_by_label("Unit to edit").select_option(uid)
    if size == "phone":  # it opens on the chosen unit, its bases big enough for a finger
        expect(board).not_to_have_attribute("data-zoom", "1.00")
    else:
        expect(board).to_have_attribute("data-zoom", "1.00")
    page.get_by_role("button", name="zoom to the chosen unit").click()
    expect(board).not_to_have_attribute("data-zoom", "1.00")
    zoomed = unit.bounding_box()
    assert zoomed is not None
    assert zoomed["width"] >= 18, zoomed  # a finger's width, give or take, on a phone
    shot(page, f"kensei-editor-units-{size}")
    page.get_by_role("button", name="the whole table").click()
    expect(board).to_have_attribute("data-zoom", "1.00")
    whole = unit.bounding_box()
    assert whole is not None
    assert zoomed["width"] > 1.5 * whole["width"], (zoomed, whole)
    page.get_by_role("button", name="zoom in").click()
    expect(board).to_have_attribute("data-zoom", "1.50")
    # No page scrolls sideways, zoomed or not.
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= SIZES[size]["width"], width
    shot(page, f"kensei-editor-{size}", full_page=True)
