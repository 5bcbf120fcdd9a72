"""Zen tokens (Heroic Characters > Zen Tokens): a token alters one die of the hero's
action by 1, or saves a wound on 4+; only one token for a particular action.

Tokens are spent by declaration, never by an interrupting prompt (the contract): a shot
or a fight choice with ``"zen": true`` alters by 1 the first die of that action that
fails by exactly 1, spending the token only when it changes the result; a wound save
follows the hero's ``zen_policy`` (``fatal``: only a wound that would kill him, the
default; ``always``; ``never``) (Interpretation > Zen saves by policy).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.skirmish.heroic import chars
from engine.skirmish.heroic.work import Work

SAVE_NEED = 4
POLICIES = ("fatal", "always", "never")


@dataclass
class Action:
    """One action (a shot, a round of close combat): the heroes who declared a Zen die
    for it, and those who already spent a token in it (membership only)."""

    wants_die: frozenset[str] = frozenset()
    used: set[str] = field(default_factory=set)


def tokens(work: Work, unit_id: str) -> int:
    return int(work.state["units"][unit_id].get("zen", 0))


def may_spend(work: Work, unit_id: str, action: Action) -> bool:
    unit = work.state["units"][unit_id]
    return bool(unit["hero"]) and tokens(work, unit_id) > 0 and unit_id not in action.used


def alter(
    work: Work, model_id: str, action: Action, face: int, *, to: int, what: str
) -> dict[str, Any] | None:
    """Spend the hero's token of ``action`` to turn ``face`` into ``to`` (if he declared
    a Zen die and has a token left); the alteration, or ``None``."""
    unit_id = str(chars.unit_of(work.state, model_id)["id"])
    if unit_id not in action.wants_die or not may_spend(work, unit_id, action):
        return None
    action.used.add(unit_id)
    work.emit(
        {"type": "zen_used", "unit": unit_id, "use": "die", "die": face, "to": to, "roll": what}
    )
    return {"from": face, "to": to}


def alter_failing(
    work: Work, model_id: str, faces: list[int], need: int, *, action: Action, what: str = "wound"
) -> dict[str, Any] | None:
    """Alter the first of ``faces`` that misses ``need`` by exactly 1 (the dice are kept
    as rolled; the alteration says which and to what)."""
    for index, face in enumerate(faces):
        if face == need - 1:
            done = alter(work, model_id, action, face, to=face + 1, what=what)
            if done is None:
                return None
            return {**done, "index": index}
    return None


def counted(faces: list[int], altered: dict[str, Any] | None) -> list[int]:
    """The faces as they count once a Zen alteration is applied."""
    if altered is None:
        return list(faces)
    result = list(faces)
    result[altered["index"]] = altered["to"]
    return result


def save(work: Work, model_id: str, *, fatal: bool, action: Action) -> bool:
    """A Zen save against one wound, by the hero's policy: True when the wound is saved."""
    unit = chars.unit_of(work.state, model_id)
    unit_id = str(unit["id"])
    policy = unit.get("zen_policy", "fatal")
    if policy == "never" or (policy == "fatal" and not fatal):
        return False
    if not may_spend(work, unit_id, action):
        return False
    action.used.add(unit_id)
    die = work.dice.roll_one()
    success = die >= SAVE_NEED
    work.emit(
        {
            "type": "zen_used",
            "unit": unit_id,
            "use": "save",
            "model": model_id,
            "die": die,
            "success": success,
        }
    )
    return success
