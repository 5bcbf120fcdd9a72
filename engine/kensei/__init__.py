"""Kensei (living rules, February 2020): troops, armies, battlefield and turn sequence.

The names below are the package's public face: the platform, the dashboards,
the benchmarks and the tests outside ``tests/unit/kensei`` import them from
``engine.kensei`` and never from its rule-area modules, which may move.
"""

from engine.kensei import odds
from engine.kensei.army.catalogue import (
    load_army_list,
    load_catalogue,
    load_sample_army,
    sample_army_document,
    sample_army_names,
)
from engine.kensei.army.forces import forces
from engine.kensei.army.profiles import ArmyListError, Catalogue, TroopProfile
from engine.kensei.army.validation import RULE_BATTLE_SIZE, validate_army
from engine.kensei.bots.players import PART_ONE_ORDERS, GreedyBot, RandomBot, candidates
from engine.kensei.combat.melee import (
    SIDE_BONUS,
    file_weapon_line,
    weapon_applies,
    weapon_modifiers,
)
from engine.kensei.describe.texts import data_texts
from engine.kensei.ruleset import Kensei, sample_armies, sample_army
from engine.kensei.shooting.shoot import BANDS, ranged_weapons
from engine.kensei.state.queries import SIDES
from engine.kensei.turn.scenarios import RANDOM_SCENARIO, SCENARIOS

__all__ = [
    "BANDS",
    "PART_ONE_ORDERS",
    "RANDOM_SCENARIO",
    "RULE_BATTLE_SIZE",
    "SCENARIOS",
    "SIDES",
    "SIDE_BONUS",
    "ArmyListError",
    "Catalogue",
    "GreedyBot",
    "Kensei",
    "RandomBot",
    "TroopProfile",
    "candidates",
    "compiled",
    "data_texts",
    "file_weapon_line",
    "forces",
    "load_army_list",
    "load_catalogue",
    "load_sample_army",
    "odds",
    "ranged_weapons",
    "sample_armies",
    "sample_army",
    "sample_army_document",
    "sample_army_names",
    "validate_army",
    "weapon_applies",
    "weapon_modifiers",
]


def compiled() -> bool:
    """Whether this package runs compiled by mypyc (``make compile``: C extensions
    beside a copy of the sources in ``build/compiled``) rather than interpreted."""
    return not __file__.endswith(".py")
