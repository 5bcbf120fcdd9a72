"""The close combats of the phase and the choices their heroes make (Close Combat: "all
opposing models in contact"; Turn Sequence > Close Combat).

A combat is a group of living models connected by base contact across sides; the
combats are fought one at a time, the one with the lowest model id first. A combat is
still to fight while one of its models has not fought this turn (a hero's free move of
Heroic Combat into a new combat makes him fight again). A spearman (yari) on foot in base
contact with a friend who is in the combat, and touching no enemy himself, joins it
from the second rank (Weapons and Armour > Spear: a weapon whose data gives it the
``second_rank`` effect on foot).

Before a combat with a hero who has a choice, the sides with one answer a sealed
``fight`` prompt: One Cut, The Body in Place of the Sword, Choose the Place (disengage),
striking the horse of a mounted opponent, a Zen die.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core import State
from engine.core.memo import last_state
from engine.skirmish.geometry import measure
from engine.skirmish.heroic import chars, profile
from engine.skirmish.heroic import strategies as water
from engine.skirmish.state.access import sort_models
from engine.skirmish.state.handlers_combat import fights


@dataclass(frozen=True)
class Combat:
    """One combat: its number this phase, the models in base contact by side, and the
    models of each side fighting from the second rank."""

    number: int
    models: dict[str, list[str]]
    support: dict[str, list[str]]

    def all_models(self) -> list[str]:
        return sort_models(
            [m for side in sorted(self.models) for m in self.models[side]]
            + [m for side in sorted(self.support) for m in self.support[side]]
        )

    def to_json(self) -> dict[str, Any]:
        return {"combat": self.number, "models": self.models, "support": self.support}


def _components(state: State) -> list[list[str]]:
    living = chars.living_models(state)
    links = {m: chars.contacts(state, m) for m in living}
    return [sort_models(members) for members in measure.linked_groups(living, links)]


def _supporters(state: State, members: list[str], taken: set[str]) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {side: [] for side in state["sides"]}
    for model_id in chars.living_models(state):
        if model_id in taken or chars.mounted(state, model_id):
            continue
        if not profile.total(profile.effects(state, model_id), "second_rank", False):
            continue
        side = chars.side_of(state, model_id)
        if any(
            chars.side_of(state, friend) == side and chars.touching(state, model_id, friend)
            for friend in members
        ):
            found[side].append(model_id)
    return found


def combats(state: State) -> list[Combat]:
    """The combats still to fight this phase, in order."""
    record = fights(state)
    fought = record["fought"]
    groups = [g for g in _components(state) if any(m not in fought for m in g)]
    taken = {m for g in _components(state) for m in g}
    found = []
    for index, members in enumerate(groups):
        models = {
            side: [m for m in members if chars.side_of(state, m) == side] for side in state["sides"]
        }
        found.append(
            Combat(record["count"] + index + 1, models, _supporters(state, members, taken))
        )
    return found


@last_state
def next_combat(state: State) -> Combat | None:
    """The next combat to fight (asked by the prompt, ``pending`` and the decision of one
    state: remembered for that state object; treat it as read only)."""
    found = combats(state)
    return found[0] if found else None


def hero_choices(state: State, combat: Combat) -> dict[str, dict[str, dict[str, Any]]]:
    """Per side, per hero of the combat with a choice, what he may choose."""
    found: dict[str, dict[str, dict[str, Any]]] = {}
    for side in state["sides"]:
        for model_id in combat.models[side]:
            unit = chars.unit_of(state, model_id)
            if not unit["hero"]:
                continue
            options = {
                "strategies": [s for s in water.CHOSEN if water.has(state, unit["id"], s)],
                "may_strike_horse": any(
                    chars.mounted(state, foe) for foe in chars.contacts(state, model_id)
                ),
                "zen": int(unit.get("zen", 0)) > 0,
                "disengage": water.has(state, unit["id"], water.CHOOSE_PLACE),
            }
            if (
                options["strategies"]
                or options["may_strike_horse"]
                or options["zen"]
                or (options["disengage"])
            ):
                found.setdefault(side, {})[str(unit["id"])] = options
    return found
