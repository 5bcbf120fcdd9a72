"""The board speaks (issue 25, item 2), in a real Chromium at desktop (1366x900) and
phone (390x844) sizes: a legend, unit names on hover and (zoomed in) on the board,
terrain by its name, a ruler whose distance matches the geometry, zoom and pan by
the svg's viewBox kept across steps, the units of the current event highlighted
with arrows for charges and shots, and the selected unit's reach as rings."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any
from uuid import UUID

import pytest

from engine.hexgrid.coords import Hex
from engine.kensei import Kensei
from replays import registry
from replays.bot_games import play_bot_game
from tests.e2e.conftest import LiveSite
from tests.e2e.test_replay_viewer import assert_at, expect, steps_of_kind

pytestmark = pytest.mark.e2e

DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
SIZES = [pytest.param(DESKTOP, id="desktop"), pytest.param(PHONE, id="phone")]
CM = 100  # Kensei table units (tenths of a millimetre) in a centimetre
HEX = 50  # Senjutsu's hexes, centre to corner, in the svg's units (board.js HEX_SIZE)
CHARGE_SEED = "board-1"
"""The dice seed of a bot game with a charge and shots in it (the session's own game
rolls fresh dice, so may have no charge)."""


@dataclass(frozen=True)
class Game:
    id: UUID
    steps: list[dict[str, Any]]  # step and event


@pytest.fixture(scope="module")
def charging(live_site: LiveSite) -> Game:
    """A Kensei bot game played on a fixed seed: a charge and hitting shots in it."""
    records = live_site.app.extensions["shiai"].records
    kensei = Kensei()
    game_id = play_bot_game(
        records, kensei.id, kensei.sample_setups()[0], bot_seed="e2e-1", seed=CHARGE_SEED
    )
    steps = [{"step": entry.step, "event": entry.event} for entry in records.steps(game_id)]
    kinds = [entry["event"]["type"] for entry in steps]
    assert "charge_moved" in kinds, f"seed {CHARGE_SEED!r} gives no charge now: choose another"
    return Game(game_id, steps)


@pytest.fixture(params=SIZES)
def sized(request: pytest.FixtureRequest, page: Any) -> Any:
    """The page at a desktop's or a phone's size (set before any page is opened)."""
    page.set_viewport_size(request.param)
    return page


@pytest.fixture
def desktop(page: Any) -> Any:
    page.set_viewport_size(DESKTOP)
    return page


def open_first_turn(page: Any, site: LiveSite) -> int:
    """The first turn's step, opened: every unit is on the table."""
    turn: int = steps_of_kind(site, "turn_started")[0]
    open_step(page, site, turn)
    return turn


def open_step(page: Any, site: LiveSite, step: int) -> None:
    page.goto(f"{site.url}/games/{site.kensei_game}?step={step}")
    assert_at(page, step)


def view_box(page: Any) -> list[float]:
    return [float(v) for v in page.locator("#board svg").get_attribute("viewBox").split()]


def state(page: Any) -> Any:
    return page.evaluate("() => window.shiaiReplay.shown.state")


def test_the_legend_names_the_sides_the_terrain_and_the_markers(
    live_site: LiveSite, sized: Any
) -> None:
    open_first_turn(sized, live_site)
    legend = sized.locator("#legend")
    if sized.viewport_size["width"] < 900:  # folded on a phone, under the board
        sized.locator("#legend summary").click()
    expect(legend.locator("#legend-items")).to_be_visible()
    shown = state(sized)
    for side in ("A", "B"):
        expect(legend).to_contain_text(f"side {side}: {shown['sides'][side]['name']}")
    for words in ("Used marker", "Stunned marker", "charge", "shot", "in this step's event"):
        expect(legend).to_contain_text(words)
    kinds = {piece["kind"] for piece in shown["scenery"]}
    names = {"normal": "obstacle", "difficult": "difficult terrain", "impassable": "impassable"}
    for kind in kinds:
        expect(legend).to_contain_text(names[kind])


def test_terrain_is_named_and_a_hovered_unit_tells_its_name(
    live_site: LiveSite, desktop: Any
) -> None:
    page = desktop
    open_first_turn(page, live_site)
    shown = state(page)
    labels = page.locator("#board svg .scenery-label").all_text_contents()
    assert sorted(labels) == sorted(piece["name"] for piece in shown["scenery"])
    assert not [label for label in labels if label.startswith("h") and label[1:].isdigit()]

    unit = page.locator("#board svg .unit").first
    uid = unit.get_attribute("data-unit")
    unit.locator(".base").first.hover()
    tip = page.locator("#board-tip")
    expect(tip).to_be_visible()
    expect(tip).to_contain_text(shown["units"][uid]["name"])
    # Terrain tells its name too.
    page.locator("#board svg .scenery polygon").first.hover()
    expect(tip).to_contain_text(shown["scenery"][0]["name"])


def test_the_ruler_measures_in_centimetres_what_the_geometry_says(
    live_site: LiveSite, sized: Any
) -> None:
    open_first_turn(sized, live_site)
    sized.locator("#ruler").click()
    expect(sized.locator("#ruler")).to_have_attribute("aria-pressed", "true")
    box = sized.locator("#board svg").bounding_box()
    x0, y0 = box["x"] + box["width"] * 0.2, box["y"] + box["height"] * 0.3
    x1, y1 = box["x"] + box["width"] * 0.7, box["y"] + box["height"] * 0.8
    sized.mouse.move(x0, y0)
    sized.mouse.down()
    sized.mouse.move((x0 + x1) / 2, (y0 + y1) / 2)
    sized.mouse.move(x1, y1)
    sized.mouse.up()
    ruler = sized.locator("#board svg .ruler")
    expect(ruler).to_have_count(1)
    # The expected distance from the svg's own geometry: its viewBox drawn into its box
    # (preserveAspectRatio meet: one scale, the box's smaller ratio).
    _, _, width, height = view_box(sized)
    scale = min(box["width"] / width, box["height"] / height)
    expected = math.hypot(x1 - x0, y1 - y0) / scale / CM
    distance = ruler.get_attribute("data-distance")
    assert distance.endswith(" cm"), distance
    assert abs(float(distance.removesuffix(" cm")) - expected) <= 0.15, (distance, expected)
    expect(sized.locator("#ruler-out")).to_contain_text(distance)
    expect(ruler.locator("text")).to_have_text(distance)
    # The line's ends are where the pointer went down and came up.
    line = ruler.locator("line")
    ends = [float(line.get_attribute(a)) for a in ("x1", "y1", "x2", "y2")]
    assert abs(math.hypot(ends[2] - ends[0], ends[3] - ends[1]) / CM - expected) <= 0.15
    # Off again: the ruler is gone and a click selects a unit again.
    sized.locator("#ruler").click()
    expect(sized.locator("#board svg .ruler")).to_have_count(0)


def test_zoom_and_pan_change_the_viewbox_and_stay_across_steps(
    live_site: LiveSite, desktop: Any
) -> None:
    page = desktop
    turn = open_first_turn(page, live_site)
    natural = view_box(page)
    expect(page.locator("#board svg .unit-label").first).to_be_hidden()
    page.locator("#zoom-in").click()
    expect(page.locator("#board svg")).to_have_attribute("data-zoom", "1.50")
    zoomed = view_box(page)
    assert abs(zoomed[2] - natural[2] / 1.5) < 1
    assert abs(zoomed[3] - natural[3] / 1.5) < 1
    page.locator("#zoom-in").click()
    expect(page.locator("#board svg")).to_have_attribute("data-zoom", "2.25")
    # Zoomed in, the units' names are written on the board.
    expect(page.locator("#board svg .unit-label").first).to_be_visible()
    # A drag pans: the box moves, its size stays.
    before = view_box(page)
    drawn = page.locator("#board svg").get_attribute("viewBox")
    box = page.locator("#board svg").bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(cx, cy)
    page.mouse.down()
    page.mouse.move(cx + 60, cy + 40)
    page.mouse.move(cx + 120, cy + 80)
    page.mouse.up()
    page.wait_for_function(
        "drawn => document.querySelector('#board svg').getAttribute('viewBox') !== drawn",
        arg=drawn,
    )
    panned = view_box(page)
    assert panned[0] < before[0], (before, panned)
    assert panned[1] < before[1], (before, panned)
    assert abs(panned[2] - before[2]) < 0.5
    # The next step is drawn anew and keeps the view.
    page.keyboard.press("ArrowRight")
    assert_at(page, turn + 1)
    assert view_box(page) == panned
    # The wheel zooms out around the pointer; reset shows the whole table.
    page.mouse.move(cx, cy)
    page.mouse.wheel(0, 200)
    page.wait_for_function(
        "w => Number(document.querySelector('#board svg').viewBox.baseVal.width) > w",
        arg=panned[2],
    )
    page.locator("#zoom-out").click()
    page.locator("#zoom-reset").click()
    expect(page.locator("#board svg")).to_have_attribute("data-zoom", "1.00")
    assert view_box(page) == natural
    # The keys: + zooms in, - out, 0 shows the whole table.
    page.keyboard.press("+")
    expect(page.locator("#board svg")).to_have_attribute("data-zoom", "1.50")
    page.keyboard.press("-")
    expect(page.locator("#board svg")).to_have_attribute("data-zoom", "1.00")
    page.keyboard.press("+")
    page.keyboard.press("0")
    expect(page.locator("#board svg")).to_have_attribute("data-zoom", "1.00")


def test_a_charge_highlights_its_units_and_draws_its_arrow(
    live_site: LiveSite, charging: Game, sized: Any
) -> None:
    charge = next(e for e in charging.steps if e["event"]["type"] == "charge_moved")
    event = charge["event"]
    sized.goto(f"{live_site.url}/games/{charging.id}?step={charge['step']}")
    assert_at(sized, charge["step"])
    board = sized.locator("#board svg")
    expect(board.locator(f'.unit.in-event.actor[data-unit="{event["unit"]}"]')).to_have_count(1)
    expect(board.locator(f'.unit.in-event.target[data-unit="{event["target"]}"]')).to_have_count(1)
    expect(board.locator(".unit.in-event .event-halo")).not_to_have_count(0)
    arrow = board.locator(f'.arrow.charge[data-unit="{event["unit"]}"]')
    expect(arrow).to_have_count(1)
    expect(arrow).to_have_attribute("marker-end", "url(#arrowhead-charge)")
    # The arrow ends where the charging bases came to (their centre), in table units.
    shown = state(sized)
    height = shown["table"]["height"]
    minis = [shown["minis"][m["id"]] for m in event["minis"]]
    cx = sum(m["x"] for m in minis) / len(minis)
    cy = sum(m["y"] for m in minis) / len(minis)
    assert abs(float(arrow.get_attribute("x2")) - cx) < 1
    assert abs(float(arrow.get_attribute("y2")) - (height - cy)) < 1
    # A shot: an arrow from the shooters to their target.
    shot = next(
        e for e in charging.steps if e["event"]["type"] == "shot" and not e["event"]["lost"]
    )
    sized.goto(f"{live_site.url}/games/{charging.id}?step={shot['step']}")
    assert_at(sized, shot["step"])
    expect(
        sized.locator(f'#board svg .arrow.shot[data-unit="{shot["event"]["unit"]}"]')
    ).to_have_count(1)
    expect(
        sized.locator(f'#board svg .unit.in-event.target[data-unit="{shot["event"]["target"]}"]')
    ).to_have_count(1)


def test_the_selected_unit_shows_its_move_charge_and_weapon_reach(
    live_site: LiveSite, desktop: Any
) -> None:
    # The second turn: its units are on the table, its markers as the first had them.
    page = desktop
    open_step(page, live_site, steps_of_kind(live_site, "turn_started")[1])
    shown = state(page)
    shooter = next(
        uid
        for uid, unit in shown["units"].items()
        if unit["ranged"]
        and not unit["removed"]
        and page.locator(f'#board svg .unit[data-unit="{uid}"]').count()
    )
    page.select_option("#unit-select", shooter)
    unit = shown["units"][shooter]
    rings = page.locator("#board svg .rings")
    expect(rings.locator(".reach.move")).to_have_attribute("data-distance", str(unit["mov"] * CM))
    expect(rings.locator(".reach.charge")).to_have_attribute(
        "data-distance", str((unit["mov"] + 6) * CM)
    )
    # The boosted charge (2 orders: MOV doubled, + the best die), dashed, in the legend.
    boosted = rings.locator(".reach.charge-boosted")
    expect(boosted).to_have_attribute("data-distance", str((2 * unit["mov"] + 6) * CM))
    expect(rings).to_contain_text(f"boosted charge: up to {2 * unit['mov'] + 6} cm")
    dashes = boosted.evaluate("g => getComputedStyle(g).strokeDasharray")
    assert dashes not in ("", "none"), dashes
    expect(page.locator("#legend-items")).to_contain_text("boosted charge reach, dashed")
    bands = {"short": 20, "intermediate": 40, "long": 60}
    longest = max(bands[band] for band in unit["ranged"])
    expect(rings.locator(".reach.shoot")).to_have_attribute("data-distance", str(longest * CM))
    expect(rings).to_contain_text(f"move: {unit['mov']} cm")
    # One disc per base, each the reach plus half the base (measured from its edge).
    minis = [shown["minis"][m] for m in unit["minis"] if shown["minis"][m]["placed"]]
    radii = rings.locator(".reach.move circle").evaluate_all(
        "cs => cs.map(c => Number(c.getAttribute('r')))"
    )
    assert sorted(radii) == sorted(unit["mov"] * CM + m["base"]["size"] / 2 for m in minis)
    # Another unit chosen: its rings instead; none chosen: none.
    page.select_option("#unit-select", "")
    expect(rings.locator(".reach")).to_have_count(0)


@pytest.fixture(scope="module")
def senjutsu(live_site: LiveSite) -> Game:
    """A Senjutsu bot game (hex board), played on a fixed seed."""
    records = live_site.app.extensions["shiai"].records
    setup = registry.get("senjutsu").sample_setups()[0]
    game_id = play_bot_game(records, "senjutsu", setup, bot_seed="board", seed="board-1")
    steps = [{"step": entry.step, "event": entry.event} for entry in records.steps(game_id)]
    return Game(game_id, steps)


def test_on_a_hex_board_the_ruler_counts_hexes_and_a_move_is_drawn(
    live_site: LiveSite, senjutsu: Game, sized: Any
) -> None:
    # A move to another hex (its path starts where the character stood).
    move = next(
        e
        for e in senjutsu.steps
        if e["event"]["type"] == "moved" and e["event"]["path"][0] != e["event"]["hex"]
    )
    event = move["event"]
    sized.goto(f"{live_site.url}/games/{senjutsu.id}?step={move['step']}")
    board = sized.locator("#board svg.battlefield")
    expect(board).to_have_attribute("data-step", str(move["step"]))
    # The character that moved is ringed, an arrow ends on its new hex's centre.
    expect(board.locator(f'.unit.in-event[data-unit="{event["side"]}"]')).to_have_count(1)
    arrow = board.locator(f'.arrow.move[data-unit="{event["side"]}"]')
    expect(arrow).to_have_count(1)
    q, r = event["hex"]
    assert abs(float(arrow.get_attribute("x2")) - HEX * math.sqrt(3) * (q + r / 2)) < 0.01
    assert abs(float(arrow.get_attribute("y2")) - HEX * 1.5 * r) < 0.01
    # The legend names the characters.
    if sized.viewport_size["width"] < 900:
        sized.locator("#legend summary").click()
    expect(sized.locator("#legend")).to_contain_text(f"(side {event['side']})")
    # The ruler from one hex's centre to another's: the hexes between, as the engine counts.
    hexes = board.locator(".hex").evaluate_all("hs => hs.map(h => h.dataset.hex)")
    first, last = (tuple(int(v) for v in h.split(",")) for h in (hexes[0], hexes[-1]))
    ends = board.evaluate(
        """(svg, hexes) => hexes.map(([q, r]) => {
          const m = svg.getScreenCTM();
          const p = new DOMPoint(50 * Math.sqrt(3) * (q + r / 2), 75 * r).matrixTransform(m);
          return [p.x, p.y];
        })""",
        [first, last],
    )
    sized.locator("#ruler").click()
    sized.mouse.move(*ends[0])
    sized.mouse.down()
    sized.mouse.move(*ends[1])
    sized.mouse.up()
    steps = Hex(*first).distance(Hex(*last))
    expect(board.locator(".ruler")).to_have_attribute("data-distance", f"{steps} hexes")
    expect(sized.locator("#ruler-out")).to_contain_text(f"{steps} hexes")
