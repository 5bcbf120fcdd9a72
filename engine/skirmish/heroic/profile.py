"""A character's effective stats line: the profile's values changed by the weapon it
wields, its armour, its Wind mastery of that weapon and horseback (Weapons and Armour;
Heroic Characters > Wind Strategies; Moving and Fighting on Horseback).

The weapon and mastery effects come from the data (``weapons.json``, ``masteries.json``)
as ``{stat, value, when}``; :func:`holds` decides each ``when`` against the opponent.
A weapon mastery's effects at the character's level replace the weapon's own (the Wind
table restates the weapon's line: the great sword's level 1 is "+2 Strength" without the
weapon's -1 combat modifier); the spear's table adds to the spear's rules, which its
data repeats (Interpretation > Weapon masteries replace the weapon's line). Two swords
cannot be used mounted: a mounted hero with them fights with a basic weapon
(Moving and Fighting on Horseback > Close Combat on Horseback).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.core import State
from engine.skirmish.army.catalogue import Effect, Weapon, catalogue_of
from engine.skirmish.heroic import chars

BASIC = "basic"
MEDIUM_OR_HEAVY = ("medium", "heavy")
HORSE_DEFENCE = 3
"""Moving and Fighting on Horseback > Close Combat on Horseback: the horse's Defence."""
MOUNTED_STRENGTH = 1
"""Close Combat on Horseback: all weapons used from horseback confer +1 Strength."""


@dataclass(frozen=True)
class Against:
    """What a ``when`` of an effect is decided against: the opponent and how one fights."""

    mounted: bool = False
    armour: str = "none"
    second_rank: bool = False


NOBODY = Against()


def holds(when: str, mounted: bool, against: Against) -> bool:
    """Whether an effect's ``when`` applies to a wielder (``mounted`` or not) against
    ``against``; an unknown ``when`` never applies.

    >>> holds("vs_mounted", False, Against(mounted=True)), holds("mounted", False, NOBODY)
    (True, False)
    """
    if when == "always":
        return True
    if when == "mounted":
        return mounted
    if when == "on_foot":
        return not mounted
    if when == "mounted_or_vs_mounted":
        return mounted or against.mounted
    if when == "vs_mounted":
        return against.mounted
    if when == "vs_foot":
        return not against.mounted
    if when == "vs_medium_or_heavy_armour":
        return against.armour in MEDIUM_OR_HEAVY
    if when == "vs_heavy_armour":
        return against.armour == "heavy"
    if when == "second_rank":
        return against.second_rank
    return False


def wielded(state: State, model_id: str, *, disarmed: bool = False) -> Weapon:
    """The weapon the model fights or shoots with now (a basic weapon when disarmed, or
    with a weapon that cannot be used mounted while on horseback)."""
    catalogue = catalogue_of(state)
    weapon = catalogue.weapon(chars.unit_of(state, model_id)["weapon"])
    if disarmed or (chars.mounted(state, model_id) and not weapon.mounted):
        return catalogue.weapons.get(BASIC, weapon) if weapon.id != BASIC else weapon
    return weapon


def effects(state: State, model_id: str, *, disarmed: bool = False) -> tuple[Effect, ...]:
    """The effects of the model's weapon, or of its mastery of that weapon at its level,
    plus its horsemanship's."""
    catalogue = catalogue_of(state)
    unit = chars.unit_of(state, model_id)
    weapon = wielded(state, model_id, disarmed=disarmed)
    levels = unit.get("masteries", {})
    found: tuple[Effect, ...] = weapon.effects
    mastery = catalogue.mastery_for(weapon.id)
    if mastery is not None and levels.get(mastery.id, 0) > 0:
        found = mastery.effects(int(levels[mastery.id]))
    riding = catalogue.masteries.get("horsemanship")
    if riding is not None and levels.get("horsemanship", 0) > 0:
        found = found + riding.effects(int(levels["horsemanship"]))
    return found


def total(found: Iterable[Effect], stat: str, mounted: bool, against: Against = NOBODY) -> int:
    """The sum of the ``stat`` effects of ``found`` that apply."""
    return sum(e.value for e in found if e.stat == stat and holds(e.when, mounted, against))


def armour_id(state: State, model_id: str) -> str:
    return str(chars.unit_of(state, model_id)["armour"])


@dataclass(frozen=True)
class Stats:
    """A character's effective values against one opponent."""

    combat: int  # the Combat characteristic (ties)
    attacks: int
    strength: int
    defence: int
    modifier: int  # combat dice modifier of weapon, mastery and armour


def stats(
    state: State, model_id: str, against: Against = NOBODY, *, disarmed: bool = False
) -> Stats:
    """The model's close combat values against ``against``: weapon, mastery, armour and
    horseback (+1 Strength mounted) included; strategies, charges and the situation of
    the combat are the combat's own."""
    unit = chars.unit_of(state, model_id)
    catalogue = catalogue_of(state)
    profile = catalogue.profile(unit["profile"])
    armour = catalogue.armour[unit["armour"]]
    riding = chars.mounted(state, model_id)
    found = effects(state, model_id, disarmed=disarmed)
    return Stats(
        combat=profile.combat,
        attacks=max(1, profile.attacks + total(found, "attacks", riding, against)),
        strength=profile.strength
        + total(found, "strength", riding, against)
        + (MOUNTED_STRENGTH if riding else 0),
        defence=profile.defence + armour.defence + total(found, "defence", riding, against),
        modifier=armour.combat + total(found, "combat", riding, against),
    )


def defence(state: State, model_id: str, against: Against = NOBODY) -> int:
    """The model's Defence (profile, armour, weapon and mastery)."""
    return stats(state, model_id, against).defence


def against(state: State, model_id: str, *, second_rank: bool = False) -> Against:
    """The model as an opponent: whether it is mounted, its armour."""
    return Against(
        mounted=chars.mounted(state, model_id),
        armour=armour_id(state, model_id),
        second_rank=second_rank,
    )


def never_outnumbered(state: State, model_id: str) -> bool:
    """Wind Strategies > Never outnumbered (two swords, levels 3 and 4)."""
    riding = chars.mounted(state, model_id)
    return total(effects(state, model_id), "never_outnumbered", riding) > 0
