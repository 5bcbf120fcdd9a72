"""Other Ability Card Icons and Keywords: hobble, stun, advantage, draw, discard X,
search, push / pull, rotate X, swap positions, trap tokens, cancel active."""

from __future__ import annotations

from typing import Any

from engine.senjutsu import Senjutsu
from tests.unit.senjutsu.builders import attack, card, line
from tests.unit.senjutsu.test_senjutsu_effects_kit import (
    character,
    play,
    resolve,
    table,
    with_block,
)


def _card(effects: list[dict[str, Any]], kind: str = "meditation") -> dict[str, Any]:
    return {
        "x-kw": {
            "id": "x-kw",
            "name": "Keyword",
            "type": kind,
            "initiative": 4,
            "lines": [{"effects": effects}],
        }
    }


def _duel(
    cards: dict[str, Any] | None = None, b_at: tuple[int, int] = (2, 0), **a: Any
) -> dict[str, Any]:
    return table(
        {
            "A": character("ronin", ((0, 0), 0), **a),
            "B": character("master", (b_at, 3), hand=["s-002", "s-003"]),
        },
        cards=cards,
    )


def test_hobble_places_a_hobble_by_the_targeted_character() -> None:
    # Not after an attack, block or ranged effect: the targeted character is "any
    # other single character on the battlefield", chosen by the resolving side.
    state = table(
        {
            "A": character("ronin", ((0, 0), 0)),
            "B": character("master", ((2, 0), 3)),
            "C": character("student", ((-2, 0), 0)),
        },
        cards=_card([{"do": "hobble"}]),
    )
    run = resolve(play(state, "A", "x-kw"), "A", "x-kw", answers=[{"kind": "target", "side": "C"}])
    assert [o["side"] for o in run.asks[0].options] == ["B", "C"]  # never your own
    assert run.state["characters"]["C"]["hobbles"] == [0]
    assert run.state["characters"]["A"]["hobbles"] == []


def test_stun_adds_a_stun_card_to_the_targeted_characters_hand() -> None:
    # Pommel Strike (s-014): attack front, a stun and no wound.
    run = resolve(play(_duel(b_at=(1, 0)), "A", "s-014"), "A", "s-014")
    b = run.state["characters"]["B"]
    assert (b["stuns"], b["wounds"]) == (1, 0)
    assert run.of("stunned") == [{"type": "stunned", "side": "B", "by": "A"}]


def test_advantage_moves_the_token_to_the_top_of_the_track() -> None:
    state = table(
        {"B": character("master", ((2, 0), 3)), "A": character("ronin", ((0, 0), 0))},
        cards=_card([{"do": "advantage"}]),
    )
    run = resolve(play(state, "A", "x-kw"), "A", "x-kw")
    assert run.state["advantage"] == ["A", "B"]


def test_draw_takes_the_top_cards_of_the_deck_into_hand() -> None:
    # Patient Study (s-022): draw 1.
    state = _duel(deck=["s-005", "s-006"])
    run = resolve(play(state, "A", "s-022"), "A", "s-022")
    a = run.state["characters"]["A"]
    assert a["hand"] == ["s-005"]
    assert a["deck"] == ["s-006"]
    assert run.of("card_drawn")[0]["sealed_for"] == "A"


def test_draw_from_an_empty_deck_gains_a_wound_instead() -> None:
    run = resolve(play(_duel(), "A", "s-022"), "A", "s-022")
    assert run.state["characters"]["A"]["wounds"] == 1


def test_discard_x_the_player_chooses_face_down_and_as_many_as_they_can() -> None:
    # Eager Learner (s-058): draw 2, then discard 1. One card in the deck: a wound
    # for the missing draw, then a choice of the 2 cards in hand.
    state = _duel(deck=["s-005"], hand=["s-006"])
    run = resolve(
        play(state, "A", "s-058"), "A", "s-058", answers=[{"kind": "discard", "card": "s-006"}]
    )
    a = run.state["characters"]["A"]
    assert a["wounds"] == 1
    assert a["hand"] == ["s-005"]
    assert a["discard"] == [{"card": "s-006", "up": False}]
    assert run.of("discarded")[0]["sealed"] == {"card": "s-006"}


def test_discard_x_with_no_card_to_discard_discards_nothing() -> None:
    state = _duel(_card([{"do": "discard", "n": 2}]))
    run = resolve(play(state, "A", "x-kw"), "A", "x-kw")
    assert run.asks == []
    assert run.of("discarded") == []


def test_search_the_deck_then_shuffle_it() -> None:
    # Secret Scroll (s-044): search the deck for 1 card (then an optional, unpaid line).
    state = _duel(deck=["s-005", "s-006", "s-007", "s-010"])
    run = resolve(
        play(state, "A", "s-044"), "A", "s-044", answers=[{"kind": "search", "card": "s-007"}]
    )
    a = run.state["characters"]["A"]
    assert a["hand"] == ["s-007"]
    assert sorted(a["deck"]) == ["s-005", "s-006", "s-010"]
    (shuffle,) = run.of("deck_shuffled")
    assert shuffle["secret"]["deck"] == a["deck"]
    # The new order is hidden from every player, the owner too, until the game is over.
    assert Senjutsu().view_event(shuffle, "A", game_over=False)["secret"] is None
    assert "sealed" not in shuffle
    assert run.of("searched")[0]["sealed_for"] == "A"


def test_search_top_n_of_a_type_looks_only_at_those_cards() -> None:
    cards = _card([{"do": "search", "from": "deck", "top": 2, "n": 1, "type": "attack"}])
    state = _duel(cards, deck=["s-010", "s-002", "s-003", "s-005"])
    run = resolve(
        play(state, "A", "x-kw"), "A", "x-kw", answers=[{"kind": "search", "card": "s-002"}]
    )
    assert [o["card"] for o in run.asks[0].options] == ["s-002", None]
    a = run.state["characters"]["A"]
    assert a["hand"] == ["s-002"]
    # Only the card looked through is shuffled: the rest of the deck keeps its order.
    assert a["deck"][1:] == ["s-003", "s-005"]


def test_search_your_discard_pile() -> None:
    # Gravedigger (s-046): search your discard pile for 1 card.
    state = _duel()
    state["characters"]["A"]["discard"] = [
        {"card": "s-002", "up": True},
        {"card": "s-003", "up": False},
    ]
    run = resolve(
        play(state, "A", "s-046"), "A", "s-046", answers=[{"kind": "search", "card": "s-003"}]
    )
    a = run.state["characters"]["A"]
    assert a["hand"] == ["s-003"]
    assert a["discard"] == [{"card": "s-002", "up": True}]
    assert run.of("deck_shuffled") == []


def test_push_x_moves_the_target_directly_away_choosing_among_tied_hexes() -> None:
    # B diagonal to A's line: two hexes are tied for furthest away.
    state = _duel(_card([{"do": "push", "n": 1}]), b_at=(1, 1))
    run = resolve(play(state, "A", "x-kw"), "A", "x-kw", answers=[{"kind": "push", "hex": [2, 1]}])
    assert sorted(o["hex"] for o in run.asks[0].options) == [[1, 2], [2, 1]]
    assert run.state["characters"]["B"]["hex"] == [2, 1]
    assert run.state["characters"]["B"]["facing"] == 3


def test_push_x_may_deliberately_push_the_target_into_terrain() -> None:
    state = table(
        {"A": character("ronin", ((0, 0), 0)), "B": character("master", ((1, 1), 3))},
        terrain=[("t1", "rocks", [(1, 2)])],
        cards=_card([{"do": "push", "n": 1}]),
    )
    run = resolve(play(state, "A", "x-kw"), "A", "x-kw", answers=[{"kind": "push", "hex": [1, 2]}])
    assert run.state["characters"]["B"]["hex"] == [1, 1]
    assert run.state["characters"]["B"]["stuns"] == 1


def test_pull_x_moves_the_target_directly_towards_your_character() -> None:
    state = _duel(_card([{"do": "pull", "n": 1}]), b_at=(3, 0))
    run = resolve(play(state, "A", "x-kw"), "A", "x-kw")
    assert run.state["characters"]["B"]["hex"] == [2, 0]


def test_rotate_x_turns_the_targeted_character_all_in_one_direction() -> None:
    # Jeer (s-019): range 4, rotate the targeted character 1.
    state = _duel(b_at=(2, 0))
    run = resolve(
        play(state, "A", "s-019"), "A", "s-019", answers=[{"kind": "rotate", "direction": -1}]
    )
    assert run.state["characters"]["B"]["facing"] == 2
    assert run.state["characters"]["B"]["hex"] == [2, 0]


def test_swap_positions_swaps_hexes_and_keeps_facings() -> None:
    # Changing Places (s-045): range 2 with the attack (B played slower).
    state = play(play(_duel(b_at=(2, 0)), "B", "s-010"), "A", "s-045")
    run = resolve(state, "A", "s-045")
    a, b = run.state["characters"]["A"], run.state["characters"]["B"]
    assert (a["hex"], a["facing"], b["hex"], b["facing"]) == ([2, 0], 0, [0, 0], 3)


def test_trap_tokens_a_trap_placed_within_range_stuns_the_next_character_entering_it() -> None:
    # Caltrops (s-038): place a trap within 2 hexes, then step 1 anywhere. B is
    # then pulled over it by a card of A's.
    state = _duel(b_at=(3, 0))
    run = resolve(
        play(state, "A", "s-038"),
        "A",
        "s-038",
        answers=[
            {"kind": "trap", "hex": [2, 0]},
            {"kind": "move", "hex": [0, 0], "facing": 0, "collision": None},
        ],
    )
    assert run.state["traps"] == [{"hex": [2, 0], "side": "A"}]
    trap_hexes = [o["hex"] for o in run.asks[0].options]
    assert [0, 0] not in trap_hexes
    assert len(trap_hexes) == 18  # within 2, empty
    pulled = resolve(
        {**run.state, "card_data": _card([{"do": "pull", "n": 1}])}, "A", "x-kw", speed=4
    )
    assert pulled.state["characters"]["B"]["stuns"] == 1
    assert pulled.state["traps"] == []


def test_faq_cancel_active_cancels_the_targets_unresolved_card() -> None:
    # Phantom Guard (s-042): block all around; targeted character: cancel active.
    state = play(play(_duel(b_at=(1, 0)), "B", "s-042", speed=6), "A", "s-002")
    state = with_block(
        state, "B", [(0, 0)], speed=6, card="s-042", targeted=[{"do": "cancel_active"}]
    )
    run = resolve(state, "A", "s-002")
    assert run.state["characters"]["A"]["played"]["cancelled"] is True


def test_faq_cancel_active_cancels_the_rest_of_the_card_being_resolved() -> None:
    # A's attack is blocked by Phantom Guard, whose targeted effect cancels A's
    # active effects: the line after A's attack (gain 1 focus) is not resolved.
    cards = card(
        "x-cut",
        line(attack((1, 0))),
        line({"do": "focus", "n": 1}),
        initiative=6,
        name="Cut And Breathe",
    )
    state = play(_duel(cards, b_at=(1, 0)), "A", "x-cut")
    state = with_block(
        state, "B", [(0, 0)], speed=6, card="s-042", targeted=[{"do": "cancel_active"}]
    )
    run = resolve(state, "A", "x-cut")
    assert run.state["characters"]["A"]["focus"] == 0
    assert run.state["current"] is None


def test_view_hand_shows_the_targets_hand_to_the_viewer_only() -> None:
    # Reading Intent (s-037): range 3, view the targeted character's hand.
    run = resolve(play(_duel(), "A", "s-037"), "A", "s-037")
    (viewed,) = run.of("hand_viewed")
    assert viewed["sealed_for"] == "A"
    assert viewed["sealed"] == {"hand": ["s-002", "s-003"]}


def test_search_for_several_cards_looks_only_at_the_cards_looked_through() -> None:
    cards = _card([{"do": "search", "from": "deck", "top": 2, "n": 2}])
    state = _duel(cards, deck=["s-010", "s-002", "s-003", "s-005"])
    run = resolve(
        play(state, "A", "x-kw"),
        "A",
        "x-kw",
        answers=[{"kind": "search", "card": "s-002"}, {"kind": "search", "card": "s-010"}],
    )
    assert [o["card"] for o in run.asks[1].options] == ["s-010", None]
    a = run.state["characters"]["A"]
    assert a["hand"] == ["s-002", "s-010"]
    assert a["deck"] == ["s-003", "s-005"]


def test_discard_x_the_ask_says_how_many_and_which_way() -> None:
    state = _duel(_card([{"do": "discard", "n": 2}]), hand=["s-002", "s-003", "s-005"])
    run = resolve(
        play(state, "A", "x-kw"),
        "A",
        "x-kw",
        answers=[{"kind": "discard", "card": "s-002"}, {"kind": "discard", "card": "s-005"}],
    )
    assert run.asks[0].text == "Discard 2 cards face down (one at a time)."
    assert run.asks[1].text == "Discard 1 card face down (one at a time)."
    assert run.state["characters"]["A"]["hand"] == ["s-003"]
