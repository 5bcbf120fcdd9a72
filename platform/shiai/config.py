"""Settings, from the environment, with development defaults marked as such."""

from __future__ import annotations

import os
from pathlib import Path

# Where `make run` keeps its SQLite file and other local state.
DEFAULT_INSTANCE_PATH = Path.cwd() / "instance"

# DEVELOPMENT ONLY: sessions signed with this key can be forged by anyone who
# reads this file. Production sets SHIAI_SECRET_KEY; create_app refuses to
# start with this key unless debugging or testing.
DEVELOPMENT_SECRET_KEY = "development-only-insecure-key"


def database_url_from_env(instance_path: Path | None = None) -> str:
    """``SHIAI_DATABASE_URL``, or a SQLite file under the instance folder."""
    url = os.environ.get("SHIAI_DATABASE_URL")
    if url:
        return url
    folder = instance_path or DEFAULT_INSTANCE_PATH
    return f"sqlite:///{folder / 'shiai.db'}"


def settings_from_env(instance_path: Path) -> dict[str, object]:
    rulesets = os.environ.get("SHIAI_RULESETS", "")
    return {
        "SHIAI_DATABASE_URL": database_url_from_env(instance_path),
        "SECRET_KEY": os.environ.get("SHIAI_SECRET_KEY", DEVELOPMENT_SECRET_KEY),
        "SHIAI_RULESETS": [spec.strip() for spec in rulesets.split(",") if spec.strip()],
    }
