"""Sentences that read the state before their event: unit names, and the whole charge
in one line ("Buke samurai (B.u7) charges Ashigaru archers (A.u7): 13.6 cm needed,
rolled 5 + MOV 20 = 25 cm, contact")."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from engine.core import Event, State
from engine.kensei import geometry
from engine.kensei.charge.trace import targets_of
from engine.kensei.geometry.board import board
from engine.kensei.shooting.shoot import sights

CM = 100
UNIT_ID = re.compile(r"(?<![(\w.])([AB]\.u\d+)(\.m\d+)?\b")


def _cm(value: float) -> str:
    return f"{value / CM:g} cm"


def with_names(text: str, before: State) -> str:
    """``text`` with each unit id (``A.u1``, a miniature ``A.u1.m2``) after its name:
    ``Buke samurai (A.u1)``, ``Buke samurai m2 (A.u1.m2)`` (as the viewer names them)."""
    units: Mapping[str, Any] = before.get("units", {})

    def name(match: re.Match[str]) -> str:
        uid, mini = match.group(1), match.group(2)
        unit = units.get(uid)
        if not isinstance(unit, Mapping) or not unit.get("name"):
            return match.group(0)
        return f"{unit['name']}{' ' + mini[1:] if mini else ''} ({match.group(0)})"

    return UNIT_ID.sub(name, text)


def needed(before: State, uid: str, targets: list[str]) -> int | None:
    """How far the nearest target miniature a charger sees is (tenths of a mm), less
    what the charger already travelled; ``None`` when it sees none."""
    bases = board(before).bases
    found = [
        geometry.edge_distance(bases[mid], bases[t])
        for target in targets
        if target in before["units"]
        for mid, seen in sights(before, uid, target).items()
        for t in seen
    ]
    return round(min(found)) if found else None


def _charge_rolled(e: Event, before: State) -> str | None:
    pending = (before.get("activation") or {}).get("pending") or {}
    if pending.get("unit") != e["unit"] or "target" not in pending:
        return None
    targets = targets_of(pending)
    gone = int(pending.get("travelled", 0))
    distance = needed(before, e["unit"], targets)
    parts = []
    if distance is not None:
        parts.append(f"{_cm(-(-(max(0, distance) + gone) // 10) * 10)} needed")
    if e["allowance"] + gone == (e["movement"] + e["die"]) * CM:
        parts.append(f"rolled {e['die']} + MOV {e['movement']} = {_cm(e['allowance'] + gone)}")
    else:
        parts.append(f"rolled {e['die']}: reaches {_cm(e['allowance'])}")
    parts.append("contact" if e["reached"] else "falls short")
    return f"{e['unit']} charges {', '.join(targets)}: " + ", ".join(parts)


def _charge_reacted(e: Event, before: State) -> str | None:
    pending = (before.get("activation") or {}).get("pending") or {}
    charger = pending.get("unit")
    if not charger:
        return None
    what = {"flee": "flees", "hold": "holds and shoots at"}.get(e["reaction"], "stands against")
    return f"{e['unit']} {what} the charge of {charger}"


NAMED: dict[str, Callable[[Event, State], str | None]] = {
    "charge_rolled": _charge_rolled,
    "charge_reacted": _charge_reacted,
}
