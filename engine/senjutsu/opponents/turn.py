"""Solo Gameplay: an opponent's turn (Draw and Choose skipped; Reveal, Resolve,
Discard), and Adjusting Player Cards > Stun as the reveal meets it.

- Reveal: "Each opponent reveals the top card of their ability card deck. If an
  opponent has no cards in their deck, reshuffle their discard pile to form a new deck
  before revealing" (``solo_deck_reformed`` then ``opponent_revealed``). A revealed
  stun is placed above its character card (``stun_above``): it "skips the Resolve and
  Discard steps for that turn".
- Resolve: its speed is the card's (hobbles applied); a solo defence card's block at
  "the speed that blocks the most wounds" of your attacks in its range (Solo Defence
  Cards); an attack card resolves its top part "if using it allows them to attack your
  character", else its bottom part (Resolving Solo Cards).
- Discard: "place the revealed card face-up into a discard pile": the turn's Discard
  step (``cards_discarded``), unless a Reset Deck shuffled it back into the deck
  (``played.returned``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import Dice, Event, State
from engine.hexgrid import Facing, Hex
from engine.senjutsu import solo
from engine.senjutsu.cards.catalogue import Catalogue
from engine.senjutsu.cards.decks import shuffle
from engine.senjutsu.effects.cards import card as card_json
from engine.senjutsu.effects.solo_choice import ahead, context, player_side
from engine.senjutsu.grid.order import hobbled_range, hobbled_speed
from engine.senjutsu.opponents.setup import PLAYER

REVEAL = "Solo Gameplay > Reveal"
RESOLVE = "Solo Gameplay > Resolve"
DISCARD = "Solo Gameplay > Discard"


def opponents(state: State) -> list[str]:
    """The living opponents, in the card row's order."""
    return [
        side
        for side in state["sides"]
        if state["characters"][side].get("solo") and not state["characters"][side]["defeated"]
    ]


def reveal_events(state: State, dice: Dice) -> list[Event]:
    """Every living opponent's Reveal step, left to right."""
    events: list[Event] = []
    for side in opponents(state):
        mine = state["characters"][side]
        deck = list(mine["deck"])
        step = solo.reveal(deck, [entry["card"] for entry in mine["discard"]])
        if step.reshuffle:
            deck = list(shuffle([entry["card"] for entry in mine["discard"]], dice))
            events.append(
                {
                    "type": "solo_deck_reformed",
                    "side": side,
                    "secret": {"deck": deck},
                }
            )
        if not deck:
            continue  # no card at all (every card above as stuns): nothing to reveal
        if deck[0] == solo.STUN:
            events.append({"type": "stun_above", "side": side})
        else:
            events.append({"type": "opponent_revealed", "side": side, "card": deck[0]})
    return events


def _player_attacks(state: State, side: str, catalogue: Catalogue) -> list[tuple[int, int]]:
    """Your attacks that would affect opponent ``side``, as (speed, wounds a block
    would stop): your played attack card's top part when some way of resolving its
    moves lets its attack reach the opponent (wounds and bleeding of the best cell)."""
    you = player_side(state)
    if you is None:
        return []
    played = state["characters"][you].get("played") or {}
    if not played.get("card") or played["card"] == "stun" or played.get("speed") is None:
        return []
    data = card_json(state, played["card"])
    if data["type"] != "attack":
        return []
    lines, attack = ahead([{"t": "line", "line": line} for line in data["lines"]])
    if attack is None:
        return []
    chars = state["characters"]
    target = Hex.from_json(chars[side]["hex"])
    start = (Hex.from_json(chars[you]["hex"]), Facing(chars[you]["facing"]))
    ctx = context(state, side, speed=int(played["speed"]))
    best = 0
    if attack["do"] == "ranged_attack":
        reach = solo.threat_hexes(
            start,
            lines,
            range_=int(attack["range"]),
            board=ctx.board,
            occupied={target: side},
            terrain=ctx.terrain,
        )
        if target in reach:
            best = int(attack.get("wounds", 1)) + int(attack.get("bleeding", 0))
    else:
        cells = tuple(solo.cell_from(c) for c in attack["grid"])
        for cell in cells:
            reach = solo.threat_hexes(
                start,
                lines,
                cells=(cell,),
                board=ctx.board,
                occupied={target: side},
                terrain=ctx.terrain,
            )
            if target in reach:
                best = max(best, cell.wounds + cell.bleeding)
    return [(int(played["speed"]), best)] if best else []


def opponent_speed(state: State, side: str, catalogue: Catalogue) -> int:
    """The speed the opponent's revealed card resolves at (hobbles applied)."""
    mine = state["characters"][side]
    card = catalogue.card(mine["played"]["card"])
    hobbles = len(mine["hobbles"])
    if isinstance(card.initiative, tuple):
        speeds = hobbled_range(card.initiative, hobbles)
        return solo.defence_speed(speeds, _player_attacks(state, side, catalogue))
    return hobbled_speed(int(card.initiative), hobbles)


def speed_events(state: State, catalogue: Catalogue) -> list[Event]:
    """The ``speed_set`` of every opponent with a revealed card, once your speed is
    known (a defence card answers your attack)."""
    events: list[Event] = []
    for side in opponents(state):
        played = state["characters"][side]["played"]
        if played is not None and played["speed"] is None:
            speed = opponent_speed(state, side, catalogue)
            events.append({"type": "speed_set", "side": side, "speed": speed, "solo": True})
    return events


def resolve_part(state: State, side: str, part: str) -> str:
    """The part an opponent resolves when its card's ``part`` is due: an attack card's
    ``top`` if it can attack you with it (moves before the attack counted, Commit To
    Hit: even if blocked), else its ``bottom``."""
    if part != "top":
        return part
    played = state["characters"][side]["played"]
    data = card_json(state, played["card"])
    if not data.get("bottom"):
        return part
    lines, attack = ahead([{"t": "line", "line": line} for line in data["lines"]])
    if attack is None or player_side(state) is None:
        return "bottom"
    ctx = context(state, side, attack, speed=int(played["speed"]))
    return solo.solo_part(solo.can_attack_with_top(ctx, lines))


def beaten(state: State, side: str) -> bool:
    """An opponent is defeated with no wounds left (bleeding counts: Bleeding
    Wounds), or when the stuns above its card equal its remaining wounds."""
    record: Any = state["characters"][side]["solo"]
    return solo.solo_defeated(int(record["wounds_left"]), int(record["stuns_above"]))


def game_over(left: Sequence[str]) -> Event | None:
    """Winning in a solo duel, ``left`` the sides still standing: you win when every
    opponent is defeated; you lose when your character is (the winner is then no
    side: the opponents are the game's). None while the duel goes on."""
    if PLAYER not in left:
        return {"type": "game_over", "winner": None, "ending": "annihilation"}
    if list(left) == [PLAYER]:
        return {"type": "game_over", "winner": PLAYER, "ending": "annihilation"}
    return None
