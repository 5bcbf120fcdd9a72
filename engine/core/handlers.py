"""Tables of evolve handlers, one per rule area, for a system's ``evolve``.

A system applies each event with the handler its kind names. Each rule area keeps
its own table, filled by a decorator that refuses a kind handled twice; the system
merges the tables into one (refusing a kind two areas both handle).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engine.core.ruleset import Event, State

Handler = Callable[[State, Event], State]


def handler_table(table: dict[str, Handler]) -> Callable[..., Callable[[Handler], Handler]]:
    """A decorator ``@handles("kind", ...)`` that puts its handler in ``table`` under
    each kind, refusing a kind already there.

    >>> table: dict[str, Handler] = {}
    >>> handles = handler_table(table)
    >>> @handles("moved")
    ... def moved(state, event):
    ...     return {**state, "at": event["to"]}
    >>> table["moved"]({}, {"to": 3})
    {'at': 3}
    """

    def handles(*kinds: str) -> Callable[[Handler], Handler]:
        def put(handler: Handler) -> Handler:
            for kind in kinds:
                if kind in table:
                    raise ValueError(f"two handlers of {kind!r} events")
                table[kind] = handler
            return handler

        return put

    return handles


def merged(*tables: Mapping[str, Handler]) -> dict[str, Handler]:
    """One table of every handler of ``tables``, refusing a kind two of them handle."""
    found: dict[str, Handler] = {}
    for table in tables:
        twice = sorted(set(found) & set(table))
        if twice:
            raise ValueError(f"events handled twice: {', '.join(twice)}")
        found.update(table)
    return found
