"""Solo Rules in play: the opponents' set-up, their turn, and the solo versions of card
effects, on states the engine builds (the opponents' own set-up) and cards resolved by
the card interpreter (opponents choose by the solo rules: never an Ask)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import InvalidCommand, SeededDice, State, canonical_json
from engine.hexgrid import Facing, Hex
from engine.senjutsu import effects, opponents, solo
from engine.senjutsu.cards import load_catalogue
from engine.senjutsu.effects.solo_choice import context
from tests.unit.senjutsu.test_senjutsu_effects_kit import (
    character,
    play,
    resolve,
    table,
    with_block,
)

Where = tuple[tuple[int, int], int]


def _opponent(
    opponent: str,
    where: Where,
    *,
    side: str = "O1",
    stance: str = "offensive",
    approach: str | None = None,
    deck: list[str] | None = None,
    wound_limit: int = 3,
) -> dict[str, Any]:
    entry = {
        "opponent": opponent,
        "wound_limit": wound_limit,
        "stance": stance,
        "approach": approach,
    }
    parsed = opponents.parse_opponents(load_catalogue(), [entry])
    mine = opponents.opponent_characters(load_catalogue(), parsed, SeededDice("solo", 0))["O1"]
    (q, r), facing = where
    if deck is not None:
        mine = {**mine, "deck": list(deck)}
    return {**mine, "hex": [q, r], "facing": facing}


def _solo(
    you: Where = ((0, 0), 0),
    *others: tuple[str, dict[str, Any]],
    cards: dict[str, Any] | None = None,
    **mine: Any,
) -> State:
    chars = {"A": character("ronin", you, **mine), **dict(others)}
    return {**table(chars, cards=cards), "mode": "solo"}


def _card(
    card_id: str, lines: list[dict[str, Any]], kind: str = "attack", speed: int = 4
) -> dict[str, Any]:
    return {
        card_id: {"id": card_id, "name": card_id, "type": kind, "initiative": speed, "lines": lines}
    }


def _apply(state: State, events: list[dict[str, Any]]) -> State:
    for event in events:
        canonical_json(event)
        if event["type"] in opponents.HANDLERS:
            state = opponents.HANDLERS[event["type"]](state, event)
        else:
            state = effects.HANDLERS[event["type"]](state, event)
    return state


# -- Solo Setup ------------------------------------------------------------------------


def test_solo_setup_1_2_the_opponent_cards_deck_shuffled_with_its_bespoke_nightmare_card() -> None:
    catalogue = load_catalogue()
    student = catalogue.opponent("solo-student")
    entry = {
        "opponent": "solo-student",
        "wound_limit": 4,
        "stance": "offensive",
        "approach": None,
        "nightmare": True,
    }
    deck = opponents.opponent_deck(catalogue, entry, SeededDice("setup", 1))
    assert sorted(deck) == sorted([*student.deck, "nm-student"])
    again = opponents.opponent_deck(catalogue, entry, SeededDice("setup", 1))
    assert deck == again  # the command's dice: the same seed, the same order
    plain = opponents.opponent_deck(catalogue, {**entry, "nightmare": False}, SeededDice("s", 1))
    assert sorted(plain) == sorted(student.deck)


def test_solo_setup_2_standees_draw_a_random_generic_nightmare_card() -> None:
    catalogue = load_catalogue()
    entry = {
        "opponent": "ashigaru-yari",
        "wound_limit": 2,
        "stance": "offensive",
        "approach": None,
        "nightmare": True,
    }
    drawn = set()
    for seed in range(12):
        deck = opponents.opponent_deck(catalogue, entry, SeededDice(f"nm{seed}", 0))
        extra = set(deck) - set(catalogue.opponent("ashigaru-yari").deck)
        assert len(extra) == 1
        assert next(iter(extra)).startswith("nm-generic-")
        drawn |= extra
    assert len(drawn) > 1  # drawn at random, not always the same one


def test_solo_setup_3_6_7_8_opponents_in_row_order_with_wound_limit_stance_and_approach() -> None:
    catalogue = load_catalogue()
    parsed = opponents.parse_opponents(
        catalogue,
        [
            {"opponent": "ashigaru-yari", "wound_limit": 3, "stance": "defensive"},
            {"opponent": "ashigaru-yumi", "wound_limit": 2, "approach": "left"},
        ],
    )
    chars = opponents.opponent_characters(catalogue, parsed, SeededDice("row", 0))
    assert list(chars) == ["O1", "O2"]
    assert chars["O1"]["solo"] == {
        "opponent": "ashigaru-yari",
        "stance": "defensive",
        "approach": "front",
        "wounds_left": 3,
        "stuns_above": 0,
    }
    assert chars["O2"]["solo"]["approach"] == "left"
    assert chars["O2"]["solo"]["stance"] == "offensive"
    assert chars["O2"]["wound_limit"] == 2
    assert chars["O2"]["hand"] == []


@pytest.mark.parametrize(
    ("entry", "field"),
    [
        ({"opponent": "nobody", "wound_limit": 3}, "opponents[0].opponent"),
        ({"opponent": "ashigaru-yari", "wound_limit": 0}, "opponents[0].wound_limit"),
        ({"opponent": "ashigaru-yari", "wound_limit": 3, "stance": "angry"}, "opponents[0].stance"),
        (
            {"opponent": "ashigaru-matchlock", "wound_limit": 3, "approach": "rear"},
            "opponents[0].approach",
        ),
        ({"opponent": "ashigaru-yari", "wound_limit": 3, "colour": "red"}, "opponents[0].colour"),
    ],
)
def test_solo_setup_a_wrong_opponent_is_refused_naming_the_field(
    entry: dict[str, Any], field: str
) -> None:
    with pytest.raises(InvalidCommand, match=field.replace("[", r"\[").replace("]", r"\]")):
        opponents.parse_opponents(load_catalogue(), [entry])


def test_solo_setup_5_opponents_placed_facing_your_character_at_least_four_hexes_away() -> None:
    catalogue = load_catalogue()
    parsed = opponents.parse_opponents(
        catalogue,
        [
            {"opponent": "ashigaru-yari", "wound_limit": 3},
            {"opponent": "samurai-boss-2", "wound_limit": 3},
        ],
    )
    chars = opponents.opponent_characters(catalogue, parsed, SeededDice("place", 0))
    state = _solo(((0, 0), 0), *chars.items())
    state = {
        **state,
        "characters": {
            **state["characters"],
            "O1": {**chars["O1"], "hex": None},
            "O2": {**chars["O2"], "hex": None},
        },
    }
    board = frozenset(Hex.from_json(h) for h in state["board"]["hexes"])
    events = opponents.placements(state)
    assert [e["side"] for e in events] == ["O1", "O2"]
    you = (Hex(0, 0), Facing(0))
    hexes = [Hex.from_json(e["hex"]) for e in events]
    assert hexes[0] != hexes[1]
    for event, approach in zip(events, ("front", "rear"), strict=True):
        where = Hex.from_json(event["hex"])
        assert where in board
        assert where.distance(Hex(0, 0)) >= 4
        assert event["facing"] == int(solo.facing_your_character(where, you, approach))
        assert solo.in_approach(you, where, approach)


# -- Solo Gameplay: Reveal, Resolve, Discard ---------------------------------------------


def test_reveal_each_opponent_reveals_the_top_card_of_its_deck() -> None:
    state = _solo(
        ((0, 0), 0),
        ("O1", _opponent("ashigaru-yari", ((3, 0), 3), deck=["so-yari-2", "so-yari-1"])),
    )
    events = opponents.reveal_events(state, SeededDice("r", 0))
    assert events == [{"type": "opponent_revealed", "side": "O1", "card": "so-yari-2"}]
    after = _apply(state, events)
    assert after["characters"]["O1"]["played"]["card"] == "so-yari-2"
    assert after["characters"]["O1"]["deck"] == ["so-yari-1"]


def test_reveal_an_empty_deck_is_reshuffled_from_the_discard_pile_first() -> None:
    mine = _opponent("ashigaru-yari", ((3, 0), 3), deck=[])
    mine["discard"] = [{"card": "so-yari-1", "up": True}, {"card": "so-yari-3", "up": True}]
    state = _solo(((0, 0), 0), ("O1", mine))
    events = opponents.reveal_events(state, SeededDice("r", 1))
    assert [e["type"] for e in events] == ["solo_deck_reformed", "opponent_revealed"]
    after = _apply(state, events)
    assert after["characters"]["O1"]["discard"] == []
    assert sorted(
        [after["characters"]["O1"]["played"]["card"], *after["characters"]["O1"]["deck"]]
    ) == ["so-yari-1", "so-yari-3"]


def test_stun_a_revealed_stun_goes_above_the_card_and_skips_resolve_and_discard() -> None:
    state = _solo(
        ((0, 0), 0), ("O1", _opponent("ashigaru-yari", ((3, 0), 3), deck=["stun", "so-yari-1"]))
    )
    events = opponents.reveal_events(state, SeededDice("r", 2))
    assert events == [{"type": "stun_above", "side": "O1"}]
    after = _apply(state, events)
    assert after["characters"]["O1"]["played"] is None
    assert after["characters"]["O1"]["solo"]["stuns_above"] == 1


# -- Adjusting Player Cards ---------------------------------------------------------------


def test_stun_stunning_an_opponent_shuffles_a_stun_card_into_its_deck() -> None:
    cards = _card(
        "x-stun",
        [{"effects": [{"do": "attack", "grid": [{"hex": [1, 0], "wounds": 0, "stun": True}]}]}],
    )
    state = _solo(
        ((0, 0), 0),
        ("O1", _opponent("ashigaru-yari", ((1, 0), 3), deck=["so-yari-1", "so-yari-2"])),
        cards=cards,
    )
    run = resolve(play(state, "A", "x-stun"), "A", "x-stun")
    assert [e["side"] for e in run.of("stunned")] == ["O1"]
    assert len(run.of("stun_shuffled")) == 1
    opponent = run.state["characters"]["O1"]
    assert sorted(opponent["deck"]) == ["so-yari-1", "so-yari-2", "stun"]
    assert opponent["stuns"] == 0  # no stun in hand: it is in the deck


def test_stun_an_opponent_is_defeated_when_stuns_above_equal_its_remaining_wounds() -> None:
    mine = _opponent("ashigaru-yari", ((3, 0), 3), wound_limit=3)
    state = _solo(((0, 0), 0), ("O1", mine))
    assert not opponents.beaten(state, "O1")
    record = {**mine["solo"], "wounds_left": 2, "stuns_above": 2}
    state = {**state, "characters": {**state["characters"], "O1": {**mine, "solo": record}}}
    assert opponents.beaten(state, "O1")


def test_bleeding_wounds_opponents_treat_their_bleeding_wounds_as_wounds() -> None:
    cards = _card(
        "x-bleed",
        [{"effects": [{"do": "attack", "grid": [{"hex": [1, 0], "wounds": 1, "bleeding": 1}]}]}],
    )
    state = _solo(
        ((0, 0), 0), ("O1", _opponent("ashigaru-yari", ((1, 0), 3), wound_limit=2)), cards=cards
    )
    run = resolve(play(state, "A", "x-bleed"), "A", "x-bleed")
    assert run.state["characters"]["O1"]["solo"]["wounds_left"] == 0
    assert opponents.beaten(run.state, "O1")


def test_view_hand_look_at_the_top_two_cards_then_shuffle_them_back_on_top() -> None:
    cards = _card("x-view", [{"effects": [{"do": "view_hand"}]}], kind="meditation")
    deck = ["so-yari-1", "so-yari-2", "so-yari-3", "so-yari-4"]
    state = _solo(
        ((0, 0), 0), ("O1", _opponent("ashigaru-yari", ((3, 0), 3), deck=deck)), cards=cards
    )
    run = resolve(play(state, "A", "x-view"), "A", "x-view")
    seen = run.of("solo_hand_viewed")
    assert seen[0]["sealed_for"] == "A"
    assert seen[0]["sealed"]["cards"] == deck[:2]
    after = run.state["characters"]["O1"]["deck"]
    assert sorted(after[:2]) == sorted(deck[:2])
    assert after[2:] == deck[2:]


def test_view_hand_fewer_than_two_cards_reshuffles_the_discard_pile_first() -> None:
    cards = _card("x-view", [{"effects": [{"do": "view_hand"}]}], kind="meditation")
    mine = _opponent("ashigaru-yari", ((3, 0), 3), deck=["so-yari-1"])
    mine["discard"] = [{"card": "so-yari-5", "up": True}, {"card": "so-yari-6", "up": True}]
    state = _solo(((0, 0), 0), ("O1", mine), cards=cards)
    run = resolve(play(state, "A", "x-view"), "A", "x-view")
    assert len(run.of("solo_deck_reformed")) == 1
    opponent = run.state["characters"]["O1"]
    assert opponent["discard"] == []
    assert "so-yari-1" in run.of("solo_hand_viewed")[0]["sealed"]["cards"]
    assert sorted(opponent["deck"]) == ["so-yari-1", "so-yari-5", "so-yari-6"]


def test_focus_opponents_ignore_effects_that_would_make_them_gain_focus() -> None:
    cards = _card("x-focus", [{"effects": [{"do": "focus", "n": 2}]}], kind="meditation")
    state = _solo(((0, 0), 0), ("O1", _opponent("ashigaru-yari", ((3, 0), 3))), cards=cards)
    state = {
        **state,
        "characters": {
            **state["characters"],
            "O1": {
                **state["characters"]["O1"],
                "played": {"card": "x-focus", "speed": 4, "alternative": False, "replaced": None},
            },
        },
    }
    run = resolve(state, "O1", "x-focus")
    assert run.of("focus_changed") == []
    assert run.state["characters"]["O1"]["focus"] == 0


def test_draw_discard_cards_opponents_ignore_draw_and_discard_effects() -> None:
    cards = _card(
        "x-disc",
        [
            {
                "effects": [
                    {
                        "do": "attack",
                        "grid": [{"hex": [1, 0], "wounds": 0}],
                        "targeted": [{"do": "discard", "n": 1}],
                    }
                ]
            }
        ],
    )
    state = _solo(((0, 0), 0), ("O1", _opponent("ashigaru-yari", ((1, 0), 3))), cards=cards)
    run = resolve(play(state, "A", "x-disc"), "A", "x-disc")
    ignored = run.of("effect_ignored")
    assert ignored
    assert ignored[0]["side"] == "O1"
    assert ignored[0]["do"] == "discard"
    assert run.asks == []


def test_opponent_counters_a_blocked_attack_at_a_counter_speed_wounds_you_at_once() -> None:
    cards = _card("x-cut", [{"effects": [{"do": "attack", "grid": [{"hex": [1, 0]}]}]}], speed=4)
    state = _solo(((0, 0), 0), ("O1", _opponent("ashigaru-yari", ((1, 0), 3))), cards=cards)
    state = with_block(
        state, "O1", [(0, 0), (1, -1), (0, 1)], speed=4, card="so-yari-5", counter=[4]
    )
    run = resolve(play(state, "A", "x-cut"), "A", "x-cut")
    wounds = run.of("wounded")
    assert [(w["side"], w["wounds"], w.get("counter")) for w in wounds] == [("A", 1, True)]
    assert run.asks == []  # no counter card asked for: the opponent has no hand


def test_opponent_counters_at_another_speed_do_nothing() -> None:
    cards = _card("x-cut", [{"effects": [{"do": "attack", "grid": [{"hex": [1, 0]}]}]}], speed=3)
    state = _solo(((0, 0), 0), ("O1", _opponent("ashigaru-yari", ((1, 0), 3))), cards=cards)
    state = with_block(state, "O1", [(0, 0), (1, -1), (0, 1)], speed=3, counter=[4])
    run = resolve(play(state, "A", "x-cut"), "A", "x-cut")
    assert run.of("wounded") == []


# -- Opponent Movement ---------------------------------------------------------------------


def _resolve_opponent(state: State, side: str, card: str, part: str = "top") -> Any:
    data = load_catalogue().card(card)
    speed = data.initiative if isinstance(data.initiative, int) else max(data.initiative)
    chars = state["characters"]
    played = {"card": card, "speed": speed, "alternative": False, "replaced": None}
    state = {**state, "characters": {**chars, side: {**chars[side], "played": played}}}
    return resolve(state, side, card, part=part, speed=speed)


def test_opponent_collisions_moving_into_another_opponent_discards_and_stuns_both_decks() -> None:
    # Boss Advance: a mandatory step 2 forward, straight into O2 one hex ahead.
    state = _solo(
        ((0, 3), 0),
        ("O1", _opponent("samurai-boss-1", ((0, 0), 0), deck=["so-boss1-1"])),
        (
            "O2",
            {
                **_opponent("ashigaru-yari", ((2, 0), 3), deck=["so-yari-1"]),
                "solo": {
                    "opponent": "ashigaru-yari",
                    "stance": "offensive",
                    "approach": "front",
                    "wounds_left": 3,
                    "stuns_above": 0,
                },
            },
        ),
    )
    state = {
        **state,
        "characters": {**state["characters"], "O2": {**state["characters"]["O2"], "hex": [1, 0]}},
    }
    run = _resolve_opponent(state, "O1", "so-boss1-3")
    collided = run.of("collided")
    assert collided
    assert collided[0]["into"] == "O2"
    assert collided[0]["stops"]
    assert sorted(e["side"] for e in run.of("stun_shuffled")) == ["O1", "O2"]
    assert "stun" in run.state["characters"]["O1"]["deck"]
    assert "stun" in run.state["characters"]["O2"]["deck"]
    assert run.of("attacked") == []  # the card stops: no attack
    assert run.asks == []


def test_opponent_movement_offensive_top_segment_moves_to_attack_you_successfully() -> None:
    # Spear Cut: step 1 (front three), attack front and two ahead. From (3,0) facing
    # west the yari ashigaru reaches you only by stepping forward.
    state = _solo(((0, 0), 0), ("O1", _opponent("ashigaru-yari", ((3, 0), 3), deck=[])))
    assert opponents.resolve_part(_played(state, "O1", "so-yari-1"), "O1", "top") == "top"
    run = _resolve_opponent(state, "O1", "so-yari-1")
    assert run.asks == []
    attacked = run.of("attacked")
    assert attacked
    assert attacked[0]["targets"] == ["A"]
    assert run.of("wounded")[0]["side"] == "A"


def test_resolving_solo_cards_the_bottom_part_when_the_top_cannot_attack_you() -> None:
    state = _solo(((0, 0), 0), ("O1", _opponent("ashigaru-yari", ((0, 4), 0), deck=[])))
    assert opponents.resolve_part(_played(state, "O1", "so-yari-1"), "O1", "top") == "bottom"


def test_opponent_movement_defensive_top_segment_stays_out_of_your_attack() -> None:
    # You played an unresolved attack reaching your front hex (1,0) and (2,0); the
    # defensive yari first keeps out of it, ignoring Commit To Hit.
    cards = _card(
        "x-thrust",
        [{"effects": [{"do": "attack", "grid": [{"hex": [1, 0]}, {"hex": [2, 0]}]}]}],
        speed=3,
    )
    state = _solo(
        ((0, 0), 0),
        ("O1", _opponent("ashigaru-yari", ((3, 0), 3), stance="defensive", deck=[])),
        cards=cards,
    )
    state = play(state, "A", "x-thrust")
    state = {
        **state,
        "queue": [{"side": "A", "card": "x-thrust", "part": "top", "speed": 3, "type": "attack"}],
    }
    run = _resolve_opponent(state, "O1", "so-yari-1")
    end = Hex.from_json(run.state["characters"]["O1"]["hex"])
    ctx = context(run.state, "O1", speed=6)
    assert ctx.player_threat is not None
    assert end not in ctx.player_threat
    offensive = _solo(
        ((0, 0), 0), ("O1", _opponent("ashigaru-yari", ((3, 0), 3), deck=[])), cards=cards
    )
    offensive = {**play(offensive, "A", "x-thrust"), "queue": state["queue"]}
    hit = _resolve_opponent(offensive, "O1", "so-yari-1")
    assert Hex.from_json(hit.state["characters"]["O1"]["hex"]) in (ctx.player_threat or set())


def test_opponent_movement_melee_non_attack_card_turns_to_face_your_character() -> None:
    # Spear Circling: change approach, then step 1 anywhere and rotate 1.
    state = _solo(((0, 0), 0), ("O1", _opponent("ashigaru-yari", ((2, 0), 2), deck=[])))
    run = _resolve_opponent(state, "O1", "so-yari-6")
    assert run.of("approach_changed")[0]["approach"] == "left"
    mine = run.state["characters"]["O1"]
    where = (Hex.from_json(mine["hex"]), Facing(mine["facing"]))
    you = (Hex(0, 0), Facing(0))
    assert where[1] == solo.facing_your_character(where[0], you, "left")
    assert where[0].distance(Hex(0, 0)) == 2  # its preferred range


def test_opponent_movement_ranged_opponent_moves_into_line_of_sight() -> None:
    # Rocks between: the archer steps to a hex it sees you from.
    state = _solo(((0, 0), 0), ("O1", _opponent("ashigaru-yumi", ((3, 0), 3), deck=[])))
    state = {
        **state,
        "terrain": [{"id": "t1", "kind": "rocks", "hexes": [[2, 0]], "solid": [[2, 0]]}],
    }
    run = _resolve_opponent(state, "O1", "so-yumi-5")
    mine = run.state["characters"]["O1"]
    ctx = context(run.state, "O1", speed=4)
    assert solo.priorities.RANGED_MOVE.rows[0].keep(
        (solo.Candidate((Hex.from_json(mine["hex"]), Facing(mine["facing"]))),), ctx
    )


def _played(state: State, side: str, card: str) -> State:
    data = load_catalogue().card(card)
    speed = data.initiative if isinstance(data.initiative, int) else max(data.initiative)
    chars = state["characters"]
    played = {"card": card, "speed": speed, "alternative": False, "replaced": None}
    return {**state, "characters": {**chars, side: {**chars[side], "played": played}}}


# -- Solo defence cards, Reset Deck, Approach, Winning -------------------------------------


def test_solo_defence_cards_block_at_the_speed_of_your_attack_in_range() -> None:
    cards = _card(
        "x-cut",
        [
            {"effects": [{"do": "step", "n": 1}]},
            {"effects": [{"do": "attack", "grid": [{"hex": [1, 0], "wounds": 2}]}]},
        ],
        speed=5,
    )
    state = _solo(
        ((0, 0), 0), ("O1", _opponent("ashigaru-yari", ((2, 0), 3), deck=[])), cards=cards
    )
    state = play(state, "A", "x-cut")
    assert opponents.opponent_speed(_played(state, "O1", "so-yari-4"), "O1", load_catalogue()) == 5


def test_solo_defence_cards_no_attack_in_range_the_highest_speed() -> None:
    state = _solo(((0, 0), 0), ("O1", _opponent("ashigaru-yari", ((3, 0), 3), deck=[])))
    assert opponents.opponent_speed(_played(state, "O1", "so-yari-4"), "O1", load_catalogue()) == 7


def test_reset_deck_that_card_and_every_other_card_shuffled_back_into_the_deck() -> None:
    mine = _opponent("ashigaru-yari", ((3, 0), 3), deck=["so-yari-1", "stun"])
    mine["discard"] = [{"card": "so-yari-2", "up": True}]
    state = _solo(((0, 0), 0), ("O1", mine))
    run = _resolve_opponent(state, "O1", "so-yari-7")
    opponent = run.state["characters"]["O1"]
    assert sorted(opponent["deck"]) == ["so-yari-1", "so-yari-2", "so-yari-7", "stun"]
    assert opponent["discard"] == []
    assert run.state["characters"]["O1"]["played"]["returned"]  # nothing left to discard


def test_approach_change_approach_moves_the_token_to_the_next_position() -> None:
    state = _solo(
        ((0, 0), 0), ("O1", _opponent("ashigaru-yumi", ((3, 0), 3), approach="right", deck=[]))
    )
    run = _resolve_opponent(state, "O1", "so-yumi-5")
    assert run.state["characters"]["O1"]["solo"]["approach"] == "front"  # the cycle wraps


def test_winning_you_win_when_every_opponent_is_defeated_and_lose_when_defeated() -> None:
    assert opponents.game_over(["A", "O1", "O2"]) is None
    assert opponents.game_over(["A", "O2"]) is None
    assert opponents.game_over(["A"]) == {
        "type": "game_over",
        "winner": "A",
        "ending": "annihilation",
    }
    assert opponents.game_over(["O1", "O2"]) == {
        "type": "game_over",
        "winner": None,
        "ending": "annihilation",
    }


def test_solo_gameplay_opponents_are_never_prompted() -> None:
    # Boss Circling with a choice of many moves: no Ask ever reaches the opponent.
    state = _solo(((0, 0), 0), ("O1", _opponent("samurai-boss-1", ((2, -1), 3), deck=[])))
    run = _resolve_opponent(state, "O1", "so-boss1-6")
    assert run.asks == []
    assert effects.ask(run.state) is None
