"""Remembering the last state's answer.

A state is asked the same question several times in a row: the platform or a bot
reads its prompt, then its legal commands, then the command is decided, and each
of these asks for the prompt again. States are never changed in place (DESIGN.md,
the kernel contract), so the same state object with the same arguments has the same
answer: :func:`last_state` keeps one (state, arguments, answer) and hands the answer
back while the next call asks about that very object. Only one entry, replaced
whole, so it holds no memory beyond one state and a thread reading it never sees one
state's answer for another.

Answers are shared between the calls that hit the memo: callers treat them as read
only, as they treat states.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, Concatenate, ParamSpec, TypeVar

from engine.core.ruleset import State

P = ParamSpec("P")
R = TypeVar("R")


def last_state(function: Callable[Concatenate[State, P], R]) -> Callable[Concatenate[State, P], R]:
    """``function(state, *args)``, answered from memory while it is asked about the
    same state object with equal arguments (compared with ``==``)."""
    last: list[tuple[State, tuple[Any, ...], dict[str, Any], R]] = []

    @wraps(function)
    def remembered(state: State, /, *args: P.args, **kwargs: P.kwargs) -> R:
        if last:
            seen, seen_args, seen_kwargs, answer = last[0]
            if seen is state and seen_args == args and seen_kwargs == kwargs:
                return answer
        answer = function(state, *args, **kwargs)
        last[:] = [(state, args, kwargs, answer)]
        return answer

    return remembered
