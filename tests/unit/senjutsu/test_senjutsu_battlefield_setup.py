"""Senjutsu Battlefield Setup steps 1 and 2 in play: boards combined into a large
battlefield, and terrain placed in turns from a randomly chosen player, clockwise, each
test named after the paragraph it checks."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.core import (
    Command,
    EnteredDice,
    IllegalCommand,
    InvalidCommand,
    RandomBot,
    SeededDice,
    State,
    state_hash,
)
from engine.hexgrid import Facing, Hex
from engine.senjutsu import Senjutsu, load_catalogue, rules
from engine.senjutsu.bots.players import LookaheadBot
from engine.senjutsu.grid.setup import terrain_hexes, terrain_placement_ok, terrain_placements
from tests.unit.senjutsu.test_senjutsu_turn_helpers import RULESET, kinds, play, setup

POOL = ["rocks", "rocks", "shrine", "torii-gate"]


def pooled(*characters: str, pool: list[str] = POOL, **extra: Any) -> State:
    return RULESET.start(setup(*characters, terrain_pool=pool, **extra), SeededDice("pool", 0))


def rolled(state: State, face: int) -> State:
    """The first player rolled: ``face`` on the die (a hand-entered roll)."""
    prompt = RULESET.prompt(state)
    assert prompt is not None
    assert prompt.kind == "terrain_roll"
    command = {"kind": "terrain_roll", "side": prompt.sides[0]}
    for event in RULESET.decide(state, command, EnteredDice([face])):
        state = RULESET.evolve(state, event)
    return state


def terrain(side: str, kind: str, where: list[int], facing: int = 0) -> Command:
    return {"kind": "terrain", "side": side, "terrain": kind, "hex": where, "facing": facing}


# -- step 1: combined boards ------------------------------------------------------------

SIDE_BY_SIDE = [
    {"battlefield": "snowy-battlefield", "offset": [0, 0]},
    {"battlefield": "frozen-lake", "offset": [9, 0]},
]


def test_battlefield_setup_1_boards_can_be_combined_into_large_battlefields() -> None:
    state = RULESET.start(setup("ronin", "student", battlefield=SIDE_BY_SIDE), SeededDice("b", 0))
    catalogue = load_catalogue()
    snowy = catalogue.battlefield("snowy-battlefield").hexes
    lake = [(q + 9, r) for q, r in catalogue.battlefield("frozen-lake").hexes]
    assert sorted(map(tuple, state["board"]["hexes"])) == sorted({*snowy, *lake})
    assert state["board"]["boards"] == SIDE_BY_SIDE
    # The first character may be placed on any hex of either board.
    hexes = {tuple(c["hex"]) for c in RULESET.legal(state, "A")}
    assert (12, 4) in hexes
    assert (0, 4) in hexes
    assert RULESET.view(state, None)["board"]["boards"] == SIDE_BY_SIDE


def test_battlefield_setup_1_one_battlefield_keeps_the_boards_own_hexes() -> None:
    state = RULESET.start(setup("ronin", "student"), SeededDice("b", 0))
    assert set(state["board"]) == {"hexes"}  # the state of a one-board game, as before
    one = [{"battlefield": "snowy-battlefield", "offset": [0, 0]}]
    listed = RULESET.start(setup("ronin", "student", battlefield=one), SeededDice("b", 0))
    assert listed["board"]["hexes"] == state["board"]["hexes"]


@pytest.mark.parametrize(
    ("boards", "message"),
    [
        (
            [
                {"battlefield": "snowy-battlefield", "offset": [0, 0]},
                {"battlefield": "frozen-lake", "offset": [4, 0]},
            ],
            r"battlefield\[1\]: 'frozen-lake' at \[4, 0\] overlaps \d+ hexes of the boards "
            r"before it, first \[",
        ),
        (
            [
                {"battlefield": "snowy-battlefield", "offset": [0, 0]},
                {"battlefield": "frozen-lake", "offset": [30, 0]},
            ],
            r"battlefield\[1\]: 'frozen-lake' at \[30, 0\] does not touch the boards before it",
        ),
        (
            [
                {"battlefield": "snowy-battlefield", "offset": [0, 0]},
                {"battlefield": "burning-village", "offset": [9, 0]},
            ],
            r"battlefield\[1\]\.battlefield: 'burning-village' is on the board "
            r"'snowy-battlefield/burning-village' already used by battlefield\[0\]",
        ),
        ([{"battlefield": "moon", "offset": [0, 0]}], r"battlefield\[0\]\.battlefield: no"),
        ([{"battlefield": "frozen-lake"}], r"battlefield\[0\]\.offset: \[q, r\] whole numbers"),
        ([{"battlefield": "frozen-lake", "offset": [0, 0], "turn": 1}], r"\.turn: unexpected"),
        ([], r"battlefield: a battlefield id, or a list of boards"),
    ],
)
def test_battlefield_setup_1_combined_boards_are_refused_when_they_overlap_or_do_not_fit(
    boards: list[Any], message: str
) -> None:
    with pytest.raises(InvalidCommand, match=message):
        RULESET.start(setup("ronin", "student", battlefield=boards), SeededDice("b", 0))


def test_battlefield_setup_1_overlapping_boards_name_the_rule() -> None:
    boards = [SIDE_BY_SIDE[0], {"battlefield": "frozen-lake", "offset": [1, 0]}]
    with pytest.raises(InvalidCommand, match=rules.BATTLEFIELD_BOARDS):
        RULESET.start(setup("ronin", "student", battlefield=boards), SeededDice("b", 0))


# -- step 2: terrain in turns -----------------------------------------------------------


def test_battlefield_setup_2_without_a_terrain_pool_the_characters_are_placed_at_once() -> None:
    state = RULESET.start(setup("ronin", "student"), SeededDice("s", 0))
    assert state["phase"] == "place"
    assert "terrain_pool" not in state
    empty = RULESET.start(setup("ronin", "student", terrain_pool=[]), SeededDice("s", 0))
    assert state_hash(empty) == state_hash(state)


def test_battlefield_setup_2_a_randomly_chosen_player_places_terrain_first() -> None:
    state = pooled("ronin", "student", "master")
    assert state["phase"] == "terrain"
    prompt = RULESET.prompt(state)
    assert prompt is not None
    assert prompt.kind == "terrain_roll"
    assert prompt.sides == ("A",)
    assert list(RULESET.legal(state, "A")) == [{"kind": "terrain_roll", "side": "A"}]
    assert list(RULESET.legal(state, "B")) == []
    # The die has a face per player: face 2 makes side B the first player.
    after = rolled(state, 2)
    assert after["terrain_pool"]["order"] == ["B", "C", "A"]
    # Seeded rolls: every player may be the first.
    firsts = set()
    for k in range(30):
        events = RULESET.decide(state, {"kind": "terrain_roll", "side": "A"}, SeededDice("r", k))
        assert kinds(events) == ["terrain_first"]
        assert events[0]["faces"] == 3
        firsts.add(events[0]["side"])
    assert firsts == {"A", "B", "C"}
    with pytest.raises(InvalidCommand, match="not a face of a d3"):
        RULESET.decide(state, {"kind": "terrain_roll", "side": "A"}, EnteredDice([4]))


def placed_in_turns(state: State, pick: int = 0) -> tuple[State, list[str]]:
    """Every piece of the pool placed (the ``pick``-th legal choice each time); the sides
    that placed them, in order."""
    placers: list[str] = []
    while state["phase"] == "terrain":
        prompt = RULESET.prompt(state)
        assert prompt is not None
        assert prompt.kind == "terrain"  # no roll: it was made, or nothing is rolled
        placers.append(prompt.sides[0])
        state, events = play(state, prompt.options["choices"][pick], len(placers))
        assert kinds(events)[0] == "terrain_placed"
        assert events[0]["side"] == placers[-1]
    return state, placers


def test_battlefield_setup_2_players_take_turns_placing_terrain_clockwise() -> None:
    _, placers = placed_in_turns(rolled(pooled("ronin", "student", "master"), 3))
    assert placers == ["C", "A", "B", "C"]


def test_battlefield_setup_2_the_player_picks_the_piece_its_hex_and_its_facing() -> None:
    state = rolled(pooled("ronin", "student"), 1)
    offered = {c["terrain"] for c in RULESET.legal(state, "A")}
    assert offered == {"rocks", "shrine", "torii-gate"}
    state, events = play(state, terrain("A", "torii-gate", [2, 4], 1))
    piece = events[0]["piece"]
    assert piece["kind"] == "torii-gate"
    assert len(piece["hexes"]) == 3
    assert len(piece["solid"]) == 2  # the middle hex is not terrain (Terrain > Torii Gate)
    assert state["terrain"] == [piece]
    assert sorted(state["terrain_pool"]["left"]) == ["rocks", "rocks", "shrine"]
    assert RULESET.prompt(state).sides == ("B",)  # type: ignore[union-attr]


def test_battlefield_setup_2_terrain_cannot_be_placed_within_2_hexes_of_previous_terrain() -> None:
    state = rolled(pooled("ronin", "student"), 1)
    state, _ = play(state, terrain("A", "rocks", [0, 4]))
    near = terrain("B", "rocks", [2, 4])
    assert near not in list(RULESET.legal(state, "B"))
    with pytest.raises(IllegalCommand, match="within 2 hexes") as refused:
        RULESET.decide(state, near, SeededDice("t", 2))
    assert refused.value.rule == rules.BATTLEFIELD_TERRAIN
    far = terrain("B", "rocks", [3, 4])
    assert far in list(RULESET.legal(state, "B"))
    # The terrain placed in the set-up counts as previously placed too.
    given = {"terrain": "rocks", "hex": [0, 4], "facing": 0}
    both = RULESET.start(
        setup("ronin", "student", terrain=[given], terrain_pool=["rocks"]), SeededDice("t", 0)
    )
    both = rolled(both, 2)
    with pytest.raises(IllegalCommand, match="within 2 hexes"):
        RULESET.decide(both, terrain("B", "rocks", [1, 4]), SeededDice("t", 2))
    assert {tuple(c["hex"]) for c in RULESET.legal(both, "B")}.isdisjoint({(1, 4), (2, 4)})


def test_battlefield_setup_2_terrain_off_the_battlefield_is_refused() -> None:
    state = rolled(pooled("ronin", "student"), 1)
    with pytest.raises(IllegalCommand, match="off the battlefield") as refused:
        RULESET.decide(state, terrain("A", "rocks", [40, 40]), SeededDice("t", 1))
    assert refused.value.rule == rules.BATTLEFIELD_TERRAIN_TURNS


def test_battlefield_setup_2_no_more_terrain_than_the_box_holds() -> None:
    """Component List > Terrain: the pool and the placed terrain together."""
    with pytest.raises(InvalidCommand, match=r"terrain_pool\[3\]: the box holds 3 Rocks"):
        pooled("ronin", "student", pool=["rocks"] * 4)
    given = {"terrain": "shrine", "hex": [0, 4], "facing": 0}
    with pytest.raises(InvalidCommand, match=r"terrain_pool\[0\]: the box holds 1 Shrine"):
        pooled("ronin", "student", pool=["shrine"], terrain=[given])
    with pytest.raises(InvalidCommand, match=r"terrain_pool\[0\]: no terrain piece 'lava'"):
        pooled("ronin", "student", pool=["lava"])
    with pytest.raises(InvalidCommand, match="terrain_pool: a list"):
        pooled("ronin", "student", pool="rocks")  # type: ignore[arg-type]
    # A piece not in the pool: all the box's are placed, or none was chosen.
    state = rolled(pooled("ronin", "student", pool=["shrine", "rocks"]), 1)
    state, _ = play(state, terrain("A", "shrine", [0, 4]))
    with pytest.raises(IllegalCommand, match="the box holds 1 Shrine") as refused:
        RULESET.decide(state, terrain("B", "shrine", [4, 4]), SeededDice("t", 2))
    assert refused.value.rule == rules.COMPONENT_TERRAIN
    with pytest.raises(IllegalCommand, match="no Bamboo is left") as refused:
        RULESET.decide(state, terrain("B", "bamboo", [4, 4]), SeededDice("t", 2))
    assert refused.value.rule == rules.BATTLEFIELD_TERRAIN_TURNS


def test_battlefield_setup_2_only_the_player_whose_turn_it_is_places_terrain() -> None:
    state = rolled(pooled("ronin", "student"), 2)
    with pytest.raises(IllegalCommand, match="not A's decision") as refused:
        RULESET.decide(state, terrain("A", "rocks", [0, 4]), SeededDice("t", 1))
    assert refused.value.rule == rules.TURN_TIMING
    with pytest.raises(IllegalCommand, match="must answer a 'terrain' decision"):
        RULESET.decide(state, {"kind": "place", "side": "B", "hex": [0, 4], "facing": 0},
                       SeededDice("t", 1))  # fmt: skip
    with pytest.raises(InvalidCommand, match="terrain: a terrain piece id"):
        RULESET.decide(state, {**terrain("B", "rocks", [0, 4]), "terrain": 3}, SeededDice("t", 1))
    with pytest.raises(InvalidCommand, match="facing: 0 to 5"):
        RULESET.decide(state, terrain("B", "rocks", [0, 4], 6), SeededDice("t", 1))


def test_battlefield_setup_2_repeat_until_all_terrain_is_placed() -> None:
    state = rolled(pooled("ronin", "student"), 1)
    index = 0
    while state["phase"] == "terrain":
        index += 1
        side = RULESET.prompt(state).sides[0]  # type: ignore[union-attr]
        state, events = play(state, next(RULESET.legal(state, side)), index)
    assert len(state["terrain"]) == len(POOL)
    assert [p["id"] for p in state["terrain"]] == ["t1", "t2", "t3", "t4"]
    assert state["terrain_pool"]["left"] == []
    assert state["phase"] == "place"
    # Then Player Setup: the lowest on the advantage track places its character.
    assert RULESET.prompt(state).kind == "place"  # type: ignore[union-attr]
    assert kinds(events) == ["terrain_placed"]


def test_battlefield_setup_2_pieces_left_without_a_legal_hex_are_set_aside(tmp_path: Path) -> None:
    """The rulebook does not say what happens when no hex is left (interpretation: the
    rest is set aside and the characters are placed)."""
    strip = tmp_path / "strip.json"
    hexes = [[q, 0] for q in range(5)]  # five hexes in a row: a rock in the middle fills it
    board = {"id": "strip", "name": "Strip", "board": None, "hexes": hexes}
    strip.write_text(json.dumps({"sample": True, "battlefields": [board]}), encoding="utf-8")
    ruleset = Senjutsu(load_catalogue(extra=[strip]))
    game = {**setup("ronin", "student", terrain_pool=["rocks", "rocks"]), "battlefield": "strip"}
    state = ruleset.start(game, SeededDice("s", 0))
    for event in ruleset.decide(state, {"kind": "terrain_roll", "side": "A"}, EnteredDice([1])):
        state = ruleset.evolve(state, event)
    events = ruleset.decide(state, terrain("A", "rocks", [2, 0]), SeededDice("s", 2))
    assert kinds(events) == ["terrain_placed", "terrain_set_aside"]
    assert events[1]["pieces"] == ["rocks"]
    assert "set aside" in ruleset.describe(events[1])
    for event in events:
        state = ruleset.evolve(state, event)
    assert state["phase"] == "place"
    assert state["terrain_pool"]["set_aside"] == ["rocks"]
    # A pool with no piece that fits at all is a wrong set-up.
    middle = [{"terrain": "rocks", "hex": [2, 0], "facing": 0}]
    with pytest.raises(InvalidCommand, match="terrain_pool: no piece of it fits"):
        ruleset.start({**game, "terrain": middle}, SeededDice("s", 0))


def test_battlefield_setup_2_a_player_who_conceded_is_skipped() -> None:
    state = rolled(pooled("ronin", "student", "master"), 1)
    state, _ = play(state, {"kind": "concede", "side": "B"})
    state, _ = play(state, terrain("A", "rocks", [0, 4]), 2)
    assert RULESET.prompt(state).sides == ("C",)  # type: ignore[union-attr]


def test_battlefield_setup_2_solo_you_place_every_piece() -> None:
    game = {
        **setup("ronin", terrain_pool=["rocks", "shrine"]),
        "mode": "solo",
        "opponents": [{"opponent": next(iter(load_catalogue().opponents)), "wound_limit": 3}],
    }
    state = RULESET.start(game, SeededDice("solo", 0))
    assert state["terrain_pool"]["order"] == ["A"]
    state, placers = placed_in_turns(state, -1)
    assert placers == ["A", "A"]
    assert RULESET.prompt(state).kind == "place"  # type: ignore[union-attr]


def test_battlefield_setup_2_every_terrain_event_has_a_sentence_and_the_view_shows_the_pool() -> (
    None
):
    state = pooled("ronin", "student")
    events = RULESET.decide(state, {"kind": "terrain_roll", "side": "A"}, EnteredDice([2]))
    assert RULESET.describe(events[0]) == (
        "Side B rolled 2 on a 2-sided die: side B places terrain first, then A in turn."
    )
    state = RULESET.evolve(state, events[0])
    state, placed = play(state, terrain("B", "shrine", [0, 4], 3))
    assert RULESET.describe(placed[0]) == "Side B placed Shrine on [0, 4] facing west."
    for side in ("A", "B", None):
        view = RULESET.view(state, side)
        assert view["terrain_pool"]["left"] == ["rocks", "rocks", "torii-gate"]
        assert [p["name"] for p in view["terrain"]] == ["Shrine"]


@pytest.mark.parametrize("bots", ["random", "lookahead"])
def test_battlefield_setup_2_the_bots_place_terrain_and_the_game_goes_on(bots: str) -> None:
    game = setup("ronin", "student", terrain_pool=POOL, battlefield=SIDE_BY_SIDE)
    initial = RULESET.start(game, SeededDice(f"bots-{bots}", 0))
    players = {
        side: RandomBot(f"{bots}/{side}") if bots == "random" else LookaheadBot(f"{bots}/{side}")
        for side in RULESET.sides(initial)
    }
    state, index, seen = initial, 0, []
    events: list[Any] = []
    while state["phase"] in ("terrain", "place"):
        prompt = RULESET.prompt(state)
        assert prompt is not None
        command = players[prompt.sides[0]].choose(RULESET, state, prompt.sides[0])
        assert command in list(RULESET.legal(state, prompt.sides[0]))
        seen.append(prompt.kind)
        index += 1
        found = RULESET.decide(state, command, SeededDice(f"bots-{bots}", index))
        events.extend(found)
        for event in found:
            state = RULESET.evolve(state, event)
    assert seen[0] == "terrain_roll"
    assert seen.count("terrain") == len(POOL)
    assert state["phase"] == "choose"
    assert len(state["terrain"]) == len(POOL)
    # Replay: the events fold from the start to the same state.
    again = initial
    for event in json.loads(json.dumps(events)):
        again = RULESET.evolve(again, event)
    assert state_hash(again) == state_hash(state)
    assert all(RULESET.describe(event) for event in events)


def test_battlefield_setup_2_every_listed_terrain_choice_is_accepted() -> None:
    state = rolled(pooled("ronin", "student", pool=["torii-gate", "rocks"]), 1)
    state, _ = play(state, terrain("A", "rocks", [2, 4]))
    listed = list(RULESET.legal(state, "B"))
    assert listed
    assert {c["terrain"] for c in listed} == {"torii-gate"}
    for command in listed[::7]:
        assert kinds(RULESET.decide(state, command, SeededDice("all", 2)))[0] == "terrain_placed"


def test_battlefield_setup_2_the_listed_placements_agree_with_the_spacing_rule() -> None:
    """``terrain_placements`` (computed once per facing) gives exactly the anchors and
    facings that ``terrain_placement_ok`` accepts, for every piece of the box."""
    board = [Hex(q, r) for q, r in load_catalogue().battlefield("icy-bridge").hexes]
    catalogue = load_catalogue()
    for k, kind in enumerate(sorted(catalogue.terrain_kinds)):
        shape = [Hex(q, r) for q, r in catalogue.terrain(kind).hexes]
        placed = board[k::17]
        expected = tuple(
            (anchor, facing)
            for anchor in sorted(board)
            for facing in Facing
            if terrain_placement_ok(board, terrain_hexes(shape, anchor, facing), placed)
        )
        assert terrain_placements(board, shape, placed) == expected
        assert expected  # some placements stay legal, some are refused
        assert len(expected) < 6 * len(board)
