"""Event day in the hall, in a real Chromium: the organiser pairs round 2 from the
console, swaps two players by choosing them, sees the checker's rematch warning and
accepts it, publishes, starts, pauses, extends and resumes the round timer and sees it
count; as results come in the status board counts them without a reload by hand
(desktop 1366x900 and phone 390x844). The projector (1920x1080) shows the check-in
QR code, then, by itself, the pairings with the timer, turning to its second screen
with 70 players.

Set-up that no page of this area makes (players, round 1 and its results, a player's
report) goes through the services; every assertion is on what the browser shows."""

from __future__ import annotations

import re
import secrets
from typing import Any
from uuid import UUID

import pytest

from shiai.tournaments.model import Result
from tests.e2e.conftest import LiveSite, new_context
from tests.e2e.test_replay_viewer import expect

pytestmark = pytest.mark.e2e

PASSWORD = "correct horse battery"
SAMURAI = ("Akechi", "Baba", "Chosokabe", "Date", "Fuma", "Hattori")
DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
PROJECTOR = {"width": 1920, "height": 1080}


def _organiser(site: LiveSite) -> tuple[str, str]:
    username = f"bugyo-{secrets.token_hex(3)}"
    account = site.app.extensions["shiai"].accounts.create(username, "Bugyo", PASSWORD, "organiser")
    return username, account


def _sign_in(page: Any, site: LiveSite, username: str) -> None:
    page.goto(f"{site.url}/sign-in")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_text("Bugyo (organiser)")).to_be_visible()


def _event_after_round_one(site: LiveSite, organiser: str) -> tuple[UUID, dict[str, str]]:
    """Six players with accounts, round 1 played: the set-up no page of the hall makes."""
    services = site.app.extensions["shiai"]
    tournaments = services.tournaments
    tid = tournaments.create(organiser, name="Hall cup", game_system="kensei", rounds=3)
    accounts = {}
    for name in SAMURAI:
        account = services.accounts.create(
            f"{name.lower()}-{secrets.token_hex(3)}", name, PASSWORD, "player"
        )
        player = tournaments.register(tid, organiser, name=name, account_id=account)
        tournaments.check_in(tid, organiser, player)
        accounts[player] = account
    tournaments.pair_next_round(tid, organiser)
    tournaments.publish(tid, organiser, 1)
    for table in tournaments.get(tid).round(1).tables:
        tournaments.record_result(tid, organiser, 1, table.table, Result.a_wins(10, 4))
    return tid, accounts


def _cells(row: Any) -> list[str]:
    return [text.strip() for text in row.locator("td").all_text_contents()]


def _seat(page: Any, select: str, name: str) -> None:
    """Choose ``name``'s seat in a swap list (its options read "table 2: Baba")."""
    option = page.locator(f"select[name={select}] option", has_text=re.compile(f": {name}$"))
    page.locator(f"select[name={select}]").select_option(option.get_attribute("value"))


def _no_sideways_scroll(page: Any, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def _pair_round_two(page: Any, width: int) -> tuple[Any, list[str]]:
    """Pair round 2 from the console; who met at round 1's table 1 (read from the page)."""
    # Round 1, finished, is the current round: who met at its table 1 is read from it.
    expect(page.locator("#table-1")).to_contain_text("confirmed")
    met = _cells(page.locator("#table-1"))[1:3]
    page.get_by_role("button", name="Pair round 2").click()
    draft = page.locator("section.current-round")
    expect(draft.get_by_role("heading", name="Round 2 (draft)")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/console#round-2$"))
    # Round 1 is folded away now, its results a click away.
    expect(page.locator("details#round-1 > summary")).to_have_text("Round 1 — 3 of 3 results")
    expect(page.locator("#round-1-table-1")).to_be_hidden()
    expect(page.get_by_role("button", name="Pair round 3")).to_have_count(0)
    expect(page.get_by_text("Round 3 cannot be paired yet: round 2 is a draft")).to_be_visible()
    expect(draft.get_by_text("The checker finds nothing wrong")).to_be_visible()
    _no_sideways_scroll(page, width)
    return draft, met


def _swap_into_a_rematch(page: Any, draft: Any, met: list[str]) -> None:
    """Seat round 1's opponents together again: swap one of them with the other's
    opponent, by choosing the two players; the warning must be accepted."""
    row = draft.locator("tbody tr", has_text=met[0])
    opponent = next(name for name in _cells(row)[1:3] if name not in met)
    _seat(page, "first", opponent)
    _seat(page, "second", met[1])
    page.get_by_role("button", name="Swap players").click()
    pending = page.locator(".pending-edit")
    expect(pending).to_contain_text(f"Swap {opponent} and {met[1]}?")
    met_again = f"({met[0]} and {met[1]}|{met[1]} and {met[0]}) have already met"
    expect(pending).to_contain_text(re.compile(met_again))
    pending.get_by_role("button", name="Accept and save").click()
    expect(draft.get_by_text("The checker warns about this pairing")).to_be_visible()
    expect(draft.locator("tbody tr", has_text=met[0])).to_contain_text(met[1])
    expect(draft.locator("tbody tr", has_text=met[0])).to_contain_text("have already met")


def _run_the_timer(page: Any) -> None:
    """Start the round timer, see it count, pause, extend and resume it."""
    page.get_by_label("Minutes", exact=True).fill("90")
    page.get_by_role("button", name="Start the timer").click()
    expect(page).to_have_url(re.compile(r"/console#timer$"))
    expect(page.locator("#timer")).to_be_in_viewport()
    clock = page.locator("#timer [data-timer-clock]")
    expect(clock).to_have_text(re.compile(r"^1:(30:00|29:\d\d)$"))
    shown = clock.text_content()
    expect(clock).not_to_have_text(shown)  # it counts down by itself
    page.get_by_role("button", name="Pause the timer").click()
    expect(page.locator("#timer [data-timer-label]")).to_have_text("paused")
    paused = clock.text_content()
    expect(clock).to_have_text(paused)  # paused: it stands still
    added = page.get_by_label("minutes to add")
    added.fill("10")
    expect(added).to_have_value("10")
    page.get_by_role("button", name="Extend").click()
    expect(clock).to_have_text(re.compile(r"^1:(40:00|39:\d\d)$"))
    paused_at = clock.text_content()
    page.get_by_role("button", name="Resume the timer").click()
    expect(page.locator("#timer [data-timer-label]")).to_contain_text("ends at")
    expect(clock).not_to_have_text(paused_at)


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_organiser_pairs_swaps_publishes_and_runs_the_timer_from_the_console(
    browser: Any, live_site: LiveSite, viewport: dict[str, int]
) -> None:
    username, organiser = _organiser(live_site)
    tid, accounts = _event_after_round_one(live_site, organiser)
    context = new_context(browser, viewport=viewport)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    _sign_in(page, live_site, username)
    page.goto(f"{live_site.url}/tournaments/{tid}/console")

    draft, met = _pair_round_two(page, viewport["width"])
    _swap_into_a_rematch(page, draft, met)
    draft.get_by_role("button", name="Publish round 2").click()
    current = page.locator("section.current-round")
    expect(current.get_by_role("heading", name="Round 2 (published)")).to_be_visible()
    board = current.locator(".board")
    expect(board.locator("[data-board=missing] .count")).to_have_text("3")
    _run_the_timer(page)
    _no_sideways_scroll(page, viewport["width"])

    # Results come in (a player reports one, the organiser enters another elsewhere):
    # the console keeps itself current and its board counts them.
    tournaments = live_site.app.extensions["shiai"].tournaments
    tables = tournaments.get(tid).round(2).tables
    tournaments.report(tid, accounts[tables[0].a], 2, tables[0].table, Result.a_wins(12, 3))
    tournaments.record_result(tid, organiser, 2, tables[1].table, Result.draw(7, 7))
    expect(board.locator("[data-board=missing] .count")).to_have_text("1")
    expect(board.locator("[data-board=reported] .count")).to_have_text("1")
    expect(board.locator("[data-board=confirmed] .count")).to_have_text("1")
    expect(board.locator("[data-board=disputed] .count")).to_have_text("0")
    expect(page.get_by_text("1 of 3 results in")).to_be_visible()
    # The reported result is filled in at its table: one click enters it.
    page.locator(f"#table-{tables[0].table}").get_by_role("button", name="Enter").click()
    expect(page).to_have_url(re.compile(rf"/console#table-{tables[0].table}$"))
    expect(board.locator("[data-board=confirmed] .count")).to_have_text("2")
    entered = re.compile(r"won 12(\.0)?\u20133(\.0)?")
    expect(page.locator(f"#table-{tables[0].table}")).to_contain_text(entered)
    _no_sideways_scroll(page, viewport["width"])
    context.close()
    assert not errors, errors


def test_the_projector_shows_the_check_in_code_then_turns_through_pairings_by_itself(
    browser: Any, live_site: LiveSite
) -> None:
    services = live_site.app.extensions["shiai"]
    tournaments = services.tournaments
    _, organiser = _organiser(live_site)
    tid = tournaments.create(organiser, name="Big hall", game_system="kensei", rounds=4)
    for number in range(1, 71):
        tournaments.register(tid, organiser, name=f"Samurai {number:02d}")
    tournaments.open_check_in(tid, organiser)
    context = new_context(browser, viewport=PROJECTOR)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{live_site.url}/tournaments/{tid}/projector?seconds=12")

    # Check-in: the code of the check-in page, large; no site header.
    expect(page.get_by_role("heading", name="Check in from your phone")).to_be_visible()
    qr = page.get_by_role("img", name="QR code of the check-in page")
    expect(qr).to_be_visible()
    assert qr.bounding_box()["height"] >= 500
    expect(page.locator(".proj-url")).to_have_text(re.compile(rf"/tournaments/{tid}/check-in$"))
    expect(page.locator("header.site")).to_have_count(0)

    # The organiser runs round 1: the projector follows by itself.
    for player in list(tournaments.get(tid).players):
        tournaments.check_in(tid, organiser, player)
    tournaments.close_check_in(tid, organiser)
    tournaments.pair_next_round(tid, organiser)
    tournaments.publish(tid, organiser, 1)
    tournaments.start_timer(tid, organiser, 150)
    first = page.get_by_role("heading", name="Round 1: find your table (1 of 3)")
    expect(first).to_be_visible()
    clock = page.locator("[data-timer-clock]")
    expect(clock).to_have_text(re.compile(r"^2:(30:00|29:\d\d)$"))
    assert clock.evaluate("e => parseFloat(getComputedStyle(e).fontSize)") >= 90
    name = page.locator("[data-proj-page]:not([hidden]) td.name").first
    assert name.evaluate("e => parseFloat(getComputedStyle(e).fontSize)") >= 30
    rows = page.locator("[data-proj-page]:not([hidden]) tbody tr")
    assert rows.last.bounding_box()["y"] + rows.last.bounding_box()["height"] <= 1080
    expect(page.locator("[data-proj-counter]")).to_have_text("screen 1 of 8")

    # Seventy players do not fit one screen: it turns to the next one by itself.
    second = page.get_by_role("heading", name="Round 1: find your table (2 of 3)")
    expect(second).to_be_visible()
    expect(first).to_be_hidden()
    expect(page.locator("[data-proj-counter]")).to_have_text("screen 2 of 8")
    assert page.evaluate("document.documentElement.scrollHeight") <= 1080

    # A result comes in: the projector reloads itself and stays on the screen it shows.
    live = page.locator("[data-live-version]")
    version = live.get_attribute("data-live-version")
    table = tournaments.get(tid).round(1).tables[0].table
    tournaments.record_result(tid, organiser, 1, table, Result.a_wins(10, 2))
    expect(live).not_to_have_attribute("data-live-version", version)
    expect(second).to_be_visible()
    context.close()
    assert not errors, errors
