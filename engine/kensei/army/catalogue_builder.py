"""Cross-reference checks over the catalogue's data files and construction of
the frozen :class:`Catalogue` (the files have passed their JSON Schemas by then).
Every problem is collected, naming the file and the JSON path.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from engine.kensei.army.profiles import (
    ATTRIBUTE_KEYS,
    CLASS_IDS,
    CREATURE_CLASSES,
    FACTIONS_FOLDER,
    SPIRITUAL_CLASSES,
    TROOP_TYPES,
    Ability,
    ArmyCreationRules,
    Base,
    Catalogue,
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


def _duplicates(name: str, path: str, ids: Iterable[str]) -> list[str]:
    seen: set[str] = set()
    problems = []
    for index, item in enumerate(ids):
        if item in seen:
            problems.append(f"{name}: {path}[{index}].id: duplicate id {item!r}")
        seen.add(item)
    return problems


class Builder:
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
