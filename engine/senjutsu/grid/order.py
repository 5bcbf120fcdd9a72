"""The order of resolution: initiative speed, card type, then the advantage track.

Rulebook 1.5:

- "Turn Structure In Detail > Resolve": "Resolve ability cards in initiative speed
  order, from highest to lowest. Ability cards with the same initiative speed are
  resolved in order based on their type. First resolve defence, then attack, then
  meditation, then finally, core. If both players played cards with the same
  initiative speed and type, the character highest on the advantage track chooses the
  order cards are resolved in."
- "Multiplayer Rules > Tied Initiative Speed And Advantage": with 3+ tied, "the tied
  player whose character is highest on the advantage track chooses where in the tied
  order to resolve their card. Then the next highest chooses and so on, until all tied
  players have decided or have been left with no choice."
- "Other Ability Card Icons > Hobble": "Each active hobble reduces the initiative speed
  of ability cards you play by 1, to a minimum of 1"; a variable speed loses 1 at
  both ends.

Two players are the three-player rule with two: the higher chooses its place (first or
second), the other is left with no choice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

RESOLVE_ORDER = "Turn Structure In Detail > Resolve"
TIED_INITIATIVE = "Multiplayer Rules > Tied Initiative Speed And Advantage"
HOBBLE = "Other Ability Card Icons > Hobble"

TYPE_ORDER: dict[str, int] = {"defence": 0, "attack": 1, "meditation": 2, "core": 3}
"""Same speed: defence, then attack, then meditation, then core."""


@dataclass(frozen=True, order=True)
class PlayedCard:
    """One card part waiting to be resolved: whose, at which speed, of which type
    (defence, attack, meditation, core), and which part (``top`` or ``split``)."""

    side: str
    speed: int
    kind: str
    part: str = "top"

    def __post_init__(self) -> None:
        if self.kind not in TYPE_ORDER:
            raise ValueError(
                f"a card resolves as defence, attack, meditation or core, not {self.kind!r}"
            )


def _track_place(advantage: Sequence[str], side: str) -> int:
    try:
        return list(advantage).index(side)
    except ValueError:
        raise ValueError(f"{side!r} is not on the advantage track") from None


def resolution_groups(
    played: Sequence[PlayedCard], advantage: Sequence[str]
) -> tuple[tuple[PlayedCard, ...], ...]:
    """The card parts in resolution order, as groups of ties: speed high to low, then
    type; a group of two or more (same speed and type) needs the tie choices of
    :func:`tie_chooser` / :func:`place_in_tie`. Within a group, the sides appear in
    advantage track order (top first)."""
    ordered = sorted(
        played,
        key=lambda card: (
            -card.speed,
            TYPE_ORDER[card.kind],
            _track_place(advantage, card.side),
            card.part,
        ),
    )
    groups: list[list[PlayedCard]] = []
    for card in ordered:
        if groups and (groups[-1][0].speed, groups[-1][0].kind) == (card.speed, card.kind):
            groups[-1].append(card)
        else:
            groups.append([card])
    return tuple(tuple(group) for group in groups)


resolution_order = resolution_groups
"""The contract's name (section 4) for :func:`resolution_groups`."""

TieSlots = tuple[str | None, ...]
"""A tied group being ordered: the side in each place, None while undecided."""


def empty_tie(group: Sequence[PlayedCard]) -> TieSlots:
    """The places of a tied group before anyone chooses."""
    return (None,) * len(group)


def tie_chooser(
    group: Sequence[PlayedCard], slots: TieSlots, advantage: Sequence[str]
) -> str | None:
    """Who chooses a place next: the highest on the track not yet placed, while two
    or more places are free (None when the order is settled or forced)."""
    free = slots.count(None)
    if free < 2:
        return None
    placed = {side for side in slots if side is not None}
    waiting = sorted(
        (card.side for card in group if card.side not in placed),
        key=lambda side: _track_place(advantage, side),
    )
    return waiting[0]


def place_in_tie(
    group: Sequence[PlayedCard], slots: TieSlots, advantage: Sequence[str], side: str, place: int
) -> TieSlots:
    """``side`` takes ``place`` (0 = resolves first); then a side left with a single
    free place takes it. Raises ValueError when it is not ``side``'s choice or the
    place is taken."""
    if tie_chooser(group, slots, advantage) != side:
        raise ValueError(f"{side!r} does not choose a place in this tie now")
    if not 0 <= place < len(slots) or slots[place] is not None:
        raise ValueError(f"place {place} is not free")
    filled = list(slots)
    filled[place] = side
    if filled.count(None) == 1:
        placed = set(filled)
        (last,) = [card.side for card in group if card.side not in placed]
        filled[filled.index(None)] = last
    return tuple(filled)


def order_with_first(
    group: Sequence[PlayedCard], advantage: Sequence[str], first: str
) -> tuple[str, ...]:
    """Two tied cards: the higher on the track chose that ``first`` resolves first."""
    sides = [card.side for card in group]
    if first not in sides:
        raise ValueError(f"{first!r} is not in this tie")
    return (first, *(side for side in sides if side != first))


def hobbled_speed(speed: int, hobbles: int) -> int:
    """A card's initiative speed with ``hobbles`` active hobbles: minus one each, to a
    minimum of 1 (a speed already below 1, a stun's 0, stays as it is)."""
    if hobbles < 0:
        raise ValueError(f"a character has 0 or more hobbles, not {hobbles}")
    return max(min(speed, 1), speed - hobbles)


def hobbled_range(speeds: tuple[int, int], hobbles: int) -> tuple[int, int]:
    """A variable speed ``(high, low)`` with hobbles: both ends reduced (Calm Defence
    [6-2] with one hobble becomes [5-1])."""
    high, low = speeds
    return (hobbled_speed(high, hobbles), hobbled_speed(low, hobbles))
