"""Step 5, special orders (Special Orders > Ambush, Join Up, Receive Supplies,
Reconnaissance), and the hidden ranged unit's Kill Zone (Special Orders > Ambush)."""

from __future__ import annotations

from tests.unit.samurai_battles.builders import battle, revealed
from tests.unit.samurai_battles.test_sb_execution_support import of, run, steps_of, unit


def test_ambush_hides_the_unit_with_its_hex_and_facing_sealed() -> None:
    state = battle({"w1": ("ninja", (2, 2)), "e1": ("samurai", (7, 2))}, terrain={(2, 2): "forest"})
    state = revealed(state, west={"w1": {"order": "ambush", "face": [2, 3]}})
    events, after = run(state, [])
    assert steps_of(events)["special"] == [
        {
            "type": "hidden",
            "unit": "w1",
            "sealed_for": "west",
            "sealed": {"hex": [2, 2], "facing": 1},
        }
    ]
    assert unit(after, "w1")["hidden"] is True
    assert unit(after, "w1")["facing"] == 1


def test_ambush_with_an_enemy_within_two_hexes_is_rest() -> None:
    state = battle({"w1": ("ninja", (2, 2)), "e1": ("samurai", (4, 2))}, terrain={(2, 2): "forest"})
    state = revealed(state, west={"w1": {"order": "ambush", "face": [3, 2]}})
    events, after = run(state, [])
    assert of(events, "rested")[0]["reason"] == "enemy_near"
    assert unit(after, "w1")["hidden"] is False


def test_ambush_in_terrain_that_does_not_hide_is_rest() -> None:
    state = battle({"w1": ("ninja", (2, 2)), "e1": ("samurai", (7, 2))})
    state = revealed(state, west={"w1": {"order": "ambush", "face": [3, 2]}})
    events, _ = run(state, [])
    assert of(events, "rested")[0]["reason"] == "terrain"


def test_a_hidden_ranged_unit_fires_at_an_enemy_within_two_hexes_and_is_revealed() -> None:
    # The hidden archers (range 4) let East 1 pass at 3 hexes and fire at 2.
    state = battle(
        {"e1": ("samurai_cavalry", (6, 2)), "w1": ("ashigaru_archers", (2, 2), {"hidden": True})}
    )
    state = revealed(state, east={"e1": {"order": "run", "path": [[5, 2], [4, 2], [4, 3]]}})
    events, after = run(state, [1] * 6)
    movement = [e["type"] for e in steps_of(events)["movement"]]
    assert movement == ["moved", "moved", "revealed", "fired", "moved"]
    assert of(events, "fired")[0]["kill_zone"] is True
    assert unit(after, "w1")["hidden"] is False
    assert unit(after, "w1")["ammo"] == 6


def test_join_up_puts_the_smaller_unit_into_the_larger() -> None:
    state = battle(
        {
            "e1": ("ashigaru_archers", (4, 2), {"models": 2, "ammo": 3}),
            "e2": ("ashigaru_archers", (5, 2), {"models": 4, "ammo": 1}),
        }
    )
    state = revealed(
        state,
        east={
            "e1": {"order": "join_up", "with": "e2", "hex": [4, 2]},
            "e2": {"order": "join_up", "with": "e1", "hex": [4, 2]},
        },
    )
    events, after = run(state, [])
    assert of(events, "joined") == [
        {
            "type": "joined",
            "unit": "e1",
            "into": "e2",
            "hex": [4, 2],
            "models": 6,
            "ammo": 1,
            "engaged": [],
        }
    ]
    assert unit(after, "e1")["status"] == "joined"
    assert (unit(after, "e2")["hex"], unit(after, "e2")["models"], unit(after, "e2")["ammo"]) == (
        [4, 2],
        6,
        1,
    )


def test_join_up_the_joined_unit_fights_on_with_the_enemies_next_to_its_hex() -> None:
    # East 1 (2 models) is in melee with West 1; it joins East 2 (3 models) on East 2's
    # hex, two hexes from West 1: that melee ends. On East 1's hex it would go on.
    units = {
        "e1": ("ashigaru_archers", (3, 2), {"models": 2, "engaged": ["w1"]}),
        "e2": ("ashigaru_archers", (4, 2), {"models": 3}),
        "w1": ("samurai", (2, 2), {"engaged": ["e1"]}),
    }
    drawn_melee = [1] * 7  # East 1's 1 die, West 1's 6: no hit
    for hex_, fights_on in (([4, 2], False), ([3, 2], True)):
        state = revealed(
            battle(units),
            east={
                "e1": {"order": "join_up", "with": "e2", "hex": hex_},
                "e2": {"order": "join_up", "with": "e1", "hex": hex_},
            },
        )
        _, after = run(state, drawn_melee)
        assert unit(after, "e2")["hex"] == hex_
        assert unit(after, "e2")["engaged"] == (["w1"] if fights_on else [])
        assert unit(after, "w1")["engaged"] == (["e2"] if fights_on else [])


def test_join_up_over_full_strength_is_rest() -> None:
    state = battle(
        {"e1": ("samurai", (4, 2), {"models": 3}), "e2": ("samurai", (5, 2), {"models": 4})}
    )
    state = revealed(
        state,
        east={
            "e1": {"order": "join_up", "with": "e2", "hex": [4, 2]},
            "e2": {"order": "join_up", "with": "e1", "hex": [4, 2]},
        },
    )
    events, _ = run(state, [])
    assert of(events, "joined") == []
    assert sorted(e["unit"] for e in of(events, "rested")) == ["e1", "e2"]


def test_receive_supplies_refills_ammunition_and_crosses_off_the_transports_supply() -> None:
    state = battle(
        {
            "e1": ("ashigaru_archers", (4, 2), {"ammo": 2}),
            "e2": ("arquebusiers", (5, 1), {"ammo": 0}),
            "e3": ("peasant_transport", (5, 2)),
        }
    )
    state = revealed(
        state,
        east={
            "e1": {"order": "receive_supplies", "from": "e3"},
            "e2": {"order": "receive_supplies", "from": "e3"},
            "e3": {"order": "receive_supplies"},
        },
    )
    events, after = run(state, [])
    assert [(e["unit"], e["given"], e["ammo"], e["supplies"]) for e in of(events, "supplied")] == [
        ("e1", 5, 7, 9),
        ("e2", 7, 7, 2),
    ]
    assert unit(after, "e3")["supplies"] == 2


def test_a_transport_out_of_supplies_gives_no_more_ammunition() -> None:
    state = battle(
        {
            "e1": ("ashigaru_archers", (4, 2), {"ammo": 2}),
            "e2": ("arquebusiers", (5, 1), {"ammo": 0}),
            "e3": ("peasant_transport", (5, 2), {"supplies": 3}),
        }
    )
    state = revealed(
        state,
        east={
            "e1": {"order": "receive_supplies", "from": "e3"},
            "e2": {"order": "receive_supplies", "from": "e3"},
            "e3": {"order": "receive_supplies"},
        },
    )
    events, after = run(state, [])
    assert [(e["unit"], e["given"]) for e in of(events, "supplied")] == [("e1", 3)]
    assert of(events, "rested")[0] == {
        "type": "rested",
        "unit": "e2",
        "order": "receive_supplies",
        "reason": "no_supplies",
    }
    assert unit(after, "e3")["supplies"] == 0


def test_receive_supplies_needs_the_transport_ordered_too() -> None:
    state = battle(
        {"e1": ("ashigaru_archers", (4, 2), {"ammo": 2}), "e3": ("peasant_transport", (5, 2))}
    )
    state = revealed(state, east={"e1": {"order": "receive_supplies", "from": "e3"}})
    events, _ = run(state, [])
    assert of(events, "supplied") == []
    assert of(events, "rested")[0]["reason"] == "no_transport"


def test_reconnaissance_reveals_hidden_enemies_within_three_hexes() -> None:
    state = battle(
        {
            "w1": ("ninja", (1, 2)),
            "e1": ("ninja", (4, 2), {"hidden": True}),
            "e2": ("ninja", (5, 2), {"hidden": True}),
        }
    )
    state = revealed(state, west={"w1": {"order": "reconnaissance"}})
    events, after = run(state, [])
    assert [e["unit"] for e in of(events, "revealed")] == ["e1"]
    assert unit(after, "e1")["hidden"] is False
    assert unit(after, "e2")["hidden"] is True
