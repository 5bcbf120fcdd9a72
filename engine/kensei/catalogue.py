"""Kensei troops, weapons, abilities, titles and army lists, loaded from data files.

The rulebook keeps its army lists, weapon modifiers, abilities and titles in the
online army builder (Troops and Units > Troop profile; Equipment; Troop
Abilities), so they live in JSON files under ``engine/kensei/data/``. Each file
is checked against a JSON Schema (``data/schemas/``), then cross-referenced
(unknown ability, weapon or title ids, class and type mismatches...). Every
problem is reported, naming the file, the JSON path and what is wrong.

Files are read with ``importlib.resources`` only: no clock, no environment.

>>> catalogue = load_catalogue()
>>> catalogue.troop("buke_samurai").troop_class
'E'
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from types import MappingProxyType
from typing import Any, Literal

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match

DATA_PACKAGE = "engine.kensei"
DATA_FOLDER = "data"
CORE_FILES = ("classes.json", "army_creation.json", "weapons.json", "abilities.json", "titles.json")
FACTIONS_FOLDER = "factions"
ARMIES_FOLDER = "armies"
TROOP_TYPES = ("infantry", "mounted", "skirmisher", "support", "spiritual", "creature")
CLASS_IDS = ("H", "C", "E", "M", "W", "I", "K", "O", "P")
CREATURE_CLASSES = ("C", "M", "I")
SPIRITUAL_CLASSES = ("K", "O")
ATTRIBUTE_KEYS = ("mov_foot", "mov_mounted", "at_melee", "at_ranged", "ini", "wo")
# Hooks whose permanent effects resolve to a number on the profile (Kensei I: mov, ini, ho).
ATTRIBUTE_HOOKS = ("mov", "ini", "ho", "at_melee", "at_ranged")


class CatalogueError(ValueError):
    """Kensei data is invalid. ``problems`` lists every problem, one sentence each."""

    def __init__(self, problems: Sequence[str], *, what: str = "Kensei data") -> None:
        self.problems = tuple(problems)
        lines = "\n".join(f"  - {problem}" for problem in self.problems)
        super().__init__(f"{what} is invalid ({len(self.problems)} problem(s)):\n{lines}")


class ArmyListError(CatalogueError):
    """An army list document is malformed (schema or JSON errors, not army-creation rules)."""


# --- value objects ------------------------------------------------------------------------


@dataclass(frozen=True)
class ClassAttributes:
    """One row of the Troop Attributes table. ``honour`` is PR when ``presence``."""

    mov_foot: int
    mov_mounted: int
    at_melee: int
    at_ranged: int
    ini: int
    honour: int
    presence: bool
    wo: int


@dataclass(frozen=True)
class TroopClass:
    """A class (Hero, Elite, ...). ``rank`` 1 is the highest; K and O have no attributes."""

    id: str
    name: str
    rank: int
    creature: bool
    can_lead_units: bool
    attributes: ClassAttributes | None


@dataclass(frozen=True)
class Modifier:
    """A combat modifier of a weapon (sample data)."""

    target: str
    value: int
    front_only: bool
    conditions: tuple[str, ...]


@dataclass(frozen=True)
class Weapon:
    """A melee weapon (with its category 0-10) or a ranged weapon (with its range band)."""

    id: str
    name: str
    kind: Literal["melee", "ranged"]
    category: int | None
    category_name: str | None
    band: str | None
    range_mm: int | None
    firearm: bool
    modifiers: tuple[Modifier, ...]
    sample: bool


@dataclass(frozen=True)
class Effect:
    """A machine-readable effect on an engine hook, e.g. ``mov add 5``."""

    hook: str
    op: str | None
    value: int | None
    roll: str | None
    when: tuple[str, ...]

    @property
    def unconditional(self) -> bool:
        return not self.when


@dataclass(frozen=True)
class Ability:
    """A troop ability: ``permanent`` ("(PA)") or ``ki`` (active after a 6+ order roll)."""

    id: str
    name: str
    kind: Literal["permanent", "ki"]
    text: str
    effects: tuple[Effect, ...]
    sample: bool

    @property
    def permanent(self) -> bool:
        return self.kind == "permanent"


@dataclass(frozen=True)
class Title:
    """A title (Samurai, Ashigaru...): grants permanent abilities."""

    id: str
    name: str
    text: str
    abilities: tuple[str, ...]
    sample: bool


@dataclass(frozen=True)
class Base:
    shape: Literal["round", "square"]
    size_mm: int


@dataclass(frozen=True)
class Equipment:
    melee: tuple[str, ...]
    ranged: tuple[str, ...]
    armour: str | None
    mount: str | None


@dataclass(frozen=True)
class TroopProfile:
    """A troop profile with its attributes resolved from its class and overrides.

    ``mov`` is ``mov_mounted`` for mounted troops, else ``mov_foot``. ``ho`` holds
    Presence when ``presence`` is true (creatures). ``permanent_abilities`` are the
    profile's own "(PA)" abilities followed by those its titles grant, without repeats.
    """

    id: str
    name: str
    faction: str
    troop_class: str
    class_rank: int
    type: str
    titles: tuple[str, ...]
    abilities: tuple[str, ...]
    equipment: Equipment
    leader: bool
    unique: bool
    cost: int
    volume: int
    base: Base
    mov_foot: int
    mov_mounted: int
    mov: int
    at_melee: int
    at_ranged: int
    ini: int
    ho: int
    presence: bool
    wo: int
    can_lead_units: bool
    ranged_bands: tuple[str, ...]
    permanent_abilities: tuple[str, ...]
    ki_abilities: tuple[str, ...]
    permanent_effects: tuple[Effect, ...]

    def attributes_dict(self) -> dict[str, Any]:
        """The resolved profile as plain JSON data (ints, strings, booleans, lists)."""
        return {
            "id": self.id,
            "name": self.name,
            "faction": self.faction,
            "class": self.troop_class,
            "type": self.type,
            "leader": self.leader,
            "unique": self.unique,
            "cost": self.cost,
            "volume": self.volume,
            "base": {"shape": self.base.shape, "size_mm": self.base.size_mm},
            "mov": self.mov,
            "at_melee": self.at_melee,
            "at_ranged": self.at_ranged,
            "ini": self.ini,
            "ho": self.ho,
            "presence": self.presence,
            "wo": self.wo,
            "titles": list(self.titles),
            "permanent_abilities": list(self.permanent_abilities),
            "ki_abilities": list(self.ki_abilities),
            "melee": list(self.equipment.melee),
            "ranged": list(self.equipment.ranged),
            "ranged_bands": list(self.ranged_bands),
        }


@dataclass(frozen=True)
class TypeCap:
    """The most points a faction may spend on one troop type (Army creation > 5)."""

    type: str
    max_percent: int | None
    max_points: tuple[tuple[int, int], ...]  # (battle_size_up_to, points), ascending

    def limit(self, battle_size: int) -> int:
        """Points allowed at this battle size (percentages round down).

        >>> TypeCap("mounted", 25, ()).limit(250)
        62
        """
        if self.max_percent is not None:
            return battle_size * self.max_percent // 100
        for up_to, points in self.max_points:
            if battle_size <= up_to:
                return points
        return 0

    def describe(self, battle_size: int) -> str:
        if self.max_percent is not None:
            return f"{self.max_percent}% of {battle_size} = {self.limit(battle_size)} points"
        return f"{self.limit(battle_size)} points at {battle_size}"


@dataclass(frozen=True)
class Faction:
    id: str
    name: str
    description: str
    sample: bool
    troops: tuple[TroopProfile, ...]
    type_caps: Mapping[str, TypeCap]
    never_lead: tuple[str, ...]

    def troop(self, troop_id: str) -> TroopProfile | None:
        for profile in self.troops:
            if profile.id == troop_id:
                return profile
        return None


@dataclass(frozen=True)
class CommanderLevel:
    level: int
    cost: int
    name: str


@dataclass(frozen=True)
class ArmyCreationRules:
    battle_size_min: int
    battle_size_max: int
    commander_levels: tuple[CommanderLevel, ...]
    min_unit_size: int
    hand_size_base: int
    hand_size_per_points: int

    def commander_level(self, level: int) -> CommanderLevel | None:
        for entry in self.commander_levels:
            if entry.level == level:
                return entry
        return None

    def hand_size(self, battle_size: int) -> int:
        """Game System > 5: 4 cards plus 1 for every 200 army points.

        >>> load_catalogue().rules.hand_size(500)
        6
        """
        return self.hand_size_base + battle_size // self.hand_size_per_points


@dataclass(frozen=True)
class Catalogue:
    """Everything the army builder knows: classes, weapons, abilities, titles, factions."""

    classes: Mapping[str, TroopClass]
    weapons: Mapping[str, Weapon]
    abilities: Mapping[str, Ability]
    titles: Mapping[str, Title]
    factions: Mapping[str, Faction]
    troops: Mapping[str, TroopProfile]
    rules: ArmyCreationRules

    def troop(self, troop_id: str) -> TroopProfile:
        try:
            return self.troops[troop_id]
        except KeyError:
            raise KeyError(f"unknown Kensei troop {troop_id!r}") from None

    def faction(self, faction_id: str) -> Faction:
        try:
            return self.factions[faction_id]
        except KeyError:
            raise KeyError(f"unknown Kensei faction {faction_id!r}") from None

    def class_rank(self, class_id: str) -> int:
        return self.classes[class_id].rank


# --- army lists --------------------------------------------------------------------------


@dataclass(frozen=True)
class ArmyListUnit:
    """A unit as written in an army list: ``count`` miniatures of ``troop``, plus its leader.

    ``leaders`` holds the unit leader's troop id; more than one is a rule violation
    reported by ``validate_army`` ("There cannot be another leader in that unit").
    """

    troop: str
    count: int
    leaders: tuple[str, ...] = ()
    label: str | None = None


@dataclass(frozen=True)
class ArmyListLeader:
    """An army leader acting alone: a single-miniature unit."""

    troop: str
    label: str | None = None


@dataclass(frozen=True)
class ArmyList:
    faction: str
    battle_size: int
    commander_level: int
    name: str
    units: tuple[ArmyListUnit, ...]
    leaders: tuple[ArmyListLeader, ...]
    general: str


# --- reading files -----------------------------------------------------------------------


class _FloatFound(ValueError):
    pass


def _refuse_float(text: str) -> Any:
    raise _FloatFound(text)


def parse_json(text: str, name: str, *, error: type[CatalogueError] = CatalogueError) -> Any:
    """Parse JSON text, refusing floats ("no floating point in stored data")."""
    try:
        return json.loads(text, parse_float=_refuse_float)
    except _FloatFound as found:
        raise error([f"{name}: floats are not allowed, found {found.args[0]}"]) from None
    except json.JSONDecodeError as bad:
        where = f"line {bad.lineno}, column {bad.colno}"
        raise error([f"{name}: not valid JSON: {bad.msg} ({where})"]) from None


def data_root() -> Traversable:
    """The packaged data folder, ``engine/kensei/data``."""
    return resources.files(DATA_PACKAGE).joinpath(DATA_FOLDER)


def read_documents(root: Traversable | None = None) -> dict[str, Any]:
    """Read the catalogue's JSON documents, keyed by path relative to ``root``.

    ``root`` defaults to the packaged data; tests pass a copy (any ``Traversable``,
    e.g. a ``pathlib.Path``).
    """
    root = data_root() if root is None else root
    documents: dict[str, Any] = {}
    problems: list[str] = []
    names = list(CORE_FILES)
    factions = root.joinpath(FACTIONS_FOLDER)
    if factions.is_dir():
        names += sorted(
            f"{FACTIONS_FOLDER}/{entry.name}"
            for entry in factions.iterdir()
            if entry.name.endswith(".json")
        )
    for name in names:
        entry = root.joinpath(*name.split("/"))
        if not entry.is_file():
            problems.append(f"{name}: file is missing")
            continue
        try:
            documents[name] = parse_json(entry.read_text(encoding="utf-8"), name)
        except CatalogueError as bad:
            problems.extend(bad.problems)
    if problems:
        raise CatalogueError(problems)
    return documents


@cache
def _schema_validator(name: str) -> Draft202012Validator:
    text = data_root().joinpath("schemas", f"{name}.schema.json").read_text(encoding="utf-8")
    schema = json.loads(text)
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def _schema_name(document_name: str) -> str | None:
    if document_name.startswith(f"{FACTIONS_FOLDER}/"):
        return "faction"
    if document_name in CORE_FILES:
        return document_name.removesuffix(".json")
    return None


def _explain(error: ValidationError) -> ValidationError:
    # A oneOf/anyOf error says only "is not valid under any of the given schemas":
    # the most relevant sub-error says what is actually wrong.
    if error.context:
        return _explain(best_match(error.context))
    return error


def schema_problems(name: str, document: Any, schema: str) -> list[str]:
    """Every JSON Schema problem of ``document``, as ``file: $.json.path: problem``."""
    problems = []
    validator = _schema_validator(schema)
    for error in sorted(validator.iter_errors(document), key=lambda e: (e.json_path, e.message)):
        detail = _explain(error)
        problems.append(f"{name}: {detail.json_path}: {detail.message}")
    return problems


def _floats(value: Any, path: str) -> Iterator[str]:
    if isinstance(value, float):
        yield f"{path}: floats are not allowed ({value!r})"
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield from _floats(item, f"{path}.{key}")
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            yield from _floats(item, f"{path}[{index}]")


# --- building the catalogue ---------------------------------------------------------------


@cache
def load_catalogue() -> Catalogue:
    """The packaged catalogue, read and checked once."""
    return catalogue_from_documents(read_documents())


def catalogue_from_directory(root: Traversable) -> Catalogue:
    """A catalogue from another data folder (same layout as ``engine/kensei/data``)."""
    return catalogue_from_documents(read_documents(root))


def catalogue_from_documents(documents: Mapping[str, Any]) -> Catalogue:
    """Check documents (schemas, then cross-references) and build the catalogue.

    Raises ``CatalogueError`` listing every problem found.
    """
    problems: list[str] = []
    for name in CORE_FILES:
        if name not in documents:
            problems.append(f"{name}: file is missing")
    for name in sorted(documents):
        schema = _schema_name(name)
        if schema is None:
            problems.append(f"{name}: not a catalogue file")
            continue
        problems.extend(_floats(documents[name], f"{name}: $"))
        problems.extend(schema_problems(name, documents[name], schema))
    if problems:
        raise CatalogueError(problems)
    builder = _Builder(documents)
    catalogue = builder.build()
    if builder.problems:
        raise CatalogueError(builder.problems)
    return catalogue


def _duplicates(name: str, path: str, ids: Iterable[str]) -> list[str]:
    seen: set[str] = set()
    problems = []
    for index, item in enumerate(ids):
        if item in seen:
            problems.append(f"{name}: {path}[{index}].id: duplicate id {item!r}")
        seen.add(item)
    return problems


class _Builder:
    """Cross-reference checks and construction of the frozen catalogue."""

    def __init__(self, documents: Mapping[str, Any]) -> None:
        self.documents = documents
        self.problems: list[str] = []

    def build(self) -> Catalogue:
        classes = self._classes()
        rules = self._rules()
        weapons = self._weapons()
        abilities = self._abilities()
        titles = self._titles(abilities)
        factions: dict[str, Faction] = {}
        troops: dict[str, TroopProfile] = {}
        for name in sorted(self.documents):
            if name.startswith(f"{FACTIONS_FOLDER}/"):
                faction = self._faction(
                    name,
                    classes=classes,
                    weapons=weapons,
                    abilities=abilities,
                    titles=titles,
                    troops=troops,
                )
                if faction.id in factions:
                    self.problems.append(f"{name}: $.id: duplicate faction id {faction.id!r}")
                factions[faction.id] = faction
        if not factions:
            self.problems.append(f"{FACTIONS_FOLDER}/: no faction files")
        return Catalogue(
            MappingProxyType(classes),
            MappingProxyType(weapons),
            MappingProxyType(abilities),
            MappingProxyType(titles),
            MappingProxyType(factions),
            MappingProxyType(troops),
            rules,
        )

    def _classes(self) -> dict[str, TroopClass]:
        name = "classes.json"
        raw = self.documents[name]["classes"]
        self.problems += _duplicates(name, "$.classes", (c["id"] for c in raw))
        classes: dict[str, TroopClass] = {}
        for index, entry in enumerate(raw):
            attributes = None
            if entry["attributes"] is not None:
                attrs = entry["attributes"]
                presence = "pr" in attrs
                if presence != entry["creature"]:
                    want = "pr (Presence)" if entry["creature"] else "ho (Honour)"
                    self.problems.append(
                        f"{name}: $.classes[{index}].attributes: class {entry['id']} "
                        f"must have {want}"
                    )
                attributes = ClassAttributes(
                    attrs["mov_foot"],
                    attrs["mov_mounted"],
                    attrs["at_melee"],
                    attrs["at_ranged"],
                    attrs["ini"],
                    attrs["pr"] if presence else attrs["ho"],
                    presence,
                    attrs["wo"],
                )
            classes[entry["id"]] = TroopClass(
                entry["id"],
                entry["name"],
                entry["rank"],
                entry["creature"],
                entry["can_lead_units"],
                attributes,
            )
        missing = [class_id for class_id in CLASS_IDS if class_id not in classes]
        if missing:
            self.problems.append(f"{name}: $.classes: missing classes {', '.join(missing)}")
        return classes

    def _rules(self) -> ArmyCreationRules:
        name = "army_creation.json"
        raw = self.documents[name]
        self.problems += [
            f"{name}: $.commander_levels[{index}].level: duplicate level {level['level']}"
            for index, level in enumerate(raw["commander_levels"])
            if [other["level"] for other in raw["commander_levels"]].index(level["level"]) != index
        ]
        if raw["battle_size"]["min"] > raw["battle_size"]["max"]:
            self.problems.append(f"{name}: $.battle_size: min is greater than max")
        levels = tuple(
            CommanderLevel(level["level"], level["cost"], level["name"])
            for level in sorted(raw["commander_levels"], key=lambda level: level["level"])
        )
        return ArmyCreationRules(
            raw["battle_size"]["min"],
            raw["battle_size"]["max"],
            levels,
            raw["min_unit_size"],
            raw["hand_size"]["base"],
            raw["hand_size"]["per_points"],
        )

    def _weapons(self) -> dict[str, Weapon]:
        name = "weapons.json"
        raw = self.documents[name]
        sample = raw["sample"]
        bands = {band["id"]: band["range_mm"] for band in raw["ranged_bands"]}
        categories = {}
        for index, category in enumerate(raw["melee_categories"]):
            if category["category"] in categories:
                self.problems.append(
                    f"{name}: $.melee_categories[{index}].category: duplicate category "
                    f"{category['category']}"
                )
            categories[category["category"]] = category
        weapons: dict[str, Weapon] = {}
        for index, weapon in enumerate(raw["melee_weapons"]):
            category = categories.get(weapon["category"])
            if category is None:
                self.problems.append(
                    f"{name}: $.melee_weapons[{index}].category: unknown melee category "
                    f"{weapon['category']}"
                )
                continue
            self._add_weapon(
                weapons,
                f"{name}: $.melee_weapons[{index}]",
                Weapon(
                    weapon["id"],
                    weapon["name"],
                    "melee",
                    weapon["category"],
                    category["name"],
                    None,
                    None,
                    False,
                    _modifiers(category["modifiers"]),
                    sample,
                ),
            )
        for index, weapon in enumerate(raw["ranged_weapons"]):
            if weapon["band"] not in bands:
                self.problems.append(
                    f"{name}: $.ranged_weapons[{index}].band: range band {weapon['band']!r} "
                    "is not in ranged_bands"
                )
                continue
            self._add_weapon(
                weapons,
                f"{name}: $.ranged_weapons[{index}]",
                Weapon(
                    weapon["id"],
                    weapon["name"],
                    "ranged",
                    None,
                    None,
                    weapon["band"],
                    bands[weapon["band"]],
                    weapon["firearm"],
                    _modifiers(weapon.get("modifiers", [])),
                    sample,
                ),
            )
        return weapons

    def _add_weapon(self, weapons: dict[str, Weapon], where: str, weapon: Weapon) -> None:
        if weapon.id in weapons:
            self.problems.append(f"{where}.id: duplicate weapon id {weapon.id!r}")
        weapons[weapon.id] = weapon

    def _abilities(self) -> dict[str, Ability]:
        name = "abilities.json"
        raw = self.documents[name]
        self.problems += _duplicates(name, "$.abilities", (a["id"] for a in raw["abilities"]))
        return {
            entry["id"]: Ability(
                entry["id"],
                entry["name"],
                entry["kind"],
                entry["text"],
                tuple(
                    Effect(
                        effect["hook"],
                        effect.get("op"),
                        effect.get("value"),
                        effect.get("roll"),
                        tuple(effect.get("when", ())),
                    )
                    for effect in entry["effects"]
                ),
                raw["sample"],
            )
            for entry in raw["abilities"]
        }

    def _titles(self, abilities: Mapping[str, Ability]) -> dict[str, Title]:
        name = "titles.json"
        raw = self.documents[name]
        self.problems += _duplicates(name, "$.titles", (t["id"] for t in raw["titles"]))
        titles = {}
        for index, entry in enumerate(raw["titles"]):
            for position, ability_id in enumerate(entry["abilities"]):
                where = f"{name}: $.titles[{index}].abilities[{position}]"
                ability = abilities.get(ability_id)
                if ability is None:
                    self.problems.append(f"{where}: unknown ability {ability_id!r}")
                elif not ability.permanent:
                    self.problems.append(
                        f"{where}: titles grant permanent abilities, {ability_id!r} is a ki ability"
                    )
            titles[entry["id"]] = Title(
                entry["id"], entry["name"], entry["text"], tuple(entry["abilities"]), raw["sample"]
            )
        return titles

    def _faction(
        self,
        name: str,
        *,
        classes: Mapping[str, TroopClass],
        weapons: Mapping[str, Weapon],
        abilities: Mapping[str, Ability],
        titles: Mapping[str, Title],
        troops: dict[str, TroopProfile],
    ) -> Faction:
        raw = self.documents[name]
        stem = name.removeprefix(f"{FACTIONS_FOLDER}/").removesuffix(".json")
        if raw["id"] != stem:
            self.problems.append(f"{name}: $.id: faction id {raw['id']!r} must match file name")
        caps = {}
        for troop_type in TROOP_TYPES:
            cap = raw["type_caps"].get(troop_type)
            if cap is None:
                continue
            steps = tuple(
                (step["battle_size_up_to"], step["points"]) for step in cap.get("max_points", [])
            )
            if [up_to for up_to, _ in steps] != sorted({up_to for up_to, _ in steps}):
                self.problems.append(
                    f"{name}: $.type_caps.{troop_type}.max_points: battle_size_up_to must be "
                    "strictly ascending"
                )
            caps[troop_type] = TypeCap(troop_type, cap.get("max_percent"), steps)
        profiles = []
        own_ids = {troop["id"] for troop in raw["troops"]}
        never_lead = tuple(raw["never_lead"])
        for index, troop_id in enumerate(never_lead):
            if troop_id not in own_ids:
                self.problems.append(
                    f"{name}: $.never_lead[{index}]: unknown troop {troop_id!r} in this faction"
                )
        for index, troop in enumerate(raw["troops"]):
            where = f"{name}: $.troops[{index}]"
            profile = self._profile(
                where,
                faction=raw["id"],
                troop=troop,
                classes=classes,
                weapons=weapons,
                abilities=abilities,
                titles=titles,
                never_lead=never_lead,
            )
            if profile is None:
                continue
            if profile.id in troops:
                self.problems.append(
                    f"{where}.id: duplicate troop id {profile.id!r} "
                    f"(already in faction {troops[profile.id].faction!r})"
                )
                continue
            troops[profile.id] = profile
            profiles.append(profile)
        if not any(p.leader and p.troop_class == "H" for p in profiles):
            self.problems.append(
                f"{name}: $.troops: no Hero with the Army leader rank, so no army could have "
                "a general"
            )
        return Faction(
            raw["id"],
            raw["name"],
            raw.get("description", ""),
            raw["sample"],
            tuple(profiles),
            MappingProxyType(caps),
            never_lead,
        )

    def _profile(
        self,
        where: str,
        *,
        faction: str,
        troop: Mapping[str, Any],
        classes: Mapping[str, TroopClass],
        weapons: Mapping[str, Weapon],
        abilities: Mapping[str, Ability],
        titles: Mapping[str, Title],
        never_lead: Sequence[str],
    ) -> TroopProfile | None:
        problems: list[str] = []
        troop_class = classes.get(troop["class"])
        if troop_class is None:
            self.problems.append(f"{where}.class: unknown class {troop['class']!r}")
            return None
        for position, title_id in enumerate(troop["titles"]):
            if title_id not in titles:
                problems.append(f"{where}.titles[{position}]: unknown title {title_id!r}")
        for position, ability_id in enumerate(troop["abilities"]):
            if ability_id not in abilities:
                problems.append(f"{where}.abilities[{position}]: unknown ability {ability_id!r}")
        equipment = troop["equipment"]
        for kind in ("melee", "ranged"):
            for position, weapon_id in enumerate(equipment[kind]):
                weapon = weapons.get(weapon_id)
                if weapon is None:
                    problems.append(
                        f"{where}.equipment.{kind}[{position}]: unknown weapon {weapon_id!r}"
                    )
                elif weapon.kind != kind:
                    problems.append(
                        f"{where}.equipment.{kind}[{position}]: {weapon_id!r} is a "
                        f"{weapon.kind} weapon"
                    )
        is_creature_class = troop_class.id in CREATURE_CLASSES
        if (troop["type"] == "creature") != is_creature_class:
            problems.append(
                f"{where}.type: class {troop_class.id} ({troop_class.name}) and type "
                f"{troop['type']!r} disagree: creatures are exactly the classes C, M and I"
            )
        if (troop["type"] == "spiritual") != (troop_class.id in SPIRITUAL_CLASSES):
            problems.append(
                f"{where}.type: class {troop_class.id} ({troop_class.name}) and type "
                f"{troop['type']!r} disagree: spiritual troops are exactly the Komuso (K) "
                "and Onmyouji (O)"
            )
        if troop["leader"] and not troop["unique"]:
            problems.append(
                f"{where}.unique: army leaders are always unique troops (Troops and Units > "
                "Army leader)"
            )
        attributes = self._attributes(where, troop, troop_class, problems)
        self.problems.extend(problems)
        if attributes is None or problems:
            return None
        permanent: list[str] = [a for a in troop["abilities"] if abilities[a].permanent]
        for title_id in troop["titles"]:
            permanent += [a for a in titles[title_id].abilities if a not in permanent]
        ki = tuple(a for a in troop["abilities"] if not abilities[a].permanent)
        bands = tuple(
            band
            for band in ("short", "intermediate", "long")
            if any(weapons[w].band == band for w in equipment["ranged"])
        )
        mounted = troop["type"] == "mounted"
        return TroopProfile(
            id=troop["id"],
            name=troop["name"],
            faction=faction,
            troop_class=troop_class.id,
            class_rank=troop_class.rank,
            type=troop["type"],
            titles=tuple(troop["titles"]),
            abilities=tuple(troop["abilities"]),
            equipment=Equipment(
                tuple(equipment["melee"]),
                tuple(equipment["ranged"]),
                equipment.get("armour"),
                equipment.get("mount"),
            ),
            leader=troop["leader"],
            unique=troop["unique"],
            cost=troop["cost"],
            volume=troop["volume"],
            base=Base(troop["base"]["shape"], troop["base"]["size_mm"]),
            mov_foot=attributes.mov_foot,
            mov_mounted=attributes.mov_mounted,
            mov=attributes.mov_mounted if mounted else attributes.mov_foot,
            at_melee=attributes.at_melee,
            at_ranged=attributes.at_ranged,
            ini=attributes.ini,
            ho=attributes.honour,
            presence=attributes.presence,
            wo=attributes.wo,
            can_lead_units=troop_class.can_lead_units and troop["id"] not in never_lead,
            ranged_bands=bands,
            permanent_abilities=tuple(permanent),
            ki_abilities=ki,
            permanent_effects=tuple(
                effect for ability_id in permanent for effect in abilities[ability_id].effects
            ),
        )

    def _attributes(
        self,
        where: str,
        troop: Mapping[str, Any],
        troop_class: TroopClass,
        problems: list[str],
    ) -> ClassAttributes | None:
        overrides: Mapping[str, int] = troop.get("attributes", {})
        base = troop_class.attributes
        if base is None:
            missing = [key for key in ATTRIBUTE_KEYS if key not in overrides]
            if "ho" not in overrides and "pr" not in overrides:
                missing.append("ho")
            if missing:
                problems.append(
                    f"{where}.attributes: the class table gives class {troop_class.id} "
                    f"({troop_class.name}) no attributes; the profile must give "
                    f"{', '.join(missing)}"
                )
                return None
            presence = "pr" in overrides
        else:
            presence = base.presence
            wrong = "ho" if presence else "pr"
            if wrong in overrides:
                right = "pr (Presence)" if presence else "ho (Honour)"
                problems.append(
                    f"{where}.attributes.{wrong}: class {troop_class.id} ({troop_class.name}) "
                    f"uses {right}"
                )
                return None

        def pick(key: str) -> int:
            if key in overrides:
                return overrides[key]
            assert base is not None
            value: int = getattr(base, key)
            return value

        honour_key = "pr" if presence else "ho"
        honour = overrides.get(honour_key)
        if honour is None:
            assert base is not None
            honour = base.honour
        return ClassAttributes(
            pick("mov_foot"),
            pick("mov_mounted"),
            pick("at_melee"),
            pick("at_ranged"),
            pick("ini"),
            honour,
            presence,
            pick("wo"),
        )


def _modifiers(raw: Iterable[Mapping[str, Any]]) -> tuple[Modifier, ...]:
    return tuple(
        Modifier(m["target"], m["value"], m.get("front_only", True), tuple(m.get("conditions", ())))
        for m in raw
    )


# --- permanent effects ---------------------------------------------------------------------


def permanent_attribute(profile: TroopProfile, hook: str) -> int:
    """An attribute after the profile's unconditional permanent ("(PA)") effects.

    Effects apply in order: ``set`` replaces, ``add`` adds; never below 0.

    >>> permanent_attribute(load_catalogue().troop("sohei_monks"), "ho")  # Monk: Serenity
    4
    """
    if hook not in ATTRIBUTE_HOOKS:
        raise ValueError(f"{hook!r} is not an attribute hook ({', '.join(ATTRIBUTE_HOOKS)})")
    value: int = getattr(profile, hook)
    for effect in profile.permanent_effects:
        if effect.hook != hook or not effect.unconditional or effect.value is None:
            continue
        value = effect.value if effect.op == "set" else value + effect.value
    return max(value, 0)


def ignores_difficult_terrain(profile: TroopProfile) -> bool:
    """Whether a permanent effect lets the troop ignore difficult terrain everywhere."""
    return any(
        effect.hook == "ignore_difficult_terrain" and effect.unconditional
        for effect in profile.permanent_effects
    )


# --- army lists --------------------------------------------------------------------------


def load_army_list(data: Mapping[str, Any]) -> ArmyList:
    """Check an army-list document against its schema and read it.

    Raises ``ArmyListError`` for malformed documents; the army-creation rules are
    checked by ``engine.kensei.armies.validate_army``.
    """
    problems = list(_floats(data, "army list: $"))
    problems += schema_problems("army list", data, "army_list")
    if problems:
        raise ArmyListError(problems, what="Kensei army list")
    units = []
    for unit in data["units"]:
        leader = unit.get("leader", ())
        leaders = (leader,) if isinstance(leader, str) else tuple(leader)
        units.append(ArmyListUnit(unit["troop"], unit["count"], leaders, unit.get("id")))
    return ArmyList(
        faction=data["faction"],
        battle_size=data["battle_size"],
        commander_level=data["commander_level"],
        name=data["name"],
        units=tuple(units),
        leaders=tuple(ArmyListLeader(entry["troop"], entry.get("id")) for entry in data["leaders"]),
        general=data["general"],
    )


def army_list_to_dict(army_list: ArmyList) -> dict[str, Any]:
    """The army-list document for ``army_list`` (inverse of ``load_army_list``)."""
    units: list[dict[str, Any]] = []
    for unit in army_list.units:
        entry: dict[str, Any] = {"troop": unit.troop, "count": unit.count}
        if unit.label is not None:
            entry["id"] = unit.label
        if len(unit.leaders) == 1:
            entry["leader"] = unit.leaders[0]
        elif unit.leaders:
            entry["leader"] = list(unit.leaders)
        units.append(entry)
    leaders: list[dict[str, Any]] = []
    for leader in army_list.leaders:
        item: dict[str, Any] = {"troop": leader.troop}
        if leader.label is not None:
            item["id"] = leader.label
        leaders.append(item)
    return {
        "faction": army_list.faction,
        "battle_size": army_list.battle_size,
        "commander_level": army_list.commander_level,
        "name": army_list.name,
        "units": units,
        "leaders": leaders,
        "general": army_list.general,
    }


def sample_army_names() -> tuple[str, ...]:
    """Names of the shipped sample army lists, e.g. ``"buke-400"``."""
    folder = data_root().joinpath(ARMIES_FOLDER)
    return tuple(
        sorted(e.name.removesuffix(".json") for e in folder.iterdir() if e.name.endswith(".json"))
    )


def sample_army_document(name: str) -> dict[str, Any]:
    """The raw JSON document of a shipped sample army list."""
    entry = data_root().joinpath(ARMIES_FOLDER, f"{name}.json")
    if not entry.is_file():
        raise KeyError(f"no sample army {name!r}; known: {', '.join(sample_army_names())}")
    document: dict[str, Any] = parse_json(
        entry.read_text(encoding="utf-8"), f"{ARMIES_FOLDER}/{name}.json", error=ArmyListError
    )
    return document


def load_sample_army(name: str) -> ArmyList:
    """A shipped sample army list (SAMPLE data), e.g. ``load_sample_army("kuge-250")``."""
    return load_army_list(sample_army_document(name))
