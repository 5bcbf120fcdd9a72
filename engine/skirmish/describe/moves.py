"""Sentences of the movement and morale events (owner: H2). ``SENTENCES`` maps an
event kind to ``f(event, before_state_or_None) -> str``.

>>> SENTENCES["moved"]({"unit": "a1", "models": {}, "distance": 1524, "heroic": False}, None)
'a1 moves 6.0 inches.'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.skirmish.army.catalogue import catalogue_of
from engine.skirmish.describe.turn import side_name, unit_name
from engine.skirmish.geometry.measure import INCH

Sentence = Callable[[Mapping[str, Any], Any], str]

REASONS = {
    "casualties": "after casualties",
    "band": "with the band at half strength",
    "charge": "to charge",
    "charged_by_hero": "charged by a heroic character",
    "mountain_sea_change": "against Mountain-Sea Change",
    "shout": "against a Shout",
}
MODIFIER_NAMES = {
    "humming": "humming arrows",
    "become_the_enemy": "Become the Enemy",
    "frighten": "Frighten",
}


def _inches(tenths: int) -> str:
    return f"{tenths / INCH:.1f} inches"


def _model_name(model_id: str, before: Any) -> str:
    if isinstance(before, Mapping):
        record = before.get("models", {}).get(model_id)
        if record is not None:
            return f"{unit_name(record['unit'], before)} model {model_id}"
    return model_id


def _horse(event: Mapping[str, Any]) -> str:
    die = event.get("horse_die")
    return f" (Mastery of Horsemanship: +{die} inches)" if die is not None else ""


def _moved(event: Mapping[str, Any], before: Any) -> str:
    who = unit_name(event["unit"], before)
    heroic = "makes a heroic move of" if event.get("heroic") else "moves"
    text = f"{who} {heroic} {_inches(event['distance'])}{_horse(event)}"
    if event.get("with"):
        text += ", with " + ", ".join(unit_name(u, before) for u in event["with"])
    if event.get("charge_fell_short"):
        text += f", charging {_model_name(event['charge_fell_short'], before)} but falling short"
    return text + "."


def _charged(event: Mapping[str, Any], before: Any) -> str:
    who = unit_name(event["unit"], before)
    heroic = " (heroic move)" if event.get("heroic") else ""
    return (
        f"{who} charges {_model_name(event['target'], before)}{heroic}, "
        f"{_inches(event['distance'])}{_horse(event)}."
    )


def _held(event: Mapping[str, Any], before: Any) -> str:
    what = "its heroic move" if event.get("heroic") else "its ground"
    return f"{unit_name(event['unit'], before)} holds {what}."


def _mounting(event: Mapping[str, Any], before: Any) -> str:
    verb = "mounts" if event["type"] == "mounted" else "dismounts"
    cost = "at no penalty (Mastery of Horsemanship)" if event.get("free") else "for half a move"
    return f"{unit_name(event['unit'], before)} {verb} {cost}."


def _pavise_work(event: Mapping[str, Any], before: Any) -> str:
    who = unit_name(event["unit"], before)
    if event["work"]:
        return f"{who} works on its pavises (one turn of two)."
    state = "set up" if event["set"] else "taken down"
    return f"{who} has its pavises {state}."


def _charge_refused(event: Mapping[str, Any], before: Any) -> str:
    return (
        f"{unit_name(event['unit'], before)} dares not charge "
        f"{unit_name(event['target_unit'], before)} this turn."
    )


def _fled_moved(event: Mapping[str, Any], before: Any) -> str:
    return f"{unit_name(event['unit'], before)} runs on towards its table edge."


def _left_table(event: Mapping[str, Any], before: Any) -> str:
    return f"{unit_name(event['unit'], before)} flees the battlefield."


def _rallied(event: Mapping[str, Any], before: Any) -> str:
    return f"{unit_name(event['unit'], before)} leaves the fleeing group he led."


def _moves_ended(event: Mapping[str, Any], before: Any) -> str:
    return f"{side_name(event['side'], before)} has finished moving."


def _weapon_name(weapon_id: str, before: Any) -> str:
    if isinstance(before, Mapping) and "data" in before:
        try:
            return catalogue_of(before).weapon(weapon_id).name
        except (KeyError, ValueError):
            return weapon_id
    return weapon_id


def _weapon_changed(event: Mapping[str, Any], before: Any) -> str:
    return (
        f"{unit_name(event['unit'], before)} takes his {_weapon_name(event['weapon'], before)} "
        f"from his attendants (putting aside his {_weapon_name(event['was'], before)})."
    )


def _mountain_sea_change(event: Mapping[str, Any], before: Any) -> str:
    return (
        f"{unit_name(event['unit'], before)} uses Mountain-Sea Change: every enemy group "
        "tests its Courage or cannot move this turn."
    )


def _courage_tested(event: Mapping[str, Any], before: Any) -> str:
    who = unit_name(event["unit"], before)
    why = REASONS.get(event["reason"], event["reason"])
    if event.get("automatic"):
        return (
            f"{who} passes its Courage Test {why} "
            f"(Body of a Rock: {unit_name(event['automatic'], before)})."
        )
    dice = "+".join(str(d) for d in event["dice"])
    parts = [f"Courage {event['courage']}"]
    if event.get("leader"):
        parts[0] += f" of {unit_name(event['leader'], before)}"
    parts += [f"{MODIFIER_NAMES.get(k, k)} {v:+d}" for k, v in sorted(event["modifiers"].items())]
    verdict = "passes" if event["passed"] else "fails"
    return f"{who} {verdict} its Courage Test {why}: {dice}, {', '.join(parts)} = {event['total']}."


def _fled(event: Mapping[str, Any], before: Any) -> str:
    who = unit_name(event["unit"], before)
    led = f" with {unit_name(event['led'], before)}, the group he led," if event.get("led") else ""
    return f"{who} flees{led} towards the {event['edge']} edge."


def _cut_down(event: Mapping[str, Any], before: Any) -> str:
    return (
        f"{unit_name(event['unit'], before)} is caught fleeing by "
        f"{unit_name(event['by'], before)} and cut down ({len(event['models'])} killed)."
    )


def _band_halved(event: Mapping[str, Any], before: Any) -> str:
    return f"{side_name(event['side'], before)} is down to half its band: every group tests."


SENTENCES: dict[str, Sentence] = {
    "moved": _moved,
    "charged": _charged,
    "held": _held,
    "mounted": _mounting,
    "dismounted": _mounting,
    "pavise_work": _pavise_work,
    "charge_refused": _charge_refused,
    "fled_moved": _fled_moved,
    "left_table": _left_table,
    "rallied": _rallied,
    "moves_ended": _moves_ended,
    "weapon_changed": _weapon_changed,
    "mountain_sea_change": _mountain_sea_change,
    "courage_tested": _courage_tested,
    "fled": _fled,
    "cut_down": _cut_down,
    "band_halved": _band_halved,
}
