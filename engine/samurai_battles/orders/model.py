"""The written orders: one frozen value per order of the rulebook, parsed from the JSON a
command carries (``parse_order``) and written back (``Order.to_json``).

Everything an order must carry is written down when it is issued, as the rulebook asks:
the path hex by hex (never including the start hex), the target unit, the hex a
defending unit faces, the Kill Zone's maximum range, the hex a Move and Fire fires from,
the unit to join and the hex the joined unit stands on. Parsing checks only the shape
(``InvalidCommand``); what the rules allow is checked in :mod:`.checks`.

>>> parse_order({"order": "march", "path": [[1, 0]]})
March(path=(Hex(q=1, r=0),))
>>> parse_order({"order": "march", "path": [[1, 0]]}).to_json()
{'order': 'march', 'path': [[1, 0]]}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, ClassVar, Final

from engine.core import InvalidCommand
from engine.hexgrid import Hex
from engine.samurai_battles.army.catalogue import ORDER_IDS

DEFENSIVE: Final = "defensive"
RANGED: Final = "ranged"
MOVEMENT: Final = "movement"
MELEE: Final = "melee"
SPECIAL: Final = "special"
RETREAT: Final = "retreat"
STEPS: Final = (DEFENSIVE, RANGED, MOVEMENT, MELEE, SPECIAL, RETREAT)
"""The steps of the Execution Phase, in order (melee has no order of its own)."""

MOVE_LIMITS: Final[Mapping[str, Mapping[str, int]]] = MappingProxyType(
    {
        # Movement Orders > Assault / March / Move and Fire / Run; Retreat Orders > Retreat.
        "assault": MappingProxyType({"infantry": 2, "cavalry": 4}),
        "march": MappingProxyType({"infantry": 1, "cavalry": 2}),
        "move_and_fire": MappingProxyType({"cavalry": 4}),
        "run": MappingProxyType({"infantry": 2, "cavalry": 4}),
        "retreat": MappingProxyType({"infantry": 1, "cavalry": 2}),
    }
)
"""The most hexes a path may hold, by order and category (none: may not move so)."""


def _hex(value: object, field: str) -> Hex:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in value)
    ):
        raise InvalidCommand(f"{field} must be a hex written [q, r], not {value!r}")
    return Hex(value[0], value[1])


def _path(value: object, *, may_stay: bool = False) -> tuple[Hex, ...]:
    """A written path; only an Assault may stay put (an empty path: it attacks the
    adjacent target where it stands)."""
    if not isinstance(value, list) or not (value or may_stay):
        raise InvalidCommand("path must be a list of at least one hex [q, r]")
    return tuple(_hex(step, "each hex of the path") for step in value)


def _unit(value: object, field: str) -> str:
    if not isinstance(value, str) or not value:
        raise InvalidCommand(f"{field} must name a unit by its id, not {value!r}")
    return value


def _whole(value: object, field: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidCommand(f"{field} must be a whole number, not {value!r}")
    return value


@dataclass(frozen=True)
class Order:
    """An order written for one unit; ``id`` names it, ``step`` is when it executes."""

    id: ClassVar[str]
    step: ClassVar[str]
    fields: ClassVar[tuple[str, ...]] = ()

    def to_json(self) -> dict[str, Any]:
        return {"order": self.id}

    @property
    def path_hexes(self) -> tuple[Hex, ...]:
        """The hexes it moves through (none for an order that does not move)."""
        return ()


@dataclass(frozen=True)
class AllAround(Order):
    """Defensive Orders > All-Around Defense: no flank or rear sides this turn."""

    id: ClassVar[str] = "all_around"
    step: ClassVar[str] = DEFENSIVE


@dataclass(frozen=True)
class Defend(Order):
    """Defensive Orders > Defend: face the written hex; a ranged unit writes its Kill
    Zone's maximum range."""

    face: Hex
    kill_range: int | None = None
    id: ClassVar[str] = "defend"
    step: ClassVar[str] = DEFENSIVE
    fields: ClassVar[tuple[str, ...]] = ("face", "kill_range")

    def to_json(self) -> dict[str, Any]:
        written: dict[str, Any] = {"order": self.id, "face": self.face.to_json()}
        if self.kill_range is not None:
            written["kill_range"] = self.kill_range
        return written


@dataclass(frozen=True)
class FireAndRetreat(Order):
    """Defensive Orders > Fire and Retreat: face the written hex, Kill Zone of 2."""

    face: Hex
    id: ClassVar[str] = "fire_and_retreat"
    step: ClassVar[str] = DEFENSIVE
    fields: ClassVar[tuple[str, ...]] = ("face",)

    def to_json(self) -> dict[str, Any]:
        return {"order": self.id, "face": self.face.to_json()}


@dataclass(frozen=True)
class Fire(Order):
    """Ranged Combat Orders > Fire Ranged Weapons: at the written enemy unit."""

    target: str
    id: ClassVar[str] = "fire"
    step: ClassVar[str] = RANGED
    fields: ClassVar[tuple[str, ...]] = ("target",)

    def to_json(self) -> dict[str, Any]:
        return {"order": self.id, "target": self.target}


@dataclass(frozen=True)
class Assault(Order):
    """Movement Orders > Assault: the exact path, and the enemy unit to attack."""

    path: tuple[Hex, ...]
    target: str
    id: ClassVar[str] = "assault"
    step: ClassVar[str] = MOVEMENT
    fields: ClassVar[tuple[str, ...]] = ("path", "target")

    def to_json(self) -> dict[str, Any]:
        return {"order": self.id, "path": [h.to_json() for h in self.path], "target": self.target}

    @property
    def path_hexes(self) -> tuple[Hex, ...]:
        return self.path


@dataclass(frozen=True)
class March(Order):
    """Movement Orders > March: the exact path, carefully."""

    path: tuple[Hex, ...]
    id: ClassVar[str] = "march"
    step: ClassVar[str] = MOVEMENT
    fields: ClassVar[tuple[str, ...]] = ("path",)

    def to_json(self) -> dict[str, Any]:
        return {"order": self.id, "path": [h.to_json() for h in self.path]}

    @property
    def path_hexes(self) -> tuple[Hex, ...]:
        return self.path


@dataclass(frozen=True)
class MoveAndFire(Order):
    """Movement Orders > Move and Fire: the path, the underlined hex it fires from
    (``fire_at``, an index into ``[start] + path``) and the enemy unit it fires at."""

    path: tuple[Hex, ...]
    fire_at: int
    target: str
    id: ClassVar[str] = "move_and_fire"
    step: ClassVar[str] = MOVEMENT
    fields: ClassVar[tuple[str, ...]] = ("path", "fire_at", "target")

    def to_json(self) -> dict[str, Any]:
        return {
            "order": self.id,
            "path": [h.to_json() for h in self.path],
            "fire_at": self.fire_at,
            "target": self.target,
        }

    @property
    def path_hexes(self) -> tuple[Hex, ...]:
        return self.path

    def fire_hex(self, start: Hex) -> Hex:
        """The underlined hex: the start hex for 0, else that hex of the path."""
        return (start, *self.path)[self.fire_at]


@dataclass(frozen=True)
class Run(Order):
    """Movement Orders > Run: the exact path, as quickly as possible."""

    path: tuple[Hex, ...]
    id: ClassVar[str] = "run"
    step: ClassVar[str] = MOVEMENT
    fields: ClassVar[tuple[str, ...]] = ("path",)

    def to_json(self) -> dict[str, Any]:
        return {"order": self.id, "path": [h.to_json() for h in self.path]}

    @property
    def path_hexes(self) -> tuple[Hex, ...]:
        return self.path


@dataclass(frozen=True)
class Ambush(Order):
    """Special Orders > Ambush: hide in the unit's own hex, facing the written hex."""

    face: Hex
    id: ClassVar[str] = "ambush"
    step: ClassVar[str] = SPECIAL
    fields: ClassVar[tuple[str, ...]] = ("face",)

    def to_json(self) -> dict[str, Any]:
        return {"order": self.id, "face": self.face.to_json()}


@dataclass(frozen=True)
class JoinUp(Order):
    """Special Orders > Join Up: the unit to join with and the hex the joined unit
    stands on (one of the two units' hexes)."""

    partner: str
    hex: Hex
    id: ClassVar[str] = "join_up"
    step: ClassVar[str] = SPECIAL
    fields: ClassVar[tuple[str, ...]] = ("with", "hex")

    def to_json(self) -> dict[str, Any]:
        return {"order": self.id, "with": self.partner, "hex": self.hex.to_json()}


@dataclass(frozen=True)
class ReceiveSupplies(Order):
    """Special Orders > Receive Supplies: a ranged unit names the Peasant Transport it
    takes ammunition from (``source``); the transport's own order names none."""

    source: str | None = None
    id: ClassVar[str] = "receive_supplies"
    step: ClassVar[str] = SPECIAL
    fields: ClassVar[tuple[str, ...]] = ("from",)

    def to_json(self) -> dict[str, Any]:
        if self.source is None:
            return {"order": self.id}
        return {"order": self.id, "from": self.source}


@dataclass(frozen=True)
class Rest(Order):
    """Special Orders > Rest: does nothing (may fight in melee if attacked)."""

    id: ClassVar[str] = "rest"
    step: ClassVar[str] = SPECIAL


@dataclass(frozen=True)
class Reconnaissance(Order):
    """Special Orders > Reconnaissance: a ninja reveals hidden enemies within 3 hexes."""

    id: ClassVar[str] = "reconnaissance"
    step: ClassVar[str] = SPECIAL


@dataclass(frozen=True)
class Retreat(Order):
    """Retreat Orders > Retreat: leave melee by the exact path, after melee."""

    path: tuple[Hex, ...]
    id: ClassVar[str] = "retreat"
    step: ClassVar[str] = RETREAT
    fields: ClassVar[tuple[str, ...]] = ("path",)

    def to_json(self) -> dict[str, Any]:
        return {"order": self.id, "path": [h.to_json() for h in self.path]}

    @property
    def path_hexes(self) -> tuple[Hex, ...]:
        return self.path


MOVING: Final = frozenset({"assault", "march", "move_and_fire", "run", "retreat"})
"""The orders that carry a path."""
FIRING: Final = frozenset({"fire", "move_and_fire"})
"""The orders that fire at a written target (and spend 1 Ammunition point)."""

_BUILDERS: Final[Mapping[str, Callable[[Mapping[str, Any]], Order]]] = MappingProxyType(
    {
        "all_around": lambda o: AllAround(),
        "defend": lambda o: Defend(
            _hex(o.get("face"), "face"),
            None if o.get("kill_range") is None else _whole(o["kill_range"], "kill_range"),
        ),
        "fire_and_retreat": lambda o: FireAndRetreat(_hex(o.get("face"), "face")),
        "fire": lambda o: Fire(_unit(o.get("target"), "target")),
        "assault": lambda o: Assault(
            _path(o.get("path"), may_stay=True), _unit(o.get("target"), "target")
        ),
        "march": lambda o: March(_path(o.get("path"))),
        "move_and_fire": lambda o: MoveAndFire(
            _path(o.get("path")),
            _whole(o.get("fire_at"), "fire_at"),
            _unit(o.get("target"), "target"),
        ),
        "run": lambda o: Run(_path(o.get("path"))),
        "ambush": lambda o: Ambush(_hex(o.get("face"), "face")),
        "join_up": lambda o: JoinUp(_unit(o.get("with"), "with"), _hex(o.get("hex"), "hex")),
        "receive_supplies": lambda o: ReceiveSupplies(
            None if o.get("from") is None else _unit(o["from"], "from")
        ),
        "rest": lambda o: Rest(),
        "reconnaissance": lambda o: Reconnaissance(),
        "retreat": lambda o: Retreat(_path(o.get("path"))),
    }
)
_CLASSES: Final[Mapping[str, type[Order]]] = MappingProxyType(
    {
        cls.id: cls
        for cls in (
            AllAround,
            Defend,
            FireAndRetreat,
            Fire,
            Assault,
            March,
            MoveAndFire,
            Run,
            Ambush,
            JoinUp,
            ReceiveSupplies,
            Rest,
            Reconnaissance,
            Retreat,
        )
    }
)
assert tuple(_CLASSES) == ORDER_IDS == tuple(_BUILDERS), "one order class per rulebook order"


def order_class(order_id: str) -> type[Order]:
    """The class of the order ``order_id`` (``KeyError`` if there is none)."""
    return _CLASSES[order_id]


def parse_order(value: object) -> Order:
    """The order written as ``value`` (``{"order": id, ...fields}``); ``InvalidCommand``
    naming what is wrong when it is not one (unknown order, missing or extra fields,
    a hex that is not ``[q, r]``)."""
    if not isinstance(value, Mapping):
        raise InvalidCommand(f'an order is written {{"order": ..., ...}}, not {value!r}')
    kind = value.get("order")
    if not isinstance(kind, str) or kind not in _BUILDERS:
        raise InvalidCommand(f"order must be one of {', '.join(ORDER_IDS)}, not {kind!r}")
    extra = sorted(set(value) - {"order", *_CLASSES[kind].fields})
    if extra:
        raise InvalidCommand(f"a {kind} order does not carry {', '.join(extra)}")
    return _BUILDERS[kind](value)
