"""Dice race: the small ruleset that proves the kernel generic. Tests only.

Two sides race to a target. Each round:

1. Both sides secretly bid how many dice to roll (1-3): a sealed,
   simultaneous choice, revealed together once both have answered.
2. Each side rolls its bid; a side whose roll shows a 1 has *busted* and
   moves nothing, otherwise it moves the total.
3. Each side that busted (A first) is prompted alone: ``reroll`` (roll the
   same dice again, paying one space) or ``accept``.

Either side may concede at any time (the kernel's ``engine.core.concession``).

The race ends when a side reaches the target at the end of a round (the
further one wins, equal is a draw), or after ``max_rounds`` rounds.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from fractions import Fraction
from typing import Any

from engine.core import (
    Command,
    Dice,
    DiceLuck,
    Ending,
    Event,
    GameFacts,
    IllegalCommand,
    InvalidCommand,
    Outcome,
    Prompt,
    Ruleset,
    RulesetInfo,
    Setup,
    SideFacts,
    State,
    Termination,
)
from engine.core.concession import CONCEDED, decide_concession, is_concession, with_concession

SIDES = ("A", "B")
MAX_BID = 3

INFO = RulesetInfo(
    id="dice-race",
    name="Dice race",
    edition="kernel reference",
    players=(2, 2),
    dice=(6,),
    sides={"A": "Side A", "B": "Side B"},
    factions=(),
    first_player="",
    endings=(
        Ending(Termination.VICTORY_CONDITION.value, "Target reached"),
        Ending(Termination.TURN_LIMIT.value, "Out of rounds"),
        Ending(Termination.CONCESSION.value, "Concession"),
    ),
)


def _other_fields(command: Command, allowed: set[str]) -> None:
    extra = sorted(set(command) - allowed)
    if extra:
        raise InvalidCommand(f"unexpected field(s) {', '.join(extra)}")


class DiceRace(Ruleset):
    id = "dice-race"
    title = "Dice race (kernel reference ruleset)"
    version = "1.1.0"
    # Schema 2 renamed the "faces" of a roll to "dice" (see upcast_event).
    event_schema = 2

    @property
    def info(self) -> RulesetInfo:
        return INFO

    def start(self, setup: Setup, seed: Dice) -> State:
        target = setup.get("target", 20)
        max_rounds = setup.get("max_rounds", 12)
        names = setup.get("names", {"A": "Side A", "B": "Side B"})
        if not isinstance(target, int) or not 5 <= target <= 100_000:
            raise InvalidCommand("setup: target must be a whole number from 5 to 100000")
        if not isinstance(max_rounds, int) or not 1 <= max_rounds <= 10_000:
            raise InvalidCommand("setup: max_rounds must be a whole number from 1 to 10000")
        if not isinstance(names, dict) or set(names) != set(SIDES):
            raise InvalidCommand("setup: names must name sides A and B")
        return {
            "target": target,
            "max_rounds": max_rounds,
            "names": {side: str(names[side]) for side in SIDES},
            "round": 1,
            "phase": "bid",
            "position": {"A": 0, "B": 0},
            "bids": {},
            "busted": [],
            "finished": None,
        }

    def sides(self, state: State) -> tuple[str, ...]:
        return SIDES

    def prompt(self, state: State) -> Prompt | None:
        if state["finished"] is not None:
            return None
        if state["phase"] == "bid":
            waiting = tuple(side for side in SIDES if side not in state["bids"])
            return Prompt(waiting, "bid", sealed=True, options={"min": 1, "max": MAX_BID})
        return Prompt((state["busted"][0],), "bust", options={"choices": ["reroll", "accept"]})

    # -- decide ---------------------------------------------------------------

    def decide(self, state: State, command: Command, dice: Dice) -> list[Event]:
        if not isinstance(command, dict):
            raise InvalidCommand("a command is a JSON object")
        if is_concession(command):  # the kernel's, from either side at any time
            return decide_concession(state, command, SIDES, over=state["finished"] is not None)
        kind = command.get("type")
        side = command.get("side")
        if side not in SIDES:
            raise InvalidCommand(f"side must be one of {', '.join(SIDES)}")
        prompt = self.prompt(state)
        if prompt is None:
            raise IllegalCommand("the race is over", rule="Dice race §4: end")
        if kind == "bid":
            _other_fields(command, {"type", "side", "dice"})
            return self._decide_bid(state, side, command.get("dice"), dice)
        if kind in ("reroll", "accept"):
            _other_fields(command, {"type", "side"})
            return self._decide_bust(state, side, kind, dice)
        raise InvalidCommand(f"unknown command type {kind!r}")

    def _decide_bid(self, state: State, side: str, count: Any, dice: Dice) -> list[Event]:
        if isinstance(count, bool) or not isinstance(count, int):
            raise InvalidCommand("dice must be a whole number")
        if state["phase"] != "bid":
            raise IllegalCommand(
                f"side {side} cannot bid while a bust is being settled", rule="Dice race §3: bust"
            )
        if side in state["bids"]:
            raise IllegalCommand(
                f"side {side} has already bid this round", rule="Dice race §1: bid"
            )
        if not 1 <= count <= MAX_BID:
            raise IllegalCommand(
                f"a bid is 1 to {MAX_BID} dice, not {count}", rule="Dice race §1: bid"
            )
        events: list[Event] = [
            {"type": "bid_sealed", "side": side, "sealed_for": side, "sealed": {"dice": count}}
        ]
        bids = {**state["bids"], side: count}
        if len(bids) < len(SIDES):
            return events
        events.append({"type": "bids_revealed", "bids": bids})
        rolls = {s: dice.roll(bids[s]) for s in SIDES}
        events.extend({"type": "rolled", "side": s, "dice": rolls[s]} for s in SIDES)
        busted = [s for s in SIDES if 1 in rolls[s]]
        if not busted:
            events.append(self._round_closed(state))
        return events

    def _decide_bust(self, state: State, side: str, kind: str, dice: Dice) -> list[Event]:
        if state["phase"] != "bust":
            raise IllegalCommand(f"side {side} has not busted", rule="Dice race §3: bust")
        if state["busted"][0] != side:
            raise IllegalCommand(
                f"side {state['busted'][0]} settles its bust first", rule="Dice race §3: bust"
            )
        events: list[Event] = []
        if kind == "reroll":
            faces = dice.roll(state["bids"][side])
            events.append({"type": "rerolled", "side": side, "dice": faces, "cost": 1})
        else:
            events.append({"type": "accepted_bust", "side": side})
        if len(state["busted"]) == 1:
            events.append(self._round_closed(state))
        return events

    @staticmethod
    def _round_closed(state: State) -> Event:
        # Movement is applied by evolve from the rolls already folded in.
        return {"type": "round_closed", "round": state["round"]}

    # -- evolve ---------------------------------------------------------------

    def evolve(self, state: State, event: Event) -> State:
        kind = event["type"]
        new = {**state}
        if kind == "bid_sealed":
            new["bids"] = {**state["bids"], event["side"]: event["sealed"]["dice"]}
        elif kind == "bids_revealed":
            new["rolls"] = {}
        elif kind == "rolled":
            new["rolls"] = {**state.get("rolls", {}), event["side"]: event["dice"]}
            if 1 in event["dice"]:
                new["busted"] = [*state["busted"], event["side"]]
                new["phase"] = "bust"
        elif kind == "rerolled":
            side = event["side"]
            new["rolls"] = {**state["rolls"], side: event["dice"]}
            new["position"] = {**state["position"], side: state["position"][side] - event["cost"]}
            new["busted"] = state["busted"][1:]
        elif kind == "accepted_bust":
            new["busted"] = state["busted"][1:]
        elif kind == CONCEDED:
            new = {**with_concession(state, event), "finished": event["outcome"]}
        elif kind == "round_closed":
            position = dict(new["position"])
            for side, faces in new.get("rolls", {}).items():
                if 1 not in faces:
                    position[side] += sum(faces)
            position = {side: max(0, value) for side, value in position.items()}
            new.update(position=position, bids={}, busted=[], phase="bid", rolls={})
            new["round"] = state["round"] + 1
            new["finished"] = self._finished(new)
        return new

    def _finished(self, state: State) -> dict[str, Any] | None:
        position = state["position"]
        reached = any(position[s] >= state["target"] for s in SIDES)
        if not reached and state["round"] <= state["max_rounds"]:
            return None
        termination = Termination.VICTORY_CONDITION if reached else Termination.TURN_LIMIT
        if position["A"] == position["B"]:
            winner = None
        else:
            winner = "A" if position["A"] > position["B"] else "B"
        return Outcome(termination, winner, dict(position)).to_dict()

    # -- views and queries ----------------------------------------------------

    def view(self, state: State, side: str | None) -> dict[str, Any]:
        if state["finished"] is not None:
            return state
        bids = {s: (n if s == side else "sealed") for s, n in state["bids"].items()}
        return {**state, "bids": bids}

    def outcome(self, state: State) -> Outcome | None:
        finished = state["finished"]
        return None if finished is None else Outcome.from_dict(finished)

    def legal(self, state: State, side: str) -> Iterator[Command]:
        prompt = self.prompt(state)
        if prompt is None or side not in prompt.sides:
            return
        if prompt.kind == "bid":
            for count in range(1, MAX_BID + 1):
                yield {"type": "bid", "side": side, "dice": count}
        else:
            yield {"type": "reroll", "side": side}
            yield {"type": "accept", "side": side}

    def describe(self, event: Event, before: State | None = None) -> str:
        kind = event["type"]
        if kind == "bid_sealed":
            return f"side {event['side']} bids (sealed)"
        if kind == "bids_revealed":
            return "bids revealed: " + ", ".join(f"{s} {n}" for s, n in event["bids"].items())
        if kind in ("rolled", "rerolled"):
            verb = "rolls" if kind == "rolled" else "re-rolls"
            bust = " - bust!" if 1 in event["dice"] else ""
            return f"side {event['side']} {verb} {event['dice']}{bust}"
        if kind == "accepted_bust":
            return f"side {event['side']} accepts the bust"
        if kind == "round_closed":
            return f"round {event['round']} closed"
        if kind == CONCEDED:
            return f"side {event['side']} concedes"
        return kind

    def analyse(self, initial_state: State, events: Sequence[Event], outcome: Outcome) -> GameFacts:
        """Each side's facts: its name as its faction, the rounds closed as turns,
        and its d6s' luck, a die succeeding when it shows no 1 (5 faces of 6)."""
        dice, observed = dict.fromkeys(SIDES, 0), dict.fromkeys(SIDES, 0)
        rounds = 0
        for event in events:
            if event["type"] in ("rolled", "rerolled"):
                dice[event["side"]] += len(event["dice"])
                observed[event["side"]] += sum(1 for face in event["dice"] if face != 1)
            rounds += event["type"] == "round_closed"
        return GameFacts(
            sides=tuple(
                SideFacts(
                    side=side,
                    faction=initial_state["names"][side],
                    victory_points=int(outcome.scores.get(side, 0)),
                    ending=outcome.termination.value,
                    turns=rounds,
                    luck=(DiceLuck(6, dice[side], Fraction(5, 6) * dice[side], observed[side]),),
                    extra={"target": initial_state["target"]},
                )
                for side in SIDES
            ),
            units=(),
        )

    def upcast_event(self, event: Event, schema: int) -> Event:
        # Schema 1 named the faces of a roll "faces"; schema 2 calls them "dice".
        if schema == 1:
            if event.get("type") not in ("rolled", "rerolled"):
                return event
            lifted = {key: value for key, value in event.items() if key != "faces"}
            lifted["dice"] = event["faces"]
            return lifted
        return super().upcast_event(event, schema)
