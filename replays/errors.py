"""Errors the replays layer speaks in; the platform maps them to HTTP codes."""

from __future__ import annotations

from uuid import UUID


class ReplaysError(Exception):
    """Base class of this layer's domain errors."""


class UnknownRuleset(ReplaysError):
    def __init__(self, ruleset_id: str) -> None:
        super().__init__(f"no ruleset {ruleset_id!r} is installed")
        self.ruleset_id = ruleset_id


class GameNotFound(ReplaysError):
    def __init__(self, game_id: UUID | str) -> None:
        super().__init__(f"no game {game_id}")
        self.game_id = game_id


class GameExists(ReplaysError):
    def __init__(self, game_id: UUID) -> None:
        super().__init__(f"game {game_id} is already recorded")
        self.game_id = game_id


class StepOutOfRange(ReplaysError):
    def __init__(self, step: int, last: int) -> None:
        super().__init__(f"step {step} does not exist: this game has steps 0 to {last}")
        self.step = step
        self.last = last


class ReplayRefused(ReplaysError):
    """The installed ruleset refuses to replay a stored game (``Ruleset.replay_refusal``:
    it was recorded with other data files, say); the message says why."""

    def __init__(self, game_id: UUID, reason: str) -> None:
        super().__init__(f"game {game_id} cannot be opened: {reason}")
        self.game_id = game_id


class Conflict(ReplaysError):
    """Another writer recorded a command first: reload and decide again."""


class BotStuck(ReplaysError):
    """A bot was prompted and found no legal command: a fault of the ruleset (a prompt
    must always have an answer), not of the player. Nothing of the save that asked it
    is recorded."""

    def __init__(self, ruleset_id: str, side: str, step: int) -> None:
        super().__init__(
            f"the bot playing side {side} found no legal command at step {step}: the "
            f"{ruleset_id} rules engine left it without an answer, so the game cannot go on "
            "from here; nothing was recorded"
        )
        self.ruleset_id = ruleset_id
        self.side = side
        self.step = step


class RecordRejected(ReplaysError):
    """An imported game record is malformed or does not replay as recorded."""

    def __init__(self, message: str, *, step: int | None = None) -> None:
        super().__init__(message)
        self.step = step
