"""The Reveal step (Turn Structure In Detail > Reveal; Revealing Cards 1-6).

1. every played card turns face up (``revealed``); 2. mandatory focus costs are paid;
3. alternative initiative speeds: mandatory in the Kamae of a coloured strip, optional
with a focus cost (declared in advantage track order from the bottom); 4. instant
replacements, from the bottom of the track (a different type, never replacing a core
card, the original's focus refunded, one instant per turn); 5. variable initiative
speeds, chosen from the bottom of the track up; 6. the speeds are compared
(:mod:`.order`). Hobbles lower every speed by 1 each, to a minimum of 1. A played stun is
speed 0 and goes back to the supply at the end of the step.

The step in progress is ``state["reveal"] = {"step": "alternative" | "replace" |
"speed" | "order", "done": [sides that have decided in it]}``.
"""

from __future__ import annotations

from typing import Any

from engine.core import Command, Event, IllegalCommand, State
from engine.senjutsu import rules
from engine.senjutsu.cards.catalogue import Catalogue
from engine.senjutsu.cards.model import Card
from engine.senjutsu.commands import Alternative, Replace, Speed
from engine.senjutsu.grid.order import hobbled_range, hobbled_speed
from engine.senjutsu.state.access import character, living, track_bottom_up
from engine.senjutsu.turn.choose import kamae_type
from engine.senjutsu.turn.order import queue_and_ties

ABILITY_TYPES = ("attack", "defence", "meditation")


def played_card(state: State, side: str, catalogue: Catalogue) -> Card | None:
    """The ability (or core, or status) card ``side`` played, ``None`` for a stun."""
    played = character(state, side)["played"]
    if played is None or played["card"] == "stun":
        return None
    return catalogue.card(played["card"])


def reveal(state: State, catalogue: Catalogue) -> list[Event]:
    """Revealing Cards 1-3: turn the cards face up, pay mandatory focus costs, apply the
    alternative speeds that the Kamae makes mandatory."""
    sides = [s for s in living(state) if character(state, s)["played"] is not None]
    events: list[Event] = [
        {"type": "revealed", "cards": {s: character(state, s)["played"]["card"] for s in sides}}
    ]
    for side in sides:
        card = played_card(state, side, catalogue)
        if card is None:
            continue
        focus = character(state, side)["focus"]
        if card.focus_cost:
            focus -= card.focus_cost
            events.append(
                {
                    "type": "focus_paid",
                    "side": side,
                    "card": card.id,
                    "cost": card.focus_cost,
                    "focus": focus,
                }
            )
        events.extend(strip_alternative(state, side, card, focus, catalogue))
    return events


# -- alternative initiative -------------------------------------------------------------


def strip_alternative(
    state: State, side: str, card: Card, focus: int, catalogue: Catalogue
) -> list[Event]:
    """The alternative speed of a Kamae coloured strip, mandatory when the character is
    in that Kamae (``focus``: the character's focus, unchanged)."""
    alternative = card.alternative
    if alternative is None or alternative.kamae is None:
        return []
    if alternative.kamae != kamae_type(state, side, catalogue):
        return []
    return [
        {
            "type": "alternative_declared",
            "side": side,
            "use": True,
            "speed": alternative.initiative,
            "focus": focus,
        }
    ]


def _optional_alternative(state: State, side: str, catalogue: Catalogue) -> bool:
    card = played_card(state, side, catalogue)
    return (
        card is not None
        and card.alternative is not None
        and card.alternative.kamae is None
        and card.alternative.focus <= character(state, side)["focus"]
    )


def alternative_side(state: State, catalogue: Catalogue) -> str | None:
    """Who declares an optional alternative speed next (bottom of the track first)."""
    done = state["reveal"]["done"]
    for side in track_bottom_up(state):
        if side not in done and _optional_alternative(state, side, catalogue):
            return side
    return None


def alternative(state: State, command: Alternative, catalogue: Catalogue) -> list[Event]:
    side = command.side
    card = played_card(state, side, catalogue)
    assert card is not None
    assert card.alternative is not None
    focus = character(state, side)["focus"]
    if command.use:
        focus -= card.alternative.focus
    return [
        {
            "type": "alternative_declared",
            "side": side,
            "use": command.use,
            "speed": card.alternative.initiative if command.use else None,
            "focus": focus,
        }
    ]


# -- instant replacement ----------------------------------------------------------------


def _refund(state: State, side: str, card: Card) -> int:
    """The focus spent on the played card, given back when it is replaced."""
    paid = card.focus_cost
    if character(state, side)["played"]["alternative"] and card.alternative is not None:
        paid += card.alternative.focus
    return paid


def may_replace(state: State, side: str, catalogue: Catalogue) -> bool:
    """Whether ``side`` is asked about an instant replacement: it played an attack,
    defence or meditation card that is not core (public knowledge: asking only those
    holding a replacement would tell the others what is in their hand)."""
    card = played_card(state, side, catalogue)
    return card is not None and not card.core and card.type in ABILITY_TYPES


def replace_side(state: State, catalogue: Catalogue) -> str | None:
    done = state["reveal"]["done"]
    for side in track_bottom_up(state):
        if side not in done and may_replace(state, side, catalogue):
            return side
    return None


def why_not_replacement(state: State, side: str, card_id: str, catalogue: Catalogue) -> str | None:
    mine = character(state, side)
    if card_id not in mine["hand"]:
        return f"{card_id} is not in {side}'s hand"
    card = catalogue.card(card_id)
    original = played_card(state, side, catalogue)
    assert original is not None
    if card.instant != "replacement":
        return f"{card.name} is not an instant replacement card"
    if original.core:
        return "a core card cannot be replaced"
    if card.type == original.type or card.type not in ABILITY_TYPES:
        return f"{card.name} must be a different type than {original.name}"
    if card.focus_cost > mine["focus"] + _refund(state, side, original):
        return f"{card.name} costs {card.focus_cost} focus"
    if card.kamae is not None and card.kamae != kamae_type(state, side, catalogue):
        return f"{card.name} needs the {card.kamae} Kamae"
    return None


def replace_choices(state: State, side: str, catalogue: Catalogue) -> list[Command]:
    found: list[Command] = [{"kind": "replace", "side": side, "card": None}]
    for card in sorted(set(character(state, side)["hand"])):
        if why_not_replacement(state, side, card, catalogue) is None:
            found.append({"kind": "replace", "side": side, "card": card})
    return found


def replace(state: State, command: Replace, catalogue: Catalogue) -> list[Event]:
    side = command.side
    if command.card is None:
        return [{"type": "replacement_declined", "side": side}]
    refusal = why_not_replacement(state, side, command.card, catalogue)
    if refusal is not None:
        raise IllegalCommand(refusal, rule=rules.INSTANT_REPLACEMENT)
    original = played_card(state, side, catalogue)
    assert original is not None
    card = catalogue.card(command.card)
    focus = character(state, side)["focus"] + _refund(state, side, original) - card.focus_cost
    events: list[Event] = [
        {"type": "replaced", "side": side, "card": card.id, "replaced": original.id, "focus": focus}
    ]
    # A replacement with a Kamae strip alternative speed takes it if in that Kamae.
    events.extend(strip_alternative(state, side, card, focus, catalogue))
    return events


# -- variable initiative ----------------------------------------------------------------


def variable_range(state: State, side: str, catalogue: Catalogue) -> tuple[int, int] | None:
    """The (high, low) speeds ``side`` chooses between, hobbles applied; ``None`` when
    its card has a fixed speed (or an alternative speed is used)."""
    card = played_card(state, side, catalogue)
    mine = character(state, side)
    if card is None or not isinstance(card.initiative, tuple) or mine["played"]["alternative"]:
        return None
    return hobbled_range(card.initiative, len(mine["hobbles"]))


def speed_side(state: State, catalogue: Catalogue) -> str | None:
    done = state["reveal"]["done"]
    for side in track_bottom_up(state):
        if side not in done and variable_range(state, side, catalogue) is not None:
            return side
    return None


def speed_choices(state: State, side: str, catalogue: Catalogue) -> list[Command]:
    found = variable_range(state, side, catalogue)
    assert found is not None
    high, low = found
    return [{"kind": "speed", "side": side, "speed": n} for n in range(high, low - 1, -1)]


def speed(state: State, command: Speed, catalogue: Catalogue) -> list[Event]:
    found = variable_range(state, command.side, catalogue)
    assert found is not None
    high, low = found
    if not low <= command.speed <= high:
        raise IllegalCommand(
            f"choose a speed from {high} to {low}, not {command.speed}",
            rule=rules.VARIABLE_INITIATIVE,
        )
    return [{"type": "speed_set", "side": command.side, "speed": command.speed, "chosen": True}]


def fixed_speed(state: State, side: str, catalogue: Catalogue) -> int:
    """The speed of a card with a fixed (or alternative) speed: stuns and status cards
    are speed 0 (Stun; FAQ), ability cards lowered by hobbles."""
    played = character(state, side)["played"]
    card = played_card(state, side, catalogue)
    if card is None or card.type == "status":
        return 0
    if played["alternative"] and card.alternative is not None:
        base = card.alternative.initiative
    else:
        assert isinstance(card.initiative, int)
        base = card.initiative
    return hobbled_speed(base, len(character(state, side)["hobbles"]))


# -- moving on --------------------------------------------------------------------------


def next_step(state: State, catalogue: Catalogue) -> list[Event]:
    """The events that end the current reveal step once nobody has to decide in it."""
    step = state["reveal"]["step"]
    if step == "alternative":
        return [{"type": "reveal_step", "step": "replace"}]
    if step == "replace":
        return [{"type": "reveal_step", "step": "speed"}]
    assert step == "speed", f"no automatic end to the reveal step {step!r}"
    events: list[Event] = []
    speeds: dict[str, int] = {}
    for side in living(state):
        played = character(state, side)["played"]
        if played is None:
            continue
        if played["speed"] is None:
            speeds[side] = fixed_speed(state, side, catalogue)
            events.append({"type": "speed_set", "side": side, "speed": speeds[side]})
        else:
            speeds[side] = played["speed"]
        if played["card"] == "stun":
            events.append({"type": "stun_returned", "side": side})
    queue, ties = queue_and_ties(state, speeds, catalogue)
    events.append({"type": "queued", "queue": queue, "ties": ties})
    return events


def pending_side(state: State, catalogue: Catalogue) -> str | None:
    """Who decides now in the current reveal step, if anyone."""
    step: Any = state["reveal"]["step"]
    if step == "alternative":
        return alternative_side(state, catalogue)
    if step == "replace":
        return replace_side(state, catalogue)
    if step == "speed":
        return speed_side(state, catalogue)
    return None
