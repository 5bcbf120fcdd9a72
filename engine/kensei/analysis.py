"""The facts of a finished Kensei battle, for the analysis read models.

A fold over the recorded events (through the ruleset's own ``evolve``), reading
what the rules decided: who won the strategy roll (Game System > 4), the turn-1
initiative roll and the first activation of turn 1 (Turn Sequence > Order of
activation), the success rolls of every shot and melee attack (Success rolls),
and every miniature that left the table, and why. No I/O, no clock: the same
record always gives the same facts.

Interpretations, where the rulebook has nothing to say about statistics:

- *won the turn-1 initiative*: the winner of the turn-1 initiative roll, before
  any command duel takes the initiative away;
- *activated first*: the active side of the first activation of turn 1;
- *casualties suffered*: miniatures removed as casualties (wounds of a shot or a
  melee combat, of disengaging, lost while fleeing or falling back, caught by a
  chase); a unit that flees the battle leaves the table without casualties, and
  ``survived`` is False for it;
- *casualties caused*: the casualties of a shot or a combat, counted for the
  unit that shot or fought the unit that took them, and miniatures caught by a
  chasing unit; casualties of disengaging, fleeing or falling back are caused by
  no unit in particular;
- *the first-player mark*: the strategy roll's winner (``RulesetInfo.first_player``);
  the turn-1 initiative and the first activation are Kensei's own facts (``extra``:
  ``army_cost``, ``units_fielded``, ``won_strategy_roll``, ``won_first_initiative``,
  ``activated_first``; a unit's ``troop_class``);
- *dice rolled, expected and observed successes* (d6s): every die of the shoot rolls
  and combat rolls a side made (a roll reduced to no dice rolls one die, which
  succeeds only on a 6), the expected successes from
  :func:`engine.kensei.odds.success_chance` of each die's modifier, the observed
  ones as the roll recorded them: re-rolls and offerings to the gods included,
  so a side that re-rolls often is "luckier" than its dice alone.
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
from engine.kensei.odds import success_chance
from engine.kensei.state.queries import SIDES

# How a battle ended, in the rulebook's words ("When the game is over for any reason").
ENDINGS: Mapping[Termination, str] = {
    Termination.VICTORY_CONDITION: "end_of_battle_check",  # Maintenance > 1
    Termination.TURN_LIMIT: "last_turn",  # the scenario's last turn was played
    Termination.ANNIHILATION: "annihilation",  # a side has no troops left on the table
    Termination.CONCESSION: "concession",
}

# How the pages name each ending.
ENDING_LABELS = {
    "end_of_battle_check": "End-of-battle check",
    "last_turn": "Last turn played",
    "annihilation": "Annihilation",
    "concession": "Concession",
}

# Events that take miniatures off the table as casualties, and the field naming them.
_LOST: Mapping[str, str] = {
    "miniatures_lost": "minis",
    "fell_back": "lost",
    "fled": "lost",
}


def fielded_unit(mini: str) -> str:
    """The unit a miniature was fielded in (``A.u3.m2`` -> ``A.u3``): leaders who join
    or leave units keep counting for the unit of the army list they came with."""
    return mini.rsplit(".", 1)[0]


class _Tally:
    """What the fold gathers, event by event."""

    def __init__(self, initial: State) -> None:
        self.strategy: str | None = None
        self.initiative: str | None = None
        self.first_active: str | None = None
        self.turn = 0
        self.caused = dict.fromkeys(initial["units"], 0)
        self.suffered = dict.fromkeys(initial["units"], 0)
        self.dice = dict.fromkeys(SIDES, 0)
        self.expected = {side: Fraction(0) for side in SIDES}
        self.observed = dict.fromkeys(SIDES, 0)
        # Who dealt the damage being removed now: the unit taking it -> the unit dealing it.
        self.dealt_by: dict[str, str] = {}

    def see(self, event: Event) -> None:
        kind = event["type"]
        if kind == "strategy_rolled":
            self.strategy = event["winner"]
        elif kind == "turn_started":
            self.turn = event["turn"]
        elif kind == "initiative_rolled" and self.turn == 1 and self.initiative is None:
            self.initiative = event["winner"]
        elif kind == "active_side_chosen" and self.turn == 1 and self.first_active is None:
            self.first_active = event["active"]
        elif kind == "shot":
            self.dealt_by = {event["target"]: event["unit"]}
            if "roll" in event:  # a lost shot rolls nothing
                self.success_roll(event["side"], event["roll"]["shoot_roll"])
        elif kind == "combat_rolled":
            self.dealt_by = {event["defender"]: event["attacker"]}
            self.dealt_by[event["attacker"]] = event["defender"]
            for roll in event["rolls"]:
                self.success_roll(roll["unit"].split(".", 1)[0], roll["combat_roll"])
        elif kind in ("moved", "combat_ended", "activation_ended"):
            self.dealt_by = {}
        elif kind == "wounds_taken":
            dealer = self.dealt_by.get(event["unit"]) if "combat" in event else None
            self.casualties(event["casualties"], dealer)
        elif kind == "chased":
            self.casualties(event["caught"], event["unit"])
        elif kind in _LOST:
            self.casualties(event[_LOST[kind]], None)

    def casualties(self, minis: Sequence[str], dealer: str | None) -> None:
        for mini in minis:
            self.suffered[fielded_unit(mini)] += 1
            if dealer is not None:
                self.caused[dealer] += 1

    def success_roll(self, side: str, roll: Mapping[str, Any]) -> None:
        """Success rolls: 4+ succeeds, a 1 always fails, a 6 always succeeds; a roll
        reduced to no dice is one die that succeeds only on a 6."""
        faces = roll["faces"]
        chance = success_chance(roll["modifier"], critical_only=roll["dice"] <= 0)
        self.dice[side] += len(faces)
        self.expected[side] += chance * len(faces)
        self.observed[side] += roll["successes"]


def game_facts(
    initial: State,
    events: Sequence[Event],
    outcome: Outcome,
    evolve: Callable[[State, Event], State],
) -> GameFacts:
    """The facts of a finished battle from its initial state and every event."""
    tally = _Tally(initial)
    state = initial
    for event in events:
        tally.see(event)
        state = evolve(state, event)
    ending = ENDINGS[outcome.termination]
    sides = tuple(
        SideFacts(
            side=side,
            faction=initial["sides"][side]["faction"],
            victory_points=int(outcome.scores.get(side, 0)),
            ending=ending,
            turns=state["turn"],
            # The first-player mark (RulesetInfo.first_player): the strategy roll.
            first=None if tally.strategy is None else tally.strategy == side,
            battle_size=initial["sides"][side]["battle_size"],
            scenario=initial["scenario"]["id"],
            luck=(DiceLuck(6, tally.dice[side], tally.expected[side], tally.observed[side]),)
            if tally.dice[side]
            else (),
            extra={
                "army_cost": initial["sides"][side]["cost"],
                "units_fielded": sum(
                    1 for unit in initial["units"].values() if unit["side"] == side
                ),
                "won_strategy_roll": None if tally.strategy is None else tally.strategy == side,
                "won_first_initiative": None
                if tally.initiative is None
                else tally.initiative == side,
                "activated_first": None
                if tally.first_active is None
                else tally.first_active == side,
            },
        )
        for side in SIDES
    )
    on_table = {fielded_unit(mid) for mid, mini in state["minis"].items() if not mini["removed"]}
    units = tuple(
        UnitFacts(
            side=unit["side"],
            unit=uid,
            name=unit["name"],
            type=unit["type"],
            casualties_caused=tally.caused[uid],
            casualties_suffered=tally.suffered[uid],
            survived=uid in on_table,
            cost=unit["cost"],
            extra={"troop_class": unit["class"]},
        )
        for uid, unit in initial["units"].items()
    )
    return GameFacts(sides=sides, units=units)
