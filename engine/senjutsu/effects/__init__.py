"""The Senjutsu card interpreter: resolving one card part, a line at a time
(Turn Structure In Detail > Resolve), for the turn machine (contract section 6).

    events = begin(state, side, card, part, speed)   # the "resolving" event
    while active(state):
        if ask(state): answer(state, side, command, dice)  # a side's choice
        else: advance(state, dice)                          # what follows by itself

``state["current"]`` holds the frame being resolved and its todo list (see
:mod:`frames`); ``state["blocks"]`` the blocks of the turn; ``state["traps"]`` the
trap tokens; ``state["instants"]`` the instant cards played, by turn. Choices are
never stored: :func:`ask` derives the Ask from the head task, every option a
legal command, so a side's hidden cards enter events only sealed (``sealed_for``).
Optional state keys ``card_data``, ``tree_data`` and ``terrain_data`` (id -> JSON)
carry a game's own cards, Kamae trees and terrain before the catalogue's.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core import Command, Dice, Event, IllegalCommand, State
from engine.core.handlers import Handler
from engine.core.memo import last_state
from engine.senjutsu.effects import (  # noqa: F401 -- each module registers its tasks
    attacks,
    blocks,
    instants,
    kamae,
    keywords,
    lines,
    moves,
    push,
    ranged,
    rules,
    solo_effects,
)
from engine.senjutsu.effects.cards import acts_as
from engine.senjutsu.effects.cards import card as card_data
from engine.senjutsu.effects.commands import KINDS, parse
from engine.senjutsu.effects.evolve import HANDLERS as _HANDLERS
from engine.senjutsu.effects.frames import Ask, Step, progressed
from engine.senjutsu.effects.machine import TASKS
from engine.senjutsu.effects.solo_choice import choose as solo_choose
from engine.senjutsu.effects.solo_choice import is_opponent

HANDLERS: Mapping[str, Handler] = _HANDLERS

__all__ = ["HANDLERS", "KINDS", "Ask", "active", "advance", "answer", "ask", "begin"]


def begin(state: State, side: str, card: str, part: str, speed: int) -> list[Event]:
    """Start resolving ``part`` (``top``, ``split`` or a solo card's ``bottom``) of
    ``side``'s played ``card`` at ``speed``."""
    data = card_data(state, card)
    return [
        {
            "type": "resolving",
            "side": side,
            "card": card,
            "part": part,
            "speed": speed,
            "card_type": acts_as(data),
        }
    ]


def active(state: State) -> bool:
    """Whether a card part is being resolved."""
    return state.get("current") is not None


def _head(state: State) -> dict[str, object] | None:
    current = state.get("current")
    if current is None or not current["todo"]:
        return None
    head: dict[str, object] = current["todo"][0]
    return head


def _gone(state: State, side: object) -> bool:
    return isinstance(side, str) and bool(state["characters"][side]["defeated"])


def _moot(state: State, head: dict[str, object]) -> bool:
    """A task about a character defeated meanwhile (Winning The Game: "take no
    further part in the game") is skipped."""
    return _gone(state, head.get("target")) or _gone(state, head.get("side"))


@last_state
def ask(state: State) -> Ask | None:
    """The choice the effects wait for, or None. A state is asked several times over
    (its prompt, its legal commands, deciding an answer), and listing the options can
    be costly (every end of a move), so the last state's Ask is remembered."""
    return _ask(state)


def _ask(state: State) -> Ask | None:
    head = _head(state)
    if head is None:
        return None
    kind = TASKS[str(head["t"])]
    if kind.options is None or kind.side is None or _moot(state, head):
        return None
    if _gone(state, state["current"]["side"]):
        return None
    options = kind.options(state, head)
    if not kind.waits(state, head, options):
        return None
    if is_opponent(state, kind.side(state, head)):
        return None  # a solo opponent is never prompted: advance chooses for it
    return Ask(kind.side(state, head), kind.kind, tuple(options), kind.text_for(state, head))


def advance(state: State, dice: Dice) -> list[Event]:
    """The next events of the current part that need no choice: [] when a choice
    waits (see :func:`ask`) or nothing is being resolved."""
    current = state.get("current")
    if current is None:
        return []
    head = _head(state)
    if head is None or _gone(state, current["side"]):
        # Done, or the resolving character was defeated: nothing more of its card.
        return [
            {
                "type": "resolved",
                "side": current["side"],
                "card": current["card"],
                "part": current["part"],
            }
        ]
    kind = TASKS[str(head["t"])]
    if _moot(state, head):
        step = Step()
    elif kind.run is not None:
        step = kind.run(state, head, dice)
    else:
        assert kind.options is not None
        assert kind.choose is not None
        options = kind.options(state, head)
        if kind.waits(state, head, options):
            assert kind.side is not None
            if not is_opponent(state, kind.side(state, head)):
                return []
            # Solo Rules: the opponent's choice is made by the solo rules.
            step = kind.choose(state, head, solo_choose(state, head, options), dice)
        else:
            step = kind.choose(state, head, options[0], dice) if options else Step()
    return [progressed(state, step), *solo_effects.stun_shuffles(state, step.events, dice)]


def answer(state: State, side: str, command: Command, dice: Dice) -> list[Event]:
    """Apply ``side``'s answer to the waiting choice. InvalidCommand for a malformed
    command, IllegalCommand (naming the rule) for one the rules forbid."""
    parsed = parse(command)
    waiting = ask(state)
    if waiting is None:
        raise IllegalCommand("no card effect is waiting for a choice", rule=rules.RESOLVING)
    head = _head(state)
    assert head is not None
    kind = TASKS[str(head["t"])]

    def refused(message: str) -> IllegalCommand:
        # The paragraph is worked out only for a refusal (for a move it is costly).
        return IllegalCommand(message, rule=kind.rule_for(state, head))

    if side != waiting.side:
        raise refused(f"side {waiting.side} makes this choice, not {side}")
    if parsed["kind"] != waiting.kind:
        raise refused(f"a {waiting.kind} choice is waiting, not a {parsed['kind']} command")
    if parsed not in waiting.options:
        raise refused(f"{parsed} is not one of the choices the rules allow")
    assert kind.choose is not None
    step = kind.choose(state, head, parsed, dice)
    return [progressed(state, step), *solo_effects.stun_shuffles(state, step.events, dice)]
