"""Accounts: organisers and players, with passwords hashed by scrypt.

A table of record, not an event store: a password hash must be replaceable
and deletable, which an append-only log is not.
"""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import Engine, insert, select
from sqlalchemy.exc import IntegrityError
from werkzeug.security import check_password_hash, generate_password_hash

from shiai.schema import accounts

ORGANISER = "organiser"
PLAYER = "player"
ROLES = (ORGANISER, PLAYER)
MIN_PASSWORD = 10
DEFAULT_METHOD = "scrypt"
USERNAME = re.compile(r"[a-z0-9][a-z0-9_.-]{1,31}")
# Spends the same time on an unknown username as on a wrong password.
_DUMMY_HASH = generate_password_hash("timing-equaliser", method="scrypt")


class AccountError(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class Account:
    id: str
    username: str
    display_name: str
    role: str

    @property
    def is_organiser(self) -> bool:
        return self.role == ORGANISER


class Accounts:
    """``password_method`` is werkzeug's: ``scrypt`` (n=2**15, r=8, p=1) in production;
    the tests use a cheaper scrypt, as Django's tests use a fast hasher."""

    def __init__(self, db_engine: Engine, password_method: str = DEFAULT_METHOD) -> None:
        self.db_engine = db_engine
        self.password_method = password_method

    def create(self, username: str, display_name: str, password: str, role: str = PLAYER) -> str:
        username = username.strip().lower()
        if not USERNAME.fullmatch(username):
            raise AccountError(
                "a username is 2 to 32 lowercase letters, digits, '.', '_' or '-', "
                "starting with a letter or digit"
            )
        if not display_name.strip():
            raise AccountError("give a display name")
        if len(password) < MIN_PASSWORD:
            raise AccountError(f"a password has at least {MIN_PASSWORD} characters")
        if role not in ROLES:
            raise AccountError(f"role must be {' or '.join(ROLES)}")
        account_id = uuid.uuid4()
        try:
            with self.db_engine.begin() as conn:
                conn.execute(
                    insert(accounts).values(
                        id=account_id,
                        username=username,
                        display_name=display_name.strip()[:120],
                        password_hash=generate_password_hash(password, method=self.password_method),
                        role=role,
                        created_at=datetime.now(UTC),
                    )
                )
        except IntegrityError:
            raise AccountError(f"the username {username!r} is taken") from None
        return str(account_id)

    def authenticate(self, username: str, password: str) -> Account | None:
        with self.db_engine.connect() as conn:
            row = conn.execute(
                select(accounts).where(accounts.c.username == username.strip().lower())
            ).first()
        if row is None:
            check_password_hash(_DUMMY_HASH, password)
            return None
        if not check_password_hash(row.password_hash, password):
            return None
        return _account(row)

    def get(self, account_id: str) -> Account | None:
        try:
            key = uuid.UUID(account_id)
        except ValueError:
            return None
        with self.db_engine.connect() as conn:
            row = conn.execute(select(accounts).where(accounts.c.id == key)).first()
        return _account(row) if row is not None else None

    def by_username(self, username: str) -> Account | None:
        with self.db_engine.connect() as conn:
            row = conn.execute(
                select(accounts).where(accounts.c.username == username.strip().lower())
            ).first()
        return _account(row) if row is not None else None

    def names(self, account_ids: list[str]) -> dict[str, str]:
        """Display names of the given ids (unknown ids are left out)."""
        keys = []
        for account_id in account_ids:
            try:
                keys.append(uuid.UUID(account_id))
            except ValueError:
                continue
        if not keys:
            return {}
        with self.db_engine.connect() as conn:
            rows = conn.execute(
                select(accounts.c.id, accounts.c.display_name).where(accounts.c.id.in_(keys))
            )
            return {str(row.id): row.display_name for row in rows}

    def count(self) -> int:
        with self.db_engine.connect() as conn:
            return len(conn.execute(select(accounts.c.id)).all())


def _account(row: object) -> Account:
    return Account(
        id=str(row.id),  # type: ignore[attr-defined]
        username=row.username,  # type: ignore[attr-defined]
        display_name=row.display_name,  # type: ignore[attr-defined]
        role=row.role,  # type: ignore[attr-defined]
    )
