"""What each army sees: sealed orders and hidden units redacted, zones and catalogue."""

from __future__ import annotations

from engine.samurai_battles import SamuraiBattles
from tests.unit.samurai_battles.builders import battle, rest_orders

RULESET = SamuraiBattles()


def test_the_other_side_s_written_orders_are_shown_as_written_only() -> None:
    state = battle({"e1": ("samurai", (5, 2)), "w1": ("samurai", (1, 2))})
    state = {**state, "written": {"east": rest_orders(state, "east")}}
    assert RULESET.view(state, "west")["written"] == {"east": True}
    assert RULESET.view(state, None)["written"] == {"east": True}
    assert RULESET.view(state, "east")["written"] == {"east": {"e1": {"order": "rest"}}}


def test_an_enemy_hidden_unit_has_no_hex_or_facing_and_no_orders() -> None:
    state = battle(
        {"e1": ("samurai", (5, 2)), "w1": ("ninja", (1, 2), {"hidden": True})},
        orders={"west": {"w1": {"order": "ambush", "face": [2, 2]}}, "east": {}},
    )
    seen = RULESET.view(state, "east")
    assert seen["units"]["w1"]["hex"] is None
    assert seen["units"]["w1"]["facing"] is None
    assert "w1" not in seen["orders"]["west"]
    assert "w1" not in seen["zones"]["control"]
    own = RULESET.view(state, "west")
    assert own["units"]["w1"]["hex"] == [1, 2]
    assert own["orders"]["west"]["w1"]["order"] == "ambush"
    assert RULESET.view(state, None)["units"]["w1"]["hex"] is None


def test_a_finished_game_shows_everything() -> None:
    state = battle({"e1": ("samurai", (5, 2)), "w1": ("ninja", (1, 2), {"hidden": True})})
    state = {**state, "phase": "over"}
    assert RULESET.view(state, "east")["units"]["w1"]["hex"] == [1, 2]


def test_zones_of_the_revealed_orders() -> None:
    state = battle(
        {"e1": ("ashigaru_archers", (5, 2)), "w1": ("samurai", (1, 2))},
        orders={"east": {"e1": {"order": "defend", "face": [4, 2], "kill_range": 3}}, "west": {}},
    )
    zones = RULESET.view(state, "west")["zones"]
    assert sorted(zones["control"]["e1"]) == [[4, 2], [4, 3], [5, 1]]
    assert zones["defense"]["e1"] == zones["control"]["e1"]
    assert [2, 2] in zones["kill"]["e1"]
    assert [1, 2] not in zones["kill"]["e1"]
    assert "w1" not in zones["defense"]


def test_an_assaulting_unit_has_no_zone_of_control() -> None:
    state = battle(
        {"e1": ("samurai", (5, 2)), "w1": ("samurai", (1, 2))},
        orders={"east": {"e1": {"order": "assault", "path": [[4, 2]], "target": "w1"}}, "west": {}},
    )
    assert "e1" not in RULESET.view(state, None)["zones"]["control"]


def test_the_view_carries_the_catalogue() -> None:
    catalogue = RULESET.view(battle({"e1": ("samurai", (5, 2)), "w1": ("samurai", (1, 2))}), None)[
        "catalogue"
    ]
    assert catalogue["units"]["ashigaru_archers"]["range"] == 4
    assert catalogue["terrain"]["river"]["impassable"]
    assert catalogue["moves"]["assault"] == {"infantry": 2, "cavalry": 4}
    assert catalogue == RULESET.catalogue_view()
