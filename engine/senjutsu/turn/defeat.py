"""Winning The Game: a character is defeated once its wounds (bleeding wounds count)
reach its wound limit, or the stun cards in its hand reach its hand size (the hand
limit); it is removed from the battlefield at once. The last undefeated character wins
(``annihilation``); when a player concedes, ``concession``. Should the last characters
fall together, nobody wins.
"""

from __future__ import annotations

from engine.core import Event, State
from engine.senjutsu import opponents
from engine.senjutsu.state.access import character, living


def is_beaten(state: State, side: str) -> bool:
    """Whether the character of ``side`` meets a defeat condition now. It reads the
    characters' records only (``turn/settle.py`` relies on it: defeat is checked after
    the events that change them)."""
    mine = character(state, side)
    if mine.get("solo") and opponents.beaten(state, side):
        return True  # Adjusting Player Cards > Stun: stuns above equal the wounds left
    wounds: int = mine["wounds"] + mine["bleeding"]
    stuns: int = mine["stuns"]
    return bool(wounds >= mine["wound_limit"] or stuns >= mine["hand_limit"])


def defeats(state: State) -> list[Event]:
    """The ``defeated`` events due now, and ``game_over`` if one character (or none) is
    left. Nothing before every character is placed."""
    if state["phase"] in ("place", "over"):
        return []
    beaten = [side for side in living(state) if is_beaten(state, side)]
    events: list[Event] = [{"type": "defeated", "side": side} for side in beaten]
    left = [side for side in living(state) if side not in beaten]
    if state["mode"] == "solo":
        ended = opponents.game_over(left)  # Winning, in a solo duel
        return [*events, ended] if ended is not None else events
    if len(left) <= 1:
        events.append(
            {"type": "game_over", "winner": left[0] if left else None, "ending": "annihilation"}
        )
    return events


def concede(state: State, side: str) -> list[Event]:
    """A player concedes: their character leaves the game (Termination.CONCESSION when
    it ends the game)."""
    events: list[Event] = [{"type": "conceded", "side": side}, {"type": "defeated", "side": side}]
    left = [s for s in living(state) if s != side]
    if state["mode"] == "solo":
        # You concede a solo duel: you lose, and the opponents are nobody's side.
        return [*events, {"type": "game_over", "winner": None, "ending": "concession"}]
    if len(left) <= 1:
        events.append(
            {"type": "game_over", "winner": left[0] if left else None, "ending": "concession"}
        )
    return events
