"""Push X / Pull X (Other Ability Card Keywords): the target moves X hexes directly
away from / towards the resolving character; among tied hexes the resolving side
chooses, and may deliberately choose a collision, resolved as though the target
took a mandatory move into that space. The collision is caused by another side's
card, so the target's own card is not stopped (Move Effects > Collisions)."""

from __future__ import annotations

from engine.core import Command, Dice, Event, State
from engine.senjutsu.effects import geometry, rules
from engine.senjutsu.effects.frames import Json, Step, position
from engine.senjutsu.effects.machine import choice, task_side
from engine.senjutsu.effects.moves import collide, traps_sprung


def _outcomes(state: State, head: Json) -> list[Json]:
    return geometry.push_outcomes(
        state, head["side"], head["target"], int(head["n"]), pull=bool(head["pull"])
    )


def _command(outcome: Json) -> Command:
    return {"kind": "push", "hex": outcome["hex"]}


@choice(
    "push",
    kind="push",
    rule=rules.PUSH_PULL,
    text="Choose the hex the target is pushed or pulled to.",
    options=lambda state, head: [_command(o) for o in _outcomes(state, head)],
    side=task_side,
)
def _push(state: State, head: Json, command: Command, dice: Dice) -> Step:
    target = head["target"]
    outcome = next(o for o in _outcomes(state, head) if _command(o) == command)
    here, facing = position(state, target)
    events: list[Event] = []
    end = outcome["end"]
    if end != here.to_json():
        events.append(
            {
                "type": "moved",
                "side": target,
                "hex": end,
                "facing": int(facing),
                "path": outcome["path"],
            }
        )
        events.extend(traps_sprung(state, target, outcome["path"]))
    if outcome["collision"] is None:
        return Step(events=tuple(events))
    hit = collide(state, target, outcome["collision"], own_card=False)
    return Step(events=(*events, *hit.events), then=hit.then)
