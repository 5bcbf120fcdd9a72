"""Commander's orders (issue 5, item 2), paragraph by paragraph: Game System > 6.
Prepare your commander's orders deck, Maintenance > 3. Draw new commander order cards,
Command Deck > Using Commander's Order; the sample cards and their schema."""

from __future__ import annotations

import copy
import functools
import json
from collections import Counter
from typing import Any

import pytest

from engine.core import IllegalCommand, SeededDice, State
from engine.kensei import rules
from engine.kensei.army.catalogue import data_root, load_catalogue
from engine.kensei.army.profiles import CatalogueError
from engine.kensei.bots.players import RandomBot
from engine.kensei.command.commander_orders import DECK_SIZE, draw_commander_orders, keeping_orders
from engine.kensei.command.order_cards import TIMING_PROMPTS, faction_orders, order_cards_from
from engine.kensei.describe import describe_event
from engine.kensei.state import abilities
from engine.kensei.state.order_roll import order_roll
from engine.kensei.state.progress import Progress
from engine.kensei.state.queries import other, unused_units
from tests.unit.kensei.support import KENSEI, SETUP, bots_until, edited, play, waiting_for

FACTIONS = ("buke", "kuge", "sohei", "otokodate")


def _document() -> dict[str, Any]:
    text = data_root().joinpath("commander_orders.json").read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


def _schema(name: str) -> dict[str, Any]:
    text = data_root().joinpath("schemas", f"{name}.schema.json").read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


@functools.cache
def _choosing() -> State:
    return bots_until(waiting_for("choose_commander_orders"))


@functools.cache
def _first_order() -> State:
    return bots_until(waiting_for("order"))


@functools.cache
def _keeping_order() -> State:
    return bots_until(waiting_for("keep_commander_order"))


def _with_order(state: State, side: str, oid: str, cards: list[int]) -> State:
    """A copy where ``side`` holds the order ``oid`` and the command cards ``cards``."""
    state = edited(state)
    state["commander_orders"]["sides"][side]["hand"] = [oid]
    state["cards"][side]["hand"] = list(cards)
    return state


def _ordering() -> tuple[State, str, str]:
    state = _first_order()
    prompt = KENSEI.prompt(state)
    assert prompt is not None
    return state, prompt.sides[0], prompt.options["unit"]


def _order(side: str, oid: str, units: list[str], cards: list[int]) -> dict[str, Any]:
    return {"type": "commander_order", "side": side, "order": oid, "units": units, "cards": cards}


# -- the cards are data (sample) -----------------------------------------------------------


def test_commanders_order_cards_sample_data_exercise_every_effect_kind_for_every_faction():
    document = _document()
    assert document["sample"] is True
    assert "SAMPLE DATA" in document["notice"]
    effects = [effect for order in document["orders"] for effect in order["effects"]]
    ability_effect = _schema("abilities")["properties"]["abilities"]["items"]["properties"]
    hooks = ability_effect["effects"]["items"]["properties"]["hook"]["enum"]
    # the same hook vocabulary as the abilities, every hook used by a sample order
    mine = _schema("commander_orders")["properties"]["orders"]["items"]["properties"]
    kinds = mine["effects"]["items"]["oneOf"]
    assert kinds[0]["properties"]["hook"]["enum"] == hooks
    assert {effect["hook"] for effect in effects if "hook" in effect} == set(hooks)
    markers = kinds[1]["properties"]["remove_marker"]["enum"]
    assert {effect["remove_marker"] for effect in effects if "remove_marker" in effect} == set(
        markers
    )
    assert {effect.get("op") for effect in effects} == {"add", "set", "grant", None}
    assert any("per_x" in effect for effect in effects)
    assert {order["timing"] for order in document["orders"]} == set(TIMING_PROMPTS)
    assert {order["targets"]["used"] for order in document["orders"]} == {True, False}
    assert {"plus" in order["cost"] for order in document["orders"]} == {True, False}
    for faction in FACTIONS:
        assert len(faction_orders(faction)) >= DECK_SIZE + 1, faction


def test_commanders_order_cards_checked_with_clear_errors():
    factions = tuple(sorted(load_catalogue().factions))
    document = _document()
    document["orders"][0]["effects"][0]["hook"] = "flying"
    with pytest.raises(CatalogueError, match=r"\$\.orders\[0\]\.effects\[0\]"):
        order_cards_from(document, factions)
    document = _document()
    document["orders"][6]["factions"] = ["buke", "ronin"]
    document["orders"][1]["id"] = document["orders"][0]["id"]
    document["orders"][1]["effects"][0]["per_x"] = 1  # a fixed cost has no X
    with pytest.raises(CatalogueError) as error:
        order_cards_from(document, factions)
    problems = error.value.problems
    assert any("unknown faction 'ronin'" in problem for problem in problems)
    assert any("is used twice" in problem for problem in problems)
    assert any("per_x needs a '+X' cost" in problem for problem in problems)


# -- Game System > 6. Prepare your commander's orders deck --------------------------------


def test_prepare_your_commanders_orders_deck_filtered_by_faction_pick_one_choose_five():
    state = _choosing()
    prompt = KENSEI.prompt(state)
    assert prompt is not None
    assert prompt.sealed
    assert set(prompt.sides) == {"A", "B"}
    assert state["setup"]["strategy"] is None  # before the strategy roll
    buke = prompt.options["orders"]["A"]
    assert buke == faction_orders("buke")
    assert "fresh_troops" not in buke  # a kuge and otokodate order is withdrawn
    first, deck = buke[0], buke[1:6]
    after, events = play(
        state,
        {"type": "choose_commander_orders", "side": "A", "first": first, "deck": deck},
    )
    mine = after["commander_orders"]["sides"]["A"]
    assert mine["hand"] == [first]
    assert sorted(mine["deck"]) == sorted(deck)  # shuffled face down
    assert events[0]["secret"]["deck"] == mine["deck"]
    assert KENSEI.view_event(events[0], "B", game_over=False)["sealed"] is None
    assert KENSEI.prompt(after).sides == ("B",)


@pytest.mark.parametrize(
    ("first", "deck", "message"),
    [
        ("fresh_troops", ["forced_march"] * 0, "not a commander's order of faction buke"),
        ("rally", ["forced_march", "swift_orders"], "must choose 5 more"),
        ("rally", ["rally", "forced_march", "swift_orders", "second_wind", "banzai"], "once"),
    ],
)
def test_prepare_your_commanders_orders_deck_refusals(first, deck, message):
    state = _choosing()
    command = {"type": "choose_commander_orders", "side": "A", "first": first, "deck": deck}
    with pytest.raises(IllegalCommand, match=message) as refused:
        KENSEI.decide(state, command, SeededDice("x", 1))
    assert refused.value.rule == rules.PREPARE_COMMANDER_ORDERS


# -- Maintenance > 3. Draw new commander order cards ---------------------------------------


def test_draw_new_commander_order_cards_not_in_the_first_turn():
    state = _first_order()
    assert state["turn"] == 1
    for side in "AB":
        assert len(state["commander_orders"]["sides"][side]["deck"]) == DECK_SIZE


def test_draw_new_commander_order_cards_keep_one_of_the_two_the_other_discarded():
    state = _keeping_order()
    prompt = KENSEI.prompt(state)
    assert prompt is not None
    assert prompt.sealed
    assert state["turn"] >= 2
    side = prompt.sides[0]
    mine = state["commander_orders"]["sides"][side]
    assert len(mine["drawn"]) == 1
    assert len(mine["deck"]) == DECK_SIZE - 1
    held, drawn = mine["hand"][0], mine["drawn"][0]
    with pytest.raises(IllegalCommand) as refused:
        KENSEI.decide(
            state, {"type": "keep_commander_order", "side": side, "keep": "x"}, SeededDice("x", 1)
        )
    assert refused.value.rule == rules.DRAW_COMMANDER_ORDERS
    after, _ = play(state, {"type": "keep_commander_order", "side": side, "keep": held})
    mine = after["commander_orders"]["sides"][side]
    assert mine["hand"] == [held]
    assert mine["drawn"] == []
    assert mine["discard"] == [{"id": drawn, "face_up": False}]
    seen = KENSEI.view(after, "A" if side == "B" else "B")
    assert seen["commander_orders"]["sides"][side]["discard"] == [{"id": None, "face_up": False}]


def test_draw_new_commander_order_cards_kept_at_once_with_none_in_hand():
    state = edited(_first_order())
    state["turn"] = 2
    for side in "AB":
        state["commander_orders"]["sides"][side]["hand"] = []
    progress = Progress(state)
    assert draw_commander_orders(progress) is False  # nothing to choose
    kinds = [event["type"] for event in progress.events]
    assert kinds == ["commander_order_drawn", "commander_order_kept"] * 2
    assert keeping_orders(progress.state) == []
    for side in "AB":
        assert len(progress.state["commander_orders"]["sides"][side]["hand"]) == 1
    assert draw_commander_orders(progress) is False
    assert len(progress.events) == 4


# -- Command Deck > Using Commander's Order -------------------------------------------------


def test_using_commanders_order_cost_in_cards_of_any_value_effects_until_end_of_turn():
    state, side, uid = _ordering()
    state = _with_order(state, side, "concentrated_volley", [3, 0])
    after, events = play(state, _order(side, "concentrated_volley", [uid], [3]))
    played = events[0]
    assert played["type"] == "commander_order_played"
    assert played["x"] == 0
    assert "concentrated volley" in describe_event(played).lower()
    mine = after["commander_orders"]["sides"][side]
    assert mine["hand"] == []
    assert mine["played"] == ["concentrated_volley"]
    assert mine["discard"] == [{"id": "concentrated_volley", "face_up": True}]
    assert after["cards"][side]["hand"] == [0]
    assert after["cards"][side]["discard"][-1] == {"value": 3, "face_up": False}
    assert KENSEI.view_event(played, other(side), game_over=False)["sealed"] is None
    assert played["paid"] == 1
    label = "Concentrated volley (commander's order)"
    assert abilities.lines(after, uid, "at_ranged", {"shooting": True}) == [[label, 1]]
    assert abilities.lines(after, uid, "at_ranged") == []  # only when shooting
    assert abilities.rerolls(after, uid, "shoot_roll") == 1
    next_turn = {**after, "turn": after["turn"] + 1}
    assert abilities.rerolls(next_turn, uid, "shoot_roll") == 0  # until the end of the turn


def test_using_commanders_order_one_plus_x_the_extra_cards_scale_the_effect():
    state, side, uid = _ordering()
    state = _with_order(state, side, "banzai", [0, 2, 3, 1])
    after, events = play(state, _order(side, "banzai", [uid], [0, 2, 3]))
    assert events[0]["x"] == 2
    assert abilities.modifier(after, uid, "charge_roll", {"charging": True}) == 3  # 1 + X
    assert abilities.rerolls(after, uid, "charge_roll") == 1
    assert after["cards"][side]["hand"] == [1]


def test_using_commanders_order_extra_order_for_the_active_unit_at_once():
    state, side, uid = _ordering()
    state = _with_order(state, side, "second_wind", [1, 1])
    before = state["activation"]["orders"][side]
    after, events = play(state, _order(side, "second_wind", [uid], [1, 1]))
    assert events[0]["extra_orders"] == 1
    assert after["activation"]["orders"][side] == before + 1


def test_using_commanders_order_the_order_roll_table_names_the_order():
    state = _choosing()
    state = edited(_first_order())
    side = next(iter(state["sides"]))
    uid = unused_units(state, side)[0]
    state["commander_orders"]["grants"][uid] = [
        {
            "order": "swift_orders",
            "name": "Swift orders",
            "turn": state["turn"],
            "effects": [{"hook": "order_roll", "op": "add", "value": 1}],
        }
    ]
    roll = order_roll(state, uid, SeededDice("x", 1), 0)
    assert roll["ability_lines"] == [["Swift orders (commander's order)", 1]]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ("not_in_hand", "is not in side"),
        ("wrong_timing", "played at its timing"),
        ("used_unit", "has a Used Unit marker"),
        ("too_few_cards", "costs 1 command card"),
        ("not_my_cards", "no card"),
        ("used_already", "used already"),
        ("too_many_units", "at most 1"),
    ],
)
def test_using_commanders_order_refusals_name_the_rule(change, message):
    state, side, uid = _ordering()
    state = _with_order(state, side, "concentrated_volley", [1])
    command = _order(side, "concentrated_volley", [uid], [1])
    others = [u for u, unit in state["units"].items() if unit["side"] == side and u != uid]
    if change == "not_in_hand":
        command["order"] = "forced_march"
    elif change == "wrong_timing":
        state["commander_orders"]["sides"][side]["hand"] = ["rally"]
        command["order"] = "rally"
    elif change == "used_unit":
        state["units"][others[0]]["markers"]["used"] = True
        command["units"] = [others[0]]
    elif change == "too_few_cards":
        command["cards"] = []
    elif change == "not_my_cards":
        command["cards"] = [3]
    elif change == "used_already":
        state["commander_orders"]["sides"][side]["played"] = ["concentrated_volley"]
    elif change == "too_many_units":
        command["units"] = [uid, others[0]]
    frozen = copy.deepcopy(state)
    with pytest.raises(IllegalCommand, match=message) as refused:
        KENSEI.decide(state, command, SeededDice("x", 1))
    assert refused.value.rule == rules.USING_COMMANDER_ORDER
    assert state == frozen  # nothing changed


def test_using_commanders_order_used_units_allowed_when_the_card_says_so():
    state = edited(_first_order())
    state = bots_until(waiting_for("choose_unit"))
    prompt = KENSEI.prompt(state)
    assert prompt is not None
    side = prompt.sides[0]
    state = _with_order(state, side, "fresh_troops", [0, 1, 2])
    used = next(u for u, unit in state["units"].items() if unit["side"] == side)
    state["units"][used]["markers"]["used"] = True
    assert used not in unused_units(state, side)
    after, events = play(state, _order(side, "fresh_troops", [used], [0, 1, 2]))
    assert events[0]["remove_markers"] == ["used"]
    assert used in unused_units(after, side)  # it may be activated again
    assert KENSEI.prompt(after).kind == "choose_unit"


def test_using_commanders_order_in_maintenance_rally_removes_the_fleeing_marker():
    state = _keeping_order()
    side = KENSEI.prompt(state).sides[0]
    state = _with_order(state, side, "rally", [2])
    state["commander_orders"]["sides"][side]["drawn"] = ["forced_march"]
    fleeing = next(u for u, unit in state["units"].items() if unit["side"] == side)
    state["units"][fleeing]["markers"]["fleeing"] = True
    after, _ = play(state, _order(side, "rally", [fleeing], [2]))
    assert after["units"][fleeing]["markers"]["fleeing"] is False
    assert KENSEI.prompt(after).kind == "keep_commander_order"  # step 3 goes on


def test_bots_play_commander_orders_only_legally():
    state = KENSEI.start(dict(SETUP), SeededDice("a", 0))
    bots = {"A": RandomBot("a"), "B": RandomBot("aB")}
    kinds: Counter[str] = Counter()
    index = 0
    while (prompt := KENSEI.prompt(state)) is not None:
        command = bots[prompt.sides[0]].choose(KENSEI, state, prompt.sides[0])
        assert command is not None
        index += 1
        state, events = play(state, command, seed="a", index=index)  # refused: raises
        kinds.update(event["type"] for event in events)
    assert kinds["commander_order_played"] >= 1
    assert kinds["commander_orders_chosen"] == 2
