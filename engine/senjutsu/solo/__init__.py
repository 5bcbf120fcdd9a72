"""Senjutsu's solo opponents (rulebook 1.5, Solo Rules) as pure functions.

The effects and turn code never let a solo opponent answer an Ask: they call these
functions instead. Everything works on plain values (positions, move specs, card ids)
and :mod:`engine.senjutsu.grid`:

- :mod:`.context`: :class:`SoloContext` (what the opponent knows), :class:`SoloAttack`,
  :class:`Candidate` (a position and the move outcomes that reach it);
- :mod:`.geometry`: approach hexes, the 'facing your character' key term, the rear,
  changing approach, solo setup;
- :mod:`.priorities`: the priority rows and the two tables;
- :mod:`.movement`: candidates, the priority filter, top or bottom, the moves;
- :mod:`.cards`: the part resolved, the defence card's speed, counters;
- :mod:`.bookkeeping`: stuns, reveal, view hand, reset deck, collisions, ties;
- :mod:`.inputs`: a :class:`SoloAttack` from a card effect, your attack's reach.
"""

from __future__ import annotations

from engine.senjutsu.solo.bookkeeping import (
    STUN,
    CollisionPenalty,
    Reveal,
    collision_penalty,
    deck_with_stun,
    ignores,
    reset_deck,
    reveal,
    solo_defeated,
    solo_wounds,
    tie_order,
    view_hand,
    view_hand_needs_reshuffle,
)
from engine.senjutsu.solo.cards import (
    defence_speed,
    opponent_counter_wounds,
    solo_part,
)
from engine.senjutsu.solo.context import Candidate, SoloAttack, SoloContext
from engine.senjutsu.solo.geometry import (
    facing_your_character,
    in_approach,
    next_approach,
    rear_hex,
    setup_positions,
)
from engine.senjutsu.solo.inputs import attack_from_effect, cell_from, threat_hexes
from engine.senjutsu.solo.movement import (
    apply_priorities,
    attack_move,
    can_attack_with_top,
    candidates,
    disadvantage_key,
    plain_move,
)
from engine.senjutsu.solo.priorities import (
    DEFENSIVE_TOP,
    MELEE_MOVE,
    OFFENSIVE_TOP,
    RANGED_MOVE,
    MovementTable,
    Priority,
    move_table,
    top_table,
)

__all__ = [
    "DEFENSIVE_TOP",
    "MELEE_MOVE",
    "OFFENSIVE_TOP",
    "RANGED_MOVE",
    "STUN",
    "Candidate",
    "CollisionPenalty",
    "MovementTable",
    "Priority",
    "Reveal",
    "SoloAttack",
    "SoloContext",
    "apply_priorities",
    "attack_from_effect",
    "attack_move",
    "can_attack_with_top",
    "candidates",
    "cell_from",
    "collision_penalty",
    "deck_with_stun",
    "defence_speed",
    "disadvantage_key",
    "facing_your_character",
    "ignores",
    "in_approach",
    "move_table",
    "next_approach",
    "opponent_counter_wounds",
    "plain_move",
    "rear_hex",
    "reset_deck",
    "reveal",
    "setup_positions",
    "solo_defeated",
    "solo_part",
    "solo_wounds",
    "threat_hexes",
    "tie_order",
    "top_table",
    "view_hand",
    "view_hand_needs_reshuffle",
]
