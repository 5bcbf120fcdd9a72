"""The Game aggregate: the recorded history of one game.

Its ``@event`` methods (and ``Stepped.apply``) never validate, roll or read a
clock: they run again on every reconstruction. Validation happens in
``Ruleset.decide`` before anything is recorded. A ``Stepped`` event carries one
engine event (as a plain dict with its ruleset id, engine version and event
schema) and, on the first event of a command, the command that caused it; its
``apply`` folds the engine event into the game's state through ``Ruleset.evolve``.

Versions: ``Started`` is version 1 and step 0; step N is version N + 1;
``Ended`` (outcome and revealed seed) follows the last step.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any
from uuid import UUID

from eventsourcing.domain import Aggregate, CanMutateProtocol, event

from replays import registry

Entry = dict[str, Any]


def step_version(step: int) -> int:
    """The aggregate version at which ``step`` is reached."""
    return step + 1


class Game(Aggregate):
    @event("Started")
    def __init__(
        self,
        *,
        ruleset: str,
        engine_version: str,
        event_schema: int,
        title: str,
        setup: dict[str, Any],
        sides: list[str],
        dice_mode: str,
        seed: str | None,
        seed_commitment: str | None,
        start_dice: list[int] | None,
        initial_state: dict[str, Any],
    ) -> None:
        self.ruleset = ruleset
        self.engine_version = engine_version
        self.event_schema = event_schema
        self.title = title
        self.setup = setup
        self.sides = sides
        self.dice_mode = dice_mode
        # The seed stays server-side until the game ends; only its commitment
        # is shown. See docs/architecture.md, "Provably fair dice".
        self.seed = seed
        self.seed_commitment = seed_commitment
        self.start_dice = start_dice
        self.state = initial_state
        self.step = 0
        self.commands = 0
        self.outcome: dict[str, Any] | None = None
        self.seed_revealed = False
        # False between the events of one command: no one is asked to decide there.
        self.at_decision_point = True

    @classmethod
    def start(cls, game_id: UUID | None = None, **started: Any) -> Game:
        """Start a game record; imported records keep the id they were exported with."""
        if game_id is None:
            return cls(**started)
        return cls._create(event_class=cls.Started, id=game_id, **started)  # type: ignore[attr-defined]

    @property
    def over(self) -> bool:
        return self.outcome is not None

    def record_command(
        self,
        command: dict[str, Any],
        *,
        entered_dice: list[int] | None,
        sealed_for: str | None,
        entries: list[Entry],
        after_each_step: Callable[[], object] | None = None,
    ) -> None:
        """Append a decided command's engine events, one ``Stepped`` each.

        ``sealed_for`` names the side whose secret answer this command is (it
        answered a sealed prompt); others do not see it until the game ends.
        ``after_each_step`` is called once each event is applied (an importer
        takes its snapshots there)."""
        command_index = self.commands + 1
        for position, entry in enumerate(entries):
            first = position == 0
            self.trigger_event(
                self.Stepped,
                command_index=command_index,
                command=command if first else None,
                entered_dice=entered_dice if first else None,
                sealed_for=sealed_for if first else None,
                closes_command=position == len(entries) - 1,
                entry=entry,
            )
            if after_each_step is not None:
                after_each_step()

    class Stepped(Aggregate.Event):
        """One engine event of a command (the command itself on its first event).

        Defined as a class with ``apply`` rather than by an ``@event`` method:
        eventsourcing then calls ``apply`` directly, without selecting the
        method's arguments from the event's attributes on every event (a fifth
        of the cost of recording an event when a whole record is imported).
        The topic (``replays.game:Game.Stepped``) and the stored attributes are
        those the decorated method had."""

        command_index: int
        command: dict[str, Any] | None
        entered_dice: list[int] | None
        sealed_for: str | None
        closes_command: bool
        entry: Entry

        def apply(self, aggregate: Aggregate) -> None:
            assert isinstance(aggregate, Game)
            entry = self.entry
            ruleset = registry.get(entry["ruleset"])
            engine_event = ruleset.upcast_event(entry["event"], entry["schema"])
            aggregate.state = ruleset.evolve(aggregate.state, engine_event)
            aggregate.step += 1
            aggregate.commands = self.command_index
            aggregate.at_decision_point = self.closes_command

    @event("Ended")
    def end(self, outcome: dict[str, Any]) -> None:
        self.outcome = outcome
        self.seed_revealed = True


def project_game(
    game: Game | None, domain_events: Iterable[CanMutateProtocol[Game]]
) -> Game | None:
    """Fold stored events (and snapshots) into a ``Game``.

    eventsourcing's default ``project_aggregate`` does the same, but first runs
    ``assert isinstance(event, CanMutateProtocol)`` on every event: a
    runtime-checkable Protocol check that costs about 19 µs per event on
    Python 3.11, more than applying most events. Every event of a game (and
    every snapshot) is an eventsourcing event class with ``mutate``."""
    for domain_event in domain_events:
        game = domain_event.mutate(game)
    return game
