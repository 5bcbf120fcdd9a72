"""The end of the game (Interpretation > Victory; the rulebook names no victory
conditions): a side with no model left on the table loses at once (annihilation; both
at once: a draw). After the last turn of the scenario (Interpretation > Turn limit) each
side scores the points of the enemy models it killed or put to flight (off the table),
the higher score wins, equal scores draw.
"""

from __future__ import annotations

from engine.core import Event, Outcome, State, Termination
from engine.skirmish.state.access import SIDES, enemy_of, has_models_left, model_ids
from engine.skirmish.state.handlers_turn import GAME_OVER


def score(state: State) -> dict[str, int]:
    """Each side's points: the points of the enemy models killed or fled."""
    found = dict.fromkeys(SIDES, 0)
    units = state["units"]
    for model_id in model_ids(state, living=False):
        record = state["models"][model_id]
        if record["status"] != "ok":
            found[enemy_of(record["side"])] += int(units[record["unit"]]["points"])
    return found


def annihilated(state: State) -> tuple[str, ...]:
    """The sides with no model left on the table."""
    return tuple(side for side in SIDES if not has_models_left(state, side))


def game_over_event(state: State, *, turn_done: bool = False) -> Event | None:
    """The ``game_over`` event when the game ends now: a side annihilated, or (with
    ``turn_done``, after a turn's end) the turn limit reached; ``None`` otherwise."""
    if state["phase"] == "over" or state.get("outcome") is not None:
        return None
    gone = annihilated(state)
    if not gone and not (turn_done and state["turn"] > state["turns"]):
        return None
    points = score(state)
    if gone:
        winner = None if len(gone) == len(SIDES) else enemy_of(gone[0])
        detail = (
            "both bands are gone"
            if winner is None
            else f"side {gone[0]} has no character left on the table"
        )
        outcome = Outcome(Termination.ANNIHILATION, winner, points, detail)
        return {"type": GAME_OVER, "outcome": outcome.to_dict(), "score": points}
    a, b = points["a"], points["b"]
    winner = None if a == b else ("a" if a > b else "b")
    detail = f"turn limit ({state['turns']} turns): {a} points to {b}"
    outcome = Outcome(Termination.TURN_LIMIT, winner, points, detail)
    return {"type": GAME_OVER, "outcome": outcome.to_dict(), "score": points}
