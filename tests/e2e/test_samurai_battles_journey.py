"""Samurai Battles journeys in a real Chromium, by clicking: a player signs up, starts
a battle against the bot on the new-game page (a scenario chosen), writes an order
for every unit (an Assault with its path drawn hex by hex on the board and its target,
a March, a Defend facing a hex, the rest Resting), sends them sealed, and sees the
reveal (both armies' orders in words and as arrows on the board) and then the
movement step by step; a finished bot battle's replay is stepped through; two players
write their orders hot-seat on one screen, each in secret, and two by invitation, each
on their own page. Desktop (1366x900) and phone (390x844). With SHIAI_SHOTS set to a
folder, the pages are photographed there. The plug-in's own checks close the file: its
public catalogue, and the user's own data folder (SHIAI_SAMURAI_BATTLES_DATA).

Every wait is Playwright's own (a condition, never a clock; see conftest.py)."""

from __future__ import annotations

import json
import re
import shutil
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest

import engine.samurai_battles
from replays import registry
from replays.bot_games import play_bot_game
from shiai import create_app
from shiai.config import ConfigurationError
from shiai.migrations import upgrade
from tests.conftest import platform_config
from tests.e2e.conftest import new_context
from tests.e2e.journeys import DESKTOP, PHONE, Tab, opened_tab, sign_up
from tests.e2e.test_replay_viewer import expect

pytestmark = pytest.mark.e2e

SPEC = "engine.samurai_battles:SamuraiBattles=shiai.systems.samurai_battles:SamuraiBattlesPlugin"
SYSTEM = "samurai-battles"
# The smallest scenario of the sample data: the journeys' battles are fought on it.
SMALL = "skirmish-at-dawn"


@dataclass(frozen=True)
class Site:
    url: str
    app: Any
    finished: UUID  # a whole bot battle, for the replay


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    from werkzeug.serving import make_server  # noqa: PLC0415 - only the browser tests serve

    database = f"sqlite:///{tmp_path_factory.mktemp('samurai-battles') / 'shiai.db'}"
    upgrade(database)
    config = {
        **platform_config(database),
        "SHIAI_RULESETS": [SPEC],
        "SHIAI_SIGN_UP_PER_ADDRESS": "1000 per hour",
    }
    app = create_app(config)
    registry.get(SYSTEM)  # installed
    finished = play_bot_game(
        app.extensions["shiai"].records, SYSTEM, {"scenario": SMALL}, bot_seed="sb-1", seed="sb-1"
    )
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield Site(f"http://127.0.0.1:{server.server_port}", app, finished)
    finally:
        server.shutdown()
        thread.join()
        app.extensions["shiai"].close()


@pytest.fixture(params=[DESKTOP, PHONE], ids=["desktop", "phone"])
def tab(request: pytest.FixtureRequest, browser: Any) -> Iterator[Tab]:
    with opened_tab(browser, request.param, "samurai-battles") as opened:
        yield opened


def panel_prompt(page: Any) -> str:
    panel = page.locator("#prompt-panel")
    expect(panel).not_to_have_attribute("data-busy", "1")
    expect(panel).to_have_attribute("data-prompt", re.compile(r"^(\d+|pass):"))
    return str(panel.get_attribute("data-prompt"))


def no_horizontal_scroll(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page is {width}px wide"


def open_armies(page: Any) -> None:
    """Unfold the armies' lists under the board (folded on a phone to begin with)."""
    armies = page.locator("details.sb-armies")
    if armies.get_attribute("open") is None:
        armies.locator("summary").click()
    expect(armies).to_have_attribute("open", "")


def units_with(page: Any, order: str) -> list[str]:
    """The units (ids) whose order list offers ``order``, in the panel's order."""
    found = []
    for unit in unit_ids(page):
        choose_unit(page, unit)
        offered = page.locator("#sb-order option").evaluate_all("(os) => os.map((o) => o.value)")
        if order in offered:
            found.append(unit)
    return found


def unit_ids(page: Any) -> list[str]:
    ids = page.locator("#sb-units .sb-unit-button").evaluate_all(
        "(buttons) => buttons.map((b) => b.dataset.unit)"
    )
    return [str(unit) for unit in ids]


def choose_unit(page: Any, unit: str) -> None:
    page.locator(f"#sb-units .sb-unit-button[data-unit={unit}]").click()
    expect(page.locator(f"#sb-units .sb-unit-button[data-unit={unit}]")).to_have_attribute(
        "aria-pressed", "true"
    )


def draw_path(page: Any, steps: int) -> int:
    """Click up to ``steps`` lit hexes on the board, each next to the path's end;
    returns how many were drawn (the path shown under the order grows by one each)."""
    drawn = 0
    for _ in range(steps):
        lit = page.locator("#board svg .sb-overlay .sb-offer.step")
        if not lit.count():
            break
        lit.first.click(force=True)
        drawn += 1
        expect(page.locator("#sb-path")).to_have_attribute("data-steps", str(drawn))
    return drawn


def order_state(page: Any) -> str:
    return str(page.locator("#sb-order-state").inner_text())


# Waits until the panel shows another prompt, or says the engine refused the command.
TAKEN_OR_REFUSED = """(before) => {
    const panel = document.getElementById("prompt-panel");
    const error = document.getElementById("play-error");
    return (panel.dataset.prompt !== before && !panel.dataset.busy)
        || Boolean(error && error.textContent.trim());
}"""


def send_orders(page: Any) -> str:
    """Seal and send the orders; the engine's refusal (with its rule), or "" once taken."""
    before = panel_prompt(page)
    send = page.locator("#sb-send")
    expect(send).to_be_enabled()
    send.click()
    page.wait_for_function(TAKEN_OR_REFUSED, arg=before)
    # Read at once: once taken, the panel may be drawn anew (the next army's turn).
    return str(page.evaluate("document.getElementById('play-error')?.textContent.trim() || ''"))


def write_every_order(page: Any) -> dict[str, str]:
    """An Assault (a path drawn on the board, a target), a March (a path), a Defend
    (a facing, and a Kill Zone's range for a ranged unit), the others Resting. Returns
    the order given to each unit."""
    given: dict[str, str] = {}
    # Defend first: cavalry may not take it (Defensive Orders > Defend).
    for unit in units_with(page, "defend")[:1]:
        choose_unit(page, unit)
        page.locator("#sb-order").select_option("defend")
        face = page.locator("#sb-face option:not([value=''])").first
        page.locator("#sb-face").select_option(str(face.get_attribute("value")))
        if page.locator("#sb-kill-range").count():
            page.locator("#sb-kill-range").select_option("1")
        expect(page.locator("#sb-order-state")).to_have_class(re.compile("done"))
        given[unit] = "defend"
    for unit in [u for u in units_with(page, "assault") if u not in given][:1]:
        choose_unit(page, unit)
        page.locator("#sb-order").select_option("assault")
        expect(page.locator("#sb-path")).to_be_visible()
        assert draw_path(page, 1) == 1
        target = page.locator("#sb-target option:not([value=''])").first
        page.locator("#sb-target").select_option(str(target.get_attribute("value")))
        expect(page.locator("#sb-order-state")).to_have_class(re.compile("done"))
        given[unit] = "assault"
    for unit in [u for u in units_with(page, "march") if u not in given][:1]:
        choose_unit(page, unit)
        page.locator("#sb-order").select_option("march")
        # By keyboard this time: the step buttons under the order draw the path too.
        page.locator(".sb-step").first.focus()
        page.keyboard.press("Enter")
        expect(page.locator("#sb-path")).to_have_attribute("data-steps", "1")
        # The panel is drawn anew, the focus stays among the path's buttons.
        focused = "document.activeElement && document.activeElement.closest('.sb-steps') !== null"
        assert page.evaluate(focused)
        page.locator("#sb-undo").focus()
        page.keyboard.press("Enter")
        expect(page.locator("#sb-path")).to_have_attribute("data-steps", "0")
        page.locator(".sb-step").first.focus()
        page.keyboard.press("Enter")
        expect(page.locator("#sb-path")).to_have_attribute("data-steps", "1")
        expect(page.locator("#sb-order-state")).to_have_class(re.compile("done"))
        given[unit] = "march"
    # Until every unit has an order, the orders cannot be sent.
    if len(given) < len(unit_ids(page)):
        expect(page.locator("#sb-send")).to_be_disabled()
        page.locator("#sb-rest-others").click()
    for unit in unit_ids(page):
        given.setdefault(unit, "rest")
    expect(page.locator("#sb-units .sb-unit-item:not(.done)")).to_have_count(0)
    return given


def test_a_player_writes_orders_for_every_unit_against_the_bot(tab: Tab, site: Site) -> None:
    page = tab.page
    sign_up(page, site, "kenshin")
    page.goto(f"{site.url}/play/new?system={SYSTEM}")
    page.get_by_label(re.compile("Skirmish at Dawn")).check()
    expect(page.get_by_label("You play")).to_have_value("east")
    tab.shot("new-game")
    page.get_by_role("button", name="Start the game").click()
    expect(page).to_have_url(re.compile(r"/games/[0-9a-f-]{36}(\?|$)"))
    expect(page.locator("#board svg.sb-board")).to_be_visible()
    before = panel_prompt(page)
    assert before.endswith(":orders:east")
    # A command the engine refuses is shown with its rule (here typed as JSON: the
    # orders control itself sends only orders for every unit).
    page.locator("details.json-editor summary").click()
    page.locator("#command-json").fill('{"type": "orders", "side": "east", "orders": {}}')
    page.locator("#send-json").click()
    expect(page.locator("#play-error")).to_contain_text("Not allowed:")
    expect(page.locator("#play-error")).to_contain_text("Rest is an order")
    expect(page.locator("#play-error")).to_contain_text(re.compile(r"\(.+\)$"))
    page.locator("details.json-editor summary").click()
    given = write_every_order(page)
    assert {"assault", "march", "defend"} <= set(given.values()), given
    # The orders being written are drawn on the board: the Assault's path and target.
    expect(page.locator("#board svg .sb-overlay .sb-draft .sb-path").first).to_be_attached()
    expect(page.locator("#board svg .sb-overlay .sb-draft .sb-target-ring")).to_have_count(1)
    tab.shot("orders", top="#board")
    no_horizontal_scroll(page)
    refused = send_orders(page)
    assert not refused, f"the engine refused the orders: {refused}"
    # The bot wrote its orders too: both are revealed, executed, and turn 2 begins.
    expect(page.locator(".sb-turn")).to_contain_text("Turn 2")
    # The reveal: each army's orders in words beside the board, paths on it.
    page.locator("#log li a", has_text=re.compile("reveal", re.IGNORECASE)).first.click()
    open_armies(page)
    expect(page.locator(".sb-side[data-side=east] .sb-order-words").first).to_be_visible()
    expect(page.locator(".sb-side[data-side=west] .sb-order-words").first).to_be_visible()
    expect(page.locator("#board svg .sb-orders .sb-path").first).to_be_attached()
    tab.shot("reveal", top="#board")
    # Then the movement, one step per hex: a counter moves and its arrow is drawn.
    page.locator("#log li a", has_text="Movement, hex").first.click()
    expect(page.locator("#board svg .sb-moves .arrow").first).to_be_attached()
    tab.shot("movement", top="#board")


def test_the_replay_of_a_finished_battle_steps_through_it(tab: Tab, site: Site) -> None:
    page = tab.page
    page.goto(f"{site.url}/games/{site.finished}?step=0")
    expect(page.locator("#board svg.sb-board")).to_be_visible()
    # A whole state names types by id: the catalogue names them on the counters.
    expect(page.locator("#board svg .sb-type").first).not_to_have_text("?")
    open_armies(page)
    expect(page.locator(".sb-side[data-side=east] .sb-roster li").first).to_be_visible()
    last = int(page.locator("#last-step").inner_text())
    assert last > 10
    for _ in range(5):
        step = int(page.locator("#step").inner_text())
        page.locator("#next").click()
        expect(page.locator("#board")).to_have_attribute("data-step", str(step + 1))
    page.locator("#last").click()
    expect(page.locator("#board")).to_have_attribute("data-step", str(last))
    expect(page.locator(".sb-turn")).to_contain_text("over")
    # The log's unit filter keeps the steps whose sentences name that unit.
    page.locator("#log-unit").select_option(label="Samurai (East 1)")
    kept = page.locator("#log li[data-step]:not([hidden])").evaluate_all(
        "(items) => items.map((item) => item.dataset.text)"
    )
    assert kept, "the East 1 Samurai's steps are listed"
    assert all(re.search(r"East 1\b", text) for text in kept), kept
    page.locator("#log-unit").select_option("")
    # The zones can be hidden and shown again from under the board.
    toggle = page.get_by_label("Zones of control")
    toggle.uncheck()
    expect(page.locator("#board svg.sb-board")).to_have_class(re.compile("hide-control"))
    toggle.check()
    expect(page.locator("#board svg.sb-board")).not_to_have_class(re.compile("hide-control"))
    no_horizontal_scroll(page)
    tab.shot("replay", top="#board")


def test_two_players_write_their_orders_hot_seat_each_in_secret(tab: Tab, site: Site) -> None:
    page = tab.page
    sign_up(page, site, "shingen")
    page.goto(f"{site.url}/play/new?system={SYSTEM}")
    page.get_by_label(re.compile("Skirmish at Dawn")).check()
    page.get_by_label(re.compile("hot-seat", re.IGNORECASE)).check()
    page.get_by_role("button", name="Start the game").click()
    expect(page).to_have_url(re.compile(r"/games/[0-9a-f-]{36}(\?|$)"))
    found = re.search(r"/games/([0-9a-f-]{36})", page.url)
    assert found
    page.goto(f"{site.url}/games/{found.group(1)}?view=spectator")
    expect(page.locator("#board svg.sb-board")).to_be_visible()
    sent: list[str] = []
    for _ in range(4):
        before = panel_prompt(page)
        if not before.startswith("pass:"):
            break
        side = before.rsplit(":", maxsplit=1)[-1]
        page.get_by_role("button", name=f"I am side {side}: show my decision").click()
        expect(page.locator("#sb-units")).to_be_visible()
        page.locator("#sb-rest-others").click()
        assert not send_orders(page)
        sent.append(side)
        if len(sent) == 2:
            break
    assert sorted(sent) == ["east", "west"]
    # Both written: revealed together, and the second turn's orders are asked for.
    expect(page.locator(".sb-turn")).to_contain_text("Turn 2")
    page.locator("#log li a", has_text=re.compile("reveal", re.IGNORECASE)).first.click()
    expect(page.locator(".sb-side .sb-order-words")).not_to_have_count(0)


def test_an_invited_player_writes_the_other_armys_orders(site: Site, browser: Any) -> None:
    """By invitation: the host writes the East army's orders, sealed (the guest's page
    says they are written, never what they are), the guest joins by the link and writes
    the West army's; both pages then show the reveal and the second turn."""
    contexts = [new_context(browser) for _ in range(2)]
    try:
        host, guest = (context.new_page() for context in contexts)
        sign_up(host, site, "nobunaga")
        host.goto(f"{site.url}/play/new?system={SYSTEM}")
        host.get_by_label(re.compile("Skirmish at Dawn")).check()
        host.get_by_label(re.compile("invitation link")).check()
        host.get_by_role("button", name="Start the game").click()
        expect(host).to_have_url(re.compile(r"/games/[0-9a-f-]{36}(\?|$)"))
        link = host.locator("#invitation").input_value()
        sign_up(guest, site, "ieyasu")
        guest.goto(link)
        guest.get_by_role("button", name=re.compile("Play side west")).click()
        expect(guest.locator("#players")).to_contain_text("Ieyasu (you)")
        assert panel_prompt(host).endswith(":orders:east")
        host.locator("#sb-rest-others").click()
        assert not send_orders(host)
        # Sealed: the guest's page shows the East army's orders written, not what they are.
        expect(guest.locator(".sb-side[data-side=east] .sb-written")).to_contain_text("sealed")
        expect(guest.locator(".sb-side[data-side=east] .sb-order-words")).to_have_count(0)
        assert panel_prompt(guest).endswith(":orders:west")
        guest.locator("#sb-rest-others").click()
        assert not send_orders(guest)
        for page in (host, guest):
            expect(page.locator(".sb-turn")).to_contain_text("Turn 2")
    finally:
        for context in contexts:
            context.close()


def test_the_public_catalogue_names_unit_types_terrain_and_scenarios(tab: Tab, site: Site) -> None:
    """What a finished battle's replay reads to name the counters and the terrain."""
    answer = tab.page.request.get(f"{site.url}/systems/samurai-battles/catalogue.json")
    assert answer.ok
    catalogue = answer.json()
    assert catalogue["sample"] is True
    assert catalogue["units"]["samurai"]["name"] == "Samurai"
    assert catalogue["units"]["samurai_cavalry"]["category"] == "cavalry"
    assert catalogue["terrain"]["forest"]["blocks_sight"] is True
    assert SMALL in catalogue["scenarios"]


def own_data(tmp_path: Path) -> Path:
    """A folder of the four data files: a copy of the sample data with the samurai
    renamed "Hatamoto Samurai"."""
    packaged = Path(engine.samurai_battles.__file__).parent / "data"
    own = tmp_path / "own"
    own.mkdir()
    for name in ("units.json", "terrain.json", "tables.json", "scenarios.json"):
        shutil.copy(packaged / name, own / name)
    units = json.loads((own / "units.json").read_text())
    for record in units["units"] if isinstance(units, dict) else units:
        if record["id"] == "samurai":
            record["name"] = "Hatamoto Samurai"
    (own / "units.json").write_text(json.dumps(units))
    return own


def test_the_data_folder_is_read_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SHIAI_SAMURAI_BATTLES_DATA set in the environment (as a deployment sets it) is the
    folder the platform plays with."""
    monkeypatch.setenv("SHIAI_SAMURAI_BATTLES_DATA", str(own_data(tmp_path)))
    database = f"sqlite:///{tmp_path / 'env.db'}"
    upgrade(database)
    app = create_app(platform_config(database))
    try:
        catalogue = app.test_client().get("/systems/samurai-battles/catalogue.json").get_json()
        assert catalogue["units"]["samurai"]["name"] == "Hatamoto Samurai"
    finally:
        app.extensions["shiai"].close()


def test_the_users_own_data_folder_is_played_and_a_broken_one_stops_the_platform(
    tmp_path: Path,
) -> None:
    """SHIAI_SAMURAI_BATTLES_DATA: a folder of the four data files replaces the sample
    data (here a copy of it with the samurai renamed); one that does not load stops the
    platform at start-up, naming the setting and each problem."""
    own = own_data(tmp_path)
    database = f"sqlite:///{tmp_path / 'own.db'}"
    upgrade(database)
    app = create_app({**platform_config(database), "SHIAI_SAMURAI_BATTLES_DATA": str(own)})
    try:
        catalogue = app.test_client().get("/systems/samurai-battles/catalogue.json").get_json()
        assert catalogue["units"]["samurai"]["name"] == "Hatamoto Samurai"
    finally:
        app.extensions["shiai"].close()
    (own / "tables.json").unlink()
    with pytest.raises(ConfigurationError, match="SHIAI_SAMURAI_BATTLES_DATA") as stopped:
        create_app({**platform_config(database), "SHIAI_SAMURAI_BATTLES_DATA": str(own)})
    assert "tables.json" in str(stopped.value)


def test_hot_seat_orders_for_a_hidden_unit_come_from_the_armys_own_view(
    tab: Tab, site: Site
) -> None:
    """Special Orders > Ambush: the East ninja hides in turn 1. In turn 2, hot-seat in the
    spectator view (where no army's hidden unit is drawn), East's player is handed the
    device: the control fetches East's own view and the hidden ninja can be clicked and
    given a path on the board like any other unit."""
    page = tab.page
    sign_up(page, site, "hanzo")
    page.goto(f"{site.url}/play/new?system={SYSTEM}")
    page.get_by_label(re.compile("The Battle for the Village")).check()
    page.get_by_label(re.compile("hot-seat", re.IGNORECASE)).check()
    page.get_by_role("button", name="Start the game").click()
    expect(page).to_have_url(re.compile(r"/games/[0-9a-f-]{36}(\?|$)"))
    found = re.search(r"/games/([0-9a-f-]{36})", page.url)
    assert found
    game_id = UUID(found.group(1))
    # Turn 1, written for both armies here: everyone rests but the East ninja, which hides.
    records = site.app.extensions["shiai"].records
    state = records.state_at(game_id, records.state_at(game_id, 0).last_step).state
    for side in ("east", "west"):
        orders: dict[str, Any] = {
            uid: {"order": "rest"} for uid, u in state["units"].items() if u["side"] == side
        }
        if side == "east":
            q, r = state["units"]["e9"]["hex"]
            orders["e9"] = {"order": "ambush", "face": [q - 1, r]}
        records.submit_command(game_id, {"type": "orders", "side": side, "orders": orders})
    page.goto(f"{site.url}/games/{game_id}?view=spectator")
    expect(page.locator(".sb-turn")).to_contain_text("Turn 2")
    expect(page.locator('#board svg .unit[data-unit="e9"]')).to_have_count(0)  # hidden
    page.get_by_role("button", name="I am side east: show my decision").click()
    ninja = page.locator('#board svg .sb-overlay .sb-pick[data-unit="e9"]')
    expect(ninja).to_be_attached()
    ninja.click(force=True)
    expect(page.locator("#sb-editor h3")).to_contain_text("East 9 (Ninja) at (")
    page.locator("#sb-order").select_option("march")
    expect(page.locator("#board svg .sb-overlay .sb-offer.step").first).to_be_attached()
