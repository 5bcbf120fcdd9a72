"""A sentence for every kind of event the card interpreter emits (the turn
machine's ``engine.senjutsu.describe`` hands these kinds here). Sides are named as
sides; cards by their names; a sealed part hidden from the viewer (``"sealed":
null``) is described without it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.core import Event
from engine.senjutsu.cards import load_catalogue
from engine.senjutsu.cards.catalogue import Catalogue

FACINGS = ("east", "south-east", "south-west", "west", "north-west", "north-east")
Sentence = Callable[[Catalogue, Event], str]


def _card(catalogue: Catalogue, card: Any) -> str:
    if isinstance(card, str) and card in catalogue.cards:
        return catalogue.card(card).name
    return "a card"


def _sides(sides: list[str]) -> str:
    return ", ".join(f"side {s}" for s in sides) if sides else "nobody"


def _by(event: Event) -> str:
    return f" by side {event['by']}" if event.get("by") else ""


def _resolving(c: Catalogue, e: Event) -> str:
    part = {"top": "", "split": " (below the line)", "bottom": " (its lower part)"}.get(
        e["part"], f" ({e['part']} effects)"
    )
    return f"Side {e['side']} resolves {_card(c, e['card'])}{part} at speed {e['speed']}."


def _attacked(c: Catalogue, e: Event) -> str:
    how = "a ranged attack" if e.get("ranged") else "an attack"
    if not e["targets"]:
        return f"Side {e['side']}'s {how} ({_card(c, e['card'])}) targets no one."
    text = f"Side {e['side']}'s {how} ({_card(c, e['card'])}) targets {_sides(e['targets'])}"
    if e["blocked"]:
        text += f"; blocked by {_sides(e['blocked'])}"
    return text + "."


def _wounded(c: Catalogue, e: Event) -> str:
    parts = []
    if e["wounds"]:
        parts.append(f"{e['wounds']} wound{'s' if e['wounds'] != 1 else ''}")
    if e["bleeding"]:
        parts.append(f"{e['bleeding']} bleeding wound{'s' if e['bleeding'] != 1 else ''}")
    what = " and ".join(parts) or "no wound"
    source = f" from {_card(c, e['card'])}" if e.get("card") else ""
    return f"Side {e['side']} takes {what}{source}{_by(e)}."


def _collided(c: Catalogue, e: Event) -> str:
    into = {"character": f"side {e['into']}", "edge": "the edge of the battlefield"}.get(
        e.get("kind", ""), f"the {e.get('terrain', 'terrain')}"
    )
    tail = "; the rest of their card is not resolved" if e.get("stops") else ""
    return f"Side {e['side']} collides with {into} and stays put{tail}."


def _discarded(c: Catalogue, e: Event) -> str:
    sealed = e.get("sealed")
    if "card" in e:
        card = _card(c, e["card"])
    elif isinstance(sealed, Mapping):
        card = _card(c, sealed.get("card"))
    else:
        card = "a card"
    return f"Side {e['side']} discards {card} face {'up' if e['up'] else 'down'}."


def _drawn(c: Catalogue, e: Event) -> str:
    sealed = e.get("sealed")
    if isinstance(sealed, Mapping):
        names = ", ".join(_card(c, card) for card in sealed.get("cards", []))
        return f"Side {e['side']} draws {names}."
    return f"Side {e['side']} draws {e['count']} card{'s' if e['count'] != 1 else ''}."


SENTENCES: dict[str, Sentence] = {
    "resolving": _resolving,
    "progressed": lambda c, e: "The card's resolution moves on.",
    "resolved": lambda c, e: f"Side {e['side']} has resolved {_card(c, e['card'])}.",
    "moved": lambda c, e: (
        f"Side {e['side']} moves to {tuple(e['hex'])}, facing {FACINGS[e['facing']]}."
    ),
    "swapped": lambda c, e: f"Sides {e['side']} and {e['with']} swap positions.",
    "collided": _collided,
    "attacked": _attacked,
    "wounded": _wounded,
    "stunned": lambda c, e: f"Side {e['side']} is stunned{_by(e)}: a stun card to their hand.",
    "hobbled": lambda c, e: f"Side {e['side']} is hobbled{_by(e)}.",
    "poisoned": lambda c, e: f"Side {e['side']} is poisoned{_by(e)}: Crippling Poison to hand.",
    "focus_changed": lambda c, e: f"Side {e['side']} now has {e['focus']} focus.",
    "kamae_changed": lambda c, e: (
        f"Side {e['side']} {'switches' if e.get('switch') else 'changes'} Kamae to {e['kamae']}."
    ),
    "advantage_taken": lambda c, e: f"Side {e['side']} takes the top of the advantage track.",
    "card_drawn": _drawn,
    "discarded": _discarded,
    "searched": lambda c, e: (
        f"Side {e['side']} searches their {e['from']} and takes "
        f"{_card(c, (e.get('sealed') or {}).get('card'))} into their hand."
    ),
    "hand_viewed": lambda c, e: f"Side {e['side']} looks at side {e['target']}'s hand.",
    "deck_shuffled": lambda c, e: f"Side {e['side']} shuffles their deck.",
    "cancelled": lambda c, e: f"Side {e['side']}'s active card effects are cancelled{_by(e)}.",
    "trap_placed": lambda c, e: f"Side {e['side']} places a trap token at {tuple(e['hex'])}.",
    "trap_sprung": lambda c, e: f"Side {e['side']} springs the trap at {tuple(e['hex'])}.",
    "terrain_removed": lambda c, e: f"The {e['kind']} ({e['id']}) is removed from the battlefield.",
    "block_placed": lambda c, e: (
        f"Side {e['side']} blocks {len(e['hexes'])} hex{'es' if len(e['hexes']) != 1 else ''}"
        f" at speed {e['speed']}."
    ),
    "block_held": lambda c, e: f"Side {e['side']}'s block stops side {e['attacker']}'s attack.",
    "instant_played": lambda c, e: f"Side {e['side']} plays {_card(c, e['card'])} (instant).",
    "effect_ignored": lambda c, e: f"Side {e['side']}'s {e['do']} effect has no use here.",
}
KINDS = frozenset(SENTENCES)


def describe(event: Event, catalogue: Catalogue | None = None) -> str:
    """One sentence saying what an effects event did."""
    kind = str(event.get("type", "event"))
    sentence = SENTENCES.get(kind)
    if sentence is None:
        return kind.replace("_", " ")
    return sentence(catalogue if catalogue is not None else load_catalogue(), event)
