"""The veteran: a bot that plays the skirmish as a player who knows the rules would.

It reads the public table (:mod:`.picture`), plans the prompt's answer best first
(:mod:`.plans`) and keeps the first command the rules accept (``decide`` raises
``CommandRefused`` on one they refuse: nothing is applied, the check is the engine's own).
A prompt it has no plan for, or whose every plan is refused, is answered with one of
``legal``'s commands from its seeded generator, and counted in ``fallbacks``.

Deterministic from its seed: the plans are sorted, never drawn; the generator only picks
among ``legal``'s commands when the plans fail.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from engine.core import Command, CommandRefused, Ruleset, SeededDice, State
from engine.skirmish.bots import plans
from engine.skirmish.bots.picture import Picture, picture

Plan = Callable[[Picture, Mapping[str, Any]], Iterator[Command]]

PLANS: Mapping[str, Plan] = {
    "deploy": plans.deploy,
    "initiative_choice": plans.initiative,
    "move": plans.move,
    "shoot": plans.shoot,
    "fight": plans.fight,
}
HEROIC = "heroic"
# The dice a plan is checked on (decide may roll: a charge's Courage test); the check
# keeps nothing of them.
CHECK_SEED = "veteran-check"
# At most this many plans are checked for one prompt before the fallback.
MAX_TRIES = 24


class VeteranBot:
    """Charges what it should beat, shoots the weakest target, spends Zen on extra
    rounds, and marches on the nearest enemy."""

    def __init__(self, seed: int | str) -> None:
        self._random = random.Random(seed)
        # How often no plan was accepted and a legal command was drawn instead.
        self.fallbacks = 0

    def choose(self, ruleset: Ruleset, state: State, side: str) -> Command | None:
        prompt = ruleset.prompt(state)
        if prompt is None or side not in prompt.sides:
            return None
        seen = picture(state, side)
        options = prompt.options if isinstance(prompt.options, Mapping) else {}
        candidates: Iterator[Command] | None = None
        if prompt.kind == HEROIC:
            candidates = plans.heroic(seen, options, str(state.get("phase")))
        elif prompt.kind in PLANS:
            candidates = PLANS[prompt.kind](seen, options)
        if candidates is not None:
            for tries, command in enumerate(candidates):
                if tries >= MAX_TRIES:
                    break
                if accepted(ruleset, state, command):
                    return command
            self.fallbacks += 1
        legal = list(ruleset.legal(state, side))
        return self._random.choice(legal) if legal else None


def accepted(ruleset: Ruleset, state: State, command: Command) -> bool:
    """Whether the rules take ``command`` now (``decide`` refuses before it applies)."""
    try:
        ruleset.decide(state, command, SeededDice(CHECK_SEED, 0))
    except CommandRefused:
        return False
    return True
