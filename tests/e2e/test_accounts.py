"""Accounts and site roles in a real Chromium, at desktop and phone sizes: a person
signs up from a tournament page's link and lands back on it, asks for the organiser
role on their account page; an admin grants it (or refuses it) on /admin by
clicking; the person then sees "New tournament". Clicks and typing only."""

from __future__ import annotations

import secrets
from typing import Any

import pytest

from tests.e2e.conftest import LiveSite, new_context
from tests.e2e.test_replay_viewer import expect

pytestmark = pytest.mark.e2e

PASSWORD = "correct horse battery"
SIZES = {"desktop": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}


def _fits(page: Any, size: str) -> None:
    if size == "phone":
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, page.url


def _tournament(live_site: LiveSite) -> str:
    """A tournament page to come back to (set up through the services: no page is
    under test here but the accounts')."""
    services = live_site.app.extensions["shiai"]
    organiser = services.accounts.create(
        f"org-{secrets.token_hex(3)}", "Org", PASSWORD, "organiser"
    )
    name = f"Spring Taikai {secrets.token_hex(2)}"
    tid = services.tournaments.create(organiser, name=name, game_system="kensei", rounds=3)
    return f"/tournaments/{tid}"


def _admin(live_site: LiveSite) -> str:
    username = f"admin-{secrets.token_hex(3)}"
    live_site.app.extensions["shiai"].accounts.create(username, "Site admin", PASSWORD, "admin")
    return username


def _sign_up_from(page: Any, live_site: LiveSite, path: str, username: str) -> None:
    page.goto(f"{live_site.url}{path}")
    page.locator("header .account").get_by_role("link", name="Sign up").click()
    expect(page.get_by_role("heading", name="Sign up")).to_be_visible()
    page.get_by_label("Username").fill(username)
    page.get_by_label("Display name").fill(username.title())
    page.get_by_label("Password (10 characters or more)").fill(PASSWORD)
    page.get_by_label("Password again").fill(PASSWORD)
    page.get_by_role("button", name="Sign up").click()


def _ask_for_organiser(page: Any, size: str, display_name: str) -> None:
    page.locator("header .account").get_by_role("link", name=display_name).click()
    expect(page.get_by_role("heading", name="Your account")).to_be_visible()
    _fits(page, size)
    page.get_by_label("Why you need the organiser role").fill("I run the club's monthly events")
    page.get_by_role("button", name="Ask for the organiser role").click()
    expect(page.locator("#request-status")).to_contain_text("an admin will grant or refuse it")


def _admin_page(browser: Any, live_site: LiveSite, size: str) -> Any:
    context = new_context(browser, viewport=SIZES[size])
    page = context.new_page()
    page.goto(f"{live_site.url}/sign-in")
    page.get_by_label("Username").fill(_admin(live_site))
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.locator("header .account").get_by_role("link", name="Admin", exact=True).click()
    expect(page.get_by_role("heading", name="Organiser requests")).to_be_visible()
    _fits(page, size)
    return page


@pytest.mark.parametrize("size", SIZES)
def test_a_player_signs_up_from_a_tournament_asks_and_an_admin_grants_the_role(
    browser: Any, live_site: LiveSite, size: str
) -> None:
    path = _tournament(live_site)
    username = f"kenji-{secrets.token_hex(3)}"
    context = new_context(browser, viewport=SIZES[size])
    page = context.new_page()
    _sign_up_from(page, live_site, path, username)
    expect(page).to_have_url(f"{live_site.url}{path}")  # back where they were going
    expect(page.locator("header .account")).to_contain_text("(player)")
    _ask_for_organiser(page, size, username.title())
    expect(page.get_by_role("link", name="New tournament")).to_have_count(0)

    admin = _admin_page(browser, live_site, size)
    request = admin.locator(".role-request", has_text=username)
    expect(request).to_contain_text("I run the club's monthly events")
    request.get_by_role("button", name="Grant").click()
    expect(admin.locator(".role-request", has_text=username)).to_have_count(0)

    page.reload()
    expect(page.locator("#account-role")).to_have_text("organiser")
    page.get_by_role("link", name="New tournament").click()
    expect(page.get_by_role("heading", name="New tournament")).to_be_visible()
    _fits(page, size)

    # The admin finds the account and makes it a player again.
    admin.get_by_label("Find an account").fill(username)
    admin.get_by_role("button", name="Find").click()
    row = admin.locator("table.accounts tbody tr", has_text=username)
    expect(row).to_contain_text("organiser")
    row.get_by_role("button", name=f"Make {username} a player").click()
    expect(admin.locator("table.accounts tbody tr", has_text=username)).to_contain_text("player")
    _fits(admin, size)
    page.goto(f"{live_site.url}/account")
    expect(page.locator("#account-role")).to_have_text("player")
    expect(page.get_by_role("button", name="Ask for the organiser role")).to_be_visible()
    admin.context.close()
    context.close()


@pytest.mark.parametrize("size", SIZES)
def test_an_admin_refuses_and_the_player_sees_it_on_their_account_page(
    browser: Any, live_site: LiveSite, size: str
) -> None:
    username = f"hanzo-{secrets.token_hex(3)}"
    context = new_context(browser, viewport=SIZES[size])
    page = context.new_page()
    _sign_up_from(page, live_site, "/games", username)
    expect(page).to_have_url(f"{live_site.url}/games")
    _ask_for_organiser(page, size, username.title())

    admin = _admin_page(browser, live_site, size)
    admin.locator(".role-request", has_text=username).get_by_role("button", name="Refuse").click()
    expect(admin.locator(".role-request", has_text=username)).to_have_count(0)

    page.reload()
    expect(page.locator("#request-status")).to_contain_text("An admin refused your request")
    expect(page.locator("#account-role")).to_have_text("player")
    expect(page.get_by_role("link", name="New tournament")).to_have_count(0)
    admin.context.close()
    context.close()


@pytest.mark.parametrize("size", SIZES)
def test_sign_in_from_a_page_that_needs_an_account_comes_back_to_it(
    browser: Any, live_site: LiveSite, size: str
) -> None:
    """A page behind sign-in sends the person to sign in; with no account yet they
    follow the sign-up link, and land on the page they wanted."""
    username = f"oda-{secrets.token_hex(3)}"
    context = new_context(browser, viewport=SIZES[size])
    page = context.new_page()
    page.goto(f"{live_site.url}/account/tokens")
    expect(page.get_by_role("heading", name="Sign in")).to_be_visible()
    _fits(page, size)
    page.locator("main").get_by_role("link", name="Sign up").click()
    expect(page.get_by_role("heading", name="Sign up")).to_be_visible()
    _fits(page, size)
    page.get_by_label("Username").fill(username)
    page.get_by_label("Display name").fill("Oda")
    page.get_by_label("Password (10 characters or more)").fill(PASSWORD)
    page.get_by_label("Password again").fill(PASSWORD)
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_role("heading", name="API tokens")).to_be_visible()

    page.locator("header .account").get_by_role("button", name="Sign out").click()
    page.goto(f"{live_site.url}/account")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("heading", name="Your account")).to_be_visible()
    context.close()


def test_a_player_does_not_see_the_admin_page(browser: Any, live_site: LiveSite) -> None:
    username = f"ashigaru-{secrets.token_hex(3)}"
    live_site.app.extensions["shiai"].accounts.create(username, "Ashigaru", PASSWORD)
    context = new_context(browser, viewport=SIZES["phone"])
    page = context.new_page()
    page.goto(f"{live_site.url}/sign-in?next=/admin")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_text("only a site admin sees this page")).to_be_visible()
    expect(
        page.locator("header .account").get_by_role("link", name="Admin", exact=True)
    ).to_have_count(0)
    context.close()
