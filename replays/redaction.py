"""What a viewer may see of a game: the one redaction every reader goes through.

A viewer is a side of the game or ``None`` (a spectator). While the game runs,
the ruleset decides what each viewer may see of a state (``Ruleset.view``) and
of an event (``Ruleset.view_event``): the other sides' hands and sealed
answers, dice drawn but not yet shown, a deck's order (hidden even from its
owner)... and a sealed command is shown to anyone but its own side as
``{"side", "sealed": true}``. Once the game is over everything is public.

Every path that hands events or states to a user goes through these
functions (``GameRecords.steps``, ``state_at``, ``export_record`` and
``submit_as``, the answer to a command); ``tests/integration/test_redaction.py``
holds each of those outputs, for random games and every viewer, equal to what
these functions make of the full data.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core import Ruleset


@dataclass(frozen=True)
class StepEntry:
    step: int
    command_index: int
    command: dict[str, Any] | None  # on the first step of each command
    event: dict[str, Any]
    summary: str
    # How a log files it (Ruleset.log_tags: "bookkeeping", "combat"); a list: plain JSON.
    tags: list[str] = field(default_factory=list)


def shown_step(
    ruleset: Ruleset,
    *,
    step: int,
    command_index: int,
    command: dict[str, Any] | None,
    sealed_for: str | None,
    event: dict[str, Any],
    viewer: str | None,
    game_over: bool,
    before: dict[str, Any] | None = None,
) -> StepEntry:
    """One recorded step (its engine event, upcast, and the command on the command's
    first step; ``sealed_for``: the side whose sealed answer the command is) as
    ``viewer`` may see it, with the sentence that describes what is shown (naming
    what it can from ``before``, the full state the event applies to) and its tags."""
    shown = shown_event(ruleset, event, viewer, game_over=game_over)
    return StepEntry(
        step=step,
        command_index=command_index,
        command=shown_command(command, sealed_for, viewer, game_over=game_over),
        event=shown,
        summary=(
            ruleset.describe(shown, before)
            if shown is event
            else _sealed_summary(ruleset, shown, before)
        ),
        tags=list(ruleset.log_tags(event)),
    )


def shown_event(
    ruleset: Ruleset, event: dict[str, Any], viewer: str | None, *, game_over: bool
) -> dict[str, Any]:
    """An engine event as ``viewer`` may see it (``shown_step`` without the summary,
    for a record file, whose events keep the schema they were stored with)."""
    shown: dict[str, Any] = ruleset.view_event(event, viewer, game_over=game_over)
    return shown


def shown_command(
    command: dict[str, Any] | None, sealed_for: str | None, viewer: str | None, *, game_over: bool
) -> dict[str, Any] | None:
    """A recorded command as ``viewer`` may see it: another side's sealed answer is
    ``{"side", "sealed": true}`` while the game runs."""
    if command is not None and not game_over and sealed_for not in (None, viewer):
        return {"side": sealed_for, "sealed": True}
    return command


def shown_state(
    ruleset: Ruleset, state: dict[str, Any], viewer: str | None, *, game_over: bool
) -> dict[str, Any]:
    """A state as ``viewer`` may see it: the whole state once the game is over."""
    if game_over:
        return state
    shown: dict[str, Any] = ruleset.view(state, viewer)
    return shown


def _sealed_summary(ruleset: Ruleset, shown: dict[str, Any], before: dict[str, Any] | None) -> str:
    try:
        return ruleset.describe(shown, before)
    except (KeyError, TypeError):
        return f"{shown.get('type', 'event')} (sealed)"
