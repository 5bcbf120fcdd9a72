"""Declining Kensei's optional choices (``engine.core.declining``).

Optional, each declined by one legal command:

- ``offering``: pass (Command Deck > Offering to the Gods: a player "may" offer);
- ``choose_ki``: no ki ability (Troop Abilities > Ki Abilities: a 6+ lets the unit
  use one, "can only be used if": it need not), ``ability: null``;
- ``commander_activation``: no commander activation (Command Deck > Commander
  Activation), ``unit: null``;
- ``command_duel``: no command duel declared (Command Deck > Command Duel);
- ``opportunity_charge``: no opportunity charge (Reaction orders > Opportunity
  charge), a command naming no unit;
- ``charge_reaction``: no reaction to the charge (``reaction: "none"``: the charged
  unit neither flees nor holds and shoots; Orders and Actions > Charge);
- ``close_in``: the charging miniatures not in contact stay (``close: false``);
- ``duel_answer``: the challenge refused (Challenge to a duel > The duel is not
  accepted), not boosted;
- ``chase``: no chase (Combat Resolution > 6. Chasing movements).

Required: every other prompt (the ruleset's ``required_prompt_kinds``, with the rule
of the command answering it). Among them ``react``: "When you are the target of an
attack order you are obliged to react and fight" (Orders and Actions > Combat
Orders), so an attacked unit cannot decline to fight back. Commander's orders and
titles are played at their own timing, alongside a required prompt (a commander's
order when a unit is chosen): declining one is answering that prompt without it, and
needs no command of its own.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from engine.core import Command, State
from engine.kensei.turn.prompts import prompt_for

_DECLINED: Mapping[str, Mapping[str, object]] = {
    "offering": {"action": "pass"},
    "choose_ki": {"ability": None},
    "commander_activation": {"unit": None},
    "command_duel": {"declare": False},
    "opportunity_charge": {},
    "charge_reaction": {"reaction": "none"},
    "close_in": {"close": False},
    "duel_answer": {"accept": False, "boost": False},
    "chase": {"chase": False},
}
OPTIONAL_KINDS = frozenset(_DECLINED)


def decline(state: State, side: str) -> Command | None:
    """The command declining the optional choice open to ``side``, or ``None``."""
    prompt = prompt_for(state)
    if prompt is None or side not in prompt.sides or prompt.kind not in _DECLINED:
        return None
    return {"type": prompt.kind, "side": side, **_DECLINED[prompt.kind]}


def with_declining(state: State, side: str, commands: Iterator[Command]) -> Iterator[Command]:
    """``commands`` (the legal commands of ``side``), then the declining command when
    they lack it: declining a ki ability is legal though the bots never sample it."""
    listed = []
    for command in commands:
        listed.append(command)
        yield command
    declined = decline(state, side)
    if declined is not None and declined not in listed:
        yield declined
