"""Wounding: the Wound Table, and what a wound does (Wounding; Heroic Characters > Zen
Tokens > save a wound on 4+; Warrior Attendants > their master made the killing blow).

The Wound Table is printed with Strength down and Defence across, both 1-8; "-" cannot
wound. A Strength or Defence outside 1-8 is read at the nearest row or column
(Interpretation > Wound Table beyond 8).
"""

from __future__ import annotations

from engine.core import State
from engine.skirmish.heroic import chars, zen
from engine.skirmish.heroic.work import Work
from engine.skirmish.state.access import attendants_radius

NO_WOUND = None
WOUND_TABLE: tuple[tuple[int | None, ...], ...] = (
    (4, 5, 6, 6, None, None, None, None),
    (3, 4, 5, 6, 6, None, None, None),
    (2, 3, 4, 5, 6, 6, None, None),
    (2, 2, 3, 4, 5, 6, 6, None),
    (2, 2, 2, 3, 4, 5, 6, 6),
    (2, 2, 2, 2, 3, 4, 5, 6),
    (2, 2, 2, 2, 2, 3, 4, 5),
    (2, 2, 2, 2, 2, 2, 3, 4),
)
"""Wounding > Wound Table: ``WOUND_TABLE[strength - 1][defence - 1]``."""


def wound_need(strength: int, defence: int) -> int | None:
    """The score needed on 1D6 to wound (``None``: cannot wound).

    >>> wound_need(3, 3), wound_need(1, 5), wound_need(8, 8), wound_need(11, 0)
    (4, None, 4, 2)
    """
    row = min(8, max(1, strength)) - 1
    column = min(8, max(1, defence)) - 1
    return WOUND_TABLE[row][column]


def credited(state: State, attacker: str) -> tuple[str, bool]:
    """Who is credited with a kill by ``attacker`` and whether the victim dies: warrior
    attendants' kills are their master's when they are within his command radius (4"
    without Mastery of Command), else the victim is driven off fleeing instead."""
    unit = chars.unit_of(state, attacker)
    master = unit.get("master")
    if not master or master not in state["units"]:
        return str(unit["id"]), True
    radius = attendants_radius(state, master)
    near = any(chars.distance(state, attacker, m) <= radius for m in chars.living(state, master))
    return str(master), near


def suffer_wound(work: Work, target: str, attacker: str, *, action: zen.Action) -> bool:
    """One wound on ``target`` struck by ``attacker``: a Zen save by the hero's policy
    (one token per action), then ``wounded`` or ``killed`` (an attendant's kill outside
    his master's radius drives the victim off instead: ``driven_off``). True when the
    target left the table."""
    state = work.state
    left = int(state["models"][target]["wounds"]) - 1
    if zen.save(work, target, fatal=left <= 0, action=action):
        return False
    if left > 0:
        work.emit({"type": "wounded", "model": target, "wounds": left, "by": attacker})
        return False
    credit, dies = credited(state, attacker)
    if dies:
        work.emit({"type": "killed", "model": target, "by": attacker, "credit": credit})
    else:
        work.emit({"type": "driven_off", "model": target, "by": attacker})
    return True


def roll_wounds(
    work: Work,
    attacker: str,
    target: str,
    *,
    strength: int,
    defence: int,
    count: int,
    action: zen.Action,
    horse: bool = False,
) -> tuple[int, int]:
    """Roll ``count`` wound dice of ``attacker`` at ``target`` (its horse when ``horse``):
    the ``wound_rolls`` event, then each wound's effect until the target is gone. Returns
    (dice used, wounds caused)."""
    need = wound_need(strength, defence)
    if count <= 0:
        return 0, 0
    faces = work.dice.roll(count)
    altered = None
    if need is not None:
        altered = zen.alter_failing(work, attacker, faces, need, action=action)
    wounds = 0 if need is None else sum(1 for f in zen.counted(faces, altered) if f >= need)
    work.emit(
        {
            "type": "wound_rolls",
            "attacker": attacker,
            "target": target,
            "horse": horse,
            "strength": strength,
            "defence": defence,
            "need": need,
            "dice": faces,
            "zen": altered,
            "wounds": wounds,
        }
    )
    caused = 0
    for _ in range(wounds):
        if not chars.alive(work.state, target):
            break
        if horse:
            if not chars.mounted(work.state, target):
                break
            work.emit({"type": "horse_killed", "model": target, "by": attacker})
            caused += 1
            break
        caused += 1
        if suffer_wound(work, target, attacker, action=action):
            break
    return count, caused
