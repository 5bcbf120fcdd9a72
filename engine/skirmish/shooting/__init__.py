"""The Shooting phase (Turn Sequence > Shooting: "Both sides shoot, in order of
Initiative"; Heroic Actions > Heroic Shooting first).

The turn calls :func:`begin` when the act step starts, then asks :func:`prompt` (``None``:
the phase is over) and hands each command of :data:`COMMANDS` to :func:`decide`. Heroic
shots declared come first (initiative side first), then the active side's units, then
the other side's. A side with nothing left to shoot ends at once (``shooting_ended``).
"""

from __future__ import annotations

from engine.core import Command, Dice, Event, IllegalCommand, InvalidCommand, Prompt, State
from engine.skirmish import rules
from engine.skirmish.shooting import targets
from engine.skirmish.shooting.fire import decide_shoot, may_hum
from engine.skirmish.state.access import initiative_order, sort_units, unit_ids
from engine.skirmish.state.evolve import evolve, evolve_all

SHOOT = "shoot"
HOLD = "hold"
END = "end_shooting"
COMMANDS = frozenset({SHOOT, HOLD, END})
PROMPT = "shoot"
_OPTIONS: dict[tuple[str, bool], tuple[State, dict[str, list[str]]]] = {}
"""The last options computed per side, kept while that very state is asked about again
(the prompt, the legal commands and the decision all ask; states are never changed in
place)."""


def heroic_shooters(state: State) -> list[str]:
    """The heroes whose declared Heroic Shooting is still to be made, initiative side
    first, then by id."""
    found = []
    for side in initiative_order(state):
        for unit_id in unit_ids(state, side):
            if "shoot" in state["units"][unit_id].get("heroic", ()):
                found.append(unit_id)
    return found


def shoot_options(state: State, side: str, *, heroic_only: bool = False) -> dict[str, list[str]]:
    """The units of ``side`` that may shoot now, each with its legal targets (a group:
    the nearest enemy only)."""
    key = (side, heroic_only)
    cached = _OPTIONS.get(key)
    if cached is not None and cached[0] is state:
        return {unit_id: list(aims) for unit_id, aims in cached[1].items()}
    found: dict[str, list[str]] = {}
    for unit_id in unit_ids(state, side):
        heroic = "shoot" in state["units"][unit_id].get("heroic", ())
        if heroic_only and not heroic:
            continue
        if targets.cannot_shoot(state, unit_id, heroic=heroic_only) is not None:
            continue
        aims = targets.legal_targets(state, unit_id)
        if aims:
            found[unit_id] = aims
    _OPTIONS[key] = (state, found)
    return {unit_id: list(aims) for unit_id, aims in found.items()}


def _pending(state: State) -> tuple[str, dict[str, list[str]], bool] | None:
    """Who decides now: (side, its options, heroic) or ``None`` when the phase is over."""
    for hero in heroic_shooters(state):
        side = state["units"][hero]["side"]
        aims = targets.legal_targets(state, hero)
        if targets.cannot_shoot(state, hero, heroic=True) is None and aims:
            return side, {hero: aims}, True
        return side, {hero: []}, True
    active = state.get("active")
    if active is None:
        return None
    options = shoot_options(state, active)
    return (active, options, False) if options else None


def prompt(state: State) -> Prompt | None:
    """The ``shoot`` prompt (``None``: every side has shot)."""
    found = _pending(state)
    if found is None:
        return None
    side, options, heroic = found
    humming = [u for u in sort_units(options) if options[u] and may_hum(state, u)]
    return Prompt((side,), PROMPT, options={"units": options, "heroic": heroic, "humming": humming})


def _closing(state: State) -> list[Event]:
    """``shooting_ended`` for each side in turn that has nothing left to shoot."""
    events: list[Event] = []
    while state.get("active") is not None and not heroic_shooters(state):
        if shoot_options(state, state["active"]):
            break
        event = {"type": "shooting_ended", "side": state["active"]}
        events.append(event)
        state = evolve(state, event)
    return events


def begin(state: State, dice: Dice) -> list[Event]:
    """Nothing is automatic in the Shooting phase but ending a side with no shot."""
    return _closing(state)


def decide(state: State, command: Command, dice: Dice) -> list[Event]:
    """A ``shoot``, ``hold`` or ``end_shooting`` command of the side being prompted."""
    found = _pending(state)
    kind = command.get("type")
    side = command.get("side")
    named = command.get("unit")
    if kind == SHOOT and isinstance(named, str) and named in state["units"]:
        unit = state["units"][named]
        heroic = "shoot" in unit.get("heroic", ())
        why = targets.cannot_shoot(state, named, heroic=heroic)
        if unit["side"] == side and why is not None:
            raise IllegalCommand(f"{named} cannot shoot: {why[0]}", rule=why[1])
    if found is None or found[0] != side:
        raise IllegalCommand("it is not this side's turn to shoot", rule=rules.SEQUENCE_SHOOTING)
    _, options, heroic = found
    if kind == END:
        if heroic:
            raise IllegalCommand(
                "a declared Heroic Shooting is shot or held first", rule=rules.HEROIC_SHOOTING
            )
        events: list[Event] = [
            {"type": "shot_held", "unit": u, "heroic": False} for u in sort_units(options)
        ]
        events.append({"type": "shooting_ended", "side": side})
    else:
        unit_id = command.get("unit")
        if not isinstance(unit_id, str) or unit_id not in state["units"]:
            raise InvalidCommand(f"no unit {str(unit_id)[:20]!r}")
        if unit_id not in options:
            raise IllegalCommand(f"{unit_id} cannot shoot now", rule=_why(state, unit_id, heroic))
        if kind == HOLD:
            events = [{"type": "shot_held", "unit": unit_id, "heroic": heroic}]
        elif kind == SHOOT:
            events = decide_shoot(state, dict(command), dice)
        else:
            raise InvalidCommand(f"a shooting command is shoot, hold or end_shooting, not {kind!r}")
    return events + _closing(evolve_all(state, events))


def _why(state: State, unit_id: str, heroic: bool) -> str:
    why = targets.cannot_shoot(state, unit_id, heroic=heroic)
    return why[1] if why is not None else rules.SEQUENCE_SHOOTING


def legal(state: State, side: str) -> list[Command]:
    """The commands ``decide`` accepts now from ``side``: a shot per unit and legal
    target (plain, and with a Zen die or humming arrows where possible), a hold per
    unit, and ``end_shooting`` (not while a Heroic Shooting waits)."""
    found = _pending(state)
    if found is None or found[0] != side:
        return []
    _, options, heroic = found
    commands: list[Command] = []
    for unit_id in sort_units(options):
        hero = bool(state["units"][unit_id]["hero"])
        for target in options[unit_id]:
            commands.append({"type": SHOOT, "side": side, "unit": unit_id, "target": target})
            if hero and int(state["units"][unit_id].get("zen", 0)) > 0:
                commands.append(
                    {"type": SHOOT, "side": side, "unit": unit_id, "target": target, "zen": True}
                )
        if options[unit_id] and may_hum(state, unit_id):
            commands.append(
                {
                    "type": SHOOT,
                    "side": side,
                    "unit": unit_id,
                    "target": options[unit_id][0],
                    "humming": True,
                }
            )
        commands.append({"type": HOLD, "side": side, "unit": unit_id})
    if not heroic:
        commands.append({"type": END, "side": side})
    return commands


__all__ = [
    "COMMANDS",
    "begin",
    "decide",
    "decide_shoot",
    "heroic_shooters",
    "legal",
    "prompt",
    "shoot_options",
]
