"""Sentences of the turn's events (deployment, initiative, phases, heroic declarations,
turn end, game over)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

PHASE_NAMES = {"move": "Movement", "shoot": "Shooting", "combat": "Close Combat"}
ACTION_NAMES = {"move": "Heroic Movement", "shoot": "Heroic Shooting", "combat": "Heroic Combat"}


def side_name(side: str | None, before: Any) -> str:
    """A side's label from the state before the event (``side a`` without a state)."""
    if side is None:
        return "nobody"
    if isinstance(before, Mapping) and side in before.get("labels", {}):
        return str(before["labels"][side])
    return f"side {side}"


def unit_name(unit_id: str, before: Any) -> str:
    """A unit's name from the state before the event (its id without a state)."""
    if isinstance(before, Mapping):
        record = before.get("units", {}).get(unit_id)
        if record is not None:
            return f"{record['name']} ({unit_id})"
    return unit_id


def _deployed(event: Mapping[str, Any], before: Any) -> str:
    count = len(event["models"])
    if not count:
        return f"{side_name(event['side'], before)} deploys as the scenario sets it up."
    moved = "1 model" if count == 1 else f"{count} models"
    return f"{side_name(event['side'], before)} deploys ({moved} placed anew)."


def _initiative_rolled(event: Mapping[str, Any], before: Any) -> str:
    dice = event["dice"]
    mods = event.get("modifiers", {})
    rolls = "; ".join(
        f"{side_name(side, before)} rolls {', '.join(str(d) for d in dice[side])}"
        + (f" {mods[side]:+d}" if mods.get(side) else "")
        for side in sorted(dice)
    )
    if event["winner"] is None:
        return (
            f"Turn {event['turn']}: {rolls}: a draw; {side_name(event.get('chooser'), before)} "
            "chooses who takes the Initiative (Rat's Head, Ox's Neck)."
        )
    how = " (a draw: the Initiative changes hands)" if event["reason"] == "draw" else ""
    winner = side_name(event["winner"], before)
    return f"Turn {event['turn']}: {rolls}: {winner} has the Initiative{how}."


def _initiative_chosen(event: Mapping[str, Any], before: Any) -> str:
    verb = "takes" if event["take"] else "passes"
    return f"{side_name(event['side'], before)} {verb} the Initiative."


def _phase_began(event: Mapping[str, Any], before: Any) -> str:
    name = PHASE_NAMES.get(event["phase"], event["phase"])
    if event["step"] == "heroic":
        return f"{name} phase: heroic actions may be declared."
    return f"{name} phase."


def _step_began(event: Mapping[str, Any], before: Any) -> str:
    if event["step"] == "fight":
        return "The close combats are fought."
    return f"{side_name(event.get('active'), before)} acts first."


def _heroic_declared(event: Mapping[str, Any], before: Any) -> str:
    action = ACTION_NAMES.get(event["action"], event["action"])
    return (
        f"{unit_name(event['unit'], before)} declares {action} "
        f"(a Zen token spent, {event['zen']} left)."
    )


def _heroic_passed(event: Mapping[str, Any], before: Any) -> str:
    return f"{side_name(event['side'], before)} declares no more heroic actions."


def _zen_policy_set(event: Mapping[str, Any], before: Any) -> str:
    return f"{unit_name(event['unit'], before)} will use Zen saves: {event['policy']}."


def _turn_ended(event: Mapping[str, Any], before: Any) -> str:
    return f"Turn {event['turn']} ends."


def _game_over(event: Mapping[str, Any], before: Any) -> str:
    outcome = event["outcome"]
    score = event.get("score", {})
    points = ", ".join(f"{side_name(s, before)} {score[s]}" for s in sorted(score))
    winner = outcome.get("winner")
    result = "a draw" if winner is None else f"{side_name(winner, before)} wins"
    detail = f" ({outcome['detail']})" if outcome.get("detail") else ""
    return f"The game is over: {result}{detail}; points {points}."


def _conceded(event: Mapping[str, Any], before: Any) -> str:
    return f"{side_name(event['side'], before)} concedes."


SENTENCES: dict[str, Callable[[Mapping[str, Any], Any], str]] = {
    "deployed": _deployed,
    "initiative_rolled": _initiative_rolled,
    "initiative_chosen": _initiative_chosen,
    "phase_began": _phase_began,
    "step_began": _step_began,
    "heroic_declared": _heroic_declared,
    "heroic_passed": _heroic_passed,
    "zen_policy_set": _zen_policy_set,
    "turn_ended": _turn_ended,
    "game_over": _game_over,
    "conceded": _conceded,
}
