"""The card interpreter inside real games: random bots play the sample set-ups to
the end through the Senjutsu ruleset; every effects event has a sentence, every
effects Ask is answerable with each of its options, and a replay of the events
folds to the same state."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import SeededDice, canonical_json, state_hash
from engine.senjutsu import effects
from engine.senjutsu.effects import describe
from engine.senjutsu.ruleset import Senjutsu


def _play(game: int) -> tuple[Senjutsu, dict[str, Any], list[dict[str, Any]], set[str]]:
    ruleset = Senjutsu()
    setups = ruleset.sample_setups()
    seed = f"effects-game-{game}"
    initial = ruleset.start(setups[game % len(setups)], SeededDice(seed, 0))
    state, events, asked = initial, [], set()
    bot = ruleset.bot(game)
    index = 0
    while (prompt := ruleset.prompt(state)) is not None:
        index += 1
        assert index < 5000, "a game that does not end"
        waiting = effects.ask(state)
        if waiting is not None:
            asked.add(waiting.kind)
            for option in waiting.options:  # every option is a legal answer
                effects.answer(state, waiting.side, option, SeededDice(seed, index))
        command = bot.choose(ruleset, state, prompt.sides[0])
        assert command is not None
        for event in ruleset.decide(state, command, SeededDice(seed, index)):
            events.append(event)
            state = ruleset.evolve(state, event)
    replayed = initial
    for event in events:
        replayed = ruleset.evolve(replayed, event)
    assert state_hash(replayed) == state_hash(state)
    canonical_json(events)
    return ruleset, state, events, asked


@pytest.mark.parametrize("game", [0, 1, 2])
def test_resolving_ability_cards_random_games_reach_the_end_through_the_effects(game: int) -> None:
    ruleset, state, events, _ = _play(game)
    assert ruleset.outcome(state) is not None
    assert not effects.active(state)
    kinds = {e["type"] for e in events}
    assert {"resolving", "resolved", "attacked"} <= kinds
    for event in events:
        if event["type"] in describe.KINDS:
            sentence = ruleset.describe(event)
            assert sentence.endswith(".")
            assert sentence != event["type"]


def test_every_effects_event_kind_has_a_sentence() -> None:
    assert set(effects.HANDLERS) <= describe.KINDS
    hidden = {"type": "discarded", "side": "B", "sealed_for": "B", "sealed": None, "up": False}
    assert describe.describe(hidden) == "Side B discards a card face down."
