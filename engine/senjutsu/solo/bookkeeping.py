"""The solo opponents' small rules on plain values: stuns, view hand, reset deck,
collisions, tied initiative, wounds, and what opponents ignore.

Rulebook 1.5, Solo Rules (Solo Gameplay, Adjusting Player Cards, Opponent
Collisions, Reset Deck). Shuffling is the caller's (the one Fisher-Yates over the
command's dice): these functions say which cards to shuffle, never in what order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

STUN = "stun"
TIED_INITIATIVE = "Solo Gameplay > Resolve"
REVEAL = "Solo Gameplay > Reveal"
SOLO_STUN = "Adjusting Player Cards > Stun"
VIEW_HAND = "Adjusting Player Cards > View Hand"
RESET_DECK = "Resolving Solo Cards > Reset Deck"
OPPONENT_COLLISIONS = "Opponent Movement > Opponent Collisions"
IGNORED = "Adjusting Player Cards > Focus, Draw / Discard cards"

IGNORED_EFFECTS = frozenset({"focus", "draw", "discard"})
"""Effects an opponent ignores: "Opponents do not use focus. Ignore any effects that
would cause them to gain or lose focus"; "Opponents do not have a hand of cards.
Ignore draw and discard effects"."""


def ignores(effect: str) -> bool:
    """Whether an opponent ignores an effect ``do`` (gaining or losing focus,
    drawing, discarding)."""
    return effect in IGNORED_EFFECTS


def deck_with_stun(deck: Sequence[str]) -> tuple[str, ...]:
    """Stunning an opponent: "shuffle a stun card from the supply into their ability
    card deck" (the cards to shuffle; the caller shuffles)."""
    return (*deck, STUN)


@dataclass(frozen=True)
class Reveal:
    """What the Reveal step does for an opponent: ``reshuffle`` the discard pile into
    a new deck first (its deck is empty), then reveal ``card`` (the top one; None if
    it has no card at all). A revealed stun goes above its card and ``skips`` the
    Resolve and Discard steps."""

    reshuffle: bool
    card: str | None
    skips: bool


def reveal(deck: Sequence[str], discard: Sequence[str]) -> Reveal:
    """Solo Gameplay > Reveal: the top card, after reshuffling an empty deck from the
    discard pile (the card is then unknown until the caller shuffles: None)."""
    if deck:
        return Reveal(False, deck[0], deck[0] == STUN)
    return Reveal(bool(discard), None, False)


def solo_defeated(wounds_left: int, stuns_above: int) -> bool:
    """An opponent is defeated with no wounds left, or when "the number of stun cards
    above an opponent's character card ever equals their remaining wounds"."""
    return wounds_left <= 0 or stuns_above >= wounds_left


def solo_wounds(wounds: int, bleeding: int) -> int:
    """ "Opponents treat their bleeding wounds as wounds": wounds to remove."""
    return wounds + bleeding


def view_hand_needs_reshuffle(deck: Sequence[str]) -> bool:
    """View Hand: "If the opponent has fewer than two cards in their ability card
    deck, first reshuffle their discard pile to form a new deck" (added below the
    cards left)."""
    return len(deck) < 2


def view_hand(deck: Sequence[str]) -> tuple[str, ...]:
    """View Hand: the top two cards you look at (then shuffled and put back on top)."""
    return tuple(deck[:2])


def reset_deck(
    deck: Sequence[str], discard: Sequence[str], revealed: str | None
) -> tuple[str, ...]:
    """Reset Deck: "shuffle that card, and all other cards belonging to that
    opponent, back into their solo ability card deck" (the cards to shuffle; stuns
    above the card stay there)."""
    cards = [*deck, *discard]
    if revealed is not None:
        cards.append(revealed)
    return tuple(cards)


@dataclass(frozen=True)
class CollisionPenalty:
    """What a collision between characters costs: who discards the card being
    resolved (an opponent) or a card from hand (a player), who takes a stun."""

    discards: tuple[str, ...]
    stunned: tuple[str, ...]


def collision_penalty(mover: str, other: str) -> CollisionPenalty:
    """Move Effects > Collisions with Opponent Collisions: the mover discards (a
    player 1 card from hand, an opponent its current ability card), both are stunned
    (a player adds a stun to hand, an opponent has one shuffled into its deck)."""
    return CollisionPenalty((mover,), (mover, other))


def tie_order(tied: Sequence[str], player: str, row: Sequence[str]) -> tuple[str, ...]:
    """Solo Gameplay > Resolve: with a tied initiative speed, "advantage order is
    always the player character first, followed by opponents in order from left to
    right as they appear in the opponent card row"."""
    place: Mapping[str, int] = {side: index + 1 for index, side in enumerate(row)}
    unknown = [side for side in tied if side != player and side not in place]
    if unknown:
        raise ValueError(f"{unknown} are not in the opponent row")
    return tuple(sorted(tied, key=lambda side: 0 if side == player else place[side]))
