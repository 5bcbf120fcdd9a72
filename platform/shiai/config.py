"""Settings, from the environment, with development defaults marked as such."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

# Where `make run` keeps its SQLite file and other local state.
DEFAULT_INSTANCE_PATH = Path.cwd() / "instance"

# DEVELOPMENT ONLY: sessions signed with this key can be forged by anyone who
# reads this file. Production sets SHIAI_SECRET_KEY; create_app refuses to
# start with this key outside development (SHIAI_ENV=production, or under gunicorn).
DEVELOPMENT_SECRET_KEY = "development-only-insecure-key"

DEVELOPMENT = "development"
PRODUCTION = "production"
ENVIRONMENTS = (DEVELOPMENT, PRODUCTION)

# The largest request body the platform reads (413 beyond). The largest
# legitimate one is a record import: a long Kensei bot game's export is about
# 1 MB (tests/integration/test_input_limits.py measures one), so 8 MB leaves
# headroom for longer games without letting one request hold a worker's memory.
DEFAULT_MAX_REQUEST_BYTES = 8 * 1024 * 1024

# Flask-Limiter's storage: per process by default; several workers or machines
# share one (e.g. redis://127.0.0.1:6379) so that limits hold across them.
DEFAULT_RATELIMIT_STORAGE = "memory://"


class ConfigurationError(RuntimeError):
    """A setting the platform refuses to start with; the message says what to set."""


def database_url_from_env(instance_path: Path | None = None) -> str:
    """``SHIAI_DATABASE_URL``, or a SQLite file under the instance folder."""
    url = os.environ.get("SHIAI_DATABASE_URL")
    if url:
        return url
    folder = instance_path or DEFAULT_INSTANCE_PATH
    return f"sqlite:///{folder / 'shiai.db'}"


def environment_from_env(environ: Mapping[str, str] | None = None) -> str:
    """``SHIAI_ENV``; when unset, production under gunicorn (which sets
    ``SERVER_SOFTWARE`` in the process environment) and development otherwise."""
    environ = os.environ if environ is None else environ
    named = environ.get("SHIAI_ENV", "").strip().lower()
    if not named:
        return PRODUCTION if "gunicorn" in environ.get("SERVER_SOFTWARE", "") else DEVELOPMENT
    if named not in ENVIRONMENTS:
        raise ConfigurationError(
            f"SHIAI_ENV must be one of {', '.join(ENVIRONMENTS)}, not {named!r}"
        )
    return named


def _flag(name: str, default: bool) -> bool:
    raw = os.environ.get(name, "").strip().lower()
    if not raw:
        return default
    if raw in ("1", "true", "yes", "on"):
        return True
    if raw in ("0", "false", "no", "off"):
        return False
    raise ConfigurationError(f"{name} must be 1 or 0, not {raw!r}")


def _whole(name: str, default: int, *, low: int, high: int) -> int:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    if not raw.isdigit() or not low <= int(raw) <= high:
        raise ConfigurationError(f"{name} must be a whole number from {low} to {high}, not {raw!r}")
    return int(raw)


def paths_from_env(name: str) -> list[str]:
    """A list of file paths, separated as in ``PATH`` (``:``; ``;`` on Windows)."""
    raw = os.environ.get(name, "")
    return [path.strip() for path in raw.split(os.pathsep) if path.strip()]


def settings_from_env(instance_path: Path) -> dict[str, object]:
    rulesets = os.environ.get("SHIAI_RULESETS", "")
    environment = environment_from_env()
    return {
        "SHIAI_ENV": environment,
        "SHIAI_DATABASE_URL": database_url_from_env(instance_path),
        "SECRET_KEY": os.environ.get("SHIAI_SECRET_KEY") or DEVELOPMENT_SECRET_KEY,
        "SHIAI_RULESETS": [spec.strip() for spec in rulesets.split(",") if spec.strip()],
        # Senjutsu card files of the organiser's own, added to (or replacing by id) the
        # packaged sample cards (docs/rules/senjutsu.md, "Sample data").
        "SHIAI_SENJUTSU_CARDS": paths_from_env("SHIAI_SENJUTSU_CARDS"),
        # A folder of Samurai Battles data files of the user's own (the base game's unit
        # values, tables and scenarios), replacing the sample data
        # (docs/rules/samurai-battles.md).
        "SHIAI_SAMURAI_BATTLES_DATA": os.environ.get("SHIAI_SAMURAI_BATTLES_DATA", "").strip(),
        # A folder of skirmish data files of the user's own (warbands, profiles,
        # scenarios...), replacing the sample data (docs/rules/skirmish.md).
        "SHIAI_SKIRMISH_DATA": os.environ.get("SHIAI_SKIRMISH_DATA", "").strip(),
        # Session cookies: never readable by scripts, not sent on cross-site
        # sub-requests or posts, and only over https unless told otherwise.
        "SESSION_COOKIE_HTTPONLY": True,
        "SESSION_COOKIE_SAMESITE": "Lax",
        "SESSION_COOKIE_SECURE": _flag("SHIAI_SECURE_COOKIES", environment == PRODUCTION),
        # How many proxies in front of the app set X-Forwarded-For/-Proto/-Host
        # (werkzeug's ProxyFix); 0 trusts none of those headers.
        "SHIAI_TRUSTED_PROXIES": _whole("SHIAI_TRUSTED_PROXIES", 0, low=0, high=10),
        "MAX_CONTENT_LENGTH": _whole(
            "SHIAI_MAX_REQUEST_BYTES", DEFAULT_MAX_REQUEST_BYTES, low=1024, high=2**31
        ),
        "SHIAI_RATELIMIT_STORAGE": os.environ.get("SHIAI_RATELIMIT_STORAGE")
        or DEFAULT_RATELIMIT_STORAGE,
    }
