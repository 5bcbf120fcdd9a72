"""Attacks (grid attacks) in the Attack Timing Sequence's order:

1. the grid's hexes give the targeted characters (Attacks); each may play an
   instant card of timing ``attacked`` (Instant Cards > Instant Cards), then the
   targets are found again (a character that stepped away is no longer in them);
3-5. each is checked against the blocks at this speed (Blocks > Resolving Blocks;
   Multiplayer Rules > Blocking) -- blocks only stop attack cards (Blocks);
   a blocked target goes through the Block Timing Sequence (see :mod:`blocks`);
6. the attack is successful if at least one targeted character did not block it:
   each of them takes its cell's effects (wounds, bleeding, execution, poison,
   hobble, stun, the card's asterisk effects), then the targeted icon effects;
   then each may play an instant card of timing ``hit``;
7. the attacker may play an 'attack successful' instant additional card;
8. If Successful (if any targeted character or terrain did not block it);
9. the rest of the card (the frame goes on).

An attack dealing a wound to a hex holding bamboo removes it (Terrain > Bamboo).
"""

from __future__ import annotations

from engine.core import Dice, Event, State
from engine.hexgrid import Hex
from engine.senjutsu.effects.blocks import block_timing, blocker_of
from engine.senjutsu.effects.cards import card
from engine.senjutsu.effects.expand import effect_tasks
from engine.senjutsu.effects.frames import Json, Step, frame, position, task, terrain_at
from engine.senjutsu.effects.instants import windows
from engine.senjutsu.effects.machine import automatic, resolver
from engine.senjutsu.effects.targeting import attack_cells, targeted_sides


def hit_events(state: State, attacker: str, target: str, cell: Json) -> list[Event]:
    """The events of one cell's icons dealt to a character that did not block."""
    current = frame(state)
    events: list[Event] = []
    if cell["wounds"] or cell["bleeding"]:
        events.append(
            {
                "type": "wounded",
                "side": target,
                "wounds": int(cell["wounds"]),
                "bleeding": int(cell["bleeding"]),
                "by": attacker,
                "card": current["card"],
            }
        )
    if cell["execution"]:
        events.append({"type": "defeated", "side": target, "by": attacker, "cause": "execution"})
    for name in ("poison", "hobble", "stun"):
        if cell[name]:
            kind = {"poison": "poisoned", "hobble": "hobbled", "stun": "stunned"}[name]
            events.append({"type": kind, "side": target, "by": attacker})
    return events


def success_tasks(
    state: State, attacker: str, hit: list[str], cells: dict[str, Json], effect: Json
) -> list[Json]:
    """Steps 6 (the asterisk and targeted effects), 7 and 8 for the targets hit."""
    current = frame(state)
    tasks: list[Json] = []
    asterisk = card(state, current["card"])["asterisk"]
    for target in hit:
        if cells.get(target, {}).get("asterisk"):
            tasks.extend(effect_tasks(asterisk, target))
        tasks.extend(effect_tasks(effect.get("targeted") or [], target))
    tasks.extend(windows(state, "hit", hit))
    if hit:
        tasks.append(task("instant", side=attacker, condition="attack_successful"))
    return tasks


@automatic("attack")
def _attack(state: State, head: Json, dice: Dice) -> Step:
    attacker = resolver(state)
    current = frame(state)
    effect = head["effect"]
    here = position(state, attacker)
    cells_by_hex = attack_cells(here, effect["grid"])
    targets = targeted_sides(state, attacker, here, effect["grid"])
    if not head.get("windows_opened"):
        opened = windows(state, "attacked", targets)
        if opened:  # the attack itself comes after them, its targets found again
            return Step(then=(*opened, {**head, "windows_opened": True}))
    stoppable = current["type"] == "attack"
    blocked: list[str] = []
    blocked_by: dict[str, str | None] = {}
    for target in targets:
        stopped, by = blocker_of(state, attacker, target) if stoppable else (False, None)
        if stopped:
            blocked.append(target)
            blocked_by[target] = by
    hit = [t for t in targets if t not in blocked]
    cells = {t: cells_by_hex[Hex.from_json(state["characters"][t]["hex"])] for t in targets}
    events: list[Event] = [
        {
            "type": "attacked",
            "side": attacker,
            "card": current["card"],
            "targets": targets,
            "blocked": blocked,
        }
    ]
    # Terrain > Bamboo: a wound dealt to its hex removes it. Terrain targeted and
    # not blocking also makes the attack successful for If Successful.
    terrain_hit = False
    for hex_, piece in sorted(terrain_at(state).items()):
        cell = cells_by_hex.get(hex_)
        if cell is None:
            continue
        terrain_hit = True
        if piece["kind"] == "bamboo" and (cell["wounds"] or cell["bleeding"]):
            events.append({"type": "terrain_removed", "id": piece["id"], "kind": "bamboo"})
    tasks: list[Json] = []
    for target in blocked:
        tasks.extend(block_timing(state, attacker, target, blocked_by[target]))
    for target in hit:
        events.extend(hit_events(state, attacker, target, cells[target]))
    tasks.extend(success_tasks(state, attacker, hit, cells, effect))
    if hit or terrain_hit:
        tasks.extend(effect_tasks(effect.get("if_successful") or []))
    return Step(events=tuple(events), then=tuple(tasks))
