"""Paragraphs of the Senjutsu 1.5 rulebook that the engine applies but that had no test
named after them when the rules map was written (docs/rules/senjutsu-rulebook.md).

Each test drives the real engine through its public API: the ruleset (start, decide,
evolve, view, legal) for the turn, and the card interpreter's begin / advance / ask /
answer (through the effects tests' small table) for the effects.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.core import Command, Event, InvalidCommand, SeededDice, State
from engine.hexgrid import Facing, Hex
from engine.senjutsu import Senjutsu, load_catalogue
from engine.senjutsu.solo import Candidate, MovementTable, Priority, SoloContext, apply_priorities
from tests.unit.senjutsu.builders import card, line
from tests.unit.senjutsu.test_senjutsu_effects_kit import (
    character,
    play,
    resolve,
    table,
    with_block,
)
from tests.unit.senjutsu.test_senjutsu_turn_helpers import (
    CATALOGUE,
    MEDITATION,
    RULESET,
    choose_all,
    placed,
    setup,
    with_hand,
)
from tests.unit.senjutsu.test_senjutsu_turn_helpers import play as decide

# -- Component List, Setup ----------------------------------------------------------------


def test_component_list_six_kamae_rings_and_advantage_tokens_two_to_six_players() -> None:
    six = setup("warrior", "student", "ronin", "master", "noblewoman", "noblewoman")
    state = RULESET.start(six, SeededDice("rings", 0))
    assert state["sides"] == ["A", "B", "C", "D", "E", "F"]
    assert sorted(state["advantage"]) == state["sides"]
    seven = {**six, "players": [*six["players"], {**six["players"][0], "side": "G"}]}
    with pytest.raises(InvalidCommand, match="2 to 6 players"):
        RULESET.start(seven, SeededDice("rings", 0))


def test_player_setup_your_hand_should_be_hidden_from_your_opponent() -> None:
    state = placed("ronin", "student")
    mine, theirs = RULESET.view(state, "A"), RULESET.view(state, "B")
    hand = state["characters"]["A"]["hand"]
    assert mine["characters"]["A"]["hand"] == hand
    assert theirs["characters"]["A"]["hand"] is None
    assert theirs["characters"]["A"]["hand_count"] == len(hand)
    assert RULESET.view(state, None)["characters"]["A"]["hand"] is None  # a spectator
    # Nobody sees a deck's order, not even its owner: only how many cards it holds.
    assert "deck" not in mine["characters"]["A"]
    assert mine["characters"]["A"]["deck_count"] == len(state["characters"]["A"]["deck"])


def test_discard_face_up_cards_of_other_players_may_be_viewed_their_face_down_cards_not() -> None:
    state = placed("ronin", "student")
    up, down = state["characters"]["A"]["deck"][:2]
    discard = [{"card": up, "up": True}, {"card": down, "up": False}]
    state = with_hand(state, "A", [], discard=discard)
    assert RULESET.view(state, "A")["characters"]["A"]["discard"] == discard
    assert RULESET.view(state, "B")["characters"]["A"]["discard"] == [
        {"card": up, "up": True},
        {"card": None, "up": False},
    ]


# -- Turn Structure In Detail > Revealing Instant Replacement Ability Cards -----------------


def test_instant_replacement_if_the_replacement_has_a_focus_cost_spend_that_focus_now(
    tmp_path: Path,
) -> None:
    # No sample replacement card has a focus cost: Shadow Feint (s-029) is given one
    # in a data file, the way the real cards are loaded.
    feint = {**CATALOGUE.card_json("s-029"), "focus_cost": 1}
    feint.pop("sample", None)
    extra = tmp_path / "cards.json"
    extra.write_text(json.dumps({"sample": False, "cards": [feint]}), encoding="utf-8")
    ruleset = Senjutsu(load_catalogue(extra=[extra]))
    index = 0

    def decide_all(state: State, command: Command) -> tuple[State, list[Event]]:
        nonlocal index
        index += 1
        events = ruleset.decide(state, command, SeededDice("feint", index))
        for event in events:
            state = ruleset.evolve(state, event)
        return state, events

    state = ruleset.start(setup("ronin", "student"), SeededDice("feint", 0))
    while state["phase"] == "place":
        prompt = ruleset.prompt(state)
        assert prompt is not None
        state, _ = decide_all(state, next(iter(ruleset.legal(state, prompt.sides[0]))))
    state = with_hand(state, "A", [MEDITATION.id, "s-029"], focus=2)
    state = with_hand(state, "B", [MEDITATION.id])
    for side in "AB":
        state, _ = decide_all(state, {"kind": "choose", "side": side, "card": MEDITATION.id})
    replaced: list[Event] = []
    while (prompt := ruleset.prompt(state)) is not None and prompt.kind == "replace":
        side = prompt.sides[0]
        card = "s-029" if side == "A" else None
        state, events = decide_all(state, {"kind": "replace", "side": side, "card": card})
        replaced += [e for e in events if e["type"] == "replaced"]
    assert replaced == [
        {"type": "replaced", "side": "A", "card": "s-029", "replaced": MEDITATION.id, "focus": 1}
    ]
    assert state["characters"]["A"]["focus"] == 1
    assert state["characters"]["A"]["played"]["card"] == "s-029"


# -- Attacks, The Commit To Hit Rule ---------------------------------------------------------


def test_attacks_example_feral_sweep_targets_the_student_and_the_master_each_take_a_wound() -> None:
    # The Ronin's Feral Sweep (s-001): step 1 (front three), then attack the three front
    # hexes. The Student and the Master stand in two of them and do not block.
    state = table(
        {
            "A": character("ronin", ((0, 0), 0)),
            "B": character("student", ((1, -1), 3)),
            "C": character("master", ((0, 1), 4)),
        }
    )
    run = resolve(
        play(state, "A", "s-001"),
        "A",
        "s-001",
        otherwise=lambda ask: next(o for o in ask.options if o["hex"] == [0, 0]),
    )
    (attacked,) = run.of("attacked")
    assert attacked["targets"] == ["B", "C"]
    assert attacked["blocked"] == []
    assert run.state["characters"]["B"]["wounds"] == 1
    assert run.state["characters"]["C"]["wounds"] == 1


def test_the_commit_to_hit_rule_applies_even_if_the_target_will_block() -> None:
    # Lunging Pierce (s-007, speed 4): step up to 2 forward, then attack front. The
    # Master, three ahead, has a block at 4 on the hex in front of it: stepping 2 is
    # still the only move offered, and the attack is blocked.
    state = table({"A": character("ronin", ((0, 0), 0)), "B": character("master", ((3, 0), 3))})
    speed = CATALOGUE.card("s-007").initiative
    assert isinstance(speed, int)
    state = with_block(play(state, "A", "s-007"), "B", [(2, 0)], speed=speed)
    run = resolve(state, "A", "s-007")
    assert run.asks == []
    assert run.of("moved")[0]["hex"] == [2, 0]
    assert run.of("attacked")[0]["blocked"] == ["B"]
    assert run.state["characters"]["B"]["bleeding"] == 0


# -- Kamae Positions ------------------------------------------------------------------------


def test_kamae_positions_a_played_card_resolves_as_normal_whatever_the_kamae_becomes() -> None:
    # A card needing aggression, chosen in aggression: it switches the Ronin to
    # determination, and its next line (gain 1 focus) still resolves.
    cards = card(
        "x-kamae",
        line({"do": "kamae_switch", "to": "determination"}),
        line({"do": "focus", "n": 1}),
        kind="meditation",
        initiative=3,
        name="Change Of Heart",
        kamae="aggression",
    )
    state = table(
        {
            "A": character("ronin", ((0, 0), 0), kamae="a1"),
            "B": character("master", ((-3, 0), 3)),
        },
        cards=cards,
    )
    run = resolve(play(state, "A", "x-kamae"), "A", "x-kamae", otherwise=lambda a: a.options[0])
    tree = CATALOGUE.tree("ronin")
    assert tree.kamae_of(run.state["characters"]["A"]["kamae"]) == "determination"
    assert run.state["characters"]["A"]["focus"] == 1


# -- Other Ability Card Icons > Hobble --------------------------------------------------------


def _answer_every_prompt(state: State, index: int) -> tuple[State, list[dict[str, Any]]]:
    """Decide the first legal command of every prompt until the turn ends."""
    events: list[dict[str, Any]] = []
    turn = state["turn"]
    while state["turn"] == turn and (prompt := RULESET.prompt(state)) is not None:
        if prompt.kind in ("choose", "trim"):
            break
        command = next(iter(RULESET.legal(state, prompt.sides[0])))
        state, more = decide(state, command, index)
        events += more
        index += 1
    return state, events


def test_hobble_does_not_affect_a_card_played_in_the_turn_the_hobble_was_gained() -> None:
    # A's Hamstring Cut (speed 4) hobbles B, standing front-right of A. B played a split
    # card whose second part comes after the attack: it keeps its printed speed.
    split = next(
        card
        for card in CATALOGUE.cards.values()
        if card.split is not None
        and not card.variable
        and card.focus_cost == 0
        and card.kamae is None
        and card.instant is None
        and card.alternative is None
        and card.signature in (None, "student")
        and isinstance(card.initiative, int)
        and card.initiative > 4 > card.split.initiative
    )
    assert split.split is not None
    state = placed("ronin", "student")
    state = with_hand(state, "A", ["s-013"], hex=[0, 0], facing=0)
    state = with_hand(state, "B", [split.id], hex=[0, 1], facing=0)
    state, chosen = choose_all(state, {"A": "s-013", "B": split.id})
    state, events = _answer_every_prompt(state, 200)
    events = [*chosen, *events]
    kinds = [e["type"] for e in events]
    parts = [(e["side"], e["part"], e["speed"]) for e in events if e["type"] == "resolving"]
    assert {"type": "hobbled", "side": "B", "by": "A"} in events
    hobbled_at = events.index({"type": "hobbled", "side": "B", "by": "A"})
    split_at = next(
        i
        for i, e in enumerate(events)
        if e["type"] == "resolving" and (e["side"], e["part"]) == ("B", "split")
    )
    assert hobbled_at < split_at  # the hobble came first...
    assert ("B", "split", split.split.initiative) in parts  # ...the speed is unchanged
    assert "turn_ended" in kinds


# -- Targeted Character ---------------------------------------------------------------------


def test_targeted_character_any_other_single_character_never_your_own() -> None:
    cards = card(
        "x-swap", line({"do": "swap"}), kind="meditation", initiative=3, name="Swap Anyone"
    )
    state = table(
        {
            "A": character("ronin", ((0, 0), 0)),
            "B": character("master", ((-3, 0), 0)),
            "C": character("student", ((3, 0), 3)),
        },
        cards=cards,
    )
    run = resolve(
        play(state, "A", "x-swap"), "A", "x-swap", answers=[{"kind": "target", "side": "C"}]
    )
    assert run.asks[0].kind == "target"
    assert sorted(o["side"] for o in run.asks[0].options) == ["B", "C"]
    assert run.state["characters"]["A"]["hex"] == [3, 0]
    assert run.state["characters"]["C"]["hex"] == [0, 0]


# -- FAQ --------------------------------------------------------------------------------------


def test_faq_split_initiative_the_second_half_resolves_whatever_the_first_half_did() -> None:
    cards = card(
        "x-split",
        line(
            {"do": "attack", "grid": [{"hex": [1, 0]}], "if_successful": [{"do": "focus", "n": 2}]}
        ),
        initiative=6,
        name="Two Halves",
        split={"initiative": 2, "lines": [{"effects": [{"do": "focus", "n": 1}]}]},
    )
    state = table(
        {"A": character("ronin", ((0, 0), 0)), "B": character("master", ((-3, 0), 0))},
        cards=cards,
    )
    top = resolve(play(state, "A", "x-split"), "A", "x-split")
    assert top.of("attacked")[0]["targets"] == []  # the first half was not successful
    assert top.state["characters"]["A"]["focus"] == 0
    below = resolve(top.state, "A", "x-split", part="split", speed=2)
    assert below.state["characters"]["A"]["focus"] == 1


def test_faq_a_counter_and_if_successful_only_the_block_needs_to_succeed() -> None:
    # B's block at 6 (counter 6, If Successful: gain 1 focus) stops A's Straight Cut;
    # B declines the counter, and the If Successful effect still resolves.
    state = table(
        {
            "A": character("ronin", ((0, 0), 0)),
            "B": character("master", ((1, 0), 3), hand=["s-002"]),
        }
    )
    state = with_block(
        play(state, "A", "s-002"),
        "B",
        [(0, 0)],
        speed=6,
        counter=[6],
        if_successful=[{"do": "focus", "n": 1}],
    )
    run = resolve(state, "A", "s-002", answers=[{"kind": "counter", "card": None}])
    assert run.asks[0].kind == "counter"
    assert run.state["characters"]["A"]["wounds"] == 0
    assert run.state["characters"]["B"]["hand"] == ["s-002"]
    assert run.state["characters"]["B"]["focus"] == 1


def test_faq_a_card_whose_only_move_could_collide_may_be_chosen() -> None:
    # Shoulder Charge (s-015): a mandatory step 1, then attack. The Student stands in
    # the hex ahead of the Ronin: the card may be chosen all the same.
    state = placed("ronin", "student")
    state = with_hand(state, "A", ["s-015"], hex=[0, 0], facing=0)
    state = with_hand(state, "B", [MEDITATION.id], hex=[1, 0], facing=3)
    command = {"kind": "choose", "side": "A", "card": "s-015"}
    assert command in list(RULESET.legal(state, "A"))
    state, events = decide(state, command)
    assert events[0]["type"] == "chose"


def test_faq_crippling_poison_played_as_the_active_card_has_initiative_0() -> None:
    state = placed("ronin", "student")
    state = with_hand(state, "A", ["crippling-poison"])
    state = with_hand(state, "B", [MEDITATION.id])
    command = {"kind": "choose", "side": "A", "card": "crippling-poison"}
    assert command in list(RULESET.legal(state, "A"))
    state, chosen = choose_all(state, {"A": "crippling-poison", "B": MEDITATION.id})
    _, more = _answer_every_prompt(state, 300)
    events = [*chosen, *more]
    speeds = {e["side"]: e["speed"] for e in events if e["type"] == "speed_set"}
    assert speeds["A"] == 0
    assert speeds["B"] == MEDITATION.initiative


# -- Solo Rules > Opponent Movement -------------------------------------------------------
# The filter of the priority tables, shown with rows of its own (the real rows have their
# tests in test_senjutsu_solo_movement.py): a row keeps the positions meeting it.

SOLO_CONTEXT = SoloContext(
    player=(Hex(0, 0), Facing.EAST), opponent=(Hex(4, 0), Facing.WEST), board=Hex(0, 0).within(6)
)
EVEN_Q = Priority("an even q", require=lambda c, ctx: c.hex.q % 2 == 0)
LOWEST_R = Priority("the lowest r", score=lambda c, ctx: c.hex.r)
NONE_MEETS = Priority("no position meets this", require=lambda c, ctx: False)


def _moved_to(table: MovementTable, hexes: list[Hex]) -> Hex | None:
    found = [Candidate((h, Facing.WEST)) for h in hexes]
    chosen = apply_priorities(table, found, SOLO_CONTEXT)
    return chosen.hex if chosen is not None else None


def test_opponent_movement_several_positions_satisfy_a_priority_only_those_go_on_to_the_next() -> (
    None
):
    hexes = [Hex(2, 0), Hex(1, -3), Hex(4, -1)]
    # (1, -3) has the lowest r, but it fails the first row: only (2, 0) and (4, -1) go on.
    assert _moved_to(MovementTable("two rows", (EVEN_Q, LOWEST_R)), hexes) == Hex(4, -1)
    assert _moved_to(MovementTable("the second row alone", (LOWEST_R,)), hexes) == Hex(1, -3)


def test_opponent_movement_ignore_priorities_that_leave_no_positions() -> None:
    hexes = [Hex(2, 0), Hex(1, -3), Hex(4, -1)]
    table = MovementTable("a row no position meets first", (NONE_MEETS, EVEN_Q, LOWEST_R))
    assert _moved_to(table, hexes) == Hex(4, -1)
    # With no other row, no position satisfies any priority: the opponent does not move.
    assert _moved_to(MovementTable("that row alone", (NONE_MEETS,)), hexes) is None
