"""The commands of the battle's setting up and of the turn's rhythm: extra scenery,
deployment, the active side, the unit to activate and its ki ability."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import Command, InvalidCommand
from engine.kensei.commands.fields import (
    Placement,
    Value,
    head,
    integer,
    objects,
    placements,
    side,
    text,
)

SCENERY_KINDS = ("normal", "difficult", "impassable")
MAX_PIECES = 12
_PIECE_FIELDS = frozenset({"x", "y", "width", "depth", "kind", "height"})


@dataclass(frozen=True)
class ChooseSceneryOrder(Value):
    @property
    def kind(self) -> str:
        return "choose_scenery_order"

    side: str
    first: str


def parse_choose_scenery_order(command: Command) -> ChooseSceneryOrder:
    by = head(command, frozenset({"first"}))
    return ChooseSceneryOrder(by, side(command.get("first"), "first"))


@dataclass(frozen=True)
class Piece:
    """An extra scenery piece: a rectangle (its corner, width and depth), its kind and
    height. The table's bounds are checked by the rules (they depend on the table)."""

    x: int
    y: int
    width: int
    depth: int
    kind: str
    height: int

    def to_json(self) -> dict[str, int | str]:
        return {
            "x": self.x,
            "y": self.y,
            "width": self.width,
            "depth": self.depth,
            "kind": self.kind,
            "height": self.height,
        }


@dataclass(frozen=True)
class PlaceScenery(Value):
    @property
    def kind(self) -> str:
        return "place_scenery"

    side: str
    pieces: tuple[Piece, ...]

    def to_json(self) -> dict[str, object]:
        return {
            "type": self.kind,
            "side": self.side,
            "pieces": [piece.to_json() for piece in self.pieces],
        }


def parse_place_scenery(command: Command) -> PlaceScenery:
    by = head(command, frozenset({"pieces"}))
    pieces = []
    for i, raw in enumerate(objects(command.get("pieces", []), "pieces", max_items=MAX_PIECES)):
        extra = sorted(set(raw) - _PIECE_FIELDS)
        if extra:
            raise InvalidCommand(f"pieces[{i}] has unexpected field(s) {', '.join(extra)}")
        x = integer(raw.get("x"), f"pieces[{i}].x")
        y = integer(raw.get("y"), f"pieces[{i}].y")
        width = integer(raw.get("width"), f"pieces[{i}].width")
        depth = integer(raw.get("depth"), f"pieces[{i}].depth")
        kind = text(raw.get("kind"), f"pieces[{i}].kind")
        if kind not in SCENERY_KINDS:
            raise InvalidCommand(f"pieces[{i}].kind must be one of {', '.join(SCENERY_KINDS)}")
        height = integer(raw.get("height"), f"pieces[{i}].height")
        pieces.append(Piece(x, y, width, depth, kind, height))
    return PlaceScenery(by, tuple(pieces))


@dataclass(frozen=True)
class Deploy(Value):
    @property
    def kind(self) -> str:
        return "deploy"

    side: str
    unit: str
    minis: tuple[Placement, ...]


def parse_deploy(command: Command) -> Deploy:
    by = head(command, frozenset({"unit", "minis"}))
    where = placements(command.get("minis"), "minis")
    return Deploy(by, text(command.get("unit"), "unit"), where)


@dataclass(frozen=True)
class ChooseActiveSide(Value):
    @property
    def kind(self) -> str:
        return "choose_active_side"

    side: str
    active: str


def parse_choose_active_side(command: Command) -> ChooseActiveSide:
    by = head(command, frozenset({"active"}))
    return ChooseActiveSide(by, side(command.get("active"), "active"))


@dataclass(frozen=True)
class ChooseUnit(Value):
    @property
    def kind(self) -> str:
        return "choose_unit"

    side: str
    unit: str


def parse_choose_unit(command: Command) -> ChooseUnit:
    by = head(command, frozenset({"unit"}))
    return ChooseUnit(by, text(command.get("unit"), "unit"))


@dataclass(frozen=True)
class ChooseKi(Value):
    @property
    def kind(self) -> str:
        return "choose_ki"

    side: str
    ability: str | None  # None: declined (no ki ability this turn)


def parse_choose_ki(command: Command) -> ChooseKi:
    by = head(command, frozenset({"ability"}))
    ability = command.get("ability")
    return ChooseKi(by, None if ability is None else text(ability, "ability"))
