"""Sentences of the shooting, close combat and heroic events (owner: H3). ``SENTENCES``
maps an event kind to ``f(event, before_state_or_None) -> str``. With the state before
the event, units and models are named ("Yamada Suzuki", "Ashigaru (b1.2)"); without it,
by id. A sealed part hidden from the viewer (``"sealed": null``) is described without it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

SENTENCES: dict[str, Callable[[Mapping[str, Any], Any], str]] = {}

INCH = 254


def _sentence(kind: str) -> Callable[[Callable[[Mapping[str, Any], Any], str]], Any]:
    def put(function: Callable[[Mapping[str, Any], Any], str]) -> Any:
        SENTENCES[kind] = function
        return function

    return put


def _unit(before: Any, unit_id: str) -> str:
    if isinstance(before, Mapping) and unit_id in before.get("units", {}):
        return str(before["units"][unit_id].get("name") or unit_id)
    return unit_id


def _model(before: Any, model_id: str) -> str:
    if isinstance(before, Mapping) and model_id in before.get("models", {}):
        unit_id = before["models"][model_id]["unit"]
        unit = before["units"][unit_id]
        name = str(unit.get("name") or unit_id)
        return name if unit.get("hero") else f"{name} ({model_id})"
    return model_id


def _faces(faces: Any) -> str:
    return ", ".join(str(f) for f in faces) or "none"


@_sentence("shot")
def _shot(event: Mapping[str, Any], before: Any) -> str:
    who = _unit(before, event["unit"])
    target = _model(before, event["target"])
    heroic = "Heroic Shooting: " if event.get("heroic") else ""
    if event.get("humming"):
        return f"{heroic}{who} shot humming arrows at {target}."
    shots = event["shots"]
    hit = sum(1 for s in shots if s["hit"])
    rolls = _faces(s["die"] for s in shots)
    need = shots[0]["need"] if shots else "-"
    covered = [s for s in shots if s.get("cover") and s["cover"].get("blocked_by")]
    horses = [s for s in shots if s.get("horse") and s["horse"].get("horse_hit")]
    extra = ""
    if covered:
        extra += f"; {len(covered)} struck what stood in the way"
    if horses:
        extra += f"; {len(horses)} struck the horse"
    return (
        f"{heroic}{who} shot at {target} ({event['weapon']}): rolled {rolls} needing "
        f"{need}+, {hit} hit{'' if hit == 1 else 's'}{extra}."
    )


@_sentence("shot_held")
def _shot_held(event: Mapping[str, Any], before: Any) -> str:
    if event.get("heroic"):
        return f"{_unit(before, event['unit'])} gave up his Heroic Shooting."
    return f"{_unit(before, event['unit'])} held its fire."


@_sentence("shooting_ended")
def _shooting_ended(event: Mapping[str, Any], before: Any) -> str:
    return f"Side {event['side']} finished shooting."


@_sentence("humming_arrows")
def _humming(event: Mapping[str, Any], before: Any) -> str:
    units = ", ".join(_unit(before, u) for u in event["units"]) or "nobody"
    return f"The humming arrows shook {units}: -1 Courage for the rest of the battle."


@_sentence("zen_used")
def _zen(event: Mapping[str, Any], before: Any) -> str:
    who = _unit(before, event["unit"])
    if event["use"] == "save":
        result = "saved the wound" if event["success"] else "failed to save the wound"
        return f"{who} spent a Zen token and rolled {event['die']}: {result}."
    return f"{who} spent a Zen token to turn a {event['die']} into a {event['to']}."


@_sentence("wounded")
def _wounded(event: Mapping[str, Any], before: Any) -> str:
    left = event["wounds"]
    plural = "" if left == 1 else "s"
    return f"{_model(before, event['model'])} was wounded ({left} wound{plural} left)."


@_sentence("killed")
def _killed(event: Mapping[str, Any], before: Any) -> str:
    by = event.get("by")
    credit = event.get("credit")
    text = f"{_model(before, event['model'])} was killed"
    if by:
        text += f" by {_model(before, by)}"
        attacker_unit = (
            before["models"][by]["unit"]
            if isinstance(before, Mapping) and by in before.get("models", {})
            else None
        )
        if credit and attacker_unit is not None and credit != attacker_unit:
            text += f" (the killing blow is {_unit(before, credit)}'s)"
    return text + "."


@_sentence("driven_off")
def _driven_off(event: Mapping[str, Any], before: Any) -> str:
    return (
        f"{_model(before, event['model'])} was driven off fleeing by warrior attendants "
        "outside their master's command radius."
    )


@_sentence("horse_killed")
def _horse_killed(event: Mapping[str, Any], before: Any) -> str:
    return (
        f"The horse of {_model(before, event['model'])} was killed: the rider is forcibly "
        "dismounted (-2 in combat this turn)."
    )


@_sentence("wound_rolls")
def _wound_rolls(event: Mapping[str, Any], before: Any) -> str:
    who = _model(before, event["attacker"])
    target = _model(before, event["target"])
    if event.get("horse"):
        target = f"the horse of {target}"
    if event["need"] is None:
        return (
            f"{who} cannot wound {target} "
            f"(Strength {event['strength']} against Defence {event['defence']})."
        )
    wounds = event["wounds"]
    return (
        f"{who} rolled {_faces(event['dice'])} to wound {target}, needing {event['need']}+: "
        f"{wounds} wound{'' if wounds == 1 else 's'}."
    )


@_sentence("combat_fought")
def _combat_fought(event: Mapping[str, Any], before: Any) -> str:
    number = event["combat"]
    if event["reason"] == "no_fight":
        return f"Combat {number} was not fought: one side was gone."
    parts = []
    for side in sorted(event["dice"]):
        rolled = "; ".join(
            f"{_model(before, m)} {_faces(f)}" for m, f in event["dice"][side].items()
        )
        parts.append(f"side {side}: {rolled} (best {event['best'].get(side, '-')})")
    heroic = " (Heroic Combat's extra round)" if event.get("heroic") else ""
    why = {
        "score": "with the highest score",
        "combat": "on the higher Combat characteristic",
        "roll_off": "on a roll-off",
    }[event["reason"]]
    doubled = ""
    if event.get("doubled"):
        doubled = f" Doubled dice: side {', '.join(event['doubled'])}."
    return (
        f"Combat {number}, round {event['round']}{heroic}: {'; '.join(parts)}. "
        f"Side {event['winner']} wins {why}.{doubled}"
    )


@_sentence("combat_closed")
def _combat_closed(event: Mapping[str, Any], before: Any) -> str:
    return f"Combat {event['combat']} is over."


@_sentence("retreated")
def _retreated(event: Mapping[str, Any], before: Any) -> str:
    names = ", ".join(_model(before, m) for m in event["models"])
    return f"{names} retreated 1 inch."


@_sentence("followed_up")
def _followed_up(event: Mapping[str, Any], before: Any) -> str:
    names = ", ".join(_model(before, m) for m in event["models"])
    return f"{names} followed up to renew the combat next turn."


@_sentence("disarmed")
def _disarmed(event: Mapping[str, Any], before: Any) -> str:
    who = _unit(before, event["unit"])
    target = _model(before, event["model"])
    if event["success"]:
        return (
            f"{who}'s Red Leaves Cut ({event['die']}) disarmed {target}, who draws a basic weapon."
        )
    return f"{who}'s Red Leaves Cut ({event['die']}) failed to disarm {target}."


@_sentence("disengaged")
def _disengaged(event: Mapping[str, Any], before: Any) -> str:
    return (
        f"{_unit(before, event['unit'])} chose the place ({event['die']}) "
        "and stepped 2 inches out of the combat."
    )


@_sentence("disengage_failed")
def _disengage_failed(event: Mapping[str, Any], before: Any) -> str:
    return f"{_unit(before, event['unit'])} could not disengage ({event['die']}) and fights on."


@_sentence("swept_on")
def _swept_on(event: Mapping[str, Any], before: Any) -> str:
    inches = event["distance"] / INCH
    return (
        f"{_unit(before, event['unit'])} killed all his opponents and moved {inches:.1f} "
        f"inches into a new combat with {_model(before, event['target'])}."
    )


@_sentence("fight_chosen")
def _fight_chosen(event: Mapping[str, Any], before: Any) -> str:
    return f"Side {event['side']} made its choices for combat {event['combat']}, sealed."


@_sentence("fight_revealed")
def _fight_revealed(event: Mapping[str, Any], before: Any) -> str:
    parts = []
    for hero, choice in sorted(event["choices"].items()):
        chosen = list(choice.get("strategies", []))
        if choice.get("strike") == "horse":
            chosen.append("strike the horse")
        if choice.get("zen"):
            chosen.append("a Zen die")
        if choice.get("disengage"):
            chosen.append("disengage")
        parts.append(f"{_unit(before, hero)}: {', '.join(chosen) or 'nothing special'}")
    if not parts:
        return f"Choices for combat {event['combat']} revealed: none."
    return f"Choices for combat {event['combat']} revealed. " + "; ".join(parts) + "."
