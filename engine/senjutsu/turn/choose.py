"""The Choose step (Turn Structure In Detail > Choose): every living player secretly
plays one card of their hand face down, answering one sealed prompt at once.

A card may be chosen when its mandatory focus cost can be paid and its Kamae
requirement is met; instant additional and instant cards are never chosen (Instant
Cards); a stun
card may be played instead (Other Ability Card Icons > Stun), and a Crippling Poison in
hand too (FAQ: its speed is 0).
"""

from __future__ import annotations

from engine.core import Command, Event, IllegalCommand, State
from engine.senjutsu import rules
from engine.senjutsu.cards.catalogue import Catalogue
from engine.senjutsu.commands import Choose
from engine.senjutsu.state.access import character, living


def kamae_type(state: State, side: str, catalogue: Catalogue) -> str:
    """The Kamae type of the position the ring of ``side`` is on."""
    mine = character(state, side)
    return catalogue.tree(mine["tree"]).kamae_of(mine["kamae"])


def why_not(state: State, side: str, card_id: str, catalogue: Catalogue) -> tuple[str, str] | None:
    """Why ``side`` may not choose ``card_id`` now (words, rule), or ``None`` if it may."""
    mine = character(state, side)
    if card_id not in mine["hand"]:
        return f"{card_id} is not in {side}'s hand", rules.TURN_CHOOSE
    card = catalogue.card(card_id)
    if card.instant in ("additional", "instant"):
        # Instant additional cards are not selected during the Choose step; instant
        # cards are played when their own text says (Instant Cards).
        return f"{card.name} is not chosen: it is an {card.instant} card", rules.INSTANT_ADDITIONAL
    if card.focus_cost > mine["focus"]:
        return (
            f"{card.name} costs {card.focus_cost} focus and {side} has {mine['focus']}",
            rules.TURN_CHOOSE,
        )
    if card.kamae is not None and card.kamae != kamae_type(state, side, catalogue):
        return f"{card.name} needs the {card.kamae} Kamae", rules.TURN_CHOOSE
    return None


def choosing_sides(state: State) -> tuple[str, ...]:
    """The living sides that have not played a card this turn."""
    return tuple(s for s in living(state) if character(state, s)["played"] is None)


def choices(state: State, side: str, catalogue: Catalogue) -> list[Command]:
    """Every legal ``choose`` command of ``side`` (one per distinct card)."""
    mine = character(state, side)
    found: list[Command] = [
        {"kind": "choose", "side": side, "card": card}
        for card in sorted(set(mine["hand"]))
        if why_not(state, side, card, catalogue) is None
    ]
    if mine["stuns"] > 0:
        found.append({"kind": "choose", "side": side, "stun": True})
    return found


def choose(state: State, command: Choose, catalogue: Catalogue) -> list[Event]:
    """The sealed ``chose`` event of a legal choice."""
    side = command.side
    if side not in choosing_sides(state):
        raise IllegalCommand(f"{side} has already played a card this turn", rule=rules.TURN_CHOOSE)
    if command.card is None:
        if character(state, side)["stuns"] == 0:
            raise IllegalCommand(f"{side} has no stun card to play", rule=rules.STUN)
        played = "stun"
    else:
        refusal = why_not(state, side, command.card, catalogue)
        if refusal is not None:
            raise IllegalCommand(refusal[0], rule=refusal[1])
        played = command.card
    return [{"type": "chose", "side": side, "sealed_for": side, "sealed": {"card": played}}]
