"""Accounts in the browser and on the API: sign-up, sign-in, sign-out,
sessions, CSRF, API tokens, the account page (``/account``: asking for the
organiser role) and the admin page (``/admin``: requests and roles, admins only).

Sign-in and sign-up keep where the person was going (``next``), but only to a
path of this site (:func:`_safe_next`): never an open redirect.

Who a request comes from:

- pages and the play page's JSON calls: the session cookie (sign-in);
- the JSON API under /api: an API token (``Authorization: Bearer <token>``,
  created on /account/tokens or with ``shiai create-token``); a request that
  sends one is that token's account and nobody else, whatever its cookie says
  (an unknown or revoked token is nobody). Without one, the session cookie,
  as on the pages.

Every form carries the session's CSRF token (``csrf_token()`` in templates)
and every state-changing request authenticated by the cookie must send it
back: a form as its ``csrf_token`` field, the play page's JSON calls
(shiai.web.play) as the ``X-CSRF-Token`` header, and so must a write to /api
that relies on the cookie (the header only). A request with an API token
needs none: a browser never adds that header to another site's request.
Every write to /api needs an account (``api_caller``): 401 in JSON otherwise.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar
from urllib.parse import urlsplit

from flask import (
    Blueprint,
    Flask,
    abort,
    current_app,
    g,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import HTTPException

from shiai.accounts import (
    MAX_REASON,
    MAX_SEARCH,
    ROLES,
    Account,
    AccountError,
    Accounts,
    NotPermitted,
)
from shiai.errors import error_response
from shiai.web import throttling

bp = Blueprint("auth", __name__)

CSRF_FIELD = "csrf_token"
CSRF_HEADER = "X-CSRF-Token"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
API_PREFIX = "/api/"
# How the request's account was authenticated (``g.authenticated_by``).
BY_SESSION, BY_TOKEN = "session", "token"
BEARER = "bearer"

F = TypeVar("F", bound=Callable[..., ResponseReturnValue])


def csrf_token() -> str:
    token = session.get(CSRF_FIELD)
    if not isinstance(token, str):
        token = secrets.token_urlsafe(32)
        session[CSRF_FIELD] = token
    return token


def _check_csrf() -> None:
    if request.method in SAFE_METHODS:
        return
    if request.path.startswith(API_PREFIX):
        if g.get("authenticated_by") != BY_SESSION:
            return  # an API token, or nobody (refused by the route: 401)
        sent = request.headers.get(CSRF_HEADER, "")
    else:
        sent = request.headers.get(CSRF_HEADER) or request.form.get(CSRF_FIELD, "")
    expected = session.get(CSRF_FIELD)
    if not isinstance(expected, str) or not hmac.compare_digest(sent, expected):
        if request.path.startswith(API_PREFIX):
            abort(
                400,
                "a write authenticated by the session cookie must send the page's CSRF token "
                f"as the {CSRF_HEADER} header; a script sends an API token instead "
                "(Authorization: Bearer <token>)",
            )
        abort(400, "the form has expired or did not come from this site: reload it and try again")


def _bearer_token() -> str | None:
    """The API token of ``Authorization: Bearer <token>`` ("" if the header is
    there but malformed); ``None`` without an Authorization header."""
    header = request.headers.get("Authorization")
    if header is None:
        return None
    scheme, _, token = header.strip().partition(" ")
    return token.strip() if scheme.lower() == BEARER else ""


def _load_account() -> None:
    g.account = None
    g.authenticated_by = None
    g.refused_token = False
    accounts = current_app.extensions["shiai"].accounts
    if request.path.startswith(API_PREFIX):
        token = _bearer_token()
        if token is not None:  # the token's account, never the cookie's
            g.account = accounts.by_token(token) if token else None
            g.authenticated_by = BY_TOKEN if g.account is not None else None
            g.refused_token = g.account is None
            return
    account_id = session.get("account_id")
    if isinstance(account_id, str):
        g.account = accounts.get(account_id)
        if g.account is not None:
            g.authenticated_by = BY_SESSION


def current_account() -> Account | None:
    found: Account | None = g.get("account")
    return found


def signed_in() -> Account:
    """The signed-in account; routes reached anonymously redirect to sign-in first."""
    account = current_account()
    if account is None:
        abort(401)
    return account


def api_caller() -> Account:
    """The account a write to /api comes from; 401 (JSON) when there is none."""
    account = current_account()
    if account is None:
        if g.get("refused_token"):
            reason = (
                "the API token is unknown, malformed or revoked: send "
                "'Authorization: Bearer <token>' with a live token of your account"
            )
        else:
            reason = (
                "sign in first: a script sends an API token as 'Authorization: Bearer "
                f"<token>'; a signed-in browser page sends its session cookie and the "
                f"{CSRF_HEADER} header"
            )
        abort(401, f"{reason} (create a token on /account/tokens or with `shiai create-token`)")
    return account


def login_required(view: F) -> F:
    @wraps(view)
    def wrapped(*args: Any, **kwargs: Any) -> ResponseReturnValue:
        if current_account() is None:
            return redirect(_sign_in_first())
        return view(*args, **kwargs)

    return wrapped  # type: ignore[return-value]


MAX_NEXT = 2000


def _safe_next(target: str | None) -> str | None:
    r"""``target`` if it is a path on this site, else ``None``: never an open redirect.
    A browser reads ``/\evil.com`` as ``//evil.com`` and drops tabs and newlines
    (``/\t/evil.com``), so a backslash, a control character or a space is refused."""
    if not target or len(target) > MAX_NEXT or not target.startswith("/"):
        return None
    if target.startswith("//") or any(_unsafe(c) for c in target):
        return None
    parts = urlsplit(target)
    if parts.scheme or parts.netloc:
        return None
    return target


def _unsafe(c: str) -> bool:
    return c == "\\" or c.isspace() or ord(c) < 32 or ord(c) == 127


def _after_sign_in(target: str | None) -> str:
    return _safe_next(target) or url_for("tournaments.index")


def next_here() -> str | None:
    """Where a sign-in or sign-up link on this page sends the person back to: the
    page itself (a GET), or, on the sign-in and sign-up pages, their own ``next``."""
    if request.endpoint in ("auth.sign_in", "auth.sign_up"):
        target = request.args.get("next")
        if target is None and request.method == "POST":
            try:
                target = request.form.get("next")
            except HTTPException:  # a body too large to read: this is its 413 page
                target = None
        return _safe_next(target)
    if request.method != "GET":
        return None
    return _safe_next(request.full_path.rstrip("?"))


def _sign_in_first() -> str:
    """The sign-in page, then back to this page; a form posted without an account
    (a session that ended) comes back to the page the form was on, never to the
    address it posted to."""
    if request.method == "GET":
        target = _safe_next(request.full_path.rstrip("?"))
    else:
        referrer = urlsplit(request.referrer or "")
        same_site = referrer.netloc == request.host
        path = referrer.path + (f"?{referrer.query}" if referrer.query else "")
        target = _safe_next(path) if same_site else None
    return url_for("auth.sign_in", next=target) if target else url_for("auth.sign_in")


def _start_session(account_id: str) -> None:
    session.clear()  # a fresh session (and CSRF token) on sign-in: no fixation
    session["account_id"] = account_id


@bp.route("/sign-up", methods=["GET", "POST"])
def sign_up() -> ResponseReturnValue:
    next_page = _safe_next(request.values.get("next"))
    if request.method == "GET":
        return render_template("sign_up.html", next=next_page, form={})
    form = request.form
    refused = throttling.throttle().sign_up_attempt()
    if refused is not None:
        page = render_template("sign_up.html", next=next_page, form=form, error=refused.message)
        return page, 429, {"Retry-After": str(refused.retry_after)}
    if form.get("password", "") != form.get("password_again", ""):
        page = render_template(
            "sign_up.html", next=next_page, form=form, error="the passwords differ"
        )
        return page, 400
    try:
        account_id = current_app.extensions["shiai"].accounts.create(
            form.get("username", ""), form.get("display_name", ""), form.get("password", "")
        )
    except AccountError as error:
        page = render_template("sign_up.html", next=next_page, form=form, error=error.message)
        return page, 400
    _start_session(account_id)
    return redirect(_after_sign_in(next_page), 303)


@bp.route("/sign-in", methods=["GET", "POST"])
def sign_in() -> ResponseReturnValue:
    next_page = _safe_next(request.values.get("next"))
    if request.method == "GET":
        return render_template("sign_in.html", next=next_page, form={})
    username = request.form.get("username", "")
    limits = throttling.throttle()
    refused = limits.sign_in_attempt(username)
    if refused is not None:
        page = render_template(
            "sign_in.html", next=next_page, form=request.form, error=refused.message
        )
        return page, 429, {"Retry-After": str(refused.retry_after)}
    account = current_app.extensions["shiai"].accounts.authenticate(
        username, request.form.get("password", "")
    )
    if account is None:
        limits.sign_in_failed(username)
        return render_template(
            "sign_in.html", next=next_page, form=request.form, error="wrong username or password"
        ), 401
    _start_session(account.id)
    return redirect(_after_sign_in(next_page), 303)


@bp.post("/sign-out")
def sign_out() -> ResponseReturnValue:
    session.clear()
    return redirect(url_for("tournaments.index"), 303)


# -- API tokens (shiai.accounts) --------------------------------------------------------


def _tokens_page(status: int = 200, **context: Any) -> ResponseReturnValue:
    account = signed_in()
    tokens = current_app.extensions["shiai"].accounts.tokens(account.id)
    page = render_template("account_tokens.html", tokens=tokens, **context)
    # A page that may show a token's secret is never kept by a cache.
    return page, status, {"Cache-Control": "no-store"}


@bp.get("/account/tokens")
@login_required
def tokens() -> ResponseReturnValue:
    return _tokens_page()


@bp.post("/account/tokens")
@login_required
def create_token() -> ResponseReturnValue:
    """A new API token: its secret is on this answer's page, and never again."""
    name = request.form.get("name", "")
    try:
        created = current_app.extensions["shiai"].accounts.create_token(signed_in().id, name)
    except AccountError as error:
        return _tokens_page(400, error=error.message, name=name)
    return _tokens_page(201, created=created)


@bp.post("/account/tokens/<token_id>/revoke")
@login_required
def revoke_token(token_id: str) -> ResponseReturnValue:
    if not current_app.extensions["shiai"].accounts.revoke_token(signed_in().id, token_id):
        return _tokens_page(404, error="you have no such token, or it is already revoked")
    return redirect(url_for("auth.tokens"), 303)


# -- the account page, organiser-role requests and the admin page -------------------------


def _accounts() -> Accounts:
    found: Accounts = current_app.extensions["shiai"].accounts
    return found


def _account_page(status: int = 200, **context: Any) -> ResponseReturnValue:
    account = signed_in()
    role_request = _accounts().role_request(account.id)
    page = render_template(
        "account.html", account=account, role_request=role_request, max_reason=MAX_REASON, **context
    )
    return page, status


@bp.get("/account")
@login_required
def account() -> ResponseReturnValue:
    return _account_page()


@bp.post("/account/organiser-request")
@login_required
def ask_for_organiser() -> ResponseReturnValue:
    reason = request.form.get("reason", "")
    try:
        _accounts().ask_for_organiser(signed_in().id, reason)
    except AccountError as error:
        return _account_page(400, error=error.message, reason=reason[:MAX_REASON])
    return redirect(url_for("auth.account"), 303)


def _admin() -> Account:
    account = signed_in()
    if not account.is_admin:
        abort(403, "only a site admin sees this page")
    return account


def _page_number() -> int:
    raw = request.values.get("page", "1")
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 6) or int(raw) < 1:
        abort(400, "the page is a whole number from 1")
    return int(raw)


def _search() -> str:
    search = request.values.get("q", "").strip()
    if len(search) > MAX_SEARCH:
        abort(400, f"search for at most {MAX_SEARCH} characters")
    return search


def _admin_page(status: int = 200, **context: Any) -> ResponseReturnValue:
    admin = _admin()
    search, page_number = _search(), _page_number()
    page = render_template(
        "admin.html",
        admin=admin,
        requests=_accounts().pending_requests(),
        listing=_accounts().list_accounts(page_number, search),
        search=search,
        roles=ROLES,
        **context,
    )
    return page, status


def _back_to_admin() -> ResponseReturnValue:
    """Back to the list the admin acted on (same search, same page)."""
    search, page_number = _search(), _page_number()
    arguments: dict[str, Any] = {}
    if search:
        arguments["q"] = search
    if page_number > 1:
        arguments["page"] = page_number
    return redirect(url_for("auth.admin", **arguments), 303)


@bp.get("/admin")
@login_required
def admin() -> ResponseReturnValue:
    return _admin_page()


@bp.post("/admin/requests/<account_id>/<decision>")
@login_required
def decide_request(account_id: str, decision: str) -> ResponseReturnValue:
    admin = _admin()
    if decision not in ("grant", "refuse"):
        abort(404)
    try:
        _accounts().decide_request(admin.id, account_id, grant=decision == "grant")
    except NotPermitted as error:
        abort(403, error.message)
    except AccountError as error:
        return _admin_page(409, error=error.message)
    return _back_to_admin()


@bp.post("/admin/accounts/<account_id>/role")
@login_required
def set_role(account_id: str) -> ResponseReturnValue:
    admin = _admin()
    try:
        _accounts().set_role(admin.id, account_id, request.form.get("role", ""))
    except NotPermitted as error:
        abort(403, error.message)
    except AccountError as error:
        return _admin_page(400, error=error.message)
    return _back_to_admin()


def init_app(app: Flask) -> None:
    app.before_request(_load_account)
    app.before_request(_check_csrf)
    app.jinja_env.globals["csrf_token"] = csrf_token
    app.jinja_env.globals["current_account"] = current_account
    app.jinja_env.globals["next_here"] = next_here

    @app.errorhandler(401)
    def unauthorised(exc: Exception) -> ResponseReturnValue:
        if request.path.startswith(API_PREFIX):  # a script: JSON, not the sign-in page
            message = getattr(exc, "description", None) or "sign in first"
            challenge = [("WWW-Authenticate", 'Bearer realm="shiai"')]
            return error_response(401, "not_signed_in", message, headers=challenge)
        return redirect(_sign_in_first())
