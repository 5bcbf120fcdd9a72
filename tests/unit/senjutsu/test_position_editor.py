"""Senjutsu's position editor (engine.senjutsu.position): a judge moves a character,
sets its wounds and stuns, and chooses the cards in a player's hand; the battlefield
and the card rules refuse what cannot stand, naming the edit and the rule; no card is
ever duplicated; the state given is never changed."""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

import pytest

from engine.core import IllegalCommand, InvalidCommand, SeededDice, State, canonical_json
from engine.hexgrid import Hex
from engine.senjutsu import rules
from engine.senjutsu.position import CARDS_RULE, RULE
from engine.senjutsu.state.access import board_hexes, occupied, solid_hexes
from tests.unit.senjutsu.test_senjutsu_turn_helpers import (
    CATALOGUE,
    RULESET,
    placed,
    play,
    setup,
)

DICE = SeededDice("editor", 0)
ROCKS = [{"terrain": "rocks", "hex": [0, 0], "facing": 0}]


@pytest.fixture(scope="module")
def duel() -> State:
    """Student and Master placed, the first Choose step waiting."""
    return placed("student", "master")


def cards_of(state: State, side: str) -> Counter[str]:
    mine = state["characters"][side]
    return Counter([*mine["hand"], *mine["deck"], *(item["card"] for item in mine["discard"])])


def empty_hex(state: State) -> Hex:
    taken = set(occupied(state)) | solid_hexes(state)
    return next(h for h in sorted(board_hexes(state)) if h not in taken)


def edit(state: State, *edits: dict[str, Any]) -> State:
    return RULESET.edit_position(state, list(edits))


def test_moving_a_character_puts_it_on_the_hex_with_the_facing(duel: State) -> None:
    before = copy.deepcopy(duel)
    where = empty_hex(duel)
    moved = edit(duel, {"edit": "move", "character": "A", "hex": where.to_json(), "facing": 3})
    assert moved["characters"]["A"]["hex"] == where.to_json()
    assert moved["characters"]["A"]["facing"] == 3
    assert canonical_json(duel) == canonical_json(before)  # never changed in place
    assert RULESET.prompt(moved) == RULESET.prompt(duel)


def test_a_character_moved_onto_another_is_refused_naming_the_edit_and_rule(duel: State) -> None:
    other = duel["characters"]["B"]["hex"]
    with pytest.raises(IllegalCommand, match=r"edit 2: .*side B stands on") as refused:
        edit(
            duel,
            {"edit": "markers", "character": "A", "wounds": 1},
            {"edit": "move", "character": "A", "hex": other, "facing": 0},
        )
    assert refused.value.rule == RULE


def test_a_character_moved_onto_terrain_or_off_the_battlefield_is_refused() -> None:
    state = RULESET.start(setup("student", "master", terrain=ROCKS), DICE)
    state = _placed(state)
    rock = sorted(solid_hexes(state))[0]
    with pytest.raises(IllegalCommand, match=r"edit 1: .* is terrain"):
        edit(state, {"edit": "move", "character": "A", "hex": rock.to_json(), "facing": 0})
    with pytest.raises(IllegalCommand, match=r"not a hex of the battlefield"):
        edit(state, {"edit": "move", "character": "A", "hex": [900, 900], "facing": 0})


@pytest.mark.parametrize(
    "bad",
    [
        {"edit": "move", "character": "A", "hex": [0, 0], "facing": 6},
        {"edit": "move", "character": "A", "hex": [0], "facing": 0},
        {"edit": "move", "character": "A", "hex": [0, True], "facing": 0},
        {"edit": "move", "character": "Z", "hex": [0, 0], "facing": 0},
        {"edit": "move", "character": "A", "hex": [0, 0], "facing": 0, "x": 1},
        {"edit": "fly", "character": "A"},
        {"edit": "markers", "character": "A", "wounds": -1},
        {"edit": "markers", "character": "A", "stuns": "2"},
        {"edit": "hand", "character": "A", "cards": "all"},
        {"edit": "hand", "character": "A", "cards": ["no-such-card"]},
        "move",
    ],
)
def test_a_malformed_edit_is_invalid_and_names_the_edit(duel: State, bad: Any) -> None:
    with pytest.raises(InvalidCommand, match=r"^edit 1: "):
        edit(duel, bad)


def test_markers_are_set_within_the_wound_and_hand_limits(duel: State) -> None:
    mine = duel["characters"]["A"]
    limit = mine["wound_limit"]
    marked = edit(duel, {"edit": "markers", "character": "A", "wounds": limit - 2, "bleeding": 1})
    assert (marked["characters"]["A"]["wounds"], marked["characters"]["A"]["bleeding"]) == (
        limit - 2,
        1,
    )
    with pytest.raises(IllegalCommand, match=r"edit 1: .*wound limit") as refused:
        edit(duel, {"edit": "markers", "character": "A", "wounds": limit - 1, "bleeding": 1})
    assert refused.value.rule == rules.WINNING
    with pytest.raises(IllegalCommand, match=r"stuns") as refused:
        edit(duel, {"edit": "markers", "character": "A", "stuns": mine["hand_limit"]})
    assert refused.value.rule == rules.WINNING


def test_stuns_and_hand_cards_together_stay_within_the_hand_limit(duel: State) -> None:
    mine = duel["characters"]["A"]
    non_core = [c for c in mine["hand"] if not CATALOGUE.card(c).core]
    assert non_core  # the first draw filled the hand
    with pytest.raises(IllegalCommand, match=r"edit 1: .*over its hand limit") as refused:
        edit(duel, {"edit": "markers", "character": "A", "stuns": 1})
    assert refused.value.rule == rules.HAND_LIMIT


def test_a_card_taken_into_the_hand_leaves_the_deck_and_none_is_duplicated(duel: State) -> None:
    mine = duel["characters"]["A"]
    core = [c for c in mine["hand"] if CATALOGUE.card(c).core]
    leaving = next(c for c in mine["hand"] if not CATALOGUE.card(c).core)
    taken = mine["deck"][-1]
    hand = sorted([*core, taken])
    edited = edit(duel, {"edit": "hand", "character": "A", "cards": hand})
    new = edited["characters"]["A"]
    assert new["hand"] == hand
    assert Counter(new["deck"]) == Counter(mine["deck"]) - Counter([taken])
    assert {"card": leaving, "up": False} in new["discard"]
    assert cards_of(edited, "A") == cards_of(duel, "A")  # the same cards, moved


def test_a_card_comes_back_from_the_discard_pile_when_the_deck_has_none(duel: State) -> None:
    mine = duel["characters"]["A"]
    core = [c for c in mine["hand"] if CATALOGUE.card(c).core]
    emptied = edit(duel, {"edit": "hand", "character": "A", "cards": core})
    gone = [item["card"] for item in emptied["characters"]["A"]["discard"]]
    back = edit(emptied, {"edit": "hand", "character": "A", "cards": sorted([*core, gone[0]])})
    assert gone[0] in back["characters"]["A"]["hand"]
    assert cards_of(back, "A") == cards_of(duel, "A")


def test_a_card_the_player_does_not_own_is_refused(duel: State) -> None:
    mine, theirs = duel["characters"]["A"], duel["characters"]["B"]
    foreign = next(c for c in theirs["deck"] if c not in cards_of(duel, "A"))
    with pytest.raises(IllegalCommand, match=r"edit 1: .*no .* left in its deck") as refused:
        edit(duel, {"edit": "hand", "character": "A", "cards": [*mine["hand"], foreign]})
    assert refused.value.rule == CARDS_RULE


def test_the_same_card_twice_needs_two_copies(duel: State) -> None:
    mine = duel["characters"]["A"]
    owned = cards_of(duel, "A")
    single = next(c for c in mine["deck"] if owned[c] == 1)
    with pytest.raises(IllegalCommand, match=r"no .* left"):
        edit(duel, {"edit": "hand", "character": "A", "cards": [*mine["hand"], single, single]})


def test_a_core_card_never_leaves_the_hand(duel: State) -> None:
    mine = duel["characters"]["A"]
    rest = [c for c in mine["hand"] if not CATALOGUE.card(c).core]
    with pytest.raises(IllegalCommand, match=r"core card") as refused:
        edit(duel, {"edit": "hand", "character": "A", "cards": rest})
    assert refused.value.rule == rules.CORE_CARDS


def test_a_hand_over_the_hand_limit_is_refused(duel: State) -> None:
    mine = duel["characters"]["A"]
    extra = mine["deck"][: mine["hand_limit"]]
    with pytest.raises(IllegalCommand, match=r"over its hand limit") as refused:
        edit(duel, {"edit": "hand", "character": "A", "cards": [*mine["hand"], *extra]})
    assert refused.value.rule == rules.HAND_LIMIT


def test_an_unplaced_character_is_not_edited() -> None:
    state = RULESET.start(setup("student", "master"), DICE)
    with pytest.raises(IllegalCommand, match=r"not on the battlefield"):
        edit(state, {"edit": "markers", "character": "A", "wounds": 1})


def test_edits_are_a_nonempty_list_of_at_most_a_hundred(duel: State) -> None:
    for bad in ([], {"edit": "move"}, [{"edit": "markers", "character": "A"}] * 101):
        with pytest.raises(InvalidCommand, match=r"^edits: "):
            RULESET.edit_position(duel, bad)  # type: ignore[arg-type]


def _placed(state: State) -> State:
    index = 1
    while state["phase"] == "place":
        prompt = RULESET.prompt(state)
        assert prompt is not None
        state, _ = play(state, next(iter(RULESET.legal(state, prompt.sides[0]))), index)
        index += 1
    return state


def test_a_hand_the_draw_put_over_the_limit_may_swap_cards_but_grow_no_further(
    duel: State,
) -> None:
    mine = duel["characters"]["A"]
    non_core = [c for c in mine["hand"] if not CATALOGUE.card(c).core]
    assert len(non_core) > mine["hand_limit"]  # the turn's draw, before the Discard step
    swapped = [*mine["hand"]]
    swapped.remove(non_core[0])
    swapped.append(next(c for c in mine["deck"] if c != non_core[0]))
    edited = edit(duel, {"edit": "hand", "character": "A", "cards": sorted(swapped)})
    assert edited["characters"]["A"]["hand"] == sorted(swapped)
    with pytest.raises(IllegalCommand, match=r"and the 6 it held"):
        edit(duel, {"edit": "hand", "character": "A", "cards": [*mine["hand"], mine["deck"][0]]})


def test_an_opponent_of_the_solo_rules_is_only_moved() -> None:
    solo = next(s for s in RULESET.sample_setups() if s["mode"] == "solo")
    state = _placed(RULESET.start(solo, DICE))
    opponent = next(side for side, c in state["characters"].items() if c.get("solo"))
    with pytest.raises(IllegalCommand, match=r"solo rules: the editor only moves it"):
        edit(state, {"edit": "markers", "character": opponent, "wounds": 1})
    where = empty_hex(state)
    moved = edit(
        state, {"edit": "move", "character": opponent, "hex": where.to_json(), "facing": 2}
    )
    assert moved["characters"][opponent]["hex"] == where.to_json()
