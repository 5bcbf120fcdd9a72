"""One sentence per skirmish event, for logs and replays: the turn's own sentences
(:mod:`.turn`), movement and morale's (:mod:`.moves`), shooting, combat and heroics'
(:mod:`.combat`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.core import Event
from engine.skirmish.describe import combat, moves, turn

Sentence = Callable[[Mapping[str, Any], Any], str]


def _merged(*tables: Mapping[str, Sentence]) -> dict[str, Sentence]:
    found: dict[str, Sentence] = {}
    for table in tables:
        twice = sorted(set(found) & set(table))
        if twice:
            raise ValueError(f"events described twice: {', '.join(twice)}")
        found.update(table)
    return found


SENTENCES: Mapping[str, Sentence] = _merged(turn.SENTENCES, moves.SENTENCES, combat.SENTENCES)


def describe(event: Event, before: Any = None) -> str:
    """The sentence of ``event`` (``before``: the state it applies to, for names)."""
    sentence = SENTENCES.get(event["type"])
    if sentence is None:
        return str(event["type"]).replace("_", " ")
    return sentence(event, before)
