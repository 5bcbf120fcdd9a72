"""Hidden orders (Orders Phase: written secretly, revealed together; Special Orders >
Ambush: a hidden unit is off the board): whatever one side writes, the other side and a
spectator see the same until the reveal.

A battle is played some way by bots; at an orders prompt, the side writing first writes
any of its legal order sets (Hypothesis draws one from ``legal``). The other side's view
and a spectator's view of the state after it, the prompt, and their view of every event
it caused must be those of the same side writing nothing but Rest. Then the ambush: in
bot battles where a unit hides, no enemy view gives its hex or facing until it is
revealed, and the sealed part of the `hidden` event (its hex and facing) and of the
`hidden_orders` event (the orders of units hidden at the reveal) is the owner's alone.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import Command, Event, SeededDice, State
from engine.samurai_battles import SamuraiBattles

RULESET = SamuraiBattles()
SETUPS = RULESET.sample_setups()


@cache
def position(scenario: int, turns: int, bots: str = "random") -> State:
    """A battle of sample scenario ``scenario`` at the orders prompt of turn ``turns + 1``
    as ``bots`` play it (or of its last turn, if it ended before), no order written yet."""
    seed = f"hidden-orders/{scenario}/{bots}"
    state = RULESET.start(dict(SETUPS[scenario]), SeededDice(seed, 0))
    players = {side: RULESET.bots()[bots].build(f"{seed}/{side}") for side in RULESET.sides(state)}
    fresh, index = state, 0
    while (prompt := RULESET.prompt(state)) is not None:
        if len(prompt.sides) == len(RULESET.sides(state)):
            fresh = state  # nobody has written yet
            if int(state["turn"]) > turns:
                break
        side = prompt.sides[0]
        command = players[side].choose(RULESET, state, side)
        assert command is not None
        index += 1
        for event in RULESET.decide(state, command, SeededDice(seed, index)):
            state = RULESET.evolve(state, event)
    return fresh


def rests(state: State, side: str) -> Command:
    """Rest for every unit of ``side`` that needs an order (Rest is always an order)."""
    command = next(iter(RULESET.legal(state, side)))
    return {**command, "orders": {unit: {"order": "rest"} for unit in command["orders"]}}


def seen_after(state: State, command: Command, viewer: str | None) -> tuple[Any, ...]:
    """What ``viewer`` sees of ``command``: each event, the view and the prompt after."""
    events: list[Event] = RULESET.decide(state, command, SeededDice("hidden-orders", 1))
    after = state
    for event in events:
        after = RULESET.evolve(after, event)
    shown = [RULESET.view_event(event, viewer, game_over=False) for event in events]
    prompt = RULESET.prompt(after)
    return shown, RULESET.view(after, viewer), None if prompt is None else prompt.to_dict()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    scenario=st.integers(min_value=0, max_value=len(SETUPS) - 1),
    turns=st.integers(min_value=0, max_value=3),
    first=st.sampled_from(["east", "west"]),
    data=st.data(),
)
def test_written_orders_are_sealed_from_the_other_side_and_spectators_until_the_reveal(
    scenario: int, turns: int, first: str, data: st.DataObject
) -> None:
    state = position(scenario, turns)
    prompt = RULESET.prompt(state)
    assert prompt is not None
    assert prompt.sealed, "the orders prompt is a sealed choice"
    if first not in prompt.sides:
        first = prompt.sides[0]
    options = list(RULESET.legal(state, first))
    written = data.draw(st.sampled_from(options))
    other = "west" if first == "east" else "east"
    for viewer in (other, None):
        assert seen_after(state, written, viewer) == seen_after(state, rests(state, first), viewer)
    # The writer sees its own orders (it is not blinded by the seal).
    events = RULESET.decide(state, written, SeededDice("hidden-orders", 1))
    own = [RULESET.view_event(event, first, game_over=False) for event in events]
    assert any(e.get("sealed") == {"orders": written["orders"]} for e in own), own


def test_the_other_sides_orders_are_written_but_not_shown_in_the_view() -> None:
    state = position(0, 1)
    prompt = RULESET.prompt(state)
    assert prompt is not None
    first = prompt.sides[0]
    other = "west" if first == "east" else "east"
    command = next(iter(RULESET.legal(state, first)))
    after = state
    for event in RULESET.decide(state, command, SeededDice("hidden-orders", 1)):
        after = RULESET.evolve(after, event)
    assert RULESET.view(after, other)["written"].get(first) is True
    assert RULESET.view(after, None)["written"].get(first) is True
    assert RULESET.view(after, first)["written"][first] == command["orders"]


def _enemy(side: str) -> str:
    return "west" if side == "east" else "east"


def test_an_ambushing_unit_is_in_no_enemy_view_until_it_is_revealed() -> None:
    # Bot battles until one has a unit hide; follow every step of it.
    hid, kept_sealed = 0, 0
    for scenario in range(len(SETUPS)):
        for game in range(6):
            found = _follow_ambushes(scenario, f"ambush/{scenario}/{game}")
            hid, kept_sealed = hid + found[0], kept_sealed + found[1]
        if hid and kept_sealed:
            break
    assert hid, "no unit hid in the bot battles played: the test checked nothing"
    assert kept_sealed, "no hidden unit's orders were kept sealed at a reveal"


def _follow_ambushes(scenario: int, seed: str) -> tuple[int, int]:
    """Play one general-v-general battle; at every step, every hidden unit's hex and
    facing are null in its enemy's view and in a spectator's; return how many units hid
    and how many reveals kept hidden units' orders sealed."""
    state = RULESET.start(dict(SETUPS[scenario]), SeededDice(seed, 0))
    players = {
        side: RULESET.bots()["general"].build(f"{seed}/{side}") for side in RULESET.sides(state)
    }
    hid, kept_sealed, index = 0, 0, 0
    while (prompt := RULESET.prompt(state)) is not None:
        side = prompt.sides[0]
        command = players[side].choose(RULESET, state, side)
        assert command is not None
        index += 1
        for event in RULESET.decide(state, command, SeededDice(seed, index)):
            state = RULESET.evolve(state, event)
            if event["type"] == "hidden":
                hid += 1
                owner = state["units"][event["unit"]]["side"]
                for viewer in (_enemy(owner), None):
                    assert RULESET.view_event(event, viewer, game_over=False)["sealed"] is None
            if event["type"] == "hidden_orders":
                # A hidden unit's orders stay sealed for its side at the reveal.
                kept_sealed += 1
                for viewer in (_enemy(event["side"]), None):
                    assert RULESET.view_event(event, viewer, game_over=False)["sealed"] is None
                assert RULESET.view_event(event, event["side"], game_over=False)["sealed"]
            if RULESET.outcome(state) is None:
                _check_hidden_units(state)
    return hid, kept_sealed


def _check_hidden_units(state: State) -> None:
    for unit_id, unit in state["units"].items():
        if not unit.get("hidden") or unit["status"] != "ready":
            continue
        for viewer in (_enemy(unit["side"]), None):
            shown = RULESET.view(state, viewer)["units"][unit_id]
            assert shown["hex"] is None, f"{unit_id}'s hex shown to {viewer}"
            assert shown["facing"] is None, f"{unit_id}'s facing shown to {viewer}"
        assert RULESET.view(state, unit["side"])["units"][unit_id]["hex"] == unit["hex"]
