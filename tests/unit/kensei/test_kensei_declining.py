"""Every optional choice can be declined, Kensei part (issue 25, Playing without
tedium): for each prompt kind with an optional choice, the declining command (the
table "Declining optional choices" at the end of docs/rules/kensei.md) is accepted by
the rules wherever the conformance games met that prompt."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import SeededDice
from engine.kensei.ruleset import Kensei
from tests.conformance.systems import Decision, played

KENSEI = Kensei()

# Each optional choice's prompt kind and its declining command (without the side).
DECLINING: dict[str, dict[str, Any]] = {
    "place_scenery": {"type": "place_scenery", "pieces": []},
    "offering": {"type": "offering", "action": "pass"},
    "choose_ki": {"type": "choose_ki", "ability": None},
    "keep_cards": {"type": "keep_cards", "keep": []},
    "commander_activation": {"type": "commander_activation", "unit": None},
    "command_duel": {"type": "command_duel", "declare": False},
    "charge_reaction": {"type": "charge_reaction", "reaction": "none"},
    "opportunity_charge": {"type": "opportunity_charge"},
    "close_in": {"type": "close_in", "close": False},
    "chase": {"type": "chase", "chase": False},
    "duel_answer": {"type": "duel_answer", "accept": False, "boost": False},
}
_PER_KIND = 5


def _decisions(kind: str) -> list[Decision]:
    return [d for game in played("kensei") for d in game.decisions if d.prompt.kind == kind]


@pytest.mark.parametrize("kind", sorted(DECLINING))
def test_declining_optional_choices_each_is_declined_by_a_command_the_rules_accept(
    kind: str,
) -> None:
    found = _decisions(kind)
    if not found:
        pytest.skip(f"the conformance games meet no {kind} prompt")
    for decision in found[:_PER_KIND]:
        for side in decision.prompt.sides:
            command = {**DECLINING[kind], "side": side}
            events = KENSEI.decide(decision.state, command, SeededDice("declining", 1))
            assert events, (kind, command)


def test_declining_optional_choices_the_conformance_games_meet_most_of_them() -> None:
    met = [kind for kind in DECLINING if _decisions(kind)]
    assert len(met) >= len(DECLINING) - 3, met
