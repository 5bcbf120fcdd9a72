"""Kensei (living rules, February 2020) as a Shiai ruleset.

Part I of the engine: armies, battlefield, setup and deployment, the turn
sequence, unit activation and the movement and static orders. Combat and
morale (part II) and the command deck, commander's orders and scenarios
(part III) slot into the seams :mod:`engine.kensei.turn.sequence` and
:mod:`engine.kensei.orders.decide` leave for them.

The facade: :data:`ANSWERS` is the one table of what each command kind answers
(the prompt, the rule broken out of turn, the prompt in words, the parser that
turns its JSON into a typed value, :mod:`engine.kensei.commands`, and the rule
area's decider); ``decide`` looks the kind up, parses, checks the prompt and calls.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, ClassVar, TypeVar

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
    StandingChoice,
    State,
)
from engine.core.concession import decide_concession, is_concession
from engine.core.standing import decide_standing, is_standing
from engine.kensei import rules
from engine.kensei.analysis import ENDING_LABELS, game_facts
from engine.kensei.army import validation as armies
from engine.kensei.army.catalogue import CatalogueError, load_army_list, load_catalogue
from engine.kensei.army.forces import forces
from engine.kensei.bots.players import GreedyBot, RandomBot, legal_commands
from engine.kensei.charge.charging import decide_close_in, decide_reaction
from engine.kensei.charge.opportunity import decide_opportunity, intercept
from engine.kensei.combat.duel import decide_duel_answer
from engine.kensei.combat.multiple import decide_chain
from engine.kensei.combat.outcome import decide_resolution_order
from engine.kensei.combat.resolution import (
    decide_attacked_side,
    decide_casualties,
    decide_chase,
    decide_melee_moves,
    decide_react,
    decide_withdraw_facing,
)
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
from engine.kensei.commands import combat, deck, setup
from engine.kensei.commands.deck import CommanderOrder
from engine.kensei.commands.orders import Order, parse_order
from engine.kensei.describe import describe_event, log_tags
from engine.kensei.orders.decide import decide_order
from engine.kensei.orders.lead import decide_choose_ki
from engine.kensei.orders.sight import prompt_sight
from engine.kensei.position import edit_position
from engine.kensei.state.evolve import HANDLERS, evolve
from engine.kensei.state.offering_dice import OfferingDice, RollPaused
from engine.kensei.state.progress import Progress, window_event
from engine.kensei.state.queries import SIDES, other
from engine.kensei.state.views import view, view_event
from engine.kensei.turn import declining, standing
from engine.kensei.turn.activation import decide_active_side, decide_choose_unit
from engine.kensei.turn.declining import with_declining
from engine.kensei.turn.prompts import prompt_for
from engine.kensei.turn.scenarios import (
    DEFAULT_SCENARIO,
    RANDOM_SCENARIO,
    SCENARIOS,
    scenario_state,
)
from engine.kensei.turn.sequence import advance
from engine.kensei.turn.setup import (
    decide_deploy,
    decide_scenery,
    decide_scenery_order,
    extra_scenery_roll,
)

# The sample army lists shipped in data/armies/ (labelled sample data there).
SAMPLE_FACTIONS = ("buke", "kuge", "otokodate", "sohei")
SAMPLE_BATTLE_SIZES = (250, 400, 600)

# A scenario without extra scenery: the players are still asked (nothing to place).
NO_EXTRA_SCENERY = {"dice": [], "elements": 0, "rule": "none: the scenario has no extra scenery"}

V = TypeVar("V")
Decider = Callable[[State, str, V, Dice], list[Event]]


@dataclass(frozen=True)
class Answer:
    """What a command kind answers: the prompt it answers (``""``: none, it is played
    at its own timing), the rule a player breaks by giving it out of turn, the prompt
    in words, the parser of its JSON and the decider of its value (built by
    :func:`answer`, which checks the two agree on the value's type)."""

    prompt: str
    rule: str
    says: str
    parse: Callable[[Command], Any]
    decide: Decider[Any]


def answer(
    prompt: str, rule: str, says: str, parse: Callable[[Command], V], decide: Decider[V]
) -> Answer:
    # Generic here, not in the dataclass: mypyc compiles no generic dataclass.
    return Answer(prompt, rule, says, parse, decide)


def _without_dice(
    decide: Callable[[State, str, V], list[Event]],
) -> Decider[V]:
    def decided(state: State, side: str, command: V, dice: Dice) -> list[Event]:
        return decide(state, side, command)

    return decided


def _order(state: State, side: str, command: Order, dice: Dice) -> list[Event]:
    return intercept(state, side, decide_order(state, side, command, dice))


def _play(state: State, side: str, command: CommanderOrder, dice: Dice) -> list[Event]:
    prompt = prompt_for(state)
    if prompt is None:  # pragma: no cover - decide() refuses first
        raise IllegalCommand("the battle is over", rule=rules.END_OF_GAME)
    return decide_play(state, prompt, side, command)


# Each command kind: the prompt it answers, the rule broken by answering out of turn,
# the prompt in words, its parser and its decider.
ANSWERS: dict[str, Answer] = {
    "choose_scenery_order": answer(
        "scenery_order",
        rules.SCENERY,
        "choose who places extra scenery first",
        setup.parse_choose_scenery_order,
        _without_dice(decide_scenery_order),
    ),
    "place_scenery": answer(
        "place_scenery",
        rules.SCENERY,
        "place extra scenery",
        setup.parse_place_scenery,
        _without_dice(decide_scenery),
    ),
    "deploy": answer(
        "deploy",
        rules.STARTING_POSITIONS,
        "deploy",
        setup.parse_deploy,
        _without_dice(decide_deploy),
    ),
    "choose_active_side": answer(
        "choose_active_side",
        rules.ORDER_OF_ACTIVATION,
        "choose the active side",
        setup.parse_choose_active_side,
        _without_dice(decide_active_side),
    ),
    "choose_unit": answer(
        "choose_unit",
        rules.CHOOSING_UNITS,
        "choose a unit to activate",
        setup.parse_choose_unit,
        _without_dice(decide_choose_unit),
    ),
    "choose_ki": answer(
        "choose_ki",
        rules.KI_ABILITIES,
        "choose a ki ability",
        setup.parse_choose_ki,
        _without_dice(decide_choose_ki),
    ),
    "order": answer("order", rules.PERFORMING_ACTIONS, "give an order", parse_order, _order),
    "react": answer(
        "react",
        rules.ATTACK,
        "declare the reactive attack",
        combat.parse_react,
        _without_dice(decide_react),
    ),
    "casualties": answer(
        "casualties",
        rules.REMOVING_CASUALTIES,
        "remove casualties",
        combat.parse_casualties,
        decide_casualties,
    ),
    "chase": answer(
        "chase", rules.CHASING, "decide whether to chase", combat.parse_chase, decide_chase
    ),
    "charge_reaction": answer(
        "charge_reaction",
        rules.CHARGE,
        "react to the charge",
        combat.parse_charge_reaction,
        decide_reaction,
    ),
    "close_in": answer(
        "close_in",
        rules.CHARGE_MOVEMENT,
        "close in the charging miniatures not in contact, or not",
        combat.parse_close_in,
        _without_dice(decide_close_in),
    ),
    "duel_answer": answer(
        "duel_answer",
        rules.DUEL,
        "accept or refuse the duel",
        combat.parse_duel_answer,
        decide_duel_answer,
    ),
    "assign_fighters": answer(
        "assign_fighters",
        rules.MULTIPLE_COMBAT,
        "say which enemy unit each miniature in contact with two fights",
        combat.parse_assign_fighters,
        _without_dice(decide_chain),
    ),
    "combat_order": answer(
        "combat_order",
        rules.MULTIPLE_COMBAT,
        "order the combats of the multiple combat",
        combat.parse_combat_order,
        _without_dice(decide_chain),
    ),
    "resolution_order": answer(
        "resolution_order",
        rules.MULTIPLE_COMBAT,
        "order the defeated units' resolutions",
        combat.parse_resolution_order,
        _without_dice(decide_resolution_order),
    ),
    "withdraw_facing": answer(
        "withdraw_facing",
        rules.FALLING_BACK,
        "face the withdrawing unit",
        combat.parse_withdraw_facing,
        _without_dice(decide_withdraw_facing),
    ),
    "melee_move": answer(
        "melee_move",
        rules.MELEE_MOVEMENTS,
        "make the winner's melee movement",
        combat.parse_melee_move,
        _without_dice(decide_melee_moves),
    ),
    "opportunity_charge": answer(
        "opportunity_charge",
        rules.OPPORTUNITY_CHARGE,
        "declare an opportunity charge or let the move go",
        combat.parse_opportunity_charge,
        _without_dice(decide_opportunity),
    ),
    "attacked_side": answer(
        "attacked_side",
        rules.ATTACK_SIDES,
        "choose the side attacked",
        combat.parse_attacked_side,
        _without_dice(decide_attacked_side),
    ),
    "keep_cards": answer(
        "keep_cards",
        rules.DRAW_COMMAND_CARDS,
        "choose the command cards to keep",
        deck.parse_keep_cards,
        _without_dice(decide_keep),
    ),
    "commander_activation": answer(
        "commander_activation",
        rules.COMMANDER_ACTIVATION,
        "decide on the commander activation",
        deck.parse_commander_activation,
        _without_dice(decide_commander_activation),
    ),
    "command_duel": answer(
        "command_duel",
        rules.COMMAND_DUEL,
        "declare a command duel or not",
        deck.parse_command_duel,
        _without_dice(decide_declare),
    ),
    "command_duel_bet": answer(
        "command_duel_bet",
        rules.COMMAND_DUEL,
        "bet command cards in the command duel",
        deck.parse_command_duel_bet,
        _without_dice(decide_bet),
    ),
    "choose_commander_orders": answer(
        "choose_commander_orders",
        rules.PREPARE_COMMANDER_ORDERS,
        "choose the commander's orders",
        deck.parse_choose_commander_orders,
        decide_choose,
    ),
    "keep_commander_order": answer(
        "keep_commander_order",
        rules.DRAW_COMMANDER_ORDERS,
        "choose the commander's order to keep",
        deck.parse_keep_commander_order,
        _without_dice(decide_keep_order),
    ),
    "offering": answer(
        "offering",
        rules.OFFERING,
        "make an offering to the gods on the roll, or pass",
        deck.parse_offering,
        decide_offering,
    ),
    # Played at its timing, besides the awaited answer.
    "commander_order": answer(
        "", rules.USING_COMMANDER_ORDER, "", deck.parse_commander_order, _play
    ),
}
_SAYS = {answer.prompt: answer.says for answer in ANSWERS.values() if answer.prompt}


# The prompts the rules require an answer to (engine.core.declining), each with the
# rule of the command that answers it: every prompt but the optional ones.
REQUIRED_PROMPTS: Mapping[str, str] = {
    a.prompt: a.rule
    for a in ANSWERS.values()
    if a.prompt and a.prompt not in declining.OPTIONAL_KINDS
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
        """Look the command's kind up, parse it, check it answers the prompt, decide it."""
        if not isinstance(command, dict):
            raise InvalidCommand("a command is a JSON object")
        if is_concession(command):  # the kernel's, from either side at any time
            return decide_concession(state, command, SIDES, over=self.prompt(state) is None)
        if is_standing(command):  # the kernel's, from either side at any time
            over = self.prompt(state) is None
            return decide_standing(state, command, SIDES, standing.CHOICES, over=over)
        kind = command.get("type")
        answer = ANSWERS.get(kind) if isinstance(kind, str) else None
        if answer is None:
            raise InvalidCommand(f"unknown command type {kind!r}; types are {', '.join(ANSWERS)}")
        side = command.get("side")
        if side not in SIDES:
            raise InvalidCommand(f"side must be one of {', '.join(SIDES)}")
        value = answer.parse(command)
        prompt = self.prompt(state)
        if prompt is None:
            raise IllegalCommand("the battle is over", rule=rules.END_OF_GAME)
        if answer.prompt:
            if prompt.kind != answer.prompt:
                raise IllegalCommand(
                    f"the game is waiting for {' and '.join(prompt.sides)} to "
                    f"{_say(prompt.kind)}, not for a {kind!r} command",
                    rule=answer.rule,
                )
            if side not in prompt.sides:
                raise IllegalCommand(
                    f"it is side {prompt.sides[0]}'s turn to {_say(prompt.kind)}", rule=answer.rule
                )
        if kind == "offering":
            return self._offering(state, side, value, dice)
        return self._run(Progress(state), side, (command, value), dice)

    def _run(
        self,
        progress: Progress,
        side: str | None,
        command: tuple[Command, Any] | None,
        dice: Dice,
        prefix: tuple[list[Any], list[Any]] = ([], []),
    ) -> list[Event]:
        """The events of ``command`` (its JSON and parsed value; none: the turn sequence
        only), then the game rolled on until someone must decide. A roll open to
        offerings to the gods stops it (an ``offering_window``, keeping the command's
        JSON to decide it again); ``prefix``: the faces and offered rolls of a decision
        made again after a window (:mod:`engine.kensei.state.offering_dice`)."""
        calls, done = prefix
        offering_dice = OfferingDice(
            dice, lambda: progress.state, prefix_calls=calls, prefix_done=done
        )
        if command is not None and side is not None:
            raw, value = command
            try:
                events = ANSWERS[raw["type"]].decide(progress.state, side, value, offering_dice)
            except RollPaused as paused:
                progress.emit(window_event(paused, resume={"side": side, "command": raw}))
                return progress.events
            for event in events:
                progress.emit(event)
        advance(progress, offering_dice)
        return progress.events

    def _offering(self, state: State, side: str, command: Any, dice: Dice) -> list[Event]:
        """An answer to an offering window; the last one closes it, and the decision the
        roll belonged to is made again (its stored JSON parsed again) with the roll as
        the offerings left it."""
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
        stored = resume["command"]
        again = None if stored is None else (stored, ANSWERS[stored["type"]].parse(stored))
        return self._run(
            progress,
            resume["side"],
            again,
            dice,
            (current["secret"]["calls"], done),
        )

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
        return with_declining(state, side, legal_commands(state, side))

    def edit_position(self, state: State, edits: Sequence[Command]) -> State:
        return self.position(edit_position(self.position(state), edits))

    def standing_choices(self) -> tuple[StandingChoice, ...]:
        return standing.CHOICES

    # -- declining (engine.core.declining; engine.kensei.turn.declining) ------------

    optional_prompt_kinds = declining.OPTIONAL_KINDS
    required_prompt_kinds: ClassVar[Mapping[str, str]] = REQUIRED_PROMPTS

    def decline(self, state: State, side: str) -> Command | None:
        return declining.decline(state, side)

    def standing_answer(self, state: State, side: str) -> Command | None:
        return standing.standing_answer(state, side)

    def prompt_details(self, state: State, side: str) -> Mapping[str, Any]:
        """Line of sight to each shoot and charge target of the active unit's order
        (``engine.kensei.orders.sight``): left out of the prompt, which bots ask too."""
        return prompt_sight(state, side, prompt_for(state))

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

    def describe(self, event: Event, before: State | None = None) -> str:
        return describe_event(event, before)

    def event_kinds(self) -> frozenset[str]:
        return frozenset(HANDLERS)

    def log_tags(self, event: Event) -> tuple[str, ...]:
        return log_tags(event)

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
    return _SAYS.get(kind, kind)
