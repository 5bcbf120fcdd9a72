"""GameRecords on every store: in-memory, SQLite file and PostgreSQL."""

from __future__ import annotations

import copy
import threading
import uuid
from typing import Any

import pytest
from sqlalchemy import create_engine, text

from engine.core import IllegalCommand, InvalidCommand, RandomBot, canonical_json, state_hash
from replays.bot_games import play_bot_game
from replays.errors import Conflict, GameExists, GameNotFound, RecordRejected, StepOutOfRange
from replays.game import Game
from replays.records import GameRecords
from replays.store import MEMORY, event_store_env
from tests.support.dice_race import DiceRace

BID_A = {"type": "bid", "side": "A", "dice": 2}
BID_B = {"type": "bid", "side": "B", "dice": 3}


def finished_game(records: GameRecords, seed: str = "finished", target: int = 30) -> uuid.UUID:
    return play_bot_game(records, "dice-race", {"target": target}, bot_seed=seed, seed=seed)


def test_a_new_game_is_at_step_zero_with_a_seed_commitment_only(records: GameRecords) -> None:
    game_id = records.start_game("dice-race", {"target": 30}, seed="s3cret")
    summary = records.summary(game_id)
    assert summary.last_step == 0
    assert summary.status == "running"
    assert summary.seed is None
    assert summary.seed_commitment is not None
    assert len(summary.seed_commitment) == 64
    assert summary.prompt == {
        "sides": ["A", "B"],
        "kind": "bid",
        "sealed": True,
        "options": {"min": 1, "max": 3},
    }
    assert records.state_at(game_id, 0).state["position"] == {"A": 0, "B": 0}


def test_a_command_and_its_events_are_recorded_together(records: GameRecords) -> None:
    game_id = records.start_game("dice-race", {}, seed="s")
    records.submit_command(game_id, BID_A)
    recorded = records.submit_command(game_id, BID_B)
    assert [entry.step for entry in recorded] == list(range(2, 2 + len(recorded)))
    assert recorded[0].command == BID_B
    assert all(entry.command is None for entry in recorded[1:])
    assert recorded[1].summary == "bids revealed: A 2, B 3"
    steps = records.steps(game_id)
    assert [entry.step for entry in steps] == list(range(1, len(steps) + 1))
    assert records.summary(game_id).commands == 2


def test_live_play_snapshot_restore_and_full_replay_agree_at_every_step(
    records: GameRecords, store_url: str
) -> None:
    """A long game crosses several snapshots (every 50 versions); a second
    process reading the same store agrees too."""
    race = DiceRace()
    game_id = records.start_game("dice-race", {"target": 400, "max_rounds": 40}, seed="long")
    bot = RandomBot("long")
    live_hashes = [state_hash(records.repository.get(game_id).state)]
    while True:
        game = records.repository.get(game_id)
        prompt = race.prompt(game.state)
        if prompt is None:
            break
        command = bot.choose(race, game.state, prompt.sides[0])
        state = game.state
        for entry in records.submit_command(game_id, command):
            state = race.evolve(state, entry.event)
            live_hashes.append(state_hash(state))
    last = records.summary(game_id).last_step
    assert last == len(live_hashes) - 1
    assert last > 120
    for step in range(last + 1):
        assert records.state_at(game_id, step).hash == live_hashes[step], f"step {step}"
    if store_url != MEMORY:
        reader = GameRecords(event_store_env(store_url), rulesets=[race])
        assert [reader.state_at(game_id, step).hash for step in range(last + 1)] == live_hashes
        reader.close()


def test_an_illegal_command_is_refused_with_its_rule_and_records_nothing(
    records: GameRecords,
) -> None:
    game_id = records.start_game("dice-race", {}, seed="s")
    records.submit_command(game_id, BID_A)
    with pytest.raises(IllegalCommand) as refused:
        records.submit_command(game_id, BID_A)
    assert refused.value.rule == "Dice race §1: bid"
    with pytest.raises(InvalidCommand):
        records.submit_command(game_id, {"type": "bid", "side": "A", "dice": 1.5})
    with pytest.raises(InvalidCommand):
        records.submit_command(game_id, ["not", "an", "object"])
    assert records.summary(game_id).last_step == 1
    assert len(records.steps(game_id)) == 1


def test_a_stale_writer_gets_a_conflict(records: GameRecords) -> None:
    game_id = records.start_game("dice-race", {}, seed="s")
    records.submit_command(game_id, BID_A, expected_step=0)
    with pytest.raises(Conflict, match="at step 1, not 0"):
        records.submit_command(game_id, BID_B, expected_step=0)
    assert records.summary(game_id).last_step == 1


class _RacingRecords(GameRecords):
    """Both writers load the game, then wait for each other before saving."""

    name = "GameRecords"  # the same store as the real application
    barrier: threading.Barrier

    def save(self, *objs: Any, **kwargs: Any) -> Any:
        self.barrier.wait(timeout=10)
        return super().save(*objs, **kwargs)


def test_two_writers_race_on_one_game_and_exactly_one_wins(database_url: str) -> None:
    setup_app = GameRecords(event_store_env(database_url), rulesets=[DiceRace()])
    game_id = setup_app.start_game("dice-race", {}, seed="race")
    barrier = threading.Barrier(2)
    writers = [
        _RacingRecords(event_store_env(database_url), rulesets=[DiceRace()]) for _ in range(2)
    ]
    results: dict[str, Any] = {}

    def write(name: str, app: _RacingRecords, command: dict[str, Any]) -> None:
        app.barrier = barrier
        try:
            results[name] = app.submit_command(game_id, command)
        except Exception as error:
            results[name] = error

    threads = [
        threading.Thread(target=write, args=("A", writers[0], BID_A)),
        threading.Thread(target=write, args=("B", writers[1], BID_B)),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    outcomes = sorted(type(result).__name__ for result in results.values())
    assert outcomes == ["Conflict", "list"], results
    steps = setup_app.steps(game_id)
    assert len(steps) == 1  # the winner's one event, nothing lost or doubled
    winner = next(name for name, result in results.items() if isinstance(result, list))
    assert steps[0].event["side"] == winner


class _CollidingRecords(GameRecords):
    """Just before saving, another writer's row lands at version 4."""

    name = "GameRecords"
    plant: Any = None

    def save(self, *objs: Any, **kwargs: Any) -> Any:
        if self.plant is not None:
            self.plant()
        return super().save(*objs, **kwargs)


def test_a_failing_commit_leaves_nothing_behind(database_url: str) -> None:
    """The second event of a command collides with a row committed meanwhile:
    the whole command is rolled back, its first event included."""
    records = _CollidingRecords(event_store_env(database_url), rulesets=[DiceRace()])
    game_id = records.start_game("dice-race", {}, seed="s")
    records.submit_command(game_id, BID_A)
    db_engine = create_engine(database_url)

    def plant() -> None:  # BID_B records versions 3, 4, 5...; take version 4 first.
        with db_engine.begin() as conn:
            conn.execute(
                text(
                    "INSERT INTO gamerecords_events"
                    " (originator_id, originator_version, topic, state)"
                    " SELECT originator_id, 4, topic, state FROM gamerecords_events"
                    " WHERE originator_version = 2"
                )
            )

    records.plant = plant
    with pytest.raises(Conflict):
        records.submit_command(game_id, BID_B)
    with db_engine.connect() as conn:
        versions = (
            conn.execute(text("SELECT originator_version FROM gamerecords_events ORDER BY 1"))
            .scalars()
            .all()
        )
    db_engine.dispose()
    assert versions == [1, 2, 4]  # nothing of the failed command, only the planted row


def test_state_at_a_step_that_does_not_exist_is_refused(records: GameRecords) -> None:
    game_id = records.start_game("dice-race", {}, seed="s")
    with pytest.raises(StepOutOfRange, match="this game has steps 0 to 0"):
        records.state_at(game_id, 1)
    with pytest.raises(GameNotFound):
        records.state_at(uuid.uuid4(), 0)
    with pytest.raises(GameNotFound):
        records.summary(uuid.uuid4())


def test_the_seed_is_revealed_when_the_game_ends_and_the_audit_rederives_every_roll(
    records: GameRecords,
) -> None:
    game_id = finished_game(records)
    summary = records.summary(game_id)
    assert summary.status == "ended"
    assert summary.seed == "finished"
    report = records.audit(game_id)
    assert report.identical
    assert report.steps_checked == summary.last_step
    with pytest.raises(IllegalCommand, match="the game is over"):
        records.submit_command(game_id, BID_A)


def test_the_audit_of_a_running_game_waits_for_the_seed(records: GameRecords) -> None:
    game_id = records.start_game("dice-race", {}, seed="s")
    report = records.audit(game_id)
    assert not report.identical
    assert report.message == "a game is audited once it has ended: its seed is secret until then"


def test_a_spectator_sees_no_sealed_bid_while_the_game_runs(records: GameRecords) -> None:
    game_id = records.start_game("dice-race", {}, seed="s")
    records.submit_command(game_id, {"type": "bid", "side": "A", "dice": 3})
    step = records.steps(game_id)[0]
    assert step.command == {"side": "A", "sealed": True}
    assert step.event["sealed"] is None
    assert records.steps(game_id, viewer="A")[0].command == {"type": "bid", "side": "A", "dice": 3}
    assert records.state_at(game_id, 1).state["bids"] == {"A": "sealed"}
    exported = canonical_json(records.export_record(game_id))
    assert '"dice":3' not in exported
    assert exported.count('"sealed":true') == 1


def test_an_exported_record_imports_into_another_store(records: GameRecords) -> None:
    game_id = finished_game(records)
    record = records.export_record(game_id)
    assert record["format"] == "shiai-game/1"
    assert record["dice"]["seed"] == "finished"
    other = GameRecords({"PERSISTENCE_MODULE": "eventsourcing.popo"}, rulesets=[DiceRace()])
    assert other.import_record(record) == game_id
    assert other.export_record(game_id) == record
    with pytest.raises(GameExists):
        other.import_record(record)


def _change_bid(command: dict[str, Any]) -> None:
    assert command["type"] == "bid"
    command["dice"] = 2 if command["dice"] != 2 else 3


@pytest.mark.parametrize(
    ("tamper", "message"),
    [
        (lambda r: r["commands"][3]["events"][-1]["event"].update(round=99), "step"),
        (lambda r: _change_bid(r["commands"][1]["command"]), "differs"),
        (lambda r: r["dice"].update(seed="forged"), "does not match the seed commitment"),
        (lambda r: r.update(outcome=None), "outcome"),
        (lambda r: r["setup"].update(target=31), "initial state"),
        (lambda r: r.update(format="shiai-game/0"), "not a shiai-game/1 record"),
        (lambda r: r["commands"].pop(), "differs|outcome"),
    ],
)
def test_a_tampered_record_is_refused_naming_what_differs(
    records: GameRecords, tamper: Any, message: str
) -> None:
    record = copy.deepcopy(records.export_record(finished_game(records)))
    record["game_id"] = str(uuid.uuid4())
    tamper(record)
    with pytest.raises(RecordRejected, match=message):
        records.import_record(record)
    assert records.recorder.max_notification_id() is not None  # the original is still there


def test_a_tampered_event_is_reported_at_its_step(records: GameRecords) -> None:
    record = records.export_record(finished_game(records))
    record["game_id"] = str(uuid.uuid4())
    target = record["commands"][2]["events"][0]
    target["event"] = {
        **target["event"],
        "side": "B" if target["event"].get("side") == "A" else "A",
    }
    with pytest.raises(RecordRejected) as rejected:
        records.import_record(record)
    assert rejected.value.step == target["step"]
    assert f"step {target['step']}" in str(rejected.value)


def test_events_stored_under_an_older_schema_are_upcast_on_reading(records: GameRecords) -> None:
    """A record written by dice race 1.0 (schema 1: rolls had "faces"), on another
    platform (this one would refuse a game it stores already, whatever its id)."""
    elsewhere = GameRecords(event_store_env(MEMORY), rulesets=[DiceRace()])
    record = elsewhere.export_record(finished_game(elsewhere))
    for command in record["commands"]:
        for entry in command["events"]:
            event = entry["event"]
            if event["type"] in ("rolled", "rerolled"):
                entry["event"] = {
                    **{k: v for k, v in event.items() if k != "dice"},
                    "faces": event["dice"],
                }
                entry["schema"] = 1
    game_id = records.import_record(record)
    rolls = [entry for entry in records.steps(game_id) if entry.event["type"] == "rolled"]
    assert rolls
    assert all("dice" in entry.event and "faces" not in entry.event for entry in rolls)


def test_a_table_top_game_takes_entered_dice_and_checks_them(records: GameRecords) -> None:
    game_id = records.start_game("dice-race", {}, dice_mode="entered")
    assert records.summary(game_id).seed_commitment is None
    records.submit_command(game_id, BID_A, dice=[])
    with pytest.raises(InvalidCommand, match="needs 5 entered dice but 2 were given"):
        records.submit_command(game_id, BID_B, dice=[4, 4])
    with pytest.raises(InvalidCommand, match="9 is not a face"):
        records.submit_command(game_id, BID_B, dice=[4, 4, 9, 2, 2])
    recorded = records.submit_command(game_id, BID_B, dice=[4, 4, 5, 2, 2])
    assert [entry.event["dice"] for entry in recorded if entry.event["type"] == "rolled"] == [
        [4, 4],
        [5, 2, 2],
    ]
    record = records.export_record(game_id)
    assert record["commands"][1]["entered_dice"] == [4, 4, 5, 2, 2]


def test_a_seeded_game_refuses_entered_dice(records: GameRecords) -> None:
    game_id = records.start_game("dice-race", {}, seed="s")
    with pytest.raises(InvalidCommand, match="rolls its own dice"):
        records.submit_command(game_id, BID_A, dice=[3])


def test_the_aggregate_records_each_engine_event_as_one_stepped_event(records: GameRecords) -> None:
    game_id = finished_game(records)
    stored = list(records.events.get(game_id))
    assert isinstance(stored[0], Game.Started)  # type: ignore[attr-defined]
    assert isinstance(stored[-1], Game.Ended)  # type: ignore[attr-defined]
    stepped = stored[1:-1]
    assert all(isinstance(item, Game.Stepped) for item in stepped)  # type: ignore[attr-defined]
    entry = stepped[0].entry
    assert entry["ruleset"] == "dice-race"
    assert entry["schema"] == 2
    assert entry["engine_version"] == "1.1.0"
