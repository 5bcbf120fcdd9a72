"""The Senjutsu ruleset: the facade the platform talks to (``engine.core.Ruleset``).

Everything is delegated by rule area: the set-up (:mod:`.turn.setup`), who decides now
(:mod:`.turn.prompts`), deciding and settling a command (:mod:`.turn.settle`), evolve
(:mod:`.state.evolve`), views (:mod:`.state.views`) and sentences (:mod:`.describe`).
A ruleset reads one catalogue (the packaged sample data unless given another, such as
``load_catalogue(extra=[real cards])``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.core import (
    Command,
    Dice,
    Ending,
    Event,
    Faction,
    Outcome,
    Prompt,
    Ruleset,
    RulesetInfo,
    Setup,
    State,
    Termination,
)
from engine.senjutsu import describe as sentences
from engine.senjutsu.cards.catalogue import Catalogue, load_catalogue
from engine.senjutsu.state import evolve as evolving
from engine.senjutsu.state.views import view
from engine.senjutsu.turn import prompts, settle, setup
from engine.senjutsu.turn.setup import SIDES

ENDINGS = (
    Ending(Termination.ANNIHILATION.value, "Last character standing"),
    Ending(Termination.CONCESSION.value, "Concession"),
)


class Senjutsu(Ruleset):
    """Senjutsu 1.5: duels of 2 to 6 characters on a hex battlefield."""

    id = "senjutsu"
    title = "Senjutsu 1.5"
    version = "0.1.0"
    event_schema = 1

    def __init__(self, catalogue: Catalogue | None = None) -> None:
        self.catalogue = catalogue if catalogue is not None else load_catalogue()

    # -- the game -------------------------------------------------------------------

    def start(self, setup_: Setup, seed: Dice) -> State:
        return setup.start_state(self.catalogue, setup_, seed)

    def sides(self, state: State) -> tuple[str, ...]:
        return tuple(state["sides"])

    def prompt(self, state: State) -> Prompt | None:
        return prompts.pending(state, self.catalogue)

    def decide(self, state: State, command: Command, dice: Dice) -> list[Event]:
        return settle.decide(state, command, dice, self.catalogue, evolving.evolve)

    def evolve(self, state: State, event: Event) -> State:
        return evolving.evolve(state, event)

    def view(self, state: State, side: str | None) -> dict[str, Any]:
        return view(state, side, self.catalogue)

    def outcome(self, state: State) -> Outcome | None:
        if state["phase"] != "over":
            return None
        termination = Termination(state["ending"])
        return Outcome(termination, state["winner"])

    def legal(self, state: State, side: str) -> Iterator[Command]:
        prompt = self.prompt(state)
        if prompt is None or side not in prompt.sides:
            return iter(())
        return iter(prompts.choices(state, side, prompt.kind, self.catalogue))

    def describe(self, event: Event) -> str:
        return sentences.describe(event, self.catalogue)

    # -- what the platform may know -------------------------------------------------

    @property
    def info(self) -> RulesetInfo:
        return RulesetInfo(
            id=self.id,
            name="Senjutsu",
            edition="1.5 (January 2026), sample card data",
            players=setup.PLAYERS,
            dice=(),
            sides={side: f"Side {side}" for side in SIDES},
            factions=tuple(Faction(c.id, c.name) for c in self.catalogue.characters.values()),
            first_player="",
            endings=ENDINGS,
            board="hex",
        )

    def sample_setups(self) -> list[Setup]:
        """Duels of every pair of characters with their sample decks, on the first
        battlefield with a few rocks."""
        characters = list(self.catalogue.characters.values())
        battlefield = next(iter(self.catalogue.battlefields.values()))
        found: list[Setup] = []
        for i, first in enumerate(characters):
            for second in characters[i + 1 :]:
                found.append(
                    {
                        "mode": "duel",
                        "battlefield": battlefield.id,
                        "terrain": [],
                        "players": [
                            {"side": "A", "character": first.id, "weapon": first.weapons[0], "deck": None, "prepared": []},
                            {"side": "B", "character": second.id, "weapon": second.weapons[0], "deck": None, "prepared": []},
                        ],
                    }
                )
        return found
