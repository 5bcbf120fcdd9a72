"""Kamae Positions: changing along branches, switching, and the focus cap.

Rulebook 1.5, "Kamae Positions":

- "Changing Kamae Positions": "slide your Kamae ring ... along a branch to an adjacent
  position, up to the amount of times provided"; "Rings must slide along any branches
  in the direction indicated by the branch's arrows"; "If ... your Kamae ring travels
  along a pink branch, gain a focus token immediately."
- "Switching Kamae Positions": "move your Kamae ring directly to the specified Kamae
  position"; no focus; "If an effect instructs you to switch to any Kamae, you cannot
  choose the starting position."
- "Characters can only ever have a maximum of 3 focus tokens ... Focus gained beyond
  this limit is lost immediately."

A tree is given as plain values: its branches ``(from, to, pink)`` and its positions
``(id, kamae type)``, so that ``grid`` needs nothing of the card model.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.senjutsu.grid.values import KamaePath

CHANGING_KAMAE = "Kamae Positions > Changing Kamae Positions"
SWITCHING_KAMAE = "Kamae Positions > Switching Kamae Positions"
FOCUS_LIMIT = "Kamae Positions > Changing Kamae Positions"  # "a maximum of 3 focus tokens"
MAX_FOCUS = 3


def kamae_paths(
    branches: Iterable[tuple[str, str, bool]], at: str, up_to: int
) -> tuple[KamaePath, ...]:
    """Every way to change Kamae up to ``up_to`` times from ``at``: every walk of 0 to
    ``up_to`` branches along their arrows, with the focus its pink branches give,
    sorted by path.

    >>> [p.path for p in kamae_paths([("n", "a", True), ("a", "b", False)], "n", 2)]
    [('n',), ('n', 'a'), ('n', 'a', 'b')]
    """
    if up_to < 0:
        raise ValueError(f"a Kamae change moves 0 or more times, not {up_to}")
    outgoing: dict[str, list[tuple[str, bool]]] = {}
    for source, target, pink in sorted(branches):
        outgoing.setdefault(source, []).append((target, pink))
    found: set[KamaePath] = set()
    walks = [KamaePath((at,), 0)]
    found.update(walks)
    for _ in range(up_to):
        walks = [
            KamaePath((*walk.path, target), walk.focus + int(pink))
            for walk in walks
            for target, pink in outgoing.get(walk.end, ())
        ]
        found.update(walks)
    return tuple(sorted(found))


def kamae_switch_targets(
    positions: Sequence[tuple[str, str]], start: str, to: str
) -> tuple[str, ...]:
    """The positions a Kamae switch may go to, sorted: those of type ``to``, or for
    ``"any"`` every position but the tree's starting one (Switching Kamae Positions)."""
    if to == "any":
        return tuple(sorted(position for position, _ in positions if position != start))
    return tuple(sorted(position for position, kind in positions if kind == to))


def gain_focus(focus: int, gained: int) -> int:
    """Focus after gaining ``gained``: at most 3, the rest lost at once."""
    return max(0, min(MAX_FOCUS, focus + gained))
