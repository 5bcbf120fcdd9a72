"""Running the Alembic migrations from the platform."""

from __future__ import annotations

from pathlib import Path

from alembic.config import Config

from alembic import command

# platform/shiai/migrations.py -> the repository root holds alembic.ini.
ALEMBIC_INI = Path(__file__).resolve().parents[2] / "alembic.ini"


def alembic_config(database_url: str) -> Config:
    config = Config(str(ALEMBIC_INI))
    config.attributes["database_url"] = database_url
    return config


def upgrade(database_url: str, revision: str = "head") -> None:
    command.upgrade(alembic_config(database_url), revision)
