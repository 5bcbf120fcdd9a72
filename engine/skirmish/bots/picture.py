"""What a bot knows of the skirmish: the table as a player sees it, read into plain values.

Nothing of the skirmish is hidden but the sealed fight choices (the other side's, while a
combat waits for both): a bot reads the public parts of the state (units, models,
scenery, the table), never the pending queue where sealed choices wait. Distances are
edge to edge in tenths of a millimetre, as the engine measures them (``INCH = 254``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.core import State
from engine.skirmish.army.catalogue import Catalogue, catalogue_of
from engine.skirmish.geometry.measure import CONTACT, FOOT_SIZE, INCH, MOUNTED_SIZE

OK = "ok"
# The allowance on foot and mounted (Movement; Moving on Horseback), in inches.
FOOT_MOVE = 6
MOUNTED_MOVE = 12


@dataclass(frozen=True)
class Figure:
    """One living model on the table."""

    id: str
    unit: str
    side: str
    x: float
    y: float
    radius: float
    mounted: bool
    wounds: int

    def gap(self, other: Figure) -> float:
        """Edge to edge distance to ``other`` (negative when the bases overlap)."""
        return math.hypot(self.x - other.x, self.y - other.y) - self.radius - other.radius

    def touches(self, other: Figure) -> bool:
        return self.gap(other) <= CONTACT


@dataclass(frozen=True)
class Band:
    """One unit on the table as a bot sees it: its living models and what it fights with."""

    id: str
    side: str
    hero: bool
    figures: tuple[Figure, ...]
    fleeing: bool
    missile_range: int  # tenths of a millimetre, 0 without a missile weapon
    attacks: int
    combat: int
    courage: int
    wounds: int
    zen: int
    honourable: bool
    allowance: int  # tenths of a millimetre
    strategies: tuple[str, ...]
    record: Mapping[str, Any]

    @property
    def lead(self) -> Figure:
        return self.figures[0]

    @property
    def size(self) -> int:
        return len(self.figures)

    @property
    def punch(self) -> int:
        """Its close combat weight: dice times the best Combat it wins draws with."""
        return self.attacks * (1 if self.hero else self.size) * 2 + self.combat


@dataclass(frozen=True)
class Picture:
    """The skirmish from one side: its units, the enemy's, the table."""

    side: str
    width: int
    height: int
    mine: tuple[Band, ...]
    enemies: tuple[Band, ...]
    state: State
    """The state read (its public parts only: units, models, scenery, table)."""

    def band(self, unit_id: str) -> Band | None:
        for band in (*self.mine, *self.enemies):
            if band.id == unit_id:
                return band
        return None

    def figure(self, model_id: str) -> Figure | None:
        for band in (*self.mine, *self.enemies):
            for figure in band.figures:
                if figure.id == model_id:
                    return figure
        return None

    def engaged(self, band: Band) -> bool:
        """Whether any of its models is in base contact with an enemy model."""
        others = self.enemies if band.side == self.side else self.mine
        return any(f.touches(e) for f in band.figures for o in others for e in o.figures)

    def gap(self, band: Band, other: Band) -> float:
        """The closest edge to edge distance between two units' models."""
        return min(f.gap(e) for f in band.figures for e in other.figures)

    def nearest_enemy(self, band: Band) -> tuple[Band, Figure] | None:
        """The enemy model nearest to the unit's lead model, and its unit (ties: lowest id)."""
        best: tuple[float, str, Band, Figure] | None = None
        for enemy in self.enemies:
            if enemy.fleeing and not enemy.figures:
                continue
            for figure in enemy.figures:
                key = (band.lead.gap(figure), figure.id)
                if best is None or key < best[:2]:
                    best = (key[0], key[1], enemy, figure)
        return None if best is None else (best[2], best[3])


def _allowance(record: Mapping[str, Any], catalogue: Catalogue, mounted: bool) -> int:
    if mounted:
        return MOUNTED_MOVE * INCH
    profile = catalogue.profiles.get(str(record.get("profile")))
    armour = catalogue.armour.get(str(record.get("armour")))
    move = FOOT_MOVE if profile is None else int(profile.move_in)
    if armour is not None and armour.foot_move_in is not None:
        move = min(move, int(armour.foot_move_in))
    return move * INCH


def picture(state: State, side: str) -> Picture:
    """What ``side`` knows: units by id, each with its living models on the table."""
    catalogue = catalogue_of(state)
    models = state["models"]
    mine: list[Band] = []
    enemies: list[Band] = []
    for unit_id in sorted(state["units"], key=_unit_order):
        record = state["units"][unit_id]
        figures = []
        for model_id in record["models"]:
            model = models[model_id]
            if model.get("status", OK) != OK:
                continue
            mounted = bool(model.get("mounted"))
            figures.append(
                Figure(
                    id=model_id,
                    unit=unit_id,
                    side=str(record["side"]),
                    x=float(model["x"]),
                    y=float(model["y"]),
                    radius=(MOUNTED_SIZE if mounted else FOOT_SIZE) / 2,
                    mounted=mounted,
                    wounds=int(model.get("wounds", 1)),
                )
            )
        if not figures:
            continue
        profile = catalogue.profiles.get(str(record.get("profile")))
        weapon = catalogue.weapons.get(str(record.get("weapon")))
        reach = 0
        if weapon is not None and weapon.missile and weapon.range_in:
            reach = int(weapon.range_in) * INCH
        band = Band(
            id=unit_id,
            side=str(record["side"]),
            hero=bool(record.get("hero")),
            figures=tuple(figures),
            fleeing=bool(record.get("fleeing")),
            missile_range=reach,
            attacks=1 if profile is None else int(profile.attacks),
            combat=3 if profile is None else int(profile.combat),
            courage=3 if profile is None else int(profile.courage),
            wounds=sum(f.wounds for f in figures),
            zen=int(record.get("zen", 0) or 0),
            honourable=bool(record.get("honourable")),
            allowance=_allowance(record, catalogue, figures[0].mounted),
            strategies=tuple(str(s) for s in record.get("strategies", ())),
            record=record,
        )
        (mine if band.side == side else enemies).append(band)
    width, height = int(state["table"]["width"]), int(state["table"]["height"])
    return Picture(side, width, height, tuple(mine), tuple(enemies), state)


def _unit_order(unit_id: str) -> tuple[str, int]:
    """Units in their number's order: a1, a2, ..., a10."""
    digits = unit_id[1:]
    return (unit_id[:1], int(digits) if digits.isdigit() else 0)
