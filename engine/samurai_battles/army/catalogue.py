"""The Samurai Battles catalogue: unit types (the Unit Cards), terrain kinds, the combat
and Fortitude tables, the scenarios and the clans, read from the JSON files of
``engine/samurai_battles/data``.

The orders rulebook gives the orders and their execution, but no unit profile, combat
table, terrain chart or scenario: the packaged files are SAMPLE data (``"sample": true``
at the top of each file; :attr:`Catalogue.sample`). A player who owns the base game
replaces them with a folder of the same four files (``load_catalogue(folder)``) and no
code changes. Each file is validated against its schema in ``data/schemas``, parsed into
frozen values, then cross-checked (every unit type, terrain kind and clan a scenario
names exists, units stand on the board and on passable ground, one unit a hex...).
Every problem is reported at once, each naming the file and the field.

A state records the :attr:`Catalogue.fingerprint` of the data it was started with;
:func:`catalogue_of` finds that catalogue again, so the rules below the facade (the
execution, the geometry) read the same data as the game was started with.

>>> load_catalogue().unit_type("samurai").category
'infantry'
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final, Literal

from engine.core import canonical_json
from engine.core.datafiles import DataFiles
from engine.hexgrid import Board, Facing, Hex

DATA_PACKAGE: Final = "engine.samurai_battles"
DATA_FOLDER: Final = "data"
FILES: Final = ("units.json", "terrain.json", "tables.json", "scenarios.json")
"""The data files, each validated by ``data/schemas/<name>.schema.json``."""

ORDER_IDS: Final = (
    "all_around",
    "defend",
    "fire_and_retreat",
    "fire",
    "assault",
    "march",
    "move_and_fire",
    "run",
    "ambush",
    "join_up",
    "receive_supplies",
    "rest",
    "reconnaissance",
    "retreat",
)
"""Every order of the rulebook, in its order: the ids an Order Chart may list."""

CATEGORIES: Final = ("infantry", "cavalry")
OPEN: Final = "open"
"""The terrain kind of a hex with none placed (the board stores only the others)."""

Category = Literal["infantry", "cavalry"]


class CatalogueError(ValueError):
    """The data files are malformed or inconsistent; ``problems`` lists every one."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(self.problems))


DATA = DataFiles(DATA_PACKAGE, DATA_FOLDER, FILES, CatalogueError)
"""The data files: the packaged ones, or a folder of the same files."""


@dataclass(frozen=True)
class RangedWeapon:
    """A unit's ranged attack: ``range`` in hexes, ``dice`` rolled at full strength,
    the ``hit`` each die needs, and the ``ammunition`` it starts with (and may be
    resupplied up to: Special Orders > Receive Supplies)."""

    range: int
    dice: int
    hit: int
    ammunition: int


@dataclass(frozen=True)
class UnitType:
    """A Unit Card: category, strength, Attack Value and the die a hit needs, starting
    Fortitude, ranged weapon, the Peasant Transport's supply, the Order Chart (every
    order this type may be given) and its points."""

    id: str
    name: str
    category: Category
    models: int
    attack: int
    hit: int
    fortitude: int
    ranged: RangedWeapon | None
    supplies: int
    orders: tuple[str, ...]
    points: int

    @property
    def is_cavalry(self) -> bool:
        return self.category == "cavalry"

    def on_chart(self, order: str) -> bool:
        """Whether the Order Chart lists ``order`` (Special Orders: only those listed)."""
        return order in self.orders

    def to_json(self) -> dict[str, Any]:
        """The type as the catalogue a view carries (names, category, strength, range)."""
        return {
            "name": self.name,
            "category": self.category,
            "models": self.models,
            "fortitude": self.fortitude,
            "range": self.ranged.range if self.ranged else None,
            "ammunition": self.ranged.ammunition if self.ranged else 0,
            "supplies": self.supplies,
            "orders": list(self.orders),
        }


@dataclass(frozen=True)
class TerrainKind:
    """A terrain kind: whether it blocks line of sight, whether it can be entered, the
    orders a unit of each category standing in it or entering it may not execute,
    whether a unit in it may Ambush, and the extra melee dice of a defender in it."""

    id: str
    name: str
    blocks_sight: bool
    impassable: bool
    forbids: Mapping[str, tuple[str, ...]]
    ambush: bool
    defence_dice: int

    def forbids_order(self, category: str, order: str) -> bool:
        """Whether a unit of ``category`` in this terrain may not execute ``order``."""
        return order in self.forbids.get(category, ())


@dataclass(frozen=True)
class Tables:
    """The combat and Fortitude tables (see ``data/tables.json``)."""

    attack_rounding: Literal["up", "down"]
    flank_dice: int
    rear_dice: int
    fortitude_die: int
    lost_melee_modifier: int
    fired_on_modifier: int
    failure_loss: int
    flight_at: int
    flight_on_failed_melee_test: bool
    control_radius: int
    defense_radius: int
    ambush_fire_range: int
    fire_and_retreat_range: int
    ambush_clear_range: int
    reconnaissance_range: int

    def attack_dice(self, attack: int, models: int, full: int) -> int:
        """Dice a unit rolls as it loses models: ``attack * models / full``, rounded as
        the table says.

        >>> load_catalogue().tables.attack_dice(6, 3, 4)
        5
        """
        whole, part = divmod(attack * models, full)
        return whole + (1 if part and self.attack_rounding == "up" else 0)


@dataclass(frozen=True)
class ArmyUnit:
    """A unit a scenario deploys: its id, number (what orders name), type, hex, facing."""

    id: str
    number: int
    type: str
    hex: Hex
    facing: Facing


@dataclass(frozen=True)
class Army:
    """One side of a scenario: its clan and its units."""

    faction: str
    units: tuple[ArmyUnit, ...]


@dataclass(frozen=True)
class Objective:
    """A hex worth ``points`` to the side holding it at the end."""

    hex: Hex
    points: int


@dataclass(frozen=True)
class Victory:
    """A scenario's victory conditions: the break point (a number of units, or a
    fraction of the side's units, destroyed or Put to Flight), the objectives, and
    whether enemy units removed score their points."""

    break_units: int | None
    break_fraction: tuple[int, int] | None
    objectives: tuple[Objective, ...]
    points: bool

    def to_json(self) -> dict[str, Any]:
        """The state's ``victory`` field (canonical: whole numbers, sorted objectives)."""
        if self.break_units is not None:
            broken: dict[str, Any] | None = {"units": self.break_units}
        elif self.break_fraction is not None:
            broken = {"fraction": list(self.break_fraction)}
        else:
            broken = None
        return {
            "break": broken,
            "objectives": [
                {"hex": o.hex.to_json(), "points": o.points}
                for o in sorted(self.objectives, key=lambda o: o.hex)
            ],
            "points": self.points,
        }


@dataclass(frozen=True)
class Scenario:
    """A scenario: the board and its terrain, the two armies, the turn limit and the
    victory conditions."""

    id: str
    name: str
    description: str
    board: Board
    armies: Mapping[str, Army]
    turns: int
    victory: Victory


@dataclass(frozen=True)
class Clan:
    """A clan (a faction a side plays)."""

    id: str
    name: str


@dataclass(frozen=True, eq=False)
class Catalogue:
    """Every record, by id (read-only mappings in id order; scenarios in file order).
    Compared by identity: one catalogue is loaded per fingerprint."""

    unit_types: Mapping[str, UnitType]
    terrain_kinds: Mapping[str, TerrainKind]
    tables: Tables
    scenarios: Mapping[str, Scenario]
    clans: tuple[Clan, ...]
    sample: bool
    fingerprint: str
    """The short SHA-256 of the four files' data as canonical JSON (the state's ``data``)."""

    def unit_type(self, type_id: str) -> UnitType:
        if type_id not in self.unit_types:
            raise KeyError(f"no unit type {type_id!r} in the Samurai Battles catalogue")
        return self.unit_types[type_id]

    def terrain(self, kind: str | None) -> TerrainKind:
        """The terrain kind ``kind`` (``None``, a hex with nothing placed, is open)."""
        key = OPEN if kind is None else kind
        if key not in self.terrain_kinds:
            raise KeyError(f"no terrain kind {key!r} in the Samurai Battles catalogue")
        return self.terrain_kinds[key]

    def scenario(self, scenario_id: str) -> Scenario:
        if scenario_id not in self.scenarios:
            raise KeyError(f"no scenario {scenario_id!r} in the Samurai Battles catalogue")
        return self.scenarios[scenario_id]

    def clan_name(self, clan_id: str) -> str:
        return next((c.name for c in self.clans if c.id == clan_id), clan_id)


_LOADED: dict[str, Catalogue] = {}


def catalogue_of(state: Mapping[str, Any]) -> Catalogue:
    """The catalogue a game was started with, by the fingerprint its state records
    (``state["data"]``): the packaged one, or one loaded from a folder earlier."""
    fingerprint = state.get("data")
    packaged = load_catalogue()
    if fingerprint == packaged.fingerprint or fingerprint is None:
        return packaged
    if fingerprint in _LOADED:
        return _LOADED[fingerprint]
    raise CatalogueError([f"this game was played with data {fingerprint}, which is not loaded"])


def load_catalogue(folder: Path | None = None) -> Catalogue:
    """The packaged catalogue, or the four files of ``folder`` (all four, the same
    format). Raises :class:`CatalogueError` listing every problem."""
    if folder is None:
        return _packaged()
    documents = DATA.read_folder(folder)
    catalogue = build_catalogue(documents)
    _LOADED[catalogue.fingerprint] = catalogue
    return catalogue


@cache
def _packaged() -> Catalogue:
    return build_catalogue(DATA.packaged())


def build_catalogue(documents: Sequence[tuple[str, Any]]) -> Catalogue:
    """Validate, parse and cross-check the four ``(name, document)`` pairs, in the
    order of :data:`FILES`."""
    problems: list[str] = []
    for file, (name, document) in zip(FILES, documents, strict=True):
        problems.extend(DATA.schema_problems(file, name, document))
    if problems:
        raise CatalogueError(problems)
    (units_name, units), (terrain_name, terrain), (_, tables), (scen_name, scenarios) = documents
    unit_types = _unit_types(units, units_name, problems)
    terrain_kinds = _terrain_kinds(terrain, terrain_name, problems)
    clans = tuple(Clan(c["id"], c["name"]) for c in scenarios["clans"])
    parsed = _scenarios(scenarios, scen_name, unit_types, terrain_kinds, clans, problems=problems)
    if problems:
        raise CatalogueError(problems)
    digest = hashlib.sha256(
        canonical_json([document for _, document in documents]).encode("utf-8")
    ).hexdigest()
    return Catalogue(
        unit_types=MappingProxyType(dict(sorted(unit_types.items()))),
        terrain_kinds=MappingProxyType(dict(sorted(terrain_kinds.items()))),
        tables=_tables(tables),
        scenarios=MappingProxyType(parsed),
        clans=clans,
        sample=any(bool(document.get("sample")) for _, document in documents),
        fingerprint=digest[:16],
    )


def _unit_types(document: Any, name: str, problems: list[str]) -> dict[str, UnitType]:
    found: dict[str, UnitType] = {}
    for record in document["units"]:
        if record["id"] in found:
            problems.append(f"{name}: units/{record['id']}: listed twice")
        ranged = record["ranged"]
        found[record["id"]] = UnitType(
            id=record["id"],
            name=record["name"],
            category=record["category"],
            models=record["models"],
            attack=record["attack"],
            hit=record["hit"],
            fortitude=record["fortitude"],
            ranged=RangedWeapon(**ranged) if ranged else None,
            supplies=record["supplies"],
            orders=tuple(o for o in ORDER_IDS if o in record["orders"]),
            points=record["points"],
        )
        problems.extend(_chart_problems(found[record["id"]], name))
    return found


def _chart_problems(unit: UnitType, name: str) -> list[str]:
    """Orders a Unit Card may not list whatever the data says (the rulebook's own
    limits: cavalry never Defend; only ranged units fire; only ninja scout)."""
    where = f"{name}: units/{unit.id}/orders"
    wrong: list[str] = []
    if unit.is_cavalry and {"all_around", "defend"} & set(unit.orders):
        wrong.append(f"{where}: cavalry cannot be issued All-Around Defense or Defend")
    firing = {"fire", "fire_and_retreat", "move_and_fire"} & set(unit.orders)
    if firing and unit.ranged is None:
        wrong.append(f"{where}: {', '.join(sorted(firing))} need a ranged attack")
    if "move_and_fire" in unit.orders and not unit.is_cavalry:
        wrong.append(f"{where}: infantry units may not execute a Move and Fire order")
    if "reconnaissance" in unit.orders and unit.id != "ninja":
        wrong.append(f"{where}: only a Ninja unit can be given Reconnaissance")
    if "receive_supplies" in unit.orders and unit.ranged is None and unit.supplies == 0:
        wrong.append(f"{where}: Receive Supplies is for ranged units and Peasant Transports")
    return wrong


def _terrain_kinds(document: Any, name: str, problems: list[str]) -> dict[str, TerrainKind]:
    found: dict[str, TerrainKind] = {}
    for record in document["terrain"]:
        if record["id"] in found:
            problems.append(f"{name}: terrain/{record['id']}: listed twice")
        found[record["id"]] = TerrainKind(
            id=record["id"],
            name=record["name"],
            blocks_sight=record["blocks_sight"],
            impassable=record["impassable"],
            forbids=MappingProxyType(
                {c: tuple(record["forbids"][c]) for c in CATEGORIES if c in record["forbids"]}
            ),
            ambush=record["ambush"],
            defence_dice=record["defence_dice"],
        )
    if OPEN not in found:
        problems.append(
            f"{name}: terrain: the kind {OPEN!r} (a hex with nothing placed) is missing"
        )
    elif found[OPEN].impassable:
        problems.append(f"{name}: terrain/{OPEN}: open ground cannot be impassable")
    return found


def _tables(document: Any) -> Tables:
    fortitude, ranges = document["fortitude"], document["ranges"]
    return Tables(
        attack_rounding=document["attack_dice"]["rounding"],
        flank_dice=document["bonus_dice"]["flank"],
        rear_dice=document["bonus_dice"]["rear"],
        fortitude_die=fortitude["die"],
        lost_melee_modifier=fortitude["modifiers"]["lost_melee"],
        fired_on_modifier=fortitude["modifiers"]["fired_on"],
        failure_loss=fortitude["failure_loss"],
        flight_at=fortitude["flight_at"],
        flight_on_failed_melee_test=fortitude["flight_on_failed_melee_test"],
        control_radius=document["zones"]["control"],
        defense_radius=document["zones"]["defense"],
        ambush_fire_range=ranges["ambush_fire"],
        fire_and_retreat_range=ranges["fire_and_retreat"],
        ambush_clear_range=ranges["ambush_clear"],
        reconnaissance_range=ranges["reconnaissance"],
    )


def _scenarios(
    document: Any,
    name: str,
    unit_types: Mapping[str, UnitType],
    terrain_kinds: Mapping[str, TerrainKind],
    clans: tuple[Clan, ...],
    *,
    problems: list[str],
) -> dict[str, Scenario]:
    found: dict[str, Scenario] = {}
    clan_ids = {c.id for c in clans}
    for record in document["scenarios"]:
        where = f"{name}: scenarios/{record['id']}"
        if record["id"] in found:
            problems.append(f"{where}: listed twice")
        board = _board(record, where, terrain_kinds, problems)
        if board is None:
            continue
        armies = {
            side: _army(
                record["armies"][side],
                f"{where}/armies/{side}",
                board,
                unit_types,
                terrain_kinds,
                problems=problems,
            )
            for side in ("east", "west")
        }
        for side, army in armies.items():
            if army.faction not in clan_ids:
                problems.append(f"{where}/armies/{side}/faction: no clan {army.faction!r}")
        everyone = [u for army in armies.values() for u in army.units]
        problems.extend(_twice(where, "unit id", [u.id for u in everyone]))
        problems.extend(_twice(where, "hex", [str(u.hex.to_json()) for u in everyone]))
        victory = _victory(record["victory"], f"{where}/victory", board, problems)
        found[record["id"]] = Scenario(
            id=record["id"],
            name=record["name"],
            description=record.get("description", ""),
            board=board,
            armies=MappingProxyType(armies),
            turns=record["turns"],
            victory=victory,
        )
    return found


def _twice(where: str, what: str, values: list[str]) -> list[str]:
    return [
        f"{where}/armies: {what} {value} is used twice"
        for value in sorted({v for v in values if values.count(v) > 1})
    ]


def _board(
    record: Any, where: str, terrain_kinds: Mapping[str, TerrainKind], problems: list[str]
) -> Board | None:
    shape = record["board"]
    terrain: dict[Hex, str] = {}
    for q, r, kind in record["terrain"]:
        if kind not in terrain_kinds:
            problems.append(f"{where}/terrain: no terrain kind {kind!r}")
        elif kind != OPEN:
            terrain[Hex(q, r)] = kind
    try:
        if "columns" in shape:
            return Board.rectangle(shape["columns"], shape["rows"], terrain)
        return Board(frozenset(Hex(q, r) for q, r in shape["hexes"]), terrain)
    except ValueError as bad:
        problems.append(f"{where}/board: {bad}")
        return None


def _army(
    record: Any,
    where: str,
    board: Board,
    unit_types: Mapping[str, UnitType],
    terrain_kinds: Mapping[str, TerrainKind],
    *,
    problems: list[str],
) -> Army:
    units = []
    for unit in record["units"]:
        hex_ = Hex(*unit["hex"])
        if unit["type"] not in unit_types:
            problems.append(f"{where}/{unit['id']}/type: no unit type {unit['type']!r}")
        if hex_ not in board:
            problems.append(f"{where}/{unit['id']}/hex: {unit['hex']} is off the board")
        elif _impassable(terrain_kinds, board.terrain_at(hex_)):
            problems.append(f"{where}/{unit['id']}/hex: {unit['hex']} is impassable terrain")
        units.append(
            ArmyUnit(unit["id"], unit["number"], unit["type"], hex_, Facing(unit["facing"]))
        )
    return Army(faction=record["faction"], units=tuple(units))


def _impassable(terrain_kinds: Mapping[str, TerrainKind], kind: str | None) -> bool:
    found = terrain_kinds.get(kind or OPEN)
    return found is not None and found.impassable


def _victory(record: Any, where: str, board: Board, problems: list[str]) -> Victory:
    broken = record["break"]
    objectives = tuple(Objective(Hex(*o["hex"]), o["points"]) for o in record["objectives"])
    for objective in objectives:
        if objective.hex not in board:
            problems.append(f"{where}/objectives: {objective.hex.to_json()} is off the board")
    fraction = tuple(broken["fraction"]) if broken and "fraction" in broken else None
    if fraction is not None and fraction[0] > fraction[1]:
        problems.append(f"{where}/break/fraction: {fraction[0]}/{fraction[1]} is more than all")
    return Victory(
        break_units=broken["units"] if broken and "units" in broken else None,
        break_fraction=(fraction[0], fraction[1]) if fraction is not None else None,
        objectives=objectives,
        points=record["points"],
    )
