"""Kensei army creation: validate an army list and resolve it into units and miniatures.

Living rules, Army creation (steps 1-6), Troops and Units > Units, Army leader,
Unit leader and Army general. ``validate_army`` lists every violation, each with a
stable rule id; ``build_army`` returns the resolved ``Army`` that a game's setup
embeds (``army_to_dict``), or raises ``ArmyInvalid``.

>>> from engine.kensei.army.catalogue import load_sample_army
>>> army = build_army(load_sample_army("buke-400"))
>>> army.units[0].id, army.hand_size
('u1', 6)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.kensei.army.catalogue import (
    ArmyList,
    Catalogue,
    Faction,
    TroopProfile,
    load_catalogue,
)

# Stable rule ids: "<rulebook section>.<paragraph>".
RULE_FACTION = "army-creation.faction"
RULE_FACTION_TROOPS = "army-creation.faction-troops"
RULE_BATTLE_SIZE = "army-creation.battle-size"
RULE_TOTAL_COST = "army-creation.total-cost"
RULE_COMMANDER_LEVEL = "army-creation.commander-level"
RULE_GENERAL = "army-creation.general"
RULE_TYPE_CAPS = "army-creation.type-caps"
RULE_SPIRITUAL = "army-creation.spiritual-troops"
RULE_UNIQUE = "troop-profile.availability"
RULE_LEADER_RANK = "army-leader.rank"
RULE_LEADER_PLACEMENT = "army-leader.alone-or-unit-leader"
RULE_UNIT_SIZE = "units.minimum-size"
RULE_ONE_LEADER = "unit-leader.one-leader"
RULE_LEADER_CLASS = "unit-leader.class"
RULE_LEADER_TYPE = "unit-leader.type"
RULE_LEADER_MISSILE = "unit-leader.missile-weapons"
RULE_NEVER_LEAD = "unit-leader.never-lead"


@dataclass(frozen=True)
class Violation:
    """A broken army-creation rule. ``unit`` is the 0-based position of the unit in
    the resolved army (list units first, then leaders acting alone), when one is at fault.
    """

    rule: str
    message: str
    unit: int | None = None

    @property
    def unit_id(self) -> str | None:
        return None if self.unit is None else f"u{self.unit + 1}"

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "message": self.message, "unit": self.unit}

    def __str__(self) -> str:
        return f"{self.message} ({self.rule})"


class ArmyInvalid(ValueError):
    """The army list breaks army-creation rules; ``violations`` lists them all."""

    def __init__(self, violations: Sequence[Violation]) -> None:
        self.violations = tuple(violations)
        lines = "\n".join(f"  - {violation}" for violation in self.violations)
        super().__init__(f"the army list breaks {len(self.violations)} rule(s):\n{lines}")


@dataclass(frozen=True)
class Miniature:
    id: str
    troop: str
    leader: bool
    general: bool


@dataclass(frozen=True)
class ArmyUnit:
    """A unit as it enters the battle. A leader acting alone is a single-miniature unit."""

    id: str
    profile: TroopProfile
    count: int
    leader: TroopProfile | None
    miniatures: tuple[Miniature, ...]
    cost: int
    alone: bool
    label: str | None

    @property
    def type(self) -> str:
        return self.profile.type


@dataclass(frozen=True)
class Army:
    faction: str
    name: str
    battle_size: int
    commander_level: int
    commander_cost: int
    total_cost: int
    hand_size: int
    general: str  # miniature id
    units: tuple[ArmyUnit, ...]


@dataclass(frozen=True)
class _Slot:
    """One troop entry of the list, at its position in the resolved army."""

    position: int
    profile: TroopProfile | None
    count: int
    leaders: tuple[TroopProfile | None, ...]
    alone: bool


def _name(profile: TroopProfile) -> str:
    return f"{profile.name} ({profile.id})"


def _where(position: int, profile: TroopProfile | None, troop_id: str) -> str:
    return f"unit u{position + 1} ({profile.name if profile else troop_id})"


class _Checker:
    def __init__(self, army_list: ArmyList, catalogue: Catalogue, hidden_powers: bool) -> None:
        self.army_list = army_list
        self.catalogue = catalogue
        self.hidden_powers = hidden_powers
        self.violations: list[Violation] = []

    def add(self, rule: str, message: str, unit: int | None = None) -> None:
        self.violations.append(Violation(rule, message, unit))

    def troop(self, faction: Faction, troop_id: str, unit: int) -> TroopProfile | None:
        """Army creation > 1: troops come from the army's faction only."""
        profile = faction.troop(troop_id)
        if profile is not None:
            return profile
        other = self.catalogue.troops.get(troop_id)
        if other is None:
            self.add(RULE_FACTION_TROOPS, f"unknown troop {troop_id!r}", unit)
        else:
            self.add(
                RULE_FACTION_TROOPS,
                f"{_name(other)} belongs to the {self.catalogue.factions[other.faction].name} "
                f"list, not to {faction.name}",
                unit,
            )
        return None

    def run(self) -> list[Violation]:
        army_list, rules = self.army_list, self.catalogue.rules
        if not rules.battle_size_min <= army_list.battle_size <= rules.battle_size_max:
            self.add(
                RULE_BATTLE_SIZE,
                f"battle size {army_list.battle_size} is outside {rules.battle_size_min}"
                f"-{rules.battle_size_max} points",
            )
        level = rules.commander_level(army_list.commander_level)
        if level is None:
            known = ", ".join(str(entry.level) for entry in rules.commander_levels)
            self.add(
                RULE_COMMANDER_LEVEL,
                f"commander level {army_list.commander_level} does not exist (levels: {known})",
            )
        faction = self.catalogue.factions.get(army_list.faction)
        if faction is None:
            known = ", ".join(sorted(self.catalogue.factions))
            self.add(RULE_FACTION, f"unknown faction {army_list.faction!r} (factions: {known})")
            return self.violations
        slots = self._slots(faction)
        self._leaders(slots)
        self._general(slots)
        self._unique(slots)
        self._unit_sizes(slots)
        for slot in slots:
            self._unit_leader(faction, slot)
        self._type_caps(faction, slots)
        self._spiritual(slots)
        self._total_cost(slots, 0 if level is None else level.cost)
        return self.violations

    def _slots(self, faction: Faction) -> list[_Slot]:
        slots = []
        for position, unit in enumerate(self.army_list.units):
            slots.append(
                _Slot(
                    position,
                    self.troop(faction, unit.troop, position),
                    unit.count,
                    tuple(self.troop(faction, leader, position) for leader in unit.leaders),
                    alone=False,
                )
            )
        offset = len(self.army_list.units)
        for index, leader in enumerate(self.army_list.leaders):
            position = offset + index
            profile = self.troop(faction, leader.troop, position)
            slots.append(_Slot(position, profile, 1, (), alone=True))
        return slots

    def _leaders(self, slots: Sequence[_Slot]) -> None:
        """Army leader: leaders deploy alone or lead a unit; only they may."""
        for slot in slots:
            profile = slot.profile
            if slot.alone and profile is not None and not profile.leader:
                self.add(
                    RULE_LEADER_RANK,
                    f"{_name(profile)} has no Army leader rank and cannot act alone as a leader",
                    slot.position,
                )
            if not slot.alone and profile is not None and profile.leader:
                self.add(
                    RULE_LEADER_PLACEMENT,
                    f"{_name(profile)} is an army leader: list it under leaders (alone) or as "
                    "the leader of a unit, not as a unit of its own",
                    slot.position,
                )
            for leader in slot.leaders:
                if leader is not None and not leader.leader:
                    self.add(
                        RULE_LEADER_RANK,
                        f"{_name(leader)} has no Army leader rank and cannot lead "
                        f"{_where(slot.position, profile, '?')}",
                        slot.position,
                    )

    def _general(self, slots: Sequence[_Slot]) -> None:
        """Army general: one of the leaders, a Hero (an Elite leader cannot be general)."""
        general_id = self.army_list.general
        listed = [
            profile
            for slot in slots
            for profile in ((slot.profile,) if slot.alone else slot.leaders)
            if profile is not None and profile.id == general_id
        ]
        if not listed:
            self.add(
                RULE_GENERAL,
                f"the general {general_id!r} is not among the army's leaders (alone or leading "
                "a unit)",
            )
            return
        general = listed[0]
        if general.troop_class != "H" or not general.leader:
            self.add(
                RULE_GENERAL,
                f"the general {_name(general)} must be a Hero with the Army leader rank, "
                f"not class {general.troop_class} "
                f"({self.catalogue.classes[general.troop_class].name})"
                + ("" if general.leader else " without the Army leader rank"),
            )

    def _unique(self, slots: Sequence[_Slot]) -> None:
        """Troop profile > Availability: at most one miniature of a unique profile."""
        counts: dict[str, int] = {}
        first: dict[str, int] = {}
        profiles: dict[str, TroopProfile] = {}
        for slot in slots:
            entries = [(slot.profile, slot.count)] + [(leader, 1) for leader in slot.leaders]
            for profile, count in entries:
                if profile is None or not profile.unique:
                    continue
                counts[profile.id] = counts.get(profile.id, 0) + max(count, 0)
                first.setdefault(profile.id, slot.position)
                profiles[profile.id] = profile
        for troop_id in sorted(counts, key=lambda t: (first[t], t)):
            if counts[troop_id] > 1:
                kind = "army leaders are" if profiles[troop_id].leader else "it is"
                self.add(
                    RULE_UNIQUE,
                    f"{_name(profiles[troop_id])} is unique ({kind} always unique) but the list "
                    f"has {counts[troop_id]}",
                    first[troop_id],
                )

    def _unit_sizes(self, slots: Sequence[_Slot]) -> None:
        """Units: at least 3 miniatures, except unique troops (the leader is not counted)."""
        minimum = self.catalogue.rules.min_unit_size
        for slot in slots:
            if slot.alone or slot.profile is None:
                continue
            if slot.count < 1 or (slot.count < minimum and not slot.profile.unique):
                self.add(
                    RULE_UNIT_SIZE,
                    f"{_where(slot.position, slot.profile, '')} has {slot.count} miniature(s); "
                    f"units of {slot.profile.name} need at least {minimum}",
                    slot.position,
                )

    def _unit_leader(self, faction: Faction, slot: _Slot) -> None:
        """Unit leader: one leader, class >= unit's, same type, missile weapons, never-lead."""
        unit = slot.profile
        if len(slot.leaders) > 1:
            self.add(
                RULE_ONE_LEADER,
                f"{_where(slot.position, unit, '?')} has {len(slot.leaders)} leaders; there "
                "cannot be another leader in a unit",
                slot.position,
            )
        if unit is None:
            return
        where = _where(slot.position, unit, unit.id)
        for leader in slot.leaders:
            if leader is None or not leader.leader:
                continue
            if not leader.can_lead_units:
                reason = (
                    f"the {faction.name} list says it never leads"
                    if leader.id in faction.never_lead
                    else "Colossal creatures, Komuso and Onmyouji cannot be unit leaders"
                )
                message = f"{_name(leader)} cannot lead {where}: {reason}"
                self.add(RULE_NEVER_LEAD, message, slot.position)
            if leader.class_rank > unit.class_rank:
                classes = self.catalogue.classes
                self.add(
                    RULE_LEADER_CLASS,
                    f"{_name(leader)} (class {classes[leader.troop_class].name}) cannot lead "
                    f"{where} (class {classes[unit.troop_class].name}): the leader's class must "
                    "be equal to or greater than the unit's",
                    slot.position,
                )
            if leader.type != unit.type:
                self.add(
                    RULE_LEADER_TYPE,
                    f"{_name(leader)} ({leader.type}) cannot lead {where} ({unit.type}): a unit "
                    "leader must be of the same type",
                    slot.position,
                )
            if unit.ranged_bands and not set(unit.ranged_bands) & set(leader.ranged_bands):
                self.add(
                    RULE_LEADER_MISSILE,
                    f"{_name(leader)} cannot lead {where}: the unit has "
                    f"{'/'.join(unit.ranged_bands)}-range missile weapons and its leader must "
                    "carry one of the same range",
                    slot.position,
                )

    def _type_caps(self, faction: Faction, slots: Sequence[_Slot]) -> None:
        """Army creation > 5: each unit type has a maximum cost; leaders do not count."""
        spent: dict[str, int] = {}
        first: dict[str, int] = {}
        for slot in slots:
            if slot.alone or slot.profile is None or slot.profile.leader:
                continue
            troop_type = slot.profile.type
            spent[troop_type] = spent.get(troop_type, 0) + slot.profile.cost * max(slot.count, 0)
            first.setdefault(troop_type, slot.position)
        size = self.army_list.battle_size
        for troop_type in sorted(spent):
            cap = faction.type_caps.get(troop_type)
            if cap is not None and spent[troop_type] > cap.limit(size):
                self.add(
                    RULE_TYPE_CAPS,
                    f"{spent[troop_type]} points of {troop_type} troops exceed the {faction.name} "
                    f"cap of {cap.describe(size)}",
                )

    def _spiritual(self, slots: Sequence[_Slot]) -> None:
        """Army creation > 6: one spiritual type (Komuso or Onmyouji), one type of Onmyouji."""
        spiritual = sorted(
            {
                (profile.troop_class, profile.id, profile.name)
                for slot in slots
                for profile in (slot.profile, *slot.leaders)
                if profile is not None and profile.type == "spiritual"
            }
        )
        if not spiritual:
            return
        names = ", ".join(f"{name} ({troop_id})" for _, troop_id, name in spiritual)
        if not self.hidden_powers:
            self.add(
                RULE_SPIRITUAL,
                f"spiritual troops ({names}) need the advanced rules of hidden powers",
            )
        classes = {troop_class for troop_class, _, _ in spiritual}
        if len(classes) > 1:
            self.add(
                RULE_SPIRITUAL,
                f"only one of the two spiritual types, Onmyouji or Komuso, may be included; the "
                f"list has {names}",
            )
        onmyouji = [troop_id for troop_class, troop_id, _ in spiritual if troop_class == "O"]
        if len(onmyouji) > 1:
            self.add(
                RULE_SPIRITUAL,
                f"only one type of Onmyouji may be included; the list has {', '.join(onmyouji)}",
            )

    def _total_cost(self, slots: Sequence[_Slot], commander_cost: int) -> None:
        """Army creation > 2-3: troops plus the commander level cost within the battle size."""
        troops = _troop_cost(slots)
        total = troops + commander_cost
        if total > self.army_list.battle_size:
            self.add(
                RULE_TOTAL_COST,
                f"the army costs {total} points ({troops} for troops + {commander_cost} for "
                f"commander level {self.army_list.commander_level}), more than the battle size "
                f"of {self.army_list.battle_size}",
            )


def _troop_cost(slots: Sequence[_Slot]) -> int:
    total = 0
    for slot in slots:
        if slot.profile is not None:
            total += slot.profile.cost * max(slot.count, 0)
        total += sum(leader.cost for leader in slot.leaders if leader is not None)
    return total


def validate_army(
    army_list: ArmyList, catalogue: Catalogue | None = None, *, hidden_powers: bool = True
) -> list[Violation]:
    """Every army-creation rule the list breaks (an empty list when it is valid).

    ``hidden_powers``: whether both players agreed to the advanced rules of hidden
    powers, without which spiritual troops may not be included (Army creation > 6).
    """
    checker = _Checker(army_list, catalogue or load_catalogue(), hidden_powers)
    return checker.run()


def build_army(
    army_list: ArmyList, catalogue: Catalogue | None = None, *, hidden_powers: bool = True
) -> Army:
    """The resolved army: units ``u1``, ``u2``... in list order, then leaders acting
    alone; miniatures ``u1.m1``... with the unit leader last. Raises ``ArmyInvalid``.
    """
    catalogue = catalogue or load_catalogue()
    violations = validate_army(army_list, catalogue, hidden_powers=hidden_powers)
    if violations:
        raise ArmyInvalid(violations)
    faction = catalogue.factions[army_list.faction]
    entries: list[tuple[TroopProfile, int, TroopProfile | None, bool, str | None]] = []
    for unit in army_list.units:
        leader = faction.troop(unit.leaders[0]) if unit.leaders else None
        profile = faction.troop(unit.troop)
        assert profile is not None
        entries.append((profile, unit.count, leader, False, unit.label))
    for alone in army_list.leaders:
        profile = faction.troop(alone.troop)
        assert profile is not None
        entries.append((profile, 1, None, True, alone.label))
    units = []
    general = ""
    for index, (profile, count, leader, is_alone, label) in enumerate(entries):
        unit_id = f"u{index + 1}"
        troops = [profile.id] * count + ([leader.id] if leader else [])
        miniatures = []
        for number, troop_id in enumerate(troops, start=1):
            is_leader = (leader is not None and number == count + 1) or is_alone
            is_general = is_leader and troop_id == army_list.general and not general
            miniature = Miniature(f"{unit_id}.m{number}", troop_id, is_leader, is_general)
            if is_general:
                general = miniature.id
            miniatures.append(miniature)
        cost = profile.cost * count + (leader.cost if leader else 0)
        units.append(
            ArmyUnit(unit_id, profile, count, leader, tuple(miniatures), cost, is_alone, label)
        )
    level = catalogue.rules.commander_level(army_list.commander_level)
    assert level is not None
    return Army(
        faction=faction.id,
        name=army_list.name,
        battle_size=army_list.battle_size,
        commander_level=level.level,
        commander_cost=level.cost,
        total_cost=sum(unit.cost for unit in units) + level.cost,
        hand_size=catalogue.rules.hand_size(army_list.battle_size),
        general=general,
        units=tuple(units),
    )


def army_to_dict(army: Army) -> dict[str, Any]:
    """The army as plain JSON data (ints only), for a game's setup and state.

    Resolved profiles are embedded under ``profiles`` so a replay does not depend on
    later changes to the data files.
    """
    profiles: dict[str, Any] = {}
    units = []
    for unit in army.units:
        profiles[unit.profile.id] = unit.profile.attributes_dict()
        if unit.leader is not None:
            profiles[unit.leader.id] = unit.leader.attributes_dict()
        units.append(
            {
                "id": unit.id,
                "troop": unit.profile.id,
                "type": unit.type,
                "class": unit.profile.troop_class,
                "count": unit.count,
                "cost": unit.cost,
                "alone": unit.alone,
                "label": unit.label,
                "leader": unit.leader.id if unit.leader else None,
                "miniatures": [
                    {"id": m.id, "troop": m.troop, "leader": m.leader, "general": m.general}
                    for m in unit.miniatures
                ],
            }
        )
    return {
        "faction": army.faction,
        "name": army.name,
        "battle_size": army.battle_size,
        "commander_level": army.commander_level,
        "commander_cost": army.commander_cost,
        "total_cost": army.total_cost,
        "hand_size": army.hand_size,
        "general": army.general,
        "units": units,
        "profiles": {key: profiles[key] for key in sorted(profiles)},
    }
