"""Standing answers: a side tells the game once how it answers a kind of prompt
("pass on offerings unless I hold a card that can change the roll", "always fight
back"), and those prompts are answered for it, by commands in the record.

A side whose game is not over may set its answers at any time, prompted or not, with
``{<kind key>: "standing", "side": X, "answers": {name: value}}``: each name one of the
system's ``Ruleset.standing_choices``, each value one that choice accepts (its first
value, answering in person, removes the answer). It is recorded as a
``standing_answers_set`` event; the state gains the ``"standing"`` key (answers by
side) only then, so games without standing answers keep their hashes. The system's
``Ruleset.standing_answer`` reads them and gives the command they answer a prompt
with; the platform submits that command as the side's own (``shiai.play``), so a
replay folds the same commands and needs no standing answers to be identical.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.errors import IllegalCommand, InvalidCommand
from engine.core.ruleset import Command, Event, StandingChoice, State

STANDING = "standing"  # the command kind, and the state key of the answers by side
STANDING_SET = "standing_answers_set"  # the event kind
RULE = "Shiai: standing answers (a side may set them at any time before the game is over)"


def is_standing(command: Any, key: str = "type") -> bool:
    """Whether ``command`` sets standing answers (its kind under ``key``)."""
    return isinstance(command, Mapping) and command.get(key) == STANDING


def standing_of(state: State, side: str) -> Mapping[str, str]:
    """The standing answers ``side`` has set (none: an empty mapping)."""
    answers: Mapping[str, str] = state.get(STANDING, {}).get(side, {})
    return answers


def decide_standing(
    state: State,
    command: Command,
    sides: Sequence[str],
    choices: Sequence[StandingChoice],
    *,
    over: bool,
    key: str = "type",
) -> list[Event]:
    """The ``standing_answers_set`` event of ``command``, once checked: malformed
    (other fields, an unknown side, choice or value) is ``InvalidCommand``; after the
    end, ``IllegalCommand``."""
    extra = sorted(set(command) - {key, "side", "answers"})
    if extra:
        raise InvalidCommand(f"standing answers name a side and answers, not {', '.join(extra)}")
    side = command.get("side")
    if not isinstance(side, str) or side not in sides:
        raise InvalidCommand(f"side must be one of {', '.join(sides)}")
    answers = command.get("answers")
    if not isinstance(answers, dict) or not answers:
        raise InvalidCommand("answers: an object of standing answers, by name")
    known = {choice.name: choice for choice in choices}
    if not known:
        raise InvalidCommand("this game system offers no standing answers")
    for name, value in answers.items():
        choice = known.get(name)
        if choice is None:
            raise InvalidCommand(f"answers: {name!r} is not one of {', '.join(known)}")
        if not isinstance(value, str) or value not in choice.values:
            raise InvalidCommand(
                f"answers: {name} is one of {', '.join(choice.values)}, not {value!r}"
            )
    if over:
        raise IllegalCommand("the game is over: there is nothing left to answer", rule=RULE)
    merged = {**standing_of(state, side), **answers}
    kept = {
        name: value
        for name, value in sorted(merged.items())
        if value != next(iter(known[name].values))
    }
    return [{"type": STANDING_SET, "side": side, "answers": kept}]


def with_standing(state: State, event: Event) -> State:
    """``state`` with the answers of the event as its side's standing answers."""
    by_side = {**state.get(STANDING, {}), event["side"]: dict(event["answers"])}
    return {**state, STANDING: {side: by_side[side] for side in sorted(by_side)}}


def describe_standing(event: Event, choices: Sequence[StandingChoice]) -> str:
    """The event in words: each answer by what it does."""
    labels = {c.name: c for c in choices}
    said = [
        labels[name].values.get(value, value) if name in labels else f"{name}: {value}"
        for name, value in event["answers"].items()
    ]
    return f"side {event['side']} sets its standing answers: " + (
        "; ".join(said) if said else "answers every prompt in person"
    )
