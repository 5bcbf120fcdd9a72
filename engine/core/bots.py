"""A bot that plays any ruleset by sampling its legal commands."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, Protocol

Command = dict[str, Any]
State = dict[str, Any]


class ListsLegalCommands(Protocol):
    """What the random bot needs of a ruleset (every ``Ruleset`` is one)."""

    def legal(self, state: State, side: str) -> Iterator[Command]: ...


class RandomBot:
    """Picks uniformly among ``Ruleset.legal`` commands, from its own seeded
    generator (never the global one), so a bot game is reproducible."""

    def __init__(self, seed: int | str) -> None:
        self._random = random.Random(seed)

    def choose(self, ruleset: ListsLegalCommands, state: State, side: str) -> Command | None:
        options = list(ruleset.legal(state, side))
        return self._random.choice(options) if options else None
