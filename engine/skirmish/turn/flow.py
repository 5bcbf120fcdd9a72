"""The turn sequence (Turn Sequence): deployment, then each turn the Initiative roll,
Movement, Shooting and Close Combat, each phase opening with its heroic declarations
(Heroic Actions) when a hero could declare one.

:func:`prompt` says who decides now; :func:`decide` checks a command, hands the
acting of a phase to its area (``movement``, ``shooting``, ``combat``: their
``COMMANDS``, ``begin``, ``prompt``, ``decide``; combat's ``pending`` and
``resolve_next``) and then plays on (:func:`advance`) through everything automatic
(initiative rolls, phase changes, combats needing no choice, the end of the turn and
of the game) until someone must decide again.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engine.core import (
    Command,
    Dice,
    Event,
    IllegalCommand,
    InvalidCommand,
    Prompt,
    State,
)
from engine.core.concession import CONCEDE, decide_concession
from engine.core.memo import last_state
from engine.skirmish import combat, movement, rules, shooting
from engine.skirmish.state.access import SIDES, heroes
from engine.skirmish.state.evolve import evolve
from engine.skirmish.state.handlers_turn import (
    PHASE_BEGAN,
    STEP_BEGAN,
    TURN_ENDED,
    ZEN_POLICY_SET,
)
from engine.skirmish.state.setup import ZEN_POLICIES
from engine.skirmish.turn import deploy, heroic, initiative
from engine.skirmish.turn.common import checked_side
from engine.skirmish.turn.victory import game_over_event, score

PHASES = ("move", "shoot", "combat")
ACT_STEP = {"move": "act", "shoot": "act", "combat": "fight"}
ZEN_POLICY = "zen_policy"
MAX_AUTOMATIC = 10_000
"""A safety bound on the automatic events of one command (a loop would be a bug)."""


@last_state
def prompt(state: State) -> Prompt | None:
    """Who must decide now (``None`` once the game is over); remembered for the last
    state object asked about (``engine.core.memo``)."""
    phase = state["phase"]
    if phase == "over" or state.get("outcome") is not None:
        return None
    if phase == "deploy":
        return deploy.deploy_prompt(state)
    if phase == "initiative":
        return initiative.choice_prompt(state)
    step = state.get("step")
    if step == heroic.HEROIC:
        return heroic.heroic_prompt(state)
    if phase == "move":
        return movement.prompt(state)
    if phase == "shoot":
        return shooting.prompt(state)
    if phase == "combat":
        return combat.prompt(state)
    return None


def decide(state: State, command: Command, dice: Dice) -> list[Event]:
    """The events of ``command`` and of everything automatic that follows it."""
    if not isinstance(command, Mapping):
        raise InvalidCommand("a command is an object with a type")
    kind = command.get("type")
    over = state["phase"] == "over" or state.get("outcome") is not None
    if kind == CONCEDE:
        return decide_concession(state, command, SIDES, over=over)
    if over:
        raise IllegalCommand("the game is over", rule=rules.VICTORY)
    if kind == ZEN_POLICY:
        return _decide_zen_policy(state, command)
    events = _decide_now(state, command, dice)
    after = state
    for event in events:
        after = evolve(after, event)
    return events + advance(after, dice)


def _decide_now(state: State, command: Command, dice: Dice) -> list[Event]:
    kind = command.get("type")
    phase, step = state["phase"], state.get("step")
    if kind == deploy.DEPLOY:
        if phase != "deploy":
            raise IllegalCommand(
                "the bands are deployed before the first turn", rule=rules.DEPLOYMENT
            )
        return deploy.decide_deploy(state, command)
    if kind == initiative.COMMAND:
        return initiative.decide_choice(state, command)
    if kind == heroic.HEROIC:
        if step != heroic.HEROIC:
            raise IllegalCommand(
                "heroic actions are declared at the start of their phase, before anyone acts",
                rule=rules.HEROIC_DECLARATION,
            )
        return heroic.decide_heroic(state, command)
    area = _area(state)
    if area is not None and kind in area[0]:
        return area[1](state, command, dice)
    known = set(movement.COMMANDS) | set(shooting.COMMANDS) | set(combat.COMMANDS)
    if kind in known:
        raise IllegalCommand(
            f"a {kind} command is not taken now ({_moment(state)})", rule=rules.TURN_SEQUENCE
        )
    raise InvalidCommand(f"the skirmish rules have no {kind!r} command")


Decider = Callable[[State, Command, Dice], list[Event]]


def _area(state: State) -> tuple[frozenset[str], Decider] | None:
    """The commands and the decide of the phase's area, while its acting is on."""
    phase, step = state["phase"], state.get("step")
    if phase == "move" and step == "act":
        return frozenset(movement.COMMANDS), movement.decide
    if phase == "shoot" and step == "act":
        return frozenset(shooting.COMMANDS), shooting.decide
    if phase == "combat" and step == "fight":
        return frozenset(combat.COMMANDS), combat.decide
    return None


def _moment(state: State) -> str:
    step = state.get("step")
    return f"turn {state['turn']}, {state['phase']} phase" + (f", {step}" if step else "")


def _decide_zen_policy(state: State, command: Command) -> list[Event]:
    """``{"type": "zen_policy", "side", "unit", "policy"}``: when the hero spends a Zen
    token to save a wound (``fatal``: only a wound that would kill him; ``always``;
    ``never``), at any time his side is prompted (Interpretation > Zen saves by policy)."""
    side = checked_side(command, ("unit", "policy"))
    unit_id = command.get("unit")
    policy = command.get("policy")
    if policy not in ZEN_POLICIES:
        raise InvalidCommand(f"policy is one of {', '.join(ZEN_POLICIES)}, not {policy!r}")
    if not isinstance(unit_id, str) or unit_id not in state["units"]:
        raise InvalidCommand(f"no unit {unit_id!r}")
    if unit_id not in heroes(state, side):
        raise IllegalCommand(
            f"{unit_id} is not a heroic character of side {side} on the table",
            rule=rules.ZEN_TOKENS,
        )
    now = prompt(state)
    if now is None or side not in now.sides:
        raise IllegalCommand(
            f"side {side} sets a Zen policy when it is prompted", rule=rules.ZEN_POLICY
        )
    return [{"type": ZEN_POLICY_SET, "side": side, "unit": unit_id, "policy": policy}]


def advance(state: State, dice: Dice) -> list[Event]:
    """Everything automatic from ``state`` on, until someone must decide or the game
    ends: the events in order."""
    events: list[Event] = []
    for _ in range(MAX_AUTOMATIC):
        step_events = _next_automatic(state, dice)
        if not step_events:
            return events
        for event in step_events:
            state = evolve(state, event)
        events.extend(step_events)
    raise RuntimeError("the turn flow did not come to a decision")


def _next_automatic(state: State, dice: Dice) -> list[Event]:
    """The next automatic events from ``state`` (empty: someone must decide, or the
    game is over)."""
    phase = state["phase"]
    if phase == "over" or state.get("outcome") is not None:
        return []
    ending = game_over_event(state)
    if ending is not None:
        return [ending]
    step = state.get("step")
    if phase == "deploy":
        return [] if deploy.deploying(state) else [initiative.roll_initiative(state, dice)]
    if phase == "initiative":
        if step is None:
            return [initiative.roll_initiative(state, dice)]
        if step == "choice":
            return []
        return begin_phase(state, "move", dice)
    if step == heroic.HEROIC:
        if heroic.declaring(state) is not None:
            return heroic.auto_passes(state)
        return _begin_acting(state, {"type": STEP_BEGAN, "step": ACT_STEP[phase]}, dice)
    return _acting(state, dice)


def begin_phase(state: State, phase: str, dice: Dice) -> list[Event]:
    """A phase begins: its heroic declarations when some hero could declare its action,
    else straight its acting."""
    began: Event = {"type": PHASE_BEGAN, "phase": phase, "step": ACT_STEP[phase]}
    probe = evolve(state, {**began, "step": heroic.HEROIC})
    if heroic.any_declarable(probe):
        return [{**began, "step": heroic.HEROIC}]
    return _begin_acting(state, began, dice)


def _begin_acting(state: State, began: Event, dice: Dice) -> list[Event]:
    """The acting of a phase begins (initiative side first) with its area's automatic
    work (``begin``)."""
    began = {**began, "active": state["initiative"] if began["step"] == "act" else None}
    after = evolve(state, began)
    phase = after["phase"]
    area_begin = {"move": movement.begin, "shoot": shooting.begin, "combat": combat.begin}[phase]
    return [began, *area_begin(after, dice)]


def _acting(state: State, dice: Dice) -> list[Event]:
    """Within a phase's acting: nothing while someone must decide; the next combat
    needing no choice; else the next phase, or the end of the turn."""
    phase = state["phase"]
    if phase == "move":
        if movement.prompt(state) is not None:
            return []
        return begin_phase(state, "shoot", dice)
    if phase == "shoot":
        if shooting.prompt(state) is not None:
            return []
        return begin_phase(state, "combat", dice)
    if phase == "combat":
        if combat.prompt(state) is not None:
            return []
        if combat.pending(state):
            return combat.resolve_next(state, dice)
        return end_turn(state)
    return []


def end_turn(state: State) -> list[Event]:
    """The turn ends (its score so far recorded); after the last turn, the game."""
    ended: Event = {"type": TURN_ENDED, "turn": state["turn"], "score": score(state)}
    after = evolve(state, ended)
    ending = game_over_event(after, turn_done=True)
    return [ended] if ending is None else [ended, ending]
