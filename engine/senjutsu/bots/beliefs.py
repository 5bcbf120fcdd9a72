"""What one side may know of a duel, and a state consistent with it.

A bot must never peek at hidden information (Turn Structure In Detail > Setup:
"your hand should be hidden from your opponent"; the order of every deck, the
other sides' hands, face-down discards and a played card before the reveal).
:func:`unknown_cards` lists what the other side may hold from what ``side`` can
see: the other character's deck list (the catalogue's, as printed on its
sample deck) less the cards seen face up (its discard pile, the card it
revealed); :func:`determinised` builds a state in which every hidden card is
drawn from those unknowns (and ``side``'s own deck is shuffled: it does not know
the order either), so a simulation on it can only use what ``side`` knows.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import State
from engine.senjutsu.cards import Catalogue, load_catalogue

STUN = "stun"


def deck_list(character_id: str, catalogue: Catalogue) -> list[str]:
    """The cards a character's deck is built of as far as a rival can tell: its
    sample deck list from the catalogue (empty for one the catalogue lacks)."""
    character = catalogue.characters.get(character_id)
    return [] if character is None else list(character.deck)


def always_in_hand(character: Mapping[str, Any], catalogue: Catalogue | None = None) -> set[str]:
    """The core cards a character holds whenever it has not played them: its core
    ability card and its core weapon (Setup > Player Setup 5-6; Discard: core cards
    return to hand and cannot be discarded)."""
    catalogue = catalogue or load_catalogue()
    found = catalogue.characters.get(str(character.get("character")))
    known = {str(character["weapon"])} if character.get("weapon") else set()
    if found is not None:
        known.add(found.core_card)
    return known


def seen_face_up(character: Mapping[str, Any]) -> Counter[str]:
    """The cards of a character anyone has seen: its face-up discards and its
    played card once revealed."""
    seen: Counter[str] = Counter(
        entry["card"] for entry in character.get("discard", []) if entry.get("up")
    )
    played = character.get("played")
    if played and played.get("revealed", True) and played.get("card") not in (None, STUN):
        seen[str(played["card"])] += 1
    return seen


def unknown_cards(
    view_character: Mapping[str, Any],
    character: Mapping[str, Any],
    catalogue: Catalogue | None = None,
) -> list[str]:
    """The cards another side may hold or draw, sorted: its deck list less what
    has been seen face up (``view_character`` is how ``side``'s view shows it)."""
    pool = Counter(deck_list(str(character["character"]), catalogue or load_catalogue()))
    pool.subtract(seen_face_up(view_character))
    return sorted(card for card, count in pool.items() for _ in range(max(count, 0)))


def is_hidden_played(view_character: Mapping[str, Any]) -> bool:
    played = view_character.get("played")
    return played is not None and played.get("card") is None


def determinised(
    state: State,
    view: Mapping[str, Any],
    side: str,
    rng: random.Random,
    catalogue: Catalogue | None = None,
) -> tuple[State, dict[str, list[str]]]:
    """A copy of ``state`` in which everything ``side`` cannot see is drawn at
    random from what it may be, and, for each other side, the unknown cards it
    was drawn from (for the caller to weigh the other side's choices)."""
    guess = copy.deepcopy(state)
    characters = guess["characters"]
    # Its own deck: the cards are known, their order is not (sorted, then shuffled,
    # so the real order cannot leak into the guess).
    own_deck = sorted(characters[side].get("deck", []))
    rng.shuffle(own_deck)
    characters[side]["deck"] = own_deck
    pools: dict[str, list[str]] = {}
    for other in sorted(characters):
        character = characters[other]
        if other == side or character.get("solo") or character.get("defeated"):
            continue
        seen = view["characters"][other]
        core = sorted(always_in_hand(character, catalogue))
        pool = unknown_cards(seen, character, catalogue) or core or [STUN]
        pools[other] = pool
        shuffled = list(pool)
        rng.shuffle(shuffled)
        draw = _drawer(shuffled)
        # Only the sizes of the hidden piles are public: the hand holds the core
        # cards (unless the hand is smaller) and unknown cards.
        size = len(character.get("hand", []))
        hand = core[:size]
        hand += [draw() for _ in range(size - len(hand))]
        character["hand"] = sorted(hand)
        character["deck"] = [draw() for _ in character.get("deck", [])]
        character["discard"] = [
            entry if entry.get("up") else {**entry, "card": draw()}
            for entry in character.get("discard", [])
        ]
        if is_hidden_played(seen):
            played = draw()
            character["played"] = {**character["played"], "card": played}
            hold(character, played, set(core))
    return guess, pools


def hold(character: dict[str, Any], card: str, core: set[str]) -> None:
    """Make sure ``character``'s guessed hand holds ``card`` (a played card stays in
    hand until it is revealed; a stun is a count): it takes the place of the first
    card that is not a core card, or joins the hand."""
    if card == STUN:
        character["stuns"] = max(int(character.get("stuns", 0)), 1)
        return
    hand = list(character["hand"])
    if card in hand:
        return
    free = [i for i, held in enumerate(hand) if held not in core]
    if free:
        hand[free[0]] = card
    else:
        hand.append(card)
    character["hand"] = sorted(hand)


def _drawer(cards: Sequence[str]) -> Any:
    """Draws the cards in turn, cycling when they run out (a guess may need more
    cards than the deck list has left: a custom deck)."""
    index = [0]

    def draw() -> str:
        card = cards[index[0] % len(cards)]
        index[0] += 1
        return card

    return draw
