"""Whose eyes a game is seen through: a spectator's, or one side's.

While a game runs, a side's own view (its sealed answers, its hand) is only
for the account that plays that side: the player of the tournament pairing
the game is linked to, or the account seated at that side of a game created
in the browser or through the API (shiai.play; the host sits at both sides of
a hot-seat game, a script at every side of the games it starts). The account
is the signed-in session's, or on /api an API token's (shiai.web.auth), so a
script sees its own sides' views as a player does. Once the game has ended
everything is public, so every view shows the whole game.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from threading import Lock
from uuid import UUID

from flask import current_app

from replays.records import GameSummary
from shiai.errors import BadRequest, Forbidden
from shiai.web.auth import current_account

SPECTATOR = "spectator"


@dataclass(frozen=True)
class ViewOption:
    value: str  # "spectator" or a side
    label: str
    available: bool


@dataclass(frozen=True)
class View:
    viewer: str | None  # the side whose view is shown; None for a spectator
    value: str
    options: tuple[ViewOption, ...]
    note: str  # why some views are unavailable, or that all is public


def player_sides(game_id: UUID) -> tuple[str, ...]:
    """The sides the signed-in account plays in this game: its seats, and its
    tournament pairing's side (``Play.sides_of``)."""
    account = current_account()
    if account is None:
        return ()
    sides: tuple[str, ...] = current_app.extensions["shiai"].play.sides_of(game_id, account.id)
    return sides


def seat_view(summary: GameSummary) -> str | None:
    """The view a game's page opens with when ``?view=`` is not given: a running game
    shows the signed-in player of one side that side's own view (its hand, its
    sealed answers); everyone else, a hot-seat host (who plays both sides and
    chooses) and every visitor of an ended game start from the spectator view."""
    if summary.outcome is not None:
        return None
    own = player_sides(summary.id)
    return own[0] if len(own) == 1 else None


def resolve_view(summary: GameSummary, raw: str | None) -> View:
    """The view asked for with ``?view=`` (default: spectator), checked.

    Unknown values are a 400; a side's view of a running game asked for by
    anyone but that side's player is a 403."""
    value = raw if raw not in (None, "") else SPECTATOR
    if value != SPECTATOR and value not in summary.sides:
        allowed = ", ".join([SPECTATOR, *summary.sides])
        raise BadRequest(f"view must be one of {allowed}, not {value!r}")
    over = summary.outcome is not None
    own = () if over else player_sides(summary.id)
    options = [ViewOption(SPECTATOR, "Spectator", True)]
    options += [ViewOption(side, f"Side {side}", over or side in own) for side in summary.sides]
    if over:
        note = "The game has ended: every view shows everything."
    elif len(own) > 1:
        note = f"You play sides {' and '.join(own)} (hot-seat): you may see either side's view."
    elif own:
        note = f"You play side {own[0]}: your own view shows what only side {own[0]} knows."
    else:
        note = (
            "While the game runs, a side's own view is only for the player signed in "
            "as that side (a game linked to a tournament pairing); everyone else sees "
            "the spectator view, with every sealed choice hidden."
        )
    if value != SPECTATOR and not over and value not in own:
        raise Forbidden(
            f"side {value}'s view of a running game is only for the player of side {value}: "
            "sign in as that player, or choose the spectator view"
        )
    return View(
        viewer=None if value == SPECTATOR else value,
        value=value,
        options=tuple(options),
        note=note,
    )


# The view key of an ended game's steps: every view of them is the same.
EVERY_VIEW = "*"


class EncodedSteps:
    """Encoded step answers, least recently used first out, bounded by the
    bytes held; keyed by (game, step, view).

    - An ended game's steps never change (an ended game takes no command) and
      every view of them is the same: the whole answer is kept, once, under
      ``EVERY_VIEW``.
    - A running game's step N is immutable once recorded too: its state, and
      the prompt at it (whether step N closes a command is written with the
      command's events, saved together). What moves on is the game's head
      (``last_step``, ``game_over``), and once the game ends every view shows
      the whole state. So only the stable part (state, hash, prompt) is kept,
      per view (``spectator`` or the side: sealed information stays per
      view), and the answer is put together with the head read at each
      request; once the head says the game is over it is answered as an
      ended game's step."""

    def __init__(self, max_bytes: int = 64 * 1024 * 1024) -> None:
        self.max_bytes = max_bytes
        self._held = 0
        self._entries: OrderedDict[tuple[UUID, int, str], bytes] = OrderedDict()
        self._lock = Lock()

    def get(self, game_id: UUID, step: int, view: str = EVERY_VIEW) -> bytes | None:
        key = (game_id, step, view)
        with self._lock:
            found = self._entries.get(key)
            if found is not None:
                self._entries.move_to_end(key)
            return found

    def put(self, game_id: UUID, step: int, body: bytes, view: str = EVERY_VIEW) -> None:
        if len(body) > self.max_bytes:
            return
        key = (game_id, step, view)
        with self._lock:
            previous = self._entries.pop(key, None)
            if previous is not None:
                self._held -= len(previous)
            self._entries[key] = body
            self._held += len(body)
            while self._held > self.max_bytes:
                _, dropped = self._entries.popitem(last=False)
                self._held -= len(dropped)
