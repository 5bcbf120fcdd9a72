"""The deck rules: Deck Construction (40 cards, basic and signature cards, card limits,
restricted schools) and the prepared cards of Player Setup step 7.

Both checks list EVERY violation (not just the first), each naming the rule paragraph, so a
deck builder can show them all at once. Nothing here needs a game state.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Protocol

from engine.core.dice import Dice
from engine.senjutsu.cards.model import Card, Character


class Named(Protocol):
    """A restricted school, as the deck rules read it: its name."""

    @property
    def name(self) -> str: ...


class Catalogue(Protocol):
    """What the deck rules read of a catalogue (``cards.catalogue.Catalogue`` is one;
    a protocol here, so the catalogue may check its sample decks with these rules)."""

    @property
    def cards(self) -> Mapping[str, Card]: ...

    @property
    def characters(self) -> Mapping[str, Character]: ...

    @property
    def schools(self) -> Mapping[str, Named]: ...


DECK_SIZE: Final = 40
GOLD_CARDS_MAX: Final = 8
JADE_CARDS_MAX: Final = 1
COPIES: Final = {"wood": 3, "steel": 2, "gold": 1, "jade": 1}
"""Card Limits: copies of one card by rank."""

CONSTRUCTING: Final = "Deck Construction > Constructing Your Deck"
SIGNATURE: Final = "Deck Construction > Basic Ability Cards And Signature Ability Cards"
LIMITS: Final = {
    "wood": "Deck Construction > Card Limits > Wood",
    "steel": "Deck Construction > Card Limits > Steel",
    "gold": "Deck Construction > Card Limits > Gold",
    "jade": "Deck Construction > Card Limits > Jade",
}
SCHOOLS: Final = "Deck Construction > Restricted Schools"
PREPARED: Final = "Setup > Player Setup > 7"


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken deck rule: the rule paragraph, words for the player, the card if one."""

    rule: str
    message: str
    card: str | None = None


def validate_deck(
    catalogue: Catalogue,
    character: str,
    cards: Sequence[str],
    school: str | None = None,
) -> tuple[Violation, ...]:
    """Every Deck Construction violation of ``cards`` (the ability card deck, without the
    core ability card and the core weapon card, which never count towards the 40) for
    ``character``, choosing the restricted school ``school`` (or none).

    Without a chosen school, cards of at most one restricted school may be mixed with
    basic cards (choosing that school implicitly); with one, no other school's cards.
    """
    found: list[Violation] = []
    if character not in catalogue.characters:
        return (Violation(CONSTRUCTING, f"There is no character {character!r}."),)
    if school is not None and school not in catalogue.schools:
        found.append(Violation(SCHOOLS, f"There is no restricted school {school!r}."))
    if len(cards) != DECK_SIZE:
        found.append(
            Violation(
                CONSTRUCTING,
                f"A deck has exactly {DECK_SIZE} ability cards, this one has {len(cards)} "
                "(the core ability and core weapon cards are not counted).",
            )
        )
    counts = Counter(cards)
    known: list[Card] = []
    for card_id in sorted(counts):
        card = catalogue.cards.get(card_id)
        if card is None:
            found.append(Violation(CONSTRUCTING, f"There is no card {card_id!r}.", card_id))
            continue
        if card.core or card.solo or card.rank is None:
            found.append(
                Violation(
                    CONSTRUCTING,
                    f"{card.name} is not an ability card for the deck "
                    "(core, weapon, status and solo cards are never part of it).",
                    card_id,
                )
            )
            continue
        known.append(card)
        if card.signature is not None and card.signature != character:
            owner_card = catalogue.characters.get(card.signature)
            owner = owner_card.name if owner_card is not None else card.signature
            found.append(
                Violation(
                    SIGNATURE,
                    f"{card.name} is a signature card of the {owner}: only that character "
                    "may include it.",
                    card_id,
                )
            )
        limit = COPIES[card.rank]
        if counts[card_id] > limit:
            found.append(
                Violation(
                    LIMITS[card.rank],
                    f"{card.name} is a {card.rank} card: at most {limit} "
                    f"cop{'y' if limit == 1 else 'ies'}, the deck has {counts[card_id]}.",
                    card_id,
                )
            )
    gold = sum(counts[card.id] for card in known if card.rank == "gold")
    if gold > GOLD_CARDS_MAX:
        found.append(
            Violation(
                LIMITS["gold"],
                f"A deck holds at most {GOLD_CARDS_MAX} gold rank cards, this one has {gold}.",
            )
        )
    jade = sum(counts[card.id] for card in known if card.rank == "jade")
    if jade > JADE_CARDS_MAX:
        found.append(
            Violation(
                LIMITS["jade"],
                f"A deck holds at most {JADE_CARDS_MAX} jade rank card, this one has {jade}.",
            )
        )
    found.extend(_school_violations(catalogue, known, school))
    return tuple(found)


def _school_violations(
    catalogue: Catalogue, known: Sequence[Card], school: str | None
) -> list[Violation]:
    cards = [card for card in known if card.school is not None]
    used = sorted({card.school for card in cards if card.school is not None})
    found = []
    if school is not None:
        for card in cards:
            if card.school != school:
                found.append(
                    Violation(
                        SCHOOLS,
                        f"{card.name} belongs to the restricted school "
                        f"{_school_name(catalogue, card.school)}: choosing "
                        f"{_school_name(catalogue, school)} excludes other schools' cards.",
                        card.id,
                    )
                )
    elif len(used) > 1:
        names = ", ".join(_school_name(catalogue, item) for item in used)
        found.append(
            Violation(
                SCHOOLS,
                f"The deck mixes cards of several restricted schools ({names}): using one "
                "prevents adding the cards of the others.",
            )
        )
    return found


def _school_name(catalogue: Catalogue, school: str | None) -> str:
    if school is not None and school in catalogue.schools:
        return catalogue.schools[school].name
    return repr(school)


def validate_prepared(
    catalogue: Catalogue,
    character: str,
    prepared: Sequence[str],
    deck: Sequence[str] | None = None,
) -> tuple[Violation, ...]:
    """Every violation of Player Setup step 7 by the ``prepared`` cards searched from the
    ability card deck into the hand: up to the hand limit, at most 1 copy of each card,
    and (when ``deck`` is given) only cards the deck holds."""
    if character not in catalogue.characters:
        return (Violation(PREPARED, f"There is no character {character!r}."),)
    hand_limit = catalogue.characters[character].hand_limit
    found = []
    if len(prepared) > hand_limit:
        found.append(
            Violation(
                PREPARED,
                f"At most {hand_limit} prepared cards (the hand limit), not {len(prepared)}.",
            )
        )
    counts = Counter(prepared)
    in_deck = Counter(deck) if deck is not None else None
    for card_id in sorted(counts):
        card = catalogue.cards.get(card_id)
        name = card.name if card is not None else repr(card_id)
        if counts[card_id] > 1:
            found.append(Violation(PREPARED, f"At most 1 copy of {name} can be prepared.", card_id))
        if in_deck is not None and in_deck[card_id] == 0:
            found.append(Violation(PREPARED, f"{name} is not in the ability card deck.", card_id))
    return tuple(found)


def shuffle(cards: Sequence[str], dice: Dice) -> tuple[str, ...]:
    """``cards`` shuffled with the command's dice: Fisher-Yates, one ``dice.roll(1, k)``
    per position from the last down to the second (k = cards left to pick from), so the
    faces recorded in the event replay the same order (Player Setup step 8; Search)."""
    order = list(cards)
    for last in range(len(order) - 1, 0, -1):
        pick = dice.roll(1, last + 1)[0] - 1
        order[last], order[pick] = order[pick], order[last]
    return tuple(order)
