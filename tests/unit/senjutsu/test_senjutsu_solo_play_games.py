"""Solo duels played to the end through the ruleset (Solo Rules): the player's random
bot against one opponent and against two, every state replayed from the events with
equal hashes, opponents never prompted; the solo set-up refused when wrong."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

import pytest

from engine.core import Event, InvalidCommand, RandomBot, SeededDice, State, state_hash
from engine.hexgrid import Facing, Hex
from engine.senjutsu import Senjutsu, solo
from engine.senjutsu.effects.solo_choice import context
from engine.senjutsu.grid import MoveSpec
from engine.senjutsu.turn import defeat
from engine.senjutsu.turn.setup import start_state

RULESET = Senjutsu()
SOLO = [s for s in RULESET.sample_setups() if s["mode"] == "solo"]
ONE = [s for s in SOLO if len(s["opponents"]) == 1]
TWO = [s for s in SOLO if len(s["opponents"]) == 2]


@dataclass
class Game:
    setup: dict[str, Any]
    states: list[State] = field(default_factory=list)
    events: list[list[Event]] = field(default_factory=list)
    prompted: set[str] = field(default_factory=set)

    @property
    def final(self) -> State:
        return self.states[-1]

    def all_events(self) -> list[Event]:
        return [event for batch in self.events for event in batch]


def _play(setup: dict[str, Any], seed: str) -> Game:
    game = Game(setup, [RULESET.start(setup, SeededDice(seed, 0))])
    bot = RandomBot(f"{seed}/A")
    index = 0
    while (prompt := RULESET.prompt(game.final)) is not None:
        index += 1
        assert index < 2000, "no end to the solo duel"
        game.prompted.update(prompt.sides)
        command = bot.choose(RULESET, game.final, prompt.sides[0])
        assert command is not None
        events = RULESET.decide(game.final, command, SeededDice(seed, index))
        state = game.final
        for event in events:
            state = RULESET.evolve(state, event)
        game.events.append(events)
        game.states.append(state)
    return game


def _replays(game: Game) -> None:
    state = game.states[0]
    for batch, live in zip(game.events, game.states[1:], strict=True):
        for event in batch:
            state = RULESET.evolve(state, event)
        assert state_hash(state) == state_hash(live)


@pytest.mark.parametrize("number", range(len(ONE)))
def test_solo_gameplay_a_duel_against_one_opponent_is_played_to_the_end(number: int) -> None:
    game = _play(ONE[number], f"solo-one/{number}")
    outcome = RULESET.outcome(game.final)
    assert outcome is not None
    assert outcome.winner in ("A", None)
    assert game.prompted == {"A"}  # opponents skip Draw and Choose, and never answer an Ask
    _replays(game)
    kinds = {e["type"] for e in game.all_events()}
    assert {"opponent_revealed", "resolving", "placed"} <= kinds
    _winning(game.final)


@pytest.mark.parametrize("number", range(len(TWO)))
def test_solo_gameplay_a_duel_against_two_opponents_is_played_to_the_end(number: int) -> None:
    game = _play(TWO[number], f"solo-two/{number}")
    assert RULESET.outcome(game.final) is not None
    assert game.prompted == {"A"}
    _replays(game)
    _winning(game.final)


def _winning(state: State) -> None:
    """Winning: you win when every opponent is defeated; else you were defeated."""
    chars = state["characters"]
    opponents = [side for side in state["sides"] if chars[side]["solo"]]
    if state["winner"] == "A":
        assert all(chars[side]["defeated"] for side in opponents)
    else:
        assert chars["A"]["defeated"]


def test_solo_setup_5_opponents_placed_after_you_facing_you_four_hexes_away() -> None:
    game = _play(TWO[0], "solo-place")
    placed = [e for e in game.all_events() if e["type"] == "placed"]
    assert [e["side"] for e in placed] == ["A", "O1", "O2"]
    you = (Hex.from_json(placed[0]["hex"]), Facing(placed[0]["facing"]))
    first = game.states[0]
    for event in placed[1:]:
        where = Hex.from_json(event["hex"])
        assert where.distance(you[0]) >= 4
        approach = first["characters"][event["side"]]["solo"]["approach"]
        assert event["facing"] == int(solo.facing_your_character(where, you, approach))


def test_reveal_opponents_reveal_their_top_card_every_turn_and_discard_it_face_up() -> None:
    game = _play(ONE[0], "solo-reveal")
    for before, batch in zip(game.states, game.events, strict=False):
        for event in batch:
            if event["type"] == "opponent_revealed":
                deck = before["characters"][event["side"]]["deck"]
                assert deck[0] == event["card"] if deck else True
    final = game.final["characters"]["O1"]
    assert all(entry["up"] for entry in final["discard"])


def test_resolving_solo_cards_top_part_only_when_the_opponent_can_attack_you() -> None:
    # Every top part of an opponent's attack card that resolves goes on to target you
    # (Commit To Hit), unless its moves collided; the others resolve their bottom part.
    tops = bottoms = 0
    for number, setup in enumerate(SOLO):
        game = _play(setup, f"solo-parts/{number}")
        events = game.all_events()
        for index, event in enumerate(events):
            if event["type"] != "resolving" or not event["side"].startswith("O"):
                continue
            bottoms += event["part"] == "bottom"
            if event["part"] != "top" or event["card_type"] != "attack":
                continue
            tops += 1
            rest = events[index + 1 :]
            end = next((i for i, e in enumerate(rest) if e["type"] == "resolved"), len(rest))
            part = rest[:end]
            if any(e["type"] in ("collided", "cancelled") for e in part):
                continue
            attacked = [e for e in part if e["type"] == "attacked"]
            assert attacked, f"{event} resolved its top part without an attack"
    assert tops > 0
    assert bottoms > 0


def test_resolve_ties_the_player_first_then_opponents_left_to_right() -> None:
    game = _play(TWO[0], "solo-ties")
    queued = [e for e in game.all_events() if e["type"] == "queued"]
    assert queued
    for event in queued:
        assert event["ties"] == []  # nobody chooses: the rule orders them
        parts = event["queue"]
        for first, second in itertools.pairwise(parts):
            if first["speed"] == second["speed"] and first["type"] == second["type"]:
                order = ["A", "O1", "O2"]
                assert order.index(first["side"]) <= order.index(second["side"])


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"opponents": []}, "opponents"),
        ({"opponents": [{"opponent": "nobody", "wound_limit": 3}]}, r"opponents\[0\].opponent"),
        ({"players": []}, "players"),
        ({"mode": "campaign"}, "mode"),
    ],
)
def test_solo_setup_a_wrong_solo_setup_is_refused_naming_the_field(
    change: dict[str, Any], field: str
) -> None:
    with pytest.raises(InvalidCommand, match=field):
        RULESET.start({**ONE[0], **change}, SeededDice("bad", 0))


def test_solo_setup_opponents_are_sides_o1_o2_in_the_card_row_order() -> None:
    state = start_state(RULESET.catalogue, TWO[0], SeededDice("sides", 0))
    assert state["sides"] == ["A", "O1", "O2"]
    assert state["advantage"] == ["A", "O1", "O2"]
    assert [state["characters"][s]["solo"]["opponent"] for s in ("O1", "O2")] == [
        o["opponent"] for o in TWO[0]["opponents"]
    ]
    assert set(state["sides"]) <= set(RULESET.info.sides)


def test_stun_stuns_above_equal_to_the_wounds_left_defeat_the_opponent_in_the_game() -> None:
    game = _play(TWO[0], "solo-stuns")
    state = next(s for s in game.states if s["phase"] == "choose")
    chars = state["characters"]
    record = {**chars["O1"]["solo"], "stuns_above": chars["O1"]["solo"]["wounds_left"]}
    state = {**state, "characters": {**chars, "O1": {**chars["O1"], "solo": record}}}
    assert defeat.defeats(state) == [{"type": "defeated", "side": "O1"}]
    both = {**state, "characters": {**state["characters"], "O2": {**chars["O2"], "defeated": True}}}
    assert defeat.defeats(both) == [
        {"type": "defeated", "side": "O1"},
        {"type": "game_over", "winner": "A", "ending": "annihilation"},
    ]


def test_winning_conceding_a_solo_duel_loses_it() -> None:
    game = _play(ONE[0], "solo-concede")
    state = next(s for s in game.states if s["phase"] == "choose")
    events = RULESET.decide(state, {"kind": "concede", "side": "A"}, SeededDice("c", 1))
    assert events[-1] == {"type": "game_over", "winner": None, "ending": "concession"}


def _opponent_moves(game: Game) -> list[tuple[State, Event]]:
    """Every opponent move line that ended in a ``moved`` event, with the state whose
    head task is that move (before it was taken)."""
    found: list[tuple[State, Event]] = []
    state = game.states[0]
    events = game.all_events()
    for index, event in enumerate(events):
        following = events[index + 1] if index + 1 < len(events) else None
        current = state.get("current")
        if (
            event["type"] == "progressed"
            and following is not None
            and following["type"] == "moved"
            and current is not None
            and current["todo"]
            and current["todo"][0]["t"] == "move"
            and str(current["side"]).startswith("O")
            and following["side"] == current["side"]
        ):
            found.append((state, following))
        state = RULESET.evolve(state, event)
    return found


def _check_moves(kind: str, table_row: Any) -> int:
    """For each opponent move of ``kind`` outside an attack card's top part: when some
    position the move line reaches meets the table's first row, the opponent ends in
    one that meets it. The number of moves checked."""
    checked = 0
    for number, setup in enumerate(SOLO):
        for state, moved in _opponent_moves(_play(setup, f"solo-moves/{number}")):
            current = state["current"]
            side = current["side"]
            if context(state, side).kind != kind:
                continue
            if current["type"] == "attack" and current["part"] == "top":
                continue
            ctx = context(state, side)
            specs = [MoveSpec.from_effect(m) for m in current["todo"][0]["moves"]]
            reachable = [c for c in solo.candidates(ctx, [specs]) if c.collision is None]
            end = solo.Candidate((Hex.from_json(moved["hex"]), Facing(moved["facing"])))
            if any(table_row.keep((c,), ctx) for c in reachable):
                assert table_row.keep((end,), ctx), f"{side} {moved} breaks {table_row.name}"
                checked += 1
    return checked


def test_opponent_movement_melee_opponents_end_facing_your_character_when_they_can() -> None:
    assert _check_moves("melee", solo.MELEE_MOVE.rows[0]) > 0


def test_opponent_movement_ranged_opponents_end_in_line_of_sight_when_they_can() -> None:
    assert _check_moves("ranged", solo.RANGED_MOVE.rows[0]) > 0
