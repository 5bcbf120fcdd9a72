"""A game played with card files of the organiser's own (``load_catalogue(extra=...)``):
what its first state records of them, and when a replay must be refused.

The rulebook prints no card, so the packaged catalogue is sample data; a player who owns
the game loads the real cards as extra files. A game started under such a catalogue
records, in its first state, the catalogue's fingerprint (``"catalogue"``) and the JSON of
every card, Kamae tree and terrain piece that differs from the packaged data
(``card_data``, ``tree_data``, ``terrain_data``: the effects read those first). A game
under the packaged catalogue records nothing more, so its states (and the golden records'
hashes) are those of before: a state without ``"catalogue"`` was played with the
packaged data.

A game is replayed only under the catalogue it was played with: another one could draw,
resolve and name its cards differently, a wrong board rather than an error.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import State
from engine.senjutsu.cards.catalogue import Catalogue, load_catalogue
from engine.senjutsu.cards.model import to_json

FINGERPRINT = "catalogue"
"""The state key of the fingerprint of a catalogue other than the packaged one."""
EMBEDDED = {"card_data": "cards", "tree_data": "trees", "terrain_data": "terrain_kinds"}
"""The state tables the effects read first, and the catalogue section each comes from."""


def _changed(own: Mapping[str, Any], packaged: Mapping[str, Any]) -> dict[str, Any]:
    """The records of ``own`` that the packaged section lacks or holds otherwise, as JSON."""
    changed = {}
    for key, record in own.items():
        plain = to_json(record)
        if key not in packaged or to_json(packaged[key]) != plain:
            changed[key] = plain
    return changed


def record_catalogue(catalogue: Catalogue, state: State) -> State:
    """The first state, with what it must record of a catalogue not the packaged one."""
    packaged = load_catalogue()
    if catalogue.fingerprint == packaged.fingerprint:
        return state
    recorded: State = {**state, FINGERPRINT: catalogue.fingerprint}
    for table, section in EMBEDDED.items():
        changed = _changed(getattr(catalogue, section), getattr(packaged, section))
        if changed:
            recorded[table] = changed
    return recorded


def played_with(state: State) -> str:
    """The fingerprint of the catalogue a game was played with."""
    recorded = state.get(FINGERPRINT)
    return recorded if isinstance(recorded, str) else load_catalogue().fingerprint


def replay_refusal(catalogue: Catalogue, state: State) -> str | None:
    """Why a game in ``state`` cannot be replayed under ``catalogue``, or ``None``."""
    recorded = played_with(state)
    if recorded == catalogue.fingerprint:
        return None
    packaged = load_catalogue().fingerprint

    def named(fingerprint: str) -> str:
        short = fingerprint.removeprefix("sha256:")[:12]
        return "the packaged sample cards" if fingerprint == packaged else f"cards {short}"

    return (
        f"this Senjutsu game was played with {named(recorded)} ({recorded}), "
        f"but the Senjutsu cards loaded now are {named(catalogue.fingerprint)}: "
        "load the card files it was played with to replay or play it"
    )
