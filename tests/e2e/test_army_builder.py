"""A player builds an army list in a real Chromium, at desktop and phone sizes: they
choose a faction, units, leaders and a commander level and watch the points follow;
the engine's violations appear as the list goes over budget and go once it is fixed;
a list uploaded as a JSON file is loaded into the builder; the list downloads as JSON.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from engine.kensei import sample_army_document
from tests.e2e.conftest import LiveSite, new_context
from tests.e2e.test_replay_viewer import expect

pytestmark = pytest.mark.e2e

SIZES = {"desktop": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}
PAGE = "/army-lists/new?system=kensei&battle_size=400"


@pytest.fixture(params=list(SIZES))
def tab(browser: Any, request: pytest.FixtureRequest) -> Any:
    context = new_context(browser, viewport=SIZES[request.param], accept_downloads=True)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on("console", lambda message: message.type == "error" and problems.append(message.text))
    yield page
    context.close()
    assert not problems, f"the page's scripts failed: {problems}"


def open_builder(page: Any, live_site: LiveSite) -> None:
    page.goto(f"{live_site.url}{PAGE}")
    expect(page.locator(".army-list-field")).to_have_attribute("data-builder", "ready")
    expect(page.locator(".army-sample")).to_contain_text("Sample data")
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def points(page: Any) -> Any:
    return page.locator(".army-points-value")


def verdict(page: Any) -> Any:
    return page.locator(".army-check-status")


def unit(page: Any, number: int) -> Any:
    return page.get_by_role("group", name=f"Unit {number}", exact=True)


def add_unit(page: Any, troop: str, count: int, leader: str | None = None) -> None:
    page.get_by_role("button", name="Add a unit").click()
    number = page.locator(".army-unit").count()
    row = unit(page, number)
    expect(row.get_by_label("Troop")).to_be_focused()  # the keyboard goes on from here
    row.get_by_label("Troop").select_option(troop)
    row.get_by_label("Miniatures").fill(str(count))
    if leader is not None:
        row.get_by_label("Unit leader").select_option(leader)


def the_list(page: Any) -> Any:
    return json.loads(page.locator("textarea[name=army_list]").input_value())


def test_a_player_builds_a_legal_buke_list_and_the_points_follow(
    tab: Any, live_site: LiveSite
) -> None:
    page = tab
    open_builder(page, live_site)
    expect(verdict(page)).to_contain_text("Choose a faction")
    expect(page.get_by_role("button", name="Add a unit")).to_be_disabled()

    page.get_by_label("Faction", exact=True).select_option("buke")
    expect(page.get_by_label("List name")).to_have_value("Buke army")
    expect(points(page)).to_have_text("0")

    add_unit(page, "buke_mounted_samurai", 4, leader="buke_daimyo")
    expect(points(page)).to_have_text("145")  # 4 x 20 + the Daimyo's 65
    expect(page.get_by_label("General", exact=True)).to_have_value("buke_daimyo")
    add_unit(page, "buke_samurai", 5)
    expect(points(page)).to_have_text("205")
    add_unit(page, "buke_ashigaru_yari", 11)
    add_unit(page, "buke_ashigaru_teppo", 8, leader="buke_teppo_taisho")
    add_unit(page, "buke_ashigaru_yumi", 4)
    expect(points(page)).to_have_text("362")
    page.get_by_role("button", name="Add a leader").click()
    page.get_by_label("Leader 1", exact=True).select_option("buke_gunbugyo")
    expect(points(page)).to_have_text("390")
    page.get_by_label("Commander level").select_option("1")
    expect(points(page)).to_have_text("400")
    expect(page.locator(".army-points")).to_contain_text("of 400 (0 to spare)")
    expect(verdict(page)).to_have_text(
        "The engine finds nothing wrong: the list is legal (400 points)."
    )
    expect(page.locator(".army-violations li")).to_have_count(0)

    # The form's field holds the same list as the shipped sample.
    sample = sample_army_document("buke-400")
    built = the_list(page)
    assert built["units"] == sample["units"]
    assert built["leaders"] == sample["leaders"]
    assert (built["faction"], built["general"], built["commander_level"]) == (
        "buke",
        "buke_daimyo",
        1,
    )

    # Five more samurai: 60 points over, and the engine says which rule.
    unit(page, 2).get_by_label("Miniatures").fill("10")
    expect(points(page)).to_have_text("460")
    expect(page.locator(".army-points")).to_contain_text("60 over the battle size")
    rule = page.locator('.army-violations li[data-rule="army-creation.total-cost"]')
    expect(rule).to_contain_text("the army costs 460 points")
    expect(verdict(page)).to_have_text("The list breaks 1 rule (460 points):")

    # Fixed by removing a unit of samurai and taking a smaller one.
    unit(page, 2).get_by_role("button", name="Remove unit 2").click()
    expect(page.get_by_role("button", name="Add a unit")).to_be_focused()
    expect(points(page)).to_have_text("340")
    add_unit(page, "buke_samurai", 5)
    expect(verdict(page)).to_contain_text("legal (400 points)")
    expect(rule).to_have_count(0)
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def test_an_uploaded_list_is_loaded_checked_and_downloaded(
    tab: Any, live_site: LiveSite, tmp_path: Path
) -> None:
    page = tab
    open_builder(page, live_site)
    sample = sample_army_document("kuge-400")
    upload = page.locator("input[type=file][data-army-upload]")
    upload.set_input_files(
        files=[
            {
                "name": "kuge-400.json",
                "mimeType": "application/json",
                "buffer": json.dumps(sample).encode(),
            }
        ]
    )
    expect(page.locator(".army-file-note")).to_contain_text("Loaded kuge-400.json")
    expect(page.get_by_label("Faction", exact=True)).to_have_value("kuge")
    expect(page.get_by_label("List name")).to_have_value(sample["name"])
    expect(page.locator(".army-unit")).to_have_count(len(sample["units"]))
    expect(verdict(page)).to_contain_text("legal")
    expect(points(page)).to_have_text(re.compile(r"^\d+$"))
    loaded_points = int(points(page).inner_text())
    assert 0 < loaded_points <= 400

    # The commander level goes up: still the uploaded list, now with the builder's edit.
    page.get_by_label("Commander level").select_option("2")
    expect(points(page)).to_have_text(str(loaded_points - 10 * sample["commander_level"] + 20))

    with page.expect_download() as waiting:
        page.get_by_role("button", name="Download JSON").click()
    download = waiting.value
    assert download.suggested_filename == f"{sample['name'].lower().replace(' ', '-')}.json"
    saved = tmp_path / "list.json"
    download.save_as(saved)
    downloaded = json.loads(saved.read_text())
    assert downloaded["commander_level"] == 2
    assert downloaded["units"] == sample["units"]
    assert downloaded["faction"] == "kuge"


def test_a_file_that_is_not_a_list_is_named_as_such(tab: Any, live_site: LiveSite) -> None:
    page = tab
    open_builder(page, live_site)
    upload = page.locator("input[type=file][data-army-upload]")
    upload.set_input_files(
        files=[{"name": "notes.json", "mimeType": "application/json", "buffer": b"{ not json"}]
    )
    expect(page.locator(".army-file-note")).to_contain_text(
        "notes.json cannot be read into the builder: it is not JSON"
    )
    format_rule = page.locator('.army-violations li[data-rule="army-list.format"]')
    expect(format_rule).to_contain_text("the list is not JSON")
    # A list pasted into the JSON field is read back into the builder.
    page.get_by_text("Army list as JSON").click()
    pasted = sample_army_document("sohei-400")
    page.get_by_label("Army list (JSON)").fill(json.dumps(pasted))
    expect(page.get_by_label("Faction", exact=True)).to_have_value("sohei")
    expect(page.locator(".army-file-note")).to_have_text("")
    expect(verdict(page)).to_contain_text("legal")
    expect(format_rule).to_have_count(0)
