"""Accounts in the browser: sign-up, sign-in, sign-out, sessions and CSRF.

Every form carries the session's CSRF token (``csrf_token()`` in templates)
and every state-changing request outside the JSON API must send it back: a
form as its ``csrf_token`` field, the play page's JSON calls (shiai.web.play)
as the ``X-CSRF-Token`` header. The JSON API under /api is not
cookie-authenticated, so it needs none.
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

from shiai.accounts import Account, AccountError
from shiai.web import throttling

bp = Blueprint("auth", __name__)

CSRF_FIELD = "csrf_token"
CSRF_HEADER = "X-CSRF-Token"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})

F = TypeVar("F", bound=Callable[..., ResponseReturnValue])


def csrf_token() -> str:
    token = session.get(CSRF_FIELD)
    if not isinstance(token, str):
        token = secrets.token_urlsafe(32)
        session[CSRF_FIELD] = token
    return token


def _check_csrf() -> None:
    if request.method in SAFE_METHODS or request.path.startswith("/api/"):
        return
    sent = request.headers.get(CSRF_HEADER) or request.form.get(CSRF_FIELD, "")
    expected = session.get(CSRF_FIELD)
    if not isinstance(expected, str) or not hmac.compare_digest(sent, expected):
        abort(400, "the form has expired or did not come from this site: reload it and try again")


def _load_account() -> None:
    account_id = session.get("account_id")
    account = None
    if isinstance(account_id, str):
        account = current_app.extensions["shiai"].accounts.get(account_id)
    g.account = account


def current_account() -> Account | None:
    found: Account | None = g.get("account")
    return found


def signed_in() -> Account:
    """The signed-in account; routes reached anonymously redirect to sign-in first."""
    account = current_account()
    if account is None:
        abort(401)
    return account


def login_required(view: F) -> F:
    @wraps(view)
    def wrapped(*args: Any, **kwargs: Any) -> ResponseReturnValue:
        if current_account() is None:
            return redirect(url_for("auth.sign_in", next=request.full_path.rstrip("?")))
        return view(*args, **kwargs)

    return wrapped  # type: ignore[return-value]


def _safe_next(target: str | None) -> str:
    """Only a path on this site: never an open redirect."""
    if target and target.startswith("/") and not target.startswith("//"):
        parts = urlsplit(target)
        if not parts.scheme and not parts.netloc:
            return target
    return url_for("tournaments.index")


def _start_session(account_id: str) -> None:
    session.clear()  # a fresh session (and CSRF token) on sign-in: no fixation
    session["account_id"] = account_id


@bp.route("/sign-up", methods=["GET", "POST"])
def sign_up() -> ResponseReturnValue:
    if request.method == "GET":
        return render_template("sign_up.html", form={})
    form = request.form
    refused = throttling.throttle().sign_up_attempt()
    if refused is not None:
        page = render_template("sign_up.html", form=form, error=refused.message)
        return page, 429, {"Retry-After": str(refused.retry_after)}
    if form.get("password", "") != form.get("password_again", ""):
        return render_template("sign_up.html", form=form, error="the passwords differ"), 400
    try:
        account_id = current_app.extensions["shiai"].accounts.create(
            form.get("username", ""), form.get("display_name", ""), form.get("password", "")
        )
    except AccountError as error:
        return render_template("sign_up.html", form=form, error=error.message), 400
    _start_session(account_id)
    return redirect(url_for("tournaments.index"), 303)


@bp.route("/sign-in", methods=["GET", "POST"])
def sign_in() -> ResponseReturnValue:
    next_page = request.values.get("next")
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
    return redirect(_safe_next(next_page), 303)


@bp.post("/sign-out")
def sign_out() -> ResponseReturnValue:
    session.clear()
    return redirect(url_for("tournaments.index"), 303)


def init_app(app: Flask) -> None:
    app.before_request(_load_account)
    app.before_request(_check_csrf)
    app.jinja_env.globals["csrf_token"] = csrf_token
    app.jinja_env.globals["current_account"] = current_account
    app.config.setdefault("SESSION_COOKIE_HTTPONLY", True)
    app.config.setdefault("SESSION_COOKIE_SAMESITE", "Lax")

    @app.errorhandler(401)
    def unauthorised(_exc: Exception) -> ResponseReturnValue:
        return redirect(url_for("auth.sign_in", next=request.full_path.rstrip("?")))
