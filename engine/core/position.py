"""Games that start from a position rather than from a set-up: analysis boards.

An analysis board (a sandbox) is an ordinary game record whose set-up carries the
state it starts from under ``POSITION_KEY``, with where that state came from:
``"analysis_of"`` (the game and step it was taken from) or ``"edited": true`` (set
up in a position editor). ``replays.verify.start_state`` asks
``Ruleset.position`` for such a set-up instead of ``Ruleset.start``, so the record's
first state is that position, its export says where it came from, and an import
re-checks it the same way. Read models leave sandboxes out (``is_position_setup``):
a position nobody played to is no game of the meta, a list or a tournament.

``check_position`` is the kernel's check, what ``Ruleset.position`` does unless a
system checks more: the state is plain canonical JSON, the system can read it (its
sides, who must decide, whether it is over) and someone must decide in it.
"""

from __future__ import annotations

from typing import Any, Protocol

from engine.core.canonical import NotCanonical, canonical_json
from engine.core.errors import InvalidCommand

# engine.core.ruleset imports this module (Ruleset.position's default): what the check
# asks of a ruleset is named here, so the kernel has no import cycle.
State = dict[str, Any]
Setup = dict[str, Any]


class Ruleset(Protocol):
    """What :func:`check_position` asks of a ruleset (engine.core.ruleset.Ruleset)."""

    @property
    def title(self) -> str: ...

    def replay_refusal(self, state: State) -> str | None: ...

    def sides(self, state: State) -> tuple[str, ...]: ...

    def outcome(self, state: State) -> object: ...

    def prompt(self, state: State) -> object: ...


POSITION_KEY = "position"
ANALYSIS_OF_KEY = "analysis_of"
EDITED_KEY = "edited"


def is_position_setup(setup: Any) -> bool:
    """Whether a game's set-up starts it from a given position (a sandbox)."""
    return isinstance(setup, dict) and POSITION_KEY in setup


def position_of(setup: Setup) -> State:
    """The state a sandbox's set-up starts from (``InvalidCommand`` if it has none)."""
    state = setup.get(POSITION_KEY)
    if not isinstance(state, dict):
        raise InvalidCommand("position: a state (a JSON object) to start from")
    return state


def check_position(ruleset: Ruleset, state: Any) -> State:
    """``state`` if ``ruleset`` may start a game from it; otherwise ``InvalidCommand``
    saying what is wrong. Never changes ``state``."""
    if not isinstance(state, dict):
        raise InvalidCommand("position: a state is a JSON object")
    try:
        canonical_json(state)
    except NotCanonical as error:
        raise InvalidCommand(f"position: not plain JSON ({error})") from None
    refusal = ruleset.replay_refusal(state)
    if refusal is not None:
        raise InvalidCommand(f"position: {refusal}")
    try:
        sides = ruleset.sides(state)
        over = ruleset.outcome(state) is not None
        prompt = None if over else ruleset.prompt(state)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
        raise InvalidCommand(
            f"position: not a {ruleset.title} state (it has no {error} the rules can read)"
        ) from None
    if len(sides) < 1:
        raise InvalidCommand("position: a state with no sides")
    if over:
        raise InvalidCommand("position: the game is over in this state: there is nothing to play")
    if prompt is None:
        raise InvalidCommand(
            "position: nobody decides in this state (it is between the events of one "
            "command): take the step at the end of that command"
        )
    return state
