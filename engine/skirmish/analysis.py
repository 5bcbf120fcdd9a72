"""The facts of a finished skirmish, for the analysis read models.

A fold over the recorded events (the contract's events, through the ruleset's own
``evolve``), reading what the game decided: every shot's dice (``shot``), every close
combat (``combat_fought``), the wound rolls (``wound_rolls``), the models killed, cut
down or fled, the Courage tests, the Zen tokens spent and the heroic actions declared.
No I/O, no clock: the same record always gives the same facts.

What the meta pages read: a side's ``faction`` is its warband (``state["warbands"]``: the
warbands of ``warbands.json`` are the factions of ``RulesetInfo.factions``), its
``victory_points`` its score in the outcome, its ``battle_size`` the points of the models it
fielded, its ``scenario`` the scenario's id; a :class:`UnitFacts` per unit (a heroic
character or a character group), of its profile, costing its models' points.

Interpretations, where the rulebook has nothing to say about statistics:

- *dice luck* (d6s): the dice that succeed on a number, with the number the event gives:
  each shot's to-hit die (``need``, ``hit``) and each wound roll's dice (``need``,
  ``wounds``), so the expected successes of a die are ``(7 - need) / 6``, summed exactly. A
  close combat's dice (the highest single die wins), the Courage tests (2D6 plus Courage)
  and the initiative rolls are contests, not success rolls: they are counted in the
  side's ``extra`` (``combats_won``, ``courage_tests``, ``courage_passed``,
  ``initiatives_won``);
- *Zen tokens spent*: one per heroic action declared, and one per ``zen_used`` that is not
  a heroic action's (a die altered, a wound saved or not);
- *casualties caused*: the models a unit killed: the unit ``killed`` names (``credit``: a
  warrior attendant's kill is his master's; else ``by``), or else the last shot or wound roll
  against the model's unit (its ``unit``, or its ``attacker``'s unit); a group cut down by a
  rider (``cut_down``) is credited to the rider; a model driven off (``driven_off``) fled;
- *casualties suffered*: every model of a unit killed or cut down (a model that fled the
  table is not a casualty: it is counted in ``models_fled``);
- *survived*: the unit has a model on the table at the end;
- *the first-player mark*: none (the Initiative is rolled every turn), so ``first`` is
  None; ``initiatives_won`` counts the turns a side held it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
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

# How a skirmish ended, by the outcome's termination.
ENDINGS: Mapping[Termination, str] = {
    Termination.ANNIHILATION: "annihilation",  # a side has no model left on the table
    Termination.TURN_LIMIT: "last_turn",  # the last turn was played: points of enemies removed
    # A scenario's own condition was met: none of the sample scenarios has one (the map is
    # total so that data of one's own with such conditions still reads).
    Termination.VICTORY_CONDITION: "victory",
    Termination.CONCESSION: "concession",
}

# How the pages name each ending (for ``RulesetInfo.endings``).
ENDING_LABELS: Mapping[str, str] = {
    "annihilation": "Annihilation",
    "last_turn": "Last turn played",
    "victory": "Scenario victory",
    "concession": "Concession",
}

# The faces of a die (the skirmish rolls d6s only).
FACES = 6
OK = "ok"


def chance(need: int) -> Fraction:
    """The chance that one d6 shows ``need`` or more (a whole number of sixths).

    >>> chance(4), chance(6), chance(7), chance(1)
    (Fraction(1, 2), Fraction(1, 6), Fraction(0, 1), Fraction(1, 1))
    """
    return Fraction(min(max(FACES + 1 - need, 0), FACES), FACES)


class _Tally:
    """What the fold gathers, event by event."""

    def __init__(self, initial: State) -> None:
        self.units: Mapping[str, Any] = initial["units"]
        self.models: Mapping[str, Any] = initial["models"]
        sides = list(initial["sides"])
        self.caused = dict.fromkeys(self.units, 0)
        self.suffered = dict.fromkeys(self.units, 0)
        self.fled = dict.fromkeys(self.units, 0)
        self.shots = dict.fromkeys(self.units, 0)
        self.hits = dict.fromkeys(self.units, 0)
        self.combats = dict.fromkeys(self.units, 0)
        self.wounds_dealt = dict.fromkeys(self.units, 0)
        self.dice = dict.fromkeys(sides, 0)
        self.expected = {side: Fraction(0) for side in sides}
        self.observed = dict.fromkeys(sides, 0)
        self.combats_fought = dict.fromkeys(sides, 0)
        self.combats_won = dict.fromkeys(sides, 0)
        self.courage_tests = dict.fromkeys(sides, 0)
        self.courage_passed = dict.fromkeys(sides, 0)
        self.initiatives = dict.fromkeys(sides, 0)
        self.zen_spent = dict.fromkeys(sides, 0)
        self.heroic_actions = dict.fromkeys(sides, 0)
        self.charges = dict.fromkeys(sides, 0)
        self.charges_refused = dict.fromkeys(sides, 0)
        self.horses_killed = dict.fromkeys(sides, 0)
        # The unit whose attack the next casualties of a unit are credited to.
        self.dealer: dict[str, str] = {}
        # The side that holds the Initiative this turn.
        self.holder: str | None = None

    def unit_of(self, some_id: Any) -> str | None:
        """The unit of a unit or model id (None for anything else)."""
        key = str(some_id)
        if key in self.units:
            return key
        model = self.models.get(key)
        return None if model is None else str(model["unit"])

    def side_of(self, some_id: Any) -> str | None:
        unit = self.unit_of(some_id)
        return None if unit is None else str(self.units[unit]["side"])

    def see(self, event: Event) -> None:
        kind = event.get("type")
        handler = getattr(self, f"_{kind}", None)
        if handler is not None:
            handler(event)

    # -- the events the facts read ----------------------------------------------------

    def _initiative_rolled(self, event: Event) -> None:
        winner = event.get("winner")
        self.holder = winner if winner in self.initiatives else None
        if self.holder is not None:
            self.initiatives[self.holder] += 1

    def _initiative_chosen(self, event: Event) -> None:
        # Rat's Head, Ox's Neck on a draw: who holds it after the choice.
        now = event.get("initiative", event.get("winner"))
        if now in self.initiatives and now != self.holder:
            if self.holder is not None:
                self.initiatives[self.holder] -= 1
            self.initiatives[now] += 1
            self.holder = now

    def _shot(self, event: Event) -> None:
        unit = self.unit_of(event.get("unit"))
        if unit is None:
            return
        side = str(self.units[unit]["side"])
        self.shots[unit] += 1
        for shot in event.get("shots", ()):
            need = shot.get("need")
            if need is None or shot.get("die") is None:
                continue
            hit = bool(shot.get("hit"))
            self.success_roll(side, 1, int(need), int(hit))
            self.hits[unit] += int(hit)
        target = self.unit_of(event.get("target"))
        if target is not None:
            self.dealer[target] = unit

    def _wound_rolls(self, event: Event) -> None:
        attacker = self.unit_of(event.get("attacker"))
        target = self.unit_of(event.get("target"))
        if attacker is None:
            return
        side = str(self.units[attacker]["side"])
        dice = event.get("dice", ())
        wounds = int(event.get("wounds", 0))
        if event.get("need") is not None:
            self.success_roll(side, len(dice), int(event["need"]), wounds)
        self.wounds_dealt[attacker] += wounds
        if target is not None:
            self.dealer[target] = attacker

    def _combat_fought(self, event: Event) -> None:
        models = event.get("models", {})
        units = sorted(
            {u for side in sorted(models) for m in models[side] if (u := self.unit_of(m))}
        )
        for unit in units:
            self.combats[unit] += 1
        for side in sorted(models):
            if side in self.combats_fought:
                self.combats_fought[side] += 1
        winner = event.get("winner")
        if winner in self.combats_won:
            self.combats_won[winner] += 1

    def _killed(self, event: Event) -> None:
        # The killer the event names (``credit``: an attendant's master; else ``by``),
        # or the last attack on the model's unit.
        unit = self.unit_of(event.get("model"))
        killer = self.unit_of(event.get("credit") or event.get("by"))
        if unit is not None and killer is not None:
            self.dealer[unit] = killer
        self.casualty(event.get("model"))

    def _cut_down(self, event: Event) -> None:
        rider = self.unit_of(event.get("by", event.get("rider")))
        victims = list(event.get("models", ()))
        if not victims and self.unit_of(event.get("unit")) is not None:
            victims = [
                m
                for m in self.units[str(event["unit"])]["models"]
                if self.models.get(m, {}).get("status", OK) == OK
            ]
        for model in victims:
            unit = self.unit_of(model)
            if unit is not None and rider is not None:
                self.dealer[unit] = rider
            self.casualty(model)

    def _horse_killed(self, event: Event) -> None:
        side = self.side_of(event.get("model"))
        if side is not None:
            enemy = next((s for s in self.dice if s != side), None)
            if enemy is not None:
                self.horses_killed[enemy] += 1

    def _courage_tested(self, event: Event) -> None:
        side = self.side_of(event.get("unit"))
        if side is not None:
            self.courage_tests[side] += 1
            self.courage_passed[side] += 1 if event.get("passed") else 0

    def _zen_used(self, event: Event) -> None:
        # A heroic action's token is counted at its declaration (``heroic_declared``).
        side = self.side_of(event.get("unit"))
        if side is not None and event.get("use") != "heroic":
            self.zen_spent[side] += 1

    def _heroic_declared(self, event: Event) -> None:
        side = self.side_of(event.get("unit"))
        if side is not None:
            self.heroic_actions[side] += 1
            self.zen_spent[side] += 1

    def _charged(self, event: Event) -> None:
        side = self.side_of(event.get("unit"))
        if side is not None:
            self.charges[side] += 1

    def _charge_refused(self, event: Event) -> None:
        side = self.side_of(event.get("unit"))
        if side is not None:
            self.charges_refused[side] += 1

    # -- helpers ----------------------------------------------------------------------

    def casualty(self, model: Any) -> None:
        unit = self.unit_of(model)
        if unit is None:
            return
        self.suffered[unit] += 1
        dealer = self.dealer.get(unit)
        if dealer is not None and self.units[dealer]["side"] != self.units[unit]["side"]:
            self.caused[dealer] += 1

    def success_roll(self, side: str, dice: int, need: int, successes: int) -> None:
        self.dice[side] += dice
        self.expected[side] += chance(need) * dice
        self.observed[side] += successes


def game_facts(
    initial: State,
    events: Sequence[Event],
    outcome: Outcome,
    evolve: Callable[[State, Event], State],
) -> GameFacts:
    """The facts of a finished skirmish from its initial state and every event
    (``evolve`` is the ruleset's)."""
    tally = _Tally(initial)
    state = initial
    for event in events:
        tally.see(event)
        state = evolve(state, event)
    for unit_id, unit in state["units"].items():
        if unit_id in tally.fled:
            tally.fled[unit_id] = sum(
                1 for m in unit["models"] if state["models"][m].get("status") == "fled"
            )
    return GameFacts(
        sides=tuple(_side_facts(side, initial, state, outcome, tally) for side in initial["sides"]),
        units=tuple(_unit_facts(uid, initial, state, tally) for uid in _unit_ids(initial)),
    )


def _unit_ids(initial: State, side: str | None = None) -> list[str]:
    """Unit ids in their number's order (a1, a2, ..., a10), of one side or both."""
    found = [u for u, unit in initial["units"].items() if side is None or unit["side"] == side]
    return sorted(found, key=lambda u: (u[:1], int(u[1:]) if u[1:].isdigit() else 0, u))


def unit_points(unit: Mapping[str, Any]) -> int:
    """What a unit cost: its ``points`` (the models' points, as the set-up wrote them)."""
    return int(unit.get("points", 0) or 0)


def _on_table(state: State, unit_id: str) -> bool:
    unit = state["units"].get(unit_id)
    if unit is None:
        return False
    return any(state["models"][m].get("status", OK) == OK for m in unit["models"])


def _side_facts(
    side: str, initial: State, final: State, outcome: Outcome, tally: _Tally
) -> SideFacts:
    ids = _unit_ids(initial, side)
    fielded = [initial["units"][uid] for uid in ids]
    return SideFacts(
        side=side,
        faction=str(initial["warbands"][side]),
        victory_points=int(outcome.scores.get(side, 0)),
        ending=ENDINGS[outcome.termination],
        turns=int(final["turn"]),
        first=None,
        battle_size=sum(unit_points(unit) for unit in fielded),
        scenario=str(initial.get("scenario", "")),
        luck=(DiceLuck(FACES, tally.dice[side], tally.expected[side], tally.observed[side]),)
        if tally.dice[side]
        else (),
        extra={
            "units_fielded": len(fielded),
            "heroes_fielded": sum(1 for unit in fielded if unit.get("hero")),
            "models_fielded": sum(len(unit["models"]) for unit in fielded),
            "units_left": sum(1 for uid in ids if _on_table(final, uid)),
            "models_lost": sum(tally.suffered[uid] for uid in ids),
            "models_killed": sum(tally.caused[uid] for uid in ids),
            "models_fled": sum(tally.fled[uid] for uid in ids),
            "shots": sum(tally.shots[uid] for uid in ids),
            "hits": sum(tally.hits[uid] for uid in ids),
            "wounds_dealt": sum(tally.wounds_dealt[uid] for uid in ids),
            "combats_fought": tally.combats_fought[side],
            "combats_won": tally.combats_won[side],
            "charges": tally.charges[side],
            "charges_refused": tally.charges_refused[side],
            "courage_tests": tally.courage_tests[side],
            "courage_passed": tally.courage_passed[side],
            "initiatives_won": tally.initiatives[side],
            "zen_spent": tally.zen_spent[side],
            "heroic_actions": tally.heroic_actions[side],
            "horses_killed": tally.horses_killed[side],
        },
    )


def _unit_facts(uid: str, initial: State, final: State, tally: _Tally) -> UnitFacts:
    unit = initial["units"][uid]
    return UnitFacts(
        side=str(unit["side"]),
        unit=uid,
        name=str(unit.get("name") or uid),
        type=str(unit.get("profile", "")),
        casualties_caused=tally.caused[uid],
        casualties_suffered=tally.suffered[uid],
        survived=_on_table(final, uid),
        cost=unit_points(unit),
        extra={
            "hero": bool(unit.get("hero")),
            "models": len(unit["models"]),
            "weapon": unit.get("weapon"),
            "armour": unit.get("armour"),
            "fled": tally.fled[uid],
            "shots": tally.shots[uid],
            "hits": tally.hits[uid],
            "combats": tally.combats[uid],
            "wounds_dealt": tally.wounds_dealt[uid],
        },
    )
