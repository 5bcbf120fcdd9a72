"""Accounts: admins, organisers and players, with passwords hashed by scrypt,
their API tokens, and their requests for the organiser role.

Site roles: a player plays and reports; an organiser may also create
tournaments; an admin may do all an organiser may, and decides who is an
organiser (grants or refuses the organiser-role requests, changes roles on
/admin). The first admin is made on the command line (``shiai create-account
NAME --role admin``, refused once an admin exists); more admins only by an
admin. No admin changes their own role, so a site that has an admin keeps one.

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
from typing import Any

from sqlalchemy import Engine, Select, func, insert, or_, select, update
from sqlalchemy.exc import IntegrityError
from werkzeug.security import check_password_hash, generate_password_hash

from shiai.schema import accounts, api_tokens, role_requests

ADMIN = "admin"
ORGANISER = "organiser"
PLAYER = "player"
ROLES = (ADMIN, ORGANISER, PLAYER)
# An organiser-role request: waiting for an admin, then granted or refused.
PENDING, GRANTED, REFUSED = "pending", "granted", "refused"
MAX_REASON = 500
ACCOUNTS_PER_PAGE = 50
MAX_SEARCH = 64
MIN_PASSWORD = 10
MAX_PASSWORD = 1024
MAX_DISPLAY_NAME = 120
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


class NotPermitted(AccountError):
    """The account may not do this (an admin's decision by someone else): a 403."""


@dataclass(frozen=True)
class Account:
    id: str
    username: str
    display_name: str
    role: str

    @property
    def is_organiser(self) -> bool:
        """May create and run tournaments: an organiser or an admin (a site role;
        ``Tournament.is_organiser`` is who runs one tournament)."""
        return self.role in (ORGANISER, ADMIN)

    @property
    def is_admin(self) -> bool:
        return self.role == ADMIN


@dataclass(frozen=True)
class RoleRequest:
    """An account's latest request for the organiser role (one per account)."""

    account_id: str
    username: str
    display_name: str
    reason: str
    status: str  # PENDING, GRANTED or REFUSED
    asked_at: datetime
    decided_at: datetime | None

    @property
    def pending(self) -> bool:
        return self.status == PENDING


@dataclass(frozen=True)
class AccountPage:
    """One page of the accounts list on /admin."""

    accounts: list[Account]
    page: int
    more: bool


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
        if len(display_name.strip()) > MAX_DISPLAY_NAME:
            raise AccountError(f"a display name has at most {MAX_DISPLAY_NAME} characters")
        if len(password) < MIN_PASSWORD:
            raise AccountError(f"a password has at least {MIN_PASSWORD} characters")
        if len(password) > MAX_PASSWORD:
            raise AccountError(f"a password has at most {MAX_PASSWORD} characters")
        if role not in ROLES:
            raise AccountError(f"role must be {', '.join(ROLES)}")
        account_id = uuid.uuid4()
        try:
            with self.db_engine.begin() as conn:
                conn.execute(
                    insert(accounts).values(
                        id=account_id,
                        username=username,
                        display_name=display_name.strip(),
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

    # -- roles: the site admin, organiser-role requests ---------------------------------

    def first_admin(self) -> Account | None:
        """The admin made first (``None`` while the site has none)."""
        with self.db_engine.connect() as conn:
            row = conn.execute(
                select(accounts)
                .where(accounts.c.role == ADMIN)
                .order_by(accounts.c.created_at, accounts.c.id)
                .limit(1)
            ).first()
        return _account(row) if row is not None else None

    def ask_for_organiser(self, account_id: str, reason: str) -> None:
        """The account asks an admin for the organiser role, saying why; one
        pending request per account (a refused or granted one may be asked again)."""
        reason = reason.strip()
        if not reason:
            raise AccountError("say in a few words why you need the organiser role")
        if len(reason) > MAX_REASON:
            raise AccountError(f"the reason has at most {MAX_REASON} characters")
        account = self.get(account_id)
        if account is None:
            raise AccountError("no such account")
        if account.is_organiser:
            raise AccountError("you already have the organiser role")
        now = datetime.now(UTC)
        asked = {"reason": reason, "status": PENDING, "asked_at": now, "decided_at": None}
        key = uuid.UUID(account.id)
        try:
            with self.db_engine.begin() as conn:
                renewed = conn.execute(
                    update(role_requests)
                    .where(role_requests.c.account_id == key, role_requests.c.status != PENDING)
                    .values(decided_by=None, **asked)
                )
                if renewed.rowcount == 0:
                    conn.execute(insert(role_requests).values(account_id=key, **asked))
        except IntegrityError:  # the row exists and is pending (or was just made)
            raise AccountError(
                "you have already asked: an admin will grant or refuse your request"
            ) from None

    def role_request(self, account_id: str) -> RoleRequest | None:
        """The account's latest organiser-role request, if it ever made one."""
        with self.db_engine.connect() as conn:
            row = conn.execute(
                _requests().where(role_requests.c.account_id == uuid.UUID(account_id))
            ).first()
        return _request(row) if row is not None else None

    def pending_requests(self, limit: int = 100) -> list[RoleRequest]:
        """Requests waiting for an admin, oldest first."""
        with self.db_engine.connect() as conn:
            rows = conn.execute(
                _requests()
                .where(role_requests.c.status == PENDING)
                .order_by(role_requests.c.asked_at, role_requests.c.account_id)
                .limit(limit)
            ).all()
        return [_request(row) for row in rows]

    def decide_request(self, admin_id: str, account_id: str, grant: bool) -> None:
        """An admin grants (the account becomes an organiser) or refuses a pending request."""
        admin = self._admin(admin_id)
        key = _uuid(account_id)
        with self.db_engine.begin() as conn:
            decided = conn.execute(
                update(role_requests)
                .where(role_requests.c.account_id == key, role_requests.c.status == PENDING)
                .values(
                    status=GRANTED if grant else REFUSED,
                    decided_at=datetime.now(UTC),
                    decided_by=uuid.UUID(admin.id),
                )
            )
            if decided.rowcount != 1:
                raise AccountError("there is no such request waiting: it may have been decided")
            if grant:  # an admin stays an admin
                conn.execute(
                    update(accounts)
                    .where(accounts.c.id == key, accounts.c.role == PLAYER)
                    .values(role=ORGANISER)
                )

    def set_role(self, admin_id: str, account_id: str, role: str) -> None:
        """An admin changes another account's role (a pending request to be an
        organiser is granted by making the account an organiser or an admin)."""
        admin = self._admin(admin_id)
        if role not in ROLES:
            raise AccountError(f"role must be {', '.join(ROLES)}")
        key = _uuid(account_id)
        if str(key) == admin.id:
            raise NotPermitted("an admin does not change their own role (ask another admin)")
        now = datetime.now(UTC)
        with self.db_engine.begin() as conn:
            changed = conn.execute(update(accounts).where(accounts.c.id == key).values(role=role))
            if changed.rowcount != 1:
                raise AccountError("no such account")
            if role != PLAYER:
                conn.execute(
                    update(role_requests)
                    .where(role_requests.c.account_id == key, role_requests.c.status == PENDING)
                    .values(status=GRANTED, decided_at=now, decided_by=uuid.UUID(admin.id))
                )

    def list_accounts(self, page: int = 1, search: str = "") -> AccountPage:
        """A page of accounts by username; ``search`` keeps those whose username or
        display name contains it."""
        search = search.strip().lower()[:MAX_SEARCH]
        page = max(page, 1)
        query = select(accounts).order_by(accounts.c.username)
        if search:
            escaped = search.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
            pattern = f"%{escaped}%"
            query = query.where(
                or_(
                    accounts.c.username.like(pattern, escape="\\"),
                    func.lower(accounts.c.display_name).like(pattern, escape="\\"),
                )
            )
        query = query.offset((page - 1) * ACCOUNTS_PER_PAGE).limit(ACCOUNTS_PER_PAGE + 1)
        with self.db_engine.connect() as conn:
            rows = conn.execute(query).all()
        found = [_account(row) for row in rows[:ACCOUNTS_PER_PAGE]]
        return AccountPage(found, page, more=len(rows) > ACCOUNTS_PER_PAGE)

    def _admin(self, admin_id: str) -> Account:
        admin = self.get(admin_id)
        if admin is None or not admin.is_admin:
            raise NotPermitted("only an admin decides who is an organiser")
        return admin


def _uuid(account_id: str) -> uuid.UUID:
    try:
        return uuid.UUID(account_id)
    except ValueError:
        raise AccountError("no such account") from None


def _requests() -> Select[Any]:
    return select(
        role_requests,
        accounts.c.username,
        accounts.c.display_name,
    ).join(accounts, accounts.c.id == role_requests.c.account_id)


def _request(row: object) -> RoleRequest:
    return RoleRequest(
        account_id=str(row.account_id),  # type: ignore[attr-defined]
        username=row.username,  # type: ignore[attr-defined]
        display_name=row.display_name,  # type: ignore[attr-defined]
        reason=row.reason,  # type: ignore[attr-defined]
        status=row.status,  # type: ignore[attr-defined]
        asked_at=row.asked_at,  # type: ignore[attr-defined]
        decided_at=row.decided_at,  # type: ignore[attr-defined]
    )


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
