"""App-wide protections that no route has to remember.

* Security headers on every response: a Content-Security-Policy (scripts and
  styles from this site only, scripts by a per-request nonce when a template
  needs an inline one; no framing), ``X-Frame-Options: DENY``,
  ``X-Content-Type-Options: nosniff`` and a ``Referrer-Policy``.
* A NUL byte anywhere in the path, the query string, a form field or a JSON
  string is refused with 400 before any route runs: PostgreSQL cannot store
  one in a text column, and no legitimate input contains it.
* Behind a proxy, werkzeug's ``ProxyFix`` trusts ``X-Forwarded-*`` from the
  number of proxies ``SHIAI_TRUSTED_PROXIES`` names (0: none), so that
  ``request.is_secure`` and the client's address are the real ones.
"""

from __future__ import annotations

import secrets
from typing import Any

from flask import Flask, Response, g, request
from werkzeug.exceptions import BadRequest
from werkzeug.middleware.proxy_fix import ProxyFix

NUL = "\x00"


def csp_nonce() -> str:
    """This response's script nonce (``<script nonce="{{ csp_nonce() }}">``)."""
    nonce: str | None = g.get("csp_nonce")
    if nonce is None:
        nonce = secrets.token_urlsafe(16)
        g.csp_nonce = nonce
    return nonce


def content_security_policy(nonce: str) -> str:
    # Styles allow inline ones: Plotly draws its charts with style attributes and
    # a <style> element of its own. Scripts never run inline without the nonce.
    directives = {
        "default-src": "'self'",
        "script-src": f"'self' 'nonce-{nonce}'",
        "style-src": "'self' 'unsafe-inline'",
        "img-src": "'self' data: blob:",
        "font-src": "'self'",
        "connect-src": "'self'",
        "object-src": "'none'",
        "base-uri": "'self'",
        "form-action": "'self'",
        "frame-ancestors": "'none'",
    }
    return "; ".join(f"{name} {value}" for name, value in directives.items())


SECURITY_HEADERS = {
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}


def _add_security_headers(response: Response) -> Response:
    response.headers.setdefault("Content-Security-Policy", content_security_policy(csp_nonce()))
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def _has_nul(value: Any) -> bool:
    """Whether any string in ``value`` (JSON-shaped; keys too) holds a NUL.
    Iterative: a deeply nested document must not exhaust the stack."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            if NUL in item:
                return True
        elif isinstance(item, dict):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
    return False


def _json_body() -> Any:
    try:
        return request.get_json(silent=True)
    except RecursionError:
        raise BadRequest("the JSON is nested too deeply to read") from None


def _refuse_nul_bytes() -> None:
    where = None
    if NUL in request.path:
        where = "the address"
    elif b"\x00" in request.query_string or _has_nul(request.args.to_dict(flat=False)):
        where = "the query string"
    elif request.mimetype in ("application/x-www-form-urlencoded", "multipart/form-data"):
        if _has_nul(request.form.to_dict(flat=False)):
            where = "a form field"
    elif request.is_json and _has_nul(_json_body()):
        where = "a JSON string"
    if where is not None:
        raise BadRequest(f"{where} contains a NUL character (\\0), which no field may hold")


def init_app(app: Flask) -> None:
    proxies = int(app.config.get("SHIAI_TRUSTED_PROXIES", 0))
    if proxies:
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies, x_port=proxies
        )
    app.before_request(_refuse_nul_bytes)
    app.after_request(_add_security_headers)
    app.jinja_env.globals["csp_nonce"] = csp_nonce
