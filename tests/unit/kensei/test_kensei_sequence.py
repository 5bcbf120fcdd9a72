"""Kensei part I: setting up, the turn sequence and unit activation, one test per
rule paragraph, plus replays of whole bot games with equal hashes at every step."""

from __future__ import annotations

import functools

import pytest

from engine.core import EnteredDice, IllegalCommand, InvalidCommand, SeededDice, State
from engine.kensei import rules
from engine.kensei.bots.players import PART_ONE_ORDERS, GreedyBot
from engine.kensei.ruleset import sample_army
from engine.kensei.state.honour import honour_dice, near_general
from engine.kensei.state.order_roll import orders_for
from engine.kensei.state.progress import Progress
from engine.kensei.state.queries import honour_of, initiative_of
from engine.kensei.turn.sequence import advance
from engine.kensei.turn.setup import extra_scenery_roll, piece_cost
from tests.unit.kensei.support import (
    KENSEI,
    SETUP,
    bot_game,
    bots_until,
    edited,
    play,
    put,
    replay_hashes,
    waiting_for,
)


def start(setup: dict | None = None, dice: list[int] | None = None) -> State:
    source = EnteredDice(dice) if dice is not None else SeededDice("setup", 0)
    return KENSEI.start(setup or dict(SETUP), source)


# -- Game System ------------------------------------------------------------------


def test_size_of_the_battle_both_armies_built_for_the_same_size():
    with pytest.raises(InvalidCommand, match="same battle size"):
        start({"armies": {"A": "buke-400", "B": "kuge-600"}})


def test_prepare_army_lists_an_invalid_army_is_refused_with_every_violation():
    army = buke_army()
    army["commander_level"] = 7
    army["general"] = "buke_ashigaru_yari"
    with pytest.raises(InvalidCommand) as caught:
        start({"armies": {"A": army, "B": "kuge-400"}})
    assert caught.value.message.count(";") >= 1  # several violations, all listed


def buke_army() -> dict:
    return sample_army("buke-400")


def test_game_table_and_scenery_extra_elements_by_commander_level():
    assert extra_scenery_roll(0, EnteredDice([5]))["elements"] == 3  # 1D3: 5 -> 3
    assert extra_scenery_roll(1, EnteredDice([5, 2]))["elements"] == 2  # 2D6, the lower
    assert extra_scenery_roll(2, EnteredDice([5, 2]))["elements"] == 5  # 2D6, the higher


def test_game_table_and_scenery_joined_elements_form_bigger_pieces():
    assert piece_cost(500, 500) == 1
    assert piece_cost(1000, 1000) == 2  # "2 elements of 5x5 can form 1 element of 10x10"
    assert piece_cost(1000, 500) == 2


def test_game_table_and_scenery_highest_commander_level_chooses_who_places_first():
    # Equal levels (1 and 1): decided at random, no choice prompted.
    state = start({"armies": {"A": "buke-400", "B": "kuge-400"}})
    assert state["phase"] == "scenery"
    assert KENSEI.prompt(state).kind == "place_scenery"
    lower = buke_army()
    lower["commander_level"] = 0
    state = start({"armies": {"A": lower, "B": "kuge-400"}})
    prompt = KENSEI.prompt(state)
    assert (prompt.kind, prompt.sides) == ("scenery_order", ("B",))
    after, _ = play(state, {"type": "choose_scenery_order", "side": "B", "first": "A"})
    assert KENSEI.prompt(after).sides == ("A",)


def test_game_table_and_scenery_pieces_are_5cm_elements_within_the_budget():
    state = start()
    side = KENSEI.prompt(state).sides[0]
    allowed = state["setup"]["extra_scenery"][side]["elements"]
    too_many = [
        {"x": 4000 + 600 * i, "y": 4000, "width": 500, "depth": 500, "kind": "normal", "height": 1}
        for i in range(allowed + 1)
    ]
    with pytest.raises(IllegalCommand) as caught:
        play(state, {"type": "place_scenery", "side": side, "pieces": too_many})
    assert caught.value.rule == rules.SCENERY
    odd = [{"x": 4000, "y": 4000, "width": 700, "depth": 500, "kind": "normal", "height": 1}]
    with pytest.raises(IllegalCommand, match="multiples of 5 cm"):
        play(state, {"type": "place_scenery", "side": side, "pieces": odd})


def test_prepare_your_command_deck_hand_size_four_plus_one_per_200_points():
    state = start()
    assert state["sides"]["A"]["hand_size"] == 4 + 400 // 200


@functools.cache
def _deploying() -> State:
    return bots_until(waiting_for("deploy"))


def test_strategy_roll_adds_commander_level_and_ties_are_rolled_again():
    state = bots_until(waiting_for("deploy"))
    assert state["setup"]["strategy"] in ("A", "B")
    # Replay the roll with entered dice: a tie (3+1 vs 3+1), then 2+1 vs 5+1. It follows
    # the last choice of commander's orders (Game System > 6), whose shuffle takes 4 dice.
    before = bots_until(
        lambda s: (
            s["phase"] == "scenery"
            and len(s["commander_orders"]["sides"]) == 2
            and sum(not mine["chosen"] for mine in s["commander_orders"]["sides"].values()) == 1
        )
    )
    side = KENSEI.prompt(before).sides[0]
    choice = GreedyBot("x").choose(KENSEI, before, side)
    _after, events = play(before, choice, dice=EnteredDice([1, 1, 1, 1, 3, 3, 2, 5]))
    roll = next(e for e in events if e["type"] == "strategy_rolled")
    assert roll["rolls"] == [{"A": 3, "B": 3}, {"A": 2, "B": 5}]
    assert roll["winner"] == "B"


def test_starting_position_of_the_units_one_miniature_each_alternately_winner_first():
    state = _deploying()
    winner = state["setup"]["strategy"]
    assert KENSEI.prompt(state).sides == (winner,)
    first = bots_until(lambda s: s["phase"] == "deployment" and s["deployment"]["next"] != winner)
    placed = [m for m in first["minis"].values() if m["placed"]]
    assert len(placed) == 1
    assert placed[0]["side"] == winner


def test_starting_position_must_be_inside_the_deployment_zone():
    state = _deploying()
    side = state["deployment"]["next"]
    uid = KENSEI.prompt(state).options["units"][0]
    mid = state["units"][uid]["minis"][0]
    outside = {"id": mid, "x": 6000, "y": 4500, "facing": 900}
    with pytest.raises(IllegalCommand) as caught:
        play(state, {"type": "deploy", "side": side, "unit": uid, "minis": [outside]})
    assert caught.value.rule == rules.STARTING_POSITIONS
    assert "deployment zone" in caught.value.message


def test_starting_position_places_exactly_one_miniature_per_unit():
    state = _deploying()
    side = state["deployment"]["next"]
    uid = KENSEI.prompt(state).options["units"][0]
    y = 1500 if side == "A" else 7500
    two = [
        {"id": mid, "x": 3000 + 400 * k, "y": y, "facing": 900}
        for k, mid in enumerate(state["units"][uid]["minis"][:2])
    ]
    with pytest.raises(IllegalCommand, match="exactly one"):
        play(state, {"type": "deploy", "side": side, "unit": uid, "minis": two})


def test_rest_of_the_army_miniatures_within_2_5cm_of_their_unit():
    state = bots_until(lambda s: s["phase"] == "deployment" and s["deployment"]["stage"] == "rest")
    side = state["deployment"]["next"]
    uid = next(
        u for u in KENSEI.prompt(state).options["units"] if len(state["units"][u]["minis"]) > 2
    )
    unit = state["units"][uid]
    anchor = state["minis"][next(m for m in unit["minis"] if state["minis"][m]["placed"])]
    pending = [m for m in unit["minis"] if not state["minis"][m]["placed"]]
    spread = [
        {"id": mid, "x": 500 + 900 * k, "y": anchor["y"], "facing": anchor["facing"]}
        for k, mid in enumerate(pending)
    ]
    with pytest.raises(IllegalCommand) as caught:
        play(state, {"type": "deploy", "side": side, "unit": uid, "minis": spread})
    assert caught.value.rule in (rules.REST_OF_ARMY, rules.STARTING_POSITIONS)


# -- The turn -----------------------------------------------------------------------


@functools.cache
def _first_activation() -> State:
    return bots_until(waiting_for("choose_active_side"))


def test_game_sequence_turn_one_starts_after_deployment_with_initiative_rolled():
    state = _first_activation()
    assert state["turn"] == 1
    assert state["phase"] == "activation"
    assert state["initiative"] in ("A", "B")
    assert all(m["placed"] for m in state["minis"].values())


def _without_choice_of_cards(state: State) -> State:
    """Commander level 0 on both sides: the maintenance draws no more cards than the
    hand limit, so no side has to choose which to keep (Draw new command cards); and no
    commander's order is left to draw (Draw new commander order cards)."""
    for record in state["sides"].values():
        record["commander_level"] = 0
    for mine in state["commander_orders"]["sides"].values():
        mine["deck"] = []
    return state


def test_initiative_phase_higher_die_wins_ties_rolled_again():
    state = _without_choice_of_cards(edited(_first_activation()))
    state["phase"] = "end_of_turn"
    state["activation"] = None
    side = "A"
    progress = Progress(state)
    advance(progress, EnteredDice([4, 4, 2, 6]))
    rolled = next(e for e in progress.events if e["type"] == "initiative_rolled")
    assert rolled["rolls"] == [{"A": 4, "B": 4}, {"A": 2, "B": 6}]
    assert rolled["winner"] == "B"
    assert side in ("A", "B")


def test_order_of_activation_initiative_winner_chooses_the_active_side():
    state = _first_activation()
    holder = state["initiative"]
    other = "B" if holder == "A" else "A"
    with pytest.raises(IllegalCommand) as caught:
        play(state, {"type": "choose_active_side", "side": other, "active": other})
    assert caught.value.rule == rules.ORDER_OF_ACTIVATION
    after, _ = play(state, {"type": "choose_active_side", "side": holder, "active": other})
    assert KENSEI.prompt(after).sides == (other,)  # the active side chooses its unit first


def test_choosing_units_not_one_with_a_used_unit_marker():
    state = _first_activation()
    holder = state["initiative"]
    after, _ = play(state, {"type": "choose_active_side", "side": holder, "active": holder})
    used = edited(after)
    uid = KENSEI.prompt(used).options["units"][0]
    used["units"][uid]["markers"]["used"] = True
    with pytest.raises(IllegalCommand) as caught:
        play(used, {"type": "choose_unit", "side": holder, "unit": uid})
    assert caught.value.rule == rules.CHOOSING_UNITS
    assert "Used Unit marker" in caught.value.message


@pytest.mark.parametrize(
    ("die", "ini", "orders", "ki"),
    [
        (1, 5, 1, False),
        (2, 0, 1, False),
        (3, 0, 1, False),
        (2, 2, 2, False),
        (5, 0, 2, False),
        (3, 3, 2, True),
        (6, 0, 2, True),
        (2, -1, 1, False),
    ],
)
def test_order_roll_table(die, ini, orders, ki):
    assert orders_for(die, ini) == (orders, ki)


def _orders_given() -> State:
    return bots_until(waiting_for("order"))


def test_performing_actions_alternately_starting_with_the_active_side():
    state = _orders_given()
    activation = state["activation"]
    assert activation["next"] == activation["active_side"] or (
        activation["orders"][activation["active_side"]] == 0
    )


def test_used_units_marked_when_every_order_is_spent():
    state = bots_until(lambda s: s["phase"] == "activation" and s["activations"]["A"] >= 2)
    used = [u for u in state["units"].values() if u["markers"]["used"]]
    assert len(used) >= 2


def test_remove_markers_used_and_stunned_at_maintenance():
    state = bots_until(lambda s: s["turn"] == 2 and s["phase"] == "activation")
    assert not any(u["markers"]["used"] for u in state["units"].values())
    assert not any(u["markers"]["stunned"] for u in state["units"].values())


def test_activation_phase_ends_when_a_side_has_one_activation_more():
    state = edited(_first_activation())
    state["activations"] = {"A": 3, "B": 2}
    for uid in [u for u, unit in state["units"].items() if unit["side"] == "B"]:
        state["units"][uid]["markers"]["used"] = True
    state["cards"]["A"]["hand"] = []  # no commander activation without cards in hand
    progress = Progress(state)
    advance(progress, SeededDice("x", 1))
    assert progress.events[0]["type"] == "turn_ended"


def test_activate_new_units_extra_solo_activation_when_the_other_side_is_spent():
    state = edited(_first_activation())
    state["activations"] = {"A": 2, "B": 2}
    for uid in [u for u, unit in state["units"].items() if unit["side"] == "B"]:
        state["units"][uid]["markers"]["used"] = True
    progress = Progress(state)
    advance(progress, SeededDice("x", 1))
    chosen = progress.events[0]
    assert chosen["type"] == "active_side_chosen"
    assert chosen["solo"] is True
    assert chosen["active"] == "A"


def test_end_of_battle_check_from_turn_three_leaders_one_point_general_two():
    state = edited(_first_activation())
    state["turn"] = 2
    state["phase"] = "end_of_turn"
    state["activation"] = None
    for mid, mini in state["minis"].items():
        if mini["side"] == "B" and mini["is_leader"]:
            mini["removed"] = True
            unit = state["units"][mini["unit"]]
            unit["minis"] = [m for m in unit["minis"] if m != mid]
            if not unit["minis"]:
                unit["removed"] = True
    progress = Progress(state)
    advance(progress, SeededDice("x", 1))
    check = next(e for e in progress.events if e["type"] == "battle_checked")
    general_points = 2
    assert check["points"]["A"] >= general_points
    assert check["points"]["B"] == 0
    assert check["ended"] is True
    ended = next(e for e in progress.events if e["type"] == "battle_ended")
    assert ended["outcome"]["winner"] == "A"


def test_retreating_troops_honour_roll_failure_removes_the_unit():
    state = _without_choice_of_cards(edited(_first_activation()))
    state["phase"] = "end_of_turn"
    state["activation"] = None
    uid = "B.u2"
    state["units"][uid]["markers"]["fleeing"] = True
    state["units"][uid]["ho"] = 3
    for mid in state["units"][uid]["minis"]:
        put(state, mid, state["minis"][mid]["x"], state["minis"][mid]["y"], 2700)
    progress = Progress(state)
    advance(progress, EnteredDice([6, 6, 1, 2]))
    roll = next(e for e in progress.events if e["type"] == "honour_rolled")
    assert roll["success"] is False
    assert {"type": "unit_removed", "unit": uid, "reason": "fled the battle"} in progress.events


def test_repeat_honour_roll_the_general_and_troops_near_him_roll_2d6():
    state = edited(_first_activation())
    general_unit = state["minis"][state["sides"]["A"]["general"]]["unit"]
    faces, best_of_two, rerolled = honour_dice(state, general_unit, EnteredDice([5, 2]), 3)
    assert (faces, best_of_two, rerolled) == ([5, 2], True, [])
    far = next(u for u, unit in state["units"].items() if unit["side"] == "A" and u != general_unit)
    for k, mid in enumerate(state["units"][far]["minis"]):
        put(state, mid, 11500 - 300 * (k % 3), 8800 - 300 * (k // 3), 900)
    state = edited(state)  # a fresh copy: the board of the state above is cached
    assert near_general(state, far) is False
    assert honour_dice(state, far, EnteredDice([4]), 4)[1] is False


def test_death_of_the_general_minus_one_honour_and_initiative():
    state = edited(_first_activation())
    uid = "A.u2"
    ini, ho = initiative_of(state, uid), honour_of(state, uid)
    state["sides"]["A"]["general_dead"] = True
    assert (initiative_of(state, uid), honour_of(state, uid)) == (ini - 1, ho - 1)
    general = state["sides"]["A"]["general"]
    unit = state["minis"][general]["unit"]
    fresh = edited(_first_activation())
    after = KENSEI.evolve(
        fresh,
        {
            "type": "wounds_taken",
            "unit": unit,
            "wounds": 3,
            "casualties": [general],
            "wounded_marker": 0,
            "leader_wounds": {},
        },
    )
    assert after["sides"]["A"]["general_dead"] is True


def test_end_of_the_game_after_turn_five():
    _commands, _hashes, final = bot_game("end-of-game")
    outcome = KENSEI.outcome(final)
    assert outcome is not None
    assert final["turn"] <= 5


# -- Determinism --------------------------------------------------------------------


@pytest.mark.parametrize("seed", ["replay-1", "replay-2"])
def test_bot_games_replay_with_equal_state_hashes_at_every_step(seed):
    commands, hashes, _final = bot_game(seed)
    assert replay_hashes(SETUP, commands, seed) == hashes


def test_bots_limited_to_the_orders_of_part_one_play_a_whole_game_without_combat_orders():
    commands, hashes, final = bot_game("part-one", orders=PART_ONE_ORDERS)
    given = {c["order"] for c in commands if c["type"] == "order"}
    assert given <= PART_ONE_ORDERS
    assert "move" in given
    assert KENSEI.outcome(final) is not None
    assert replay_hashes(SETUP, commands, "part-one") == hashes


def test_a_command_out_of_turn_names_whose_turn_it_is():
    state = _first_activation()
    with pytest.raises(IllegalCommand, match="waiting for"):
        play(state, {"type": "order", "side": state["initiative"], "order": "move"})
    other = "B" if state["initiative"] == "A" else "A"
    with pytest.raises(IllegalCommand, match=f"side {state['initiative']}'s turn"):
        play(state, {"type": "choose_active_side", "side": other, "active": other})
