"""The Water strategies, named strategies for single combat (Heroic Characters > Water
Strategies), by their ids in ``strategies.json``, and which of them a hero chooses at
the ``fight`` prompt (One Cut, The Body in Place of the Sword, Choose the Place) and
which always apply. Close combat reads them; Body Strike and Shout's charge are
movement's and Shout's test is fought here."""

from __future__ import annotations

from engine.core import State

HIT_IN_ONE = "hit_in_one_timing"
ABDOMEN = "abdomen_timing_of_two"
NO_DESIGN = "no_design_no_conception"
FLOWING_WATER = "flowing_water_cut"
CONTINUOUS_CUT = "continuous_cut"
RED_LEAVES = "red_leaves_cut"
BODY_FOR_SWORD = "body_in_place_of_the_sword"
STICKINESS = "stickiness"
BODY_STRIKE = "body_strike"
STAB_AT_HEART = "stab_at_the_heart"
SCOLD = "scold"
MANY_ENEMIES = "many_enemies"
ONE_CUT = "one_cut"
SHOUT = "shout"
CHOOSE_PLACE = "choose_the_place"

WATER = (
    HIT_IN_ONE,
    ABDOMEN,
    NO_DESIGN,
    FLOWING_WATER,
    CONTINUOUS_CUT,
    RED_LEAVES,
    BODY_FOR_SWORD,
    STICKINESS,
    BODY_STRIKE,
    STAB_AT_HEART,
    SCOLD,
    MANY_ENEMIES,
    ONE_CUT,
    SHOUT,
    CHOOSE_PLACE,
)
"""The fifteen, in the rulebook's order (Flowing Water Cut cancels the first of an
opponent's that applies, in this order)."""
CHOSEN = (ONE_CUT, BODY_FOR_SWORD)
"""Strategies a hero chooses to use in a combat (each trades something away)."""
CANCELLABLE = (
    HIT_IN_ONE,
    ABDOMEN,
    NO_DESIGN,
    CONTINUOUS_CUT,
    RED_LEAVES,
    BODY_FOR_SWORD,
    STICKINESS,
    STAB_AT_HEART,
    SCOLD,
    MANY_ENEMIES,
    ONE_CUT,
    SHOUT,
)
"""Combat strategies Flowing Water Cut can cancel (not movement's Body Strike, not the
disengaging Choose the Place, not another Flowing Water Cut)."""
DISENGAGE_NEED = 4
DISENGAGE_DISTANCE_IN = 2
DISARM_NEED = 5


def water(state: State, unit_id: str) -> tuple[str, ...]:
    """The hero's Water strategies, in the rulebook's order."""
    known = state["units"][unit_id].get("strategies", ())
    return tuple(s for s in WATER if s in known)


def has(state: State, unit_id: str, strategy: str) -> bool:
    return strategy in state["units"][unit_id].get("strategies", ())
