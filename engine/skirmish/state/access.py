"""Reading a skirmish state: sides, units, models, their bases, stats and equipment.

The state is plain canonical JSON (the contract, ``/work/briefs/sk-contract.md``):
``units`` by id (``"a1"``), each listing its ``models`` (``"a1.1"``...), and ``models``
by id with their position ``x``, ``y`` (tenths of a millimetre), ``facing`` (tenths of
a degree), ``mounted``, ``wounds`` and ``status`` (``ok``, ``dead``, ``fled``). These
accessors never change the state; the ``with_*`` helpers return changed copies, for
the evolve handlers of every area.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any, Final

from engine.core import State
from engine.skirmish.army.catalogue import Armour, Catalogue, Profile, Weapon, catalogue_of
from engine.skirmish.geometry.measure import INCH, make_base
from engine.tabletop.bases import Base

SIDES: Final = ("a", "b")
SIDE_LABELS: Final = {"a": "Side A", "b": "Side B"}
OK: Final = "ok"
DEAD: Final = "dead"
FLED: Final = "fled"
DEFAULT_COMMAND_RADIUS_IN: Final = 4
"""Warrior Attendants: a master without Mastery of Command has a 4 inch radius."""


def enemy_of(side: str) -> str:
    """The other side.

    >>> enemy_of("a"), enemy_of("b")
    ('b', 'a')
    """
    return "b" if side == "a" else "a"


def catalogue(state: State) -> Catalogue:
    """The catalogue the game was started with."""
    return catalogue_of(state)


# -- units ------------------------------------------------------------------------------


def _unit_key(unit_id: str) -> tuple[str, int]:
    return (unit_id[0], int(unit_id[1:]))


def _model_key(model_id: str) -> tuple[str, int, int]:
    unit_id, _, number = model_id.partition(".")
    return (unit_id[0], int(unit_id[1:]), int(number))


def sort_units(unit_ids: Any) -> list[str]:
    """Unit ids in side then number order (``a2`` before ``a10``)."""
    return sorted(unit_ids, key=_unit_key)


def sort_models(model_ids: Any) -> list[str]:
    """Model ids in side, unit number then model number order."""
    return sorted(model_ids, key=_model_key)


@lru_cache(maxsize=64)
def _ordered_units(keys: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(keys, key=_unit_key))


@lru_cache(maxsize=64)
def _ordered_models(keys: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(keys, key=_model_key))


class _Census:
    """Who is where in one state object, worked out when first asked: the living models
    of each unit, and the units and models of each side (``None``: both), all or living
    only, in id order."""

    __slots__ = ("_models", "_units", "living", "state")

    def __init__(self, state: State) -> None:
        self.state = state
        self.living: dict[str, tuple[str, ...]] = {}
        self._units: dict[tuple[str | None, bool], tuple[str, ...]] | None = None
        self._models: dict[tuple[str | None, bool], tuple[str, ...]] | None = None

    def living_of(self, unit_id: str) -> tuple[str, ...]:
        found = self.living.get(unit_id)
        if found is None:
            models = self.state["models"]
            found = tuple(
                m for m in self.state["units"][unit_id]["models"] if models[m]["status"] == OK
            )
            self.living[unit_id] = found
        return found

    def units(self, side: str | None, alive: bool) -> tuple[str, ...]:
        if self._units is None:
            units = self.state["units"]
            lists: dict[tuple[str | None, bool], list[str]] = {
                (who, flag): [] for who in (None, *SIDES) for flag in (False, True)
            }
            for unit_id in _ordered_units(tuple(units)):
                who = units[unit_id]["side"]
                lists[(None, False)].append(unit_id)
                lists[(who, False)].append(unit_id)
                if self.living_of(unit_id):
                    lists[(None, True)].append(unit_id)
                    lists[(who, True)].append(unit_id)
            self._units = {key: tuple(value) for key, value in lists.items()}
        return self._units[(side, alive)]

    def models(self, side: str | None, alive: bool) -> tuple[str, ...]:
        if self._models is None:
            models = self.state["models"]
            lists: dict[tuple[str | None, bool], list[str]] = {
                (who, flag): [] for who in (None, *SIDES) for flag in (False, True)
            }
            for model_id in _ordered_models(tuple(models)):
                record = models[model_id]
                who = record["side"]
                lists[(None, False)].append(model_id)
                lists[(who, False)].append(model_id)
                if record["status"] == OK:
                    lists[(None, True)].append(model_id)
                    lists[(who, True)].append(model_id)
            self._models = {key: tuple(value) for key, value in lists.items()}
        return self._models[(side, alive)]


_CENSUS_SIZE = 8
_CENSUSES: list[_Census] = []
"""The censuses of the last few state objects asked about (states are never changed in
place, DESIGN.md: the same object always has the same census). Each keeps its state
alive, so an identity is never reused while it is remembered."""


def _census(state: State) -> _Census:
    for found in _CENSUSES:
        if found.state is state:
            return found
    found = _Census(state)
    _CENSUSES.insert(0, found)
    del _CENSUSES[_CENSUS_SIZE:]
    return found


def unit(state: State, unit_id: str) -> Mapping[str, Any]:
    record: Mapping[str, Any] = state["units"][unit_id]
    return record


def model(state: State, model_id: str) -> Mapping[str, Any]:
    record: Mapping[str, Any] = state["models"][model_id]
    return record


def unit_id_of(state: State, model_id: str) -> str:
    """The unit a model belongs to."""
    found: str = state["models"][model_id]["unit"]
    return found


def unit_of(state: State, model_id: str) -> Mapping[str, Any]:
    return unit(state, unit_id_of(state, model_id))


def side_of(state: State, some_id: str) -> str:
    """The side of a unit or a model."""
    found: str = (state["units"].get(some_id) or state["models"][some_id])["side"]
    return found


def is_alive(state: State, model_id: str) -> bool:
    """Whether the model is on the table (neither dead nor fled)."""
    return bool(state["models"][model_id]["status"] == OK)


def living_models(state: State, unit_id: str) -> tuple[str, ...]:
    """The models of the unit still on the table, in order (the first is the one moves
    are measured by)."""
    return _census(state).living_of(unit_id)


def first_model(state: State, unit_id: str) -> str | None:
    """The unit's first living model (``None`` once it is gone)."""
    found = living_models(state, unit_id)
    return found[0] if found else None


def is_on_table(state: State, unit_id: str) -> bool:
    """Whether some model of the unit is still on the table."""
    return bool(_census(state).living_of(unit_id))


def unit_ids(state: State, side: str | None = None, *, living: bool = True) -> tuple[str, ...]:
    """The units of ``side`` (both for ``None``) in order; only those with a model on
    the table unless ``living`` is false."""
    return _census(state).units(side, living)


def model_ids(state: State, side: str | None = None, *, living: bool = True) -> tuple[str, ...]:
    """The models of ``side`` (both for ``None``) in order; only living ones unless
    ``living`` is false."""
    return _census(state).models(side, living)


def enemies(state: State, side: str) -> tuple[str, ...]:
    """The living models of the other side."""
    return model_ids(state, enemy_of(side))


def enemy_units(state: State, side: str) -> tuple[str, ...]:
    return unit_ids(state, enemy_of(side))


def is_hero(state: State, unit_id: str) -> bool:
    return bool(state["units"][unit_id]["hero"])


def heroes(state: State, side: str | None = None) -> tuple[str, ...]:
    """The heroic characters of ``side`` still on the table."""
    return tuple(u for u in unit_ids(state, side) if state["units"][u]["hero"])


def groups(state: State, side: str | None = None) -> tuple[str, ...]:
    """The character groups of ``side`` still on the table."""
    return tuple(u for u in unit_ids(state, side) if not state["units"][u]["hero"])


def is_fleeing(state: State, unit_id: str) -> bool:
    return bool(state["units"][unit_id].get("fleeing"))


def band_start(state: State, side: str) -> int:
    """The number of models the band started with."""
    return sum(u["start"] for u in state["units"].values() if u["side"] == side)


def band_left(state: State, side: str) -> int:
    """The band's models still on the table."""
    return sum(1 for r in state["models"].values() if r["side"] == side and r["status"] == OK)


def has_models_left(state: State, side: str) -> bool:
    """Whether some model of ``side`` is still on the table."""
    return any(r["side"] == side and r["status"] == OK for r in state["models"].values())


def losses(state: State, side: str) -> tuple[str, ...]:
    """The models of ``side`` killed or fled, in order."""
    models = state["models"]
    return tuple(m for m in model_ids(state, side, living=False) if models[m]["status"] != OK)


# -- positions ------------------------------------------------------------------------


def base_of(state: State, model_id: str) -> Base:
    """The model's round base (25 mm on foot, 50 mm mounted) where it stands."""
    record = state["models"][model_id]
    return make_base(record["x"], record["y"], record["facing"], mounted=record["mounted"])


def bases_of(state: State, unit_id: str) -> dict[str, Base]:
    """The bases of the unit's living models, by model id."""
    return {m: base_of(state, m) for m in living_models(state, unit_id)}


def bases(state: State, side: str | None = None) -> dict[str, Base]:
    """The bases of every living model of ``side`` (both for ``None``), by model id."""
    return {m: base_of(state, m) for m in model_ids(state, side)}


def table_size(state: State) -> tuple[int, int]:
    """The table's width and height in table units."""
    return (state["table"]["width"], state["table"]["height"])


# -- stats and equipment --------------------------------------------------------------


def profile_of(state: State, unit_id: str) -> Profile:
    """The unit's stats line (before weapons, armour and strategies)."""
    return catalogue_of(state).profile(state["units"][unit_id]["profile"])


def weapon_of(state: State, unit_id: str) -> Weapon:
    return catalogue_of(state).weapon(state["units"][unit_id]["weapon"])


def armour_of(state: State, unit_id: str) -> Armour:
    return catalogue_of(state).armour[state["units"][unit_id]["armour"]]


def has_strategy(state: State, unit_id: str, strategy: str) -> bool:
    return strategy in state["units"][unit_id].get("strategies", ())


def mastery(state: State, unit_id: str, mastery_id: str) -> int:
    """The unit's level of a Wind strategy (0 without it)."""
    return int(state["units"][unit_id].get("masteries", {}).get(mastery_id, 0))


MOUNTED_MOVE_IN: Final = 12
"""Moving and Fighting on Horseback > Moving on Horseback: a move of 12 inches."""


def allowance(state: State, unit_id: str) -> int:
    """The unit's full movement allowance in table units: 12 inches mounted, else its
    stats line's move (6 inches; 5 for a limping hero) capped by heavy armour's 5 on
    foot (Movement; Weapons and Armour > Armour; Moving on Horseback). Nothing of the
    turn (moves made, a dismount, Mastery of Horsemanship's D6) is counted here."""
    record = state["units"][unit_id]
    living = living_models(state, unit_id)
    first = living[0] if living else record["models"][0]
    if state["models"][first]["mounted"]:
        return MOUNTED_MOVE_IN * INCH
    catalogue = catalogue_of(state)
    move = catalogue.profile(record["profile"]).move_in
    cap = catalogue.armour[record["armour"]].foot_move_in
    return (move if cap is None else min(move, cap)) * INCH


def zen(state: State, unit_id: str) -> int:
    """The Zen tokens a hero has left (0 for a group)."""
    return int(state["units"][unit_id].get("zen", 0))


def command_radius(state: State, unit_id: str) -> int:
    """The hero's command radius in table units (Mastery of Command: 4, 6, 8, 12 inches
    by level); 0 without Mastery of Command, unless he has warrior attendants, who use
    the default 4 inches (Warrior Attendants)."""
    level = int(state["units"][unit_id].get("command", 0))
    if level:
        return catalogue_of(state).command_radius_in[level] * INCH
    return 0


def attendants_radius(state: State, master_id: str) -> int:
    """The radius within which a master's warrior attendants stay (his command radius,
    or 4 inches without Mastery of Command)."""
    return command_radius(state, master_id) or DEFAULT_COMMAND_RADIUS_IN * INCH


def courage(state: State, unit_id: str) -> int:
    """The unit's Courage with its lasting modifiers (``courage_mod``: humming arrows,
    Frighten, Become the Enemy are applied by morale)."""
    return profile_of(state, unit_id).courage + int(state["units"][unit_id].get("courage_mod", 0))


# -- turn order -----------------------------------------------------------------------


def initiative_order(state: State) -> tuple[str, str]:
    """The sides in order of Initiative this turn (the initiative side first)."""
    first = state.get("initiative") or SIDES[0]
    return (first, enemy_of(first))


# -- changed copies (for evolve handlers) ---------------------------------------------


def with_unit(state: State, unit_id: str, **changes: Any) -> State:
    """``state`` with fields of one unit replaced."""
    units = dict(state["units"])
    units[unit_id] = {**units[unit_id], **changes}
    return {**state, "units": units}


def with_units(state: State, changes: Mapping[str, Mapping[str, Any]]) -> State:
    """``state`` with fields of several units replaced (``{unit_id: {field: value}}``)."""
    if not changes:
        return state
    units = dict(state["units"])
    for unit_id, fields in changes.items():
        units[unit_id] = {**units[unit_id], **fields}
    return {**state, "units": units}


def with_model(state: State, model_id: str, **changes: Any) -> State:
    """``state`` with fields of one model replaced."""
    models = dict(state["models"])
    models[model_id] = {**models[model_id], **changes}
    return {**state, "models": models}


def with_models(state: State, changes: Mapping[str, Mapping[str, Any]]) -> State:
    """``state`` with fields of several models replaced (``{model_id: {field: value}}``)."""
    if not changes:
        return state
    models = dict(state["models"])
    for model_id, fields in changes.items():
        models[model_id] = {**models[model_id], **fields}
    return {**state, "models": models}


def with_positions(state: State, positions: Mapping[str, Any]) -> State:
    """``state`` with models moved: ``{model_id: [x, y, facing]}`` (the shape of the
    ``moved``, ``charged``, ``retreated``, ``deployed`` events)."""
    return with_models(
        state, {m: {"x": p[0], "y": p[1], "facing": p[2]} for m, p in positions.items()}
    )
