"""How an opponent's attack would go from a candidate position, for the priorities.

Rulebook 1.5: an attack grid targets the characters in its hexes (Attacks); it is
blocked by your block hexes at its speed or by terrain (Blocks > Resolving Blocks:
"Terrain adds a block to the hex it occupies at all initiative speeds"). A ranged
attack reaches one character within range and line of sight, slower than it
(Ranged Effects), and "cannot be blocked". A collided candidate never attacks: the
collision stopped its card (Move Effects > Collisions).
"""

from __future__ import annotations

from engine.hexgrid import Hex
from engine.senjutsu.grid import (
    Cell,
    attack_targets,
    in_line_of_sight,
    in_range,
    is_blocked,
)
from engine.senjutsu.solo.context import Candidate, SoloContext

EXECUTION_WOUNDS = 99
"""An execution counts as more wounds than any card deals ("immediately defeated")."""


def _cell_on_player(candidate: Candidate, context: SoloContext) -> Cell | None:
    """The cell of the opponent's attack that reaches your character, if any."""
    attack = context.attack
    if attack is None or candidate.collision is not None:
        return None
    player_hex = context.player[0]
    if attack.range is not None:
        reaches = (
            attack.speed_ok
            and in_range(candidate.hex, player_hex, attack.range)
            and in_line_of_sight(candidate.position, player_hex, frozenset(context.terrain))
        )
        return attack.ranged_cell if reaches else None
    return attack_targets(candidate.position, attack.cells).get(player_hex)


def targets_player(candidate: Candidate, context: SoloContext) -> bool:
    """The opponent's attack would target your character from there (blocked or not:
    the Commit To Hit rule and Resolving Solo Cards count it)."""
    return _cell_on_player(candidate, context) is not None


def attacks_successfully(candidate: Candidate, context: SoloContext) -> bool:
    """ "Able to successfully attack your character": targeted and, for a grid attack,
    not blocked by your block hexes or terrain."""
    if _cell_on_player(candidate, context) is None:
        return False
    attack = context.attack
    if attack is None or attack.range is not None:
        return True
    return not is_blocked(
        candidate.hex,
        context.player[0],
        context.player_blocks,
        frozenset(context.terrain),
        context.area,
    )


def wounds_dealt(candidate: Candidate, context: SoloContext) -> int:
    """The wounds a successful attack from there deals you (bleeding wounds count;
    an execution counts as :data:`EXECUTION_WOUNDS`); 0 when not successful."""
    if not attacks_successfully(candidate, context):
        return 0
    cell = _cell_on_player(candidate, context)
    assert cell is not None
    if cell.execution:
        return EXECUTION_WOUNDS
    return cell.wounds + cell.bleeding


def attacks_other_opponents(candidate: Candidate, context: SoloContext) -> bool:
    """The opponent's grid attack would also target another opponent (a ranged
    attack targets one character: you)."""
    attack = context.attack
    if attack is None or attack.range is not None or candidate.collision is not None:
        return False
    reached: set[Hex] = set(attack_targets(candidate.position, attack.cells))
    return any(hex_ in reached for hex_ in context.others)


def attackable_by_player(candidate: Candidate, context: SoloContext) -> bool:
    """Your played attack could reach the opponent there (``player_threat``)."""
    return context.player_threat is not None and candidate.hex in context.player_threat
