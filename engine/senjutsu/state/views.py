"""What one side (or a spectator) may see of a state (contract section 9).

Hidden while the game runs: every deck's order (even from its owner: only the count
shows), the other sides' hands, face-down cards in the other sides' discard piles and a
played card before the reveal. Once the game is over everything is shown but the decks'
order (nobody ever needs it). ``cards`` holds the JSON of every card id the view shows,
``trees`` every Kamae tree in play.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.core import State
from engine.senjutsu.cards.catalogue import Catalogue, load_catalogue


class CardTexts:
    """The JSON of a catalogue's cards and Kamae trees, each built once (views show the
    same cards again and again). The texts are shared: read them, never change them."""

    def __init__(self, catalogue: Catalogue) -> None:
        self.catalogue = catalogue
        self._cards: dict[str, dict[str, Any]] = {}
        self._trees: dict[str, dict[str, Any]] = {}

    def card(self, card_id: str) -> dict[str, Any]:
        if card_id not in self._cards:
            self._cards[card_id] = self.catalogue.card_json(card_id)
        return self._cards[card_id]

    def tree(self, tree_id: str) -> dict[str, Any]:
        if tree_id not in self._trees:
            self._trees[tree_id] = self.catalogue.tree_json(tree_id)
        return self._trees[tree_id]


@cache
def packaged_texts() -> CardTexts:
    """The card texts of the packaged catalogue."""
    return CardTexts(load_catalogue())


def view(state: State, side: str | None, texts: CardTexts) -> dict[str, Any]:
    catalogue = texts.catalogue
    over = state["phase"] == "over"
    shown: set[str] = set()
    characters: dict[str, Any] = {}
    for owner in state["sides"]:
        mine = state["characters"][owner]
        see_all = over or owner == side
        hand = list(mine["hand"]) if see_all else None
        if hand is not None:
            shown.update(hand)
        discard = [
            {"card": item["card"] if item["up"] or see_all else None, "up": item["up"]}
            for item in mine["discard"]
        ]
        shown.update(item["card"] for item in discard if item["card"] is not None)
        played = mine["played"]
        played_view = None
        if played is not None:
            revealed = state["phase"] not in ("choose",) or over
            card = played["card"] if revealed or see_all else None
            if card is not None and card != "stun":
                shown.add(card)
            played_view = {
                "card": card,
                "speed": played["speed"],
                "split_speed": played["split_speed"],
                "alternative": played["alternative"],
                "replaced": played["replaced"],
                "revealed": revealed,
            }
            if played["replaced"] is not None:
                shown.add(played["replaced"])
        if mine.get("solo"):
            # A solo opponent: its opponent card, no Kamae tree, core card or weapon.
            name, kamae_type = catalogue.opponent(mine["character"]).name, None
        else:
            character = catalogue.character(mine["character"])
            name = character.name
            kamae_type = catalogue.tree(mine["tree"]).kamae_of(mine["kamae"])
            shown.update((character.core_card, mine["weapon"]))
        characters[owner] = {
            "character": mine["character"],
            "name": name,
            "weapon": mine["weapon"],
            "hex": mine["hex"],
            "facing": mine["facing"],
            "kamae": mine["kamae"],
            "kamae_type": kamae_type,
            "focus": mine["focus"],
            "wounds": mine["wounds"],
            "bleeding": mine["bleeding"],
            "wound_limit": mine["wound_limit"],
            "hand_limit": mine["hand_limit"],
            "hobbles": list(mine["hobbles"]),
            "stuns": mine["stuns"],
            "defeated": mine["defeated"],
            "hand": hand,
            "hand_count": len(mine["hand"]),
            "deck_count": len(mine["deck"]),
            "discard": discard,
            "played": played_view,
            "solo": mine["solo"],
        }
    for entry in state["queue"]:
        shown.add(entry["card"])
    current = state.get("current")
    if isinstance(current, dict) and isinstance(current.get("card"), str):
        shown.add(current["card"])
    terrain = [
        {**piece, "name": catalogue.terrain(piece["kind"]).name} for piece in state["terrain"]
    ]
    trees = sorted({c["tree"] for c in state["characters"].values() if c["tree"] is not None})
    reveal = state["reveal"]
    found = {
        "turn": state["turn"],
        "phase": state["phase"],
        "mode": state["mode"],
        "board": state["board"],
        "terrain": terrain,
        "advantage": list(state["advantage"]),
        "sides": list(state["sides"]),
        "characters": characters,
        "queue": [dict(entry) for entry in state["queue"]],
        "reveal": None if reveal is None else dict(reveal),
        "cards": {card: texts.card(card) for card in sorted(shown) if card in catalogue.cards},
        "trees": {tree: texts.tree(tree) for tree in trees},
        "traps": state["traps"],
        "blocks": state["blocks"],
        "ask": state["ask"],
        "winner": state["winner"],
        "ending": state["ending"],
    }
    if "terrain_pool" in state:  # terrain placed in turns (Battlefield Setup step 2)
        found["terrain_pool"] = state["terrain_pool"]
    return found
