"""Hidden information (contract section 9): whatever the cards a viewer cannot see
are, the viewer's ``view`` and the prompt are the same.

A game is played some way by random bots; then every card hidden from one viewer is
dealt again at random (every deck's order and content, the other sides' hands and
face-down discards, their played card before the reveal), keeping each pile's size. The
viewer's view and the prompt must not change.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import RandomBot, SeededDice, State
from tests.unit.senjutsu.test_senjutsu_turn_helpers import CATALOGUE, RULESET, setup


def played_game(seed: int, commands: int, players: int) -> State:
    characters = ("ronin", "student", "master", "warrior")[:players]
    state = RULESET.start(setup(*characters), SeededDice(f"hidden/{seed}", 0))
    bots = {side: RandomBot(f"{seed}/{side}") for side in RULESET.sides(state)}
    for index in range(1, commands + 1):
        prompt = RULESET.prompt(state)
        if prompt is None:
            break
        side = prompt.sides[0]
        command = bots[side].choose(RULESET, state, side)
        assert command is not None
        for event in RULESET.decide(state, command, SeededDice(f"hidden/{seed}", index)):
            state = RULESET.evolve(state, event)
    return state


def redealt(state: State, viewer: str, shuffle: random.Random) -> State:
    """``state`` with every card hidden from ``viewer`` dealt again."""
    revealed = state["phase"] not in ("choose", "place")
    slots: list[tuple[str, str, int]] = []  # (side, pile, index) of each hidden card
    pool: list[str] = []
    for side in state["sides"]:
        mine = state["characters"][side]
        for i, card in enumerate(mine["deck"]):
            slots.append((side, "deck", i))
            pool.append(card)
        if side == viewer:
            continue
        for i, card in enumerate(mine["hand"]):
            if not CATALOGUE.card(card).core:
                slots.append((side, "hand", i))
                pool.append(card)
        for i, item in enumerate(mine["discard"]):
            if not item["up"]:
                slots.append((side, "discard", i))
                pool.append(item["card"])
        played = mine["played"]
        if played is not None and not revealed and played["card"] != "stun":
            slots.append((side, "played", 0))
            pool.append(played["card"])
    shuffle.shuffle(pool)
    characters: dict[str, Any] = {
        s: {
            **c,
            "deck": list(c["deck"]),
            "hand": list(c["hand"]),
            "discard": [dict(i) for i in c["discard"]],
            "played": None if c["played"] is None else dict(c["played"]),
        }
        for s, c in state["characters"].items()
    }
    for (side, pile, i), card in zip(slots, pool, strict=True):
        mine = characters[side]
        if pile == "discard":
            mine["discard"][i]["card"] = card
        elif pile == "played":
            mine["played"]["card"] = card
        else:
            mine[pile][i] = card
    for mine in characters.values():
        mine["hand"] = sorted(mine["hand"])
    return {**state, "characters": characters}


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    commands=st.integers(0, 120),
    players=st.integers(2, 3),
    viewer=st.integers(0, 3),
    deal=st.randoms(use_true_random=False),
)
def test_hidden_cards_change_nothing_a_viewer_sees(
    seed: int, commands: int, players: int, viewer: int, deal: random.Random
) -> None:
    state = played_game(seed, commands, players)
    sides = RULESET.sides(state)
    side = sides[viewer % len(sides)]
    other = redealt(state, side, deal)
    assert RULESET.view(other, side) == RULESET.view(state, side)
    assert RULESET.view(other, None) == RULESET.view(state, None)
    before, after = RULESET.prompt(state), RULESET.prompt(other)
    assert (before is None) == (after is None)
    if before is not None and after is not None:
        assert before.to_dict() == after.to_dict()
