"""The two ways a command can be refused.

Like python-chess's ``InvalidMoveError`` and ``IllegalMoveError``: a command
that cannot be understood is *invalid*; a well-formed command that the rules
forbid is *illegal*, and says which rule it breaks.
"""

from __future__ import annotations


class CommandRefused(Exception):
    """Base class: the engine refused a command and nothing changed."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class InvalidCommand(CommandRefused):
    """The command is malformed: missing fields, wrong types, unknown kind,
    wrong number of entered dice. No rule was consulted."""


class IllegalCommand(CommandRefused):
    """The command is well formed but breaks a rule of the game.

    ``rule`` names the rule (a rulebook section or paragraph) so a player can
    look it up: ``IllegalCommand("unit 4 has a Used Unit marker", rule="Activation §2")``.
    """

    def __init__(self, message: str, *, rule: str) -> None:
        super().__init__(message)
        self.rule = rule

    def __str__(self) -> str:
        return f"{self.message} ({self.rule})"
