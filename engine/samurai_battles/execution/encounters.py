"""One tick of movement: every active unit tries its next written hex at once
(Movement Orders > Assault: "resolve all movement 1 hex at a time").

* Two units that want each other's hexes cannot pass: neither moves. Enemies meeting
  head-on where one assaults engage (the assaulting one attacks; two assaulting units
  roll 1 die + current Fortitude each, re-rolling ties, and the higher attacks).
* Several units that want the same hex: a unit under Assault orders goes before one
  that is not (it "must continue to move towards the target"); between equals each
  rolls 1 die + current Fortitude, ties re-rolled, and the higher moves into the hex
  (Interpretation > Encounters: the seed's roll for two assaulting units, for every
  tie).
* A unit cannot enter a hex whose unit stays there this tick.

A unit that does not move this tick waits: it tries the same hex next tick, while the
step lasts (as many ticks as the longest written path).
"""

from __future__ import annotations

from engine.hexgrid import Hex
from engine.samurai_battles.execution.engagement import engage
from engine.samurai_battles.execution.movers import Mover
from engine.samurai_battles.execution.run import Execution


def roll_off(ex: Execution, hex_: Hex, contenders: list[str]) -> str:
    """The encounter roll: 1 die + current Fortitude each, ties re-rolled; the winner."""
    rolls: dict[str, list[int]] = {unit: [] for unit in contenders}
    left = list(contenders)
    while True:
        totals = {}
        for unit in left:
            face = ex.dice.roll_one(6)
            rolls[unit].append(face)
            totals[unit] = face + ex.unit(unit)["fortitude"]
        best = max(totals.values())
        left = [unit for unit in left if totals[unit] == best]
        if len(left) == 1:
            break
    winner = left[0]
    ex.emit(
        {
            "type": "encounter",
            "hex": hex_.to_json(),
            "units": sorted(contenders),
            "fortitude": {unit: ex.unit(unit)["fortitude"] for unit in sorted(contenders)},
            "rolls": rolls,
            "winner": winner,
        }
    )
    return winner


def _head_on(ex: Execution, first: Mover, second: Mover) -> None:
    """Two units wanting each other's hexes."""
    if ex.side(first.unit) == ex.side(second.unit):
        return
    assaulting = [m for m in (first, second) if m.assaulting]
    if not assaulting:
        return
    if len(assaulting) == 2:
        winner = roll_off(ex, ex.hex(second.unit), [first.unit, second.unit])
        attacker = first if winner == first.unit else second
    else:
        attacker = assaulting[0]
    defender = second if attacker is first else first
    engage(ex, attacker.unit, defender.unit, assault=True)
    for mover in (first, second):
        mover.active = False
        mover.engaged = True


def _contest(ex: Execution, hex_: Hex, contenders: list[Mover]) -> Mover:
    """The unit that enters a hex several want."""
    assaulting = [m for m in contenders if m.assaulting]
    best = assaulting or contenders
    if len(best) == 1:
        return best[0]
    winner = roll_off(ex, hex_, [m.unit for m in best])
    return next(m for m in best if m.unit == winner)


def resolve_tick(ex: Execution, movers: list[Mover]) -> list[tuple[Mover, Hex]]:
    """The moves of this tick (mover, hex entered), by unit id; the rest wait."""
    wanting = {m.unit: m for m in movers if m.active and m.next_hex is not None}
    staying: set[str] = set()
    ids = sorted(wanting)
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            first, second = wanting[a], wanting[b]
            if first.next_hex == ex.hex(b) and second.next_hex == ex.hex(a):
                staying |= {a, b}
                _head_on(ex, first, second)
    by_hex: dict[Hex, list[Mover]] = {}
    for unit in ids:
        if unit not in staying:
            hex_ = wanting[unit].next_hex
            assert hex_ is not None
            by_hex.setdefault(hex_, []).append(wanting[unit])
    for hex_ in sorted(by_hex):
        contenders = by_hex[hex_]
        if len(contenders) > 1:
            winner = _contest(ex, hex_, contenders)
            staying |= {m.unit for m in contenders if m is not winner}
    blocked = True
    while blocked:
        blocked = False
        for unit in ids:
            hex_ = wanting[unit].next_hex
            assert hex_ is not None
            if unit in staying:
                continue
            occupant = ex.occupant(hex_)
            if occupant is not None and (occupant not in wanting or occupant in staying):
                staying.add(unit)
                blocked = True
    moves = []
    for unit in ids:
        hex_ = wanting[unit].next_hex
        if unit not in staying and hex_ is not None:
            moves.append((wanting[unit], hex_))
    return moves
