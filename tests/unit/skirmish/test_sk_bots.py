"""The skirmish bots: the random bot and the veteran both finish games of every sample
scenario and never give a command the rules refuse; the veteran is reproducible from its
seed, beats the random bot more often than not, and plays as a player would: it charges an
enemy in reach that it should beat (an honourable hero a hero first), holds a missile unit
with an enemy in range to shoot, marches on the nearest enemy stopping short of contact,
stays in contact when engaged, shoots the weakest target offered, declares Heroic Combat
for a hero in contact, and never peeks at the other side's sealed fight choices."""

from __future__ import annotations

from typing import Any

from engine.core import Command, Ruleset, SeededDice, State
from engine.skirmish import Skirmish
from engine.skirmish.bots import BOTS, VeteranBot, plans
from engine.skirmish.bots.picture import picture
from engine.skirmish.bots.veteran import accepted
from engine.skirmish.geometry.measure import INCH
from tests.unit.skirmish.builders import build_state, hero, unit

MAX_COMMANDS = 5_000


def _skirmish() -> Ruleset:
    return Skirmish()


def _play(setup: dict[str, Any], seed: str, kinds: tuple[str, str]) -> tuple[State, list[Command]]:
    ruleset = _skirmish()
    state = ruleset.start(dict(setup), SeededDice(seed, 0))
    bots = {
        side: BOTS[kind].build(f"{seed}/{side}")
        for side, kind in zip(ruleset.sides(state), kinds, strict=True)
    }
    commands: list[Command] = []
    while (prompt := ruleset.prompt(state)) is not None:
        assert len(commands) < MAX_COMMANDS, "a skirmish of a few turns ends"
        side = prompt.sides[0]
        command = bots[side].choose(ruleset, state, side)
        assert command is not None, f"no command for {side} ({prompt.kind})"
        commands.append(command)
        for event in ruleset.decide(state, command, SeededDice(seed, len(commands))):
            state = ruleset.evolve(state, event)
    return state, commands


def _first(generator: Any) -> Command:
    return dict(next(iter(generator)))


# -- the plans, on small tables -------------------------------------------------------


def test_the_random_bot_comes_first_and_the_veteran_is_offered() -> None:
    assert list(BOTS) == ["random", "veteran"]
    assert BOTS["veteran"].build("x").__class__ is VeteranBot


def test_the_veteran_charges_an_enemy_group_in_reach_that_it_should_beat() -> None:
    state = build_state(
        a=[unit("retainer", at=(10, 10), count=4)],
        b=[unit("ashigaru", at=(10, 14), count=3)],
    )
    command = _first(plans.move(picture(state, "a"), {"units": ["a1"]}))
    assert command["type"] == "charge"
    assert command["unit"] == "a1"
    assert command["target"].startswith("b1.")


def test_the_veteran_does_not_charge_a_larger_group_with_a_smaller_one() -> None:
    state = build_state(
        a=[unit("ashigaru", at=(10, 10), count=3)],
        b=[unit("sohei", at=(10, 14), count=6)],
    )
    command = _first(plans.move(picture(state, "a"), {"units": ["a1"]}))
    assert command["type"] == "move"


def test_an_honourable_hero_charges_the_enemy_hero_before_a_nearer_group() -> None:
    state = build_state(
        a=[hero("yamada_suzuki", at=(10, 10), honourable=True)],
        b=[unit("civilian", at=(10, 12), count=3), hero("village_headman", at=(14, 13))],
    )
    command = _first(plans.move(picture(state, "a"), {"units": ["a1"]}))
    assert command == {"type": "charge", "side": "a", "unit": "a1", "target": "b2.1"}


def test_a_missile_unit_with_an_enemy_in_range_holds_to_shoot() -> None:
    state = build_state(
        a=[unit("ashigaru", at=(10, 5), count=3, weapon="bow")],
        b=[unit("ashigaru", at=(10, 25), count=3)],
    )
    command = _first(plans.move(picture(state, "a"), {"units": ["a1"]}))
    assert command == {"type": "hold", "side": "a", "unit": "a1"}


def test_a_missile_unit_out_of_range_closes_in_by_half_its_allowance() -> None:
    state = build_state(
        a=[unit("ashigaru", at=(10, 2), count=3, weapon="short_bow")],
        b=[unit("ashigaru", at=(10, 34), count=3)],
    )
    command = _first(plans.move(picture(state, "a"), {"units": ["a1"]}))
    assert command["type"] == "move"
    lead = state["models"]["a1.1"]
    moved = ((command["to"][0] - lead["x"]) ** 2 + (command["to"][1] - lead["y"]) ** 2) ** 0.5
    assert moved <= 3 * INCH + 1


def test_a_unit_out_of_reach_marches_on_the_nearest_enemy_and_stops_short() -> None:
    state = build_state(
        a=[unit("retainer", at=(10, 2), count=3)],
        b=[unit("ashigaru", at=(10, 34), count=3)],
    )
    command = _first(plans.move(picture(state, "a"), {"units": ["a1"]}))
    assert command["type"] == "move"
    lead = state["models"]["a1.1"]
    assert command["to"][1] > lead["y"]  # towards b, further up the table
    moved = ((command["to"][0] - lead["x"]) ** 2 + (command["to"][1] - lead["y"]) ** 2) ** 0.5
    assert moved <= 6 * INCH + 1
    assert 0 <= command["facing"] < 3600


def test_a_rider_in_heavy_armour_faces_across_the_enemy_to_shoot_to_his_left() -> None:
    # Mounted in medium or heavy armour the arc of fire is 90 degrees to the left: to keep
    # the enemy (straight up the table, heading 90 degrees) in it he faces along +x.
    state = build_state(
        a=[hero("yamada_suzuki", at=(10, 2), weapon="bow", armour="heavy", mounted=True)],
        b=[unit("ashigaru", at=(10, 34), count=3)],
    )
    command = _first(plans.move(picture(state, "a"), {"units": ["a1"]}))
    assert command["type"] == "move"
    assert command["facing"] == 0


def test_the_veteran_chooses_one_cut_for_a_hero_of_one_attack() -> None:
    state = build_state(
        a=[hero("yamada_suzuki", at=(10, 10), zen=1)],
        b=[hero("yamanaka_hideoshi", at=(10, 11))],
        phase="combat",
        step="fight",
    )
    offered = {"strategies": ["one_cut", "body_in_place_of_the_sword"], "zen": True}
    options = {"combat": 1, "units": {"a1": offered}, "models": {"a": ["a1.1"], "b": ["b1.1"]}}
    command = _first(plans.fight(picture(state, "a"), options))
    assert command["choices"]["a1"]["strategies"] == ["one_cut"]
    assert command["choices"]["a1"]["zen"] is False  # one token: kept for a save


def test_a_hero_who_may_choose_the_place_disengages_from_a_hopeless_combat() -> None:
    state = build_state(
        a=[hero("village_headman", at=(10, 10))],
        b=[unit("sohei", at=(9, 11), count=5)],
        phase="combat",
        step="fight",
    )
    enemies = [f"b1.{n}" for n in range(1, 6)]
    options = {
        "combat": 1,
        "units": {"a1": {"strategies": [], "disengage": True, "zen": False}},
        "models": {"a": ["a1.1"], "b": enemies},
    }
    command = _first(plans.fight(picture(state, "a"), options))
    assert command["choices"]["a1"]["disengage"] is True


def test_the_veteran_goes_round_a_building_in_its_way() -> None:
    house = {"id": "house", "kind": "building", "points": [[6, 6], [14, 6], [14, 9], [6, 9]]}
    state = build_state(
        a=[unit("retainer", at=(9, 3), count=3)],
        b=[unit("ashigaru", at=(10, 30), count=3)],
        scenery=[house],
    )
    ruleset = _skirmish()
    straight = _first(plans.move(picture(state, "a"), {"units": ["a1"]}))
    assert not accepted(ruleset, state, straight)  # the straight way crosses the house
    command = VeteranBot("round").choose(ruleset, state, "a")
    assert command is not None
    assert command["type"] == "move"
    assert command["to"][1] > state["models"]["a1.1"]["y"]  # still towards the enemy


def test_a_unit_in_base_contact_holds() -> None:
    state = build_state(
        a=[hero("yamada_suzuki", at=(10, 10))],
        b=[hero("yamanaka_hideoshi", at=(10, 11))],  # 1" apart centre to centre: touching
    )
    command = _first(plans.move(picture(state, "a"), {"units": ["a1"]}))
    assert command == {"type": "hold", "side": "a", "unit": "a1"}


def test_the_veteran_shoots_the_weakest_target_offered() -> None:
    state = build_state(
        a=[hero("yamada_suzuki", at=(10, 5), weapon="bow")],
        b=[unit("ashigaru", at=(10, 15), count=6), unit("ashigaru", at=(20, 18), count=3)],
    )
    options = {"units": {"a1": ["b1.1", "b2.1"]}}
    command = _first(plans.shoot(picture(state, "a"), options))
    assert command["type"] == "shoot"
    assert command["target"] == "b2.1"  # the small group: a casualty tells sooner


def test_the_veteran_shoots_humming_arrows_at_a_crowd_of_enemy_groups() -> None:
    state = build_state(
        a=[hero("yamada_suzuki", at=(10, 5), weapon="bow")],
        b=[
            unit("ashigaru", at=(10, 15), count=3),
            unit("ashigaru", at=(10, 18), count=3),
            unit("ashigaru", at=(30, 30), count=3),
        ],
    )
    options = {"units": {"a1": ["b1.1", "b3.1"]}, "humming": ["a1"]}
    command = _first(plans.shoot(picture(state, "a"), options))
    assert command["humming"] is True
    assert command["target"] == "b1.1"  # b1 and b2 within 6" of it
    lone = {"units": {"a1": ["b3.1"]}, "humming": ["a1"]}
    assert _first(plans.shoot(picture(state, "a"), lone))["humming"] is False


def test_the_veteran_declares_heroic_combat_for_a_hero_in_contact_and_else_passes() -> None:
    touching = build_state(
        a=[hero("yamada_suzuki", at=(10, 10), zen=2)],
        b=[hero("yamanaka_hideoshi", at=(10, 11))],
        phase="combat",
        step="heroic",
    )
    command = _first(plans.heroic(picture(touching, "a"), {}, "combat"))
    assert command == {"type": "heroic", "side": "a", "unit": "a1", "action": "combat"}
    apart = build_state(
        a=[hero("yamada_suzuki", at=(10, 10), zen=2)],
        b=[hero("yamanaka_hideoshi", at=(10, 30))],
        phase="move",
        step="heroic",
    )
    command = _first(plans.heroic(picture(apart, "a"), {}, "move"))
    assert command == {"type": "heroic", "side": "a", "unit": None, "action": "move"}


def test_the_veteran_fights_without_strategies_and_stakes_a_token_when_it_has_two() -> None:
    state = build_state(
        a=[hero("yamada_suzuki", at=(10, 10), zen=2)],
        b=[hero("yamanaka_hideoshi", at=(10, 11))],
        phase="combat",
        step="fight",
    )
    command = _first(plans.fight(picture(state, "a"), {"combat": 1, "units": {"a1": {}}}))
    assert command["type"] == "fight"
    assert command["combat"] == 1
    assert command["choices"]["a1"]["strike"] == "rider"
    assert command["choices"]["a1"]["zen"] is True


def test_the_veteran_reads_no_sealed_choice_of_the_other_side() -> None:
    state = build_state(
        a=[hero("yamada_suzuki", at=(10, 10), zen=2)],
        b=[hero("yamanaka_hideoshi", at=(10, 11), zen=2)],
        phase="combat",
        step="fight",
    )
    sealed = {**state, "queue": [{"combat": 1, "choices": {"b": {"b1": {"zen": True}}}}]}
    options = {"combat": 1, "units": {"a1": {}}}
    assert _first(plans.fight(picture(state, "a"), options)) == _first(
        plans.fight(picture(sealed, "a"), options)
    )


# -- whole games ----------------------------------------------------------------------


def test_both_bots_finish_games_of_every_sample_scenario() -> None:
    ruleset = _skirmish()
    for n, setup in enumerate(ruleset.sample_setups()):
        for kinds in (("veteran", "random"), ("random", "veteran")):
            state, _ = _play(setup, f"finish-{n}-{kinds[0]}", kinds)
            assert ruleset.outcome(state) is not None


def test_the_veteran_plays_the_same_game_from_the_same_seed() -> None:
    setup = _skirmish().sample_setups()[0]
    first = _play(setup, "same", ("veteran", "veteran"))
    again = _play(setup, "same", ("veteran", "veteran"))
    assert first[1] == again[1]


def test_the_veteran_beats_the_random_bot_more_often_than_not() -> None:
    # Eight games of the smallest scenario, four from each seat (its warbands are not
    # equal: the monks of side a are the stronger band).
    ruleset = _skirmish()
    setup = ruleset.sample_setups()[0]
    wins = losses = 0
    for n in range(8):
        veteran = "a" if n % 2 == 0 else "b"
        kinds = ("veteran", "random") if veteran == "a" else ("random", "veteran")
        state, _ = _play(setup, f"strength-{n}", kinds)
        outcome = ruleset.outcome(state)
        assert outcome is not None
        wins += outcome.winner == veteran
        losses += outcome.winner not in (veteran, None)
    assert wins > losses, f"the veteran won {wins} and lost {losses} of 8 games"


def test_the_veteran_s_plans_are_accepted_in_whole_games() -> None:
    ruleset = _skirmish()
    setup = ruleset.sample_setups()[0]
    state = ruleset.start(dict(setup), SeededDice("accepted", 0))
    bots = {side: VeteranBot(f"accepted/{side}") for side in ruleset.sides(state)}
    commands = 0
    while (prompt := ruleset.prompt(state)) is not None and commands < MAX_COMMANDS:
        side = prompt.sides[0]
        command = bots[side].choose(ruleset, state, side)
        assert command is not None
        commands += 1
        for event in ruleset.decide(state, command, SeededDice("accepted", commands)):
            state = ruleset.evolve(state, event)
    fallbacks = sum(bot.fallbacks for bot in bots.values())
    assert fallbacks * 10 <= commands, f"{fallbacks} of {commands} commands were fallbacks"
