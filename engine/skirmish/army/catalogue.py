"""The skirmish catalogue: the data files of ``engine/skirmish/data`` read, checked
against their JSON schemas and cross-checked, as frozen records.

Files: ``weapons.json`` (Weapons and Armour > Weapons, and the heroes' two swords and
improvised weapons), ``armour.json`` (Weapons and Armour > Armour), ``strategies.json``
(the Water and Fire strategies), ``masteries.json`` (the Wind table, Mastery of
Horsemanship, the command radius per level of Mastery of Command), ``profiles.json``
(stats lines), ``warbands.json`` (sample bands: the factions) and ``scenarios.json``.
Every packaged file says ``"sample": true``: the values are the rulebook's where it
gives them, and ours (marked) where it does not.

A state records the :attr:`Catalogue.fingerprint` of the data it was started with;
:func:`catalogue_of` finds that catalogue again (the packaged one, or one loaded from a
folder, ``SHIAI_SKIRMISH_DATA``, with :func:`load_catalogue`).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from engine.core.datafiles import DataFiles
from engine.skirmish.army.validate import catalogue_problems

DATA_PACKAGE = "engine.skirmish"
DATA_FOLDER = "data"
FILES = (
    "weapons.json",
    "armour.json",
    "strategies.json",
    "masteries.json",
    "profiles.json",
    "warbands.json",
    "scenarios.json",
)
EDGES = ("south", "north", "west", "east")
SCENERY_KINDS = ("difficult", "obstacle", "impassable", "building")


class CatalogueError(ValueError):
    """Data files that cannot be used, with every problem found."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(self.problems))


DATA = DataFiles(DATA_PACKAGE, DATA_FOLDER, FILES, CatalogueError)
"""The data files: the packaged ones, or a folder of the same files."""


@dataclass(frozen=True, slots=True)
class Effect:
    """A modifier of a weapon or a mastery level: ``value`` added to ``stat`` ``when``
    (``always``, ``mounted_or_vs_mounted``, ``vs_mounted``, ``vs_foot``, ``mounted``,
    ``vs_medium_or_heavy_armour``, ``vs_heavy_armour``, ``second_rank``, ...)."""

    stat: str
    value: int
    when: str = "always"

    def to_json(self) -> dict[str, Any]:
        return {"stat": self.stat, "value": self.value, "when": self.when}


@dataclass(frozen=True, slots=True)
class Weapon:
    id: str
    name: str
    kind: str  # basic | missile | hand | special
    range_in: int | None = None
    strength: int | None = None
    to_hit: int = 0
    reload_turns: int = 0
    two_handed: bool = False
    heroes_only: bool = False
    mounted: bool = True
    """Whether it may be used on horseback (two swords may not)."""
    effects: tuple[Effect, ...] = ()

    @property
    def missile(self) -> bool:
        return self.kind == "missile"

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "kind": self.kind,
            "range_in": self.range_in,
            "strength": self.strength,
            "to_hit": self.to_hit,
            "reload_turns": self.reload_turns,
            "two_handed": self.two_handed,
            "heroes_only": self.heroes_only,
            "mounted": self.mounted,
            "effects": [effect.to_json() for effect in self.effects],
        }


@dataclass(frozen=True, slots=True)
class Armour:
    id: str
    name: str
    defence: int
    combat: int = 0
    foot_move_in: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "defence": self.defence,
            "combat": self.combat,
            "foot_move_in": self.foot_move_in,
        }


@dataclass(frozen=True, slots=True)
class Strategy:
    id: str
    name: str
    element: str  # water | fire
    effect: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "element": self.element,
            "effect": self.effect,
            "params": dict(self.params),
        }


@dataclass(frozen=True, slots=True)
class Mastery:
    """A Wind strategy: the effects of each level (``levels[0]`` is level 1)."""

    id: str
    name: str
    weapons: tuple[str, ...]
    levels: tuple[tuple[Effect, ...], ...]

    def effects(self, level: int) -> tuple[Effect, ...]:
        """The effects at ``level`` (none at 0; the highest level listed above it)."""
        if level <= 0 or not self.levels:
            return ()
        return self.levels[min(level, len(self.levels)) - 1]

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "weapons": list(self.weapons),
            "levels": [[effect.to_json() for effect in level] for level in self.levels],
        }


@dataclass(frozen=True, slots=True)
class Profile:
    """A stats line (Character Stats Line); ``shooting`` is the to-hit number (5 for 5+)."""

    id: str
    name: str
    hero: bool
    combat: int
    shooting: int
    strength: int
    defence: int
    wounds: int
    attacks: int
    courage: int
    move_in: int = 6
    ours: bool = False
    notes: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "hero": self.hero,
            "combat": self.combat,
            "shooting": self.shooting,
            "strength": self.strength,
            "defence": self.defence,
            "wounds": self.wounds,
            "attacks": self.attacks,
            "courage": self.courage,
            "move_in": self.move_in,
            "ours": self.ours,
        }


@dataclass(frozen=True, slots=True)
class BandUnit:
    """One unit of a warband: a hero (count 1) or a character group (count 3+)."""

    name: str
    profile: str
    count: int
    weapon: str
    armour: str
    mounted: bool = False
    strategies: tuple[str, ...] = ()
    masteries: Mapping[str, int] = field(default_factory=dict)
    command: int = 0
    zen: int = 0
    honourable: bool = False
    samurai: bool = False
    attendants: bool = False
    master: int | None = None
    """For warrior attendants: the (1-based) number of their master's unit in the band."""
    horse_holders: bool = False
    pavises: bool = False
    """Whether the group carries pavises (Weapons and Armour > Pavises)."""
    carried: tuple[str, ...] = ()
    """The weapons a hero carries besides ``weapon`` (changed with his attendants'
    help, Warrior Attendants > Change weapons)."""
    points: int = 0
    """Points of each model."""
    minimum: int = 3


@dataclass(frozen=True, slots=True)
class Warband:
    id: str
    name: str
    label: str
    units: tuple[BandUnit, ...]

    @property
    def models(self) -> int:
        return sum(unit.count for unit in self.units)


@dataclass(frozen=True, slots=True)
class SceneryPiece:
    id: str
    name: str
    kind: str
    blocks_sight: bool
    points: tuple[tuple[float, float], ...]
    """Polygon points in inches."""


@dataclass(frozen=True, slots=True)
class ScenarioSide:
    warband: str
    label: str
    edge: str
    deployment: tuple[tuple[tuple[float, float, int], ...], ...]
    """Per unit of the warband (in its order), each model's ``(x_in, y_in, facing_deg)``."""
    zone_in: float = 6.0


@dataclass(frozen=True, slots=True)
class Scenario:
    id: str
    name: str
    width_in: int
    height_in: int
    turns: int
    scenery: tuple[SceneryPiece, ...]
    sides: Mapping[str, ScenarioSide]
    description: str = ""


@dataclass(frozen=True, eq=False)
class Catalogue:
    """Everything the data files say, checked. Compared by identity: one catalogue is
    loaded per fingerprint."""

    weapons: Mapping[str, Weapon]
    armour: Mapping[str, Armour]
    strategies: Mapping[str, Strategy]
    masteries: Mapping[str, Mastery]
    command_radius_in: Mapping[int, int]
    profiles: Mapping[str, Profile]
    warbands: Mapping[str, Warband]
    scenarios: Mapping[str, Scenario]
    sample: bool
    fingerprint: str

    def weapon(self, weapon_id: str) -> Weapon:
        return self.weapons[weapon_id]

    def profile(self, profile_id: str) -> Profile:
        return self.profiles[profile_id]

    def scenario(self, scenario_id: str) -> Scenario:
        return self.scenarios[scenario_id]

    def warband(self, warband_id: str) -> Warband:
        return self.warbands[warband_id]

    def mastery_for(self, weapon_id: str) -> Mastery | None:
        """The Wind strategy of a weapon (``None`` when there is none)."""
        for mastery in self.masteries.values():
            if weapon_id in mastery.weapons:
                return mastery
        return None


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


def load_catalogue(folder: Path | str | None = None) -> Catalogue:
    """The packaged catalogue, or the files of ``folder`` (all of :data:`FILES`, the same
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


def _fingerprint_text(documents: Sequence[Any]) -> str:
    """The data as one canonical text (sorted keys, no spaces): the data files hold
    inches with decimals, which the state's canonical JSON (integers only) would refuse."""
    return json.dumps(documents, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _effects(records: Sequence[Mapping[str, Any]]) -> tuple[Effect, ...]:
    return tuple(Effect(r["stat"], r["value"], r.get("when", "always")) for r in records)


def build_catalogue(documents: Sequence[tuple[str, Any]]) -> Catalogue:
    """Validate, parse and cross-check the ``(name, document)`` pairs, in the order of
    :data:`FILES`."""
    problems: list[str] = []
    for file, (name, document) in zip(FILES, documents, strict=True):
        problems.extend(DATA.schema_problems(file, name, document))
    if problems:
        raise CatalogueError(problems)
    docs = {file: document for file, (_, document) in zip(FILES, documents, strict=True)}
    names = {file: name for file, (name, _) in zip(FILES, documents, strict=True)}
    weapons = {
        w["id"]: Weapon(
            id=w["id"],
            name=w["name"],
            kind=w["kind"],
            range_in=w.get("range_in"),
            strength=w.get("strength"),
            to_hit=w.get("to_hit", 0),
            reload_turns=w.get("reload_turns", 0),
            two_handed=w.get("two_handed", False),
            heroes_only=w.get("heroes_only", False),
            mounted=w.get("mounted", True),
            effects=_effects(w.get("effects", [])),
        )
        for w in docs["weapons.json"]["weapons"]
    }
    armour = {
        a["id"]: Armour(a["id"], a["name"], a["defence"], a.get("combat", 0), a.get("foot_move_in"))
        for a in docs["armour.json"]["armour"]
    }
    strategies = {
        s["id"]: Strategy(s["id"], s["name"], s["element"], s["effect"], s.get("params", {}))
        for s in docs["strategies.json"]["strategies"]
    }
    mastery_doc = docs["masteries.json"]
    masteries = {
        m["id"]: Mastery(
            m["id"],
            m["name"],
            tuple(m.get("weapons", [])),
            tuple(_effects(level) for level in m["levels"]),
        )
        for m in mastery_doc["masteries"]
    }
    radius = {int(level): value for level, value in mastery_doc["command_radius_in"].items()}
    profiles = {
        p["id"]: Profile(
            id=p["id"],
            name=p["name"],
            hero=p["hero"],
            combat=p["combat"],
            shooting=p["shooting"],
            strength=p["strength"],
            defence=p["defence"],
            wounds=p["wounds"],
            attacks=p["attacks"],
            courage=p["courage"],
            move_in=p.get("move_in", 6),
            ours=p.get("ours", False),
            notes=p.get("notes", ""),
        )
        for p in docs["profiles.json"]["profiles"]
    }
    warbands = {
        b["id"]: Warband(b["id"], b["name"], b["label"], tuple(_band_unit(u) for u in b["units"]))
        for b in docs["warbands.json"]["warbands"]
    }
    scenarios = {s["id"]: _scenario(s) for s in docs["scenarios.json"]["scenarios"]}
    for file, values in (
        ("weapons.json", [w["id"] for w in docs["weapons.json"]["weapons"]]),
        ("profiles.json", [p["id"] for p in docs["profiles.json"]["profiles"]]),
        ("warbands.json", [b["id"] for b in docs["warbands.json"]["warbands"]]),
        ("scenarios.json", [s["id"] for s in docs["scenarios.json"]["scenarios"]]),
    ):
        problems.extend(
            f"{names[file]}: id {value} is used twice"
            for value in sorted({v for v in values if values.count(v) > 1})
        )
    for mastery in masteries.values():
        for weapon_id in mastery.weapons:
            if weapon_id not in weapons:
                problems.append(f"{names['masteries.json']}: {mastery.id}: no weapon {weapon_id}")
    if problems:
        raise CatalogueError(problems)
    catalogue = Catalogue(
        weapons=MappingProxyType(weapons),
        armour=MappingProxyType(armour),
        strategies=MappingProxyType(strategies),
        masteries=MappingProxyType(masteries),
        command_radius_in=MappingProxyType(radius),
        profiles=MappingProxyType(profiles),
        warbands=MappingProxyType(warbands),
        scenarios=MappingProxyType(scenarios),
        sample=any(bool(document.get("sample")) for _, document in documents),
        fingerprint=hashlib.sha256(
            _fingerprint_text([document for _, document in documents]).encode("utf-8")
        ).hexdigest()[:16],
    )
    problems.extend(catalogue_problems(catalogue, names["warbands.json"], names["scenarios.json"]))
    if problems:
        raise CatalogueError(problems)
    return catalogue


def _band_unit(record: Mapping[str, Any]) -> BandUnit:
    return BandUnit(
        name=record["name"],
        profile=record["profile"],
        count=record["count"],
        weapon=record["weapon"],
        armour=record["armour"],
        mounted=record.get("mounted", False),
        strategies=tuple(record.get("strategies", [])),
        masteries=MappingProxyType(dict(sorted(record.get("masteries", {}).items()))),
        command=record.get("command", 0),
        zen=record.get("zen", 0),
        honourable=record.get("honourable", False),
        samurai=record.get("samurai", False),
        attendants=record.get("attendants", False),
        master=record.get("master"),
        horse_holders=record.get("horse_holders", False),
        pavises=record.get("pavises", False),
        carried=tuple(record.get("carried", [])),
        points=record["points"],
        minimum=record.get("minimum", 3),
    )


def _scenario(record: Mapping[str, Any]) -> Scenario:
    return Scenario(
        id=record["id"],
        name=record["name"],
        width_in=record["table"]["width_in"],
        height_in=record["table"]["height_in"],
        turns=record["turns"],
        scenery=tuple(
            SceneryPiece(
                s["id"],
                s["name"],
                s["kind"],
                s["blocks_sight"],
                tuple((float(x), float(y)) for x, y in s["points"]),
            )
            for s in record["scenery"]
        ),
        sides=MappingProxyType(
            {
                side: ScenarioSide(
                    warband=entry["warband"],
                    label=entry["label"],
                    edge=entry["edge"],
                    deployment=tuple(
                        tuple((float(x), float(y), int(f)) for x, y, f in models)
                        for models in entry["deployment"]
                    ),
                    zone_in=float(entry.get("zone_in", 6)),
                )
                for side, entry in sorted(record["sides"].items())
            }
        ),
        description=record.get("description", ""),
    )
