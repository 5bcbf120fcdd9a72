"""Roll for Initiative (Turn Sequence > Roll for Initiative): each side rolls 1D6, the
highest has the Initiative. A draw: the Initiative changes from the previous turn; on
the first turn there is none to change, so both roll again (every roll recorded).

Fire strategies: Hold Down a Pillow adds 1 to the side's die (once, however many of
its heroes know it); Rat's Head, Ox's Neck lets the side whose hero knows it choose, on
a draw, to take or pass the Initiative (when both sides know it, neither chooses: the
draw rule applies; Interpretation).
"""

from __future__ import annotations

from engine.core import Command, Dice, Event, IllegalCommand, InvalidCommand, Prompt, State
from engine.skirmish import rules
from engine.skirmish.state.access import SIDES, enemy_of, has_strategy, heroes
from engine.skirmish.state.handlers_turn import INITIATIVE_CHOSEN, INITIATIVE_ROLLED
from engine.skirmish.turn.common import checked_side, not_your_turn

CHOICE = "initiative_choice"
COMMAND = "initiative"
PILLOW = "hold_down_a_pillow"
RATS_HEAD = "rats_head_ox_neck"
MAX_ROLLS = 100
"""A safety bound on first-turn re-rolls (never reached with honest dice)."""


def _knows(state: State, side: str, strategy: str) -> bool:
    return any(has_strategy(state, hero, strategy) for hero in heroes(state, side))


def modifiers(state: State) -> dict[str, int]:
    """Each side's Initiative modifier: +1 with a hero who knows Hold Down a Pillow."""
    return {side: 1 if _knows(state, side, PILLOW) else 0 for side in SIDES}


def chooser(state: State) -> str | None:
    """The side that chooses on a draw: the only side with Rat's Head, Ox's Neck."""
    knowing = [side for side in SIDES if _knows(state, side, RATS_HEAD)]
    return knowing[0] if len(knowing) == 1 else None


def roll_initiative(state: State, dice: Dice) -> Event:
    """The turn's ``initiative_rolled`` event: the dice, modifiers, and the winner (or
    the side left to choose on a draw, ``winner`` ``None`` and ``chooser`` set)."""
    mods = modifiers(state)
    rolled: dict[str, list[int]] = {side: [] for side in SIDES}
    previous = state.get("initiative")
    for _ in range(MAX_ROLLS):
        for side in SIDES:
            rolled[side].append(dice.roll_one(6))
        totals = {side: rolled[side][-1] + mods[side] for side in SIDES}
        if totals["a"] != totals["b"]:
            winner = "a" if totals["a"] > totals["b"] else "b"
            return _rolled(state, rolled, mods, winner, "roll")
        choosing = chooser(state)
        if choosing is not None:
            event = _rolled(state, rolled, mods, None, "draw")
            event["chooser"] = choosing
            return event
        if previous is not None:
            return _rolled(state, rolled, mods, enemy_of(previous), "draw")
    raise RuntimeError("the initiative dice drew a hundred times running")


def _rolled(
    state: State,
    rolled: dict[str, list[int]],
    mods: dict[str, int],
    winner: str | None,
    reason: str,
) -> Event:
    return {
        "type": INITIATIVE_ROLLED,
        "turn": state["turn"],
        "dice": rolled,
        "modifiers": mods,
        "winner": winner,
        "reason": reason,
    }


def choice_prompt(state: State) -> Prompt | None:
    """Rat's Head, Ox's Neck: the side choosing whether to take the Initiative."""
    side = state.get("choosing")
    if state["phase"] != "initiative" or side is None:
        return None
    return Prompt(sides=(side,), kind=CHOICE, options={"take": [True, False]})


def decide_choice(state: State, command: Command) -> list[Event]:
    """``{"type": "initiative", "side", "take": bool}``: the chooser takes the Initiative
    or passes it to the other side."""
    side = checked_side(command, ("take",))
    choosing = state.get("choosing") if state["phase"] == "initiative" else None
    if side != choosing:
        raise not_your_turn(side, "choose the initiative", () if choosing is None else (choosing,))
    take = command.get("take")
    if not isinstance(take, bool):
        raise InvalidCommand("take is true (take the Initiative) or false (pass it)")
    if not _knows(state, side, RATS_HEAD):
        raise IllegalCommand(
            "only a side with Rat's Head, Ox's Neck chooses", rule=rules.RATS_HEAD_OX_NECK
        )
    return [
        {
            "type": INITIATIVE_CHOSEN,
            "side": side,
            "take": take,
            "winner": side if take else enemy_of(side),
        }
    ]
