"""Ranged Effects and Ranged Attack Effects.

A ranged effect applies to ONE character that is 1) within X hexes, 2) in line of
sight from a front corner (the grid's ``ranged_candidates``) and 3) for a ranged
attack, or a ranged effect with an attack or block, has played a card of a LOWER
speed -- a variable speed counting as its lowest. Several candidates: the resolving
side chooses (Ask "target"); none: the effect is ignored and a ranged attack is
unsuccessful. Ranged attacks use no grid and cannot be blocked: the target takes
the icons, then the asterisk and targeted effects (Instant Cards > Targeted
Character: every targeted effect of the card hits the same character). The
target may first play an instant card of timing ``attacked`` (Instant Cards >
Instant Cards); then it must still meet the conditions, or the attack is
unsuccessful (it stepped out of range or sight).
"""

from __future__ import annotations

from engine.core import Command, Dice, Event, State
from engine.hexgrid import Facing, Hex
from engine.senjutsu.effects import geometry, rules
from engine.senjutsu.effects.attacks import hit_events, success_tasks
from engine.senjutsu.effects.cards import card, lowest_initiative
from engine.senjutsu.effects.expand import effect_tasks
from engine.senjutsu.effects.frames import Json, Step, frame, task
from engine.senjutsu.effects.instants import windows
from engine.senjutsu.effects.machine import automatic, choice, resolver


def played_speed(state: State, side: str) -> int:
    """The speed condition 3 compares with: a variable card's lowest speed."""
    played = state["characters"][side].get("played")
    if not played or played["card"] == "stun":
        return 0
    speed = played.get("speed")
    low = lowest_initiative(card(state, played["card"]))
    return min(low, speed) if speed is not None else low


def candidates(state: State, effect: Json, source: tuple[Hex, Facing] | None = None) -> list[str]:
    """The characters a ranged effect may target (conditions 1-3), from where the
    resolving character stands or from ``source`` (Commit To Hit looks ahead)."""
    side = resolver(state)
    found = geometry.ranged_candidates(state, side, int(effect["range"]), source)
    if effect["do"] == "ranged_attack" or effect.get("with") in ("attack", "block"):
        speed = frame(state)["speed"]
        found = [s for s in found if played_speed(state, s) < speed]
    return found


@automatic("ranged")
def _ranged(state: State, head: Json, dice: Dice) -> Step:
    effect = head["effect"]
    found = candidates(state, effect)
    if found:
        return Step(then=(task("aim", effect=effect, candidates=found),))
    if effect["do"] == "ranged_attack":
        return _missed(state)
    return Step()


def _missed(state: State) -> Step:
    """A ranged attack with no target: unsuccessful."""
    miss = {
        "type": "attacked",
        "side": resolver(state),
        "card": frame(state)["card"],
        "targets": [],
        "blocked": [],
        "ranged": True,
    }
    return Step(events=(miss,))


@choice(
    "aim",
    kind="target",
    rule=rules.RANGED,
    text="Choose the one character your ranged effect targets.",
    options=lambda state, head: [{"kind": "target", "side": s} for s in head["candidates"]],
    side=resolver,
)
def _aim(state: State, head: Json, command: Command, dice: Dice) -> Step:
    effect, target = head["effect"], command["side"]
    if effect["do"] != "ranged_attack":
        return Step(then=tuple(effect_tasks(effect["targeted"], target)))
    opened = windows(state, "attacked", [target])
    if opened:
        return Step(then=(*opened, task("ranged_hit", effect=effect, target=target)))
    return _hit(state, effect, target)


@automatic("ranged_hit")
def _ranged_hit(state: State, head: Json, dice: Dice) -> Step:
    """The ranged attack after its target's instant window: the target must still
    meet the conditions."""
    effect, target = head["effect"], head["target"]
    if target not in candidates(state, effect):
        return _missed(state)
    return _hit(state, effect, target)


def _hit(state: State, effect: Json, target: str) -> Step:
    side = resolver(state)
    current = frame(state)
    events: list[Event] = [
        {
            "type": "attacked",
            "side": side,
            "card": current["card"],
            "targets": [target],
            "blocked": [],
            "ranged": True,
        }
    ]
    events.extend(hit_events(state, side, target, effect))
    tasks = success_tasks(state, side, [target], {target: effect}, effect)
    return Step(events=tuple(events), then=tuple(tasks))
