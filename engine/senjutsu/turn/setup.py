"""Battlefield Setup and Player Setup steps 5-10 (the set-up JSON to the first state).

The set-up: ``{"mode": "duel", "battlefield": id, "terrain": [{"terrain", "hex",
"facing"}], "terrain_pool": [kinds], "players": [{"side", "character", "weapon", "deck":
[ids] | null, "prepared": [ids]}]}``. ``battlefield`` may also be a list of boards to
combine (:mod:`.battlefield`); ``terrain`` is placed as given, ``terrain_pool`` (optional)
is placed by the players in turns when the game starts (:mod:`.terrain`). Everything is
checked: a wrong set-up is an ``InvalidCommand`` naming the field and what is wrong with
it. Placement (steps 11-12) and the first draw (step 13) are prompts and events of the
game itself (:mod:`.placement`, :mod:`.draw`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core import Dice, InvalidCommand, Setup, State
from engine.hexgrid import Facing, Hex
from engine.senjutsu import opponents, rules
from engine.senjutsu.cards.catalogue import Catalogue
from engine.senjutsu.cards.decks import shuffle, validate_deck, validate_prepared
from engine.senjutsu.grid.setup import TERRAIN_SPACING, terrain_hexes, terrain_placement_ok
from engine.senjutsu.turn import battlefield, terrain

SIDES = ("A", "B", "C", "D", "E", "F")
PLAYERS = (2, 6)
TWICE_ALLOWED = frozenset({"noblewoman"})  # Component List: 2 Noblewoman miniatures


def _field(setup: Mapping[str, Any], name: str, kind: type, where: str) -> Any:
    if name not in setup:
        raise InvalidCommand(f"{where}{name}: missing from the set-up")
    value = setup[name]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise InvalidCommand(f"{where}{name}: expected a {kind.__name__}, got {value!r}")
    return value


def place_terrain(
    catalogue: Catalogue, board: frozenset[Hex], pieces: Sequence[Any]
) -> list[dict[str, Any]]:
    """The placed terrain pieces, checked: known kinds, no more of a kind than the box
    holds (Component List > Terrain), on the battlefield, and each more than 2 hexes
    from every piece placed before it (Battlefield Setup step 2)."""
    placed: list[dict[str, Any]] = []
    taken: list[Hex] = []
    used: dict[str, int] = {}
    for index, piece in enumerate(pieces):
        where = f"terrain[{index}]"
        if not isinstance(piece, Mapping):
            raise InvalidCommand(f"{where}: a terrain piece is an object")
        kind_id = _field(piece, "terrain", str, f"{where}.")
        if kind_id not in catalogue.terrain_kinds:
            raise InvalidCommand(f"{where}.terrain: no terrain piece {kind_id!r}")
        used[kind_id] = used.get(kind_id, 0) + 1
        box = catalogue.terrain(kind_id).count
        if used[kind_id] > box:
            raise InvalidCommand(
                f"{where}.terrain: the box holds {box} {catalogue.terrain(kind_id).name} "
                f"({rules.COMPONENT_TERRAIN})"
            )
        anchor = battlefield.axial(piece.get("hex"), f"{where}.hex")
        facing = _field(piece, "facing", int, f"{where}.")
        if not 0 <= facing <= 5:
            raise InvalidCommand(f"{where}.facing: 0 to 5, not {facing}")
        kind = catalogue.terrain(kind_id)
        hexes = sorted(terrain_hexes([Hex(q, r) for q, r in kind.hexes], anchor, Facing(facing)))
        solid = sorted(terrain_hexes([Hex(q, r) for q, r in kind.solid], anchor, Facing(facing)))
        if any(h not in board for h in hexes):
            raise InvalidCommand(f"{where}.hex: {kind.name} would stand off the battlefield")
        if not terrain_placement_ok(board, hexes, taken):
            raise InvalidCommand(
                f"{where}.hex: {kind.name} is within {TERRAIN_SPACING} hexes of other "
                f"terrain ({rules.BATTLEFIELD_TERRAIN})"
            )
        taken.extend(hexes)
        placed.append(
            {
                "id": f"t{index + 1}",
                "kind": kind_id,
                "hexes": [h.to_json() for h in hexes],
                "solid": [h.to_json() for h in solid],
            }
        )
    return placed


def _player(
    catalogue: Catalogue, player: Any, index: int, dice: Dice
) -> tuple[str, dict[str, Any]]:
    """One player's character at the start (Player Setup steps 5-9)."""
    where = f"players[{index}]."
    if not isinstance(player, Mapping):
        raise InvalidCommand(f"players[{index}]: a player is an object")
    extra = sorted(set(player) - {"side", "character", "weapon", "deck", "prepared", "school"})
    if extra:
        raise InvalidCommand(f"{where}{', '.join(extra)}: unexpected in a player")
    side = _field(player, "side", str, where)
    character_id = _field(player, "character", str, where)
    if character_id not in catalogue.characters:
        raise InvalidCommand(f"{where}character: no character {character_id!r}")
    character = catalogue.character(character_id)
    weapon = _field(player, "weapon", str, where)
    if weapon not in character.weapons:
        raise InvalidCommand(
            f"{where}weapon: {character.name} takes one of {', '.join(character.weapons)}, "
            f"not {weapon!r}"
        )
    deck_value = player.get("deck")
    if deck_value is None:
        deck = list(character.deck)
    else:
        if not isinstance(deck_value, list) or not all(isinstance(c, str) for c in deck_value):
            raise InvalidCommand(f"{where}deck: a list of card ids, or null for the sample deck")
        deck = list(deck_value)
    school = player.get("school")
    if school is not None and not isinstance(school, str):
        raise InvalidCommand(f"{where}school: a restricted school id, or null")
    problems = validate_deck(catalogue, character_id, deck, school)
    if problems:
        raise InvalidCommand(f"{where}deck: " + " ".join(p.message for p in problems))
    prepared = player.get("prepared", [])
    if not isinstance(prepared, list) or not all(isinstance(c, str) for c in prepared):
        raise InvalidCommand(f"{where}prepared: a list of card ids")
    problems = validate_prepared(catalogue, character_id, prepared, deck)
    if problems:
        raise InvalidCommand(f"{where}prepared: " + " ".join(p.message for p in problems))
    remaining = list(deck)
    for card in prepared:
        remaining.remove(card)
    tree = catalogue.tree(character.kamae_tree)
    return side, {
        "character": character_id,
        "weapon": weapon,
        "tree": tree.id,
        "hex": None,
        "facing": 0,
        "kamae": tree.start,  # Player Setup step 9: the ring on the start position
        "focus": 0,
        "wounds": 0,
        "bleeding": 0,
        "wound_limit": character.wound_limit,
        "hand_limit": character.hand_limit,
        "hobbles": [],
        # Steps 5-7: the core ability card, the core weapon card and the prepared cards.
        "hand": sorted([character.core_card, weapon, *prepared]),
        "stuns": 0,
        "deck": list(shuffle(sorted(remaining), dice)),  # step 8, one shuffle per deck
        "discard": [],
        "played": None,
        "defeated": False,
        "solo": None,
    }


def advantage_track(
    catalogue: Catalogue, characters: Mapping[str, Any], sides: Sequence[str]
) -> list[str]:
    """Player Setup step 10: the highest advantage number on top. Equal numbers (two
    Noblewomen) keep their seating order: the rulebook does not break the tie."""
    number = {s: catalogue.character(characters[s]["character"]).advantage for s in sides}
    return sorted(sides, key=lambda s: (-number[s], sides.index(s)))


def start_state(catalogue: Catalogue, setup: Setup, dice: Dice) -> State:
    """The state before placement: battlefield, terrain, decks shuffled, hands of core,
    weapon and prepared cards, the advantage track."""
    if not isinstance(setup, Mapping):
        raise InvalidCommand("the set-up is a JSON object")
    mode = setup.get("mode", "duel")
    if mode not in ("duel", "solo"):
        raise InvalidCommand(f"mode: 'duel' or 'solo', not {mode!r}")
    allowed = {"mode", "battlefield", "terrain", "terrain_pool", "players"}
    if mode == "solo":
        allowed.add("opponents")
    extra = sorted(set(setup) - allowed)
    if extra:
        raise InvalidCommand(f"{', '.join(extra)}: unexpected in a set-up")
    if "battlefield" not in setup:
        raise InvalidCommand("battlefield: missing from the set-up")
    board_state = battlefield.board(catalogue, setup["battlefield"])
    board = frozenset(Hex(q, r) for q, r in board_state["hexes"])
    placed = place_terrain(
        catalogue, board, _field(setup, "terrain", list, "") if "terrain" in setup else []
    )
    pool = setup.get("terrain_pool")
    pool_state = None
    if pool is not None and pool != []:  # an empty pool: nothing to place in turns
        pool_state = terrain.pool_state(catalogue, board, placed, pool, mode)
    players = _field(setup, "players", list, "")
    if mode == "solo" and len(players) != 1:
        raise InvalidCommand(
            f"players: a solo duel has one player, not {len(players)} ({opponents.SOLO_SETUP})"
        )
    if mode == "duel" and not PLAYERS[0] <= len(players) <= PLAYERS[1]:
        raise InvalidCommand(f"players: {PLAYERS[0]} to {PLAYERS[1]} players, not {len(players)}")
    characters: dict[str, Any] = {}
    for index, player in enumerate(players):
        side, mine = _player(catalogue, player, index, dice)
        expected = SIDES[index]
        if side != expected:
            raise InvalidCommand(
                f"players[{index}].side: the sides are A, B, C... in order; "
                f"{expected!r}, not {side!r}"
            )
        characters[side] = mine
    picked = [mine["character"] for mine in characters.values()]
    twice = sorted({c for c in picked if picked.count(c) > 1 and c not in TWICE_ALLOWED})
    if twice or any(picked.count(c) > 2 for c in TWICE_ALLOWED):
        raise InvalidCommand(f"players: a character is picked too often ({rules.CHARACTERS})")
    sides = list(characters)
    track = advantage_track(catalogue, characters, sides)
    if mode == "solo":
        # Solo Setup: the opponents in the card row's order, O1, O2...; at tied speeds
        # you resolve first, then the opponents left to right: the track's order.
        entries = opponents.parse_opponents(catalogue, setup.get("opponents"))
        characters.update(opponents.opponent_characters(catalogue, entries, dice))
        sides = list(characters)
        track = list(sides)
    state: State = {
        "schema": 1,
        "mode": mode,
        "turn": 0,
        "phase": "place",
        "board": board_state,
        "terrain": placed,
        "sides": sides,
        "advantage": track,
        "characters": characters,
        "traps": [],
        "queue": [],
        "current": None,
        "blocks": [],
        "ask": None,
        "instants": [],
        "reveal": None,
        "conceded": [],
        "winner": None,
        "ending": None,
    }
    if pool_state is not None:
        # Battlefield Setup step 2 in turns, before the characters are placed.
        state.update(phase="terrain", terrain_pool=pool_state)
    return state
