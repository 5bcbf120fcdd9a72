"""The turn machine's commands (contract section 7) as frozen values.

``{"kind": "place", "side": s, "hex": [q, r], "facing": f}``, ``{"kind": "choose",
"side": s, "card": id}`` or ``{"kind": "choose", "side": s, "stun": true}``,
``{"kind": "alternative", "side": s, "use": bool}``, ``{"kind": "replace", "side": s,
"card": id | null}``, ``{"kind": "speed", "side": s, "speed": n}``, ``{"kind": "order",
"side": s, "first": side}`` (two tied cards) or ``{"kind": "order", "side": s,
"slot": i}`` (three or more), ``{"kind": "trim", "side": s, "card": id}``,
``{"kind": "concede", "side": s}``; and while terrain is placed in turns (Battlefield
Setup step 2), ``{"kind": "terrain_roll", "side": s}`` (roll for the first player) and
``{"kind": "terrain", "side": s, "terrain": kind, "hex": [q, r], "facing": f}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.core import Command, InvalidCommand

TURN_KINDS = frozenset(
    {
        "place",
        "choose",
        "alternative",
        "replace",
        "speed",
        "order",
        "trim",
        "concede",
        "terrain_roll",
        "terrain",
    }
)


def side_of(command: Any) -> str:
    """The ``side`` a command is given by (any JSON object with a string ``side``)."""
    if not isinstance(command, Mapping):
        raise InvalidCommand("a command is a JSON object")
    side = command.get("side")
    if not isinstance(side, str) or not side:
        raise InvalidCommand("side: every command names the side that gives it")
    kind = command.get("kind")
    if not isinstance(kind, str) or not kind:
        raise InvalidCommand("kind: every command has a kind")
    return side


def _fields(command: Mapping[str, Any], required: set[str]) -> None:
    kind = command["kind"]
    missing = sorted(required - set(command))
    if missing:
        raise InvalidCommand(f"{', '.join(missing)}: missing from a {kind!r} command")
    extra = sorted(set(command) - required - {"kind", "side"})
    if extra:
        raise InvalidCommand(f"{', '.join(extra)}: unexpected in a {kind!r} command")


def _int(command: Mapping[str, Any], name: str) -> int:
    value = command[name]
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidCommand(f"{name}: a whole number, not {value!r}")
    return value


def _card(command: Mapping[str, Any], name: str = "card") -> str:
    value = command[name]
    if not isinstance(value, str) or not value:
        raise InvalidCommand(f"{name}: a card id, not {value!r}")
    return value


def _hex_and_facing(command: Mapping[str, Any]) -> tuple[tuple[int, int], int]:
    where = command["hex"]
    if (
        not isinstance(where, list)
        or len(where) != 2
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in where)
    ):
        raise InvalidCommand(f"hex: [q, r] whole numbers, not {where!r}")
    facing = _int(command, "facing")
    if not 0 <= facing <= 5:
        raise InvalidCommand(f"facing: 0 to 5, not {facing}")
    return (where[0], where[1]), facing


@dataclass(frozen=True)
class Place:
    side: str
    hex: tuple[int, int]
    facing: int

    def to_json(self) -> Command:
        return {"kind": "place", "side": self.side, "hex": list(self.hex), "facing": self.facing}


@dataclass(frozen=True)
class TerrainRoll:
    side: str

    def to_json(self) -> Command:
        return {"kind": "terrain_roll", "side": self.side}


@dataclass(frozen=True)
class PlaceTerrain:
    side: str
    terrain: str
    hex: tuple[int, int]
    facing: int

    def to_json(self) -> Command:
        return {
            "kind": "terrain",
            "side": self.side,
            "terrain": self.terrain,
            "hex": list(self.hex),
            "facing": self.facing,
        }


@dataclass(frozen=True)
class Choose:
    side: str
    card: str | None  # None: a stun card is played (Other Ability Card Icons > Stun)

    def to_json(self) -> Command:
        if self.card is None:
            return {"kind": "choose", "side": self.side, "stun": True}
        return {"kind": "choose", "side": self.side, "card": self.card}


@dataclass(frozen=True)
class Alternative:
    side: str
    use: bool

    def to_json(self) -> Command:
        return {"kind": "alternative", "side": self.side, "use": self.use}


@dataclass(frozen=True)
class Replace:
    side: str
    card: str | None

    def to_json(self) -> Command:
        return {"kind": "replace", "side": self.side, "card": self.card}


@dataclass(frozen=True)
class Speed:
    side: str
    speed: int

    def to_json(self) -> Command:
        return {"kind": "speed", "side": self.side, "speed": self.speed}


@dataclass(frozen=True)
class Order:
    side: str
    first: str | None  # two tied cards: the side that resolves first
    slot: int | None  # three or more: where in the tied order this side's card goes

    def to_json(self) -> Command:
        if self.first is not None:
            return {"kind": "order", "side": self.side, "first": self.first}
        return {"kind": "order", "side": self.side, "slot": self.slot}


@dataclass(frozen=True)
class Trim:
    side: str
    card: str

    def to_json(self) -> Command:
        return {"kind": "trim", "side": self.side, "card": self.card}


@dataclass(frozen=True)
class Concede:
    side: str

    def to_json(self) -> Command:
        return {"kind": "concede", "side": self.side}


TurnCommand = (
    TerrainRoll
    | PlaceTerrain
    | Place
    | Choose
    | Alternative
    | Replace
    | Speed
    | Order
    | Trim
    | Concede
)


def parse(command: Mapping[str, Any]) -> TurnCommand:
    """The turn command ``command`` is, or ``InvalidCommand`` naming the field at fault.

    >>> parse({"kind": "speed", "side": "A", "speed": 4})
    Speed(side='A', speed=4)
    """
    side = side_of(command)
    kind = command["kind"]
    if kind == "terrain_roll":
        _fields(command, set())
        return TerrainRoll(side)
    if kind == "terrain":
        _fields(command, {"terrain", "hex", "facing"})
        piece = command["terrain"]
        if not isinstance(piece, str) or not piece:
            raise InvalidCommand(f"terrain: a terrain piece id, not {piece!r}")
        return PlaceTerrain(side, piece, *_hex_and_facing(command))
    if kind == "place":
        _fields(command, {"hex", "facing"})
        return Place(side, *_hex_and_facing(command))
    if kind == "choose":
        if "stun" in command:
            _fields(command, {"stun"})
            if command["stun"] is not True:
                raise InvalidCommand("stun: true to play a stun card")
            return Choose(side, None)
        _fields(command, {"card"})
        return Choose(side, _card(command))
    if kind == "alternative":
        _fields(command, {"use"})
        if not isinstance(command["use"], bool):
            raise InvalidCommand("use: true or false")
        return Alternative(side, command["use"])
    if kind == "replace":
        _fields(command, {"card"})
        return Replace(side, None if command["card"] is None else _card(command))
    if kind == "speed":
        _fields(command, {"speed"})
        return Speed(side, _int(command, "speed"))
    if kind == "order":
        if "first" in command:
            _fields(command, {"first"})
            first = command["first"]
            if not isinstance(first, str) or not first:
                raise InvalidCommand(f"first: a side, not {first!r}")
            return Order(side, first, None)
        _fields(command, {"slot"})
        return Order(side, None, _int(command, "slot"))
    if kind == "trim":
        _fields(command, {"card"})
        return Trim(side, _card(command))
    if kind == "concede":
        _fields(command, set())
        return Concede(side)
    raise InvalidCommand(f"kind: unknown command kind {kind!r}")
