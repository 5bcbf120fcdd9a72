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
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from engine.core.datafiles import DataFiles
from engine.skirmish.army.model import (
    EDGES,
    Armour,
    BandUnit,
    Catalogue,
    CatalogueError,
    Effect,
    Mastery,
    Profile,
    Scenario,
    ScenarioSide,
    SceneryPiece,
    Strategy,
    Warband,
    Weapon,
)
from engine.skirmish.army.validate import catalogue_problems

__all__ = [
    "DATA",
    "DATA_FOLDER",
    "DATA_PACKAGE",
    "EDGES",
    "FILES",
    "Armour",
    "BandUnit",
    "Catalogue",
    "CatalogueError",
    "Effect",
    "Mastery",
    "Profile",
    "Scenario",
    "ScenarioSide",
    "SceneryPiece",
    "Strategy",
    "Warband",
    "Weapon",
    "build_catalogue",
    "catalogue_of",
    "load_catalogue",
]

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
DATA = DataFiles(DATA_PACKAGE, DATA_FOLDER, FILES, CatalogueError)
"""The data files: the packaged ones, or a folder of the same files."""


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
