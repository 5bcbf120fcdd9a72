"""The Samurai Battles ruleset: the facade the platform talks to (``engine.core.Ruleset``).

Everything is delegated by rule area: the initial state (:mod:`.state.setup`), who
decides now (:mod:`.turn.prompts`), the orders phase and the end of the turn
(:mod:`.turn.orders`, :mod:`.turn.victory`), the Execution Phase
(:mod:`.execution`), evolve (:mod:`.state.evolve`), views (:mod:`.state.views`),
sentences (:mod:`.describe`), legal orders (:mod:`.orders.legal`), bots and analysis.
A ruleset reads one catalogue: the packaged sample data unless given another
(``load_catalogue(folder)`` with the base game's values).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, ClassVar

from engine.core import (
    BotChoice,
    Command,
    Dice,
    Ending,
    Event,
    Faction,
    GameFacts,
    InvalidCommand,
    Outcome,
    Prompt,
    Ruleset,
    RulesetInfo,
    Setup,
    State,
)
from engine.core.concession import CONCEDE, decide_concession
from engine.samurai_battles import describe as sentences
from engine.samurai_battles import rules
from engine.samurai_battles.analysis import ENDING_LABELS, ENDINGS, game_facts
from engine.samurai_battles.army.catalogue import Catalogue, catalogue_of, load_catalogue
from engine.samurai_battles.bots import BOTS
from engine.samurai_battles.execution import EXECUTION_EVENT_KINDS, execute
from engine.samurai_battles.orders.legal import legal_commands
from engine.samurai_battles.state import evolve as evolving
from engine.samurai_battles.state.access import SIDE_LABELS, SIDES
from engine.samurai_battles.state.handlers import TURN_EVENT_KINDS
from engine.samurai_battles.state.setup import initial_state
from engine.samurai_battles.turn.orders import ORDERS, decide_orders
from engine.samurai_battles.turn.prompts import ORDERS_PROMPT, orders_prompt
from engine.samurai_battles.turn.views import catalogue_view, view

SETUP_KEYS = ("scenario", "turns", "factions")
"""What a set-up may say: the scenario (by id), and overrides of its turn limit and clans."""

BOOKKEEPING = frozenset(
    {"orders_written", "orders_revealed", "hidden_orders", "step_began", "turn_ended", "rested"}
)
COMBAT = frozenset(
    {
        "fired",
        "casualties",
        "fortitude_tested",
        "engaged",
        "encounter",
        "melee_fought",
        "put_to_flight",
        "destroyed",
    }
)


class SamuraiBattles(Ruleset):
    """Samurai Battles: secret written orders for every unit, executed step by step."""

    id = "samurai-battles"
    title = "Samurai Battles"
    version = "0.1.0"
    event_schema = 1
    required_prompt_kinds: ClassVar[Mapping[str, str]] = {ORDERS_PROMPT: rules.ORDERS}

    def __init__(self, catalogue: Catalogue | None = None) -> None:
        self.catalogue = catalogue if catalogue is not None else load_catalogue()

    # -- the game -------------------------------------------------------------------

    def start(self, setup: Setup, seed: Dice) -> State:
        """Turn 1 of the scenario ``setup["scenario"]`` (the first one when none is
        named), with its turn limit and clans unless ``turns`` / ``factions`` override
        them. Nothing is rolled at set-up."""
        unknown = sorted(set(setup) - set(SETUP_KEYS))
        if unknown:
            raise InvalidCommand(
                f"a set-up names {', '.join(SETUP_KEYS)}, not {', '.join(unknown)}"
            )
        scenario_id = setup.get("scenario", next(iter(self.catalogue.scenarios)))
        if scenario_id not in self.catalogue.scenarios:
            known = ", ".join(self.catalogue.scenarios)
            raise InvalidCommand(f"no scenario {scenario_id!r}: the scenarios are {known}")
        turns = setup.get("turns")
        if turns is not None and (
            not isinstance(turns, int) or isinstance(turns, bool) or turns < 1
        ):
            raise InvalidCommand(f"turns must be a whole number of 1 or more, not {turns!r}")
        return initial_state(
            self.catalogue,
            self.catalogue.scenario(scenario_id),
            factions=self._factions(setup.get("factions")),
            turns=turns,
        )

    def _factions(self, factions: object) -> dict[str, str] | None:
        if factions is None:
            return None
        clans = {clan.id for clan in self.catalogue.clans}
        if (
            not isinstance(factions, Mapping)
            or not set(factions) <= set(SIDES)
            or not all(value in clans for value in factions.values())
        ):
            raise InvalidCommand(
                f"factions maps east and west to clans ({', '.join(sorted(clans))})"
            )
        return {str(side): str(clan) for side, clan in factions.items()}

    def replay_refusal(self, state: State) -> str | None:
        """A game played with other data files than those loaded now is refused: its
        units, terrain and tables would be read otherwise."""
        recorded = state.get("data")
        if recorded == self.catalogue.fingerprint:
            return None
        try:
            catalogue_of(state)
        except ValueError:
            return (
                f"this Samurai Battles game was played with other data files (data {recorded}) "
                f"than those loaded now (data {self.catalogue.fingerprint})"
            )
        return None

    def sides(self, state: State) -> tuple[str, ...]:
        return tuple(state["sides"])

    def prompt(self, state: State) -> Prompt | None:
        return orders_prompt(state)

    def decide(self, state: State, command: Command, dice: Dice) -> list[Event]:
        kind = command.get("type") if isinstance(command, Mapping) else None
        if kind == CONCEDE:
            return decide_concession(state, command, SIDES, over=state["phase"] == "over")
        if kind == ORDERS:
            return decide_orders(state, command, dice, execute=execute, evolve=evolving.evolve)
        raise InvalidCommand(f"a Samurai Battles command is orders or concede, not {kind!r}")

    def evolve(self, state: State, event: Event) -> State:
        return evolving.evolve(state, event)

    def view(self, state: State, side: str | None) -> dict[str, Any]:
        return view(state, side)

    def outcome(self, state: State) -> Outcome | None:
        recorded = state.get("outcome")
        return Outcome.from_dict(recorded) if recorded else None

    def legal(self, state: State, side: str) -> Iterator[Command]:
        prompt = self.prompt(state)
        if prompt is None or side not in prompt.sides:
            return iter(())
        return legal_commands(state, side, ORDERS)

    # -- what the platform may know ---------------------------------------------------

    @property
    def info(self) -> RulesetInfo:
        return RulesetInfo(
            id=self.id,
            name="Samurai Battles",
            edition="orders rules" + (", sample unit data" if self.catalogue.sample else ""),
            players=(2, 2),
            dice=(6,),
            sides=dict(SIDE_LABELS),
            factions=tuple(Faction(clan.id, clan.name) for clan in self.catalogue.clans),
            first_player="",
            endings=tuple(Ending(name, ENDING_LABELS[name]) for name in ENDINGS.values()),
            board="hex",
        )

    def catalogue_view(self) -> dict[str, Any]:
        """The catalogue as views carry it (names, categories, strengths, ranges, terrain,
        path limits), for pages that draw a finished game's states."""
        return catalogue_view(self.catalogue)

    def bots(self) -> Mapping[str, BotChoice]:
        return BOTS

    def analyse(
        self, initial_state: State, events: Sequence[Event], outcome: Outcome
    ) -> GameFacts | None:
        return game_facts(initial_state, events, outcome, self.evolve)

    def sample_setups(self) -> list[Setup]:
        """One game per scenario, smallest first as the data lists them."""
        return [{"scenario": scenario_id} for scenario_id in self.catalogue.scenarios]

    def describe(self, event: Event, before: State | None = None) -> str:
        return sentences.describe(event, before)

    def event_kinds(self) -> frozenset[str]:
        return TURN_EVENT_KINDS | frozenset(EXECUTION_EVENT_KINDS)

    def log_tags(self, event: Event) -> tuple[str, ...]:
        kind = event.get("type")
        if kind in BOOKKEEPING:
            return ("bookkeeping",)
        if kind in COMBAT:
            return ("combat",)
        return ()
