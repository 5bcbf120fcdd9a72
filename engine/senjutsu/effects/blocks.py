"""Blocks and the Block Timing Sequence.

A block effect adds blocks to hexes around the defender (its grid turned to the
defender's facing); it exists for its initiative speed only (Blocks), so the
state keeps the turn's blocks with their speed. An attack at that speed does not
affect the defender if a block is in the attacker's hex or every shortest path
from the attacker passes a block, terrain always counting (Blocks > Resolving
Blocks: the grid's ``is_blocked``); in multiplayer games a block also covers any
other character in its hexes (Multiplayer Rules > Blocking). Blocks only stop
attack cards.

When a block stops an attack (Block Timing Sequence): 1-2. the counter, if the
attack's speed is among the counter speeds: the blocker MAY discard a non-core
attack card to deal one wound to the attacker (Blocks > Counters); 3. a 'block
successful' instant additional card; 4. If Successful (once per block: "after at
least 1 attack effect ... was blocked"), and the targeted icon effects against
every character whose attack it blocked (Instant Cards > Targeted Character).
Step 5, "the rest of the defence card", was resolved at the card's own speed:
a defence card resolves before an attack card of the same speed (Resolve).
"""

from __future__ import annotations

from engine.core import Command, Dice, State
from engine.hexgrid import Hex, oriented
from engine.senjutsu.effects import geometry, rules
from engine.senjutsu.effects.cards import acts_as, card
from engine.senjutsu.effects.expand import effect_tasks
from engine.senjutsu.effects.frames import Json, Step, frame, position, task
from engine.senjutsu.effects.machine import automatic, choice, resolver, task_side


def blocks_now(state: State) -> list[Json]:
    """The blocks that exist at the speed being resolved this turn."""
    speed = frame(state)["speed"]
    return [
        b for b in state.get("blocks") or [] if b["turn"] == state["turn"] and b["speed"] == speed
    ]


def blocker_of(state: State, attacker: str, target: str) -> tuple[bool, str | None]:
    """Whether ``attacker``'s attack on ``target`` is stopped, and by whose block
    (``None``: terrain alone)."""
    chars = state["characters"]
    to = Hex.from_json(chars[target]["hex"])
    source = Hex.from_json(chars[attacker]["hex"])
    active = blocks_now(state)
    for block in active:
        if block["side"] not in (target, attacker) and to.to_json() in block["hexes"]:
            return True, str(block["side"])  # Multiplayer Rules > Blocking
    own = frozenset(Hex.from_json(h) for b in active if b["side"] == target for h in b["hexes"])
    if own and geometry.is_blocked(state, source, to, own):
        return True, target
    # Terrain adds a block to its hexes at all initiative speeds.
    return geometry.is_blocked(state, source, to, frozenset()), None


def _block_of(state: State, side: str) -> Json:
    return next(b for b in blocks_now(state) if b["side"] == side)


def block_timing(state: State, attacker: str, target: str, by: str | None) -> list[Json]:
    """The Block Timing Sequence's tasks when ``by``'s block stops an attack."""
    if by is None:
        return []
    block = _block_of(state, by)
    speed = frame(state)["speed"]
    tasks: list[Json] = [task("held", side=by, attacker=attacker)]
    if speed in block["counter"]:
        tasks.append(task("counter", side=by, attacker=attacker))
    tasks.append(task("instant", side=by, condition="block_successful"))
    nested = effect_tasks(block["targeted"], attacker)
    if not block.get("held"):
        nested = [*effect_tasks(block["if_successful"]), *nested]
    if nested:
        tasks.append(task("nest", side=by, card=block["card"], part="block", todo=nested))
    return tasks


@automatic("block")
def _block(state: State, head: Json, dice: Dice) -> Step:
    side = resolver(state)
    current = frame(state)
    here, facing = position(state, side)
    effect = head["effect"]
    hexes = oriented([Hex(*h) for h in effect["grid"]], here, facing)
    event = {
        "type": "block_placed",
        "side": side,
        "card": current["card"],
        "turn": state["turn"],
        "speed": current["speed"],
        "hexes": [h.to_json() for h in sorted(hexes)],
        "counter": list(effect["counter"]),
        "if_successful": effect["if_successful"],
        "targeted": effect["targeted"],
    }
    return Step(events=(event,))


@automatic("held")
def _held(state: State, head: Json, dice: Dice) -> Step:
    event = {"type": "block_held", "side": head["side"], "attacker": head["attacker"]}
    return Step(events=(event,))


@automatic("nest")
def _nest(state: State, head: Json, dice: Dice) -> Step:
    """Resolve effects of another side's card now, as a frame inside this one."""
    current = frame(state)
    event = {
        "type": "resolving",
        "side": head["side"],
        "card": head["card"],
        "part": head["part"],
        "speed": current["speed"],
        "card_type": acts_as(card(state, head["card"])),
        "todo": head["todo"],
    }
    return Step(events=(event,))


def counter_cards(state: State, side: str) -> list[str]:
    """The non-core attack cards ``side`` could discard to counter."""
    found = []
    for card_id in sorted(set(state["characters"][side]["hand"])):
        data = card(state, card_id)
        if data["type"] == "attack" and not data["core"]:
            found.append(card_id)
    return found


def _counter_options(state: State, head: Json) -> list[Command]:
    cards = counter_cards(state, head["side"])
    if not cards:
        return []
    return [*({"kind": "counter", "card": c} for c in cards), {"kind": "counter", "card": None}]


@choice(
    "counter",
    kind="counter",
    rule=rules.COUNTERS,
    text=lambda state, head: (
        f"Your block stopped side {head['attacker']}'s attack at a counter speed: discard "
        "an attack card to deal them a wound?"
    ),
    options=_counter_options,
    side=task_side,
)
def _counter(state: State, head: Json, command: Command, dice: Dice) -> Step:
    if command["card"] is None:
        return Step()
    side = head["side"]
    events = (
        {"type": "discarded", "side": side, "card": command["card"], "up": True},
        {
            "type": "wounded",
            "side": head["attacker"],
            "wounds": 1,
            "bleeding": 0,
            "by": side,
            "card": command["card"],
            "counter": True,
        },
    )
    return Step(events=events)
