"""Other Ability Card Icons and Keywords: hobble, stun, poison, wound, advantage,
draw, discard, search, push / pull, rotate target, swap, trap, cancel active.

An effect in a targeted list applies to its target; an effect on "the targeted
character" (the status icons, push / pull, rotate, swap, view hand, cancel active)
that follows no attack, block or ranged effect targets "any other single character
on the battlefield" (Instant Cards > Targeted Character), chosen by the resolving
side; focus, advantage, draw, discard and search without a target are the
resolving character's own.
"""

from __future__ import annotations

from engine.core import Command, Dice, Event, State
from engine.hexgrid import Hex
from engine.senjutsu.cards import shuffle
from engine.senjutsu.effects import rules
from engine.senjutsu.effects.cards import card
from engine.senjutsu.effects.frames import (
    Json,
    Step,
    board,
    character,
    frame,
    others,
    position,
    task,
    terrain_at,
)
from engine.senjutsu.effects.kamae import gain_focus
from engine.senjutsu.effects.machine import automatic, choice, resolver, task_side
from engine.senjutsu.effects.moves import status_events

# Effects on "the targeted character": following no attack, block or ranged effect,
# the icon means "any other single character on the battlefield" (Targeted Character).
NEEDS_TARGET = (
    "push",
    "pull",
    "rotate_target",
    "swap",
    "cancel_active",
    "hobble",
    "stun",
    "poison",
    "wound",
    "view_hand",
)
# Solo opponents' effects (and View Hand on a solo opponent's deck): solo phase 2.
SOLO_ONLY = ("view_hand", "reset_deck", "change_approach")
TRAP_TOKENS = 3  # Component List: 3 trap tokens


@automatic("effect")
def _effect(state: State, head: Json, dice: Dice) -> Step:
    effect, target = head["effect"], head.get("target")
    side = resolver(state)
    do = effect["do"]
    if do in NEEDS_TARGET and target is None:
        return Step(then=(task("target", effect=effect, candidates=None),))
    who = target if target is not None else side
    if do in ("hobble", "stun", "poison"):
        return Step(events=tuple(status_events(state, who, do, by=side)))
    if do == "wound":
        event = {
            "type": "wounded",
            "side": who,
            "wounds": int(effect["n"]),
            "bleeding": 0,
            "by": side,
            "card": frame(state)["card"],
        }
        return Step(events=(event,))
    if do == "focus":
        return Step(events=tuple(gain_focus(state, who, int(effect["n"]))))
    if do == "advantage":
        return Step(events=({"type": "advantage_taken", "side": who},))
    if do == "draw":
        return Step(events=tuple(draw_events(state, who, int(effect["n"]))))
    if do == "discard":
        return Step(then=(task("discard", side=who, n=int(effect["n"]), up=False),))
    if do == "search":
        return Step(then=(task("search", side=who, effect=effect),))
    if do in ("push", "pull"):
        return Step(
            then=(task("push", side=side, target=who, n=int(effect["n"]), pull=do == "pull"),)
        )
    if do == "rotate_target":
        return Step(then=(task("rotate", side=side, target=who, n=int(effect["n"])),))
    if do == "swap":
        return Step(events=({"type": "swapped", "side": side, "with": who},))
    if do == "cancel_active":
        return Step(events=({"type": "cancelled", "side": who, "by": side},))
    if do == "trap":
        return Step(then=(task("trap", side=side, range=int(effect["range"])),))
    if do == "view_hand" and target is not None and not state["characters"][who].get("solo"):
        hand = sorted(state["characters"][who]["hand"])
        event = {
            "type": "hand_viewed",
            "side": side,
            "target": who,
            "sealed_for": side,
            "sealed": {"hand": hand},
        }
        return Step(events=(event,))
    if do in SOLO_ONLY:
        return Step(events=({"type": "effect_ignored", "side": side, "do": do},))
    raise ValueError(f"no rule resolves the effect {do!r}")


def draw_events(state: State, side: str, n: int) -> list[Event]:
    """Draw ``n``: from an empty deck, a wound instead of each card (Draw)."""
    deck = list(state["characters"][side]["deck"])
    drawn = deck[:n]
    events: list[Event] = []
    if drawn:
        events.append(
            {
                "type": "card_drawn",
                "side": side,
                "count": len(drawn),
                "sealed_for": side,
                "sealed": {"cards": drawn},
            }
        )
    if n > len(drawn):
        card_id = frame(state)["card"]
        events.append(
            {
                "type": "wounded",
                "side": side,
                "wounds": n - len(drawn),
                "bleeding": 0,
                "by": None,
                "card": card_id,
            }
        )
    return events


@choice(
    "target",
    kind="target",
    rule=rules.TARGETED,
    text="Choose the character this effect targets.",
    options=lambda state, head: [
        {"kind": "target", "side": s}
        for s in (
            head["candidates"] if head["candidates"] is not None else others(state, resolver(state))
        )
    ],
    side=resolver,
)
def _target(state: State, head: Json, command: Command, dice: Dice) -> Step:
    return Step(then=(task("effect", effect=head["effect"], target=command["side"]),))


ABILITY_TYPES = ("attack", "defence", "meditation")


def discardable(state: State, side: str, *, ability: bool = False) -> list[str]:
    """Cards ``side`` can discard: any non-core card in hand (Core cards cannot be
    discarded for any reason; stun cards are counted apart and cannot be);
    ``ability``: ability cards only (a collision discards "1 ability card")."""
    found = []
    for card_id in sorted(set(state["characters"][side]["hand"])):
        data = card(state, card_id)
        if not data["core"] and (not ability or data["type"] in ABILITY_TYPES):
            found.append(card_id)
    return found


@choice(
    "discard",
    kind="discard",
    rule=rules.DISCARD,
    text=lambda state, head: (
        f"Discard {head['n']} {'card' if head['n'] == 1 else 'cards'}"
        f" face {'up' if head['up'] else 'down'} (one at a time)."
    ),
    options=lambda state, head: [
        {"kind": "discard", "card": c}
        for c in discardable(state, head["side"], ability=bool(head.get("ability")))
    ],
    side=task_side,
)
def _discard(state: State, head: Json, command: Command, dice: Dice) -> Step:
    """One card at a time; "as many as you can" when the hand runs out."""
    side = head["side"]
    event = {"type": "discarded", "side": side, "card": command["card"], "up": bool(head["up"])}
    if not head["up"]:
        event = {
            "type": "discarded",
            "side": side,
            "sealed_for": side,
            "sealed": {"card": command["card"]},
            "up": False,
        }
    left = int(head["n"]) - 1
    more = task("discard", side=side, n=left, up=head["up"], ability=head.get("ability", False))
    then = (more,) if left > 0 else ()
    return Step(events=(event,), then=then)


def _search_pool(state: State, head: Json) -> list[str]:
    effect = head["effect"]
    mine = state["characters"][head["side"]]
    if effect["from"] == "discard":
        pool = [entry["card"] for entry in mine["discard"]]
    else:
        pool = list(mine["deck"])
        if effect["top"] is not None:
            pool = pool[: int(effect["top"])]
    wanted = effect["type"]
    return sorted({c for c in pool if wanted is None or card(state, c)["type"] == wanted})


@choice(
    "search",
    kind="search",
    rule=rules.SEARCH,
    text="Choose a card to take into your hand, or none.",
    options=lambda state, head: [
        *({"kind": "search", "card": c} for c in _search_pool(state, head)),
        {"kind": "search", "card": None},
    ],
    side=task_side,
)
def _search(state: State, head: Json, command: Command, dice: Dice) -> Step:
    """Take the card; then shuffle what was looked through (Search): the deck, or
    its top cards, keeping the rest below."""
    side, effect = head["side"], head["effect"]
    events: list[Event] = []
    chosen = command["card"]
    if chosen is not None:
        events.append(
            {
                "type": "searched",
                "side": side,
                "from": effect["from"],
                "sealed_for": side,
                "sealed": {"card": chosen},
            }
        )
    left = int(effect["n"]) - 1
    then: tuple[Json, ...] = ()
    if chosen is not None and left > 0:
        # The card taken leaves the cards looked through: one fewer on top.
        top = None if effect["top"] is None else max(0, int(effect["top"]) - 1)
        then = (task("search", side=side, effect={**effect, "n": left, "top": top}),)
    elif effect["from"] == "deck":
        deck = list(state["characters"][side]["deck"])
        if chosen is not None:
            deck.remove(chosen)
        top = (
            len(deck)
            if effect["top"] is None
            else max(0, int(effect["top"]) - 1 if chosen else int(effect["top"]))
        )
        order = [*shuffle(deck[:top], dice), *deck[top:]]
        # The new order is hidden from every player, the owner too: sealed for no side.
        events.append(
            {"type": "deck_shuffled", "side": side, "sealed_for": "", "sealed": {"deck": order}}
        )
    return Step(events=tuple(events), then=then)


def _rotations(state: State, head: Json) -> list[Command]:
    return [{"kind": "rotate", "direction": 1}, {"kind": "rotate", "direction": -1}]


@choice(
    "rotate",
    kind="rotate",
    rule=rules.ROTATE_TARGET,
    text="Rotate the targeted character clockwise (1) or anticlockwise (-1).",
    options=_rotations,
    side=task_side,
)
def _rotate(state: State, head: Json, command: Command, dice: Dice) -> Step:
    """All the rotations in the same direction (Rotate X)."""
    target = head["target"]
    here, facing = position(state, target)
    turned = facing.turn(int(head["n"]) * int(command["direction"]))
    event = {
        "type": "moved",
        "side": target,
        "hex": here.to_json(),
        "facing": int(turned),
        "path": [],
    }
    return Step(events=(event,))


def _trap_hexes(state: State, head: Json) -> list[list[int]]:
    side = head["side"]
    if len(state.get("traps") or []) >= TRAP_TOKENS:
        return []
    here = position(state, side)[0]
    taken = {Hex.from_json(t["hex"]) for t in state.get("traps") or []}
    taken |= set(terrain_at(state))
    taken |= {Hex.from_json(character(state, s)["hex"]) for s in [side, *others(state, side)]}
    area = board(state)
    return [h.to_json() for h in sorted(here.within(int(head["range"])) & area - taken)]


@choice(
    "trap",
    kind="trap",
    rule=rules.TRAP,
    text="Choose an empty hex for your trap token.",
    options=lambda state, head: [{"kind": "trap", "hex": h} for h in _trap_hexes(state, head)],
    side=task_side,
)
def _trap(state: State, head: Json, command: Command, dice: Dice) -> Step:
    return Step(events=({"type": "trap_placed", "side": head["side"], "hex": command["hex"]},))
