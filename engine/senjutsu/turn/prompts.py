"""Who must decide now, and their legal commands (the prompt of the state).

The prompt is public (every viewer may read it), so the choices that would show a
hand (``choose``, ``replace``, ``trim`` and the effects' asks about the hand) are not
listed in it: :func:`choices` gives them to the side that decides, through ``legal``.
"""

from __future__ import annotations

from engine.core import Command, Prompt, State
from engine.core.memo import last_state
from engine.senjutsu import effects
from engine.senjutsu.cards.catalogue import Catalogue
from engine.senjutsu.turn import choose, discard, order, placement, reveal, terrain

HAND_KINDS = frozenset({"choose", "replace", "trim", "discard", "counter", "instant", "search"})
"""Prompt kinds whose choices show the hand of the side deciding: never in the prompt,
and answered in secret (sealed: another viewer sees that the side answered, not what)."""

TEXT = {
    "place": (
        "Place your character: more than 3 hexes from the others where you can, facing any way."
    ),
    "choose": "Choose a card of your hand and play it face down (or play a stun).",
    "alternative": "Play your card at its alternative speed, paying its focus cost?",
    "replace": "Replace your revealed card with an instant replacement card from your hand?",
    "speed": "Choose the initiative speed of your variable speed card.",
    "order": "Tied cards: choose the order they resolve in.",
    "trim": "Discard a non-core card face down: you are over your hand limit.",
}


def public_command(command: Command, side: str) -> Command:
    """An effects command as players send it: with the ``side`` that gives it (as every
    command). The effects' ``target`` command names its target in ``side``; players send
    it as ``target`` (contract section 7 gives ``side`` both meanings)."""
    found = dict(command)
    if found.get("kind") == "target":
        found["target"] = found.pop("side")
    found["side"] = side
    return found


def effects_command(command: Command) -> Command:
    """The effects' form of a command players sent (the inverse of
    :func:`public_command`)."""
    found = dict(command)
    found.pop("side", None)
    if found.get("kind") == "target" and "target" in found:
        found["side"] = found.pop("target")
    return found


def abandoned(state: State) -> bool:
    """Whether the card part being resolved is a defeated character's (dropped)."""
    current = state.get("current")
    if not current:
        return False
    return bool(state["characters"][current["side"]]["defeated"])


@last_state
def pending(state: State, catalogue: Catalogue) -> Prompt | None:
    """The decision the game waits for, ``None`` when none (over, or a step runs on).
    Asked for a state's prompt, its legal commands and its decision in turn: remembered
    for the last state."""
    phase = state["phase"]
    if phase == "over":
        return None
    if phase == "terrain":
        return terrain.prompt(state, catalogue)
    if phase == "place":
        side = placement.placing_side(state)
        return None if side is None else _prompt((side,), "place", state, catalogue)
    if phase == "choose":
        sides = choose.choosing_sides(state)
        if not sides:
            return None
        return Prompt(sides, "choose", sealed=True, options={"text": TEXT["choose"]})
    if phase == "reveal":
        step = state["reveal"]["step"]
        if step == "order":
            return _prompt((order.chooser(state),), "order", state, catalogue)
        side = reveal.pending_side(state, catalogue)
        return None if side is None else _prompt((side,), step, state, catalogue)
    if phase == "resolve":
        if abandoned(state):
            return None
        ask = effects.ask(state)
        if ask is None:
            return None
        if ask.kind in HAND_KINDS:
            # Answered in secret: the command names a card of the hand.
            return Prompt((ask.side,), ask.kind, sealed=True, options={"text": ask.text})
        choices = [public_command(option, ask.side) for option in ask.options]
        return Prompt((ask.side,), ask.kind, options={"choices": choices, "text": ask.text})
    assert phase == "end", f"unknown phase {phase!r}"
    side = discard.trimming_side(state, catalogue)
    return None if side is None else _prompt((side,), "trim", state, catalogue)


def _prompt(sides: tuple[str, ...], kind: str, state: State, catalogue: Catalogue) -> Prompt:
    options: dict[str, object] = {"text": TEXT[kind]}
    if kind in HAND_KINDS:
        # Answered in secret: the command names a card of the hand.
        return Prompt(sides, kind, sealed=True, options=options)
    options["choices"] = choices(state, sides[0], kind, catalogue)
    return Prompt(sides, kind, options=options)


def choices(state: State, side: str, kind: str, catalogue: Catalogue) -> list[Command]:
    """Every legal command of ``side`` for a prompt of ``kind``."""
    if kind in ("terrain_roll", "terrain"):
        return terrain.choices(state, side, catalogue)
    if kind == "place":
        return list(placement.place_choices(state, side))
    if kind == "choose":
        return choose.choices(state, side, catalogue)
    if kind == "alternative":
        return [{"kind": "alternative", "side": side, "use": use} for use in (True, False)]
    if kind == "replace":
        return reveal.replace_choices(state, side, catalogue)
    if kind == "speed":
        return reveal.speed_choices(state, side, catalogue)
    if kind == "order":
        return order.order_choices(state, side)
    if kind == "trim":
        return discard.trim_choices(state, side, catalogue)
    ask = effects.ask(state)
    assert ask is not None
    assert ask.side == side
    return [public_command(option, side) for option in ask.options]
