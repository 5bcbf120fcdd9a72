"""Opponent Movement: where an opponent goes, by the priority tables.

Rulebook 1.5, Solo Rules > Opponent Movement: "After considering a priority, if
exactly one position (hex and facing) meets the requirements, move the opponent
there. When more than one position satisfies a priority, compare only those
positions against the next priority until one remains. Ignore any priorities that
leave no positions for the opponent. If multiple valid positions remain after the
final priority, choose the position that is most disadvantageous to you. If there
are no positions the opponent can move to that satisfy any priority, the opponent
does not move."

The positions are the ends of the card's move lines (:func:`candidates`, resolved
by the ordinary Move Effects: optional moves never collide, a mandatory move
collides only when it must). "Most disadvantageous to you" is read as, in order:
the most wounds its attack would deal you; out of reach of your played attack;
the most behind you (rear, then flank, then front of your character); facing most
towards you; nearest your rear hex; then the canonical order (hex, facing), so the
choice is always one and the same.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.hexgrid import relative_side
from engine.senjutsu.grid import Collision, MoveOutcome, MoveSpec, Position, move_outcomes
from engine.senjutsu.solo.attacks import attackable_by_player, targets_player, wounds_dealt
from engine.senjutsu.solo.context import Candidate, SoloContext
from engine.senjutsu.solo.geometry import facing_towards_score, rear_distance
from engine.senjutsu.solo.priorities import MovementTable, move_table, top_table

RESOLVING_SOLO_CARDS = "Solo Rules > Resolving Solo Cards"


def candidates(context: SoloContext, lines: Sequence[Sequence[MoveSpec]]) -> tuple[Candidate, ...]:
    """Every position the opponent can end ``lines`` (move lines resolved one after
    the other) in, with the per-line outcomes leading there; distinct by (position,
    collision), the first plan in canonical order kept; sorted by position."""
    plans: dict[tuple[Position, Collision | None], tuple[MoveOutcome, ...]] = {
        (context.opponent, None): ()
    }
    for moves in lines:
        following: dict[tuple[Position, Collision | None], tuple[MoveOutcome, ...]] = {}
        for (position, collision), plan in plans.items():
            if collision is not None:
                following.setdefault((position, collision), plan)
                continue
            for outcome in move_outcomes(
                position,
                moves,
                area=context.area,
                occupied=context.occupied,
                terrain=context.terrain,
            ):
                following.setdefault((outcome.end, outcome.collision), (*plan, outcome))
        plans = following
    found = [Candidate(position, plan, collision) for (position, collision), plan in plans.items()]
    return tuple(sorted(found, key=lambda c: (c.sort_key(), c.collision is not None)))


def disadvantage_key(candidate: Candidate, context: SoloContext) -> tuple[int, ...]:
    """Lower is worse for you (see the module docstring)."""
    player_hex, player_facing = context.player
    # Side.FRONT 0, FLANK 1, REAR 2: the more behind you, the worse for you.
    behind = (
        0
        if candidate.hex == player_hex
        else int(relative_side(player_hex, player_facing, candidate.hex))
    )
    return (
        -wounds_dealt(candidate, context),
        int(attackable_by_player(candidate, context)),
        -behind,
        facing_towards_score(candidate.position, player_hex) if candidate.hex != player_hex else 0,
        rear_distance(context.player, candidate.hex),
        candidate.hex.q,
        candidate.hex.r,
        int(candidate.position[1]),
    )


def apply_priorities(
    table: MovementTable,
    found: Sequence[Candidate],
    context: SoloContext,
    current: Candidate | None = None,
) -> Candidate | None:
    """The position ``table`` chooses among ``found``; None: the opponent does not
    move (its current position already meets the rows before the table's stop, or
    no position meets any row)."""
    if table.stop_after is not None:
        here = current or Candidate(context.opponent)
        checked = [row for row in table.rows[: table.stop_after] if row.applies(context)]
        if all(row.keep((here,), context) for row in checked):
            return None
    remaining = tuple(found)
    met = False
    for row in table.rows:
        if not row.applies(context):
            continue
        kept = row.keep(remaining, context)
        if kept:  # "Ignore any priorities that leave no positions"
            remaining, met = kept, True
        if met and len(remaining) == 1:
            break
    if not met:
        return None
    return min(remaining, key=lambda candidate: disadvantage_key(candidate, context))


def can_attack_with_top(context: SoloContext, lines_before: Sequence[Sequence[MoveSpec]]) -> bool:
    """Resolving Solo Cards: the top part is chosen "if using it allows them to
    attack your character", counting "any movement effects that occur before the
    attack" and even "if the attack will be blocked". ``context.attack`` is the top's
    attack."""
    return any(
        targets_player(candidate, context) for candidate in candidates(context, lines_before)
    )


def attack_move(
    context: SoloContext, lines_before: Sequence[Sequence[MoveSpec]]
) -> Candidate | None:
    """Where the opponent moves before the top part's attack (the top-segment table
    of its stance); None: it stays.

    Commit To Hit: an offensive opponent only takes a position from which its attack
    targets you, when it has one. A defensive one may ignore the rule ("even ignoring
    the Commit To Hit rule to do so", Solo Rules > Stance): its table weighs every
    position, "Unable to be attacked by your character" first."""
    found = candidates(context, lines_before)
    if context.stance == "offensive":
        hitting = tuple(candidate for candidate in found if targets_player(candidate, context))
        found = hitting or found
    return apply_priorities(top_table(context), found, context)


def plain_move(context: SoloContext, lines: Sequence[Sequence[MoveSpec]]) -> Candidate | None:
    """Where the opponent moves for a non-attack card, an attack card's bottom part
    or the moves of a defence card (the table of its kind); None: it does not move."""
    return apply_priorities(move_table(context), candidates(context, lines), context)
