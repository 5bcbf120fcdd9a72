"""Record import and the SQL recorder on every store: what the fast paths keep.

``import_record`` takes its snapshots while it builds the game (not by reading
it back), stores events and snapshots with ``BatchApplicationRecorder`` (one
batch insert, one transaction) and checks each step of the record by hand
rather than by JSON Schema. None of that may change a state, an id or a message.
"""

from __future__ import annotations

import copy
import threading
import uuid
from collections.abc import Callable
from typing import Any

import pytest
from eventsourcing.persistence import StoredEvent
from jsonschema import Draft202012Validator
from sqlalchemy import create_engine, insert, select

from engine.core import RandomBot, state_hash
from replays.errors import Conflict, GameExists, RecordRejected
from replays.game import Game, project_game
from replays.record_file import FORMAT, RECORD_SCHEMA, validate_record
from replays.recorder import BatchApplicationRecorder
from replays.records import SNAPSHOT_INTERVAL, GameRecords
from replays.schema import define_event_store_tables
from replays.store import MEMORY, event_store_env
from replays.verify import SEEDED, start_state
from tests.support.dice_race import DiceRace

LONG_SETUP = {"target": 400, "max_rounds": 40}


def play_long_game(records: GameRecords, seed: str = "long") -> tuple[uuid.UUID, list[str]]:
    """A finished game of a few hundred steps, and the state hash after each
    step as the players saw it live (folded from the returned events)."""
    race = DiceRace()
    game_id = records.start_game("dice-race", LONG_SETUP, seed=seed)
    bot = RandomBot(seed)
    state = records.repository.get(game_id).state
    hashes = [state_hash(state)]
    while (prompt := race.prompt(state)) is not None:
        command = bot.choose(race, state, prompt.sides[0])
        for entry in records.submit_command(game_id, command, expected_step=len(hashes) - 1):
            state = race.evolve(state, entry.event)
            hashes.append(state_hash(state))
    assert len(hashes) > 3 * SNAPSHOT_INTERVAL
    return game_id, hashes


def renamed(record: dict[str, Any]) -> dict[str, Any]:
    return {**copy.deepcopy(record), "game_id": str(uuid.uuid4())}


def snapshot_versions(records: GameRecords, game_id: uuid.UUID) -> list[int]:
    assert records.snapshots is not None
    return [snapshot.originator_version for snapshot in records.snapshots.get(game_id)]


# -- snapshots taken while the game is built ----------------------------------------------


def test_an_imported_game_gives_the_live_hashes_at_every_step(
    records: GameRecords, store_url: str
) -> None:
    live_id, live = play_long_game(records)
    imported = records.import_record(renamed(records.export_record(live_id)))
    assert [records.state_at(imported, step).hash for step in range(len(live))] == live
    # The same snapshots as live play took (every SNAPSHOT_INTERVAL versions, the
    # Ended event included), and a fresh process reading the store agrees.
    versions = snapshot_versions(records, imported)
    assert versions == snapshot_versions(records, live_id)
    assert versions == list(range(SNAPSHOT_INTERVAL, len(live) + 2, SNAPSHOT_INTERVAL))
    if store_url != MEMORY:
        reader = GameRecords(event_store_env(store_url), rulesets=[DiceRace()])
        assert [reader.state_at(imported, step).hash for step in range(len(live))] == live
        assert reader.export_record(imported) == {
            **records.export_record(live_id),
            "game_id": str(imported),
        }
        reader.close()


def test_imported_snapshots_are_the_game_its_events_rebuild(records: GameRecords) -> None:
    """Each snapshot stored by an import equals the one eventsourcing takes
    from the game folded from its stored events alone (no snapshot used)."""
    live_id, _ = play_long_game(records)
    imported = records.import_record(renamed(records.export_record(live_id)))
    assert records.snapshots is not None
    stored = list(records.snapshots.get(imported))
    assert stored
    for snapshot in stored:
        version = snapshot.originator_version
        rebuilt = project_game(None, records.events.get(imported, lte=version))  # type: ignore[arg-type]
        assert rebuilt is not None
        assert rebuilt.version == version
        taken = Game.Snapshot.take(rebuilt)
        read_back = records.mapper.to_domain_event(records.mapper.to_stored_event(taken))
        assert read_back.state == snapshot.state, f"version {version}"  # type: ignore[attr-defined]
        assert read_back.topic == snapshot.topic  # type: ignore[attr-defined]


# -- atomicity and conflicts ------------------------------------------------------------


def _plant(database_url: str, table_name: str, game_id: uuid.UUID, version: int) -> None:
    """Another writer's row for ``game_id`` at ``version``, committed first."""
    table = define_event_store_tables().tables[table_name]
    db_engine = create_engine(database_url)
    with db_engine.begin() as conn:
        conn.execute(
            insert(table).values(
                originator_id=game_id, originator_version=version, topic="planted", state=b"{}"
            )
        )
    db_engine.dispose()


def _stored_versions(database_url: str, table_name: str, game_id: uuid.UUID) -> list[int]:
    table = define_event_store_tables().tables[table_name]
    db_engine = create_engine(database_url)
    with db_engine.connect() as conn:
        versions = list(
            conn.execute(
                select(table.c.originator_version)
                .where(table.c.originator_id == game_id)
                .order_by(table.c.originator_version)
            ).scalars()
        )
    db_engine.dispose()
    return versions


@pytest.mark.parametrize("table_name", ["gamerecords_events", "gamerecords_snapshots"])
def test_an_import_that_fails_leaves_nothing_behind(database_url: str, table_name: str) -> None:
    """A row already at version 100 of the new game, among its events or its
    snapshots: the import is refused and none of its events or snapshots stay."""
    records = GameRecords(event_store_env(database_url), rulesets=[DiceRace()])
    live_id, _ = play_long_game(records)
    record = renamed(records.export_record(live_id))
    game_id = uuid.UUID(record["game_id"])
    last_notification = records.recorder.max_notification_id()
    _plant(database_url, table_name, game_id, 2 * SNAPSHOT_INTERVAL)
    with pytest.raises(GameExists):
        records.import_record(record)
    events = _stored_versions(database_url, "gamerecords_events", game_id)
    snapshots = _stored_versions(database_url, "gamerecords_snapshots", game_id)
    if table_name == "gamerecords_events":
        assert (events, snapshots) == ([2 * SNAPSHOT_INTERVAL], [])
        assert records.recorder.max_notification_id() == last_notification + 1
    else:
        assert (events, snapshots) == ([], [2 * SNAPSHOT_INTERVAL])
        assert records.recorder.max_notification_id() == last_notification
    records.close()


class _RacingImports(GameRecords):
    """Both importers build the game, then wait for each other before storing it."""

    name = "GameRecords"
    barrier: threading.Barrier

    def _record_imported(self, game: Game, snapshots: list[StoredEvent]) -> None:
        self.barrier.wait(timeout=10)
        super()._record_imported(game, snapshots)


def test_two_imports_of_one_record_race_and_exactly_one_wins(database_url: str) -> None:
    setup_app = GameRecords(event_store_env(database_url), rulesets=[DiceRace()])
    live_id, live = play_long_game(setup_app)
    record = renamed(setup_app.export_record(live_id))
    barrier = threading.Barrier(2)
    results: list[Any] = []

    def run() -> None:
        app = _RacingImports(event_store_env(database_url), rulesets=[DiceRace()])
        app.barrier = barrier
        try:
            results.append(app.import_record(record))
        except Exception as error:
            results.append(error)
        finally:
            app.close()

    threads = [threading.Thread(target=run) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert sorted(type(result).__name__ for result in results) == ["GameExists", "UUID"], results
    game_id = uuid.UUID(record["game_id"])
    assert _stored_versions(database_url, "gamerecords_events", game_id) == list(
        range(1, len(live) + 2)
    )
    assert snapshot_versions(setup_app, game_id) == snapshot_versions(setup_app, live_id)
    setup_app.close()


# -- the batch-insert recorder ------------------------------------------------------------


def test_the_sql_store_records_through_the_batch_recorder(store_url: str) -> None:
    records = GameRecords(event_store_env(store_url), rulesets=[DiceRace()])
    assert isinstance(records.recorder, BatchApplicationRecorder) == (store_url != MEMORY)
    records.close()


def test_notification_ids_ascend_in_the_order_of_the_events_without_gaps(
    database_url: str,
) -> None:
    """Several aggregates in one save, a command of several events, a refused
    command and an import: ids are the library's (ascending, one per event, in
    the order of the events) and each names its event."""
    records = GameRecords(event_store_env(database_url), rulesets=[DiceRace()])
    first = Game.start(**_started(records, "first"))
    second = Game.start(**_started(records, "second"))
    recordings = records.save(first, second)
    assert [(r.domain_event.originator_id, r.notification.id) for r in recordings] == [
        (first.id, 1),
        (second.id, 2),
    ]
    records.submit_command(first.id, {"type": "bid", "side": "A", "dice": 2})
    several = records.submit_command(first.id, {"type": "bid", "side": "B", "dice": 3})
    assert len(several) > 1
    with pytest.raises(Conflict):
        records.submit_command(first.id, {"type": "bid", "side": "A", "dice": 1}, expected_step=1)
    live_id, _ = play_long_game(records)
    records.import_record(renamed(records.export_record(live_id)))
    notifications = records.recorder.select_notifications(start=None, limit=100_000)
    ids = [notification.id for notification in notifications]
    assert ids == list(range(1, len(ids) + 1))
    assert ids[-1] == records.recorder.max_notification_id()
    seen: dict[uuid.UUID, int] = {}
    for notification in notifications:
        game_id = uuid.UUID(str(notification.originator_id))
        assert notification.originator_version == seen.get(game_id, 0) + 1
        seen[game_id] = notification.originator_version
        event = records.mapper.to_domain_event(notification)
        assert event.originator_id == game_id
    records.close()


def _started(records: GameRecords, seed: str) -> dict[str, Any]:
    race = DiceRace()
    state = start_state(race, {}, SEEDED, seed, None)
    return {
        "ruleset": race.id,
        "engine_version": race.version,
        "event_schema": race.event_schema,
        "title": seed,
        "setup": {},
        "sides": list(race.sides(state)),
        "dice_mode": SEEDED,
        "seed": seed,
        "seed_commitment": None,
        "start_dice": None,
        "initial_state": state,
    }


# -- checking each step of a record by hand -----------------------------------------------

_full_schema = Draft202012Validator(
    RECORD_SCHEMA, format_checker=Draft202012Validator.FORMAT_CHECKER
)


def _schema_verdict(record: Any) -> str | None:
    """What validating the whole record with RECORD_SCHEMA names first (the
    check import made before the steps were checked by hand)."""
    errors = sorted(_full_schema.iter_errors(record), key=lambda e: list(e.absolute_path))
    if not errors:
        return None
    where = "/".join(str(part) for part in errors[0].absolute_path) or "the record"
    return f"not a {FORMAT} record: at {where}: {errors[0].message}"


def _step_of(record: dict[str, Any], command: int, event: int) -> int:
    return sum(len(item["events"]) for item in record["commands"][:command]) + event + 1


Tamper = Callable[[dict[str, Any]], None]


def _set(*path: Any, value: Any) -> Tamper:
    def tamper(record: dict[str, Any]) -> None:
        target = record
        for part in path[:-1]:
            target = target[part]
        target[path[-1]] = value

    return tamper


def _delete(*path: Any) -> Tamper:
    def tamper(record: dict[str, Any]) -> None:
        target = record
        for part in path[:-1]:
            target = target[part]
        del target[path[-1]]

    return tamper


def _both(*tampers: Tamper) -> Tamper:
    def tamper(record: dict[str, Any]) -> None:
        for each in tampers:
            each(record)

    return tamper


C, E = 1, 1  # the second command (B's bid: reveal and rolls), and its second event
TAMPERS: list[Tamper] = [
    *(_set("commands", C, value=value) for value in ("x", 5, None, [], True)),
    *(_delete("commands", C, name) for name in ("index", "command", "events")),
    _both(_delete("commands", C, "index"), _delete("commands", C, "events")),
    *(_set("commands", C, "index", value=value) for value in (0, -1, "3", 1.5, True, None, 0.0)),
    *(_set("commands", C, "command", value=value) for value in ([], "x", None, 1)),
    *(
        _set("commands", C, "entered_dice", value=value)
        for value in ("x", [0], [1, "a"], [True], {}, 3, [2.5], [1.0])
    ),
    *(_set("commands", C, "events", value=value) for value in ([], {}, "x", None)),
    *(_set("commands", C, "events", E, value=value) for value in ("x", [], None, 7)),
    *(_delete("commands", C, "events", E, name) for name in ("step", "schema", "event")),
    *(
        _set("commands", C, "events", E, "step", value=value)
        for value in (0, "1", 1.5, None, True, -3)
    ),
    *(_set("commands", C, "events", E, "schema", value=value) for value in (0, "2", [2])),
    *(_set("commands", C, "events", E, "engine_version", value=value) for value in (1, None)),
    *(
        _set("commands", C, "events", E, "event", value=value)
        for value in ([], "x", {}, {"side": "A"}, None)
    ),
    _both(
        _set("commands", C, "index", value=0),
        _set("commands", C, "events", E, "step", value="x"),
    ),
    _both(
        _set("commands", C, "command", value=[]),
        _set("commands", C, "events", 0, "schema", value=0),
    ),
    _both(
        _set("commands", C + 1, "events", 0, "event", value={}),
        _set("commands", C, "entered_dice", value=[0]),
    ),
    _both(_set("commands", C, "events", E, "event", value={}), _set("outcome", value=5)),
    _both(_set("commands", C, "index", value=0), _set("dice", "mode", value="thrown")),
    _both(_set("commands", C, "index", value=0), _set("format", value="pgn")),
    _both(_set("commands", C, "index", value=0), _delete("sides")),
    _both(_set("commands", C, "index", value=0), _set("game_id", value="game-1")),
    _set("commands", value={}),
    _set("commands", value=[]),
]


@pytest.mark.parametrize("tamper", TAMPERS)
def test_the_steps_are_checked_as_the_record_schema_says(
    finished_record: dict[str, Any], tamper: Tamper
) -> None:
    record = copy.deepcopy(finished_record)
    tamper(record)
    expected = _schema_verdict(record)
    try:
        validate_record(record)
    except RecordRejected as rejected:
        message, step = str(rejected), rejected.step
    else:
        message, step = None, None
    if expected is None:
        assert message is None or not message.startswith(f"not a {FORMAT} record"), message
        return
    assert message is not None, expected
    if step is not None:  # a problem in an event also names its step
        where = expected.split(": ")[1]  # "at commands/2/events/1/..."
        expected = expected.replace(where, f"{where} (step {step})", 1)
        assert where.startswith("at commands/")
        parts = where.removeprefix("at ").split("/")
        assert step == _step_of(record, int(parts[1]), int(parts[3]))
    assert message == expected


@pytest.fixture(scope="module")
def finished_record() -> dict[str, Any]:
    records = GameRecords(event_store_env(MEMORY), rulesets=[DiceRace()])
    race = DiceRace()
    game_id = records.start_game("dice-race", {"target": 30}, seed="steps")
    bot = RandomBot("steps")
    while (prompt := race.prompt(records.repository.get(game_id).state)) is not None:
        records.submit_command(
            game_id, bot.choose(race, records.repository.get(game_id).state, prompt.sides[0])
        )
    record = records.export_record(game_id)
    assert len(record["commands"][C]["events"]) > E
    return record


def test_a_malformed_event_is_refused_naming_its_step(finished_record: dict[str, Any]) -> None:
    record = copy.deepcopy(finished_record)
    record["commands"][C]["events"][E]["schema"] = "two"
    step = _step_of(record, C, E)
    with pytest.raises(RecordRejected) as rejected:
        validate_record(record)
    assert str(rejected.value) == (
        f"not a {FORMAT} record: at commands/{C}/events/{E}/schema (step {step}): "
        "'two' is not of type 'integer'"
    )
    assert rejected.value.step == step


def test_a_record_whose_steps_are_misnumbered_is_refused(
    records: GameRecords, finished_record: dict[str, Any]
) -> None:
    """Import stores each event at its position: a record that numbers its
    steps otherwise would not export as it was imported."""
    record = renamed(finished_record)
    event = record["commands"][C]["events"][E]
    step = event["step"]
    event["step"] = step + 1
    with pytest.raises(RecordRejected) as rejected:
        records.import_record(record)
    assert str(rejected.value) == (
        f"steps are not numbered 1, 2, 3...: found {step + 1} at step {step}"
    )
    assert rejected.value.step == step
    record["commands"][C]["events"][E]["step"] = step
    game_id = records.import_record(record)
    assert records.export_record(game_id) == record
