"""A sentence for every kind of Senjutsu event (step lists, logs, the replay viewer).

The turn machine's events are described here; the effects' kinds are handed to
``engine.senjutsu.effects.describe``. An event only names sides (``A``, ``B``...), not
characters: the sentences say "side A". Card ids are named by the card's name. A sealed
part hidden from the viewer (``"sealed": null``) is described without it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from engine.core import Event
from engine.core.standing import STANDING_SET, describe_standing
from engine.senjutsu import opponents
from engine.senjutsu.cards.catalogue import Catalogue
from engine.senjutsu.effects import describe as effects_describe
from engine.senjutsu.turn.declining import CHOICES

FACING_NAMES = ("east", "south-east", "south-west", "west", "north-west", "north-east")


def _card(catalogue: Catalogue, card: Any) -> str:
    if card == "stun":
        return "a stun card"
    if isinstance(card, str) and card in catalogue.cards:
        return catalogue.card(card).name
    return "a card"


def _sealed_card(catalogue: Catalogue, event: Event) -> str | None:
    sealed = event.get("sealed")
    if isinstance(sealed, Mapping) and "card" in sealed:
        return _card(catalogue, sealed["card"])
    return None


def _drew(c: Catalogue, e: Event) -> str:
    card = _sealed_card(c, e)
    return f"Side {e['side']} drew {card}." if card else f"Side {e['side']} drew a card."


def _chose(c: Catalogue, e: Event) -> str:
    card = _sealed_card(c, e)
    if card:
        return f"Side {e['side']} played {card} face down."
    return f"Side {e['side']} played a card face down."


def _bled(c: Catalogue, e: Event) -> str:
    card = _sealed_card(c, e)
    what = card if card else "the top card of their deck"
    return f"Side {e['side']} bled: {what} went face down to their discard pile."


def _standing(e: Event) -> str:
    """A side's standing answers (engine.core.standing), each by what it does."""
    said = describe_standing(e, CHOICES)
    return f"{said[0].upper()}{said[1:]}."


def _trimmed(c: Catalogue, e: Event) -> str:
    card = _sealed_card(c, e)
    what = card if card else "a card"
    return f"Side {e['side']} discarded {what} face down to their hand limit."


def _revealed(c: Catalogue, e: Event) -> str:
    shown = "; ".join(f"side {s} {_card(c, card)}" for s, card in sorted(e["cards"].items()))
    return f"Cards revealed: {shown}."


def _alternative(c: Catalogue, e: Event) -> str:
    if e["use"]:
        return f"Side {e['side']} plays their card at its alternative speed {e['speed']}."
    return f"Side {e['side']} keeps their card's printed speed."


def _queued(c: Catalogue, e: Event) -> str:
    order = ", ".join(f"{p['side']} {_card(c, p['card'])} ({p['speed']})" for p in e["queue"])
    text = f"Resolution order: {order}." if order else "Nothing to resolve this turn."
    if e["ties"]:
        text += " Tied cards wait for the advantage track's choice."
    return text


def _ordered(c: Catalogue, e: Event) -> str:
    if "first" in e:
        return f"Side {e['side']} chose that side {e['first']} resolves first among the tied cards."
    return f"Side {e['side']} chose place {e['slot'] + 1} in the tied order."


# Where the discard step puts a played card (Reset Deck: back into a solo opponent's deck).
_DISCARD_PLACES = {
    "hand": "back to hand",
    "discard": "to the discard pile",
    "supply": "to the supply",
    "deck": "shuffled back into the deck",
}


def _discarded(c: Catalogue, e: Event) -> str:
    moves = []
    for side, moved in sorted(e["cards"].items()):
        where = _DISCARD_PLACES
        moves.append(f"side {side}'s {_card(c, moved['card'])} {where[moved['to']]}")
    return "Discard step: " + ("; ".join(moves) if moves else "nothing played") + "."


def _game_over(c: Catalogue, e: Event) -> str:
    how = "by concession" if e.get("ending") == "concession" else "as the last character standing"
    if e["winner"] is None:
        return "The game is over: no character is left standing."
    return f"The game is over: side {e['winner']} wins {how}."


def _terrain_first(c: Catalogue, e: Event) -> str:
    after = ", ".join(e["order"][1:])
    then = f", then {after} in turn" if after else ""
    return (
        f"Side {e['side']} rolled {e['roll']} on a {e['faces']}-sided die: side {e['side']} "
        f"places terrain first{then}."
    )


def _terrain_placed(c: Catalogue, e: Event) -> str:
    kind = e["piece"]["kind"]
    name = c.terrain(kind).name if kind in c.terrain_kinds else kind
    return f"Side {e['side']} placed {name} on {e['hex']} facing {FACING_NAMES[e['facing'] % 6]}."


def _terrain_set_aside(c: Catalogue, e: Event) -> str:
    names = [c.terrain(k).name if k in c.terrain_kinds else k for k in e["pieces"]]
    return f"No battlefield hex is left for the rest of the terrain: {', '.join(names)} set aside."


SENTENCES: Mapping[str, Callable[[Catalogue, Event], str]] = {
    "terrain_first": _terrain_first,
    "terrain_placed": _terrain_placed,
    "terrain_set_aside": _terrain_set_aside,
    "placed": lambda c, e: (
        f"Side {e['side']} placed their character on {e['hex']} facing "
        f"{FACING_NAMES[e['facing'] % 6]}."
    ),
    "drew": _drew,
    "drew_wound": lambda c, e: (
        f"Side {e['side']}'s deck is empty: they gain a wound instead of drawing."
    ),
    "bled": _bled,
    "turn_started": lambda c, e: f"Turn {e['turn']} begins.",
    "chose": _chose,
    "revealed": _revealed,
    "focus_paid": lambda c, e: (
        f"Side {e['side']} paid {e['cost']} focus for {_card(c, e['card'])} ({e['focus']} left)."
    ),
    "alternative_declared": _alternative,
    "reveal_step": lambda c, e: {
        "replace": "Players may now play instant replacement cards.",
        "speed": "Players now choose their variable initiative speeds.",
    }.get(e["step"], f"The reveal moves on to the {e['step']} step."),
    "replaced": lambda c, e: (
        f"Side {e['side']} replaced {_card(c, e['replaced'])} with {_card(c, e['card'])}."
    ),
    "replacement_declined": lambda c, e: f"Side {e['side']} plays no instant replacement.",
    "speed_set": lambda c, e: f"Side {e['side']}'s card resolves at initiative speed {e['speed']}.",
    "stun_returned": lambda c, e: f"Side {e['side']}'s played stun card goes back to the supply.",
    "queued": _queued,
    "ordered": _ordered,
    "part_due": lambda c, e: (
        f"Side {e['side']}'s cancelled {_card(c, e['card'])} does not resolve."
        if e.get("cancelled")
        else f"Side {e['side']}'s {_card(c, e['card'])} resolves "
        f"{'below its dividing line ' if e['part'] == 'split' else ''}at speed {e['speed']}."
    ),
    "cards_discarded": _discarded,
    "hobbles_turned": lambda c, e: (
        f"Side {e['side']}'s hobbles turn a quarter ({len(e['hobbles'])} still active)."
    ),
    "trimmed": _trimmed,
    "turn_ended": lambda c, e: f"Turn {e['turn']} ends.",
    "defeated": lambda c, e: (
        f"Side {e['side']}'s character is defeated and leaves the battlefield."
    ),
    "conceded": lambda c, e: f"Side {e['side']} concedes.",
    STANDING_SET: lambda c, e: _standing(e),
    "game_over": _game_over,
}


# How a log files Senjutsu's events (``Ruleset.log_tags``): what a reader may hide, and
# the fighting a reader may keep alone.
BOOKKEEPING = frozenset(
    {
        "drew",
        "reveal_step",
        "replacement_declined",
        "stun_returned",
        "queued",
        "part_due",
        "cards_discarded",
        "hobbles_turned",
        "trimmed",
        "resolving",
        "resolved",
        "deck_shuffled",
        "card_drawn",
        STANDING_SET,
    }
)
COMBAT = frozenset(
    {"attacked", "wounded", "block_held", "block_placed", "stunned", "hobbled", "poisoned"}
    | {"collided", "defeated", "trap_sprung"}
)


def log_tags(event: Event) -> tuple[str, ...]:
    """``("bookkeeping",)``, ``("combat",)`` or ``()`` for ``event``."""
    kind = event.get("type", "")
    return ("bookkeeping",) if kind in BOOKKEEPING else ("combat",) if kind in COMBAT else ()


_SIDE = re.compile(r"\b([Ss]ide) ([A-F])\b(?! \()")


def with_characters(text: str, before: Mapping[str, Any], catalogue: Catalogue) -> str:
    """``text`` with each side named by its character, read from the state ``before``
    the event: "side A (Ronin)" (as the viewer names them)."""
    characters = before.get("characters") or {}

    def name(match: re.Match[str]) -> str:
        held = characters.get(match.group(2))
        kind = held.get("character") if isinstance(held, Mapping) else None
        if not isinstance(kind, str) or kind not in catalogue.characters:
            return match.group(0)
        return f"{match.group(0)} ({catalogue.character(kind).name})"

    return _SIDE.sub(name, text)


def describe(event: Event, catalogue: Catalogue, before: Mapping[str, Any] | None = None) -> str:
    """One sentence saying what ``event`` did; given the state ``before`` it, each side
    is named by its character."""
    text = _describe(event, catalogue)
    return with_characters(text, before, catalogue) if before is not None else text


def _describe(event: Event, catalogue: Catalogue) -> str:
    kind = str(event.get("type", "event"))
    sentence = SENTENCES.get(kind)
    if sentence is not None:
        return sentence(catalogue, event)
    if kind in opponents.SENTENCES:
        return opponents.SENTENCES[kind](event)
    return effects_describe.describe(event, catalogue)
