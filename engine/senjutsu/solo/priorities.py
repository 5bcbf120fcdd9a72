"""Opponent Movement: the priority rows and the two tables of priorities.

Rulebook 1.5, Solo Rules > Opponent Movement: each row is either a *requirement*
(a position meets it or not: "Able to successfully attack your character") or a
*preference* ("Closer to their preferred range from you": the positions best by
that measure meet it, ties kept). The rows below are named after the table's words;
:mod:`engine.senjutsu.solo.movement` applies them.

The tables as printed: "Priorities for the top segment of attack cards" (defensive
stance 8 rows, offensive 6) and "Priorities for non-attack cards / attack card bottom
segments" (melee and ranged; rows 2 and 4 span both columns; after row 2: "If the
opponent's current position meets the priorities above, stop here, do not move").
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.hexgrid import Facing, Hex, corner_line_of_sight
from engine.senjutsu.solo.attacks import (
    attackable_by_player,
    attacks_other_opponents,
    attacks_successfully,
    wounds_dealt,
)
from engine.senjutsu.solo.context import Candidate, SoloContext
from engine.senjutsu.solo.geometry import (
    facing_towards_score,
    facing_your_character,
    in_approach,
    rear_distance,
    turns_between,
)

OPPONENT_MOVEMENT = "Solo Rules > Opponent Movement"
TOP_SEGMENT = "Opponent Movement > Priorities for the top segment of attack cards"
NON_ATTACK = "Opponent Movement > Priorities for non-attack cards / attack card bottom segments"


def _always(_context: SoloContext) -> bool:
    return True


@dataclass(frozen=True)
class Priority:
    """One row: a ``require`` test, or a ``score`` to minimise; ``applies`` says
    when the row is considered at all (its italic condition)."""

    name: str
    require: Callable[[Candidate, SoloContext], bool] | None = None
    score: Callable[[Candidate, SoloContext], int] | None = None
    applies: Callable[[SoloContext], bool] = _always

    def keep(self, candidates: Sequence[Candidate], context: SoloContext) -> tuple[Candidate, ...]:
        """The candidates meeting this row (none: the row is to be ignored)."""
        if self.require is not None:
            test = self.require
            return tuple(candidate for candidate in candidates if test(candidate, context))
        assert self.score is not None
        measure = self.score
        scores = [measure(candidate, context) for candidate in candidates]
        if not scores:
            return ()
        best = min(scores)
        return tuple(c for c, s in zip(candidates, scores, strict=True) if s == best)


@dataclass(frozen=True)
class MovementTable:
    """A column of a priority table; ``stop_after``: the rows the current position
    is checked against before moving at all (None: no such check)."""

    name: str
    rows: tuple[Priority, ...]
    stop_after: int | None = None


def _player_attacked(context: SoloContext) -> bool:
    # "Ignore if you did not play an attack card or you have already resolved your
    # ability card this turn": the caller leaves ``player_threat`` None then.
    return context.player_threat is not None


UNABLE_TO_BE_ATTACKED = Priority(
    "Unable to be attacked by your character",
    require=lambda c, ctx: not attackable_by_player(c, ctx),
    applies=_player_attacked,
)
AVOIDING_OTHER_OPPONENTS = Priority(
    "Avoiding attacking other opponents too",
    require=lambda c, ctx: not attacks_other_opponents(c, ctx),
)
ABLE_TO_SUCCESSFULLY_ATTACK = Priority(
    "Able to successfully attack your character", require=attacks_successfully
)
MOST_WOUNDS = Priority(
    "Using their attack to deal the most wounds possible",
    score=lambda c, ctx: -wounds_dealt(c, ctx),
)
CLOSER_TO_PREFERRED_RANGE = Priority(
    "Closer to their preferred range from you",
    score=lambda c, ctx: abs(c.hex.distance(ctx.player[0]) - ctx.preferred_range),
)
AT_PREFERRED_RANGE = Priority(
    "At their preferred range from you",
    require=lambda c, ctx: c.hex.distance(ctx.player[0]) == ctx.preferred_range,
)
CLOSER_TO_REAR = Priority(
    "Closer to your character's rear", score=lambda c, ctx: rear_distance(ctx.player, c.hex)
)
APPROACH_HEX = Priority(
    "Occupying a hex relative to your character, indicated by their approach",
    require=lambda c, ctx: in_approach(ctx.player, c.hex, ctx.approach),
)


def _key_term_turns(candidate: Candidate, context: SoloContext) -> int:
    wanted = facing_your_character(candidate.hex, context.player, context.approach)
    return turns_between(candidate.position[1], wanted)


FACING_AS_MUCH_AS_POSSIBLE = Priority(
    "Facing your character (If not possible then rotating to face towards your "
    "character's position as much as possible)",
    score=_key_term_turns,
)
FACING_YOUR_CHARACTER = Priority(
    "Facing your character", require=lambda c, ctx: _key_term_turns(c, ctx) == 0
)
FACING_MORE_TOWARDS = Priority(
    "Facing more towards your character",
    score=lambda c, ctx: facing_towards_score(c.position, ctx.player[0]),
)


def _sees_player(candidate: Candidate, context: SoloContext) -> bool:
    hex_, facing = candidate.position
    return corner_line_of_sight(hex_, facing, context.player[0], frozenset(context.terrain))


IN_LINE_OF_SIGHT = Priority("In line of sight of your character", require=_sees_player)


@functools.lru_cache(maxsize=256)
def sight_hexes(player: Hex, board: frozenset[Hex], blocked: frozenset[Hex]) -> frozenset[Hex]:
    """The battlefield hexes (not ``blocked``: terrain, other characters) from which
    some facing has line of sight to ``player``."""
    return frozenset(
        hex_
        for hex_ in board
        if hex_ not in blocked
        and hex_ != player
        and any(corner_line_of_sight(hex_, facing, player, blocked) for facing in Facing)
    )


def _sight_distance(candidate: Candidate, context: SoloContext) -> int:
    terrain = frozenset(context.terrain)
    seen_from = sight_hexes(context.player[0], context.board, terrain)
    usable = seen_from - frozenset(context.others)
    if not usable:
        return 0
    return min(candidate.hex.distance(hex_) for hex_ in usable)


CLOSER_TO_SIGHT_HEX = Priority(
    "Closer to a hex they have line of sight from", score=_sight_distance
)

DEFENSIVE_TOP = MovementTable(
    "defensive",
    (
        UNABLE_TO_BE_ATTACKED,
        AVOIDING_OTHER_OPPONENTS,
        ABLE_TO_SUCCESSFULLY_ATTACK,
        MOST_WOUNDS,
        CLOSER_TO_PREFERRED_RANGE,
        CLOSER_TO_REAR,
        APPROACH_HEX,
        FACING_AS_MUCH_AS_POSSIBLE,
    ),
)
OFFENSIVE_TOP = MovementTable(
    "offensive",
    (
        ABLE_TO_SUCCESSFULLY_ATTACK,
        MOST_WOUNDS,
        CLOSER_TO_REAR,
        AVOIDING_OTHER_OPPONENTS,
        UNABLE_TO_BE_ATTACKED,
        CLOSER_TO_PREFERRED_RANGE,
    ),
)
MELEE_MOVE = MovementTable(
    "melee",
    (
        FACING_YOUR_CHARACTER,
        AT_PREFERRED_RANGE,
        FACING_MORE_TOWARDS,
        CLOSER_TO_PREFERRED_RANGE,
        CLOSER_TO_REAR,
        APPROACH_HEX,
    ),
    stop_after=2,
)
RANGED_MOVE = MovementTable(
    "ranged",
    (
        IN_LINE_OF_SIGHT,
        AT_PREFERRED_RANGE,
        CLOSER_TO_SIGHT_HEX,
        CLOSER_TO_PREFERRED_RANGE,
        FACING_MORE_TOWARDS,
        CLOSER_TO_REAR,
    ),
    stop_after=2,
)


def top_table(context: SoloContext) -> MovementTable:
    """The top-segment column for the opponent's stance."""
    return DEFENSIVE_TOP if context.stance == "defensive" else OFFENSIVE_TOP


def move_table(context: SoloContext) -> MovementTable:
    """The non-attack column for the opponent's kind."""
    return RANGED_MOVE if context.kind == "ranged" else MELEE_MOVE
