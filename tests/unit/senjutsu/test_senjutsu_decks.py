"""Senjutsu deck rules: Deck Construction and the prepared cards of Player Setup step 7.

Each test is named after the rulebook paragraph it checks. Decks are built from the
packaged sample catalogue; a legal ronin deck is the starting point that each test breaks
in one way.
"""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core.dice import EnteredDice, SeededDice
from engine.senjutsu.cards import Catalogue, load_catalogue, shuffle, validate_deck
from engine.senjutsu.cards.decks import (
    CONSTRUCTING,
    LIMITS,
    PREPARED,
    SCHOOLS,
    SIGNATURE,
    validate_prepared,
)


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return load_catalogue()


def ids_of(catalogue: Catalogue, **wanted: object) -> list[str]:
    """The ids of the catalogue's deck-able ability cards with the given attributes."""
    return [
        card.id
        for card in catalogue.cards.values()
        if not card.core
        and not card.solo
        and card.rank is not None
        and all(getattr(card, key) == value for key, value in wanted.items())
    ]


def basic_wood_deck(catalogue: Catalogue) -> list[str]:
    """40 cards: 3 copies each of basic wood cards (schoolless), then 1 of the next."""
    wood = ids_of(catalogue, rank="wood", signature=None, school=None)
    deck: list[str] = []
    for card_id in wood:
        deck.extend([card_id] * min(3, 40 - len(deck)))
        if len(deck) == 40:
            break
    assert len(deck) == 40
    return deck


def rules(violations: object) -> list[str]:
    assert isinstance(violations, tuple)
    return [violation.rule for violation in violations]


def test_constructing_your_deck_a_legal_deck_has_no_violation(catalogue: Catalogue) -> None:
    assert validate_deck(catalogue, "ronin", basic_wood_deck(catalogue)) == ()


def test_constructing_your_deck_forty_cards_not_counting_core_and_weapon(
    catalogue: Catalogue,
) -> None:
    deck = basic_wood_deck(catalogue)
    short = validate_deck(catalogue, "ronin", deck[:39])
    assert rules(short) == [CONSTRUCTING]
    assert "39" in short[0].message
    # Adding the core ability card and a core weapon does not make up the 40.
    padded = validate_deck(catalogue, "ronin", [*deck[:38], "core-ronin", "w-katana"])
    assert rules(padded) == [CONSTRUCTING, CONSTRUCTING]
    assert {violation.card for violation in padded} == {"core-ronin", "w-katana"}


def test_constructing_your_deck_refuses_status_solo_and_unknown_cards(
    catalogue: Catalogue,
) -> None:
    deck = [*basic_wood_deck(catalogue)[:37], "stun", "so-yari-1", "no-such-card"]
    found = validate_deck(catalogue, "ronin", deck)
    assert {violation.card for violation in found} == {"stun", "so-yari-1", "no-such-card"}
    assert set(rules(found)) == {CONSTRUCTING}


def test_constructing_your_deck_unknown_character(catalogue: Catalogue) -> None:
    found = validate_deck(catalogue, "ninja", basic_wood_deck(catalogue))
    assert rules(found) == [CONSTRUCTING]
    assert "ninja" in found[0].message


def test_basic_and_signature_cards_only_your_own_signature_cards(catalogue: Catalogue) -> None:
    deck = basic_wood_deck(catalogue)
    warrior_card = ids_of(catalogue, signature="warrior", rank="steel")[0]
    ronin_card = ids_of(catalogue, signature="ronin", rank="wood")[0]
    deck = [*deck[:38], warrior_card, ronin_card]
    found = validate_deck(catalogue, "ronin", deck)
    assert rules(found) == [SIGNATURE]
    assert found[0].card == warrior_card
    assert "Warrior" in found[0].message
    assert validate_deck(catalogue, "warrior", deck) != ()


def test_card_limits_wood_three_copies(catalogue: Catalogue) -> None:
    deck = basic_wood_deck(catalogue)
    first = deck[0]
    deck[-1] = first  # a fourth copy
    found = validate_deck(catalogue, "ronin", deck)
    assert rules(found) == [LIMITS["wood"]]
    assert found[0].card == first
    assert "4" in found[0].message


def test_card_limits_steel_two_copies(catalogue: Catalogue) -> None:
    steel = ids_of(catalogue, rank="steel", signature=None, school=None)[0]
    deck = basic_wood_deck(catalogue)
    assert validate_deck(catalogue, "ronin", [*deck[:38], steel, steel]) == ()
    found = validate_deck(catalogue, "ronin", [*deck[:37], steel, steel, steel])
    assert rules(found) == [LIMITS["steel"]]


def test_card_limits_gold_one_copy_and_at_most_eight_gold_cards(catalogue: Catalogue) -> None:
    golds = ids_of(catalogue, rank="gold", signature=None, school=None)
    golds += ids_of(catalogue, rank="gold", signature="ronin")
    assert len(golds) >= 9
    deck = basic_wood_deck(catalogue)
    eight = validate_deck(catalogue, "ronin", [*deck[:32], *golds[:8]])
    assert eight == ()
    nine = validate_deck(catalogue, "ronin", [*deck[:31], *golds[:9]])
    assert rules(nine) == [LIMITS["gold"]]
    assert "9" in nine[0].message
    twice = validate_deck(catalogue, "ronin", [*deck[:38], golds[0], golds[0]])
    assert rules(twice) == [LIMITS["gold"]]
    assert twice[0].card == golds[0]


def test_card_limits_jade_at_most_one_jade_card(catalogue: Catalogue) -> None:
    jades = ids_of(catalogue, rank="jade")
    assert len(jades) >= 2
    deck = basic_wood_deck(catalogue)
    assert validate_deck(catalogue, "ronin", [*deck[:39], jades[0]]) == ()
    two = validate_deck(catalogue, "ronin", [*deck[:38], jades[0], jades[1]])
    assert rules(two) == [LIMITS["jade"]]
    same = validate_deck(catalogue, "ronin", [*deck[:38], jades[0], jades[0]])
    assert rules(same) == [LIMITS["jade"], LIMITS["jade"]]


def test_restricted_schools_exclude_other_schools_cards(catalogue: Catalogue) -> None:
    crane = ids_of(catalogue, school="crane", rank="wood")[0]
    tiger = ids_of(catalogue, school="tiger", rank="wood")[0]
    deck = basic_wood_deck(catalogue)
    assert validate_deck(catalogue, "ronin", [*deck[:39], crane], school="crane") == ()
    found = validate_deck(catalogue, "ronin", [*deck[:39], tiger], school="crane")
    assert rules(found) == [SCHOOLS]
    assert found[0].card == tiger
    assert "Crane School" in found[0].message


def test_restricted_schools_one_school_at_a_time_without_choosing(catalogue: Catalogue) -> None:
    crane = ids_of(catalogue, school="crane", rank="wood")[0]
    tiger = ids_of(catalogue, school="tiger", rank="wood")[0]
    deck = basic_wood_deck(catalogue)
    assert validate_deck(catalogue, "ronin", [*deck[:39], crane]) == ()
    mixed = validate_deck(catalogue, "ronin", [*deck[:38], crane, tiger])
    assert rules(mixed) == [SCHOOLS]
    assert "Crane School" in mixed[0].message
    assert "Tiger School" in mixed[0].message


def test_restricted_schools_unknown_school_is_refused(catalogue: Catalogue) -> None:
    found = validate_deck(catalogue, "ronin", basic_wood_deck(catalogue), school="heron")
    assert rules(found) == [SCHOOLS]


def test_deck_construction_lists_every_violation_at_once(catalogue: Catalogue) -> None:
    deck = basic_wood_deck(catalogue)
    warrior_card = ids_of(catalogue, signature="warrior")[0]
    jades = ids_of(catalogue, rank="jade")
    broken = [deck[0], *deck[:36], warrior_card, jades[0], jades[1], jades[1]]
    found = rules(validate_deck(catalogue, "ronin", broken))
    assert CONSTRUCTING in found  # 41 cards
    assert SIGNATURE in found
    assert LIMITS["wood"] in found
    assert found.count(LIMITS["jade"]) == 2  # two copies of one, three jades in all


def test_constructing_your_deck_every_sample_deck_is_legal(catalogue: Catalogue) -> None:
    for character in catalogue.characters.values():
        assert len(character.deck) == 40
        assert validate_deck(catalogue, character.id, character.deck) == ()
        types = {catalogue.card(card).type for card in character.deck}
        assert types == {"attack", "defence", "meditation"}
    schools = {
        character.id: {catalogue.card(card).school for card in character.deck} - {None}
        for character in catalogue.characters.values()
    }
    assert schools["warrior"] == {"tiger"}
    assert schools["master"] == {"crane"}


def test_player_setup_step_7_prepared_cards_one_copy_each_up_to_the_hand_limit(
    catalogue: Catalogue,
) -> None:
    ronin = catalogue.character("ronin")
    distinct = sorted(set(ronin.deck))
    limit = ronin.hand_limit
    assert validate_prepared(catalogue, "ronin", distinct[:limit], ronin.deck) == ()
    assert validate_prepared(catalogue, "ronin", [], ronin.deck) == ()
    too_many = validate_prepared(catalogue, "ronin", distinct[: limit + 1], ronin.deck)
    assert rules(too_many) == [PREPARED]
    twice = validate_prepared(catalogue, "ronin", [distinct[0], distinct[0]], ronin.deck)
    assert rules(twice) == [PREPARED]
    assert twice[0].card == distinct[0]


def test_player_setup_step_7_prepared_cards_come_from_the_deck(catalogue: Catalogue) -> None:
    ronin = catalogue.character("ronin")
    outside = next(card for card in ids_of(catalogue) if card not in ronin.deck)
    found = validate_prepared(catalogue, "ronin", [outside], ronin.deck)
    assert rules(found) == [PREPARED]
    assert found[0].card == outside
    assert validate_prepared(catalogue, "nobody", []) != ()


def test_player_setup_step_8_shuffle_is_a_fisher_yates_of_the_dice() -> None:
    cards = [f"c{i}" for i in range(10)]
    first = shuffle(cards, SeededDice("seed", 1))
    assert first == shuffle(cards, SeededDice("seed", 1))
    assert Counter(first) == Counter(cards)
    assert first != tuple(cards)
    # Entered faces: roll(1, 3) picks the last card's slot (1: "a" goes last), then
    # roll(1, 2) the middle one (1: "c" and "b" swap).
    dice = EnteredDice([1, 1])
    assert shuffle(["a", "b", "c"], dice) == ("b", "c", "a")
    dice.finish()  # exactly two dice were rolled
    assert shuffle(["a", "b", "c"], EnteredDice([3, 2])) == ("a", "b", "c")
    assert shuffle(["a"], SeededDice("seed", 1)) == ("a",)
