"""Samurai Battles' bots: the random bot and the general both finish battles and never
submit orders the rules refuse; the general is reproducible from its seed, never peeks at
what its side cannot see (the other side's sealed orders, a hidden enemy's hex), and
writes the orders a player would: it fires at the weakest enemy in reach, assaults an
enemy it out-numbers, holds an objective with Defend, watches with a ranged unit's Kill
Zone, retreats a worn unit out of melee, joins two worn units up, hides in cover, and
marches on the objectives or the enemy."""

from __future__ import annotations

import copy
from typing import Any

from engine.core import Command, SeededDice, State
from engine.samurai_battles import SamuraiBattles
from engine.samurai_battles.bots import BOTS, GeneralBot
from tests.unit.samurai_battles.builders import battle

RULESET = SamuraiBattles()


def _orders(state: State, side: str, seed: str = "bots") -> dict[str, Any]:
    bot = GeneralBot(seed)
    command = bot.choose(RULESET, state, side)
    assert command is not None
    assert bot.fallbacks == 0, "the general's orders were refused as a whole"
    orders: dict[str, Any] = command["orders"]
    return orders


def _play(setup: dict[str, Any], seed: str, kinds: tuple[str, str]) -> tuple[State, list[Command]]:
    state = RULESET.start(dict(setup), SeededDice(seed, 0))
    bots = {
        side: BOTS[kind].build(f"{seed}/{side}")
        for side, kind in zip(RULESET.sides(state), kinds, strict=True)
    }
    commands: list[Command] = []
    while (prompt := RULESET.prompt(state)) is not None:
        assert len(commands) < 500, "a battle of a few turns takes two commands a turn"
        side = prompt.sides[0]
        command = bots[side].choose(RULESET, state, side)
        assert command is not None
        commands.append(command)
        for event in RULESET.decide(state, command, SeededDice(seed, len(commands))):
            state = RULESET.evolve(state, event)
    for bot in bots.values():
        assert getattr(bot, "fallbacks", 0) == 0
    return state, commands


def test_the_random_bot_comes_first_and_the_general_is_offered() -> None:
    assert list(BOTS) == ["random", "general"]
    assert RULESET.bots() == BOTS


def test_both_bots_finish_battles_of_every_sample_scenario() -> None:
    for n, setup in enumerate(RULESET.sample_setups()):
        for kinds in (("general", "random"), ("random", "general")):
            state, _ = _play(setup, f"finish-{n}-{kinds[0]}", kinds)
            assert RULESET.outcome(state) is not None


def test_the_general_plays_the_same_battle_from_the_same_seed() -> None:
    setup = RULESET.sample_setups()[0]
    first = _play(setup, "same", ("general", "general"))
    again = _play(setup, "same", ("general", "general"))
    assert first[1] == again[1]


def test_the_general_beats_the_random_bot_more_often_than_not() -> None:
    setup = RULESET.sample_setups()[0]
    wins = 0
    for n in range(6):
        general = "east" if n % 2 == 0 else "west"
        kinds = ("general", "random") if general == "east" else ("random", "general")
        state, _ = _play(setup, f"strength-{n}", kinds)
        outcome = RULESET.outcome(state)
        assert outcome is not None
        wins += outcome.winner == general
    assert wins >= 4, f"the general won {wins} of 6 battles against the random bot"


def test_the_general_never_peeks_at_the_other_sides_sealed_orders() -> None:
    state = battle(
        {"e1": ("samurai", (5, 2)), "w1": ("samurai", (2, 2)), "w2": ("ashigaru_archers", (1, 3))}
    )
    # West wrote first: its orders are sealed in the state, not in east's view.
    rests = {"w1": {"order": "rest"}, "w2": {"order": "rest"}}
    charge = {"w1": {"order": "assault", "path": [[3, 2]], "target": "e1"}, "w2": {"order": "rest"}}
    chosen = []
    for written in (rests, charge):
        before = copy.deepcopy(state)
        for event in RULESET.decide(
            state, {"type": "orders", "side": "west", "orders": written}, SeededDice("peek", 1)
        ):
            before = RULESET.evolve(before, event)
        chosen.append(_orders(before, "east"))
    assert chosen[0] == chosen[1]


def test_the_general_never_peeks_at_a_hidden_enemys_hex() -> None:
    chosen = []
    for hidden_at in ((2, 1), (1, 4)):
        state = battle(
            {
                "e1": ("samurai", (6, 2)),
                "w1": ("samurai", (1, 2)),
                "w2": ("ninja", hidden_at, {"hidden": True}),
            },
            terrain={(2, 1): "forest", (1, 4): "forest"},
        )
        chosen.append(_orders(state, "east"))
    assert chosen[0] == chosen[1]


def test_the_general_fires_at_the_weakest_enemy_in_range() -> None:
    state = battle(
        {
            "e1": ("ashigaru_archers", (5, 2)),
            "w1": ("samurai", (2, 2)),
            "w2": ("samurai", (3, 3), {"models": 2}),
        }
    )
    assert _orders(state, "east")["e1"] == {"order": "fire", "target": "w2"}


def test_the_general_assaults_an_enemy_it_out_numbers_within_reach() -> None:
    state = battle({"e1": ("samurai", (4, 2)), "w1": ("samurai", (1, 2), {"models": 3})})
    order = _orders(state, "east")["e1"]
    assert order["order"] == "assault"
    assert order["target"] == "w1"
    assert len(order["path"]) == 2  # infantry: up to 2 hexes, to a hex beside the target


def test_the_general_does_not_assault_a_stronger_enemy() -> None:
    state = battle({"e1": ("samurai", (4, 2), {"models": 2}), "w1": ("samurai", (1, 2))})
    assert _orders(state, "east")["e1"]["order"] != "assault"


def test_the_general_holds_an_objective_with_defend_facing_the_enemy() -> None:
    state = battle(
        {"e1": ("samurai", (4, 2)), "w1": ("samurai", (0, 2))},
        victory={"break": None, "objectives": [{"hex": [4, 2], "points": 3}], "points": True},
    )
    order = _orders(state, "east")["e1"]
    assert order["order"] == "defend"
    assert order["face"] == [3, 2]


def test_the_general_watches_with_a_kill_zone_when_the_enemy_closes_in() -> None:
    # Out of range (5 hexes, range 4): the archers defend with their Kill Zone at range 4.
    state = battle({"e1": ("ashigaru_archers", (6, 2)), "w1": ("samurai", (1, 2))})
    order = _orders(state, "east")["e1"]
    assert order == {"order": "defend", "face": [5, 2], "kill_range": 4}


def test_the_general_retreats_a_worn_unit_out_of_melee() -> None:
    state = battle(
        {
            "e1": ("samurai", (3, 2), {"models": 1, "engaged": ["w1"]}),
            "w1": ("samurai", (2, 2), {"engaged": ["e1"]}),
        }
    )
    order = _orders(state, "east")["e1"]
    assert order["order"] == "retreat"
    assert order["path"] == [[4, 2]] or len(order["path"]) == 1


def test_the_general_joins_two_worn_units_of_one_type() -> None:
    state = battle(
        {
            "e1": ("samurai", (5, 2), {"models": 2}),
            "e2": ("samurai", (5, 3), {"models": 4}),
            "w1": ("samurai", (0, 0)),
        }
    )
    orders = _orders(state, "east")
    assert orders["e1"] == {"order": "join_up", "with": "e2", "hex": [5, 3]}
    assert orders["e2"] == {"order": "join_up", "with": "e1", "hex": [5, 3]}


def test_the_general_hides_in_cover_when_the_enemy_draws_near() -> None:
    state = battle({"e1": ("ninja", (5, 2)), "w1": ("samurai", (1, 2))}, terrain={(5, 2): "forest"})
    assert _orders(state, "east")["e1"]["order"] == "ambush"


def test_the_general_marches_on_an_objective_it_does_not_hold() -> None:
    state = battle(
        {"e1": ("samurai", (7, 0)), "w1": ("samurai", (0, 5))},
        victory={"break": None, "objectives": [{"hex": [5, 0], "points": 3}], "points": True},
    )
    order = _orders(state, "east")["e1"]
    assert order["order"] in ("march", "run")
    assert order["path"][0] == [6, 0]


def test_the_general_receives_supplies_beside_a_peasant_transport() -> None:
    state = battle(
        {
            "e1": ("ashigaru_archers", (6, 2), {"ammo": 1}),
            "e2": ("peasant_transport", (7, 2)),
            "w1": ("samurai", (0, 0)),
        }
    )
    orders = _orders(state, "east")
    assert orders["e1"] == {"order": "receive_supplies", "from": "e2"}
    assert orders["e2"] == {"order": "receive_supplies"}


def test_the_general_marches_a_worn_unit_to_another_it_may_join() -> None:
    state = battle(
        {
            "e1": ("samurai", (6, 0), {"models": 2}),
            "e2": ("samurai", (6, 3), {"models": 3}),
            "w1": ("samurai", (0, 5), {"models": 1}),
        }
    )
    order = _orders(state, "east")["e1"]
    assert order["order"] == "march"
    (step,) = order["path"]
    assert step in ([6, 1], [5, 1])  # one hex nearer e2, on a shortest path


def test_a_peasant_transport_never_advances_on_the_enemy() -> None:
    state = battle({"e1": ("peasant_transport", (7, 2)), "w1": ("samurai", (0, 2), {"models": 1})})
    assert _orders(state, "east")["e1"] == {"order": "rest"}


def test_the_general_sends_its_ninja_to_look_for_hidden_enemies() -> None:
    state = battle(
        {
            "e1": ("ninja", (6, 2)),
            "w1": ("samurai", (0, 0)),
            "w2": ("ashigaru_archers", (4, 2), {"hidden": True}),
        },
        terrain={(4, 2): "forest"},
    )
    assert _orders(state, "east")["e1"] == {"order": "reconnaissance"}
