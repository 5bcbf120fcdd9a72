"""The facts of a finished Samurai Battles game, for the analysis read models.

A fold over the recorded events (the contract's events, through the ruleset's own
``evolve``), reading what the Execution Phase decided: the dice of every ranged attack
(``fired``) and every melee (``melee_fought``), the models each unit lost (``casualties``)
and who took them, the units destroyed, Put to Flight or joined into another, the
Fortitude tests, the encounters and the orders each side wrote. No I/O, no clock: the
same record always gives the same facts.

What the meta pages read: a side's ``faction`` is its clan (``state["factions"]``), its
``victory_points`` its score in the outcome, its ``battle_size`` the points of the units it
fielded (``units.json`` ``points``), its ``scenario`` the scenario's id; a
:class:`UnitFacts` per unit fielded, of its unit type, costing its points.

Interpretations, where the rulebook has nothing to say about statistics:

- *dice luck* (d6s): every die of a ranged attack and of a melee a side rolled; a die
  succeeds on its ``needed`` face or more (the event's own ``needed``: a shot's, or each
  blow's of a melee's ``strikes``; else the unit type's ``hit``, or ``ranged.hit`` for a
  shot), so the expected successes of a die are ``(7 - needed) / 6``, summed exactly;
  observed are the event's ``hits``.
  Fortitude tests (passed on a die at most the Fortitude) and the encounter rolls (a die
  plus Fortitude against the other's) are no success rolls: the tests are counted in the
  side's ``extra`` (``fortitude_tests``, ``fortitude_passed``);
- *casualties caused*: the models a unit's shot took (the ``casualties`` of its target
  after its ``fired``), and those of a melee, credited to the units whose blows hit the
  unit that lost them (a melee's ``strikes``), in the order of the blows, up to the hits
  each scored (without the blows: to the enemy units in the melee, most hits first);
- *casualties suffered*: every model a unit lost (``casualties``);
- *survived*: the unit is on the table at the end, or joined another unit of its side
  (its models fight on there); destroyed and Put to Flight units did not survive;
- *the first-player mark*: none (both sides write their orders at once), so ``first``
  is None.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from engine.core import (
    DiceLuck,
    Event,
    GameFacts,
    Outcome,
    SideFacts,
    State,
    Termination,
    UnitFacts,
)
from engine.samurai_battles.army import Catalogue, catalogue_of

# How a battle ended, by the outcome's termination.
ENDINGS: Mapping[Termination, str] = {
    Termination.VICTORY_CONDITION: "army_broken",  # a side's losses reached its break point
    Termination.TURN_LIMIT: "last_turn",  # the last turn was played: objectives and points
    Termination.ANNIHILATION: "annihilation",  # a side has no unit left on the table
    Termination.CONCESSION: "concession",
}

# How the pages name each ending (for ``RulesetInfo.endings``).
ENDING_LABELS: Mapping[str, str] = {
    "army_broken": "Army broken",
    "last_turn": "Last turn played",
    "annihilation": "Annihilation",
    "concession": "Concession",
}

# The faces of a die (Dice: d6 only).
FACES = 6

# Unit statuses that count as surviving the battle (see the module's interpretations).
SURVIVING = frozenset({"ready", "joined"})


@dataclass(frozen=True)
class Profile:
    """What the facts need of a unit type: its name, category, points, and the die face
    its melee dice (``hit``) and ranged dice (``ranged_hit``, None without) need."""

    name: str
    category: str
    points: int
    hit: int
    ranged_hit: int | None


Profiles = Mapping[str, Profile]


def catalogue_profiles(initial: State) -> Profiles:
    """The unit types of the catalogue the game was played with (the packaged
    ``data/units.json``, or the data files its state names), as profiles."""
    return profiles_of(catalogue_of(initial))


def profiles_of(catalogue: Catalogue) -> Profiles:
    """The profiles of a loaded catalogue's unit types, by type id."""
    return {
        type_id: Profile(
            name=unit.name,
            category=unit.category,
            points=unit.points,
            hit=unit.hit,
            ranged_hit=None if unit.ranged is None else unit.ranged.hit,
        )
        for type_id, unit in sorted(catalogue.unit_types.items())
    }


def chance(needed: int) -> Fraction:
    """The chance that one d6 shows ``needed`` or more (a whole number of sixths).

    >>> chance(4), chance(6), chance(7)
    (Fraction(1, 2), Fraction(1, 6), Fraction(0, 1))
    """
    return Fraction(min(max(FACES + 1 - needed, 0), FACES), FACES)


class _Tally:
    """What the fold gathers, event by event."""

    def __init__(self, initial: State, profiles: Profiles) -> None:
        self.units: Mapping[str, Any] = initial["units"]
        self.profiles = profiles
        sides = list(initial["sides"])
        self.caused = dict.fromkeys(self.units, 0)
        self.suffered = dict.fromkeys(self.units, 0)
        self.shots = dict.fromkeys(self.units, 0)
        self.melees = dict.fromkeys(self.units, 0)
        self.dice = dict.fromkeys(sides, 0)
        self.expected = {side: Fraction(0) for side in sides}
        self.observed = dict.fromkeys(sides, 0)
        self.kill_zone_shots = dict.fromkeys(sides, 0)
        self.melees_won = dict.fromkeys(sides, 0)
        self.encounters_won = dict.fromkeys(sides, 0)
        self.fortitude_tests = dict.fromkeys(sides, 0)
        self.fortitude_passed = dict.fromkeys(sides, 0)
        self.orders: dict[str, dict[str, int]] = {side: {} for side in sides}
        # Who takes the next casualties of a unit: the unit -> [dealer, hits left] pairs.
        self.dealers: dict[str, list[list[Any]]] = {}

    def side_of(self, unit: str) -> str:
        return str(self.units[unit]["side"])

    def profile(self, unit: str) -> Profile | None:
        return self.profiles.get(str(self.units[unit]["type"]))

    def see(self, event: Event) -> None:
        kind = event.get("type")
        if kind == "orders_revealed":
            self.revealed(event["orders"])
        elif kind == "fired":
            self.fired(event)
        elif kind == "melee_fought":
            self.fought(event)
        elif kind == "casualties":
            self.casualties(str(event["unit"]), int(event["models"]))
        elif kind == "fortitude_tested":
            side = self.side_of(event["unit"])
            self.fortitude_tests[side] += 1
            self.fortitude_passed[side] += 1 if event["passed"] else 0
        elif kind == "encounter":
            winner = self.winner_side(event.get("winner"))
            if winner is not None:
                self.encounters_won[winner] += 1
        elif kind in ("step_began", "moved", "turn_ended"):
            self.dealers = {}

    def revealed(self, orders: Mapping[str, Mapping[str, Any]]) -> None:
        for side, written in sorted(orders.items()):
            tally = self.orders.setdefault(side, {})
            for order in written.values():
                name = str(order.get("order"))
                tally[name] = tally.get(name, 0) + 1

    def fired(self, event: Event) -> None:
        firer, target = str(event["unit"]), str(event["target"])
        side = self.side_of(firer)
        self.shots[firer] += 1
        if event.get("kill_zone"):
            self.kill_zone_shots[side] += 1
        profile = self.profile(firer)
        needed = event.get("needed", None if profile is None else profile.ranged_hit)
        self.success_roll(side, event["dice"], needed, int(event["hits"]))
        self.dealers = {target: [[firer, int(event["hits"])]]}

    def fought(self, event: Event) -> None:
        units = sorted(str(unit) for unit in event["units"])
        for unit in units:
            self.melees[unit] += 1
        winner = self.winner_side(event.get("winner"))
        if winner is not None:
            self.melees_won[winner] += 1
        self.dealers = {unit: [] for unit in units}
        if "strikes" in event:
            self.strikes(event["strikes"])
        else:
            self.pooled(event, units)

    def strikes(self, strikes: Sequence[Mapping[str, Any]]) -> None:
        """Each blow of a melee: its dice and hits, and the foe whose models it took."""
        for strike in strikes:
            unit, foe, landed = str(strike["unit"]), str(strike["foe"]), int(strike["hits"])
            self.success_roll(self.side_of(unit), strike["dice"], strike["needed"], landed)
            self.dealers.setdefault(foe, []).append([unit, landed])

    def pooled(self, event: Event, units: Sequence[str]) -> None:
        """A melee without its blows: each unit's dice against its type's ``hit``, and its
        casualties credited to the enemies in the melee by their hits."""
        hits = {str(unit): int(n) for unit, n in event.get("hits", {}).items()}
        needed = event.get("needed", {})
        for unit in units:
            profile = self.profile(unit)
            dice = event.get("dice", {}).get(unit, [])
            goal = needed.get(unit, None if profile is None else profile.hit)
            self.success_roll(self.side_of(unit), dice, goal, hits.get(unit, 0))
        for unit in units:
            enemies = [e for e in units if self.side_of(e) != self.side_of(unit)]
            enemies.sort(key=lambda e: (-hits.get(e, 0), e))
            self.dealers[unit] = [[e, hits.get(e, 0)] for e in enemies]

    def winner_side(self, winner: Any) -> str | None:
        """A melee's or encounter's winner as a side (events may name a unit or a side)."""
        if winner in self.units:
            return self.side_of(winner)
        return str(winner) if winner in self.dice else None

    def success_roll(self, side: str, faces: Sequence[int], needed: Any, hits: int) -> None:
        self.dice[side] += len(faces)
        if needed is not None:
            self.expected[side] += chance(int(needed)) * len(faces)
        self.observed[side] += hits

    def casualties(self, unit: str, models: int) -> None:
        self.suffered[unit] += models
        for dealer in self.dealers.get(unit, []):
            credited = min(models, dealer[1])
            self.caused[dealer[0]] += credited
            dealer[1] -= credited
            models -= credited


def game_facts(
    initial: State,
    events: Sequence[Event],
    outcome: Outcome,
    evolve: Callable[[State, Event], State],
    profiles: Profiles | None = None,
) -> GameFacts:
    """The facts of a finished battle from its initial state and every event.

    ``evolve`` is the ruleset's; ``profiles`` the unit types (by default those of the
    catalogue the game was played with)."""
    types = catalogue_profiles(initial) if profiles is None else profiles
    tally = _Tally(initial, types)
    state = initial
    for event in events:
        tally.see(event)
        state = evolve(state, event)
    return GameFacts(
        sides=tuple(_side_facts(side, initial, state, outcome, tally) for side in initial["sides"]),
        units=tuple(_unit_facts(uid, initial, state, tally) for uid in sorted(initial["units"])),
    )


def _points(unit: Mapping[str, Any], profiles: Profiles) -> int:
    profile = profiles.get(str(unit["type"]))
    return 0 if profile is None else profile.points


def _side_facts(
    side: str, initial: State, final: State, outcome: Outcome, tally: _Tally
) -> SideFacts:
    fielded = [u for _, u in sorted(initial["units"].items()) if u["side"] == side]
    at_end = [u for _, u in sorted(final["units"].items()) if u["side"] == side]
    statuses = [str(u.get("status", "ready")) for u in at_end]
    return SideFacts(
        side=side,
        faction=str(initial["factions"][side]),
        victory_points=int(outcome.scores.get(side, 0)),
        ending=ENDINGS[outcome.termination],
        turns=int(final["turn"]),
        first=None,
        battle_size=sum(_points(unit, tally.profiles) for unit in fielded),
        scenario=str(initial["scenario"]),
        luck=(DiceLuck(FACES, tally.dice[side], tally.expected[side], tally.observed[side]),)
        if tally.dice[side]
        else (),
        extra={
            "units_fielded": len(fielded),
            "models_fielded": sum(int(u["models"]) for u in fielded),
            "units_destroyed": statuses.count("destroyed"),
            "units_fled": statuses.count("fled"),
            "units_joined": statuses.count("joined"),
            "enemy_units_removed": len(final.get("removed", {}).get(side, [])),
            "models_lost": sum(tally.suffered[uid] for uid in _ids(initial, side)),
            "models_killed": sum(tally.caused[uid] for uid in _ids(initial, side)),
            "shots": sum(tally.shots[uid] for uid in _ids(initial, side)),
            "kill_zone_shots": tally.kill_zone_shots[side],
            "melees_won": tally.melees_won[side],
            "encounters_won": tally.encounters_won[side],
            "fortitude_tests": tally.fortitude_tests[side],
            "fortitude_passed": tally.fortitude_passed[side],
            "orders": dict(sorted(tally.orders.get(side, {}).items())),
        },
    )


def _ids(initial: State, side: str) -> list[str]:
    return sorted(uid for uid, unit in initial["units"].items() if unit["side"] == side)


def _unit_facts(uid: str, initial: State, final: State, tally: _Tally) -> UnitFacts:
    unit = initial["units"][uid]
    profile = tally.profiles.get(str(unit["type"]))
    status = str(final["units"].get(uid, {}).get("status", "destroyed"))
    return UnitFacts(
        side=str(unit["side"]),
        unit=uid,
        name=f"{unit['type'] if profile is None else profile.name} {unit['number']}",
        type=str(unit["type"]),
        casualties_caused=tally.caused[uid],
        casualties_suffered=tally.suffered[uid],
        survived=status in SURVIVING,
        cost=_points(unit, tally.profiles),
        extra={
            "number": int(unit["number"]),
            "category": None if profile is None else profile.category,
            "status": status,
            "shots": tally.shots[uid],
            "melees": tally.melees[uid],
        },
    )
