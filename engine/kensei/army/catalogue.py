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
from collections.abc import Iterator, Mapping
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match

from engine.kensei.army.catalogue_builder import Builder
from engine.kensei.army.profiles import (
    ARMIES_FOLDER,
    ATTRIBUTE_HOOKS,
    ATTRIBUTE_KEYS,
    CLASS_IDS,
    CORE_FILES,
    CREATURE_CLASSES,
    DATA_FOLDER,
    DATA_PACKAGE,
    FACTIONS_FOLDER,
    SPIRITUAL_CLASSES,
    TROOP_TYPES,
    Ability,
    ArmyCreationRules,
    ArmyList,
    ArmyListError,
    ArmyListLeader,
    ArmyListUnit,
    Base,
    Catalogue,
    CatalogueError,
    ClassAttributes,
    CommanderLevel,
    Effect,
    Equipment,
    Faction,
    Modifier,
    Title,
    TroopClass,
    TroopProfile,
    TypeCap,
    Weapon,
)

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
    builder = Builder(documents)
    catalogue = builder.build()
    if builder.problems:
        raise CatalogueError(builder.problems)
    return catalogue


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
    checked by ``engine.kensei.army.validation.validate_army``.
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


__all__ = [
    "ARMIES_FOLDER",
    "ATTRIBUTE_HOOKS",
    "ATTRIBUTE_KEYS",
    "CLASS_IDS",
    "CORE_FILES",
    "CREATURE_CLASSES",
    "DATA_FOLDER",
    "DATA_PACKAGE",
    "FACTIONS_FOLDER",
    "SPIRITUAL_CLASSES",
    "TROOP_TYPES",
    "Ability",
    "ArmyCreationRules",
    "ArmyList",
    "ArmyListError",
    "ArmyListLeader",
    "ArmyListUnit",
    "Base",
    "Catalogue",
    "CatalogueError",
    "ClassAttributes",
    "CommanderLevel",
    "Effect",
    "Equipment",
    "Faction",
    "Modifier",
    "Title",
    "TroopClass",
    "TroopProfile",
    "TypeCap",
    "Weapon",
    "army_list_to_dict",
    "catalogue_from_directory",
    "catalogue_from_documents",
    "data_root",
    "ignores_difficult_terrain",
    "load_army_list",
    "load_catalogue",
    "load_sample_army",
    "parse_json",
    "permanent_attribute",
    "read_documents",
    "sample_army_document",
    "sample_army_names",
    "schema_problems",
]
