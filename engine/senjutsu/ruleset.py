"""The Senjutsu ruleset: the facade the platform talks to (``engine.core.Ruleset``).

Everything is delegated by rule area: the set-up (:mod:`.turn.setup`), who decides now
(:mod:`.turn.prompts`), deciding and settling a command (:mod:`.turn.settle`), evolve
(:mod:`.state.evolve`), views (:mod:`.state.views`) and sentences (:mod:`.describe`).
A ruleset reads one catalogue (the packaged sample data unless given another, such as
``load_catalogue(extra=[real cards])``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from engine.core import (
    BotChoice,
    Command,
    Dice,
    Ending,
    Event,
    Faction,
    GameFacts,
    Outcome,
    Prompt,
    Ruleset,
    RulesetInfo,
    Setup,
    StandingChoice,
    State,
    Termination,
)
from engine.hexgrid import Hex
from engine.senjutsu import describe as sentences
from engine.senjutsu.analysis import FIRST_PLAYER, card_names, game_facts
from engine.senjutsu.bots import BOTS
from engine.senjutsu.cards.catalogue import Catalogue, load_catalogue
from engine.senjutsu.grid.setup import TERRAIN_SPACING
from engine.senjutsu.opponents.setup import MAX_OPPONENTS, opponent_sides
from engine.senjutsu.position import edit_position
from engine.senjutsu.state import evolve as evolving
from engine.senjutsu.state.views import CardTexts, packaged_texts, view
from engine.senjutsu.turn import card_files, declining, prompts, settle, setup
from engine.senjutsu.turn.setup import SIDES

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


# The sample games' characters by seat (see ``Senjutsu.sample_setups``).
SAMPLE_TABLES: tuple[tuple[str, ...], ...] = (
    ("student", "master"),
    ("ronin", "warrior"),
    ("noblewoman", "ronin", "student"),
    ("warrior", "noblewoman"),
    ("master", "ronin"),
    ("student", "warrior"),
    ("master", "noblewoman", "ronin", "student", "warrior", "noblewoman"),
)
# Battlefield Setup 1: "If playing for the first time, choose the snowy battlefield board."
FIRST_BATTLEFIELD = "snowy-battlefield"


class Senjutsu(Ruleset):
    """Senjutsu 1.5: duels of 2 to 6 characters on a hex battlefield."""

    id = "senjutsu"
    command_key = "kind"
    title = "Senjutsu 1.5"
    version = "0.1.0"
    event_schema = 1

    def __init__(self, catalogue: Catalogue | None = None) -> None:
        self.catalogue = catalogue if catalogue is not None else load_catalogue()
        self.texts = packaged_texts() if catalogue is None else CardTexts(self.catalogue)

    # -- the game -------------------------------------------------------------------

    def start(self, setup_: Setup, seed: Dice) -> State:
        state = setup.start_state(self.catalogue, setup_, seed)
        return card_files.record_catalogue(self.catalogue, state)

    def replay_refusal(self, state: State) -> str | None:
        """A game played with other cards than this ruleset's catalogue is refused
        (:mod:`.turn.card_files`)."""
        return card_files.replay_refusal(self.catalogue, state)

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

    # -- declining and standing answers (engine.core.declining, engine.core.standing) --

    optional_prompt_kinds = declining.OPTIONAL_KINDS
    required_prompt_kinds = declining.REQUIRED

    def decline(self, state: State, side: str) -> Command | None:
        return declining.decline(state, side, self.catalogue)

    def standing_choices(self) -> tuple[StandingChoice, ...]:
        return declining.CHOICES

    def standing_answer(self, state: State, side: str) -> Command | None:
        return declining.standing_answer(state, side, self.catalogue)

    def describe(self, event: Event, before: State | None = None) -> str:
        return sentences.describe(event, self.catalogue, before)

    def event_kinds(self) -> frozenset[str]:
        return frozenset(evolving.HANDLERS)

    def log_tags(self, event: Event) -> tuple[str, ...]:
        return sentences.log_tags(event)

    def edit_position(self, state: State, edits: Sequence[Command]) -> State:
        """The position editor's edits (:mod:`.position`), checked by the rules."""
        return self.position(edit_position(self.position(state), edits, self.catalogue))

    # -- what the platform may know -------------------------------------------------

    @property
    def info(self) -> RulesetInfo:
        return RulesetInfo(
            id=self.id,
            name="Senjutsu",
            edition="1.5 (January 2026)" + (", sample card data" if self.catalogue.sample else ""),
            players=setup.PLAYERS,
            dice=(),
            sides={
                **{side: f"Side {side}" for side in SIDES},
                **{side: f"Opponent {side[1:]}" for side in opponent_sides(MAX_OPPONENTS)},
            },
            factions=tuple(Faction(c.id, c.name) for c in self.catalogue.characters.values()),
            first_player=FIRST_PLAYER,
            endings=ENDINGS,
            board="hex",
        )

    def bots(self) -> Mapping[str, BotChoice]:
        return BOTS

    def analyse(
        self, initial_state: State, events: Sequence[Event], outcome: Outcome
    ) -> GameFacts | None:
        return game_facts(initial_state, events, outcome, self.evolve, card_names(self.catalogue))

    def sample_setups(self) -> list[Setup]:
        """Games with the sample decks (:data:`SAMPLE_TABLES`), duels first (what most
        games are; the first as the Learn To Play book sets it: Student and Master on the
        snowy battlefield), then three and six players (the Noblewoman twice, as the box
        allows); each on another battlefield, with other core weapons, among a few rocks."""
        tables = [[self.catalogue.character(c) for c in table] for table in SAMPLE_TABLES]
        ids = [
            FIRST_BATTLEFIELD,
            *(b for b in self.catalogue.battlefields if b != FIRST_BATTLEFIELD),
        ]
        found: list[Setup] = []
        for k, seated in enumerate(tables):
            battlefield = self.catalogue.battlefield(ids[k % len(ids)])
            found.append(
                {
                    "mode": "duel",
                    "battlefield": battlefield.id,
                    "terrain": _rocks(battlefield.hexes),
                    "players": [
                        {
                            "side": side,
                            "character": character.id,
                            "weapon": character.weapons[(k + i) % len(character.weapons)],
                            "deck": None,
                            "prepared": [],
                        }
                        for i, (side, character) in enumerate(zip(SIDES, seated, strict=False))
                    ],
                }
            )
        found.extend(self._solo_setups())
        return found

    def _solo_setups(self) -> list[Setup]:
        """Solo duels (Solo Rules): each character against one opponent, then against
        two (offensive and defensive stances, nightmare cards in every other one)."""
        characters = list(self.catalogue.characters.values())
        rivals = list(self.catalogue.opponents.values())
        battlefields = list(self.catalogue.battlefields.values())
        found: list[Setup] = []
        for k, character in enumerate(characters):
            row = [rivals[k % len(rivals)]]
            if k % 2:
                row.append(rivals[(k + 3) % len(rivals)])
            found.append(
                {
                    "mode": "solo",
                    "battlefield": battlefields[k % len(battlefields)].id,
                    "terrain": _rocks(battlefields[k % len(battlefields)].hexes),
                    "players": [
                        {
                            "side": "A",
                            "character": character.id,
                            "weapon": character.weapons[k % len(character.weapons)],
                            "deck": None,
                            "prepared": [],
                        }
                    ],
                    "opponents": [
                        {
                            "opponent": rival.id,
                            "wound_limit": 3,
                            "stance": ("offensive", "defensive")[(k + i) % 2],
                            "nightmare": (k + i) % 2 == 1,
                        }
                        for i, rival in enumerate(row)
                    ],
                }
            )
        return found
