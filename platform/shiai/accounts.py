"""Accounts: organisers and players, with passwords hashed by scrypt, and
their API tokens.

A table of record, not an event store: a password hash must be replaceable
and deletable, which an append-only log is not.

An API token lets a script act as its account on the JSON API
(``Authorization: Bearer <token>``). The token is shown once, when it is
created; only its SHA-256 is stored (a token is 256 random bits, so a fast
hash is enough: there is nothing to brute-force, unlike a password). A
revoked token is refused from then on; its row is kept, with its dates.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import Engine, insert, or_, select, update
from sqlalchemy.exc import IntegrityError
from werkzeug.security import check_password_hash, generate_password_hash

from shiai.schema import accounts, api_tokens

ORGANISER = "organiser"
PLAYER = "player"
ROLES = (ORGANISER, PLAYER)
MIN_PASSWORD = 10
DEFAULT_METHOD = "scrypt"
USERNAME = re.compile(r"[a-z0-9][a-z0-9_.-]{1,31}")
TOKEN_PREFIX = "shiai_"  # lets secret scanners and people tell a Shiai token at a glance
MAX_TOKEN_NAME = 64
MAX_TOKEN_LENGTH = 128  # anything longer is no token of ours: not even hashed
# ``last_used_at`` is written at most this often per token, not on every request.
LAST_USED_RESOLUTION = timedelta(minutes=1)
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


@dataclass(frozen=True)
class ApiToken:
    id: str
    account_id: str
    name: str
    created_at: datetime
    last_used_at: datetime | None
    revoked_at: datetime | None

    @property
    def revoked(self) -> bool:
        return self.revoked_at is not None


@dataclass(frozen=True)
class NewToken:
    token: ApiToken
    secret: str  # shown once, never stored


def token_hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


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

    # -- API tokens ------------------------------------------------------------------

    def create_token(self, account_id: str, name: str) -> NewToken:
        """A new token for ``account_id``: the secret is in the answer, and nowhere else."""
        name = name.strip()
        if not name:
            raise AccountError("give the token a name, to tell your tokens apart")
        if len(name) > MAX_TOKEN_NAME or "\x00" in name:
            raise AccountError(f"a token's name has at most {MAX_TOKEN_NAME} characters")
        if self.get(account_id) is None:
            raise AccountError("no such account")
        secret = TOKEN_PREFIX + secrets.token_urlsafe(32)
        token = ApiToken(
            id=str(uuid.uuid4()),
            account_id=account_id,
            name=name,
            created_at=datetime.now(UTC),
            last_used_at=None,
            revoked_at=None,
        )
        with self.db_engine.begin() as conn:
            conn.execute(
                insert(api_tokens).values(
                    id=uuid.UUID(token.id),
                    account_id=uuid.UUID(account_id),
                    name=name,
                    token_hash=token_hash(secret),
                    created_at=token.created_at,
                )
            )
        return NewToken(token, secret)

    def tokens(self, account_id: str) -> list[ApiToken]:
        """The account's tokens, newest first (revoked ones too)."""
        with self.db_engine.connect() as conn:
            rows = conn.execute(
                select(api_tokens)
                .where(api_tokens.c.account_id == uuid.UUID(account_id))
                .order_by(api_tokens.c.created_at.desc(), api_tokens.c.id)
            ).all()
        return [_token(row) for row in rows]

    def revoke_token(self, account_id: str, token_id: str) -> bool:
        """Revoke one of the account's own tokens; ``False`` if it has no such live token."""
        try:
            key = uuid.UUID(token_id)
        except ValueError:
            return False
        with self.db_engine.begin() as conn:
            revoked = conn.execute(
                update(api_tokens)
                .where(
                    api_tokens.c.id == key,
                    api_tokens.c.account_id == uuid.UUID(account_id),
                    api_tokens.c.revoked_at.is_(None),
                )
                .values(revoked_at=datetime.now(UTC))
            )
        return revoked.rowcount == 1

    def by_token(self, secret: str) -> Account | None:
        """The account a live token belongs to (its use is noted), else ``None``."""
        if not secret.startswith(TOKEN_PREFIX) or len(secret) > MAX_TOKEN_LENGTH:
            return None
        with self.db_engine.connect() as conn:
            row = conn.execute(
                select(api_tokens.c.id.label("token_id"), accounts)
                .join(accounts, accounts.c.id == api_tokens.c.account_id)
                .where(
                    api_tokens.c.token_hash == token_hash(secret),
                    api_tokens.c.revoked_at.is_(None),
                )
            ).first()
        if row is None:
            return None
        now = datetime.now(UTC)
        with self.db_engine.begin() as conn:
            conn.execute(
                update(api_tokens)
                .where(
                    api_tokens.c.id == row.token_id,
                    or_(
                        api_tokens.c.last_used_at.is_(None),
                        api_tokens.c.last_used_at < now - LAST_USED_RESOLUTION,
                    ),
                )
                .values(last_used_at=now)
            )
        return _account(row)

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


def _token(row: object) -> ApiToken:
    return ApiToken(
        id=str(row.id),  # type: ignore[attr-defined]
        account_id=str(row.account_id),  # type: ignore[attr-defined]
        name=row.name,  # type: ignore[attr-defined]
        created_at=row.created_at,  # type: ignore[attr-defined]
        last_used_at=row.last_used_at,  # type: ignore[attr-defined]
        revoked_at=row.revoked_at,  # type: ignore[attr-defined]
    )
