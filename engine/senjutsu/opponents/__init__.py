"""Senjutsu's solo opponents in play (rulebook 1.5, Solo Rules): the set-up of the
opponent sides and their turn, for the turn machine.

- :mod:`.setup`: Solo Setup 1-8 (the opponents' decks, nightmare cards, wound limits,
  stances, approaches; their placement once your character is placed);
- :mod:`.turn`: Solo Gameplay (reveal, speed, the part resolved, defeat, winning);
- :mod:`.handlers`: the evolve handlers and sentences of their events.

The opponents' choices while a card resolves, and the solo versions of card effects
(stun into the deck, View Hand, Reset Deck, Change Approach, counters, ignored
focus/draw/discard) are the card interpreter's: :mod:`engine.senjutsu.effects`
(``solo_choice``, ``solo_effects``), on the pure rules of :mod:`engine.senjutsu.solo`.
"""

from __future__ import annotations

from engine.senjutsu.opponents.handlers import HANDLERS, SENTENCES
from engine.senjutsu.opponents.setup import (
    PLAYER,
    SOLO_SETUP,
    opponent_characters,
    opponent_deck,
    opponent_sides,
    parse_opponents,
    placements,
)
from engine.senjutsu.opponents.turn import (
    beaten,
    game_over,
    opponent_speed,
    opponents,
    resolve_part,
    reveal_events,
    speed_events,
)

__all__ = [
    "HANDLERS",
    "PLAYER",
    "SENTENCES",
    "SOLO_SETUP",
    "beaten",
    "game_over",
    "opponent_characters",
    "opponent_deck",
    "opponent_sides",
    "opponent_speed",
    "opponents",
    "parse_opponents",
    "placements",
    "resolve_part",
    "reveal_events",
    "speed_events",
]
