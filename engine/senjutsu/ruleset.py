"""The Senjutsu ruleset: the facade the platform talks to (``engine.core.Ruleset``).

Everything is delegated by rule area: the set-up (:mod:`.turn.setup`), who decides now
(:mod:`.turn.prompts`), deciding and settling a command (:mod:`.turn.settle`), evolve
(:mod:`.state.evolve`), views (:mod:`.state.views`) and sentences (:mod:`.describe`).
A ruleset reads one catalogue (the packaged sample data unless given another, such as
``load_catalogue(extra=[real cards])``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
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
from engine.hexgrid import Hex
from engine.senjutsu import describe as sentences
from engine.senjutsu.cards.catalogue import Catalogue, load_catalogue
from engine.senjutsu.grid.setup import TERRAIN_SPACING
from engine.senjutsu.state import evolve as evolving
from engine.senjutsu.state.views import CardTexts, packaged_texts, view
from engine.senjutsu.turn import prompts, settle, setup
from engine.senjutsu.turn.setup import SIDES, TWICE_ALLOWED

ENDINGS = (
    Ending(Termination.ANNIHILATION.value, "Last character standing"),
    Ending(Termination.CONCESSION.value, "Concession"),
)


def _rocks(hexes: Sequence[tuple[int, int]]) -> list[dict[str, Any]]:
    """Two rocks a third and two thirds of the way through a battlefield's hexes, more
    than 2 hexes apart (Battlefield Setup step 2)."""
    board = [Hex(q, r) for q, r in sorted(hexes)]
    first = board[len(board) // 3]
    second = next(h for h in board[2 * len(board) // 3 :] if h.distance(first) > TERRAIN_SPACING)
    return [{"terrain": "rocks", "hex": h.to_json(), "facing": 0} for h in (first, second)]


class Senjutsu(Ruleset):
    """Senjutsu 1.5: duels of 2 to 6 characters on a hex battlefield."""

    id = "senjutsu"
    title = "Senjutsu 1.5"
    version = "0.1.0"
    event_schema = 1

    def __init__(self, catalogue: Catalogue | None = None) -> None:
        self.catalogue = catalogue if catalogue is not None else load_catalogue()
        self.texts = packaged_texts() if catalogue is None else CardTexts(self.catalogue)

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
        return view(state, side, self.texts)

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
        """Six-player games (the sides ``info`` lists, A to F) with the sample decks: each
        set-up seats every character (the Noblewoman twice, as the box allows) in another
        order, with other core weapons, on another battlefield, among a few rocks.
        Duels and smaller games are set up the same way with fewer players."""
        characters = list(self.catalogue.characters.values())
        seats = [*characters, *(c for c in characters if c.id in TWICE_ALLOWED)][: len(SIDES)]
        battlefields = list(self.catalogue.battlefields.values())
        found: list[Setup] = []
        for k in range(len(seats)):
            seated = seats[k:] + seats[:k]
            found.append(
                {
                    "mode": "duel",
                    "battlefield": battlefields[k % len(battlefields)].id,
                    "terrain": _rocks(battlefields[k % len(battlefields)].hexes),
                    "players": [
                        {
                            "side": side,
                            "character": character.id,
                            "weapon": character.weapons[(k + i) % len(character.weapons)],
                            "deck": None,
                            "prepared": [],
                        }
                        for i, (side, character) in enumerate(zip(SIDES, seated, strict=True))
                    ],
                }
            )
        return found
