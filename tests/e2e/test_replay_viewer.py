"""The replay viewer in a real Chromium: stepping by keys, links and history, the
board and the log following, and a running game's spectator page hiding what
the sides sealed. Every wait is Playwright's own (a condition, never a clock; see
conftest.py)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.e2e.conftest import LiveSite
from tests.e2e.test_odds_page import watch_console

pytestmark = pytest.mark.e2e


def expect(target: Any) -> Any:
    from playwright.sync_api import expect as playwright_expect  # noqa: PLC0415

    return playwright_expect(target)


def steps_of_kind(site: LiveSite, *kinds: str) -> list[int]:
    return [entry["step"] for entry in site.kensei_steps if entry["event"]["type"] in kinds]


def first_move(site: LiveSite) -> int:
    """A step whose event moves bases across the table."""
    return next(
        entry["step"]
        for entry in site.kensei_steps
        if entry["event"]["type"] == "moved" and entry["event"]["displaced"]
    )


def assert_at(page: Any, step: int) -> None:
    """The counter, the address, the log's current entry and the board all show ``step``."""
    expect(page.locator("#step")).to_have_text(str(step))
    expect(page).to_have_url(re.compile(rf"[?&]step={step}(&|$)"))
    expect(page.locator("#log li[aria-current=step]")).to_have_attribute("data-step", str(step))
    expect(page.locator("#board svg")).to_have_attribute("data-step", str(step))


def test_keys_step_through_a_recorded_kensei_game(live_site: LiveSite, page: Any) -> None:
    moved = first_move(live_site)
    page.goto(f"{live_site.url}/games/{live_site.kensei_game}?step={moved - 1}")
    assert_at(page, moved - 1)
    before = page.locator("#board").inner_html()
    assert page.locator("#board svg .base").count() > 0, "the deployed bases are drawn"

    # Right arrow: one event on. The move's trace is drawn and the log says what moved.
    page.keyboard.press("ArrowRight")
    assert_at(page, moved)
    expect(page.locator("#board svg .trace")).not_to_have_count(0)
    assert page.locator("#board").inner_html() != before, "the board changed"
    expect(page.locator("#changes")).to_contain_text("moves")

    # Left arrow: back one event.
    page.keyboard.press("ArrowLeft")
    assert_at(page, moved - 1)

    # Shift+right and down: the next activation; page down: the next turn.
    activations = steps_of_kind(
        live_site, "active_side_chosen", "miniatures_deployed", "turn_started"
    )
    next_activation = min(s for s in activations if s > moved - 1)
    page.keyboard.press("Shift+ArrowRight")
    assert_at(page, next_activation)
    following = min(s for s in activations if s > next_activation)
    page.keyboard.press("ArrowDown")
    assert_at(page, following)
    page.keyboard.press("ArrowUp")
    assert_at(page, next_activation)
    turn = min(s for s in steps_of_kind(live_site, "turn_started") if s > next_activation)
    page.keyboard.press("PageDown")
    assert_at(page, turn)
    expect(page.locator("#log li[aria-current=step]")).to_contain_text("turn")

    last = live_site.kensei_steps[-1]["step"]
    page.keyboard.press("End")
    assert_at(page, last)
    page.keyboard.press("Home")
    assert_at(page, 0)


def test_the_log_shows_dice_as_faces_with_criticals_and_fumbles(
    live_site: LiveSite, page: Any
) -> None:
    page.goto(f"{live_site.url}/games/{live_site.kensei_game}")
    faces = page.locator("#log .die")
    expect(faces).not_to_have_count(0)
    rolled = [
        die
        for entry in live_site.kensei_steps
        if entry["event"]["type"] == "orders_rolled"
        for die in (roll["die"] for roll in entry["event"]["rolls"].values())
    ]
    if 6 in rolled:
        expect(page.locator("#log .die.critical").first).to_have_text("6")
    if 1 in rolled:
        expect(page.locator("#log .die.fumble").first).to_have_text("1")
    initiative = steps_of_kind(live_site, "initiative_rolled")[0]
    entry = page.locator(f'#log li[data-step="{initiative}"]')
    expect(entry.locator(".die")).not_to_have_count(0)


def test_a_step_link_opens_that_moment_and_back_returns(live_site: LiveSite, page: Any) -> None:
    target = steps_of_kind(live_site, "turn_started")[1]
    page.goto(f"{live_site.url}/games/{live_site.kensei_game}?step=0")
    assert_at(page, 0)

    # Clicking a log entry jumps there and puts the step in the address.
    page.locator(f'#log li[data-step="{target}"] a').click()
    assert_at(page, target)
    page.keyboard.press("ArrowRight")
    assert_at(page, target + 1)

    # The browser's back button walks the same way back.
    page.go_back()
    assert_at(page, target)
    page.go_back()
    assert_at(page, 0)
    page.go_forward()
    assert_at(page, target)

    # A link to a step, opened fresh, shows that exact moment.
    fresh = page.context.new_page()
    fresh.goto(f"{live_site.url}/games/{live_site.kensei_game}?step={target}")
    assert_at(fresh, target)
    expect(fresh.locator("#state-summary")).to_contain_text("Turn")
    fresh.close()


def test_a_unit_is_selected_by_its_base_and_shows_its_profile(
    live_site: LiveSite, page: Any
) -> None:
    # The first turn: every unit is on the table (at the end some may have been destroyed).
    first_turn = steps_of_kind(live_site, "turn_started")[0]
    page.goto(f"{live_site.url}/games/{live_site.kensei_game}?step={first_turn}")
    assert_at(page, first_turn)  # the units read below are that step's
    unit = page.locator("#board svg .unit").first
    uid = unit.get_attribute("data-unit")
    # A base of the unit (the middle of the unit's box may fall between its bases).
    unit.locator(".base").first.click()
    expect(page.locator("#unit-profile h3")).to_contain_text(f"({uid})")
    expect(page.locator("#unit-profile")).to_contain_text("MOV")
    expect(page.locator("#unit-select")).to_have_value(uid)
    expect(page.locator(f'#board svg .unit[data-unit="{uid}"]')).to_have_class(
        re.compile("selected")
    )


def test_the_scrub_bar_marks_turns_and_previews_a_step_on_hover(
    live_site: LiveSite, page: Any
) -> None:
    page.goto(f"{live_site.url}/games/{live_site.kensei_game}?step=10")
    assert_at(page, 10)
    turns = steps_of_kind(live_site, "turn_started")
    expect(page.locator("#marks .mark.turn")).to_have_count(len(turns))
    expect(page.locator("#marks .mark.turn").first).to_have_text("T1")
    bar = page.locator("#scrub").bounding_box()
    assert bar is not None
    page.mouse.move(bar["x"] + bar["width"] * 0.75, bar["y"] + bar["height"] / 2)
    expect(page.locator("#scrub-preview")).to_be_visible()
    expect(page.locator("#scrub-preview")).to_contain_text("turn")
    expect(page.locator("#step")).to_have_text("10")  # hovering only previews
    # Scrubbing by keyboard on the focused bar moves one event, like everywhere else.
    page.locator("#scrub").focus()
    page.keyboard.press("ArrowRight")
    assert_at(page, 11)


def test_verify_dice_rederives_every_roll(live_site: LiveSite, page: Any) -> None:
    page.goto(f"{live_site.url}/games/{live_site.kensei_game}")
    # Once the page shows its step: a click while the board and the log are still being
    # drawn may land where the button was before they moved it (lost under load).
    assert_at(page, live_site.kensei_steps[-1]["step"])
    page.get_by_role("button", name="Verify dice").click()
    expect(page.locator("#verify-result")).to_contain_text("all match")
    expect(page.locator("#verify-result")).to_contain_text("re-derived from the seed")


def test_the_share_link_plays_the_replay(live_site: LiveSite, page: Any) -> None:
    page.goto(f"{live_site.url}/games/{live_site.kensei_game}?step=0&play=1&speed=8")
    expect(page.locator("#play")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#step")).not_to_have_text("0")
    expect(page.locator("#step")).not_to_have_text("1")
    page.locator("#play").click()
    expect(page.locator("#play")).to_have_attribute("aria-pressed", "false")


def test_the_page_loads_nothing_from_elsewhere_and_names_every_control(
    live_site: LiveSite, page: Any
) -> None:
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto(f"{live_site.url}/games/{live_site.kensei_game}?step=40")
    assert_at(page, 40)
    outside = [url for url in requested if not url.startswith(live_site.url + "/")]
    assert not outside, f"requests outside the platform: {outside}"
    unnamed = page.evaluate(
        """() => [...document.querySelectorAll('#replay a, #replay button, #replay select,'
                + ' #replay input')]
            .filter((el) => el.offsetParent !== null)
            .filter((el) => !(el.getAttribute('aria-label') || el.textContent.trim()
                || (el.id && document.querySelector(`label[for="${el.id}"]`))))
            .map((el) => el.outerHTML.slice(0, 80))"""
    )
    assert unnamed == [], f"controls without a name: {unnamed}"


def test_the_viewer_fits_a_phone(live_site: LiveSite, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    phone = context.new_page()
    phone.goto(f"{live_site.url}/games/{live_site.kensei_game}?step=60")
    assert_at(phone, 60)
    overflow = phone.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the page is {overflow} px wider than the phone"
    context.close()


def test_a_running_games_spectator_page_hides_both_sides_sealed_choices(
    live_site: LiveSite, page: Any
) -> None:
    """Running races where side A, or side B, sealed a bid of 1 or of 3 dice: what
    the browser shows and fetches for a spectator is the same whatever the bid,
    and side views are offered to their players only.

    What is compared: the page's markup once the step is drawn and the page has
    polled the game's head, and each distinct answer of the API about that game (the
    page polls the head twice a second: how many polls a page made, or whether one of
    the previous page's was still under way, says nothing about the bids)."""
    answers: list[Any] = []
    page.on("response", lambda response: answers.append(response))  # noqa: PLW0108
    for side in ("A", "B"):
        seen = []
        for count in (1, 3):
            game_id = live_site.sealed_games[side, count]
            api = f"{live_site.url}/api/games/{game_id}"
            answers.clear()
            with page.expect_response(f"{api}/head"):
                page.goto(f"{live_site.url}/games/{game_id}")
            expect(page.locator("#board .no-board")).to_have_attribute("data-step", "1")
            page.locator("#state-details summary").click()
            expect(page.locator("#state-json")).to_contain_text('"sealed"')
            expect(page.locator("#log")).to_contain_text(f"side {side} bids (sealed)")
            for option in ("A", "B"):
                expect(page.locator(f"#view option[value={option}]")).to_be_disabled()
            expect(page.locator("#view-note")).to_contain_text("only for the player")
            fetched = {
                answer.url: answer.text()
                for answer in list(answers)
                if answer.url.startswith(api) and answer.ok
            }
            assert any(re.search(r"/steps/|/deltas", url) for url in fetched), "states fetched"
            markup = page.content() + "".join(
                f"{url} {body}" for url, body in sorted(fetched.items())
            )
            # Every game has its own id and seed commitment; nothing else may differ.
            commitment = re.search(r"Seed commitment <code>([0-9a-f]{64})</code>", markup)
            assert commitment
            seen.append(markup.replace(str(game_id), "GAME").replace(commitment[1], "SEED"))
        assert seen[0] == seen[1], f"a spectator can tell side {side}'s two bids apart"

    # Side A's view of a running game, asked for by anyone but its player: refused.
    answer = page.goto(f"{live_site.url}/games/{live_site.sealed_games['A', 3]}?view=A")
    assert answer is not None
    assert answer.status == 403
    expect(page.locator("main")).to_contain_text("only for the player of side A")


def test_the_viewer_imports_the_systems_own_script_or_the_generic_one_without_an_error(
    live_site: LiveSite, page: Any
) -> None:
    """The page names its system's script (shiai.systems); replay.js imports it
    (a same-origin module: the page's Content-Security-Policy allows it)."""
    problems = watch_console(page)
    with page.expect_response(re.compile(r"/static/systems/kensei/replay\.js$")) as kensei:
        page.goto(f"{live_site.url}/games/{live_site.kensei_game}?step=40")
    assert kensei.value.ok
    assert_at(page, 40)  # Kensei's board, drawn by its adapter
    expect(page.locator("#board svg .unit").first).to_be_attached()
    imported: list[str] = []
    page.on("request", lambda request: imported.append(request.url))
    race = live_site.sealed_games["A", 1]
    page.goto(f"{live_site.url}/games/{race}")
    expect(page.locator("#state-summary")).to_contain_text("target20")  # generic.js
    expect(page.locator("#board svg")).to_have_count(0)
    assert not [url for url in imported if "/static/systems/" in url]
    assert not problems, problems


def test_the_hex_board_draws_hexes_and_facing_units_as_svg(live_site: LiveSite, page: Any) -> None:
    """static/boards/hex.js, for the hex systems to come, imported into a page of the
    site (its CSP) and drawing a 4 x 3 board with two units."""
    problems: list[str] = []
    page.on("console", lambda m: m.type == "error" and problems.append(m.text))
    page.goto(f"{live_site.url}/tools")
    drawn = page.evaluate(
        """async () => {
          const hex = await import('/static/boards/hex.js');
          const box = document.createElement('div');
          box.id = 'hex-test';
          document.querySelector('main').append(box);
          const units = [
            { id: 'u1', hex: [0, 0], facing: 0, side: 'A', label: 'Ashigaru' },
            { id: 'u2', hex: [2, 1], facing: 3, side: 'B', label: 'Samurai' },
          ];
          let picked = null;
          hex.drawHexBoard(box, {
            hexes: hex.rectangle(4, 3).map((h) => ({ hex: h, label: h.join(',') })),
            units, colours: { A: '#9b2226', B: '#1d4e89' }, onSelect: (id) => { picked = id; },
          });
          box.querySelector('[data-unit=u2]').dispatchEvent(new MouseEvent('click'));
          const counter = box.querySelector('[data-unit=u2] .counter');
          return { picked, rotate: counter.getAttribute('transform') };
        }"""
    )
    assert drawn == {"picked": "u2", "rotate": "rotate(180)"}
    board = page.locator("#hex-test svg.hex-board")
    expect(board).to_be_visible()
    expect(board.locator("g.hex polygon")).to_have_count(12)
    expect(board.locator("g.unit")).to_have_count(2)
    expect(board.locator("[data-hex='2,1'] text")).to_have_text("2,1")
    expect(board.locator("[data-unit=u1] text")).to_have_text("Ashigaru")
    box = board.bounding_box()
    assert box["width"] > 100, box
    assert box["height"] > 50, box
    assert not problems, problems


def test_a_system_script_that_fails_to_load_leaves_the_generic_viewer_showing_the_game(
    live_site: LiveSite, page: Any
) -> None:
    problems: list[str] = []
    page.on("console", lambda m: m.type == "error" and problems.append(m.text))
    page.route("**/static/systems/kensei/replay.js", lambda route: route.abort())
    page.goto(f"{live_site.url}/games/{live_site.kensei_game}?step=40")
    expect(page.locator("#step")).to_have_text("40")
    expect(page.locator("#state-summary")).to_contain_text("phase")  # generic.js's fields
    expect(page.locator("#board svg")).to_have_count(0)
    page.keyboard.press("ArrowRight")
    expect(page.locator("#step")).to_have_text("41")
    assert any("the generic viewer shows the game" in text for text in problems), problems
