"""The round timer: what the organiser started, paused and extended, read at a moment.

The aggregate stores the timer of a round as plain data (``RoundEntry.timer``):
its length in minutes (extensions included), when it started, when it was
paused (``None`` while it runs) and how many seconds it has spent paused in
all. The times are UTC ISO strings that the application took from its clock and
wrote into the events: a replay reads them, it never reads a clock. Whether the
time is up depends on the moment one asks, so the view answers ``state(now)``
and ``remaining_seconds(now)`` for a ``now`` the caller gives.

>>> timer = RoundTimer.from_stored(2, {"minutes": 150, "started_at": "2026-05-02T09:00:00+00:00",
...                                    "paused_at": None, "paused_seconds": 0})
>>> timer.ends_at.isoformat()
'2026-05-02T11:30:00+00:00'
>>> timer.remaining_seconds(datetime(2026, 5, 2, 11, 0, tzinfo=UTC))
1800
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Literal

# A Kensei round at 300 points is played in about two hours; half an hour more
# covers deployment and the scenario's end. The organiser chooses at the start.
DEFAULT_ROUND_MINUTES = 150
LONGEST_ROUND_MINUTES = 600
LONGEST_EXTENSION_MINUTES = 240

TimerState = Literal["running", "paused", "ended"]


def utc_text(moment: datetime) -> str:
    """``moment`` as the stored text: UTC, whole seconds (refuses a naive time)."""
    if moment.tzinfo is None:
        raise ValueError("the timer's times are aware UTC datetimes, not naive ones")
    return moment.astimezone(UTC).replace(microsecond=0).isoformat()


def parse_utc(text: str) -> datetime:
    return datetime.fromisoformat(text).astimezone(UTC)


@dataclass(frozen=True)
class RoundTimer:
    """The timer of round ``round``, as the stored events left it."""

    round: int
    minutes: int
    started_at: datetime
    paused_at: datetime | None
    paused_seconds: int

    @classmethod
    def from_stored(cls, number: int, stored: dict[str, Any]) -> RoundTimer:
        paused_at = stored.get("paused_at")
        return cls(
            round=number,
            minutes=int(stored["minutes"]),
            started_at=parse_utc(stored["started_at"]),
            paused_at=parse_utc(paused_at) if paused_at else None,
            paused_seconds=int(stored.get("paused_seconds", 0)),
        )

    @property
    def paused(self) -> bool:
        return self.paused_at is not None

    @property
    def ends_at(self) -> datetime:
        """When the round ends if the timer is not paused again (while it is
        paused: when it would have ended had it been resumed at the pause)."""
        return self.started_at + timedelta(minutes=self.minutes, seconds=self.paused_seconds)

    def remaining_seconds(self, now: datetime) -> int:
        """Whole seconds left at ``now`` (frozen while paused; never below 0)."""
        moment = self.paused_at if self.paused_at is not None else now
        return max(0, int((self.ends_at - moment).total_seconds()))

    def state(self, now: datetime) -> TimerState:
        if self.paused:
            return "paused"
        return "running" if self.remaining_seconds(now) > 0 else "ended"


def clock_text(seconds: int) -> str:
    """``seconds`` as the timer shows it: ``1:05:09`` or ``05:09``.

    >>> clock_text(3909), clock_text(309), clock_text(0)
    ('1:05:09', '05:09', '00:00')
    """
    hours, rest = divmod(max(0, seconds), 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes:02d}:{secs:02d}"


__all__ = [
    "DEFAULT_ROUND_MINUTES",
    "LONGEST_EXTENSION_MINUTES",
    "LONGEST_ROUND_MINUTES",
    "RoundTimer",
    "TimerState",
    "clock_text",
    "parse_utc",
    "utc_text",
]
