"""Move Effects: a line's steps and rotations as one choice among the grid's
outcomes, optional or mandatory, and collisions.

- Optional moves go "up to" the number and cannot be used to deliberately cause a
  collision (Move Effects > Optional Moves): no colliding outcome is offered and
  staying put always is.
- Mandatory moves are resolved in full; if an option avoids a collision it must be
  taken (Move Effects > Mandatory Moves: the grid offers only those then).
- Commit To Hit (Attacks): on an attack card, before its attack, only the outcomes
  that still let the attack target a character, if any do.
- Collisions (Move Effects > Collisions): the character stays in its hex; into a
  character: it discards 1 ability card face up and both add a stun; off the
  battlefield: a stun; into terrain: the terrain's collision effect. A collision
  caused by the resolving side's own card ends that card.
"""

from __future__ import annotations

from engine.core import Command, Dice, Event, State
from engine.core.memo import last_state
from engine.hexgrid import Facing, Hex
from engine.senjutsu.effects import geometry, rules
from engine.senjutsu.effects.commit import attack_follows, reachable_target
from engine.senjutsu.effects.data import terrain_piece
from engine.senjutsu.effects.frames import Json, Step, frame, position, task
from engine.senjutsu.effects.machine import choice, resolver
from engine.senjutsu.effects.solo_choice import defensive, is_opponent


def _all_outcomes(state: State, head: Json) -> list[Json]:
    """The outcomes the move rules allow, before Commit To Hit."""
    side = resolver(state)
    mandatory = bool(head["mandatory"])
    found = geometry.move_outcomes(
        state, side, head["moves"], mandatory=bool(head.get("kamae_line"))
    )
    if not mandatory:
        found = [o for o in found if o["collision"] is None]
        here, facing = position(state, side)
        if not any(o["hex"] == here.to_json() and o["facing"] == int(facing) for o in found):
            found.insert(
                0, {"hex": here.to_json(), "facing": int(facing), "collision": None, "path": []}
            )
    return found


@last_state
def _outcomes(state: State, head: Json) -> list[Json]:
    """The outcomes offered: Commit To Hit keeps those that let the card's attack
    target a character, if any do. Asked for the options, the rule and the answer of
    one state: remembered for the last state."""
    side = resolver(state)
    found = _all_outcomes(state, head)
    current = frame(state)
    rest = list(current["todo"])[1:]
    if defensive(state, side):
        # Solo Rules > Stance: a defensive opponent may ignore Commit To Hit.
        return found
    if current["type"] == "attack" and attack_follows(rest):
        hitting = [
            o
            for o in found
            if o["collision"] is None
            and reachable_target(state, side, (Hex.from_json(o["hex"]), Facing(o["facing"])), rest)
        ]
        if hitting:
            return hitting
    return found


def move_command(outcome: Json) -> Command:
    return {
        "kind": "move",
        "hex": outcome["hex"],
        "facing": outcome["facing"],
        "collision": outcome["collision"],
    }


def _move_rule(state: State, head: Json) -> str:
    if len(_outcomes(state, head)) < len(_all_outcomes(state, head)):
        return rules.COMMIT_TO_HIT
    return rules.MANDATORY_MOVES if head["mandatory"] else rules.OPTIONAL_MOVES


@choice(
    "move",
    kind="move",
    rule=_move_rule,
    text="Choose where your character's move ends.",
    options=lambda state, head: [move_command(o) for o in _outcomes(state, head)],
    side=resolver,
)
def _move(state: State, head: Json, command: Command, dice: Dice) -> Step:
    side = resolver(state)
    outcome = next(o for o in _outcomes(state, head) if move_command(o) == command)
    events: list[Event] = []
    here, facing = position(state, side)
    if outcome["hex"] != here.to_json() or outcome["facing"] != int(facing):
        events.append(
            {
                "type": "moved",
                "side": side,
                "hex": outcome["hex"],
                "facing": outcome["facing"],
                "path": outcome["path"],
            }
        )
        events.extend(traps_sprung(state, side, outcome["path"]))
    if outcome["collision"] is None:
        return Step(events=tuple(events))
    hit = collide(state, side, outcome["collision"], own_card=True)
    return Step(events=(*events, *hit.events), then=hit.then, stop=hit.stop)


def collide(state: State, mover: str, into: str, *, own_card: bool) -> Step:
    """Resolve a collision of ``mover`` into ``into`` (a side, ``"edge"`` or a
    terrain piece id): Move Effects > Collisions. ``own_card``: the collision was
    caused by an effect on the mover's own played card, which then stops."""
    event: Event = {"type": "collided", "side": mover, "into": into}
    events: list[Event] = []
    then: list[Json] = []
    if into in state["characters"]:
        event["kind"] = "character"
        events = [
            {"type": "stunned", "side": mover, "by": None},
            {"type": "stunned", "side": into, "by": None},
        ]
        if not is_opponent(state, mover):
            then.append(task("discard", side=mover, n=1, up=True, ability=True, keep=True))
        # Opponent Collisions: an opponent "immediately" discards its current card: the
        # card stops here and goes face up to its discard pile at the Discard step.
    elif into == geometry.EDGE:
        event["kind"] = "edge"
        events = [{"type": "stunned", "side": mover, "by": None}]
    else:
        piece = next(p for p in state["terrain"] if str(p["id"]) == into)
        data = terrain_piece(state, piece["kind"])
        event["kind"] = "terrain"
        event["terrain"] = piece["kind"]
        for effect in data["collision"]:
            events.extend(status_events(state, mover, effect["do"], by=None, n=effect.get("n")))
        if data.get("special") == "bamboo" or piece["kind"] == "bamboo":
            events.append({"type": "terrain_removed", "id": into, "kind": piece["kind"]})
    event["stops"] = own_card
    return Step(events=(event, *events), then=tuple(then), stop=own_card)


def status_events(
    state: State, side: str, name: str, *, by: str | None, n: int | None = None
) -> list[Event]:
    """The events of one status icon dealt to ``side`` (a collision effect, a
    grid cell's icon or a targeted keyword)."""
    if name == "stun":
        return [{"type": "stunned", "side": side, "by": by}]
    if name == "hobble":
        return [{"type": "hobbled", "side": side, "by": by}]
    if name == "poison":
        return [{"type": "poisoned", "side": side, "by": by}]
    if name == "wound":
        card = frame(state)["card"] if state.get("current") else None
        return [
            {
                "type": "wounded",
                "side": side,
                "wounds": n or 1,
                "bleeding": 0,
                "by": by,
                "card": card,
            }
        ]
    raise ValueError(f"unknown status effect {name!r}")


def traps_sprung(state: State, side: str, path: list[list[int]]) -> list[Event]:
    """A trap token stuns the next character entering its hex, then is removed
    (the rulebook names trap tokens but gives no rule: this is the smallest one)."""
    events: list[Event] = []
    entered = path[1:] if path else []
    for trap in state.get("traps") or []:
        if trap["hex"] in entered:
            events.append({"type": "trap_sprung", "side": side, "hex": trap["hex"]})
            events.append({"type": "stunned", "side": side, "by": trap.get("side")})
    return events
