"""Senjutsu's position editor: a judge sets up a situation (where a character stands
and faces, its wounds and stuns, the cards in a player's hand) and the rules check what
the battlefield and the cards allow. It is a judge's tool, not a rule of the game.

Edits (plain JSON, applied in order; the first wrong one refuses them all):

* ``{"edit": "move", "character": "A", "hex": [q, r], "facing": 0-5}``: the character
  of side ``A`` to an empty hex of the battlefield (not terrain, no other character),
  facing one of the six hex sides.
* ``{"edit": "markers", "character": "A", "wounds": 1, "bleeding": 0, "stuns": 1}``:
  any of its markers, each checked against what the rules let it hold (a character whose
  wounds reach its wound limit, or whose stuns reach its hand limit, is defeated).
* ``{"edit": "hand", "character": "A", "cards": [ids]}``: the player's hand becomes
  ``cards``. Every card comes from the player's own cards (hand, deck, discard pile): a
  card brought into the hand leaves the deck (or, if not there, the discard pile), so
  no card is ever duplicated; a card leaving the hand goes face down to the discard
  pile (a status card back to the supply). Core cards never leave the hand, and the
  non-core cards with the stuns stay within the hand limit (or, if the turn's draw put
  the hand over it, no further over).

Only characters standing on the battlefield are edited (placement places the others),
and the solo rules' opponents only moved (their cards are the solo deck's). The new
state is checked again by ``Ruleset.position``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from engine.core import Command, IllegalCommand, InvalidCommand, State
from engine.core.edits import apply_edits, only_fields, subject
from engine.hexgrid import Hex
from engine.senjutsu import rules
from engine.senjutsu.cards.catalogue import Catalogue
from engine.senjutsu.state.access import (
    board_hexes,
    hand_size,
    occupied,
    solid_hexes,
    with_character,
)

MAX_HAND = 40  # cards named in one hand edit, at most (a size limit, not a rule)
MAX_ID = 60
RULE = "Position editor: a character stands on an empty hex of the battlefield"
CARDS_RULE = "Position editor: a player's hand holds that player's own cards"
MARKERS = ("wounds", "bleeding", "stuns")
FACINGS = 6


def edit_position(state: State, edits: Sequence[Command], catalogue: Catalogue) -> State:
    """``state`` with ``edits`` applied (see the module); never changes ``state``."""
    return apply_edits(state, edits, lambda s, e: _apply(s, e, catalogue))


def _apply(state: State, edit: Any, catalogue: Catalogue) -> State:
    kind, side = subject(edit, "character", state["characters"], "character")
    mine = state["characters"][side]
    people = catalogue.opponents if mine.get("solo") else catalogue.characters
    who = people.get(mine["character"])
    name = f"{who.name if who is not None else mine['character']} ({side})"
    if mine["defeated"] or mine["hex"] is None:
        raise IllegalCommand(f"{name} is not on the battlefield", rule=RULE)
    if kind == "move":
        only_fields(edit, {"edit", "character", "hex", "facing"})
        return _move(state, side, name, _hex(edit.get("hex")), _facing(edit.get("facing")))
    if kind not in ("markers", "hand"):
        raise InvalidCommand(f"edit must be move, markers or hand, not {str(kind)[:20]!r}")
    if mine.get("solo"):
        raise IllegalCommand(
            f"{name} is an opponent of the solo rules: the editor only moves it", rule=RULE
        )
    before = hand_size(state, side, catalogue)
    if kind == "markers":
        only_fields(edit, {"edit", "character", *MARKERS})
        state = _markers(state, side, name, edit)
    else:
        only_fields(edit, {"edit", "character", "cards"})
        state = _hand(state, side, name, edit.get("cards"), catalogue)
    limit = state["characters"][side]["hand_limit"]
    size = hand_size(state, side, catalogue)
    if size > max(limit, before):
        # A hand over the limit that the turn made (the Draw step's card, before the
        # Discard step) may stay so, but no edit takes it further over.
        raise IllegalCommand(
            f"{name} would hold {size} cards and stuns (core cards do not count): over "
            f"its hand limit of {limit}" + (f" and the {before} it held" if before > limit else ""),
            rule=rules.HAND_LIMIT,
        )
    return state


def _move(state: State, side: str, name: str, where: Hex, facing: int) -> State:
    if where not in board_hexes(state):
        raise IllegalCommand(
            f"{name}: {where.to_json()} is not a hex of the battlefield", rule=RULE
        )
    if where in solid_hexes(state):
        raise IllegalCommand(f"{name}: {where.to_json()} is terrain", rule=RULE)
    other = occupied(state).get(where)
    if other is not None and other != side:
        raise IllegalCommand(
            f"{name}: the character of side {other} stands on {where.to_json()}", rule=RULE
        )
    return with_character(state, side, {"hex": where.to_json(), "facing": facing})


def _markers(state: State, side: str, name: str, edit: dict[str, Any]) -> State:
    mine = state["characters"][side]
    changes = {marker: _count(edit, marker) for marker in MARKERS if marker in edit}
    new = {**mine, **changes}
    if new["wounds"] + new["bleeding"] >= mine["wound_limit"]:
        raise IllegalCommand(
            f"{name} can hold 0 to {mine['wound_limit'] - 1} wounds (bleeding ones count), "
            f"not {new['wounds'] + new['bleeding']}: at its wound limit it is defeated",
            rule=rules.WINNING,
        )
    if new["stuns"] >= mine["hand_limit"]:
        raise IllegalCommand(
            f"{name} can hold 0 to {mine['hand_limit'] - 1} stuns, not {new['stuns']}: "
            "stuns reaching the hand limit defeat it",
            rule=rules.WINNING,
        )
    return with_character(state, side, changes)


def _hand(state: State, side: str, name: str, cards: Any, catalogue: Catalogue) -> State:
    if (
        not isinstance(cards, list)
        or len(cards) > MAX_HAND
        or not all(isinstance(c, str) and len(c) <= MAX_ID for c in cards)
    ):
        raise InvalidCommand(f"cards: a list of at most {MAX_HAND} card ids")
    for card in cards:
        if card not in catalogue.cards:
            raise InvalidCommand(f"cards: no card {card!r}")
    mine = state["characters"][side]
    held, wanted = Counter(mine["hand"]), Counter(cards)
    deck = list(mine["deck"])
    discard = list(mine["discard"])
    for card, count in sorted((wanted - held).items()):
        for _ in range(count):
            if card in deck:
                deck.remove(card)
                continue
            found = next((i for i, item in enumerate(discard) if item["card"] == card), None)
            if found is None:
                raise IllegalCommand(
                    f"{name} has no {catalogue.card(card).name} ({card}) left in its deck or "
                    "discard pile to take into its hand",
                    rule=CARDS_RULE,
                )
            del discard[found]
    for card, count in sorted((held - wanted).items()):
        if catalogue.card(card).core:
            raise IllegalCommand(
                f"{name}'s core card {catalogue.card(card).name} ({card}) never leaves the hand",
                rule=rules.CORE_CARDS,
            )
        if catalogue.card(card).type != "status":
            discard.extend({"card": card, "up": False} for _ in range(count))
    return with_character(state, side, {"hand": sorted(cards), "deck": deck, "discard": discard})


def _hex(value: Any) -> Hex:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(
            isinstance(v, int) and not isinstance(v, bool) and -1000 < v < 1000 for v in value
        )
    ):
        raise InvalidCommand(f"hex: [q, r], two whole numbers, not {str(value)[:30]!r}")
    return Hex(value[0], value[1])


def _facing(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < FACINGS:
        raise InvalidCommand(f"facing: 0 to {FACINGS - 1}, not {str(value)[:20]!r}")
    return value


def _count(edit: dict[str, Any], name: str) -> int:
    value = edit[name]
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 100:
        raise InvalidCommand(f"{name}: a whole number from 0, not {str(value)[:20]!r}")
    return value
