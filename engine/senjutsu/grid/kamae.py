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
``(id, kamae type)``, so that ``grid`` needs nothing of the card model; for
convenience a whole tree (its JSON, or any object with ``branches`` whose items have
``from_``/``from``, ``to`` and ``pink``) is read the same way.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.senjutsu.grid.values import KamaePath

CHANGING_KAMAE = "Kamae Positions > Changing Kamae Positions"
SWITCHING_KAMAE = "Kamae Positions > Switching Kamae Positions"
FOCUS_LIMIT = "Kamae Positions > Changing Kamae Positions"  # "a maximum of 3 focus tokens"
MAX_FOCUS = 3


def branch_tuples(tree: object) -> tuple[tuple[str, str, bool], ...]:
    """A tree's branches as ``(from, to, pink)``, from a sequence of such tuples, a
    tree's JSON (``{"branches": [{"from", "to", "pink"}]}``) or a tree object."""
    if isinstance(tree, Mapping):
        items: Any = tree["branches"]
    elif hasattr(tree, "branches"):
        items = tree.branches
    else:
        items = tree
    found: list[tuple[str, str, bool]] = []
    for item in items:
        if isinstance(item, tuple):
            source, target, pink = item
        elif isinstance(item, Mapping):
            source, target, pink = item["from"], item["to"], item.get("pink", False)
        else:
            source = getattr(item, "from_", None) or item.source
            target, pink = item.to, item.pink
        found.append((str(source), str(target), bool(pink)))
    return tuple(found)


def kamae_paths(
    branches: Iterable[tuple[str, str, bool]] | object, at: str, up_to: int
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
    for source, target, pink in sorted(branch_tuples(branches)):
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
