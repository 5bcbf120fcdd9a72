"""Resolving Solo Cards and Solo Defence Cards: which part, which speed.

Rulebook 1.5, Solo Rules:

- "Resolving Solo Cards": "the opponent will choose the top part if using it allows
  them to attack your character ... If the opponent cannot resolve the top part in a
  way that allows them to attack your character, resolve the bottom part instead."
  (:func:`engine.senjutsu.solo.movement.can_attack_with_top` decides.)
- "Solo Defence Cards": "If your attack effect targets the opponent within their
  defence card's range of variable initiative speeds, the opponent resolves the top
  effect at that speed. If multiple attacks fall within this range, resolve the
  defence card at the speed that blocks the most wounds. If there is a tie, use the
  highest of the tied speeds. If no attacks (that would affect the opponent) fall
  within the range ..., resolve the top part ... at the highest possible speed."
- "Opponent Counters": a counter at the blocked attack's speed wounds you at once.
"""

from __future__ import annotations

from collections.abc import Sequence

SOLO_DEFENCE_CARDS = "Solo Rules > Solo Defence Cards"
OPPONENT_COUNTERS = "Solo Rules > Opponent Counters"


def solo_part(can_attack: bool) -> str:
    """``"top"`` when the top part can attack you, else ``"bottom"``."""
    return "top" if can_attack else "bottom"


def defence_speed(speeds: tuple[int, int], attacks: Sequence[tuple[int, int]]) -> int:
    """The speed a solo defence card's block resolves at: ``speeds`` its (already
    hobbled) ``(high, low)`` range, ``attacks`` your attacks that would affect the
    opponent as ``(speed, wounds the block would stop)``.

    >>> defence_speed((6, 2), [(7, 3), (4, 1), (3, 2)])
    3
    >>> defence_speed((6, 2), [(8, 2)])
    6
    """
    high, low = max(speeds), min(speeds)
    stopped: dict[int, int] = {}
    for speed, wounds in attacks:
        if low <= speed <= high:
            stopped[speed] = stopped.get(speed, 0) + wounds
    if not stopped:
        return high
    return max(stopped, key=lambda speed: (stopped[speed], speed))


def opponent_counter_wounds(counter_speeds: Sequence[int], blocked_attack_speed: int) -> int:
    """Wounds your character takes from an opponent's counter after a block: 1 when
    the blocked attack's speed is one of the counter's, else 0."""
    return 1 if blocked_attack_speed in counter_speeds else 0
