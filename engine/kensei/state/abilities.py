"""Troop Abilities on the engine's hooks: which effects are active on a unit now.

From "Troop Abilities": permanent abilities ("(PA)") are always active; a ki ability
is active once chosen after an Order Roll of 6+, for the unit that rolled it, until the
end of the turn (``unit["ki"]``, cleared with the markers in maintenance); a title
grants permanent abilities (already merged into the unit's ``abilities["permanent"]``
by the catalogue). Every effect names a hook of the closed vocabulary of
``data/schemas/abilities.schema.json``; the roll and movement code asks this module for
the effects of its hook and adds one line per hook:

- attributes ``mov``, ``ini``, ``ho``, ``at_melee``, ``at_ranged``: :func:`attribute`
  (``set`` replaces, ``add`` adds) or :func:`lines` (a ``[label, value]`` line of the
  Combat or Shoot Roll Table, so players see why);
- roll modifiers ``order_roll``, ``charge_roll``, ``wound_roll``: :func:`lines`;
- ``extra_order``: :func:`extra_orders` (at the Order Roll) and :func:`ki_extra_orders`
  (a ki ability chosen after it);
- ``ignore_difficult_terrain``: :func:`ignores_difficult_terrain`;
- ``reroll``: :func:`rerolls` (how many dice of a roll the unit re-rolls).

An effect's ``when`` conditions must all hold. The condition vocabulary is closed
(:data:`CONDITIONS`, checked by the schema): some are read from the state, the others
(``melee``, ``shooting``, ``charging``) only hold when the roll code says so.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.core import State
from engine.kensei.army.catalogue import load_catalogue
from engine.kensei.army.profiles import Ability, Effect
from engine.kensei.state.contact import touching_units

CONDITIONS = (
    "alone",
    "unit_of_five_or_more",
    "engaged",
    "against_creature",
    "initiative_penalised",
    "melee",
    "shooting",
    "charging",
)
Context = Mapping[str, bool]


@dataclass(frozen=True)
class Active:
    """One effect active on a unit now, with the ability that gives it."""

    ability: Ability
    effect: Effect
    source: str | None = None  # "commander's order": granted by an order, not the troop's

    @property
    def label(self) -> str:
        if self.source is not None:
            return f"{self.ability.name} ({self.source})"
        return f"{self.ability.name} ({'PA' if self.ability.permanent else 'ki'})"


def abilities_of(state: State, uid: str) -> list[Ability]:
    """The unit's permanent abilities (its own and its titles') and its ki ability if
    one is active (chosen this turn)."""
    unit = state["units"][uid]
    catalogue = load_catalogue().abilities
    found = [catalogue[aid] for aid in unit["abilities"]["permanent"]]
    if unit.get("ki") is not None:
        found.append(catalogue[unit["ki"]])
    return found


def active(state: State, uid: str, hook: str, context: Context | None = None) -> list[Active]:
    """The effects on ``hook`` active on the unit now, in ability order, then those
    commander's orders granted it this turn."""
    found: list[Active] = []
    unit = state["units"][uid]
    permanent = unit["abilities"]["permanent"]
    ki = unit.get("ki")
    if permanent or ki is not None:  # asked very often, mostly of units with none
        for ability in abilities_of(state, uid):
            _add_active(found, ability, None, state=state, uid=uid, hook=hook, context=context)
    orders = state.get("commander_orders")
    if orders is not None and orders["grants"].get(uid):
        for ability in granted_orders(state, uid):
            _add_active(
                found, ability, ORDER_SOURCE, state=state, uid=uid, hook=hook, context=context
            )
    return found


def _add_active(
    found: list[Active],
    ability: Ability,
    source: str | None,
    *,
    state: State,
    uid: str,
    hook: str,
    context: Context | None,
) -> None:
    for effect in ability.effects:
        if effect.hook == hook and all(
            _holds(name, state, uid, context or {}) for name in effect.when
        ):
            found.append(Active(ability, effect, source))


ORDER_SOURCE = "commander's order"


def granted_orders(state: State, uid: str) -> list[Ability]:
    """The commander's orders played on the unit this turn, as abilities lasting until
    the end of the turn (like a ki): ``state["commander_orders"]["grants"]``."""
    orders = state.get("commander_orders")
    if orders is None:
        return []
    return [
        Ability(
            id=grant["order"],
            name=grant["name"],
            kind="ki",
            text=grant["name"],
            effects=tuple(
                Effect(
                    e["hook"], e.get("op"), e.get("value"), e.get("roll"), tuple(e.get("when", ()))
                )
                for e in grant["effects"]
            ),
            sample=False,
        )
        for grant in orders["grants"].get(uid, [])
        if grant["turn"] == state["turn"]
    ]


def lines(state: State, uid: str, hook: str, context: Context | None = None) -> list[list[Any]]:
    """The ``add`` effects on ``hook`` as ``[label, value]`` lines of a roll table."""
    return [
        [entry.label, entry.effect.value]
        for entry in active(state, uid, hook, context)
        if entry.effect.op == "add" and entry.effect.value
    ]


def modifier(state: State, uid: str, hook: str, context: Context | None = None) -> int:
    """The sum of the ``add`` effects on a roll modifier hook."""
    return sum(value for _label, value in lines(state, uid, hook, context))


def attribute(state: State, uid: str, hook: str, value: int, context: Context | None = None) -> int:
    """An attribute after the active effects, in order (``set`` replaces, ``add`` adds);
    never below 0."""
    for entry in active(state, uid, hook, context):
        if entry.effect.value is None:
            continue
        value = entry.effect.value if entry.effect.op == "set" else value + entry.effect.value
    return max(value, 0)


def extra_orders(state: State, uid: str) -> int:
    """Activation orders the unit's active effects add at its Order Roll."""
    return modifier(state, uid, "extra_order")


def ki_extra_orders(ability_id: str) -> int:
    """Activation orders a ki ability adds when it is chosen (after the Order Roll)."""
    ability = load_catalogue().abilities[ability_id]
    return sum(
        effect.value or 0
        for effect in ability.effects
        if effect.hook == "extra_order" and effect.op == "add" and not effect.when
    )


def ignores_difficult_terrain(state: State, uid: str) -> bool:
    return bool(active(state, uid, "ignore_difficult_terrain"))


def rerolls(state: State, uid: str, roll: str, context: Context | None = None) -> int:
    """How many dice of ``roll`` the unit re-rolls (``reroll`` effects naming it)."""
    return sum(
        entry.effect.value or 0
        for entry in active(state, uid, "reroll", context)
        if entry.effect.roll == roll
    )


def enemy_honour_rerolls(state: State, uid: str) -> int:
    """Successful Honour Roll dice ``uid`` must re-roll: ``enemy_honour_roll`` re-rolls
    of the enemy units engaged with it (each effect's conditions on its own unit)."""

    return sum(rerolls(state, enemy, "enemy_honour_roll") for enemy in touching_units(state, uid))


def _holds(name: str, state: State, uid: str, context: Context) -> bool:
    if name in context:
        return bool(context[name])
    unit = state["units"][uid]
    if name == "alone":
        return bool(unit["single"]) or len(unit["minis"]) == 1
    if name == "unit_of_five_or_more":
        return len(unit["minis"]) >= 5
    if name in ("engaged", "against_creature"):
        foes = touching_units(state, uid)
        if name == "engaged":
            return bool(foes)
        return any(state["units"][foe].get("presence") for foe in foes)
    if name == "initiative_penalised":
        leader = unit["leader"]
        dishonoured = leader is not None and bool(state["minis"][leader].get("dishonoured"))
        return bool(state["sides"][unit["side"]]["general_dead"]) or dishonoured
    return False  # melee, shooting, charging: only when the roll code says so


def ki_options(uid: str, abilities: list[str]) -> dict[str, Any]:
    """The options of a ``choose_ki`` prompt: the unit, its ki abilities, what each
    does (its name and text from the data files) and that it may be declined (the
    rulebook's "can only be used if": a 6+ lets the unit use one, it need not)."""
    known = load_catalogue().abilities
    texts = {
        ability: {"name": known[ability].name, "text": known[ability].text}
        for ability in abilities
        if ability in known
    }
    return {"unit": uid, "abilities": abilities, "texts": texts, "optional": True}
