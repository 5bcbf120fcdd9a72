"""Registration and army lists in a real Chromium, by clicking and typing only, at
desktop (1366x900) and phone (390x844) sizes: a player signs up, opens the event,
registers with a pasted list, sees every problem the engine finds and fixes it; a
second player is sent to sign in and back to the registration; the organiser
imports a CSV file of players (a bad file first: every problem shown, nothing
stored), sees each list's status, opens a list, locks and publishes the lists; a
judge enters a result from the console. Every wait is Playwright's own."""

from __future__ import annotations

import json
import re
import secrets
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import LiveSite, new_context, shot, visit
from tests.e2e.test_replay_viewer import expect

pytestmark = pytest.mark.e2e

PASSWORD = "correct horse battery"
ARMIES = Path(__file__).parents[2] / "engine" / "kensei" / "data" / "armies"
BUKE = (ARMIES / "buke-400.json").read_text()
# The same list with a unit of a Kuge troop: the engine names the problem.
BROKEN = json.dumps(
    json.loads(BUKE) | {"units": [*json.loads(BUKE)["units"], {"troop": "kuge_kuge", "count": 3}]},
    indent=2,
)
SIZES = {"desktop": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}


def _fits(page: Any, viewport: dict[str, int]) -> None:
    """The page itself never scrolls sideways (wide tables scroll inside a wrapper)."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= viewport["width"], (page.url, width)


def _sign_in(page: Any, site: LiveSite, username: str) -> None:
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()


def _account(site: LiveSite, username: str, role: str = "player") -> None:
    """An account made as an admin would (the organiser role, a judge's account)."""
    site.app.extensions["shiai"].accounts.create(username, username.title(), PASSWORD, role)


def _players_csv(tmp: Path, text: str, name: str) -> Path:
    path = tmp / name
    path.write_text(text, encoding="utf-8")
    return path


def _create_event(organiser: Any, site: LiveSite, username: str, tag: str) -> str:
    """The organiser creates a 400-point Kensei event; returns its console's address."""
    organiser.goto(f"{site.url}/sign-in")
    _sign_in(organiser, site, username)
    expect(organiser.get_by_role("button", name="Sign out")).to_be_visible()
    organiser.goto(f"{site.url}/tournaments/new")
    organiser.get_by_label("Name").fill(f"Lists cup {tag}")
    organiser.get_by_label("Game system").select_option("kensei")
    organiser.get_by_label("Battle size").fill("400")
    organiser.get_by_label("Rounds", exact=True).fill("3")
    organiser.get_by_role("button", name="Create").click()
    expect(organiser.get_by_role("heading", name="organiser console")).to_be_visible()
    url: str = organiser.url
    return url


def _player_registers_and_fixes_the_list(
    player: Any, site: LiveSite, event_url: str, tag: str, size: str
) -> None:
    """A player signs up on their own, opens the event and registers with a list that
    breaks the army rules: every problem is listed; then they fix it."""
    viewport = SIZES[size]
    player.goto(f"{site.url}/sign-up")
    player.get_by_label("Username").fill(f"alice-{tag}")
    player.get_by_label("Display name").fill(f"Alice {tag}")
    player.get_by_label("Password (10 characters or more)").fill(PASSWORD)
    player.get_by_label("Password again").fill(PASSWORD)
    player.get_by_role("button", name="Sign up").click()
    expect(player.get_by_role("button", name="Sign out")).to_be_visible()
    player.goto(event_url)
    player.get_by_role("link", name="Register for this event").click()
    expect(player.get_by_label("Name", exact=True)).to_have_value(f"Alice {tag}")
    _fits(player, viewport)
    player.get_by_label("Club or team").fill("Edo")
    player.get_by_label("Faction", exact=True).select_option(label="Buke")
    _paste_list(player, BROKEN)
    player.get_by_role("button", name="Register").click()
    expect(player.get_by_role("heading", name="You are registered")).to_be_visible()
    expect(player.get_by_text("invalid (1 problem)")).to_be_visible()
    expect(player.locator(".list-problems li")).to_have_count(1)
    expect(player.locator(".list-problems")).to_contain_text("kuge_kuge")
    _fits(player, viewport)
    shot(player, f"register-problems-{size}", full_page=True)
    # A pasted list sets the faction it is for (the builder keeps the two together;
    # a list of another faction than the one chosen is refused: test_registration_pages).
    player.get_by_label("Faction", exact=True).select_option(label="Kuge")
    _paste_list(player, BUKE)
    expect(player.get_by_label("Faction", exact=True)).to_have_value("buke")
    player.get_by_role("button", name="Save my list").click()
    expect(player.locator(".list-status")).to_have_text("valid")
    expect(player.locator(".list-problems")).to_have_count(0)
    shot(player, f"register-valid-{size}", full_page=True)


def _paste_list(page: Any, text: str) -> None:
    """Paste a list's JSON into the field the builder folds away."""
    field = page.get_by_label("Army list (JSON)")
    if not field.is_visible():
        page.get_by_text("Army list as JSON").click()
    field.fill(text)


def _signed_out_player_registers(bob: Any, site: LiveSite, event_url: str, username: str) -> None:
    """A player who is not signed in is sent to sign in, and back to register."""
    visit(bob, event_url)
    bob.get_by_role("link", name="Register for this event").click()
    expect(bob.get_by_role("heading", name="Sign in")).to_be_visible()
    _sign_in(bob, site, username)
    expect(bob.get_by_role("heading", name="registration")).to_be_visible()
    bob.get_by_label("Faction", exact=True).select_option(label="Kuge")
    bob.get_by_role("button", name="Register").click()
    expect(bob.locator(".list-status")).to_have_text("missing")


def _organiser_imports_players(organiser: Any, console_url: str, tmp: Path, size: str) -> Any:
    """A bad file first (every problem shown, nothing stored), then a good one; returns
    the players' rows."""
    bad = _players_csv(tmp, "name,club,faction,account\nDate,Osaka,Hattori,\n,Edo,,\n", "bad.csv")
    visit(organiser, console_url)
    organiser.get_by_label("Players file (CSV)").set_input_files(bad)
    organiser.get_by_role("button", name="Import players").click()
    expect(organiser.get_by_role("alert")).to_contain_text("nothing was imported")
    problems = organiser.get_by_role("list", name="import problems")
    expect(problems.locator("li")).to_have_count(2)
    expect(problems).to_contain_text("row 2 (Date)")
    expect(problems).to_contain_text("row 3: a player needs a name")
    expect(organiser.locator("table.players tbody tr")).to_have_count(2)
    cell = BUKE.replace('"', '""')
    good = _players_csv(
        tmp, f'name,club,faction,list\nDate,Osaka,Buke,"{cell}"\nEna,,Sohei,\n', "good.csv"
    )
    organiser.get_by_label("Players file (CSV)").set_input_files(good)
    organiser.get_by_role("button", name="Import players").click()
    rows = organiser.locator("table.players tbody tr")
    expect(rows).to_have_count(4)
    shot(organiser, f"console-players-{size}", full_page=True)
    return rows


def _judge_enters_a_result(judge: Any, site: LiveSite, username: str, console_url: str) -> None:
    judge.goto(f"{site.url}/sign-in")
    _sign_in(judge, site, username)
    expect(judge.get_by_role("button", name="Sign out")).to_be_visible()
    visit(judge, console_url)
    expect(judge.get_by_role("button", name="Lock lists")).to_have_count(0)
    expect(judge.get_by_role("button", name="Unlock lists")).to_have_count(0)
    first = judge.locator("section.current-round tbody tr").first
    first.get_by_label(re.compile("^victory points of ")).first.fill("12")
    first.get_by_label(re.compile("^victory points of ")).last.fill("4")
    first.get_by_role("button", name="Enter").click()
    expect(judge.locator("section.current-round tbody tr").first).to_contain_text(
        re.compile("won 12(\\.0)?\u20134(\\.0)?")
    )
    expect(judge.get_by_role("alert")).to_have_count(0)


@pytest.mark.parametrize("size", list(SIZES))
def test_players_register_with_lists_and_the_organiser_imports_locks_and_publishes(
    browser: Any, live_site: LiveSite, size: str, tmp_path: Path
) -> None:
    viewport = SIZES[size]
    tag = secrets.token_hex(3)
    organiser_name, judge_name, bob_name = f"org-{tag}", f"judge-{tag}", f"bob-{tag}"
    _account(live_site, organiser_name, "organiser")
    _account(live_site, judge_name)
    _account(live_site, bob_name)
    contexts = [new_context(browser, viewport=viewport) for _ in range(4)]
    organiser, player, bob, judge = (context.new_page() for context in contexts)
    try:
        console_url = _create_event(organiser, live_site, organiser_name, tag)
        event_url = console_url.removesuffix("/console")
        _player_registers_and_fixes_the_list(player, live_site, event_url, tag, size)
        _signed_out_player_registers(bob, live_site, event_url, bob_name)

        # The organiser sees every list's status.
        rows = _organiser_imports_players(organiser, console_url, tmp_path, size)
        expect(rows.filter(has_text=f"Alice {tag}")).to_contain_text("valid")
        expect(rows.filter(has_text="Bob")).to_contain_text("missing")
        expect(rows.filter(has_text="Date")).to_contain_text("valid")
        expect(rows.filter(has_text="Ena")).to_contain_text("missing")

        # The organiser opens a list, then locks the lists: the player can no longer
        # change hers.
        rows.filter(has_text=f"Alice {tag}").get_by_role("link", name="open").click()
        expect(organiser.get_by_role("heading", name=f"Alice {tag}'s list")).to_be_visible()
        expect(organiser.get_by_text("not published")).to_be_visible()
        expect(organiser.get_by_role("cell", name="buke teppo taisho")).to_be_visible()
        shot(organiser, f"list-{size}", full_page=True)
        visit(organiser, console_url)
        organiser.get_by_role("button", name="Lock lists").click()
        expect(organiser.get_by_role("button", name="Unlock lists")).to_be_visible()
        player.reload()
        expect(player.get_by_text("The lists are locked")).to_be_visible()
        expect(player.get_by_role("button", name="Save my list")).to_have_count(0)

        # Bob cannot see Alice's list before the lists are published; then everyone can.
        visit(bob, event_url)
        expect(bob.get_by_role("link", name="list", exact=True)).to_have_count(0)
        organiser.get_by_role("button", name="Publish lists now").click()
        expect(organiser.get_by_text("published", exact=True)).to_be_visible()
        bob.reload()
        alice_item = bob.get_by_role("listitem").filter(has_text=f"Alice {tag}")
        alice_item.get_by_role("link", name="list").click()
        expect(bob.get_by_role("heading", name=f"Alice {tag}'s list")).to_be_visible()
        _fits(bob, viewport)

        # A judge is added; the organiser pairs and publishes round 1; the judge
        # enters a result from the console.
        organiser.get_by_label("Judge's username").fill(judge_name)
        organiser.get_by_role("button", name="Add judge").click()
        expect(organiser.locator("ul.judges")).to_contain_text(judge_name.title())
        organiser.get_by_role("button", name="Check everyone in").click()
        expect(organiser.locator("table.players")).not_to_contain_text("registered")
        organiser.get_by_role("button", name="Pair round 1").click()
        organiser.get_by_role("button", name="Publish round 1").click()
        expect(organiser.get_by_role("heading", name="Round 1 (published)")).to_be_visible()
        _judge_enters_a_result(judge, live_site, judge_name, console_url)
    finally:
        for context in contexts:
            context.close()
