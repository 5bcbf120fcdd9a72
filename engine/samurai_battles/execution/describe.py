"""A sentence for each kind of event of the Execution Phase (step lists, logs, the
replay viewer). Units are named by army, number and type when the state before the
event is given ("East 2 (Arquebusiers)"), else by id."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.core import Event, State
from engine.samurai_battles.orders.checks import ORDER_NAMES
from engine.samurai_battles.state.access import label

FACING_NAMES = ("east", "south-east", "south-west", "west", "north-west", "north-east")
STEP_NAMES = {
    "defensive": "Defensive Orders",
    "ranged": "Ranged Combat",
    "movement": "Movement Orders",
    "melee": "Melee",
    "special": "Special Orders",
    "retreat": "Retreat Orders",
}
REASONS = {
    "zone_of_control": "in an enemy Zone of Control",
    "defense_zone": "in an enemy Defense Zone",
    "fortitude": "after failing its Fortitude test",
    "ambush": "next to a hidden enemy",
    "assault_failed": "short of its target: the assault failed",
    "blocked": "blocked before the end of its path",
    "no_room_to_fall_back": "with no room to fall back",
}
CANNOT = {
    "no_ranged_weapons": "it has no ranged weapons",
    "no_ammunition": "it has no Ammunition left",
    "engaged": "it is engaged in melee",
    "target_gone": "its target is no longer on the table",
    "target_hidden": "its target is hidden",
    "out_of_range": "its target is out of range",
    "out_of_sight": "its target is out of line of sight",
    "fortitude": "it failed a Fortitude test",
    "face_not_adjacent": "the hex it was to face is no longer next to it",
    "terrain": "its terrain does not hide it",
    "enemy_near": "an enemy is within 2 hexes",
    "partner": "its partner is not joining it",
    "cannot_join": "the two units cannot join",
    "not_adjacent": "it is not next to its transport",
    "no_transport": "no transport is handing out supplies to it",
    "no_supplies": "the transport has no supplies left",
    "full": "its Ammunition is full",
}
WHY_REVEALED = {
    "fired": "as it fired",
    "engaged": "as it was engaged",
    "moved": "as it moved",
    "reconnaissance": "by reconnaissance",
}


def _reason(table: Mapping[str, str], reason: str) -> str:
    return table.get(reason, reason.replace("_", " "))


def _namer(before: State | None) -> Callable[[str], str]:
    def name(unit_id: str) -> str:
        if before is None or unit_id not in before.get("units", {}):
            return unit_id
        return label(before, unit_id)

    return name


def _hex(value: Any) -> str:
    return "a hidden hex" if value is None else f"({value[0]}, {value[1]})"


def _moved(e: Event, n: Callable[[str], str]) -> str:
    moves = ", ".join(f"{n(m['unit'])} to {_hex(m['to'])}" for m in e["moves"])
    return f"Movement, hex {e['tick']}: {moves}."


def _encounter(e: Event, n: Callable[[str], str]) -> str:
    rolls = "; ".join(
        f"{n(u)} rolled {', '.join(map(str, r))}" for u, r in sorted(e["rolls"].items())
    )
    return f"Encounter at {_hex(e['hex'])}: {rolls} (plus Fortitude); {n(e['winner'])} moves in."


def _fired(e: Event, n: Callable[[str], str]) -> str:
    zone = " from its Kill Zone" if e.get("kill_zone") else ""
    return (
        f"{n(e['unit'])} fired{zone} at {n(e['target'])}: rolled {e['dice']}, "
        f"{e['hits']} hit(s); {e['ammo']} ammunition left."
    )


def _tested(e: Event, n: Callable[[str], str]) -> str:
    verdict = "passed" if e["passed"] else "failed"
    return (
        f"{n(e['unit'])} {verdict} its Fortitude test (rolled {e['die']}, needed "
        f"{e['needed']} or less); Fortitude {e['fortitude']}."
    )


def _engaged(e: Event, n: Callable[[str], str]) -> str:
    how = "assaulted" if e["assault"] else "engaged"
    side = "" if e["side"] == "front" else f" in the {e['side']}"
    return f"{n(e['attacker'])} {how} {n(e['defender'])}{side}."


def _melee(e: Event, n: Callable[[str], str]) -> str:
    scored = ", ".join(f"{n(u)} {h}" for u, h in sorted(e["hits"].items()))
    outcome = f"the {e['winner']} army wins" if e["winner"] else "a draw: the melee goes on"
    return f"Melee, hits scored: {scored}; {outcome}."


def _hidden(e: Event, n: Callable[[str], str]) -> str:
    sealed = e.get("sealed")
    where = f" at {_hex(sealed['hex'])}" if isinstance(sealed, Mapping) else ""
    return f"{n(e['unit'])} hid in ambush{where}."


def _faced(e: Event, n: Callable[[str], str]) -> str:
    facing = e["facing"] if "facing" in e else (e.get("sealed") or {}).get("facing")
    if facing is None:
        return f"{n(e['unit'])} turned, unseen."
    return f"{n(e['unit'])} turned to face {FACING_NAMES[facing]}."


def _retreated(e: Event, n: Callable[[str], str]) -> str:
    if not e["path"]:
        return f"{n(e['unit'])} left the melee where it stood."
    return f"{n(e['unit'])} retreated to {_hex(e['path'][-1])}."


SENTENCES: dict[str, Callable[[Event, Callable[[str], str]], str]] = {
    "step_began": lambda e, n: f"{STEP_NAMES.get(e['step'], e['step'])} step.",
    "moved": _moved,
    "stopped": lambda e, n: (
        f"{n(e['unit'])} stopped at {_hex(e['hex'])} "
        f"{REASONS.get(e['reason'], '(' + e['reason'] + ')')}."
    ),
    "encounter": _encounter,
    "fired": _fired,
    "held_fire": lambda e, n: (
        f"{n(e['unit'])} could not fire at {n(e['target'])}: {_reason(CANNOT, e['reason'])}."
    ),
    "casualties": lambda e, n: f"{n(e['unit'])} lost {e['models']} model(s); {e['left']} left.",
    "fortitude_tested": _tested,
    "engaged": _engaged,
    "melee_fought": _melee,
    "melee_abandoned": lambda e, n: (
        "Every unit of the melee of "
        f"{', '.join(n(u) for u in e['units'])} retreats: the melee is abandoned."
    ),
    "put_to_flight": lambda e, n: f"{n(e['unit'])} was Put to Flight.",
    "destroyed": lambda e, n: f"{n(e['unit'])} was destroyed.",
    "faced": _faced,
    "retreated": _retreated,
    "fell_back": lambda e, n: f"{n(e['unit'])} fell back to {_hex(e['to'])}.",
    "hidden": _hidden,
    "revealed": lambda e, n: (
        f"{n(e['unit'])} was revealed at {_hex(e['hex'])} "
        f"{_reason(WHY_REVEALED, e.get('why', 'revealed'))}."
    ),
    "joined": lambda e, n: (
        f"{n(e['unit'])} joined {n(e['into'])} at {_hex(e['hex'])}: {e['models']} models."
    ),
    "supplied": lambda e, n: (
        f"{n(e['unit'])} received {e['given']} ammunition from "
        f"{n(e['from'])} ({e['ammo']} now; {e['supplies']} left on the transport)."
    ),
    "rested": lambda e, n: (
        f"{n(e['unit'])} rests: it could not execute "
        f"{ORDER_NAMES.get(e['order'], e['order'])} ({_reason(CANNOT, e['reason'])})."
    ),
}

EXECUTION_EVENT_KINDS: tuple[str, ...] = tuple(sorted(SENTENCES))


def describe_execution(event: Event, before: State | None = None) -> str | None:
    """A sentence for an Execution Phase event (``None`` for a kind not of this phase).

    >>> describe_execution({"type": "destroyed", "unit": "w2"})
    'w2 was destroyed.'
    """
    sentence = SENTENCES.get(event["type"])
    return None if sentence is None else sentence(event, _namer(before))
