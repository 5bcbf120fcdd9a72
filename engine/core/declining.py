"""Declining: every optional choice a game offers can be declined, the same way in
every system, and each choice the rules require says which rule requires it.

A system tells the kernel about its prompts with three members of its ``Ruleset``:

- ``optional_prompt_kinds``: the prompt kinds that may be optional (an offering to
  the gods, an alternative speed, a counter, an instant card, a search...);
- ``required_prompt_kinds``: every other prompt kind it asks, each with the rule
  paragraph that requires an answer (a deployment, a card to play face down, the
  attacked unit's reactive attack: "obliged to react and fight");
- ``decline(state, side)``: the command that declines the optional choice open to
  ``side`` now, or ``None`` when the choice open to it is not optional (a prompt of a
  required kind, or one of an optional kind the rules make compulsory this time,
  such as Senjutsu's focus cost that Commit To Hit makes the player pay). The
  command is one ``legal`` lists and ``decide`` accepts, recorded like any other:
  declining is a command, never a skipped step.

The conformance check (``tests/conformance/test_declining.py``) plays seeded bot
games of every ruleset and holds each prompt to this: optional kinds are declined by
a legal, accepted command, required kinds name a rule and give no declining command.
A play page may offer a "decline" button from :func:`declining_command`, and a
standing answer (``engine.core.standing``) may answer with it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from engine.core.ruleset import Command, State

if TYPE_CHECKING:
    from engine.core.ruleset import Ruleset

RULE = "Shiai: declining (every optional choice can be declined by a command)"


def declining_command(ruleset: Ruleset, state: State, side: str) -> Command | None:
    """The command by which ``side`` declines the choice open to it now, or ``None``
    (no prompt for ``side``, or a choice the rules require)."""
    prompt = ruleset.prompt(state)
    if prompt is None or side not in prompt.sides:
        return None
    if prompt.kind not in ruleset.optional_prompt_kinds:
        return None
    return ruleset.decline(state, side)


def kinds_declared(ruleset: Ruleset) -> Mapping[str, str | None]:
    """Every prompt kind ``ruleset`` declares: the rule requiring an answer for the
    required ones, ``None`` for the optional ones."""
    found: dict[str, str | None] = dict(ruleset.required_prompt_kinds)
    found.update(dict.fromkeys(ruleset.optional_prompt_kinds))
    return found
