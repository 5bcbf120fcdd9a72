"""The kernel contract every game system implements.

A ``Ruleset`` is a pure state machine in the spirit of OpenSpiel and
python-chess. States, commands and events are plain JSON data (see
``engine.core.canonical``); the ruleset never mutates them in place.

    state = ruleset.start(setup, seed)
    while (prompt := ruleset.prompt(state)) is not None:
        events = ruleset.decide(state, command, dice)   # validates, may roll
        for event in events:
            state = ruleset.evolve(state, event)        # applies, never checks

Sealed choices: a prompt may address several sides at once with
``sealed=True``. Each side answers with its own command; the events that
record an answer keep the choice under the ``"sealed"`` key with
``"sealed_for"`` naming the side, and ``view_event`` hides it from every
other viewer until the game is over. When the last side has answered,
``decide`` returns the reveal event together with its consequences.

Secrets: what no player may know while the game goes on, its owner included (the
new order of a shuffled deck), is kept under the ``"secret"`` key of its event;
``view_event`` hides it from every viewer until the game is over.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import Any, ClassVar, Protocol

from engine.core.bots import RandomBot
from engine.core.dice import Dice
from engine.core.errors import InvalidCommand
from engine.core.position import check_position

State = dict[str, Any]
Command = dict[str, Any]
Event = dict[str, Any]
Setup = dict[str, Any]

SEALED_KEY = "sealed"
SEALED_FOR_KEY = "sealed_for"
SECRET_KEY = "secret"


@dataclass(frozen=True)
class Prompt:
    """Who must decide now, and what kind of decision.

    ``sides`` lists every side whose answer is awaited. ``sealed`` prompts are
    answered secretly and simultaneously; their answers are revealed together.
    ``options`` carries what a UI or bot needs to present the choice.
    """

    sides: tuple[str, ...]
    kind: str
    sealed: bool = False
    options: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "sides": list(self.sides),
            "kind": self.kind,
            "sealed": self.sealed,
            "options": dict(self.options),
        }


class Termination(StrEnum):
    """How a game ended."""

    VICTORY_CONDITION = "victory_condition"  # a scenario or race goal was met
    TURN_LIMIT = "turn_limit"  # the last turn was played and the game scored
    ANNIHILATION = "annihilation"  # a side has nothing left on the table
    CONCESSION = "concession"  # a side conceded


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game. ``winner`` is ``None`` for a draw."""

    termination: Termination
    winner: str | None
    scores: Mapping[str, int] = field(default_factory=dict)
    detail: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "termination": self.termination.value,
            "winner": self.winner,
            "scores": dict(self.scores),
            "detail": self.detail,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Outcome:
        return cls(
            termination=Termination(data["termination"]),
            winner=data["winner"],
            scores=dict(data.get("scores", {})),
            detail=str(data.get("detail", "")),
        )


@dataclass(frozen=True)
class DiceLuck:
    """The success rolls of one side with one kind of die (``faces``: 6 for d6s).

    ``dice`` counts the dice rolled, ``observed`` their successes and
    ``expected`` the exact sum of each die's chance of success. A die's chance is
    a whole number of ``1/faces`` (k of its faces succeed), so ``expected`` is a
    whole number of ``1/faces``; :attr:`expected_parts` is that number, what the
    read models store."""

    faces: int
    dice: int
    expected: Fraction
    observed: int

    def __post_init__(self) -> None:
        if self.faces < 2 or self.dice < 0 or self.observed < 0:
            raise ValueError(f"a d{self.faces} roll of {self.dice} dice is not one")
        if (self.expected * self.faces).denominator != 1:
            raise ValueError(f"expected successes {self.expected} are not whole 1/{self.faces}s")

    @property
    def expected_parts(self) -> int:
        """The expected successes in ``1/faces`` (a whole number)."""
        return int(self.expected * self.faces)


@dataclass(frozen=True)
class SideFacts:
    """What one side of a finished game did, for the analysis read models.

    What every system has: the side's ``faction`` (by its id in
    ``RulesetInfo.factions``), its ``victory_points`` (its score in the outcome),
    how the game ended (``ending``: a name of ``RulesetInfo.endings``), its length
    in ``turns``, whether the side held the first-player mark (``first``: the mark
    ``RulesetInfo.first_player`` names; ``None`` where the system has none or the
    game ended before it was given), the ``battle_size`` it played at (the
    system's own measure, Kensei's army points; 0 where it has none), the
    ``scenario`` (empty where none) and its dice ``luck``, one entry per kind of
    die it rolled (none for a system without dice). ``extra`` holds the system's
    own facts as canonical JSON (whole numbers, strings, booleans, null; no
    floats), for the system's own pages."""

    side: str
    faction: str
    victory_points: int
    ending: str
    turns: int
    first: bool | None = None
    battle_size: int = 0
    scenario: str = ""
    luck: tuple[DiceLuck, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class UnitFacts:
    """One unit (or character, or card in play) fielded in a finished game: what
    it cost (in the system's points; 0 where none), the casualties it caused and
    suffered (in the system's own count: Kensei counts miniatures), whether it
    survived, and the system's own facts in ``extra`` (canonical JSON)."""

    side: str
    unit: str
    name: str
    type: str
    casualties_caused: int
    casualties_suffered: int
    survived: bool
    cost: int = 0
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class GameFacts:
    """The facts of one finished game: a row per side (in seating order) and per unit."""

    sides: tuple[SideFacts, ...]
    units: tuple[UnitFacts, ...]


def redact_event(event: Event, viewer: str | None) -> Event:
    """Hide the sealed part of ``event`` from everyone but its owner, and its secret
    part from everyone.

    >>> redact_event({"type": "bid", "sealed_for": "A", "sealed": {"dice": 3}}, "B")
    {'type': 'bid', 'sealed_for': 'A', 'sealed': None}
    >>> redact_event({"type": "bid", "sealed_for": "A", "sealed": {"dice": 3}}, "A")["sealed"]
    {'dice': 3}
    >>> redact_event({"type": "shuffled", "secret": {"deck": [3, 1, 2]}}, "A")
    {'type': 'shuffled', 'secret': None}
    """
    shown = event
    if SEALED_KEY in event and event.get(SEALED_FOR_KEY) != viewer:
        shown = {**shown, SEALED_KEY: None}
    if SECRET_KEY in event:
        shown = {**shown, SECRET_KEY: None}
    return shown


@dataclass(frozen=True)
class Ending:
    """One way a game of a system can end: ``name`` is what the analysis facts
    store (stable), ``label`` what the pages show."""

    name: str
    label: str


@dataclass(frozen=True)
class Faction:
    """A faction, clan, school or character a side can play, by its stable id."""

    id: str
    name: str


@dataclass(frozen=True)
class RulesetInfo:
    """What the platform may know about a game system, in the spirit of OpenSpiel's
    game type: every layer above the engine asks this, never the ruleset's id.

    ``dice`` lists the faces of each kind of die the system rolls (``(6,)`` for
    d6s, ``(10,)`` for d10s), empty for a system without dice. ``first_player``
    names what marks the side that goes first (an initiative roll, a strategy
    roll...), or is empty when the system has no such mark. ``endings`` are the
    ways a game can end, by the names the analysis facts record."""

    id: str
    name: str
    edition: str
    players: tuple[int, int]
    dice: tuple[int, ...]
    sides: Mapping[str, str]
    factions: tuple[Faction, ...]
    first_player: str
    endings: tuple[Ending, ...]
    board: str = "table"  # "table" (free-form, measured) or "hex"

    def ending_label(self, name: str) -> str:
        """The label of the ending named ``name`` (the name itself if unknown)."""
        return next((e.label for e in self.endings if e.name == name), name)

    def faction_name(self, faction_id: str) -> str:
        """The display name of ``faction_id`` (the id itself if unknown)."""
        return next((f.name for f in self.factions if f.id == faction_id), faction_id)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "edition": self.edition,
            "players": list(self.players),
            "dice": list(self.dice),
            "sides": dict(self.sides),
            "factions": [{"id": f.id, "name": f.name} for f in self.factions],
            "first_player": self.first_player,
            "endings": [{"name": e.name, "label": e.label} for e in self.endings],
            "board": self.board,
        }


@dataclass(frozen=True)
class StandingChoice:
    """A standing answer a system offers its players (``engine.core.standing``):
    ``name`` is its key in the answers, ``label`` what the play page asks, and
    ``values`` each accepted value with what it does, the first being the default
    (answering each prompt oneself)."""

    name: str
    label: str
    values: Mapping[str, str]

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "label": self.label, "values": dict(self.values)}


class Bot(Protocol):
    """Chooses a legal command for ``side``, or ``None`` when it has none."""

    def choose(self, ruleset: Ruleset, state: State, side: str) -> Command | None: ...


BotFactory = Callable[[int | str], Bot]


@dataclass(frozen=True)
class BotChoice:
    """A named bot a system offers: how a player is told about it, and how to
    build one from a seed."""

    description: str
    build: BotFactory


class Ruleset(ABC):
    """A game system's rules as a pure state machine.

    Subclasses set ``id`` (stable, stored with every record), ``version``
    (the engine version of these rules) and ``event_schema`` (bumped when the
    shape of an event changes; ``upcast_event`` lifts older events).
    """

    id: ClassVar[str]
    title: ClassVar[str]
    version: ClassVar[str]
    event_schema: ClassVar[int] = 1
    # The field of a command that names its kind ("type": {"type": "bid", ...}).
    command_key: ClassVar[str] = "type"

    @abstractmethod
    def start(self, setup: Setup, seed: Dice) -> State:
        """The initial state from a setup. ``seed`` is the dice source of
        command index 0, for random set-up steps (shuffles, deployment rolls);
        the initial state is stored, so those outcomes are recorded."""

    @abstractmethod
    def sides(self, state: State) -> tuple[str, ...]:
        """The side identifiers of this game, in seating order."""

    @abstractmethod
    def prompt(self, state: State) -> Prompt | None:
        """Who must decide now; ``None`` once the game is over.

        Asked only of states between commands: the states between the events
        of one command are transient and need no prompt."""

    @abstractmethod
    def decide(self, state: State, command: Command, dice: Dice) -> list[Event]:
        """Validate ``command`` and return the events it causes.

        Raises ``InvalidCommand`` when the command is malformed and
        ``IllegalCommand`` (naming the rule) when the rules forbid it. Never
        mutates ``state``. Returns at least one event."""

    @abstractmethod
    def evolve(self, state: State, event: Event) -> State:
        """Apply one event and return the new state. Total, pure, no checks."""

    @abstractmethod
    def view(self, state: State, side: str | None) -> dict[str, Any]:
        """What ``side`` (or a spectator, ``None``) may see of ``state``."""

    @abstractmethod
    def outcome(self, state: State) -> Outcome | None:
        """The result once the game is over, else ``None``."""

    @abstractmethod
    def legal(self, state: State, side: str) -> Iterator[Command]:
        """Legal commands for ``side`` now: every one for discrete choices, a
        sample for continuous ones (movement). Empty if ``side`` is not prompted."""

    def concede_command(self, side: str) -> Command:
        """The command by which ``side`` resigns (``engine.core.concession``): every
        system accepts it from a side whose game is not over."""
        return {self.command_key: "concede", "side": side}

    def standing_choices(self) -> tuple[StandingChoice, ...]:
        """The standing answers this system offers (none by default): a side sets them
        with a ``standing`` command (``engine.core.standing``), recorded like any other."""
        return ()

    def standing_answer(self, state: State, side: str) -> Command | None:
        """The command ``side``'s standing answers give to the prompt now, or ``None``
        when the side answers it in person (the default). The platform submits it as
        the side's command, so the record holds it like any other."""
        return None

    # Declining (``engine.core.declining``): the prompt kinds that may be optional,
    # and every other kind the system asks, with the rule that requires an answer.
    optional_prompt_kinds: ClassVar[frozenset[str]] = frozenset()
    required_prompt_kinds: ClassVar[Mapping[str, str]] = {}

    def decline(self, state: State, side: str) -> Command | None:
        """The command that declines the optional choice open to ``side`` now, or
        ``None`` when the choice is not optional (``engine.core.declining``): one that
        ``legal`` lists and ``decide`` accepts. No choice is optional by default."""
        return None

    def prompt_details(self, state: State, side: str) -> Mapping[str, Any]:
        """What a person's page may ask about the prompt open to ``side`` beyond the
        prompt itself: checks too costly to make at every prompt (bots ask every
        prompt and need none of them), made only when a page asks (Kensei: which
        shoot and charge targets line of sight refuses). ``state`` is the asking
        side's view; nothing by default."""
        return {}

    def sample_setups(self) -> list[Setup]:
        """Set-ups for demo and bot games (sample armies, a scenario)."""
        return [{}]

    @property
    @abstractmethod
    def info(self) -> RulesetInfo:
        """What the platform may know about this system (see ``RulesetInfo``)."""

    def bots(self) -> Mapping[str, BotChoice]:
        """The named bots this system offers, the first being the default (the
        one ``bot`` builds). The default offers one, ``random``, that samples
        ``legal``."""
        return {"random": BotChoice("plays any legal move, at random", RandomBot)}

    def bot(self, seed: int | str) -> Bot:
        """The default bot: plays any side of this game legally, from its own
        seeded generator (the first of ``bots``)."""
        return next(iter(self.bots().values())).build(seed)

    def describe(self, event: Event, before: State | None = None) -> str:
        """A one-line sentence saying what ``event`` did, for step lists and logs.

        ``before`` is the state the event applies to, when the caller has it: a
        system may then name its units and say what the event needed ("9 cm
        needed"); the step lists pass it (they fold the game from the snapshot
        before the first step listed). Without it the sentence names units by
        their ids."""
        return str(event.get("type", "event"))

    def event_kinds(self) -> frozenset[str]:
        """Every kind of event this system records (the kinds its ``evolve``
        handles), so a conformance check can ask each for a sentence; empty
        (the default) when the system does not list them."""
        return frozenset()

    def log_tags(self, event: Event) -> tuple[str, ...]:
        """How a log may file ``event``: ``"bookkeeping"`` (offering windows, passes,
        reveal steps, draws: what a reader may hide), ``"combat"`` (shooting,
        charging, melee, duels: what "only combats" keeps). No tags by default."""
        return ()

    def view_event(self, event: Event, side: str | None, *, game_over: bool) -> Event:
        """What ``side`` may see of ``event``: sealed answers of other sides, and
        secrets, stay hidden until the game is over."""
        return event if game_over else redact_event(event, side)

    def analyse(
        self, initial_state: State, events: Sequence[Event], outcome: Outcome
    ) -> GameFacts | None:
        """The facts of a finished game for the analysis read models, from its
        initial state and every engine event (upcast), or ``None`` when this
        system gives none (the default). Pure and deterministic, like the rest."""
        return None

    def position(self, state: State) -> State:
        """Check a state given from outside (the position an analysis board starts
        from: a step of a game, or an edited one) and return it; ``InvalidCommand``
        naming what is wrong. The default (``engine.core.position.check_position``)
        checks it is canonical JSON the system can read, not over, with someone to
        decide; a system may check more (units off the table...)."""
        return check_position(self, state)

    def edit_position(self, state: State, edits: Sequence[Command]) -> State:
        """``state`` with ``edits`` applied (a position editor's: move a unit, set a
        marker, remove a unit), each checked by the rules of the table; the new state
        is checked by ``position``. ``InvalidCommand`` or ``IllegalCommand`` naming
        the first edit that is wrong; the default has no editor."""
        raise InvalidCommand(f"{self.title} has no position editor")

    def replay_refusal(self, state: State) -> str | None:
        """Why a game whose state is ``state`` must not be replayed or played by this
        ruleset (it was recorded with other data files than those loaded now, say),
        in words an organiser understands; ``None`` (the default) when it may."""
        return None

    def upcast_event(self, event: Event, schema: int) -> Event:
        """Lift an event stored under an older ``schema`` to ``event_schema``.

        Rulesets that changed an event's shape override this; the default
        accepts only the current schema."""
        if schema != self.event_schema:
            raise ValueError(
                f"{self.id} has no upcaster from event schema {schema} to {self.event_schema}"
            )
        return event
