"""The engine kernel: canonical data, dice, seeds, and the Ruleset contract
proved generic by the dice race (one-side prompts, sealed simultaneous
choices revealed together, hidden information in views)."""

from __future__ import annotations

import copy

import pytest

from engine.core import (
    EnteredDice,
    IllegalCommand,
    InvalidCommand,
    NotCanonical,
    Outcome,
    RandomBot,
    SeededDice,
    Termination,
    canonical_json,
    redact_event,
    seed_commitment,
    state_hash,
    verify_seed,
)
from tests.support.dice_race import DiceRace


def play(ruleset: DiceRace, state: dict, commands: list[dict], seed: str = "s") -> dict:
    for index, command in enumerate(commands, start=1):
        for event in ruleset.decide(state, command, SeededDice(seed, index)):
            state = ruleset.evolve(state, event)
    return state


# -- canonical data -------------------------------------------------------------


def test_canonical_json_sorts_keys_and_has_no_spaces() -> None:
    assert canonical_json({"b": 1, "a": [True, None, "x"]}) == '{"a":[true,null,"x"],"b":1}'


def test_canonical_json_refuses_floats_anywhere() -> None:
    with pytest.raises(NotCanonical, match=r"\$\.units\[1\]\.x"):
        canonical_json({"units": [{"x": 1}, {"x": 1.5}]})


def test_canonical_json_refuses_tuples_sets_and_non_string_keys() -> None:
    for value in ({"a": (1, 2)}, {"a": {1, 2}}, {1: "a"}):
        with pytest.raises(NotCanonical):
            canonical_json(value)


def test_state_hash_ignores_key_order_but_not_values() -> None:
    assert state_hash({"a": 1, "b": 2}) == state_hash({"b": 2, "a": 1})
    assert state_hash({"a": 1}) != state_hash({"a": 2})


# -- dice -----------------------------------------------------------------------


def test_seeded_dice_are_a_pure_function_of_seed_command_and_counter() -> None:
    first = SeededDice("seed", 7).roll(20)
    assert SeededDice("seed", 7).roll(20) == first
    assert SeededDice("seed", 8).roll(20) != first
    assert SeededDice("other", 7).roll(20) != first
    rolled_apart = SeededDice("seed", 7)
    assert rolled_apart.roll(5) + rolled_apart.roll(15) == first


def test_seeded_dice_faces_are_in_range_and_roughly_uniform() -> None:
    faces = SeededDice("uniform", 1).roll(60_000)
    counts = [faces.count(face) for face in range(1, 7)]
    assert min(faces) == 1
    assert max(faces) == 6
    assert all(9_400 < count < 10_600 for count in counts), counts
    assert set(SeededDice("d3", 1).roll(300, 3)) == {1, 2, 3}


def test_entered_dice_hand_back_the_faces_typed_in() -> None:
    dice = EnteredDice([3, 6, 1])
    assert dice.roll(2) == [3, 6]
    assert dice.roll_one() == 1
    dice.finish()


def test_entered_dice_refuse_too_few_faces() -> None:
    with pytest.raises(InvalidCommand, match="needs 3 entered dice but 2 were given"):
        EnteredDice([1, 2]).roll(3)


def test_entered_dice_refuse_faces_out_of_range() -> None:
    with pytest.raises(InvalidCommand, match="7 is not a face of a d6"):
        EnteredDice([7]).roll(1)
    with pytest.raises(InvalidCommand, match="not a whole number"):
        EnteredDice([2.5])  # type: ignore[list-item]


def test_entered_dice_refuse_faces_left_unused() -> None:
    dice = EnteredDice([4, 4])
    dice.roll(1)
    with pytest.raises(InvalidCommand, match="2 dice were entered but this command rolled 1"):
        dice.finish()


def test_seed_commitment_is_the_sha256_of_the_seed_and_verifies() -> None:
    commitment = seed_commitment("secret")
    assert len(commitment) == 64
    assert verify_seed("secret", commitment)
    assert not verify_seed("Secret", commitment)


# -- the Ruleset contract, through the dice race -----------------------------------


def test_a_sealed_prompt_addresses_both_sides_at_once(dice_race: DiceRace) -> None:
    prompt = dice_race.prompt(dice_race.start({}, SeededDice("s", 0)))
    assert prompt is not None
    assert prompt.sides == ("A", "B")
    assert prompt.sealed
    assert prompt.to_dict()["kind"] == "bid"


def test_a_sealed_choice_stays_hidden_until_both_sides_have_answered(dice_race: DiceRace) -> None:
    state = dice_race.start({}, SeededDice("s", 0))
    events = dice_race.decide(state, {"type": "bid", "side": "A", "dice": 3}, SeededDice("s", 1))
    assert [event["type"] for event in events] == ["bid_sealed"]
    state = dice_race.evolve(state, events[0])
    assert dice_race.prompt(state).sides == ("B",)  # type: ignore[union-attr]
    assert dice_race.view(state, "B")["bids"] == {"A": "sealed"}
    assert dice_race.view(state, None)["bids"] == {"A": "sealed"}
    assert dice_race.view(state, "A")["bids"] == {"A": 3}
    assert dice_race.view_event(events[0], "B", game_over=False)["sealed"] is None
    assert dice_race.view_event(events[0], "A", game_over=False)["sealed"] == {"dice": 3}
    assert dice_race.view_event(events[0], "B", game_over=True)["sealed"] == {"dice": 3}


def test_sealed_choices_are_revealed_together_with_their_consequences(dice_race: DiceRace) -> None:
    state = play(
        dice_race,
        dice_race.start({}, SeededDice("s", 0)),
        [{"type": "bid", "side": "A", "dice": 2}],
    )
    events = dice_race.decide(state, {"type": "bid", "side": "B", "dice": 1}, SeededDice("s", 2))
    kinds = [event["type"] for event in events]
    assert kinds[:4] == ["bid_sealed", "bids_revealed", "rolled", "rolled"]
    assert events[1]["bids"] == {"A": 2, "B": 1}
    assert len(events[2]["dice"]) == 2
    assert len(events[3]["dice"]) == 1


def test_a_bust_prompts_one_side_alone() -> None:
    race = DiceRace()
    state = race.start({}, SeededDice("s", 0))
    for event in [
        {"type": "bid_sealed", "side": "A", "sealed_for": "A", "sealed": {"dice": 2}},
        {"type": "bid_sealed", "side": "B", "sealed_for": "B", "sealed": {"dice": 1}},
        {"type": "bids_revealed", "bids": {"A": 2, "B": 1}},
        {"type": "rolled", "side": "A", "dice": [1, 5]},
        {"type": "rolled", "side": "B", "dice": [4]},
    ]:
        state = race.evolve(state, event)
    prompt = race.prompt(state)
    assert prompt is not None
    assert prompt.sides == ("A",)
    assert not prompt.sealed
    assert list(race.legal(state, "B")) == []
    with pytest.raises(IllegalCommand) as refused:
        race.decide(state, {"type": "accept", "side": "B"}, SeededDice("s", 3))
    assert refused.value.rule == "Dice race §3: bust"


def test_malformed_and_illegal_commands_are_different_errors(dice_race: DiceRace) -> None:
    state = dice_race.start({}, SeededDice("s", 0))
    with pytest.raises(InvalidCommand, match="unknown command type"):
        dice_race.decide(state, {"type": "dance", "side": "A"}, SeededDice("s", 1))
    with pytest.raises(InvalidCommand, match="unexpected field"):
        dice_race.decide(state, {"type": "bid", "side": "A", "dice": 1, "x": 0}, SeededDice("s", 1))
    with pytest.raises(IllegalCommand, match="a bid is 1 to 3 dice, not 4") as refused:
        dice_race.decide(state, {"type": "bid", "side": "A", "dice": 4}, SeededDice("s", 1))
    assert str(refused.value).endswith("(Dice race §1: bid)")


def test_decide_never_mutates_the_state(dice_race: DiceRace) -> None:
    state = play(
        dice_race,
        dice_race.start({}, SeededDice("s", 0)),
        [{"type": "bid", "side": "A", "dice": 2}],
    )
    before = copy.deepcopy(state)
    dice_race.decide(state, {"type": "bid", "side": "B", "dice": 3}, SeededDice("s", 2))
    assert state == before


def test_evolve_returns_a_new_state_and_leaves_the_old_one_intact(dice_race: DiceRace) -> None:
    state = dice_race.start({}, SeededDice("s", 0))
    before = copy.deepcopy(state)
    dice_race.evolve(
        state, {"type": "bid_sealed", "side": "A", "sealed_for": "A", "sealed": {"dice": 1}}
    )
    assert state == before


def test_redact_event_leaves_unsealed_events_alone() -> None:
    event = {"type": "rolled", "side": "A", "dice": [3]}
    assert redact_event(event, "B") is event


def test_outcome_round_trips_through_plain_data() -> None:
    outcome = Outcome(Termination.TURN_LIMIT, None, {"A": 3, "B": 3}, "draw on points")
    assert Outcome.from_dict(outcome.to_dict()) == outcome
    canonical_json(outcome.to_dict())


def test_older_event_schemas_are_upcast(dice_race: DiceRace) -> None:
    old = {"type": "rolled", "side": "A", "faces": [2, 5]}
    assert dice_race.upcast_event(old, 1) == {"type": "rolled", "side": "A", "dice": [2, 5]}
    assert dice_race.upcast_event({"type": "round_closed", "round": 1}, 1)["round"] == 1
    with pytest.raises(ValueError, match="no upcaster from event schema 7"):
        dice_race.upcast_event(old, 7)


@pytest.mark.parametrize("game", range(40))
def test_random_bot_games_replay_to_equal_hashes_at_every_step(
    dice_race: DiceRace, game: int
) -> None:
    """OpenSpiel-style: play to the end; at every step, a serialise/reload round
    trip and a full replay from the start give the same state hash."""
    seed = f"game-{game}"
    bot = RandomBot(game)
    state = dice_race.start({"target": 25}, SeededDice(seed, 0))
    log: list[dict] = []
    hashes = [state_hash(state)]
    index = 0
    while (prompt := dice_race.prompt(state)) is not None:
        index += 1
        command = bot.choose(dice_race, state, prompt.sides[0])
        assert command is not None
        for event in dice_race.decide(state, command, SeededDice(seed, index)):
            canonical_json(event)
            state = dice_race.evolve(state, event)
            log.append(event)
            hashes.append(state_hash(state))
        reloaded = __import__("json").loads(canonical_json(state))
        assert state_hash(reloaded) == hashes[-1]
    replayed = dice_race.start({"target": 25}, SeededDice(seed, 0))
    assert state_hash(replayed) == hashes[0]
    for step, event in enumerate(log, start=1):
        replayed = dice_race.evolve(replayed, event)
        assert state_hash(replayed) == hashes[step], f"step {step} differs"
    assert dice_race.outcome(state) is not None
