"""Building a solo opponent's inputs from card effects and positions.

Two helpers for the effects code: the opponent's top attack as a :class:`SoloAttack`
(from the card's attack or ranged attack EFFECT, JSON or model) and the hexes your
played attack could reach (``SoloContext.player_threat``), counting the moves on
your card before the attack (as the Commit To Hit rule does).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.fields import field_or
from engine.hexgrid import Hex
from engine.senjutsu.grid import (
    Cell,
    MoveSpec,
    Position,
    attack_targets,
    chain_outcomes,
    in_line_of_sight,
    in_range,
)
from engine.senjutsu.solo.context import SoloAttack

_CELL_FIELDS = ("wounds", "bleeding", "execution", "poison", "hobble", "stun", "asterisk")
_CELL_DEFAULTS: dict[str, Any] = {
    "wounds": 1,
    "bleeding": 0,
    "execution": False,
    "poison": False,
    "hobble": False,
    "stun": False,
    "asterisk": False,
}


def _read(value: Mapping[str, Any] | Any, name: str) -> Any:
    return field_or(value, name, _CELL_DEFAULTS.get(name))


def _hex(value: Any) -> Hex:
    if isinstance(value, Hex):
        return value
    q, r = value
    return Hex(int(q), int(r))


def cell_from(value: Mapping[str, Any] | Any, hex_: Hex | None = None) -> Cell:
    """A grid :class:`Cell` from an attack CELL (or a ranged attack's own fields)."""
    where = hex_ if hex_ is not None else _hex(_read(value, "hex"))
    fields = {name: _read(value, name) for name in _CELL_FIELDS}
    return Cell(
        where,
        int(fields["wounds"]),
        int(fields["bleeding"]),
        bool(fields["execution"]),
        bool(fields["poison"]),
        bool(fields["hobble"]),
        bool(fields["stun"]),
        bool(fields["asterisk"]),
    )


def attack_from_effect(effect: Mapping[str, Any] | Any, *, speed_ok: bool = True) -> SoloAttack:
    """The opponent's attack from its ``attack`` or ``ranged_attack`` EFFECT;
    ``speed_ok``: Ranged Effects condition 3, for a ranged attack."""
    kind = _read(effect, "do")
    if kind == "attack":
        return SoloAttack(tuple(cell_from(cell) for cell in _read(effect, "grid")))
    if kind == "ranged_attack":
        return SoloAttack(
            range=int(_read(effect, "range")),
            ranged_cell=cell_from(effect, Hex(0, 0)),
            speed_ok=speed_ok,
        )
    raise ValueError(f"an opponent attacks with attack or ranged_attack, not {kind!r}")


def threat_hexes(
    player: Position,
    lines_before: Sequence[Sequence[MoveSpec]],
    *,
    cells: Sequence[Cell] = (),
    range_: int | None = None,
    board: frozenset[Hex],
    occupied: Mapping[Hex, str],
    terrain: Mapping[Hex, str],
) -> frozenset[Hex]:
    """Every hex your attack (a grid ``cells``, or a ranged attack of ``range_``)
    could reach after the moves on your card before it."""
    reached: set[Hex] = set()
    for outcome in chain_outcomes(
        player, lines_before, area=board.__contains__, occupied=occupied, terrain=terrain
    ):
        if outcome.collision is not None:
            continue
        if range_ is None:
            reached.update(attack_targets(outcome.end, cells))
            continue
        sight = frozenset(terrain)
        reached.update(
            hex_
            for hex_ in board
            if in_range(outcome.end[0], hex_, range_) and in_line_of_sight(outcome.end, hex_, sight)
        )
    return frozenset(reached)
