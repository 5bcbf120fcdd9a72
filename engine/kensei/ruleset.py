"""Kensei (living rules, February 2020) as a Shiai ruleset.

Part I of the engine: armies, battlefield, setup and deployment, the turn
sequence, unit activation and the movement and static orders. Combat and
morale (part II) and the command deck, commander's orders and scenarios
(part III) slot into the seams :mod:`engine.kensei.turn.sequence` and
:mod:`engine.kensei.orders.decide` leave for them.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import cache
from importlib import resources
from typing import Any

from engine.core import (
    BotChoice,
    Command,
    Dice,
    Ending,
    Event,
    Faction,
    GameFacts,
    IllegalCommand,
    InvalidCommand,
    Outcome,
    Prompt,
    Ruleset,
    RulesetInfo,
    Setup,
    State,
)
from engine.kensei import rules
from engine.kensei.analysis import ENDING_LABELS, game_facts
from engine.kensei.army import validation as armies
from engine.kensei.army.catalogue import CatalogueError, load_army_list, load_catalogue
from engine.kensei.army.forces import forces
from engine.kensei.bots.players import GreedyBot, RandomBot, legal_commands
from engine.kensei.charge.charging import decide_close_in, decide_reaction
from engine.kensei.charge.opportunity import decide_opportunity, intercept
from engine.kensei.combat.duel import decide_duel_answer
from engine.kensei.combat.resolution import MULTIPLE_KINDS, decide_answer
from engine.kensei.command.cards import (
    decide_commander_activation,
    decide_keep,
    initial_cards,
    initial_commander_activation,
)
from engine.kensei.command.commander_orders import (
    decide_choose,
    decide_keep_order,
    decide_play,
    initial_commander_orders,
)
from engine.kensei.command.duel import decide_bet, decide_declare
from engine.kensei.command.offerings import closed_event, decide_offering
from engine.kensei.commands import only_fields, placements, text
from engine.kensei.describe import describe_event
from engine.kensei.orders.decide import decide_order
from engine.kensei.orders.lead import ki_chooser
from engine.kensei.state.abilities import ki_extra_orders
from engine.kensei.state.evolve import evolve
from engine.kensei.state.offering_dice import OfferingDice, RollPaused
from engine.kensei.state.progress import Progress, window_event
from engine.kensei.state.queries import SIDES, other
from engine.kensei.state.views import view, view_event
from engine.kensei.turn.prompts import prompt_for
from engine.kensei.turn.scenarios import (
    DEFAULT_SCENARIO,
    RANDOM_SCENARIO,
    SCENARIOS,
    scenario_state,
)
from engine.kensei.turn.sequence import advance
from engine.kensei.turn.setup import decide_deploy, decide_scenery, extra_scenery_roll

# Which prompt each command answers, and the rule a player breaks by answering out of turn.
# The sample army lists shipped in data/armies/ (labelled sample data there).
SAMPLE_FACTIONS = ("buke", "kuge", "otokodate", "sohei")
SAMPLE_BATTLE_SIZES = (250, 400, 600)

# A scenario without extra scenery: the players are still asked (nothing to place).
NO_EXTRA_SCENERY = {"dice": [], "elements": 0, "rule": "none: the scenario has no extra scenery"}

ANSWERS = {
    "choose_scenery_order": ("scenery_order", rules.SCENERY),
    "place_scenery": ("place_scenery", rules.SCENERY),
    "deploy": ("deploy", rules.STARTING_POSITIONS),
    "choose_active_side": ("choose_active_side", rules.ORDER_OF_ACTIVATION),
    "choose_unit": ("choose_unit", rules.CHOOSING_UNITS),
    "choose_ki": ("choose_ki", rules.KI_ABILITIES),
    "order": ("order", rules.PERFORMING_ACTIONS),
    "react": ("react", rules.ATTACK),
    "casualties": ("casualties", rules.REMOVING_CASUALTIES),
    "chase": ("chase", rules.CHASING),
    "charge_reaction": ("charge_reaction", rules.CHARGE),
    "close_in": ("close_in", rules.CHARGE_MOVEMENT),
    "duel_answer": ("duel_answer", rules.DUEL),
    "assign_fighters": ("assign_fighters", rules.MULTIPLE_COMBAT),
    "combat_order": ("combat_order", rules.MULTIPLE_COMBAT),
    "resolution_order": ("resolution_order", rules.MULTIPLE_COMBAT),
    "withdraw_facing": ("withdraw_facing", rules.FALLING_BACK),
    "melee_move": ("melee_move", rules.MELEE_MOVEMENTS),
    "opportunity_charge": ("opportunity_charge", rules.OPPORTUNITY_CHARGE),
    "attacked_side": ("attacked_side", rules.ATTACK_SIDES),
    "keep_cards": ("keep_cards", rules.DRAW_COMMAND_CARDS),
    "commander_activation": ("commander_activation", rules.COMMANDER_ACTIVATION),
    "command_duel": ("command_duel", rules.COMMAND_DUEL),
    "command_duel_bet": ("command_duel_bet", rules.COMMAND_DUEL),
    "choose_commander_orders": ("choose_commander_orders", rules.PREPARE_COMMANDER_ORDERS),
    "keep_commander_order": ("keep_commander_order", rules.DRAW_COMMANDER_ORDERS),
    "offering": ("offering", rules.OFFERING),
}


def sample_army(name: str) -> dict[str, Any]:
    """A shipped sample army list (``engine/kensei/data/armies/<name>.json``)."""
    folder = resources.files("engine.kensei") / "data" / "armies"
    path = folder / f"{name}.json"
    if not path.is_file():
        known = sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json"))
        raise InvalidCommand(f"setup: no sample army {name!r}; there are {', '.join(known)}")
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def sample_armies() -> list[str]:
    folder = resources.files("engine.kensei") / "data" / "armies"
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json"))


# The answers to a combat's prompts (resolution.decide_answer).
_ANSWER_KINDS = frozenset({"react", "casualties", "chase", *MULTIPLE_KINDS})

# The answers decided by their own module: those that roll dice, and those that do not.
_DECIDERS_WITH_DICE: dict[str, Callable[[State, str, Command, Dice], list[Event]]] = {
    "charge_reaction": decide_reaction,
    "duel_answer": decide_duel_answer,
    "choose_commander_orders": decide_choose,
}
_DECIDERS: dict[str, Callable[[State, str, Command], list[Event]]] = {
    "close_in": decide_close_in,
    "opportunity_charge": decide_opportunity,
    "keep_cards": decide_keep,
    "commander_activation": decide_commander_activation,
    "command_duel": decide_declare,
    "command_duel_bet": decide_bet,
    "keep_commander_order": decide_keep_order,
}


class Kensei(Ruleset):
    id = "kensei"
    title = "Kensei (living rules 2020)"
    version = "0.6.0"
    event_schema = 1

    # -- setting up -------------------------------------------------------------

    def start(self, setup: Setup, seed: Dice) -> State:
        if not isinstance(setup, Mapping):
            raise InvalidCommand("setup must be a JSON object")
        extra = sorted(set(setup) - {"armies", "scenario", "names"})
        if extra:
            raise InvalidCommand(f"setup: unexpected field(s) {', '.join(extra)}")
        scenario_id = setup.get("scenario", DEFAULT_SCENARIO)
        drawn = None
        if scenario_id == RANDOM_SCENARIO:
            # Game System > 3: one of the scenarios drawn with a die of as many faces.
            drawn = seed.roll_one(len(SCENARIOS))
            scenario_id = list(SCENARIOS)[drawn - 1]
        scenario = SCENARIOS.get(scenario_id) if isinstance(scenario_id, str) else None
        if scenario is None:
            raise InvalidCommand(
                f"setup: unknown scenario {scenario_id!r}; the scenarios are "
                f"{', '.join(SCENARIOS)}, or {RANDOM_SCENARIO} to draw one"
            )
        raw_armies = setup.get("armies")
        if not isinstance(raw_armies, Mapping) or sorted(raw_armies) != list(SIDES):
            raise InvalidCommand("setup: armies must give an army list for sides A and B")
        names = setup.get("names", {})
        if not isinstance(names, Mapping) or not set(names) <= set(SIDES):
            raise InvalidCommand("setup: names may only name sides A and B")
        catalogue = load_catalogue()
        sides: dict[str, Any] = {}
        units: dict[str, Any] = {}
        minis: dict[str, Any] = {}
        for side in SIDES:
            army_list = self._army(raw_armies[side], side, catalogue)
            record, side_units, side_minis = forces(army_list, catalogue, side)
            record["name"] = str(names.get(side) or army_list.name or f"Side {side}")
            sides[side] = record
            units.update(side_units)
            minis.update(side_minis)
        if sides["A"]["battle_size"] != sides["B"]["battle_size"]:
            raise InvalidCommand(
                "setup: both armies must be built for the same battle size "
                f"({sides['A']['battle_size']} and {sides['B']['battle_size']} given)"
            )
        extra_scenery = {
            side: extra_scenery_roll(sides[side]["commander_level"], seed)
            if scenario["extra_scenery"]
            else NO_EXTRA_SCENERY
            for side in SIDES
        }
        levels = {side: sides[side]["commander_level"] for side in SIDES}
        state: State = {
            "table": dict(scenario["table"]),
            "scenario": {**scenario_state(scenario), **({"drawn": drawn} if drawn else {})},
            "scenery": [
                {**piece, "points": [list(p) for p in piece["points"]], "by": None}
                for piece in scenario["scenery"]
            ],
            "sides": sides,
            "units": units,
            "minis": minis,
            "phase": "scenery_order",
            "turn": 0,
            "setup": {
                "extra_scenery": extra_scenery,
                "scenery_chooser": None,
                "scenery_queue": [],
                "strategy": None,
            },
            "deployment": None,
            "initiative": None,
            "activation": None,
            "activations": {"A": 0, "B": 0},
            "battle_points": {"A": 0, "B": 0},
            "finished": None,
            "commander_activation": initial_commander_activation(),
        }
        if levels["A"] != levels["B"]:
            state["setup"]["scenery_chooser"] = "A" if levels["A"] > levels["B"] else "B"
        else:
            # No higher commander: who places first is decided at random.
            die = seed.roll_one()
            first = "A" if die <= 3 else "B"
            state["phase"] = "scenery"
            state["setup"]["scenery_queue"] = [first, other(first)]
            state["setup"]["scenery_first_roll"] = die
        # Game System > 5: each deck shuffled and the first hands drawn (recorded in
        # the initial state, which is stored).
        state["cards"] = initial_cards(sides, seed)
        state["commander_orders"] = initial_commander_orders()  # Game System > 6
        return state

    @staticmethod
    def _army(raw: Any, side: str, catalogue: Any) -> Any:
        if isinstance(raw, str):
            # A shipped sample army is read and checked once per catalogue (an army
            # list is frozen); the error messages name the side, so refusals are not kept.
            known = _SAMPLE_ARMIES.get(raw)
            if known is not None and known[0] is catalogue:
                return known[1]
            army_list = Kensei._checked_army(sample_army(raw), side, catalogue)
            _SAMPLE_ARMIES[raw] = (catalogue, army_list)
            return army_list
        return Kensei._checked_army(raw, side, catalogue)

    @staticmethod
    def _checked_army(data: Any, side: str, catalogue: Any) -> Any:
        if not isinstance(data, Mapping):
            raise InvalidCommand(f"setup: army {side} must be an army list or a sample army name")
        try:
            army_list = load_army_list(data)
        except CatalogueError as error:
            raise InvalidCommand(f"setup: army {side}: {error}") from None
        violations = armies.validate_army(army_list, catalogue)
        if violations:
            listed = "; ".join(v.message for v in violations)
            raise InvalidCommand(f"setup: army {side} breaks the army creation rules: {listed}")
        return army_list

    def sides(self, state: State) -> tuple[str, ...]:
        return SIDES

    # -- prompts ----------------------------------------------------------------

    def prompt(self, state: State) -> Prompt | None:
        return prompt_for(state)

    # -- decide -----------------------------------------------------------------

    def decide(self, state: State, command: Command, dice: Dice) -> list[Event]:
        if not isinstance(command, dict):
            raise InvalidCommand("a command is a JSON object")
        kind = command.get("type")
        if kind not in ANSWERS and kind != "commander_order":
            raise InvalidCommand(
                f"unknown command type {kind!r}; types are {', '.join(ANSWERS)}, commander_order"
            )
        side = command.get("side")
        if side not in SIDES:
            raise InvalidCommand(f"side must be one of {', '.join(SIDES)}")
        prompt = self.prompt(state)
        if prompt is None:
            raise IllegalCommand("the battle is over", rule=rules.END_OF_GAME)
        if kind == "commander_order":  # played at its timing, besides the awaited answer
            return self._run(Progress(state), side, command, dice)
        expected, rule = ANSWERS[kind]
        if prompt.kind != expected:
            raise IllegalCommand(
                f"the game is waiting for {' and '.join(prompt.sides)} to {_say(prompt.kind)}, "
                f"not for a {kind!r} command",
                rule=rule,
            )
        if side not in prompt.sides:
            raise IllegalCommand(
                f"it is side {prompt.sides[0]}'s turn to {_say(prompt.kind)}", rule=rule
            )
        if kind == "offering":
            return self._offering(state, side, command, dice)
        return self._run(Progress(state), side, command, dice)

    def _run(
        self,
        progress: Progress,
        side: str | None,
        command: Command | None,
        dice: Dice,
        prefix: tuple[list[Any], list[Any]] = ([], []),
    ) -> list[Event]:
        """The events of ``command`` (none: the turn sequence only), then the game rolled
        on until someone must decide. A roll open to offerings to the gods stops it
        (an ``offering_window``); ``prefix``: the faces and offered rolls of a decision
        made again after a window (:mod:`engine.kensei.state.offering_dice`)."""
        calls, done = prefix
        offering_dice = OfferingDice(
            dice, lambda: progress.state, prefix_calls=calls, prefix_done=done
        )
        if command is not None and side is not None:
            try:
                events = self._answer(progress.state, side, command["type"], command, offering_dice)
            except RollPaused as paused:
                progress.emit(window_event(paused, resume={"side": side, "command": command}))
                return progress.events
            for event in events:
                progress.emit(event)
        advance(progress, offering_dice)
        return progress.events

    def _offering(self, state: State, side: str, command: Command, dice: Dice) -> list[Event]:
        """An answer to an offering window; the last one closes it, and the decision the
        roll belonged to is made again with the roll as the offerings left it."""
        progress = Progress(state)
        for event in decide_offering(state, side, command, dice):
            progress.emit(event)
        current = progress.state["offering"]
        if current["asked"]:
            return progress.events
        progress.emit(closed_event(current))
        roll = current["roll"]
        done = [*current["secret"]["done"], {"faces": roll["faces"], "boosts": roll["boosts"]}]
        resume = current["resume"] or {"side": None, "command": None}
        return self._run(
            progress,
            resume["side"],
            resume["command"],
            dice,
            (current["secret"]["calls"], done),
        )

    def _answer(
        self, state: State, side: str, kind: str, command: Command, dice: Dice
    ) -> list[Event]:
        if kind == "commander_order":
            prompt = prompt_for(state)
            if prompt is None:  # pragma: no cover - decide() refuses first
                raise IllegalCommand("the battle is over", rule=rules.END_OF_GAME)
            return decide_play(state, prompt, side, command)
        if kind == "choose_scenery_order":
            only_fields(command, {"type", "side", "first"})
            first = command.get("first")
            if first not in SIDES:
                raise InvalidCommand("first must be A or B")
            return [{"type": "scenery_order_chosen", "by": side, "first": first}]
        if kind == "place_scenery":
            only_fields(command, {"type", "side", "pieces"})
            return decide_scenery(state, side, command.get("pieces", []))
        if kind == "deploy":
            only_fields(command, {"type", "side", "unit", "minis"})
            where = placements(command.get("minis"), "minis")
            return [decide_deploy(state, side, command.get("unit"), where)]
        if kind == "choose_active_side":
            only_fields(command, {"type", "side", "active"})
            active = command.get("active")
            if active not in SIDES:
                raise InvalidCommand("active must be A or B")
            return [{"type": "active_side_chosen", "by": side, "active": active}]
        if kind == "choose_unit":
            only_fields(command, {"type", "side", "unit"})
            uid = text(command.get("unit"), "unit")
            unit = state["units"].get(uid)
            if unit is None or unit["side"] != side or unit["removed"]:
                raise IllegalCommand(
                    f"side {side} has no unit {uid} on the table", rule=rules.CHOOSING_UNITS
                )
            if unit["markers"]["used"]:
                raise IllegalCommand(
                    f"{unit['name']} ({uid}) has a Used Unit marker", rule=rules.CHOOSING_UNITS
                )
            return [{"type": "unit_chosen", "side": side, "unit": uid}]
        if kind == "choose_ki":
            only_fields(command, {"type", "side", "ability"})
            uid, chosen = ki_chooser(state, side)
            ability = text(command.get("ability"), "ability")
            offered = state["units"][uid]["abilities"]["ki"]
            if ability not in offered:
                raise IllegalCommand(
                    f"{ability} is not a ki ability of {state['units'][uid]['name']}; choose one "
                    f"of {', '.join(offered)}",
                    rule=rules.KI_ABILITIES,
                )
            event: Event = {"type": chosen, "side": side, "unit": uid, "ability": ability}
            if chosen == "ki_chosen" and ki_extra_orders(ability):  # Troop Abilities: extra_order
                event["extra_orders"] = ki_extra_orders(ability)
            return [event]
        if kind in _ANSWER_KINDS:
            return decide_answer(state, side, kind, command, dice)
        if kind in _DECIDERS_WITH_DICE:
            return _DECIDERS_WITH_DICE[kind](state, side, command, dice)
        if kind in _DECIDERS:
            return _DECIDERS[kind](state, side, command)
        return intercept(state, side, decide_order(state, side, command, dice))

    # -- evolve, views, queries ---------------------------------------------------

    def evolve(self, state: State, event: Event) -> State:
        return evolve(state, event)

    def view(self, state: State, side: str | None) -> dict[str, Any]:
        return view(state, side)

    def view_event(self, event: Event, side: str | None, *, game_over: bool) -> Event:
        return view_event(event, side, game_over=game_over)

    def outcome(self, state: State) -> Outcome | None:
        finished = state["finished"]
        return None if finished is None else Outcome.from_dict(finished)

    def legal(self, state: State, side: str) -> Iterator[Command]:
        return legal_commands(state, side)

    def analyse(self, initial_state: State, events: Sequence[Event], outcome: Outcome) -> GameFacts:
        return game_facts(initial_state, events, outcome, self.evolve)

    def sample_setups(self) -> list[Setup]:
        """Every pairing of the sample armies (mirrors too) at each battle size, in
        every scenario; the first is the benchmarks', and the first few (the demo's)
        go through the scenarios."""
        first = [("buke", "kuge", 400), ("sohei", "otokodate", 250)]
        pairings = first + [
            (a, b, points)
            for points in SAMPLE_BATTLE_SIZES
            for a in SAMPLE_FACTIONS
            for b in SAMPLE_FACTIONS
            if (a, b, points) not in first
        ]
        scenarios = list(SCENARIOS)
        return [
            {
                "armies": {"A": f"{a}-{points}", "B": f"{b}-{points}"},
                "scenario": scenarios[(k + turn) % len(scenarios)],
            }
            for k, (a, b, points) in enumerate(pairings)
            for turn in range(len(scenarios))
        ]

    def describe(self, event: Event) -> str:
        return describe_event(event)

    @property
    def info(self) -> RulesetInfo:
        return _info()

    def bots(self) -> Mapping[str, BotChoice]:
        # The random bot stays the default (demo and simulated games were recorded with it).
        return {
            "random": BotChoice("plays any legal order, at random", RandomBot),
            "greedy": BotChoice("advances on the nearest enemy, charges and shoots", GreedyBot),
        }


_SAMPLE_ARMIES: dict[str, tuple[Any, Any]] = {}


@cache
def _info() -> RulesetInfo:
    catalogue = load_catalogue()
    return RulesetInfo(
        id=Kensei.id,
        name="Kensei",
        edition="living rules, February 2020",
        players=(2, 2),
        dice=(6,),
        sides={side: f"Side {side}" for side in SIDES},
        factions=tuple(Faction(f.id, f.name) for f in catalogue.factions.values()),
        first_player="strategy roll",
        endings=tuple(Ending(name, label) for name, label in ENDING_LABELS.items()),
    )


def _say(kind: str) -> str:
    return {
        "scenery_order": "choose who places extra scenery first",
        "place_scenery": "place extra scenery",
        "deploy": "deploy",
        "choose_active_side": "choose the active side",
        "choose_unit": "choose a unit to activate",
        "choose_ki": "choose a ki ability",
        "order": "give an order",
        "react": "declare the reactive attack",
        "casualties": "remove casualties",
        "chase": "decide whether to chase",
        "charge_reaction": "react to the charge",
        "close_in": "close in the charging miniatures not in contact, or not",
        "duel_answer": "accept or refuse the duel",
        "assign_fighters": "say which enemy unit each miniature in contact with two fights",
        "combat_order": "order the combats of the multiple combat",
        "resolution_order": "order the defeated units' resolutions",
        "withdraw_facing": "face the withdrawing unit",
        "melee_move": "make the winner's melee movement",
        "opportunity_charge": "declare an opportunity charge or let the move go",
        "attacked_side": "choose the side attacked",
        "keep_cards": "choose the command cards to keep",
        "commander_activation": "decide on the commander activation",
        "command_duel": "declare a command duel or not",
        "command_duel_bet": "bet command cards in the command duel",
        "choose_commander_orders": "choose the commander's orders",
        "keep_commander_order": "choose the commander's order to keep",
        "offering": "make an offering to the gods on the roll, or pass",
    }.get(kind, kind)
