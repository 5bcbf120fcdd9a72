"""The Kensei catalogue's value objects: classes, troops, weapons, abilities,
titles, factions, army creation rules and army lists, all frozen.

``engine.kensei.army.catalogue`` reads them from the data files; everything else
in the engine reads them from there too (it re-exports these names).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

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
