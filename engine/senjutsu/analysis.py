"""The facts of a finished Senjutsu duel, for the analysis read models.

A fold over the recorded events (the contract's events, section 8), reading
what the rules decided: who was on top of the advantage track when the duel
began (Setup > Player Setup, step 10), which cards each side revealed and how
often (Turn Structure In Detail > Reveal, Instant Cards), the wounds and stuns
each side dealt and took, and the focus it gained and spent. No I/O, no clock:
the same record always gives the same facts.

What the meta pages read (generically, for any card-driven system):

- a side's ``faction`` is its character (a solo opponent's id for a solo
  opponent), so the faction tables are the characters' win rates and matchups;
- a :class:`UnitFacts` of type ``"card"`` per card a side revealed in the
  game (``unit``: the side and the card id, ``A.s-017``, unique in the game as the
  read model wants it though both sides may play the same basic card; ``name``:
  its name, ``cost`` 0, ``extra``: ``{"card": id, "times": n, "card_type": ...}``),
  so the unit tables give each card's play
  rate and its win rate when played (17lands' "game in hand" win rate), with
  the win rate of the character's games without it.

Interpretations, where the rulebook has nothing to say about statistics:

- *revealed*: a card turned face up in the reveal step (``revealed``), an
  instant replacement (``replaced``: the original card counts too, it was
  revealed), and any other card a side resolved in the turn (``resolving``:
  instant additional cards played from hand); a stun played instead of a card
  is no card. A card counts once per turn however many of its parts resolve;
- *wounds taken*: every rise of a side's wounds and bleeding wounds from one
  event to the next (a bleeding wound counts as a wound, Attacks > Bleeding),
  whatever caused it; those of drawing from an empty deck (Turn Structure In
  Detail > Draw) are also counted on their own; *dealt*: the ``wounds`` and
  ``bleeding`` of each ``wounded`` event whose ``by`` is another side (a side's
  own collisions deal it wounds by nobody); a card's ``casualties_caused`` are
  the wounds it dealt to other sides;
- *focus*: every rise of a side's focus from one event to the next is gained,
  every fall spent (a card's focus cost, an optional line paid; a refunded cost,
  Revealing Instant Replacement Ability Cards, counts as spent then gained);
- *defeated by*: ``"wounds"`` (wounds up to the wound limit), ``"stuns"`` (stuns
  up to the hand size), the ``cause`` a ``defeated`` event names (``"execution"``),
  or ``"concession"`` (Winning The Game);
- *the first-player mark*: the top of the advantage track in the initial
  state (``RulesetInfo.first_player`` should name it "top of the advantage track").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.core import Event, GameFacts, Outcome, SideFacts, State, Termination, UnitFacts
from engine.senjutsu.cards import Catalogue, load_catalogue

# How a duel ended, by the outcome's termination (the names ``Senjutsu.info`` lists):
# the last undefeated character won (Winning The Game), a side conceded, or a limit
# the platform sets (a turn cap for bot games, a scenario's goal) was reached.
ENDINGS: Mapping[Termination, str] = {termination: termination.value for termination in Termination}

# How the pages name each ending (for ``RulesetInfo.endings``).
ENDING_LABELS: Mapping[str, str] = {
    Termination.ANNIHILATION.value: "Last character standing",
    Termination.CONCESSION.value: "Concession",
    Termination.TURN_LIMIT.value: "Turn limit",
    Termination.VICTORY_CONDITION.value: "Scenario goal",
}

# The first-player mark's name (for ``RulesetInfo.first_player``).
FIRST_PLAYER = "top of the advantage track"

# The unit type of a revealed card in the facts (the meta pages' card tables).
CARD = "card"
# What a side plays instead of a card (Other Ability Card Icons > Stun).
STUN = "stun"

CardNames = Callable[[str], tuple[str, str]]


class _Tally:
    """What the fold gathers, event by event."""

    def __init__(self, sides: Sequence[str]) -> None:
        self.turn = 0
        self.played: dict[str, dict[str, int]] = {side: {} for side in sides}
        self.this_turn: set[tuple[str, str]] = set()
        self.card_wounds: dict[tuple[str, str], int] = {}
        self.wounds_taken = dict.fromkeys(sides, 0)
        self.bleeding_taken = dict.fromkeys(sides, 0)
        self.wounds_dealt = dict.fromkeys(sides, 0)
        self.empty_deck_wounds = dict.fromkeys(sides, 0)
        self.stuns_taken = dict.fromkeys(sides, 0)
        self.stuns_dealt = dict.fromkeys(sides, 0)
        self.stuns_played = dict.fromkeys(sides, 0)
        self.focus_gained = dict.fromkeys(sides, 0)
        self.focus_spent = dict.fromkeys(sides, 0)
        self.defeated_on: dict[str, int] = {}
        self.defeated_by: dict[str, str] = {}
        self.conceded: set[str] = set()

    def see(self, event: Event, state: State) -> None:
        kind = event.get("type")
        if kind == "turn_started":
            self.turn = int(event["turn"])
            self.this_turn = set()
        elif kind == "revealed":
            for side, card in sorted(event["cards"].items()):
                if card == STUN:
                    self.stuns_played[side] += 1
                else:
                    self.reveal(side, card)
        elif kind == "replaced":
            for key in ("replaced", "card"):
                if event.get(key) is not None:
                    self.reveal(event["side"], event[key])
        elif kind == "resolving":
            if event.get("card") not in (None, STUN):
                self.reveal(event["side"], event["card"])
        elif kind == "wounded":
            self.wounded(event)
        elif kind == "drew_wound":
            self.empty_deck_wounds[event["side"]] += int(event.get("wounds", 1))
        elif kind == "stunned":
            self.stuns_taken[event["side"]] += 1
            by = event.get("by")
            if by in self.stuns_dealt and by != event["side"]:
                self.stuns_dealt[by] += 1
        elif kind == "conceded":
            self.conceded.add(event["side"])
        elif kind == "defeated":
            self.defeated(event, state)

    def reveal(self, side: str, card: str) -> None:
        if (side, card) in self.this_turn:
            return
        self.this_turn.add((side, card))
        self.played[side][card] = self.played[side].get(card, 0) + 1

    def wounded(self, event: Event) -> None:
        side = event["side"]
        wounds, bleeding = int(event.get("wounds", 0)), int(event.get("bleeding", 0))
        by = event.get("by")
        if by in self.wounds_dealt and by != side:
            self.wounds_dealt[by] += wounds + bleeding
            card = event.get("card")
            if card is not None:
                key = (by, card)
                self.card_wounds[key] = self.card_wounds.get(key, 0) + wounds + bleeding

    def defeated(self, event: Event, state: State) -> None:
        """When and how a side was defeated (Winning The Game): the state is the
        one before the event."""
        side = event["side"]
        if side in self.defeated_on:
            return
        self.defeated_on[side] = self.turn
        character = state["characters"][side]
        wounds = int(character.get("wounds", 0)) + int(character.get("bleeding", 0))
        if side in self.conceded:
            cause = "concession"
        elif event.get("cause"):
            cause = str(event["cause"])
        elif wounds >= int(character.get("wound_limit", wounds + 1)):
            cause = "wounds"
        elif int(character.get("stuns", 0)) >= int(character.get("hand_limit", 1 << 30)):
            cause = "stuns"
        else:
            cause = "other"
        self.defeated_by[side] = cause

    def changes(self, before: State, after: State) -> None:
        """What one event changed of each side's focus (every rise gained, every fall
        spent) and wounds (every rise taken, whatever dealt it)."""
        for side in self.focus_gained:
            was, now = before["characters"][side], after["characters"][side]
            change = int(now.get("focus", 0)) - int(was.get("focus", 0))
            if change > 0:
                self.focus_gained[side] += change
            else:
                self.focus_spent[side] -= change
            bleeding = int(now.get("bleeding", 0)) - int(was.get("bleeding", 0))
            wounds = int(now.get("wounds", 0)) - int(was.get("wounds", 0)) + bleeding
            self.wounds_taken[side] += max(wounds, 0)
            self.bleeding_taken[side] += max(bleeding, 0)


def faction_of(character: Mapping[str, Any]) -> str:
    """A side's faction: its character, or the solo opponent it plays."""
    solo = character.get("solo")
    if solo:
        return str(solo["opponent"])
    return str(character["character"])


def card_names(catalogue: Catalogue) -> CardNames:
    """A card's name and type from ``catalogue`` (the id and ``"unknown"`` for a
    card it does not hold: a user's own data file the ruleset was not given)."""

    def name(card: str) -> tuple[str, str]:
        found = catalogue.cards.get(card)
        return (card, "unknown") if found is None else (found.name, found.type)

    return name


def catalogue_card_names(card: str) -> tuple[str, str]:
    """A card's name and type from the packaged sample catalogue."""
    return card_names(load_catalogue())(card)


def game_facts(
    initial: State,
    events: Sequence[Event],
    outcome: Outcome,
    evolve: Callable[[State, Event], State],
    card_names: CardNames = catalogue_card_names,
) -> GameFacts:
    """The facts of a finished duel from its initial state and every event.

    ``evolve`` is the ruleset's; ``card_names`` gives a card id's name and type
    (the catalogue's)."""
    sides = tuple(initial["sides"])
    tally = _Tally(sides)
    state = initial
    for event in events:
        tally.see(event, state)
        after = evolve(state, event)
        tally.changes(state, after)
        state = after
    ending = ENDINGS[outcome.termination]
    top = initial["advantage"][0] if initial.get("advantage") else None
    facts = []
    for side in sides:
        character = initial["characters"][side]
        facts.append(
            SideFacts(
                side=side,
                faction=faction_of(character),
                victory_points=1 if outcome.winner == side else 0,
                ending=ending,
                turns=tally.turn,
                first=None if top is None else top == side,
                extra={
                    "weapon": character.get("weapon"),
                    "wounds_taken": tally.wounds_taken[side],
                    "bleeding_taken": tally.bleeding_taken[side],
                    "wounds_dealt": tally.wounds_dealt[side],
                    "empty_deck_wounds": tally.empty_deck_wounds[side],
                    "stuns_taken": tally.stuns_taken[side],
                    "stuns_dealt": tally.stuns_dealt[side],
                    "stuns_played": tally.stuns_played[side],
                    "cards_played": sum(tally.played[side].values()),
                    "focus_gained": tally.focus_gained[side],
                    "focus_spent": tally.focus_spent[side],
                    "defeated_on_turn": tally.defeated_on.get(side),
                    "defeated_by": tally.defeated_by.get(side),
                },
            )
        )
    units = []
    for side in sides:
        survived = side not in tally.defeated_on
        for card, times in sorted(tally.played[side].items()):
            name, card_type = card_names(card)
            units.append(
                UnitFacts(
                    side=side,
                    unit=f"{side}.{card}",
                    name=name,
                    type=CARD,
                    casualties_caused=tally.card_wounds.get((side, card), 0),
                    casualties_suffered=0,
                    survived=survived,
                    extra={"card": card, "times": times, "card_type": card_type},
                )
            )
    return GameFacts(sides=tuple(facts), units=tuple(units))
