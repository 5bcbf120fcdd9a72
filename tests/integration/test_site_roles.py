"""Site roles (issue 19): the first admin is made on the command line, anyone asks
for the organiser role on their account page, an admin grants or refuses it on
/admin; sign-in and sign-up keep where the person was going (``next``), on this
site only. SQLite and PostgreSQL."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from shiai.accounts import ADMIN, ORGANISER, PLAYER, AccountError, NotPermitted
from tests.support.web import PASSWORD, form, new_account, signed_in_client

TOURNAMENT_PAGE = "/tournaments?page=2"
OFFSITE = [
    "//evil.com",
    "https://evil.com",
    "/\\evil.com",
    "/\\/evil.com",
    "\\\\evil.com",
    "/\t/evil.com",
    "/%0a/evil.com",  # harmless, percent-encoded: kept as a path
    "http:/evil.com",
    "evil.com",
    "javascript:alert(1)",
    "/" + "a" * 3000,
]


def _accounts(app: Flask):  # type: ignore[no-untyped-def]
    return app.extensions["shiai"].accounts


def _admin(app: Flask, username: str = "shogun") -> str:
    return new_account(app, username, ADMIN)


def _role(app: Flask, account_id: str) -> str:
    account = _accounts(app).get(account_id)
    assert account is not None
    role: str = account.role
    return role


# -- the first admin, on the command line -------------------------------------------------


def test_the_first_admin_is_made_on_the_command_line_and_a_second_is_refused(
    app: Flask,
) -> None:
    runner = app.test_cli_runner()
    made = runner.invoke(
        args=["create-account", "shogun", "--role", "admin", "--password", PASSWORD]
    )
    assert made.exit_code == 0, made.output
    assert "admin account shogun created" in made.output
    admin = _accounts(app).by_username("shogun")
    assert admin.is_admin
    assert admin.is_organiser

    again = runner.invoke(
        args=["create-account", "daimyo", "--role", "admin", "--password", PASSWORD]
    )
    assert again.exit_code != 0
    assert "already has an admin (shogun)" in again.output
    assert _accounts(app).by_username("daimyo") is None


def test_an_admin_creates_tournaments_as_an_organiser_does(app: Flask) -> None:
    _admin(app)
    client = signed_in_client(app, "shogun")
    assert client.get("/tournaments/new").status_code == 200


# -- asking for the organiser role ---------------------------------------------------------


def test_a_player_asks_once_and_an_admin_grants_it(app: Flask) -> None:
    admin_id = _admin(app)
    player_id = new_account(app, "kenji")
    accounts = _accounts(app)
    accounts.ask_for_organiser(player_id, "I run the Tuesday club league")
    with pytest.raises(AccountError, match="already asked"):
        accounts.ask_for_organiser(player_id, "again")
    [waiting] = accounts.pending_requests()
    assert (waiting.username, waiting.reason) == ("kenji", "I run the Tuesday club league")

    accounts.decide_request(admin_id, player_id, grant=True)
    assert _role(app, player_id) == ORGANISER
    assert accounts.role_request(player_id).status == "granted"
    assert accounts.pending_requests() == []
    with pytest.raises(AccountError, match="no such request"):
        accounts.decide_request(admin_id, player_id, grant=False)  # decided already
    with pytest.raises(AccountError, match="already have the organiser role"):
        accounts.ask_for_organiser(player_id, "more")


def test_a_refused_player_stays_a_player_and_may_ask_again(app: Flask) -> None:
    admin_id = _admin(app)
    player_id = new_account(app, "kenji")
    accounts = _accounts(app)
    accounts.ask_for_organiser(player_id, "please")
    accounts.decide_request(admin_id, player_id, grant=False)
    assert _role(app, player_id) == PLAYER
    assert accounts.role_request(player_id).status == "refused"
    accounts.ask_for_organiser(player_id, "I run the regional championship")
    again = accounts.role_request(player_id)
    assert (again.status, again.reason) == ("pending", "I run the regional championship")


@pytest.mark.parametrize(
    ("reason", "message"),
    [("   ", "say in a few words"), ("x" * 501, "at most 500 characters")],
)
def test_a_request_without_a_reason_or_with_a_long_one_is_a_400_and_stores_nothing(
    app: Flask, reason: str, message: str
) -> None:
    new_account(app, "kenji")
    client = signed_in_client(app, "kenji")
    response = form(client, "/account/organiser-request", {"reason": reason})
    assert response.status_code == 400
    assert message in response.text
    assert _accounts(app).pending_requests() == []


def test_the_account_page_shows_the_request_and_its_outcome(app: Flask) -> None:
    admin_id = _admin(app)
    player_id = new_account(app, "kenji")
    client = signed_in_client(app, "kenji")
    page = client.get("/account")
    assert page.status_code == 200
    assert "Ask for the organiser role" in page.text
    asked = form(client, "/account/organiser-request", {"reason": "club <b>league</b>"})
    assert asked.status_code == 303
    assert asked.headers["Location"] == "/account"
    page = client.get("/account").text
    assert "an admin will grant or refuse it" in page
    assert "club &lt;b&gt;league&lt;/b&gt;" in page
    assert form(client, "/account/organiser-request", {"reason": "twice"}).status_code == 400

    _accounts(app).decide_request(admin_id, player_id, grant=False)
    assert "An admin refused your request" in client.get("/account").text
    form(client, "/account/organiser-request", {"reason": "more detail"})
    _accounts(app).decide_request(admin_id, player_id, grant=True)
    page = client.get("/account").text
    assert "New tournament" in page
    assert "organiser" in page


def test_asking_needs_a_signed_in_account_and_the_form_s_csrf_token(app: Flask) -> None:
    anonymous = app.test_client()
    with anonymous.session_transaction() as session:
        session["csrf_token"] = "token"
    for referrer, location in [
        ("http://localhost/account", "/sign-in?next=/account"),  # back to the form's page
        ("https://evil.com/account", "/sign-in"),
        (None, "/sign-in"),
    ]:
        headers = {"Referer": referrer} if referrer else {}
        sent = anonymous.post(
            "/account/organiser-request",
            data={"reason": "x", "csrf_token": "token"},
            headers=headers,
        )
        assert sent.status_code == 302
        assert sent.headers["Location"] == location
    new_account(app, "kenji")
    client = signed_in_client(app, "kenji")
    forged = client.post("/account/organiser-request", data={"reason": "x"})
    assert forged.status_code == 400
    assert _accounts(app).pending_requests() == []


# -- the admin page ----------------------------------------------------------------------


def test_only_an_admin_sees_the_admin_page(app: Flask) -> None:
    _admin(app)
    new_account(app, "kenji")
    new_account(app, "oda", ORGANISER)
    assert app.test_client().get("/admin").status_code == 302
    assert signed_in_client(app, "kenji").get("/admin").status_code == 403
    assert signed_in_client(app, "oda").get("/admin").status_code == 403
    page = signed_in_client(app, "shogun").get("/admin")
    assert page.status_code == 200
    assert "kenji" in page.text
    assert "oda" in page.text


def test_an_admin_grants_and_refuses_on_the_admin_page(app: Flask) -> None:
    _admin(app)
    kenji = new_account(app, "kenji")
    hanzo = new_account(app, "hanzo")
    _accounts(app).ask_for_organiser(kenji, "club league")
    _accounts(app).ask_for_organiser(hanzo, "trust me")
    admin = signed_in_client(app, "shogun")
    page = admin.get("/admin").text
    assert "club league" in page
    assert "trust me" in page
    granted = form(admin, f"/admin/requests/{kenji}/grant")
    assert granted.status_code == 303
    assert granted.headers["Location"] == "/admin"
    assert form(admin, f"/admin/requests/{hanzo}/refuse").status_code == 303
    assert (_role(app, kenji), _role(app, hanzo)) == (ORGANISER, PLAYER)
    again = form(admin, f"/admin/requests/{hanzo}/grant")
    assert again.status_code == 409
    assert _role(app, hanzo) == PLAYER
    assert form(admin, "/admin/requests/not-a-uuid/grant").status_code == 409
    assert form(admin, f"/admin/requests/{kenji}/promote").status_code == 404


def test_no_one_but_an_admin_decides_a_request_or_a_role(app: Flask) -> None:
    _admin(app)
    kenji = new_account(app, "kenji")
    new_account(app, "oda", ORGANISER)
    _accounts(app).ask_for_organiser(kenji, "me")
    for username in ("kenji", "oda"):
        client = signed_in_client(app, username)
        assert form(client, f"/admin/requests/{kenji}/grant").status_code == 403
        assert form(client, f"/admin/accounts/{kenji}/role", {"role": "admin"}).status_code == 403
    assert _role(app, kenji) == PLAYER
    with pytest.raises(NotPermitted):
        _accounts(app).decide_request(kenji, kenji, grant=True)
    with pytest.raises(NotPermitted):
        _accounts(app).set_role(kenji, kenji, ADMIN)
    # and an admin's own form needs the CSRF token
    admin = signed_in_client(app, "shogun")
    assert admin.post(f"/admin/requests/{kenji}/grant").status_code == 400
    assert _role(app, kenji) == PLAYER


def test_an_admin_makes_an_organiser_a_player_again_but_never_changes_their_own_role(
    app: Flask,
) -> None:
    admin_id = _admin(app)
    oda = new_account(app, "oda", ORGANISER)
    admin = signed_in_client(app, "shogun")
    assert form(admin, f"/admin/accounts/{oda}/role", {"role": "player"}).status_code == 303
    assert _role(app, oda) == PLAYER
    assert form(admin, f"/admin/accounts/{oda}/role", {"role": "admin"}).status_code == 303
    assert _role(app, oda) == ADMIN  # more admins: only by an admin
    own = form(admin, f"/admin/accounts/{admin_id}/role", {"role": "player"})
    assert own.status_code == 403
    assert _role(app, admin_id) == ADMIN
    bad = form(admin, f"/admin/accounts/{oda}/role", {"role": "shogun"})
    assert bad.status_code == 400
    assert "role must be" in bad.text
    assert form(admin, "/admin/accounts/nobody/role", {"role": "player"}).status_code == 400


def test_making_a_requester_an_organiser_from_the_list_settles_the_request(app: Flask) -> None:
    _admin(app)
    kenji = new_account(app, "kenji")
    _accounts(app).ask_for_organiser(kenji, "me")
    admin = signed_in_client(app, "shogun")
    form(admin, f"/admin/accounts/{kenji}/role", {"role": "organiser"})
    assert _accounts(app).pending_requests() == []
    assert _accounts(app).role_request(kenji).status == "granted"


def test_the_accounts_list_pages_and_searches(app: Flask) -> None:
    _admin(app)
    accounts = _accounts(app)
    for n in range(55):
        accounts.create(f"p{n:02d}", f"Player {n}", PASSWORD)
    accounts.create("under_score", "Percent 100%", PASSWORD)
    first = accounts.list_accounts(1)
    assert len(first.accounts) == 50
    assert first.more
    second = accounts.list_accounts(2)
    assert not second.more
    assert len(second.accounts) == 7
    assert [a.username for a in accounts.list_accounts(1, "P0").accounts][:2] == ["p00", "p01"]
    assert [a.username for a in accounts.list_accounts(1, "_").accounts] == ["under_score"]
    assert [a.username for a in accounts.list_accounts(1, "100%").accounts] == ["under_score"]
    admin = signed_in_client(app, "shogun")
    page = admin.get("/admin?page=2").text
    assert "Previous page" in page
    assert "Next page" not in page
    assert admin.get("/admin?page=0").status_code == 400
    assert admin.get("/admin?page=%C2%B2").status_code == 400
    assert admin.get("/admin?q=" + "x" * 65).status_code == 400
    searched = admin.get("/admin?q=under")
    assert "under_score" in searched.text
    assert "p00" not in searched.text
    # an action from a searched, paged list comes back to the same list
    back = form(
        admin,
        f"/admin/accounts/{accounts.by_username('p00').id}/role?q=p&page=1",
        {"role": "organiser", "q": "p", "page": "1"},
    )
    assert back.headers["Location"] == "/admin?q=p"


# -- sign-up and sign-in keep where the person was going -------------------------------


def test_sign_up_then_sign_in_keep_next(app: Flask) -> None:
    client = app.test_client()
    page = client.get(TOURNAMENT_PAGE)
    assert "/sign-up?next=/tournaments?page%3D2" in page.text or "next=%2Ftournaments" in page.text
    sign_up = client.get("/sign-up", query_string={"next": TOURNAMENT_PAGE})
    assert f'name="next" value="{TOURNAMENT_PAGE}"' in sign_up.text
    made = form(
        client,
        "/sign-up",
        {
            "username": "kenji",
            "display_name": "Kenji",
            "password": PASSWORD,
            "password_again": PASSWORD,
            "next": TOURNAMENT_PAGE,
        },
    )
    assert made.status_code == 303
    assert made.headers["Location"] == TOURNAMENT_PAGE
    client = app.test_client()
    sign_in = client.get("/sign-in", query_string={"next": TOURNAMENT_PAGE})
    assert "/sign-up?next=" in sign_in.text  # the sign-up link carries it on
    signed = form(
        client, "/sign-in", {"username": "kenji", "password": PASSWORD, "next": TOURNAMENT_PAGE}
    )
    assert signed.headers["Location"] == TOURNAMENT_PAGE


def test_a_failed_sign_up_keeps_next(app: Flask) -> None:
    refused = form(
        app.test_client(),
        "/sign-up?next=/games",
        {"username": "k", "display_name": "K", "password": PASSWORD, "password_again": PASSWORD},
    )
    assert refused.status_code == 400
    assert 'name="next" value="/games"' in refused.text


def test_a_page_that_needs_an_account_sends_its_address_through_sign_in(app: Flask) -> None:
    new_account(app, "kenji")
    client = app.test_client()
    sent = client.get("/account/tokens")
    assert sent.status_code == 302
    assert sent.headers["Location"] == "/sign-in?next=/account/tokens"
    back = form(
        client, "/sign-in", {"username": "kenji", "password": PASSWORD, "next": "/account/tokens"}
    )
    assert back.headers["Location"] == "/account/tokens"


@pytest.mark.parametrize("target", OFFSITE)
def test_next_never_leaves_the_site(app: Flask, target: str) -> None:
    new_account(app, "kenji")
    client: FlaskClient = app.test_client()
    signed = form(client, "/sign-in", {"username": "kenji", "password": PASSWORD, "next": target})
    location = signed.headers["Location"]
    if target == "/%0a/evil.com":
        assert location == target  # a path of this site
    else:
        assert location == "/tournaments", target
    made = form(
        app.test_client(),
        "/sign-up",
        {
            "username": f"x{OFFSITE.index(target)}",
            "display_name": "X",
            "password": PASSWORD,
            "password_again": PASSWORD,
            "next": target,
        },
    )
    assert made.headers["Location"] in ("/tournaments", "/%0a/evil.com")
    page = app.test_client().get("/sign-in", query_string={"next": target}).text
    if target != "/%0a/evil.com":
        assert 'name="next"' not in page


def test_sign_up_fields_have_size_limits(app: Flask) -> None:
    for field, value, message in [
        ("display_name", "x" * 121, "at most 120"),
        ("password", "x" * 1025, "at most 1024"),
    ]:
        data = {"username": "kenji", "display_name": "K", "password": PASSWORD}
        data[field] = value
        data["password_again"] = data["password"]
        refused = form(app.test_client(), "/sign-up", data)
        assert refused.status_code == 400
        assert message in refused.text
    assert _accounts(app).by_username("kenji") is None
