"""The skirmish catalogue's records: weapons, armour, strategies, masteries, profiles,
warbands and scenarios as frozen dataclasses, and the error that lists every problem of
the data files. :mod:`engine.skirmish.army.catalogue` reads the files into them and
:mod:`engine.skirmish.army.validate` checks them (both import these records, neither the
other's code)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

EDGES = ("south", "north", "west", "east")
SCENERY_KINDS = ("difficult", "obstacle", "impassable", "building")


class CatalogueError(ValueError):
    """Data files that cannot be used, with every problem found."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(self.problems))


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
