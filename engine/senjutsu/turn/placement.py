"""Player Setup steps 11-12: placing the characters, lowest on the advantage track
first, each more than 3 hexes away from the characters already placed (or, when that
is not possible, as far away from them as possible), facing any direction."""

from __future__ import annotations

from engine.core import Event, IllegalCommand, State
from engine.hexgrid import Hex
from engine.senjutsu import rules
from engine.senjutsu.commands import Place
from engine.senjutsu.grid.setup import placement_hexes
from engine.senjutsu.state.access import (
    board_hexes,
    occupied,
    solid_hexes,
    track_bottom_up,
)

FACINGS = range(6)


def placing_side(state: State) -> str | None:
    """Who places next: the lowest on the track not yet placed (steps 11-12)."""
    for side in track_bottom_up(state):
        if state["characters"][side]["hex"] is None:
            return side
    return None


def legal_hexes(state: State) -> tuple[Hex, ...]:
    """The empty hexes a character may be placed on now, sorted (a torii gate's middle
    hex is empty: it does not count as terrain)."""
    return placement_hexes(board_hexes(state), set(occupied(state)), solid_hexes(state))


def place_choices(state: State, side: str) -> list[dict[str, object]]:
    """Every legal ``place`` command: each legal hex times the six facings."""
    return [
        {"kind": "place", "side": side, "hex": h.to_json(), "facing": f}
        for h in legal_hexes(state)
        for f in FACINGS
    ]


def place(state: State, command: Place) -> list[Event]:
    """The ``placed`` event of a legal placement."""
    where = Hex(*command.hex)
    if where not in legal_hexes(state):
        taken = occupied(state)
        rule = rules.PLAYER_SETUP_PLACEMENT if taken else rules.PLAYER_SETUP_FIRST_PLACEMENT
        raise IllegalCommand(
            f"{command.side} cannot be placed on {list(command.hex)}: not an empty hex "
            f"of the battlefield, or too close to a character already placed",
            rule=rule,
        )
    return [
        {"type": "placed", "side": command.side, "hex": where.to_json(), "facing": command.facing}
    ]
