"""A bot that plays any ruleset by sampling its legal commands."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the ruleset module hands this bot out, so it is imported only for types
    from engine.core.ruleset import Command, Ruleset, State


class RandomBot:
    """Picks uniformly among ``Ruleset.legal`` commands, from its own seeded
    generator (never the global one), so a bot game is reproducible."""

    def __init__(self, seed: int | str) -> None:
        self._random = random.Random(seed)

    def choose(self, ruleset: Ruleset, state: State, side: str) -> Command | None:
        options = list(ruleset.legal(state, side))
        return self._random.choice(options) if options else None
