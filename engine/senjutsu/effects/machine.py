"""The table of task kinds: what runs by itself and what waits for a side.

An automatic task has ``run``; a choice has ``options`` (every legal command, in
a fixed order), ``side`` (who answers) and ``choose`` (what a legal answer does).
A choice with one option is taken at once, with none it is skipped: only a real
choice becomes an Ask.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.core import Command, Dice, State
from engine.senjutsu.effects.frames import Json, Step

Run = Callable[[State, Json, Dice], Step]
Options = Callable[[State, Json], list[Command]]
Choose = Callable[[State, Json, Command, Dice], Step]
Asked = Callable[[State, Json], str]


@dataclass(frozen=True)
class TaskKind:
    """One kind of task; ``kind`` is the command kind that answers a choice,
    ``rule`` the paragraph a refused answer cites, ``text`` the words of the Ask."""

    run: Run | None = None
    options: Options | None = None
    choose: Choose | None = None
    side: Asked | None = None
    kind: str = ""
    rule: str | Callable[[State, Json], str] = ""
    text: str | Callable[[State, Json], str] = ""

    def text_for(self, state: State, task: Json) -> str:
        """The words of the Ask for ``task``."""
        return self.text(state, task) if callable(self.text) else self.text

    def rule_for(self, state: State, task: Json) -> str:
        """The paragraph a refused answer to ``task`` cites."""
        return self.rule(state, task) if callable(self.rule) else self.rule


TASKS: dict[str, TaskKind] = {}


def automatic(name: str) -> Callable[[Run], Run]:
    """Register ``run`` as the automatic task ``name``."""

    def put(run: Run) -> Run:
        if name in TASKS:
            raise ValueError(f"two task kinds named {name!r}")
        TASKS[name] = TaskKind(run=run)
        return run

    return put


def choice(
    name: str,
    *,
    kind: str,
    rule: str | Callable[[State, Json], str],
    text: str | Callable[[State, Json], str],
    options: Options,
    side: Asked,
) -> Callable[[Choose], Choose]:
    """Register ``choose`` as the choice task ``name`` (answered by ``kind`` commands)."""

    def put(choose: Choose) -> Choose:
        if name in TASKS:
            raise ValueError(f"two task kinds named {name!r}")
        TASKS[name] = TaskKind(
            options=options, choose=choose, side=side, kind=kind, rule=rule, text=text
        )
        return choose

    return put


def resolver(state: State, task: Json | None = None) -> str:
    """The side resolving the current frame (who answers most choices)."""
    return str(state["current"]["side"])


def task_side(state: State, task: Json) -> str:
    """The side a task names (``task["side"]``), e.g. the target who discards."""
    return str(task["side"])
