"""Every system lets each optional choice be declined (``engine.core.declining``): in
seeded bot games of every ruleset, at every prompt, the prompt's kind is declared
(optional, or required with the rule that requires it); at a prompt of an optional
kind the declining command is one ``legal`` lists for the side and ``decide``
accepts (changing nothing of the state it is decided on); at a required one there is
no declining command. Each optional kind the games meet is declinable at least once,
so a kind is not called optional that never is."""

from __future__ import annotations

import json
from collections import Counter

from engine.core import SeededDice, state_hash
from engine.core.declining import declining_command, kinds_declared
from tests.conformance.systems import played, rulesets

# Decided declines checked per kind and game (deciding a Kensei offering folds the
# decision it paused again: every one would double the suite's time).
DECIDED_PER_KIND = 25


def test_every_prompt_kind_is_declared_optional_or_required_by_a_rule(ruleset_id: str) -> None:
    ruleset = rulesets()[ruleset_id]
    optional = ruleset.optional_prompt_kinds
    required = ruleset.required_prompt_kinds
    assert not optional & set(required), f"{ruleset_id}: kinds both optional and required"
    assert all(rule.strip() for rule in required.values()), f"{ruleset_id}: a rule is empty"
    declared = kinds_declared(ruleset)
    for game in played(ruleset_id):
        for decision in game.decisions:
            kind = decision.prompt.kind
            assert kind in declared, (
                f"{game.name}, command {decision.index}: prompt kind {kind!r} is neither "
                "optional nor required by a rule"
            )


def test_every_optional_choice_is_declined_by_a_legal_accepted_command(ruleset_id: str) -> None:
    ruleset = rulesets()[ruleset_id]
    optional = ruleset.optional_prompt_kinds
    declinable: Counter[str] = Counter()
    seen: set[str] = set()
    for game in played(ruleset_id):
        decided: Counter[str] = Counter()
        for decision in game.decisions:
            state, prompt = decision.state, decision.prompt
            for side in prompt.sides:
                declined = ruleset.decline(state, side)
                assert declined == declining_command(ruleset, state, side)
                where = f"{game.name}, command {decision.index} ({prompt.kind!r}, side {side})"
                if prompt.kind not in optional:
                    assert declined is None, f"{where}: a required choice is declined"
                    continue
                seen.add(prompt.kind)
                if declined is None:
                    continue  # compulsory this time (e.g. a cost Commit To Hit makes pay)
                declinable[prompt.kind] += 1
                assert declined.get(ruleset.command_key) is not None, where
                assert declined.get("side") == side, where
                legal = list(ruleset.legal(state, side))
                assert declined in legal, f"{where}: {declined} is not among legal {legal[:8]}"
                if decided[prompt.kind] >= DECIDED_PER_KIND:
                    continue
                decided[prompt.kind] += 1
                before = state_hash(state)
                events = ruleset.decide(state, declined, SeededDice(game.seed, decision.index))
                assert events, f"{where}: declining was decided into no events"
                assert state_hash(state) == before, f"{where}: deciding mutated the state"
                after = state
                for event in json.loads(json.dumps(events)):  # as stored
                    after = ruleset.evolve(after, event)
                assert ruleset.describe(events[0], state).strip()
    never = sorted(seen - set(declinable))
    assert not never, f"{ruleset_id}: optional kinds never declinable in its games: {never}"


def test_nothing_is_declined_after_the_end(ruleset_id: str) -> None:
    ruleset = rulesets()[ruleset_id]
    for game in played(ruleset_id):
        final = game.final_state
        for side in ruleset.sides(final):
            assert ruleset.decline(final, side) is None, game.name
            assert declining_command(ruleset, final, side) is None, game.name
