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
