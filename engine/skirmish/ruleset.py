"""The skirmish ruleset: the facade the platform talks to (``engine.core.Ruleset``).

Everything is delegated by rule area: the initial state (:mod:`.state.setup`), who
decides now and what follows a command (:mod:`.turn.flow`, which hands each phase's
acting to :mod:`.movement`, :mod:`.shooting` and :mod:`.combat`), evolve
(:mod:`.state.evolve`), views (:mod:`.turn.views`), sentences (:mod:`.describe`),
legal commands, bots and analysis. A ruleset reads one catalogue: the packaged sample
data unless given another (``load_catalogue(folder)``).
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
from engine.core.concession import CONCEDED
from engine.skirmish import combat, describe, movement, rules, shooting
from engine.skirmish.analysis import ENDING_LABELS, ENDINGS, game_facts
from engine.skirmish.army.catalogue import Catalogue, catalogue_of, load_catalogue
from engine.skirmish.bots import BOTS
from engine.skirmish.state import evolve as evolving
from engine.skirmish.state.access import SIDE_LABELS, SIDES
from engine.skirmish.state.handlers_turn import TURN_EVENT_KINDS
from engine.skirmish.state.setup import initial_state
from engine.skirmish.turn import deploy, flow, heroic, initiative
from engine.skirmish.turn.views import catalogue_view, view

SETUP_KEYS = ("scenario", "turns", "factions")
"""What a set-up may say: the scenario (by id), and overrides of its turn limit and bands."""

BOOKKEEPING = frozenset(
    {
        "phase_began",
        "step_began",
        "heroic_passed",
        "turn_ended",
        "moves_ended",
        "shooting_ended",
        "held",
        "shot_held",
        "zen_policy_set",
        "fight_chosen",
    }
)
COMBAT = frozenset(
    {
        "charged",
        "shot",
        "combat_fought",
        "wound_rolls",
        "wounded",
        "killed",
        "horse_killed",
        "retreated",
        "followed_up",
        "cut_down",
        "fight_revealed",
    }
)


class Skirmish(Ruleset):
    """Samurai skirmish: bands of heroes and groups on an open table, turn by turn."""

    id = "skirmish"
    title = "Samurai Skirmish"
    version = "0.1.0"
    event_schema = 1
    required_prompt_kinds: ClassVar[Mapping[str, str]] = {
        deploy.DEPLOY: rules.DEPLOYMENT,
        initiative.CHOICE: rules.RATS_HEAD_OX_NECK,
        heroic.HEROIC: rules.HEROIC_DECLARATION,
        "move": rules.SEQUENCE_MOVEMENT,
        "shoot": rules.SEQUENCE_SHOOTING,
        "fight": rules.SEQUENCE_COMBAT,
    }

    def __init__(self, catalogue: Catalogue | None = None) -> None:
        self.catalogue = catalogue if catalogue is not None else load_catalogue()

    # -- the game -------------------------------------------------------------------

    def start(self, setup: Setup, seed: Dice) -> State:
        """The deploy phase of the scenario ``setup["scenario"]`` (the first one when
        none is named), with its turn limit and bands unless ``turns`` / ``factions``
        (``{"a": warband id, "b": ...}``) override them. Nothing is rolled at set-up."""
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
        if (
            not isinstance(factions, Mapping)
            or not set(factions) <= set(SIDES)
            or not all(value in self.catalogue.warbands for value in factions.values())
        ):
            raise InvalidCommand(
                f"factions maps a and b to warbands ({', '.join(self.catalogue.warbands)})"
            )
        return {str(side): str(band) for side, band in factions.items()}

    def replay_refusal(self, state: State) -> str | None:
        """A game played with other data files than those loaded now is refused: its
        stats lines, weapons and scenarios would be read otherwise."""
        recorded = state.get("data")
        if recorded == self.catalogue.fingerprint:
            return None
        try:
            catalogue_of(state)
        except ValueError:
            return (
                f"this skirmish game was played with other data files (data {recorded}) "
                f"than those loaded now (data {self.catalogue.fingerprint})"
            )
        return None

    def sides(self, state: State) -> tuple[str, ...]:
        return tuple(state["sides"])

    def prompt(self, state: State) -> Prompt | None:
        return flow.prompt(state)

    def decide(self, state: State, command: Command, dice: Dice) -> list[Event]:
        return flow.decide(state, command, dice)

    def evolve(self, state: State, event: Event) -> State:
        return evolving.evolve(state, event)

    def view(self, state: State, side: str | None) -> dict[str, Any]:
        return view(state, side)

    def outcome(self, state: State) -> Outcome | None:
        recorded = state.get("outcome")
        return Outcome.from_dict(recorded) if recorded else None

    def legal(self, state: State, side: str) -> Iterator[Command]:
        """The commands ``side`` may give now: the deployment as it stands, take or
        pass the Initiative, each hero's declaration and the pass, or the acting
        area's own list (``legal`` of movement, shooting, combat)."""
        prompt = self.prompt(state)
        if prompt is None or side not in prompt.sides:
            return iter(())
        return iter(_legal(state, side, prompt))

    # -- what the platform may know ---------------------------------------------------

    @property
    def info(self) -> RulesetInfo:
        return RulesetInfo(
            id=self.id,
            name="Samurai Skirmish",
            edition="skirmish rules (2002)" + (", sample data" if self.catalogue.sample else ""),
            players=(2, 2),
            dice=(6,),
            sides=dict(SIDE_LABELS),
            factions=tuple(
                Faction(band.id, band.name) for band in self.catalogue.warbands.values()
            ),
            first_player="",
            endings=tuple(Ending(name, ENDING_LABELS[name]) for name in ENDINGS.values()),
            board="table",
        )

    def catalogue_view(self) -> dict[str, Any]:
        """The catalogue as views carry it (weapons, armour, strategies, masteries,
        stats lines, warbands, scenarios), for pages that draw a finished game."""
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
        return describe.describe(event, before)

    def event_kinds(self) -> frozenset[str]:
        return frozenset(evolving.HANDLERS) | TURN_EVENT_KINDS | {CONCEDED}

    def log_tags(self, event: Event) -> tuple[str, ...]:
        kind = event.get("type")
        if kind in BOOKKEEPING or (kind == "heroic_passed" and event.get("auto")):
            return ("bookkeeping",)
        if kind in COMBAT:
            return ("combat",)
        return ()


def _legal(state: State, side: str, prompt: Prompt) -> list[Command]:
    kind = prompt.kind
    if kind == deploy.DEPLOY:
        return [{"type": deploy.DEPLOY, "side": side, "positions": {}}]
    if kind == initiative.CHOICE:
        return [
            {"type": initiative.COMMAND, "side": side, "take": True},
            {"type": initiative.COMMAND, "side": side, "take": False},
        ]
    if kind == heroic.HEROIC:
        action = prompt.options["action"]
        return [
            *(
                {"type": heroic.HEROIC, "side": side, "unit": unit_id, "action": action}
                for unit_id in prompt.options["units"]
            ),
            {"type": heroic.HEROIC, "side": side, "unit": None, "action": action},
        ]
    phase = state["phase"]
    area = {"move": movement, "shoot": shooting, "combat": combat}.get(phase)
    if area is None:
        return []
    found: list[Command] = list(area.legal(state, side))
    return found
