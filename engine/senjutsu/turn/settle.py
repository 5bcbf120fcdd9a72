"""Deciding a command and running the game on to the next decision (contract section 6).

:func:`decide` validates a command against the prompt, turns it into events, then
settles: apply the events; after each, defeat whoever is beaten (Winning The Game);
while the game is not over and nobody has to decide, run the next step -- the effects'
next events while a card part is being resolved (``effects.advance``), else the turn's
next step (draw, reveal, order, the next card part handed to ``effects.begin``, discard,
end of turn). Every event up to the next decision is returned.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Command, Dice, Event, IllegalCommand, InvalidCommand, State
from engine.core.concession import CONCEDE, refuse_concession
from engine.core.standing import STANDING, decide_standing
from engine.senjutsu import effects, opponents, rules
from engine.senjutsu.cards.catalogue import Catalogue
from engine.senjutsu.commands import (
    TURN_KINDS,
    Alternative,
    Choose,
    Order,
    Place,
    PlaceTerrain,
    Replace,
    Speed,
    TerrainRoll,
    Trim,
    parse,
    side_of,
)
from engine.senjutsu.state.access import character, living
from engine.senjutsu.turn import choose, defeat, discard, draw, order, placement, reveal, terrain
from engine.senjutsu.turn.declining import CHOICES
from engine.senjutsu.turn.prompts import abandoned, effects_command, pending

Evolve = Callable[[State, Event], State]
MAX_STEPS = 10_000  # automatic steps of one command: far beyond any real turn


def decide(
    state: State, command: Command, dice: Dice, catalogue: Catalogue, evolve: Evolve
) -> list[Event]:
    """The events of ``command`` and of every step after it up to the next decision."""
    side = side_of(command)
    if side not in state["sides"]:
        raise InvalidCommand(f"side: {side!r} is not a side of this game")
    kind = command["kind"]
    if kind == STANDING:  # the kernel's standing answers (engine.core.standing)
        over = state["phase"] == "over"
        return decide_standing(state, command, state["sides"], CHOICES, over=over, key="kind")
    if state["phase"] == "over":
        raise IllegalCommand("the game is over", rule=rules.WINNING)
    if kind == CONCEDE:  # the kernel's concession (engine.core.concession)
        refuse_concession(state, command, state["sides"], over=False, key="kind")
        if side not in living(state):
            raise IllegalCommand(f"{side}'s character is already defeated", rule=rules.WINNING)
        return settle(state, defeat.concede(state, side), dice, catalogue, evolve)
    prompt = pending(state, catalogue)
    assert prompt is not None, "a state between commands always waits for a decision"
    if kind in TURN_KINDS:
        parsed = parse(command)
    elif kind in effects.KINDS:
        parsed = None
    else:
        raise InvalidCommand(f"kind: unknown command kind {kind!r}")
    if side not in prompt.sides:
        raise IllegalCommand(
            f"it is not {side}'s decision now "
            f"(waiting for {', '.join(prompt.sides)}: {prompt.kind})",
            rule=rules.TURN_TIMING,
        )
    if kind != prompt.kind:
        raise IllegalCommand(
            f"{side} must answer a {prompt.kind!r} decision now, not {kind!r}",
            rule=rules.TURN_TIMING,
        )
    if isinstance(parsed, TerrainRoll | PlaceTerrain):
        events = terrain.decide(state, parsed, dice, catalogue)
    elif isinstance(parsed, Place):
        events = placement.place(state, parsed)
    elif isinstance(parsed, Choose):
        events = choose.choose(state, parsed, catalogue)
    elif isinstance(parsed, Alternative):
        events = reveal.alternative(state, parsed, catalogue)
    elif isinstance(parsed, Replace):
        events = reveal.replace(state, parsed, catalogue)
    elif isinstance(parsed, Speed):
        events = reveal.speed(state, parsed, catalogue)
    elif isinstance(parsed, Order):
        events = order.order(state, parsed)
    elif isinstance(parsed, Trim):
        events = discard.trim(state, parsed, catalogue)
    else:
        assert parsed is None, f"no rule area answers {parsed!r}"
        events = effects.answer(state, side, effects_command(command), dice)
    return settle(state, events, dice, catalogue, evolve)


def settle(
    state: State, events: list[Event], dice: Dice, catalogue: Catalogue, evolve: Evolve
) -> list[Event]:
    """Apply ``events`` and run every step after them until a decision waits."""
    out: list[Event] = []
    todo = list(events)
    for _ in range(MAX_STEPS):
        while todo:
            event = todo.pop(0)
            out.append(event)
            before = state
            state = evolve(state, event)
            if state["phase"] == "over":
                return out
            if state["characters"] is before["characters"] and state["phase"] == before["phase"]:
                continue  # the defeat conditions read only the characters (and the phase)
            # Defeat comes at once, before anything else happens (Winning The Game).
            due = {e["side"] for e in todo if e["type"] == "defeated"}
            if not any(e["type"] == "game_over" for e in todo):
                beaten = [e for e in defeat.defeats(state) if e.get("side") not in due]
                todo = [*beaten, *todo]
        if pending(state, catalogue) is not None:
            return out
        todo = next_step(state, dice, catalogue, evolve)
        if not todo:
            raise RuntimeError(f"the turn machine is stuck in phase {state['phase']!r}")
    raise RuntimeError(f"more than {MAX_STEPS} steps without a decision")


def next_step(state: State, dice: Dice, catalogue: Catalogue, evolve: Evolve) -> list[Event]:
    """The events of the next step that needs no decision."""
    phase = state["phase"]
    if phase == "terrain":
        return terrain.next_step(state)
    if phase == "place":
        placed = opponents.placements(state) if state["mode"] == "solo" else []
        if placed:
            return placed  # Solo Setup step 5: the opponents, once you are placed
        # Player Setup step 13, then the first turn and its draw step.
        events = [*draw.setup_draws(state, catalogue), {"type": "turn_started", "turn": 1}]
        started = state
        for event in events:
            started = evolve(started, event)
        return [*events, *draw.turn_draws(started)]
    if phase == "choose":
        # Solo Gameplay > Reveal: each opponent turns over the top card of its deck.
        revealed = opponents.reveal_events(state, dice) if state["mode"] == "solo" else []
        after = state
        for event in revealed:
            after = evolve(after, event)
        return [*revealed, *reveal.reveal(after, catalogue)]
    if phase == "reveal":
        return reveal.next_step(state, catalogue)
    if phase == "resolve":
        if effects.active(state):
            if abandoned(state):
                # Defeated characters take no further part (Winning The Game): the rest
                # of the card part they were resolving is dropped.
                current = state["current"]
                keys = ("side", "card", "part")
                return [{"type": "resolved", **{k: current[k] for k in keys}, "abandoned": True}]
            return effects.advance(state, dice)
        if state["queue"]:
            part = state["queue"][0]
            due: Event = {
                "type": "part_due",
                **{k: part[k] for k in ("side", "card", "part", "speed")},
            }
            played = state["characters"][part["side"]]["played"] or {}
            if played.get("cancelled"):
                # FAQ, Cancel Active: the unresolved parts of a cancelled card are skipped.
                return [{**due, "cancelled": True}]
            after = evolve(state, due)
            side, resolved = part["side"], part["part"]
            if character(after, side).get("solo"):
                # Resolving Solo Cards: an opponent's top part only if it can attack you.
                resolved = opponents.resolve_part(after, side, resolved)
            return [due, *effects.begin(after, side, part["card"], resolved, part["speed"])]
        return discard.discard_played(state, catalogue)
    assert phase == "end"
    return discard.next_turn(state)
