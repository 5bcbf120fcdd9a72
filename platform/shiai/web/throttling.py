"""Sign-in and sign-up throttling, on Flask-Limiter's storage and strategies.

Three limits, each a Flask-Limiter (``limits``) rate limit in a moving window:

* per account (the username as typed, normalised as accounts are): failed
  sign-ins only. A correct password never counts, so a player who mistypes
  twice is not locked out by their own later sign-ins; an attacker guessing a
  password gets a few tries per window and then only 429s, even with the
  right password.
* per address (the client's, through ``ProxyFix`` when proxies are trusted):
  every sign-in attempt, so one address cannot try many accounts fast;
* per address: every sign-up.

Flask-Limiter's decorators would need one ``Limiter`` for every app of the
process (its storage shared by them); the views call :class:`Throttle`
instead, one per app (``app.extensions["shiai_throttle"]``), whose storage is
``SHIAI_RATELIMIT_STORAGE`` (``memory://`` by default; a shared one such as
``redis://127.0.0.1:6379`` when several workers serve the site). This is
``deduct_when=status == 401`` for the per-account limit, written out.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from flask import Flask, current_app, request
from flask_limiter import Limiter
from limits import RateLimitItem, parse

SIGN_IN_PER_ACCOUNT = "10 per 15 minutes"
SIGN_IN_PER_ADDRESS = "60 per minute"
SIGN_UP_PER_ADDRESS = "30 per hour"


@dataclass(frozen=True)
class Refusal:
    message: str
    retry_after: int  # seconds


def _address() -> str:
    return request.remote_addr or "unknown"


class Throttle:
    def __init__(self, app: Flask) -> None:
        self.limiter = Limiter(
            _address,
            app=app,
            storage_uri=str(app.config.get("SHIAI_RATELIMIT_STORAGE", "memory://")),
            strategy="moving-window",
            key_prefix="shiai",
        )
        config = app.config
        self.per_account = parse(config.get("SHIAI_SIGN_IN_PER_ACCOUNT", SIGN_IN_PER_ACCOUNT))
        self.per_address = parse(config.get("SHIAI_SIGN_IN_PER_ADDRESS", SIGN_IN_PER_ADDRESS))
        self.sign_ups = parse(config.get("SHIAI_SIGN_UP_PER_ADDRESS", SIGN_UP_PER_ADDRESS))

    def _refusal(self, item: RateLimitItem, key: str, what: str) -> Refusal:
        reset_at = self.limiter.limiter.get_window_stats(item, key).reset_time
        seconds = max(1, math.ceil(reset_at - time.time()))
        minutes = math.ceil(seconds / 60)
        unit = "minute" if minutes == 1 else "minutes"
        return Refusal(f"too many {what}; try again in {minutes} {unit}", seconds)

    def sign_in_attempt(self, username: str) -> Refusal | None:
        """Count an attempt from this address; a refusal if this address or this
        account has had too many (checked before the password is)."""
        account = f"sign-in-account/{username.strip().lower()}"
        if not self.limiter.limiter.test(self.per_account, account):
            return self._refusal(self.per_account, account, "sign-in attempts for this account")
        address = f"sign-in-address/{_address()}"
        if not self.limiter.limiter.hit(self.per_address, address):
            return self._refusal(self.per_address, address, "sign-in attempts from your address")
        return None

    def sign_in_failed(self, username: str) -> None:
        self.limiter.limiter.hit(self.per_account, f"sign-in-account/{username.strip().lower()}")

    def sign_up_attempt(self) -> Refusal | None:
        address = f"sign-up-address/{_address()}"
        if not self.limiter.limiter.hit(self.sign_ups, address):
            return self._refusal(self.sign_ups, address, "sign-ups from your address")
        return None

    def reset(self) -> None:
        self.limiter.reset()


def init_app(app: Flask) -> None:
    app.extensions["shiai_throttle"] = Throttle(app)


def throttle() -> Throttle:
    found: Throttle = current_app.extensions["shiai_throttle"]
    return found
