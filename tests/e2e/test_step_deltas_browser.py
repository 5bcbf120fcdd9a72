"""Stepping a replay in Chromium fetches deltas (issue 25, item 6): the viewer
builds each step's state from one it holds and a batch of patches
(``/api/games/<id>/deltas``), so stepping costs one request per batch and no
whole state; what it shows at each step (the state and its hash) is what
``/api/games/<id>/steps/<n>`` answers; a jump fetches the whole state; a patch
whose result does not have the hash the server named is dropped for the whole
state. At desktop (1366x900) and phone (390x844) sizes."""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.e2e.conftest import LiveSite

pytestmark = pytest.mark.e2e

DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}


def expect(target: Any) -> Any:
    from playwright.sync_api import expect as playwright_expect  # noqa: PLC0415

    return playwright_expect(target)


class Requests:
    """The API requests a page makes: whole steps and delta batches."""

    def __init__(self, page: Any) -> None:
        self.urls: list[str] = []
        page.on("request", lambda request: self.urls.append(request.url))

    def full(self) -> list[int]:
        found = (re.search(r"/api/games/[^/]+/steps/(\d+)", url) for url in self.urls)
        return [int(match.group(1)) for match in found if match]

    def deltas(self) -> list[tuple[int, int]]:
        found = []
        for url in self.urls:
            parts = urlsplit(url)
            if re.fullmatch(r"/api/games/[^/]+/deltas", parts.path):
                query = parse_qs(parts.query)
                found.append((int(query["from"][0]), int(query["to"][0])))
        return found


def full_state(site: LiveSite, step: int) -> Any:
    client = site.app.test_client()
    return client.get(f"/api/games/{site.kensei_game}/steps/{step}").get_json()


def assert_shows(page: Any, site: LiveSite, step: int) -> None:
    """The page is at ``step`` and shows the whole state ``/steps/<step>`` answers."""
    expect(page.locator("#step")).to_have_text(str(step))
    expect(page.locator("#board svg")).to_have_attribute("data-step", str(step))
    full = full_state(site, step)
    expect(page.locator("#state-hash")).to_have_text(full["hash"])
    shown = json.loads(page.locator("#state-json").text_content())
    assert shown == full["state"], f"step {step}: the state built differs from the whole state"


def open_state(page: Any) -> None:
    page.locator("#state-details summary").click()
    expect(page.locator("#state-json")).not_to_be_empty()


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_stepping_through_a_replay_fetches_batches_of_deltas(
    page: Any, live_site: LiveSite, size: dict[str, int]
) -> None:
    page.set_viewport_size(size)
    requests = Requests(page)
    page.goto(f"{live_site.url}/games/{live_site.kensei_game}?step=0")
    expect(page.locator("#board svg")).to_have_attribute("data-step", "0")
    open_state(page)
    steps = 40
    for step in range(1, steps + 1):
        # A person steps with the arrow key at a desk and taps "next" on a phone.
        if size == PHONE:
            page.locator("#next").click()
        else:
            page.keyboard.press("ArrowRight")
        assert_shows(page, live_site, step)
    assert requests.full() == [], "no whole state was fetched while stepping"
    batches = requests.deltas()
    assert 1 <= len(batches) <= steps // 10, batches
    assert all(first < to for first, to in batches), "forward batches"

    # A jump far from any state held fetches the whole state; stepping back from it
    # fetches a batch of deltas backwards.
    last = live_site.kensei_steps[-1]["step"]
    if size == PHONE:
        page.locator("#last").click()
    else:
        page.keyboard.press("End")
    assert_shows(page, live_site, last)
    assert last in requests.full()
    for step in range(last - 1, last - 6, -1):
        if size == PHONE:
            page.locator("#prev").click()
        else:
            page.keyboard.press("ArrowLeft")
        assert_shows(page, live_site, step)
    assert any(first > to for first, to in requests.deltas()), "a backward batch"
    assert requests.full() == [last], requests.full()


def test_a_delta_that_does_not_give_the_named_hash_falls_back_to_the_whole_state(
    live_site: LiveSite, page: Any
) -> None:
    """A patch tampered with on the way (every delta's hash changed) builds nothing:
    each step is then fetched whole, and the page still shows the right state."""

    def tampered(route: Any) -> None:
        answer = route.fetch().json()
        for delta in answer["deltas"]:
            delta["hash"] = "0" * 64
        route.fulfill(json=answer)

    page.route(re.compile(r".*/api/games/[^/]+/deltas\?.*"), tampered)
    requests = Requests(page)
    page.goto(f"{live_site.url}/games/{live_site.kensei_game}?step=10")
    expect(page.locator("#board svg")).to_have_attribute("data-step", "10")
    open_state(page)
    for step in (11, 12, 13):
        page.keyboard.press("ArrowRight")
        assert_shows(page, live_site, step)
        assert step in requests.full(), f"step {step} was fetched whole"
    assert requests.deltas(), "deltas were asked for first"
