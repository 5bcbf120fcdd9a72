"""The Swiss tournament history: plain frozen data that every other module reads.

Nothing here has behaviour beyond validation and small conveniences. Pairing,
standings, table assignment and the top cut are pure functions of a
:class:`TournamentHistory`; an event-sourced aggregate rebuilds one from its
events and hands it over.

Points (game points, victory points) are given as ``float`` for convenience
(integers are fine too); the functions that compare them convert to exact
fractions first, so ``0.5 + 0.5`` ties with ``1`` as it should.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property


class TournamentError(Exception):
    """Base class of the errors raised by :mod:`shiai.tournaments`."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class InvalidHistory(TournamentError):
    """The history is malformed (unknown player, round numbering, missing results)."""


class NoValidPairing(TournamentError):
    """No pairing satisfies the hard constraints; ``players`` names the culprits."""

    def __init__(self, message: str, *, players: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.players = players


class Outcome(StrEnum):
    """One side's result of a game."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"


class ClubAvoidance(StrEnum):
    """How hard the pairer tries not to pair two members of the same club or team."""

    HARD = "hard"  # never: a pairing that needs club-mates to meet is refused
    SOFT = "soft"  # only when avoiding it costs more than ``soft_club_penalty``
    OFF = "off"


class Tiebreak(StrEnum):
    """The tiebreaks a tournament can chain after the score (see docs/tournaments.md)."""

    SOS = "sos"  # strength of schedule: average score of the opponents
    ESOS = "esos"  # extended strength of schedule: average SoS of the opponents
    VICTORY_POINTS = "victory_points"
    VP_DIFFERENTIAL = "vp_differential"
    HEAD_TO_HEAD = "head_to_head"
    BUCHHOLZ = "buchholz"  # sum of the opponents' scores
    MEDIAN_BUCHHOLZ = "median_buchholz"  # Buchholz without the best and worst opponent
    SONNEBORN_BERGER = "sonneborn_berger"


_VALID_RESULTS = frozenset(
    {
        (Outcome.WIN, Outcome.LOSS),
        (Outcome.LOSS, Outcome.WIN),
        (Outcome.DRAW, Outcome.DRAW),
        (Outcome.LOSS, Outcome.LOSS),  # a double loss, e.g. both players penalised
    }
)


@dataclass(frozen=True)
class Result:
    """The result of one game: each side's outcome and victory points."""

    a: Outcome
    b: Outcome
    a_vp: float = 0
    b_vp: float = 0

    def __post_init__(self) -> None:
        if (self.a, self.b) not in _VALID_RESULTS:
            raise InvalidHistory(f"impossible result {self.a.value}/{self.b.value}")

    @classmethod
    def a_wins(cls, a_vp: float = 0, b_vp: float = 0) -> Result:
        """Player ``a`` won."""
        return cls(Outcome.WIN, Outcome.LOSS, a_vp, b_vp)

    @classmethod
    def b_wins(cls, a_vp: float = 0, b_vp: float = 0) -> Result:
        """Player ``b`` won."""
        return cls(Outcome.LOSS, Outcome.WIN, a_vp, b_vp)

    @classmethod
    def draw(cls, a_vp: float = 0, b_vp: float = 0) -> Result:
        """The game was drawn."""
        return cls(Outcome.DRAW, Outcome.DRAW, a_vp, b_vp)

    @classmethod
    def double_loss(cls, a_vp: float = 0, b_vp: float = 0) -> Result:
        """Both players lost (both penalised, game not played)."""
        return cls(Outcome.LOSS, Outcome.LOSS, a_vp, b_vp)


@dataclass(frozen=True)
class Player:
    """A registered player.

    ``entered_round`` is the first round the player is paired in (late entries
    have it above 1); ``dropped_after_round`` the last one (``None``: still in).
    ``requested_bye_rounds`` are honoured by the pairer; the first one counts as
    the player's bye. ``fixed_table`` (accessibility) is always given to them.
    """

    id: str
    name: str
    club: str | None = None
    faction: str | None = None
    rating: float | None = None
    entered_round: int = 1
    dropped_after_round: int | None = None
    requested_bye_rounds: frozenset[int] = frozenset()
    fixed_table: int | None = None

    def __post_init__(self) -> None:
        if self.entered_round < 1:
            raise InvalidHistory(f"player {self.id}: entered_round must be at least 1")
        if self.dropped_after_round is not None and self.dropped_after_round < 0:
            raise InvalidHistory(f"player {self.id}: dropped_after_round must not be negative")
        if self.fixed_table is not None and self.fixed_table < 1:
            raise InvalidHistory(f"player {self.id}: fixed_table must be at least 1")

    def is_active(self, round_number: int) -> bool:
        """Whether the player is to be paired (or given a bye) in ``round_number``."""
        if round_number < self.entered_round:
            return False
        return self.dropped_after_round is None or round_number <= self.dropped_after_round


@dataclass(frozen=True)
class Pairing:
    """Two players at a table, with the result once it is known."""

    table: int
    a: str
    b: str
    result: Result | None = None

    @property
    def players(self) -> tuple[str, str]:
        """Both player ids, ``a`` first."""
        return (self.a, self.b)

    def with_result(self, result: Result | None) -> Pairing:
        """A copy with ``result`` recorded (or corrected)."""
        return Pairing(self.table, self.a, self.b, result)


@dataclass(frozen=True)
class Bye:
    """A player not paired in a round; ``requested`` if they asked for it."""

    player: str
    requested: bool = False


@dataclass(frozen=True)
class Round:
    """One round already paired: its pairings (with results) and byes."""

    number: int
    pairings: tuple[Pairing, ...] = ()
    byes: tuple[Bye, ...] = ()

    @property
    def is_complete(self) -> bool:
        """Whether every pairing has a result."""
        return all(p.result is not None for p in self.pairings)

    def player_ids(self) -> Iterator[str]:
        """Every player id in the round (paired or on a bye), repeats included."""
        for pairing in self.pairings:
            yield pairing.a
            yield pairing.b
        for bye in self.byes:
            yield bye.player


@dataclass(frozen=True)
class TournamentOptions:
    """Scoring, pairing and tiebreak options.

    ``requested_bye_*`` default to the ordinary bye values. ``soft_club_penalty``
    is in points squared, the unit of the pairing cost: with soft avoidance two
    club-mates meet only if avoiding it would raise the total squared score
    difference by more than this. ``None`` means one full win squared,
    ``(win_points - loss_points) ** 2``.
    """

    win_points: float = 3
    draw_points: float = 1
    loss_points: float = 0
    bye_points: float = 3
    bye_victory_points: float = 0
    bye_victory_points_against: float = 0
    requested_bye_points: float | None = None
    requested_bye_victory_points: float | None = None
    late_entry_points_per_round: float = 0
    club_avoidance: ClubAvoidance = ClubAvoidance.SOFT
    soft_club_penalty: float | None = None
    tiebreaks: tuple[Tiebreak, ...] = (
        Tiebreak.SOS,
        Tiebreak.VP_DIFFERENTIAL,
        Tiebreak.VICTORY_POINTS,
    )

    def __post_init__(self) -> None:
        if not self.win_points >= self.draw_points >= self.loss_points:
            raise InvalidHistory("points must satisfy win >= draw >= loss")
        if len(set(self.tiebreaks)) != len(self.tiebreaks):
            raise InvalidHistory("a tiebreak appears twice in the chain")
        if self.soft_club_penalty is not None and self.soft_club_penalty < 0:
            raise InvalidHistory("soft_club_penalty must not be negative")

    def points_for(self, outcome: Outcome) -> float:
        """Game points for one side's outcome."""
        if outcome is Outcome.WIN:
            return self.win_points
        if outcome is Outcome.DRAW:
            return self.draw_points
        return self.loss_points

    def bye_score(self, requested: bool) -> float:
        """Game points for a bye."""
        if requested and self.requested_bye_points is not None:
            return self.requested_bye_points
        return self.bye_points

    def bye_vp(self, requested: bool) -> float:
        """Victory points scored for a bye."""
        if requested and self.requested_bye_victory_points is not None:
            return self.requested_bye_victory_points
        return self.bye_victory_points

    @property
    def club_penalty(self) -> float:
        """The soft club penalty in points squared (see the class docstring)."""
        if self.soft_club_penalty is not None:
            return self.soft_club_penalty
        return float((self.win_points - self.loss_points) ** 2)


@dataclass(frozen=True)
class TournamentHistory:
    """Everything pairing and standings depend on: players, rounds and options."""

    players: tuple[Player, ...]
    rounds: tuple[Round, ...] = ()
    options: TournamentOptions = field(default_factory=TournamentOptions)

    @cached_property
    def players_by_id(self) -> dict[str, Player]:
        """Players keyed by id."""
        return {p.id: p for p in self.players}

    @property
    def next_round_number(self) -> int:
        """The number of the round that would be paired next."""
        return len(self.rounds) + 1

    def player(self, player_id: str) -> Player:
        """The player with ``player_id``; :class:`InvalidHistory` if unknown."""
        try:
            return self.players_by_id[player_id]
        except KeyError:
            raise InvalidHistory(f"unknown player {player_id!r}") from None

    def validate(self) -> None:
        """Raise :class:`InvalidHistory` unless ids are unique, rounds are numbered
        1, 2, 3... and every pairing and bye names a registered player."""
        if len(self.players_by_id) != len(self.players):
            raise InvalidHistory("two players share an id")
        for expected, round_ in enumerate(self.rounds, start=1):
            if round_.number != expected:
                raise InvalidHistory(f"round {round_.number} found where {expected} was expected")
            for player_id in round_.player_ids():
                self.player(player_id)
            for pairing in round_.pairings:
                if pairing.a == pairing.b:
                    raise InvalidHistory(f"round {expected}: {pairing.a} is paired with themself")
