"""Record import and the SQL recorder on every store: what the fast paths keep.

``import_record`` builds the game as the engine re-runs the record (each event
folded once), compares the engine's events with the record's by ``identical``
(canonical JSON only for what it does not accept), takes its snapshots while
it builds the game (not by reading it back), stores events and snapshots with
``BatchApplicationRecorder`` (one batch insert, one transaction) and checks
each step of the record by hand rather than by JSON Schema. The SQL recorders
read through the driver. None of that may change a state, an id or a message.
"""

from __future__ import annotations

import copy
import random
import threading
import uuid
from collections.abc import Callable
from typing import Any

import pytest
from eventsourcing.persistence import StoredEvent
from eventsourcing_sqlalchemy.recorders import SQLAlchemyAggregateRecorder
from jsonschema import Draft202012Validator
from sqlalchemy import create_engine, delete, insert, select

from engine.core import NotCanonical, RandomBot, canonical_json, state_hash
from replays.errors import Conflict, GameExists, RecordRejected
from replays.game import Game, project_game
from replays.record_file import FORMAT, RECORD_SCHEMA, validate_record
from replays.recorder import BatchApplicationRecorder, _DriverReads
from replays.records import SNAPSHOT_INTERVAL, GameRecords
from replays.schema import define_event_store_tables, record_fingerprints
from replays.store import MEMORY, event_store_env
from replays.verify import SEEDED, identical, start_state
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


def exported(records: GameRecords, live_id: uuid.UUID) -> dict[str, Any]:
    """The record of a game played here, as another platform would send it back:
    this store forgets the game's content fingerprint first, or it would refuse the
    copy (these tests compare the copy with the game played live)."""
    if isinstance(records.recorder, BatchApplicationRecorder):
        with records.recorder.transaction(commit=True) as session:
            session.connection().execute(
                delete(record_fingerprints).where(record_fingerprints.c.game_id == live_id)
            )
    else:
        records._fingerprints = {
            print_: game for print_, game in records._fingerprints.items() if game != live_id
        }
    return records.export_record(live_id)


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
    imported = records.import_record(renamed(exported(records, live_id)))
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
    imported = records.import_record(renamed(exported(records, live_id)))
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
    record = renamed(exported(records, live_id))
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

    def _record_imported(self, game: Game, snapshots: list[StoredEvent], fingerprint: str) -> None:
        self.barrier.wait(timeout=10)
        super()._record_imported(game, snapshots, fingerprint)


def test_two_imports_of_one_record_race_and_exactly_one_wins(database_url: str) -> None:
    setup_app = GameRecords(event_store_env(database_url), rulesets=[DiceRace()])
    live_id, live = play_long_game(setup_app)
    record = renamed(exported(setup_app, live_id))
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
    records.import_record(renamed(exported(records, live_id)))
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


# -- the re-run compares events without encoding them -------------------------------------


def _plain_values(pick: random.Random, depth: int = 0) -> Any:
    """A random value of plain JSON data (the kind the engine and records hold)."""
    kind = pick.randrange(7 if depth < 3 else 4)
    if kind == 0:
        return pick.choice([None, True, False])
    if kind == 1:
        return pick.choice([0, 1, -1, 2, 10**20])
    if kind == 2:
        return pick.choice(["", "a", "A", "1", "true", "null", "é", "a'b\"c"])
    if kind == 3:
        return pick.randrange(-3, 4)
    if kind in (4, 5):
        return {
            pick.choice(["a", "b", "c", "side", "1"]): _plain_values(pick, depth + 1)
            for _ in range(pick.randrange(4))
        }
    return [_plain_values(pick, depth + 1) for _ in range(pick.randrange(4))]


def _shuffled(value: Any, pick: random.Random) -> Any:
    """``value`` rebuilt with its dicts' keys in another order (the same canonical JSON)."""
    if isinstance(value, dict):
        keys = list(value)
        pick.shuffle(keys)
        return {key: _shuffled(value[key], pick) for key in keys}
    if isinstance(value, list):
        return [_shuffled(item, pick) for item in value]
    return value


class _Text(str):
    pass


def test_identical_events_are_exactly_those_with_the_same_canonical_json() -> None:
    pick = random.Random("identical")
    values = [_plain_values(pick) for _ in range(400)]
    for first in values:
        copy_of_first = _shuffled(copy.deepcopy(first), pick)
        assert identical(first, copy_of_first)
        assert canonical_json(first) == canonical_json(copy_of_first)
        for second in pick.sample(values, 20):
            assert identical(first, second) == (canonical_json(first) == canonical_json(second))
    # Python's equality is not enough: True == 1 and 1 == 1.0.
    for first, second in [
        ({"round": 1}, {"round": True}),
        ({"dice": [1, 0]}, {"dice": [True, False]}),
        ({"a": None}, {}),
        ({"a": None}, {"b": None}),
        ([1, 2], [1, 2, 3]),
        ({"a": [1]}, {"a": {"0": 1}}),
    ]:
        assert not identical(first, second)
        assert not identical(second, first)
        assert canonical_json(first) != canonical_json(second)
    # Not shown identical, for all they are equal in Python: the re-run then compares
    # canonical JSON, which refuses what is not plain JSON data ...
    for first, second in [
        ({"round": 1}, {"round": 1.0}),
        ({"dice": [1]}, {"dice": (1,)}),
        ({1: "a"}, {1: "a"}),
    ]:
        assert not identical(first, second)
        with pytest.raises(NotCanonical):
            canonical_json(second)
    # ... and accepts a subclass of a JSON type, which encodes as the type does.
    assert not identical({"side": "A"}, {"side": _Text("A")})
    assert canonical_json({"side": "A"}) == canonical_json({"side": _Text("A")})


def test_an_event_equal_only_to_python_is_refused_at_its_step(records: GameRecords) -> None:
    """``True`` for ``1``: equal in Python, not in canonical JSON. A float: no
    canonical JSON at all. Keys in another order: the same event."""
    live_id, _ = play_long_game(records)
    record = renamed(exported(records, live_id))
    item, event = next(
        (item, event)
        for item in record["commands"]
        for event in item["events"]
        if event["event"]["type"] == "round_closed" and event["event"]["round"] == 1
    )
    event["event"]["round"] = True
    with pytest.raises(RecordRejected) as rejected:
        records.import_record(record)
    assert rejected.value.step == event["step"]
    assert str(rejected.value).startswith(f"step {event['step']} (command {item['index']}) differs")
    event["event"]["round"] = 1.0
    with pytest.raises(RecordRejected, match=r"does not replay: .*floats are not allowed"):
        records.import_record(record)
    event["event"] = dict(reversed(list({**event["event"], "round": 1}.items())))
    game_id = records.import_record(record)
    assert records.export_record(game_id) == {
        **records.export_record(live_id),
        "game_id": str(game_id),
    }


class _CountingRace(DiceRace):
    def __init__(self) -> None:
        self.evolved = 0

    def evolve(self, state: dict[str, Any], event: dict[str, Any]) -> dict[str, Any]:
        self.evolved += 1
        return super().evolve(state, event)


def test_an_import_folds_each_event_through_the_engine_once() -> None:
    """The game is built as the record is re-run: its state is the re-run's."""
    records = GameRecords(event_store_env(MEMORY), rulesets=[DiceRace()])
    live_id, live = play_long_game(records)
    record = renamed(exported(records, live_id))
    records.close()
    race = _CountingRace()
    importer = GameRecords(event_store_env(MEMORY), rulesets=[race])
    game_id = importer.import_record(record)
    assert race.evolved == len(live) - 1
    assert importer.state_at(game_id, len(live) - 1).hash == live[-1]
    importer.close()


# -- the stored Stepped event -------------------------------------------------------------

# A Stepped event as the recorder stored it while ``Stepped`` was an @event method.
_STORED_STEPPED = StoredEvent(
    originator_id=uuid.UUID("6f3f1a52-6a4b-4b8e-9a35-51c0b8c1d1aa"),
    originator_version=2,
    topic="replays.game:Game.Stepped",
    state=(
        b'{"timestamp":{"_type_":"datetime_iso","_data_":"2026-11-20T10:00:00.000001+00:00"},'
        b'"command_index":1,"command":{"type":"bid","side":"A","dice":2},'
        b'"entered_dice":null,"sealed_for":"A","closes_command":true,'
        b'"entry":{"ruleset":"dice-race","engine_version":"1.1.0","schema":2,'
        b'"event":{"type":"bid_sealed","side":"A","sealed_for":"A","sealed":{"dice":2}}}}'
    ),
)


def test_stepped_events_are_stored_and_read_as_before() -> None:
    records = GameRecords(event_store_env(MEMORY), rulesets=[DiceRace()])
    started = _started(records, "stored")
    game = Game.start(game_id=_STORED_STEPPED.originator_id, **started)
    stepped = records.mapper.to_domain_event(_STORED_STEPPED)
    assert isinstance(stepped, Game.Stepped)
    stepped.mutate(game)
    assert game.state == DiceRace().evolve(started["initial_state"], stepped.entry["event"])
    assert (game.version, game.step, game.commands, game.at_decision_point) == (2, 1, 1, True)
    again = records.mapper.to_stored_event(stepped)
    assert (again.topic, again.state) == (_STORED_STEPPED.topic, _STORED_STEPPED.state)
    records.close()


# -- reads through the driver -------------------------------------------------------------


def test_reads_give_what_the_library_reads(database_url: str) -> None:
    """``select_events`` (events and snapshots) against eventsourcing-sqlalchemy's
    own, for every combination of its arguments."""
    records = GameRecords(event_store_env(database_url), rulesets=[DiceRace()])
    live_id, live = play_long_game(records)
    imported = records.import_record(renamed(exported(records, live_id)))
    assert records.snapshots is not None
    recorders = [records.recorder, records.snapshots.recorder]
    assert all(isinstance(recorder, _DriverReads) for recorder in recorders)
    last = len(live) + 1
    bounds = [None, 0, 1, SNAPSHOT_INTERVAL, last - 1, last, last + 5]
    for recorder in recorders:
        library = SQLAlchemyAggregateRecorder.select_events
        for game_id in (live_id, imported, uuid.uuid4(), str(imported)):
            for gt, lte in [(gt, lte) for gt in bounds for lte in bounds][::3]:
                for desc in (False, True):
                    for limit in (None, 1, 7):
                        arguments = {"gt": gt, "lte": lte, "desc": desc, "limit": limit}
                        mine = recorder.select_events(game_id, **arguments)
                        theirs = library(recorder, game_id, **arguments)  # type: ignore[arg-type]
                        assert mine == theirs, (game_id, arguments)
                        assert all(type(item.originator_id) is uuid.UUID for item in mine)
                        assert all(type(item.state) is bytes for item in mine)
    records.close()
