"""Skirmish journeys in a real Chromium, by clicking: a player signs up, starts a game
against the bot on the new-game page (a scenario chosen, the warbands shown), deploys
(dragging a unit within the deployment zone, then accepting the rest of the
scenario's positions), and answers the prompts as they come: heroic declarations,
moves (a unit picked on the table, a point clicked, the move confirmed; the others
held), shots at a ringed target, the sealed fight choices; a finished bot game's
replay is then stepped through, its rolls shown as faces and in words. Desktop
(1366x900) and phone (390x844). With SHIAI_SHOTS set to a folder, the pages are
photographed there. The plug-in's own checks close the file: its public catalogue,
and the user's own data folder (SHIAI_SKIRMISH_DATA).

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

import engine.skirmish
from engine.skirmish import load_catalogue
from replays import registry
from replays.bot_games import play_bot_game
from shiai import create_app
from shiai.config import ConfigurationError
from shiai.migrations import upgrade
from tests.conftest import platform_config
from tests.e2e.journeys import DESKTOP, PHONE, Tab, opened_tab, sign_up
from tests.e2e.test_replay_viewer import expect

pytestmark = pytest.mark.e2e

SPEC = "engine.skirmish:Skirmish=shiai.systems.skirmish:SkirmishPlugin"
SYSTEM = "skirmish"
INCH = 254
# The smallest scenario of the sample data (the first): the journeys' games are on it.
SMALL = next(iter(load_catalogue().scenarios))
# A warband with archers, for the player's side.
BOWS = next(
    key
    for key, band in load_catalogue().warbands.items()
    if any(unit.weapon == "bow" and unit.count > 1 for unit in band.units)
)


@dataclass(frozen=True)
class Site:
    url: str
    app: Any
    finished: UUID  # a whole bot game, for the replay


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    from werkzeug.serving import make_server  # noqa: PLC0415 - only the browser tests serve

    database = f"sqlite:///{tmp_path_factory.mktemp('skirmish') / 'shiai.db'}"
    upgrade(database)
    config = {
        **platform_config(database),
        "SHIAI_RULESETS": [SPEC],
        "SHIAI_SIGN_UP_PER_ADDRESS": "1000 per hour",
    }
    app = create_app(config)
    registry.get(SYSTEM)  # installed
    finished = play_bot_game(
        app.extensions["shiai"].records, SYSTEM, {"scenario": SMALL}, bot_seed="sk-1", seed="sk-1"
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
    with opened_tab(browser, request.param, "skirmish") as opened:
        yield opened


def panel_prompt(page: Any) -> str:
    """What the prompt panel shows once it settles: "step:kind:side", or "" when the
    game waits for the other side (the bot) or is over."""
    panel = page.locator("#prompt-panel")
    expect(panel).not_to_have_attribute("data-busy", "1")
    page.wait_for_function(
        """() => {
            const panel = document.getElementById("prompt-panel");
            return /^\\d+:/.test(panel.dataset.prompt || "")
                || document.getElementById("game-result") !== null;
        }"""
    )
    return str(panel.get_attribute("data-prompt") or "")


def no_horizontal_scroll(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page is {width}px wide"


# Where a point of the table (tenths of a millimetre, y up) is on the screen.
TO_SCREEN = """([x, y]) => {
    const svg = document.querySelector("#board svg.sk-board");
    const height = Number(svg.dataset.tableHeight);
    const point = svg.createSVGPoint();
    point.x = x;
    point.y = height - y;
    const at = point.matrixTransform(svg.getScreenCTM());
    return [at.x, at.y];
}"""


def screen(page: Any, x: float, y: float) -> tuple[float, float]:
    page.locator("#board svg.sk-board").scroll_into_view_if_needed()
    sx, sy = page.evaluate(TO_SCREEN, [x, y])
    return float(sx), float(sy)


def click_table(page: Any, x: float, y: float) -> None:
    sx, sy = screen(page, x, y)
    page.mouse.click(sx, sy)


def state_of(site: Site, page: Any) -> dict[str, Any]:
    """The game's whole state now (the server's record; the test reads where the
    models stand, as a player reads the table)."""
    found = re.search(r"/games/([0-9a-f-]{36})", page.url)
    assert found
    records = site.app.extensions["shiai"].records
    game = UUID(found.group(1))
    state: dict[str, Any] = records.state_at(game, records.state_at(game, 0).last_step).state
    return state


# Waits until the panel shows another prompt, or says the engine refused the command.
TAKEN_OR_REFUSED = """(before) => {
    const panel = document.getElementById("prompt-panel");
    const error = document.getElementById("play-error");
    return (panel.dataset.prompt !== before && !panel.dataset.busy)
        || Boolean(error && error.textContent.trim())
        || document.getElementById("game-result") !== null;
}"""


def answered(page: Any, before: str) -> str:
    """Wait until the command just sent is taken (the panel moves on) or refused; the
    refusal's words, or ""."""
    page.wait_for_function(TAKEN_OR_REFUSED, arg=before)
    return str(page.evaluate("document.getElementById('play-error')?.textContent.trim() || ''"))


def forward(edge: str) -> tuple[int, int]:
    """A step of 2" towards the enemy, from a side's own table edge."""
    return {
        "south": (0, 2 * INCH),
        "north": (0, -2 * INCH),
        "west": (2 * INCH, 0),
        "east": (-2 * INCH, 0),
    }[edge]


def deploy(tab: Tab, site: Site, side: str) -> None:
    """Drag the side's last unit 1" along its edge (within its zone), see it placed,
    then deploy the rest as the scenario has them."""
    page = tab.page
    state = state_of(site, page)
    mine = sorted(uid for uid, u in state["units"].items() if u["side"] == side)
    unit = mine[-1]
    first = state["models"][state["units"][unit]["models"][0]]
    sx, sy = screen(page, first["x"], first["y"])
    tx, ty = screen(page, first["x"] + INCH, first["y"])
    page.mouse.move(sx, sy)
    page.mouse.down()
    page.mouse.move((sx + tx) / 2, (sy + ty) / 2)
    page.mouse.move(tx, ty)
    page.mouse.up()
    expect(page.locator(f'#sk-units .sk-unit-button[data-unit="{unit}"]')).to_contain_text("placed")
    expect(page.locator("#board svg .sk-overlay .sk-ghost-base").first).to_be_attached()
    tab.shot("deploy", top="#board")
    before = panel_prompt(page)
    page.locator("#sk-deploy").click()
    refused = answered(page, before)
    assert not refused, f"the deployment was refused: {refused}"


def move_one(tab: Tab, site: Site, side: str, turning: bool = False) -> bool:
    """Pick the first unit offered on the table, click a point 2" ahead of its first
    model (``turning``: 3" ahead, turn there, then 1" aside), confirm.
    True once the engine took it; on a refusal, hold the unit."""
    page = tab.page
    state = state_of(site, page)
    unit = str(page.locator("#sk-units .sk-unit-button").first.get_attribute("data-unit"))
    models = [state["models"][m] for m in state["units"][unit]["models"]]
    first = next(m for m in models if m["status"] == "ok")
    click_table(page, first["x"], first["y"])
    expect(page.locator(f'#sk-units .sk-unit-button[data-unit="{unit}"]')).to_have_attribute(
        "aria-pressed", "true"
    )
    expect(page.locator("#board svg .sk-overlay .sk-allowance")).to_be_attached()
    dx, dy = forward(state["edges"][side])
    if turning:
        # Clear of the unit's own bases (a click on one picks it), then 1" aside.
        click_table(page, first["x"] + dx * 3 / 2, first["y"] + dy * 3 / 2)
        page.locator("#sk-via").click()
        expect(page.locator("#sk-plan")).to_have_attribute("data-via", "1")
        click_table(page, first["x"] + dx * 3 / 2 + dy / 2, first["y"] + dy * 3 / 2 + dx / 2)
        expect(page.locator("#board svg .sk-overlay .sk-turning-point")).to_have_count(1)
    else:
        click_table(page, first["x"] + dx, first["y"] + dy)
    expect(page.locator("#sk-plan")).to_have_attribute("data-kind", "move")
    expect(page.locator("#board svg .sk-overlay .sk-ghost circle").first).to_be_attached()
    tab.shot("move-planned", top="#board")
    before = panel_prompt(page)
    page.locator("#sk-go").click()
    refused = answered(page, before)
    if refused:
        page.locator("#sk-hold").click()
        assert not answered(page, before)
    return not refused


def answer(tab: Tab, site: Site, prompt: str, done: dict[str, int]) -> None:
    """Answer the prompt shown, by clicking, as a player would."""
    page = tab.page
    kind, side = prompt.split(":")[1:]
    before = prompt
    if kind == "deploy":
        deploy(tab, site, side)
    elif kind == "initiative_choice":
        page.locator("#sk-take").click()
        assert not answered(page, before)
    elif kind == "heroic":
        # Declare a heroic action once (a Zen token spent), pass afterwards.
        declare = page.locator(".sk-declare")
        if not done.get("heroic") and declare.count():
            declare.first.click()
        else:
            page.locator("#sk-pass").click()
        assert not answered(page, before)
    elif kind == "move":
        if done.get("moved", 0) < 2 and move_one(tab, site, side, turning=bool(done.get("moved"))):
            done["moved"] = done.get("moved", 0) + 1
        elif done.get("moved", 0) >= 2:
            page.locator("#sk-end").click()
            assert not answered(page, before)
    elif kind == "shoot":
        # The selected unit's targets are ringed on the table: a click on one shoots.
        target = page.locator("#board svg .sk-overlay .sk-offer.target")
        if target.count():
            tab.shot("shoot", top="#board")
            aimed = state_of(site, page)["models"][str(target.first.get_attribute("data-model"))]
            click_table(page, aimed["x"], aimed["y"])
            done["shot"] = done.get("shot", 0) + 1
        else:
            page.locator("#sk-end").click()
        assert not answered(page, before)
    elif kind == "fight":
        tab.shot("fight", top="#prompt-panel")
        page.locator("#sk-fight-send").click()
        assert not answered(page, before)
        done["fight"] = done.get("fight", 0) + 1
    else:
        raise AssertionError(f"no control for the prompt {prompt}")
    done[kind] = done.get(kind, 0) + 1
    done["decisions"] = done.get("decisions", 0) + 1


def test_a_player_plays_several_decisions_against_the_bot(tab: Tab, site: Site) -> None:
    page = tab.page
    sign_up(page, site, "musashi")
    page.goto(f"{site.url}/play/new?system={SYSTEM}")
    catalogue = load_catalogue()
    scenario = catalogue.scenarios[SMALL]
    page.get_by_label(re.compile(re.escape(scenario.name))).check()
    # Side a fields a warband with archers (shots in the first turn).
    page.locator("#warband_a").select_option(BOWS)
    tab.shot("new-game")
    page.get_by_role("button", name="Start the game").click()
    expect(page).to_have_url(re.compile(r"/games/[0-9a-f-]{36}(\?|$)"))
    expect(page.locator("#board svg.sk-board")).to_be_visible()
    # The scenery is named on the table, each side's edge too.
    for piece in scenario.scenery:
        expect(
            page.locator(f'#board svg .scenery[data-scenery="{piece.id}"] text').first
        ).to_have_text(piece.name)
    done: dict[str, int] = {}
    for _ in range(30):
        prompt = panel_prompt(page)
        if not prompt or (done.get("moved", 0) >= 2 and done.get("shot", 0) >= 1):
            break
        answer(tab, site, prompt, done)
    assert done.get("deploy") == 1, done
    assert done.get("moved", 0) >= 1, done
    assert done.get("shot", 0) >= 1, done
    assert done["decisions"] >= 6, done
    # A move is drawn as an arrow on its step (the log's "... moves 2.0 inches").
    no_horizontal_scroll(page)
    tab.shot("played", top="#board")
    first_move = page.locator("#log li a", has_text=re.compile(r"(moves|move of) \d")).first
    first_move.click()
    expect(page.locator("#board svg .sk-arrows .arrow").first).to_be_attached()
    expect(page.locator("#board svg .event-halo").first).to_be_attached()
    # The shot: an arrow from each shooter to the target, every die in words.
    page.locator("#log li a", has_text=re.compile(r" shot at ")).first.click()
    expect(page.locator("#board svg .sk-arrows .arrow.shot").first).to_be_attached()
    expect(page.locator("#changes li.roll").first).to_contain_text(
        re.compile(r"needs \d\+, rolls \d")
    )
    tab.shot("shot-replayed", top="#board")


def drive_to_a_fight(site: Site, game: UUID) -> dict[str, Any]:
    """Play both sides of a hot-seat game on the server (each charging whenever it can,
    a hero first, moving at the enemy otherwise) until side a is asked its fight
    choices; the prompt."""
    records = site.app.extensions["shiai"].records
    ruleset = engine.skirmish.Skirmish()
    for _ in range(300):
        shown = records.state_at(game, records.state_at(game, 0).last_step)
        prompt: dict[str, Any] | None = shown.prompt
        assert prompt is not None, [e.summary for e in records.steps(game)][-12:]
        side = prompt["sides"][0]
        if prompt["kind"] == "fight" and "a" in prompt["sides"]:
            return prompt
        state = records.state_at(game, shown.last_step, viewer=side).state
        legal = list(ruleset.legal(state, side))
        assert legal, prompt
        heroes = {uid for uid, unit in state["units"].items() if unit["hero"]}
        command = next(
            (
                c
                for c in sorted(legal, key=lambda c: c.get("unit") not in heroes)
                if c["type"] == "charge"
            ),
            next((c for c in legal if c["type"] == "move"), legal[-1]),
        )
        records.submit_command(game, command)
    raise AssertionError("no fight in 300 commands")


def test_the_sealed_fight_choices_are_made_by_clicking(tab: Tab, site: Site) -> None:
    """Hot-seat on one screen: the game is played on until side a's hero is in a fight
    with a choice to make; side a's player is handed the device and sends the choices."""
    page = tab.page
    sign_up(page, site, "tomoe")
    page.goto(f"{site.url}/play/new?system={SYSTEM}")
    page.locator("#warband_a").select_option(BOWS)
    page.get_by_label(re.compile("hot-seat", re.IGNORECASE)).check()
    page.get_by_role("button", name="Start the game").click()
    expect(page).to_have_url(re.compile(r"/games/[0-9a-f-]{36}(\?|$)"))
    found = re.search(r"/games/([0-9a-f-]{36})", page.url)
    assert found
    game = UUID(found.group(1))
    prompt = drive_to_a_fight(site, game)
    page.goto(f"{site.url}/games/{game}?view=spectator")
    # Sealed when both sides have a choice: the device is handed to side a first.
    if panel_prompt_or_pass(page).startswith("pass:"):
        page.get_by_role("button", name="I am side a: show my decision").click()
    expect(page.locator("#sk-control")).to_have_attribute("data-kind", "fight")
    hero = next(iter(prompt["options"]["units"]))
    expect(page.locator(f'.sk-choice[data-unit="{hero}"]')).to_be_visible()
    offer = prompt["options"]["units"][hero]
    for strategy in offer.get("strategies", [])[:1]:
        page.locator(f"#sk-{hero}-{strategy}").check()
    tab.shot("fight", top="#prompt-panel")
    before = panel_prompt_or_pass(page)
    page.locator("#sk-fight-send").click()
    assert not answered(page, before)
    # Taken: the fight (or side b's sealed choice) follows in the record.
    records = site.app.extensions["shiai"].records
    asked = int(before.split(":")[0])
    events = [entry.event["type"] for entry in records.steps(game, since=asked)]
    assert "fight_chosen" in events or "combat_fought" in events, events


def panel_prompt_or_pass(page: Any) -> str:
    """The panel's prompt ("step:kind:side"), or "pass:..." when it asks for the
    device to be handed to the side that answers in secret."""
    panel = page.locator("#prompt-panel")
    expect(panel).not_to_have_attribute("data-busy", "1")
    expect(panel).to_have_attribute("data-prompt", re.compile(r"^(\d+|pass):"))
    return str(panel.get_attribute("data-prompt"))


def test_the_replay_of_a_finished_game_shows_every_roll(tab: Tab, site: Site) -> None:
    page = tab.page
    page.goto(f"{site.url}/games/{site.finished}?step=0")
    expect(page.locator("#board svg.sk-board")).to_be_visible()
    expect(page.locator("#board svg .sk-unit").first).to_be_attached()
    last = int(page.locator("#last-step").inner_text())
    assert last > 10
    for _ in range(5):
        step = int(page.locator("#step").inner_text())
        page.locator("#next").click()
        expect(page.locator("#board")).to_have_attribute("data-step", str(step + 1))
    # The initiative's roll: faces in the log, words among the changes.
    page.locator("#log li a", has_text=re.compile("initiative", re.IGNORECASE)).first.click()
    expect(page.locator("#changes li.roll").first).to_contain_text("for the initiative")
    expect(page.locator("#log li .dice .die").first).to_be_attached()
    # A shot or a fight, if the game had one: its dice as faces and words.
    rolled = page.locator("#log li[data-step]", has=page.locator(".dice")).nth(3)
    if rolled.count():
        rolled.locator("a").first.click()
        expect(page.locator("#changes li.roll").first).to_be_visible()
    page.locator("#last").click()
    expect(page.locator("#board")).to_have_attribute("data-step", str(last))
    expect(page.locator(".sk-turn")).to_contain_text("over")
    # The grid can be shown and hidden again from under the table.
    toggle = page.get_by_label("1-inch grid")
    toggle.check()
    expect(page.locator("#board svg.sk-board")).not_to_have_class(re.compile("hide-grid"))
    toggle.uncheck()
    expect(page.locator("#board svg.sk-board")).to_have_class(re.compile("hide-grid"))
    no_horizontal_scroll(page)
    tab.shot("replay", top="#board")


def test_the_public_catalogue_names_profiles_weapons_and_scenarios(tab: Tab, site: Site) -> None:
    """What a game's replay reads to name the units' profiles, weapons and armour."""
    answer_ = tab.page.request.get(f"{site.url}/systems/skirmish/catalogue.json")
    assert answer_.ok
    catalogue = answer_.json()
    packaged = load_catalogue()
    assert catalogue["sample"] is True
    assert catalogue["fingerprint"] == packaged.fingerprint
    assert set(catalogue["profiles"]) == set(packaged.profiles)
    assert catalogue["weapons"]["bow"]["name"] == packaged.weapons["bow"].name
    assert catalogue["scenarios"][SMALL] == packaged.scenarios[SMALL].name
    assert set(catalogue["warbands"]) == set(packaged.warbands)


def own_data(tmp_path: Path) -> Path:
    """A folder of the data files: a copy of the sample data with the first warband
    renamed "Our own band"."""
    packaged = Path(engine.skirmish.__file__).parent / "data"
    own = tmp_path / "own"
    own.mkdir()
    for path in packaged.glob("*.json"):
        shutil.copy(path, own / path.name)
    bands = json.loads((own / "warbands.json").read_text())
    bands["warbands"][0]["name"] = "Our own band"
    (own / "warbands.json").write_text(json.dumps(bands))
    return own


def test_the_data_folder_is_read_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SHIAI_SKIRMISH_DATA set in the environment (as a deployment sets it) is the folder
    the platform plays with."""
    monkeypatch.setenv("SHIAI_SKIRMISH_DATA", str(own_data(tmp_path)))
    database = f"sqlite:///{tmp_path / 'env.db'}"
    upgrade(database)
    app = create_app(platform_config(database))
    try:
        catalogue = app.test_client().get("/systems/skirmish/catalogue.json").get_json()
        assert "Our own band" in [band["name"] for band in catalogue["warbands"].values()]
    finally:
        app.extensions["shiai"].close()


def test_the_users_own_data_folder_is_played_and_a_broken_one_stops_the_platform(
    tmp_path: Path,
) -> None:
    """SHIAI_SKIRMISH_DATA: a folder of the data files replaces the sample data; one that
    does not load stops the platform at start-up, naming the setting and each problem."""
    own = own_data(tmp_path)
    database = f"sqlite:///{tmp_path / 'own.db'}"
    upgrade(database)
    app = create_app({**platform_config(database), "SHIAI_SKIRMISH_DATA": str(own)})
    try:
        client = app.test_client()
        catalogue = client.get("/systems/skirmish/catalogue.json").get_json()
        assert "Our own band" in [band["name"] for band in catalogue["warbands"].values()]
    finally:
        app.extensions["shiai"].close()
    (own / "weapons.json").unlink()
    with pytest.raises(ConfigurationError, match="SHIAI_SKIRMISH_DATA") as stopped:
        create_app({**platform_config(database), "SHIAI_SKIRMISH_DATA": str(own)})
    assert "weapons.json" in str(stopped.value)


def test_the_form_builds_the_set_up_of_a_scenario_and_its_warbands() -> None:
    """The new-game form's scenario, and another warband of the catalogue for a side."""
    from shiai.systems.skirmish import SkirmishPlugin  # noqa: PLC0415

    plugin = SkirmishPlugin(engine.skirmish.Skirmish())
    catalogue = plugin.catalogue
    scenario = catalogue.scenarios[SMALL]
    assert plugin.setup_from_form({"scenario": SMALL}, {}) == {"scenario": SMALL}
    other = next(key for key in catalogue.warbands if key != scenario.sides["b"].warband)
    assert plugin.setup_from_form({"scenario": SMALL, "warband_b": other}, {}) == {
        "scenario": SMALL,
        "factions": {"a": scenario.sides["a"].warband, "b": other},
    }
    with pytest.raises(Exception, match="choose one of the scenarios"):
        plugin.setup_from_form({"scenario": "nowhere"}, {})
    with pytest.raises(Exception, match="choose one of the warbands"):
        plugin.setup_from_form({"scenario": SMALL, "warband_a": "nobody"}, {})
    options = plugin.form_options()
    assert options["scenarios"][0].key == SMALL
    assert options["warbands"]
