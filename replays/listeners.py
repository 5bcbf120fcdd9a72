"""Calling the listeners of an application after a save (read models catching up).

The events are stored when the listeners run: whatever a listener raises is
logged and goes no further, so the request that saved them answers its real
status. A follower records the events it cannot apply itself
(``replays.projection``); what reaches this point is anything else (the
database gone away, say), which the next catch-up (the next save, or the
next start of the app or CLI) repairs.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from typing import Any
from uuid import UUID

logger = logging.getLogger(__name__)


def notify_all(listeners: Iterable[Callable[[], object]]) -> None:
    """Call every listener; log, never raise, what one raises."""
    for listener in listeners:
        try:
            listener()
        except Exception:
            logger.exception(
                "a read model could not catch up after a save (the events are stored; "
                "the next catch-up retries): %r",
                listener,
            )


class NotifiesListeners:
    """An eventsourcing ``Application`` mix-in (list it first): ``on_recorded``
    listeners, called after every successful save by :func:`notify_all`."""

    _recorded_listeners: list[Callable[[], object]]

    def on_recorded(self, listener: Callable[[], object]) -> None:
        """Call ``listener`` after every successful save (the read models catch up)."""
        if not hasattr(self, "_recorded_listeners"):
            self._recorded_listeners = []
        self._recorded_listeners.append(listener)

    def _notify(self, recordings: list[Any]) -> None:
        notify_all(getattr(self, "_recorded_listeners", ()))  # logs, never raises


def originators(events: Iterable[tuple[int, Any]], kind: type[Any]) -> list[UUID]:
    """The ids of the aggregates whose events of ``kind`` are among ``events``
    (a follower's batch), each once, in order."""
    return list(
        dict.fromkeys(event.originator_id for _, event in events if isinstance(event, kind))
    )
