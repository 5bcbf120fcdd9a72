"""Straight moves of a whole unit traced by the engine: withdraw and retreat
(Combat Resolution > 5. Withdrawn or retreating movements) and chase (6. Chasing
movements); the charge and the flight reuse :func:`slide`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import Dice, Event, State
from engine.kensei import geometry
from engine.kensei.combat.melee import engaged_pairs
from engine.kensei.geometry import Base
from engine.kensei.geometry.board import board
from engine.kensei.state.contact import engaged_units
from engine.kensei.state.honour import honour_roll_event
from engine.kensei.state.offering_dice import Offered, offered

STEP = 20  # withdraw, retreat and chase moves are traced in 2 mm steps
SKIRMISHER_PASS = 500  # "no more than 5 cm away" beyond the allied unit passed


def centre(bases: Sequence[Base]) -> tuple[int, int]:
    return (sum(b.x for b in bases) // len(bases), sum(b.y for b in bases) // len(bases))


def _distance_roll(unit: Mapping[str, Any], dice: Dice, what: str) -> Offered:
    """2D6 cm (3D6 mounted) of a fall back or a chase, open to the offerings to the gods."""
    faces = dice.roll(3 if unit["type"] == "mounted" else 2)
    return offered(dice, faces, unit["side"], what, {"kind": "total"})


def fall_back(
    state: State, uid: str, kind: str, dice: Dice, *, away_from: str | None = None
) -> Event:
    """Withdraw or retreat: 2D6 cm (3D6 mounted) away from the units it fights (or
    from the unit that shot it)."""
    unit = state["units"][uid]
    bases = board(state).bases
    final = _distance_roll(unit, dice, f"{unit['name']} ({uid}) falling back ({kind})")
    faces = list(final.faces)
    distance = sum(final.values) * 100
    foes = [
        e
        for enemy in engaged_units(state, uid)
        for pairs in (engaged_pairs(state, enemy, uid),)
        for e in pairs
    ]
    if away_from is not None and not foes:
        foes = [m for m in state["units"][away_from]["minis"] if m in bases]
    own = [bases[m] for m in unit["minis"] if m in bases]
    start = centre(own)
    if foes:
        origin = centre([bases[m] for m in foes])
        heading = (
            geometry.heading(origin, start) if origin != start else (own[0].facing + 1800) % 3600
        )
    else:
        heading = (own[0].facing + 1800) % 3600
    finals, lost, _caught = slide(
        state,
        uid,
        heading,
        distance,
        facing=heading if kind == "retreat" else None,
        chasing=frozenset(),
    )
    return {
        "type": "fell_back",
        "side": unit["side"],
        "unit": uid,
        "kind": kind,
        "dice": faces,
        **final.record(),
        "distance": distance,
        "heading": heading,
        "minis": finals,
        "lost": lost,
    }


def chase(state: State, uid: str, fleeing: str, dice: Dice) -> list[Event]:
    """Chasing movements: an Honour Roll, then 2D6 cm (3D6 mounted) towards the fleeing
    miniatures; a chaser touching one stops and that miniature is a casualty."""
    unit = state["units"][uid]
    events: list[Event] = [honour_roll_event(state, uid, dice, reason="chase")]
    if not events[0]["success"]:
        return events
    bases = board(state).bases
    final = _distance_roll(unit, dice, f"{unit['name']} ({uid}) chasing")
    move = list(final.faces)
    distance = sum(final.values) * 100
    start = centre([bases[m] for m in unit["minis"] if m in bases])
    goal = centre([bases[m] for m in state["units"][fleeing]["minis"] if m in bases])
    heading = geometry.heading(start, goal) if goal != start else bases[unit["minis"][0]].facing
    chasing = frozenset(state["units"][fleeing]["minis"])
    finals, _lost, caught = slide(state, uid, heading, distance, facing=heading, chasing=chasing)
    events.append(
        {
            "type": "chased",
            "side": unit["side"],
            "unit": uid,
            "fleeing": fleeing,
            "dice": move,
            **final.record(),
            "distance": distance,
            "heading": heading,
            "minis": finals,
            "caught": caught,
        }
    )
    return events


class Slide:
    """What a straight move of a unit needs to know, looked up once."""

    def __init__(self, state: State, uid: str, heading: int, chasing: frozenset[str]) -> None:
        here = board(state)
        self.unit = state["units"][uid]
        self.here = here
        self.table = state["table"]
        self.ux = math.cos(math.radians(heading / 10))
        self.uy = math.sin(math.radians(heading / 10))
        self.positions = dict(here.bases)
        self.sides = {mid: state["minis"][mid]["side"] for mid in self.positions}
        self.chasing = chasing
        self.lost: list[str] = []
        self.caught: list[str] = []
        self.halt = False

    def order(self) -> list[str]:
        """The unit's miniatures, the leading ones first."""
        mine = [m for m in self.unit["minis"] if m in self.positions]
        mine.sort(key=lambda m: -(self.positions[m].x * self.ux + self.positions[m].y * self.uy))
        return mine

    def move(self, mid: str, mine: list[str], distance: int, facing: int | None) -> Base | None:
        """Where one miniature ends (None: lost against an enemy)."""
        start = self.positions[mid]
        turn = start.facing if facing is None else facing
        skirmish = self.unit["skirmish"] and not self.chasing
        reach = distance + (SKIRMISHER_PASS if skirmish else 0)
        r = start.bound + reach + 1
        own = set(mine)
        near = [
            o
            for o in self.here.in_box(start.x - r, start.y - r, start.x + r, start.y + r)
            if o not in own
        ]
        near += [o for o in mine if o != mid]
        last_clear = spatial_base(start, start.x, start.y, turn)
        if not geometry.on_table(last_clear, self.table["width"], self.table["height"]) or any(
            o in self.positions and geometry.overlaps(last_clear, self.positions[o]) for o in near
        ):
            last_clear = start  # it cannot turn where it stands: it keeps its facing there
        travelled = 0
        while travelled < reach:
            travelled = min(travelled + STEP, reach)
            x = start.x + round(self.ux * travelled)
            y = start.y + round(self.uy * travelled)
            spot = spatial_base(start, x, y, turn)
            if not geometry.on_table(spot, self.table["width"], self.table["height"]):
                break
            if self.here.scene.over_impassable(spot) is not None:
                break
            hits = [
                o
                for o in near
                if o in self.positions and geometry.overlaps(spot, self.positions[o])
            ]
            enemies = [o for o in hits if self.sides[o] != self.unit["side"]]
            if enemies:
                if not self.chasing and not self.halt:
                    return None
                for o in enemies:
                    if o in self.chasing and o not in self.caught:
                        self.caught.append(o)
                        del self.positions[o]  # caught: off the table at once
                break
            if hits:
                if skirmish:
                    continue  # a skirmisher passes through allies
                break
            last_clear = spot
            if travelled >= distance:
                break
        return last_clear


def slide(
    state: State,
    uid: str,
    heading: int,
    distance: int,
    *,
    facing: int | None,
    chasing: frozenset[str],
    halt: bool = False,
) -> tuple[list[dict[str, int | str]], list[str], list[str]]:
    """Move every miniature of the unit straight along ``heading``, the leading ones
    first, traced in 2 mm steps: it stops at the table's edge, at impassable scenery
    and against an allied miniature (a skirmisher passes through allies, ending clear
    of them, at most 5 cm further); touching an enemy makes it a casualty, unless it
    is chasing: then it stops, and a miniature of ``chasing`` it touches is caught.
    ``halt``: an enemy stops it as an ally does (a flight, not a fall back).
    Returns the final spots, the miniatures lost and those caught."""
    slide = Slide(state, uid, heading, chasing)
    slide.halt = halt
    finals: list[dict[str, int | str]] = []
    mine = slide.order()
    for mid in mine:
        end = slide.move(mid, mine, distance, facing)
        if end is None:
            slide.lost.append(mid)
            del slide.positions[mid]
            continue
        slide.positions[mid] = end
        finals.append({"id": mid, "x": end.x, "y": end.y, "facing": end.facing})
    return finals, slide.lost, slide.caught


def spatial_base(base: Base, x: int, y: int, facing: int) -> Base:
    return Base(x, y, facing, base.shape, base.size, base.height)
