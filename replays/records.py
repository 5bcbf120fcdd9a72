"""The GameRecords application: start games, record commands, read any step.

Each public method speaks in primitives and does get -> aggregate
commands -> one save. The engine decides; the aggregate only records.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.persistence import IntegrityError, Recording, StoredEvent
from eventsourcing_sqlalchemy.recorders import SQLAlchemyApplicationRecorder
from sqlalchemy import Connection, insert, select
from sqlalchemy.dialects import postgresql, sqlite

from engine.core import (
    CommandRefused,
    IllegalCommand,
    InvalidCommand,
    NotCanonical,
    Ruleset,
    canonical_json,
    seed_commitment,
    state_hash,
    verify_seed,
)
from replays import registry
from replays.errors import (
    Conflict,
    GameExists,
    GameNotFound,
    RecordRejected,
    ReplayRefused,
    StepOutOfRange,
)
from replays.game import Game, project_game, step_version
from replays.listeners import notify_all
from replays.record_file import FORMAT, MAX_TITLE, validate_record
from replays.recorder import BatchApplicationRecorder
from replays.redaction import StepEntry, shown_command, shown_event, shown_state, shown_step
from replays.schema import record_fingerprints
from replays.verify import (
    DICE_MODES,
    ENTERED,
    SEEDED,
    Discrepancy,
    Fold,
    RecordedCommand,
    Rerun,
    dice_for,
    rerun,
    start_state,
)

SNAPSHOT_INTERVAL = 50

# The largest set-up a game may have, as canonical JSON. A Kensei set-up names
# sample armies in under 100 bytes; one that lists both armies in full is a few
# kilobytes. The limit only keeps a set-up from filling the store and every read.
MAX_SETUP_BYTES = 256 * 1024

# The automatic answers that follow a command (bots', standing answers'): called
# once with the game as the command left it (unsaved), it yields the next command
# to record; when resumed, the game it was given holds that command's events.
Answers = Callable[[Game], Iterator[dict[str, Any]]]


class DuplicateRecord(Exception):
    """A record whose content is already stored as another game."""

    def __init__(self, existing: UUID) -> None:
        self.game_id = existing
        self.message = (
            f"this game is already stored, as game {existing}: "
            "a record is imported once, whatever its id and title"
        )
        super().__init__(self.message)


# Writes rows of other tables of the event store's database in the transaction
# of a game's first event: called with the connection, the game's id and sides.
StartedAlongside = Callable[[Connection, UUID, list[str]], object]


@dataclass(frozen=True)
class GameSummary:
    id: UUID
    ruleset: str
    title: str
    sides: list[str]
    dice_mode: str
    seed_commitment: str | None
    seed: str | None  # revealed once the game is over
    last_step: int
    commands: int
    outcome: dict[str, Any] | None
    prompt: dict[str, Any] | None
    created_on: datetime
    modified_on: datetime

    @property
    def status(self) -> str:
        return "ended" if self.outcome is not None else "running"


@dataclass(frozen=True)
class StepState:
    game_id: UUID
    step: int
    last_step: int
    state: dict[str, Any]  # as the viewer may see it
    hash: str  # state_hash of what is shown (the full state once the game is over)
    prompt: dict[str, Any] | None  # None between the events of one command
    game_over: bool


@dataclass(frozen=True)
class AuditReport:
    game_id: UUID
    identical: bool
    steps_checked: int
    discrepancy: Discrepancy | None
    message: str


class GameRecords(Application[UUID]):
    """Event-sourced game records on any eventsourcing persistence module."""

    name = "GameRecords"
    snapshotting_intervals = {Game: SNAPSHOT_INTERVAL}
    snapshotting_projectors = {Game: project_game}

    def __init__(
        self, env: dict[str, str] | None = None, *, rulesets: Iterable[Ruleset] = ()
    ) -> None:
        super().__init__(env)
        registry.install(rulesets)
        self._listeners: list[Callable[[], object]] = []
        # The in-memory store's record fingerprints (the SQL store's are a table).
        self._fingerprints: dict[str, UUID] = {}

    def on_recorded(self, listener: Callable[[], object]) -> None:
        """Call ``listener`` after every successful save (projections catch up)."""
        self._listeners.append(listener)

    def _notify(self, recordings: list[Recording[UUID]]) -> None:
        notify_all(self._listeners)  # logs, never raises: the events are stored

    # -- commands -----------------------------------------------------------

    def start_game(
        self,
        ruleset_id: str,
        setup: dict[str, Any],
        *,
        title: str = "",
        dice_mode: str = SEEDED,
        seed: str | None = None,
        start_dice: list[int] | None = None,
        alongside: StartedAlongside | None = None,
    ) -> UUID:
        """Start a game; ``seed`` defaults to 256 fresh random bits.

        ``alongside`` (SQL store only) writes rows of other tables in the same
        transaction as the game's first event: both are stored, or neither (if
        it raises, the game is not started and its exception propagates)."""
        if alongside is not None and not isinstance(self.recorder, BatchApplicationRecorder):
            raise ValueError("rows can be written alongside a game only on the SQL event store")
        ruleset = registry.get(ruleset_id)
        if dice_mode not in DICE_MODES:
            raise InvalidCommand(f"dice mode must be one of {', '.join(DICE_MODES)}")
        if not isinstance(title, str) or len(title) > MAX_TITLE:
            raise InvalidCommand(f"title: at most {MAX_TITLE} characters")
        _check_plain(setup, "setup")
        setup_problem = _setup_problem(setup)
        if setup_problem is not None:
            raise InvalidCommand(setup_problem)
        if dice_mode == SEEDED:
            seed = seed or secrets.token_hex(32)
            start_dice = None
        else:
            seed = None
        initial_state = start_state(ruleset, setup, dice_mode, seed, start_dice)
        game = Game.start(
            ruleset=ruleset.id,
            engine_version=ruleset.version,
            event_schema=ruleset.event_schema,
            title=title or ruleset.title,
            setup=setup,
            sides=list(ruleset.sides(initial_state)),
            dice_mode=dice_mode,
            seed=seed,
            seed_commitment=seed_commitment(seed) if seed else None,
            start_dice=start_dice,
            initial_state=initial_state,
        )
        if alongside is None:
            self.save(game)
        else:
            sides = list(game.sides)
            self.save(game, alongside=lambda connection: alongside(connection, game.id, sides))
        return game.id

    def submit_command(
        self,
        game_id: UUID,
        command: Any,
        *,
        expected_step: int | None = None,
        dice: list[int] | None = None,
        answers: Answers | None = None,
        max_answers: int = 0,
    ) -> list[StepEntry]:
        """Decide ``command`` with the engine and record it with its events,
        atomically. ``expected_step`` is the step the client decided at: if the
        game has moved on, ``Conflict``. ``dice`` are entered faces for games
        recorded by hand.

        ``answers`` (at most ``max_answers`` of them: the bots' and standing
        answers' commands it triggers) are decided and recorded on the same
        aggregate and saved with it, in one transaction: no reader ever sees the
        command without them (a prompt they answer would flash on the play
        page), and if any is refused or fails nothing is stored. Returns the
        steps of ``command`` alone."""
        _check_command(command)  # a malformed command is refused before any read
        game = self._get(game_id)
        if expected_step is not None and expected_step != game.step:
            raise Conflict(
                f"the game is at step {game.step}, not {expected_step}: reload and decide again"
            )
        entries = self._decide_into(game, command, dice)
        if answers is not None:
            self._record_answers(game, answers, max_answers)
        self._save_recorded(game)
        return entries

    def answer(self, game_id: UUID, answers: Answers, *, max_commands: int) -> int:
        """Record the automatic ``answers`` to what waits now (``submit_command``'s
        ``answers``, with no command of a person before them: a bot's first move
        once a game starts), all in one save. Returns the commands recorded."""
        game = self._get(game_id)
        played = self._record_answers(game, answers, max_commands)
        if played:
            self._save_recorded(game)
        return played

    def _record_answers(self, game: Game, answers: Answers, max_commands: int) -> int:
        """Record on ``game`` (unsaved) the commands ``answers`` gives, each seeing
        the game as the one before left it, until it gives no more, the game ends
        or ``max_commands`` are recorded."""
        played = 0
        if game.over or max_commands <= 0:
            return played
        for command in answers(game):
            self._decide_into(game, command, None)
            played += 1
            if game.over or played >= max_commands:
                break
        return played

    def _decide_into(self, game: Game, command: Any, dice: list[int] | None) -> list[StepEntry]:
        """Decide ``command`` with the engine and record its events on ``game``
        (ending it if the command decides the outcome); nothing is saved, and an
        engine refusal records nothing. The command's steps, with full events."""
        _check_command(command)
        if game.over:
            raise IllegalCommand("the game is over", rule="Game records: a finished game is closed")
        ruleset = registry.get(game.ruleset)
        if game.dice_mode == SEEDED and dice is not None:
            raise InvalidCommand("this game rolls its own dice: do not enter any")
        prompt = ruleset.prompt(game.state)
        source = dice_for(game.dice_mode, game.seed, game.commands + 1, dice)
        events = ruleset.decide(game.state, command, source)
        source.finish()
        if not events:
            raise RuntimeError(f"{ruleset.id} decided {command!r} into no events")
        for engine_event in events:
            canonical_json(engine_event)  # a ruleset bug must not reach the store
        first_step = game.step + 1
        befores = [game.state]
        for engine_event in events[:-1]:
            befores.append(ruleset.evolve(befores[-1], engine_event))
        sealed_for = command.get("side") if prompt is not None and prompt.sealed else None
        game.record_command(
            command,
            entered_dice=list(dice or []) if game.dice_mode == ENTERED else None,
            sealed_for=sealed_for,
            entries=[_entry(ruleset, engine_event) for engine_event in events],
        )
        outcome = ruleset.outcome(game.state)
        if outcome is not None:
            game.end(outcome.to_dict())
        return [
            StepEntry(
                step=first_step + offset,
                command_index=game.commands,
                command=command if offset == 0 else None,
                event=engine_event,
                summary=ruleset.describe(engine_event, before),
                tags=list(ruleset.log_tags(engine_event)),
            )
            for offset, (engine_event, before) in enumerate(zip(events, befores, strict=True))
        ]

    def _save_recorded(self, game: Game) -> None:
        """Save what was recorded on ``game``; a game that ended with it is saved
        with its content fingerprint (``_save_ended``)."""
        if game.over:
            self._save_ended(game)
        else:
            self._save_or_conflict(game)

    def submit_as(
        self,
        viewer: str | None,
        game_id: UUID,
        command: Any,
        *,
        expected_step: int | None = None,
        dice: list[int] | None = None,
        answers: Answers | None = None,
        max_answers: int = 0,
    ) -> list[StepEntry]:
        """``submit_command``, answered with the command's steps as ``viewer`` may
        see them (``replays.redaction``): what a user who sent the command is
        shown. ``submit_command`` answers the engine's full events, for the
        callers that fold them (bots, tools); never hand those to a user."""
        recorded = self.submit_command(
            game_id,
            command,
            expected_step=expected_step,
            dice=dice,
            answers=answers,
            max_answers=max_answers,
        )
        return self.steps(game_id, viewer, since=recorded[0].step - 1, until=recorded[-1].step)

    def _save_ended(self, game: Game) -> None:
        """Save the command that ends ``game`` with the game's content fingerprint
        (``record_fingerprint`` of the record it now exports), in one transaction:
        its record can then be imported under no other id. A game of the same
        content stored before (a replay of a fixed seed) keeps the fingerprint."""
        fingerprint = self._live_fingerprint(game)
        if not isinstance(self.recorder, BatchApplicationRecorder):
            self._save_or_conflict(game)
            self._fingerprints.setdefault(fingerprint, game.id)
            return
        row = {"fingerprint": fingerprint, "game_id": game.id}

        def fingerprinted(connection: Connection) -> None:
            dialect = postgresql if connection.dialect.name == "postgresql" else sqlite
            connection.execute(
                dialect.insert(record_fingerprints).values(**row).on_conflict_do_nothing()
            )

        self._save_or_conflict(game, alongside=fingerprinted)

    def _live_fingerprint(self, game: Game) -> str:
        """The fingerprint of a game played here, from its stored commands and the
        ones not yet saved."""
        commands = [
            {"command": stepped.command, "entered_dice": stepped.entered_dice}
            for stepped in (*self.events.get(game.id), *game.pending_events)
            if isinstance(stepped, Game.Stepped) and stepped.command is not None
        ]
        return record_fingerprint(
            {
                "ruleset": game.ruleset,
                "setup": game.setup,
                "dice": {
                    "mode": game.dice_mode,
                    "commitment": game.seed_commitment,
                    "seed": game.seed,
                    "start_dice": game.start_dice,
                },
                "commands": commands,
            }
        )

    def _save_or_conflict(self, game: Game, **save_kwargs: Any) -> None:
        try:
            self.save(game, **save_kwargs)
        except IntegrityError:
            raise Conflict(
                "another command was recorded first: reload the game and decide again"
            ) from None

    # -- queries --------------------------------------------------------------

    def _get(self, game_id: UUID, version: int | None = None) -> Game:
        try:
            game: Game = self.repository.get(game_id, version=version, projector_func=project_game)
        except AggregateNotFoundError:
            raise GameNotFound(game_id) from None
        _check_replayable(game_id, game.ruleset, game.state)
        return game

    def current(self, game_id: UUID) -> Game:
        """The game as it is now (its state, step and ruleset), for bots and proposals."""
        return self._get(game_id)

    def _reading(self) -> AbstractContextManager[object]:
        """One read-only transaction for several reads of the SQL store (they
        see the same committed state, in one session); nothing for the
        in-memory store."""
        if isinstance(self.recorder, SQLAlchemyApplicationRecorder):
            return self.recorder.transaction(commit=False)
        return nullcontext()

    def _head(self, game_id: UUID) -> tuple[int, bool]:
        """The last step and whether the game is over, from the newest event only."""
        newest = list(self.events.get(game_id, desc=True, limit=1))
        if not newest:
            raise GameNotFound(game_id)
        over = isinstance(newest[0], Game.Ended)  # type: ignore[attr-defined]
        version = newest[0].originator_version
        return version - (2 if over else 1), over

    def head(self, game_id: UUID) -> tuple[int, bool]:
        """The last step and whether the game is over: one row read, cheap to poll."""
        return self._head(game_id)

    def summary(self, game_id: UUID) -> GameSummary:
        game = self._get(game_id)
        ruleset = registry.get(game.ruleset)
        prompt = ruleset.prompt(game.state)
        return GameSummary(
            id=game.id,
            ruleset=game.ruleset,
            title=game.title,
            sides=list(game.sides),
            dice_mode=game.dice_mode,
            seed_commitment=game.seed_commitment,
            seed=game.seed if game.over else None,
            last_step=game.step,
            commands=game.commands,
            outcome=game.outcome,
            prompt=prompt.to_dict() if prompt is not None else None,
            created_on=game.created_on,
            modified_on=game.modified_on,
        )

    def state_at(self, game_id: UUID, step: int, viewer: str | None = None) -> StepState:
        """The game as ``viewer`` (a side, or ``None`` for a spectator) sees it
        after ``step`` events; everything is shown once the game is over."""
        with self._reading():
            last_step, over = self._head(game_id)
            if not 0 <= step <= last_step:
                raise StepOutOfRange(step, last_step)
            game = self._get(game_id, version=step_version(step))
        ruleset = registry.get(game.ruleset)
        at = (game_id, step, last_step, over)
        return _step_state(ruleset, at, game.state, game.at_decision_point, viewer)

    def states_between(
        self, game_id: UUID, first: int, last: int, viewer: str | None = None
    ) -> list[StepState]:
        """``state_at`` of every step from ``first`` to ``last`` (both within the
        game, ``first <= last``), read in one transaction and folded from the
        state at ``first`` (one load, then one ``evolve`` per step)."""
        with self._reading():
            last_step, over = self._head(game_id)
            for step in (first, last):
                if not 0 <= step <= last_step:
                    raise StepOutOfRange(step, last_step)
            game = self._get(game_id, version=step_version(first))
            stored = [
                stepped
                for stepped in self.events.get(
                    game_id, gt=step_version(first), lte=step_version(last)
                )
                if isinstance(stepped, Game.Stepped)
            ]
        ruleset = registry.get(game.ruleset)
        state, at_decision_point = game.state, game.at_decision_point
        found = []
        for step in range(first, last + 1):
            if step > first:
                stepped = stored[step - first - 1]
                state = ruleset.evolve(state, _upcast(ruleset, stepped.entry))
                at_decision_point = stepped.closes_command
            at = (game_id, step, last_step, over)
            found.append(_step_state(ruleset, at, state, at_decision_point, viewer))
        return found

    def steps(
        self,
        game_id: UUID,
        viewer: str | None = None,
        *,
        since: int = 0,
        until: int | None = None,
    ) -> list[StepEntry]:
        """The steps after ``since`` (every step after the start by default) up to
        ``until``, each with a one-line summary, as ``viewer`` sees them."""
        with self._reading():
            stored = list(self.events.get(game_id, limit=1))
            if not stored:
                raise GameNotFound(game_id)
            started = stored[0]
            _check_replayable(game_id, started.ruleset, started.initial_state)  # type: ignore[attr-defined]
            _, over = self._head(game_id)
            stored = list(
                self.events.get(
                    game_id, gt=step_version(since), lte=None if until is None else until + 1
                )
            )
            # The sentences name what they can from the state before each event.
            state = self._get(game_id, version=step_version(max(0, since))).state
        ruleset = registry.get(started.ruleset)  # type: ignore[attr-defined]
        entries = []
        for domain_event in stored:
            if not isinstance(domain_event, Game.Stepped):
                continue
            event = _upcast(ruleset, domain_event.entry)
            entries.append(
                shown_step(
                    ruleset,
                    step=domain_event.originator_version - 1,
                    command_index=domain_event.command_index,
                    command=domain_event.command,
                    sealed_for=domain_event.sealed_for,
                    event=event,
                    viewer=viewer,
                    game_over=over,
                    before=state,
                )
            )
            state = ruleset.evolve(state, event)
        return entries

    # -- record files ---------------------------------------------------------

    def export_record(self, game_id: UUID) -> dict[str, Any]:
        """The ``shiai-game/1`` record. While the game runs, the seed is null
        and sealed answers are hidden: such a record can be read, not imported."""
        stored = list(self.events.get(game_id))
        if not stored:
            raise GameNotFound(game_id)
        game = self._get(game_id)
        started = stored[0]
        ruleset = registry.get(game.ruleset)
        commands: list[dict[str, Any]] = []
        for domain_event in stored[1:]:
            if not isinstance(domain_event, Game.Stepped):
                continue
            entry = domain_event.entry
            # A running game's record is a spectator's (its seed is not revealed either).
            command = shown_command(
                domain_event.command, domain_event.sealed_for, None, game_over=game.over
            )
            engine_event = shown_event(ruleset, entry["event"], None, game_over=game.over)
            if command is not None:
                commands.append(
                    {
                        "index": domain_event.command_index,
                        "command": command,
                        "entered_dice": domain_event.entered_dice,
                        "events": [],
                    }
                )
            commands[-1]["events"].append(
                {
                    "step": domain_event.originator_version - 1,
                    "schema": entry["schema"],
                    "engine_version": entry["engine_version"],
                    "event": engine_event,
                }
            )
        record = {
            "format": FORMAT,
            "game_id": str(game.id),
            "ruleset": game.ruleset,
            "engine_version": game.engine_version,
            "event_schema": game.event_schema,
            "title": game.title,
            "setup": game.setup,
            "sides": list(game.sides),
            "dice": {
                "mode": game.dice_mode,
                "commitment": game.seed_commitment,
                "seed": game.seed if game.over else None,
                "start_dice": game.start_dice,
            },
            "initial_state_hash": state_hash(started.initial_state),  # type: ignore[attr-defined]
            "commands": commands,
            "outcome": game.outcome,
        }
        if game.over:
            # While the game runs, a hash of the full state would let anyone test
            # guesses of the sealed answers against it: it comes with the seed.
            record["final_state_hash"] = state_hash(game.state)
        return record

    def import_record(self, record: Any) -> UUID:
        """Verify a record through the engine and store it as one transaction.

        Refuses (``RecordRejected``) a record that is malformed, whose seed does
        not match its commitment, or that does not replay exactly as written,
        naming the first step that differs."""
        validate_record(record)
        ruleset = registry.get(record["ruleset"])
        dice = record["dice"]
        seed = dice["seed"]
        if dice["mode"] == SEEDED:
            if seed is None:
                raise RecordRejected("a seeded record can be imported once its seed is revealed")
            if dice["commitment"] is None or not verify_seed(seed, dice["commitment"]):
                raise RecordRejected("the seed does not match the seed commitment")
        _check_record_claims(ruleset, record)
        recorded = _recorded_commands(ruleset, record)
        game_id = UUID(record["game_id"])
        snapshots: list[StoredEvent] = []

        def snapshot_if_due() -> None:
            # The snapshots eventsourcing would take after the save (every
            # SNAPSHOT_INTERVAL versions), taken from the game as it is built
            # rather than by reading it back. Encoded at once: the game moves on.
            if self.snapshots is not None and game.version % SNAPSHOT_INTERVAL == 0:
                snapshots.append(self.mapper.to_stored_event(Game.Snapshot.take(game)))

        def record_verified(command: RecordedCommand, state: dict[str, Any]) -> dict[str, Any]:
            # The engine has just produced exactly the recorded events of
            # ``command``: record them, and the game's state is the next one.
            prompt = ruleset.prompt(state)
            game.record_command(
                command.command,
                entered_dice=command.entered_dice,
                sealed_for=command.command.get("side") if prompt and prompt.sealed else None,
                entries=[_entry(ruleset, engine_event) for engine_event in command.events],
                after_each_step=snapshot_if_due,
            )
            return game.state

        # The game is built as the engine re-runs the record, each command once
        # its events are found identical (its state is the re-run's: the engine
        # folds every event once); it is stored only if the whole record passes.
        try:
            initial_state = start_state(
                ruleset, record["setup"], dice["mode"], seed, dice.get("start_dice")
            )
            _check_record_sides(ruleset, record, initial_state)
            game = Game.start(
                game_id=game_id,
                ruleset=ruleset.id,
                engine_version=record["engine_version"],
                event_schema=record["event_schema"],
                title=record.get("title") or ruleset.title,
                setup=record["setup"],
                sides=record["sides"],
                dice_mode=dice["mode"],
                seed=seed,
                seed_commitment=dice["commitment"],
                start_dice=dice.get("start_dice"),
                initial_state=initial_state,
            )
            snapshot_if_due()
            result = _rerun_record(
                ruleset, record, recorded, initial_state=game.state, fold=record_verified
            )
        except (CommandRefused, NotCanonical, KeyError, TypeError, ValueError) as error:
            raise RecordRejected(f"the record does not replay: {error}") from None
        if result.discrepancy is not None:
            raise RecordRejected(result.discrepancy.message, step=result.discrepancy.step)
        outcome = ruleset.outcome(result.state)
        if (outcome.to_dict() if outcome else None) != record["outcome"]:
            raise RecordRejected("the recorded outcome is not the one the engine reaches")
        if "final_state_hash" in record and record["final_state_hash"] != state_hash(result.state):
            raise RecordRejected("the final state hash does not match the replay")
        if outcome is not None:
            game.end(outcome.to_dict())
            snapshot_if_due()
        try:
            fingerprint = record_fingerprint(record)
        except NotCanonical as error:
            raise RecordRejected(f"the record is not plain JSON: {error}") from None
        self._refuse_stored_content(fingerprint, game_id)
        try:
            self._record_imported(game, snapshots, fingerprint)
        except IntegrityError:
            # Another import won a race: of this id, or of this content.
            self._refuse_stored_content(fingerprint, game_id)
            raise GameExists(game_id) from None
        return game_id

    def _refuse_stored_content(self, fingerprint: str, game_id: UUID) -> None:
        """``GameExists`` if this record is stored under its own id,
        ``DuplicateRecord`` if its content is stored under another."""
        existing = self._fingerprinted(fingerprint)
        if existing == game_id:
            raise GameExists(game_id)
        if existing is not None:
            raise DuplicateRecord(existing)

    def _fingerprinted(self, fingerprint: str) -> UUID | None:
        """The game stored with this record fingerprint, if any."""
        if not isinstance(self.recorder, BatchApplicationRecorder):
            return self._fingerprints.get(fingerprint)
        with self.recorder.transaction(commit=False) as session:
            found: UUID | None = (
                session.connection()
                .execute(
                    select(record_fingerprints.c.game_id).where(
                        record_fingerprints.c.fingerprint == fingerprint
                    )
                )
                .scalar()
            )
        return found

    def _record_imported(self, game: Game, snapshots: list[StoredEvent], fingerprint: str) -> None:
        """Store an imported game's events, and the snapshots taken while it was
        built, and its content fingerprint (``record_fingerprints``), in one
        transaction on the SQL store (``BatchApplicationRecorder``); the
        in-memory store gets the snapshots right after the events.

        Not ``save``: it would take the snapshots again, each by reading the
        game back from the store. A snapshot is a cache (a missing one costs a
        longer fold), so one taken from the game as built is as good as one
        read back; a test compares them."""
        events = game.collect_events()
        game_id = game.id

        def fingerprinted(connection: Connection) -> None:
            row = {"fingerprint": fingerprint, "game_id": game_id}
            connection.execute(insert(record_fingerprints).values(**row))

        if isinstance(self.recorder, BatchApplicationRecorder):
            recordings = self.events.put(events, snapshots=snapshots, alongside=fingerprinted)
        else:
            recordings = self.events.put(events)
            self._fingerprints[fingerprint] = game_id
            if self.snapshots is not None and snapshots:
                self.snapshots.recorder.insert_events(snapshots)
        self._notify(recordings)

    def audit(self, game_id: UUID) -> AuditReport:
        """Re-run the recorded commands (with the revealed seed) through the
        current engine: identical events, or the first step that differs."""
        record = self.export_record(game_id)
        dice = record["dice"]
        if record["outcome"] is None:
            secret = "its seed is" if dice["mode"] == SEEDED else "its sealed answers are"
            message = f"a game is audited once it has ended: {secret} secret until then"
            return AuditReport(game_id, False, 0, None, message)
        ruleset = registry.get(record["ruleset"])
        result = _rerun_record(ruleset, record, _recorded_commands(ruleset, record))
        if result.discrepancy is None:
            source = (
                "re-derived from the seed"
                if dice["mode"] == SEEDED
                else "replayed from the entered dice"
            )
            message = f"all {result.steps} steps {source} are identical"
        else:
            message = result.discrepancy.message
        return AuditReport(game_id, result.identical, result.steps, result.discrepancy, message)


def _step_state(
    ruleset: Ruleset,
    at: tuple[UUID, int, int, bool],
    state: dict[str, Any],
    at_decision_point: bool,
    viewer: str | None,
) -> StepState:
    """The game at a step as ``viewer`` sees it; ``at``: (game, step, last step, over)."""
    game_id, step, last_step, over = at
    shown = shown_state(ruleset, state, viewer, game_over=over)
    prompt = ruleset.prompt(state) if at_decision_point else None
    return StepState(
        game_id=game_id,
        step=step,
        last_step=last_step,
        state=shown,
        hash=state_hash(shown),
        prompt=prompt.to_dict() if prompt is not None else None,
        game_over=over,
    )


def _check_replayable(game_id: UUID, ruleset_id: str, state: dict[str, Any]) -> None:
    """``ReplayRefused`` when the installed ruleset refuses to replay this game (it was
    recorded with other data files than those loaded now: a wrong board otherwise)."""
    reason = registry.get(ruleset_id).replay_refusal(state)
    if reason is not None:
        raise ReplayRefused(game_id, reason)


def _recorded_commands(ruleset: Ruleset, record: dict[str, Any]) -> list[RecordedCommand]:
    """The commands of a ``shiai-game/1`` record, their events upcast."""
    return [
        RecordedCommand(
            index=item["index"],
            command=item["command"],
            entered_dice=item.get("entered_dice"),
            events=[_upcast(ruleset, entry) for entry in item["events"]],
        )
        for item in record["commands"]
    ]


def _rerun_record(
    ruleset: Ruleset,
    record: dict[str, Any],
    commands: list[RecordedCommand],
    *,
    initial_state: dict[str, Any] | None = None,
    fold: Fold | None = None,
) -> Rerun:
    dice = record["dice"]
    return rerun(
        ruleset,
        setup=record["setup"],
        dice_mode=dice["mode"],
        seed=dice["seed"],
        start_dice=dice.get("start_dice"),
        commands=commands,
        initial_state_hash=record["initial_state_hash"],
        initial_state=initial_state,
        fold=fold,
    )


def _entry(ruleset: Ruleset, engine_event: dict[str, Any]) -> dict[str, Any]:
    return {
        "ruleset": ruleset.id,
        "engine_version": ruleset.version,
        "schema": ruleset.event_schema,
        "event": engine_event,
    }


def _upcast(ruleset: Ruleset, entry: dict[str, Any]) -> dict[str, Any]:
    event: dict[str, Any] = ruleset.upcast_event(entry["event"], entry["schema"])
    return event


def _check_command(command: Any) -> None:
    if not isinstance(command, dict):
        raise InvalidCommand("a command is a JSON object")
    _check_plain(command, "command")


def _check_plain(value: Any, what: str) -> None:
    try:
        canonical_json(value)
    except NotCanonical as error:
        raise InvalidCommand(f"{what}: {error}") from None


def record_fingerprint(record: dict[str, Any]) -> str:
    """SHA-256 of what makes a record's game: its ruleset, set-up, dice and
    commands (with any entered dice), in canonical JSON. Not its id, title,
    version labels or events (the engine derives those from the rest)."""
    dice = record["dice"]
    content = {
        "ruleset": record["ruleset"],
        "setup": record["setup"],
        "dice": {
            "mode": dice["mode"],
            "commitment": dice["commitment"],
            "seed": dice["seed"],
            "start_dice": dice.get("start_dice"),
        },
        "commands": [
            {"command": item["command"], "entered_dice": item.get("entered_dice")}
            for item in record["commands"]
        ],
    }
    return state_hash(content)


def _setup_problem(setup: Any) -> str | None:
    try:
        size = len(canonical_json(setup).encode())
    except NotCanonical as error:
        return f"setup: {error}"
    if size > MAX_SETUP_BYTES:
        return f"setup: {size} bytes, more than the {MAX_SETUP_BYTES} a set-up may have"
    return None


def _version_numbers(version: str) -> tuple[int, ...] | None:
    parts = version.split(".")
    if not 1 <= len(parts) <= 4 or not all(re.fullmatch(r"[0-9]{1,6}", part) for part in parts):
        return None
    return tuple(int(part) for part in parts)


def _check_record_claims(ruleset: Ruleset, record: dict[str, Any]) -> None:
    """Refuse a record whose versions the ruleset does not have, or whose set-up is too big."""
    _check_record_versions(ruleset, record)
    setup_problem = _setup_problem(record["setup"])
    if setup_problem is not None:
        raise RecordRejected(setup_problem)


def _check_record_versions(ruleset: Ruleset, record: dict[str, Any]) -> None:
    """A record names a version of the engine that exists: this ruleset's, or
    an earlier release of it (the import re-runs it through this one, so an
    earlier version's game is accepted when this engine replays it exactly);
    and an event schema this ruleset reads: its own, or an earlier one it can
    upcast. Never a later or unknown version, which the meta would show."""
    version = record["engine_version"]
    current = _version_numbers(ruleset.version)
    claimed = _version_numbers(version)
    allowed = version == ruleset.version or (
        current is not None and claimed is not None and claimed <= current
    )
    if not allowed:
        raise RecordRejected(
            f"engine version {version!r} is not a version of {ruleset.id}: "
            f"its engine is {ruleset.version} (a record of an earlier release is accepted)"
        )
    schema = record["event_schema"]
    if not 1 <= schema <= ruleset.event_schema or not _reads_schema(ruleset, schema):
        raise RecordRejected(
            f"event schema {schema} is not one {ruleset.id} reads: "
            f"its events are schema {ruleset.event_schema}"
        )


def _reads_schema(ruleset: Ruleset, schema: int) -> bool:
    """Whether ``ruleset`` upcasts events of ``schema`` (an event of no known
    type is lifted unchanged by an upcaster that knows the schema)."""
    if schema == ruleset.event_schema:
        return True
    try:
        ruleset.upcast_event({"type": ""}, schema)
    except ValueError:
        return False
    except (KeyError, TypeError):
        return True  # it looked into the event: it knows the schema
    return True


def _check_record_sides(ruleset: Ruleset, record: dict[str, Any], state: dict[str, Any]) -> None:
    sides = list(ruleset.sides(state))
    if record["sides"] != sides:
        raise RecordRejected(
            f"the record's sides {', '.join(map(str, record['sides']))} are not this game's: "
            f"its set-up gives {', '.join(sides)}"
        )
