"""The look-ahead bot: it plays the card that does best against what the other
side may hold, and answers every other prompt with the legal command that
leaves it best placed.

The sealed choice (Turn Structure In Detail > Choose): for each card it may
play and each card the other side may hold (:func:`beliefs.unknown_cards`: the
other character's deck list less what it has seen face up, its core cards, a
stun if it holds one), it plays the reveal and the whole resolve step out on a
:func:`beliefs.determinised` copy of the state with the other side's card set
to that one, and scores the turn by :func:`judgement.judge` (wounds dealt minus
taken first). It keeps the card with the best score summed over the other
side's cards, each weighed by how many copies of it may be in its hand.

Every other prompt (placement, the effects' choices, ordering, trimming the
hand): the legal command whose outcome the judgement likes best, one step
ahead, on a determinised copy too. Commands always come from ``legal`` of the
real state: the bot never submits anything else. Ties go to the bot's own
seeded generator, so a bot game is reproducible.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import Command, CommandRefused, Ruleset, SeededDice, State
from engine.senjutsu.bots.beliefs import STUN, always_in_hand, determinised, hold
from engine.senjutsu.bots.judgement import judge
from engine.senjutsu.cards import Catalogue, load_catalogue

# Events after which a simulated turn is over.
TURN_OVER = frozenset({"turn_ended", "game_over"})


class LookaheadBot:
    """Looks one turn ahead for its card, one step ahead for everything else.

    ``candidates`` bounds the other side's cards tried per choice (drawn by
    weight when there are more), ``width`` the commands tried one step ahead for
    any other prompt (drawn at random when there are more: a placement has one
    per hex and facing), ``breadth`` the commands tried per prompt inside a
    simulated turn, ``limit`` the commands a simulated turn may take."""

    def __init__(
        self,
        seed: int | str,
        *,
        candidates: int = 6,
        width: int = 24,
        breadth: int = 2,
        limit: int = 200,
    ) -> None:
        self._random = random.Random(seed)
        self._seed = f"lookahead/{seed}"
        self._simulations = 0
        self._catalogue: Catalogue | None = None
        self.candidates = candidates
        self.width = width
        self.breadth = breadth
        self.limit = limit

    def choose(self, ruleset: Ruleset, state: State, side: str) -> Command | None:
        self._catalogue = _catalogue(ruleset)
        options = list(ruleset.legal(state, side))
        if len(options) <= 1:
            return options[0] if options else None
        prompt = ruleset.prompt(state)
        view = ruleset.view(state, side)
        guess, pools = determinised(state, view, side, self._random, _catalogue(ruleset))
        if prompt is not None and prompt.sealed and _all_choices(options):
            return self._card(ruleset, guess, side, options, view=view, pools=pools)
        if len(options) > self.width:  # e.g. placement: every hex and facing
            options = self._random.sample(options, self.width)
        return self._best_step(ruleset, guess, side, options)

    # -- the sealed choice -------------------------------------------------------------

    def _card(
        self,
        ruleset: Ruleset,
        guess: State,
        side: str,
        options: Sequence[Command],
        *,
        view: Mapping[str, Any],
        pools: Mapping[str, list[str]],
    ) -> Command:
        rivals = sorted(pools)
        if len(rivals) != 1:  # several rivals: their guessed hands play themselves
            return self._best_turn(ruleset, [(guess, 1, None)], side, options)
        rival = rivals[0]
        worlds: list[tuple[State, int, Command | None]] = []
        for card, weight in self._rival_cards(guess, view, pools[rival], rival):
            found = _with_card(ruleset, guess, view, rival, card, catalogue=self._catalogue)
            if found is not None:
                worlds.append((found[0], weight, found[1]))
        return self._best_turn(ruleset, worlds or [(guess, 1, None)], side, options)

    def _rival_cards(
        self, guess: State, view: Mapping[str, Any], pool: Sequence[str], rival: str
    ) -> list[tuple[str, int]]:
        """The rival's possible cards with their weights, at most ``candidates``."""
        seen = view["characters"][rival]
        weights = Counter(card for card in pool if _choosable(card, seen, self._catalogue))
        for card in always_in_hand(guess["characters"][rival], self._catalogue):
            weights[card] = max(weights[card], 1)
        if int(seen.get("stuns", 0) or 0) > 0:
            weights[STUN] = max(weights[STUN], 1)
        found = sorted(weights.items())
        if len(found) <= self.candidates:
            return found
        picked = self._random.sample(
            [card for card, _ in found], self.candidates, counts=[w for _, w in found]
        )
        return sorted((card, weights[card]) for card in set(picked))

    def _best_turn(
        self,
        ruleset: Ruleset,
        worlds: Sequence[tuple[State, int, Command | None]],
        side: str,
        options: Sequence[Command],
    ) -> Command:
        scores = []
        for option in options:
            total = 0
            for world, weight, answer in worlds:
                played = self._play_turn(ruleset, world, side, option, answer)
                total += weight * judge(played, side)
            scores.append(total)
        return self._pick(options, scores)

    def _play_turn(
        self,
        ruleset: Ruleset,
        world: State,
        side: str,
        option: Command,
        answer: Command | None,
    ) -> State:
        """``world`` after ``side`` plays ``option`` (and the rival ``answer``, if it
        has not chosen yet) and the turn is played out (every other prompt answered
        by :meth:`_quick`), or as far as it could go."""
        state = self._apply(ruleset, world, option)
        if state is None:
            return world
        if answer is not None and not state.get("_turn_over"):
            state = self._apply(ruleset, state, answer) or state
        for _ in range(self.limit):
            if state.get("_turn_over"):
                break
            prompt = ruleset.prompt(state)
            if prompt is None:
                break
            who = prompt.sides[0]
            commands = list(ruleset.legal(state, who))
            if not commands:
                break
            following = self._quick(ruleset, state, who, commands)
            if following is None:
                break
            state = following
        state.pop("_turn_over", None)
        return state

    def _quick(
        self, ruleset: Ruleset, state: State, who: str, commands: Sequence[Command]
    ) -> State | None:
        """Inside a simulated turn: the state after the best of up to ``breadth``
        commands, one step ahead (the rest are not tried)."""
        tried = (
            list(commands)
            if len(commands) <= self.breadth
            else self._random.sample(list(commands), self.breadth)
        )
        return self._steps(ruleset, state, who, tried)[1]

    # -- one step ahead -----------------------------------------------------------------

    def _best_step(
        self, ruleset: Ruleset, state: State, side: str, options: Sequence[Command]
    ) -> Command:
        return self._steps(ruleset, state, side, options)[0]

    def _steps(
        self, ruleset: Ruleset, state: State, side: str, options: Sequence[Command]
    ) -> tuple[Command, State | None]:
        """The option whose outcome :func:`judge` likes best for ``side``, and that
        outcome (``None`` if the rules refused it on this state)."""
        afters = [self._apply(ruleset, state, option) for option in options]
        scores = [judge(state if after is None else after, side) for after in afters]
        best = max(scores)
        picked = self._random.choice([i for i, score in enumerate(scores) if score == best])
        return options[picked], afters[picked]

    def _apply(self, ruleset: Ruleset, state: State, command: Command) -> State | None:
        """``state`` after ``command`` on the bot's own simulation dice, marked
        ``_turn_over`` when the turn ended; ``None`` if the rules refuse it there
        (a guessed state may differ from the real one)."""
        self._simulations += 1
        try:
            events = ruleset.decide(state, command, SeededDice(self._seed, self._simulations))
        except CommandRefused:
            return None
        over = False
        for event in events:
            state = ruleset.evolve(state, event)
            over = over or event.get("type") in TURN_OVER
        if over:
            state = {**state, "_turn_over": True}
        return state

    def _pick(self, options: Sequence[Command], scores: Sequence[int]) -> Command:
        """The best-scored option (ties: the bot's own generator)."""
        best = max(scores)
        return self._random.choice([o for o, s in zip(options, scores, strict=True) if s == best])


def _all_choices(options: Sequence[Command]) -> bool:
    return all(option.get("kind") == "choose" for option in options)


def _choosable(card_id: str, seen: Mapping[str, Any], catalogue: Catalogue | None) -> bool:
    """Whether a character as ``side`` sees it could choose ``card_id`` (Turn
    Structure In Detail > Choose: enough focus for its cost, in its Kamae; Instant
    Cards: an instant additional card is not chosen)."""
    card = (catalogue or load_catalogue()).cards.get(card_id)
    if card is None:
        return True
    if card.focus_cost > int(seen.get("focus", 0) or 0):
        return False
    if card.kamae is not None and card.kamae != seen.get("kamae_type"):
        return False
    return card.instant != "additional"


def _catalogue(ruleset: Ruleset) -> Catalogue | None:
    """The catalogue the ruleset reads (its own cards), if it says."""
    found = getattr(ruleset, "catalogue", None)
    return found if isinstance(found, Catalogue) else None


def _with_card(
    ruleset: Ruleset,
    guess: State,
    view: Mapping[str, Any],
    rival: str,
    card: str,
    *,
    catalogue: Catalogue | None,
) -> tuple[State, Command | None] | None:
    """``guess`` with the rival's played card (or, before it chose, its hand)
    holding ``card``, and the rival's choice to play then; ``None`` if the rival
    could not choose it now."""
    world = copy.deepcopy(guess)
    character = world["characters"][rival]
    hold(character, card, always_in_hand(character, catalogue))
    if view["characters"][rival].get("played"):  # chosen, face down
        character["played"] = {**character["played"], "card": card}
        return world, None
    for command in ruleset.legal(world, rival):
        if command.get("kind") != "choose":
            continue
        if (card == STUN and command.get("stun")) or command.get("card") == card:
            return world, command
    return None
