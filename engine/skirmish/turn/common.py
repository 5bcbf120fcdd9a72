"""Checks shared by the turn's commands: the shape of a command and whose turn it is."""

from __future__ import annotations

from collections.abc import Collection

from engine.core import Command, IllegalCommand, InvalidCommand
from engine.skirmish import rules
from engine.skirmish.state.access import SIDES


def checked_side(command: Command, fields: Collection[str]) -> str:
    """The command's side, once its fields are checked: ``type``, ``side`` and those
    of ``fields`` (others refused)."""
    extra = sorted(set(command) - {"type", "side", *fields})
    if extra:
        raise InvalidCommand(f"a {command.get('type')} command has no {', '.join(extra)}")
    side = command.get("side")
    if side not in SIDES:
        raise InvalidCommand(f"side must be one of {', '.join(SIDES)}, not {side!r}")
    return str(side)


def not_your_turn(side: str, kind: str, waiting: Collection[str]) -> IllegalCommand:
    """The refusal of a command of a side not prompted for it now."""
    if not waiting:
        return IllegalCommand(f"no {kind} is awaited now", rule=rules.PROMPT_ORDER)
    return IllegalCommand(
        f"side {side} may not {kind} now: side {', '.join(waiting)} decides",
        rule=rules.PROMPT_ORDER,
    )
