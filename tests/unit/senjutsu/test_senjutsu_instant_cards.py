"""Instant Cards > Instant Cards (L711-715): "Instant cards interact with the game
outside of the normal sequence of play. Each card explains when it can be played."

The card's ``timing`` gives the window: ``attacked`` (an attack targets you, before it
is resolved) or ``hit`` (an attack against you was successful). Vanishing Step (s-066,
attacked): step 1 in any direction. Defiant Spirit (s-068, hit): gain 1 focus, then
rotate 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from engine.core import Bot, IllegalCommand, SeededDice, State
from engine.senjutsu import Senjutsu, effects
from engine.senjutsu.bots import BOTS
from engine.senjutsu.cards.catalogue import build_catalogue, packaged_documents
from engine.senjutsu.cards.model import Card
from engine.senjutsu.effects import rules
from engine.senjutsu.effects.instants import windows
from tests.unit.senjutsu.test_senjutsu_effects_kit import (
    character,
    only_a_pass,
    play,
    resolve,
    table,
    until_ask,
)

VANISHING_STEP = "s-066"
DEFIANT_SPIRIT = "s-068"
PASS = {"kind": "instant", "card": None}


def _duel(
    b_hand: Sequence[str], *, b_at: tuple[int, int] = (1, 0), a_deck: Sequence[str] = ()
) -> State:
    """A (ronin) at (0, 0) facing east, B (master) facing A."""
    return table(
        {
            "A": character("ronin", ((0, 0), 0), deck=a_deck),
            "B": character("master", (b_at, 3), hand=list(b_hand)),
        }
    )


def _step_to(hex_: list[int], facing: int = 3) -> dict[str, Any]:
    return {"kind": "move", "hex": hex_, "facing": facing, "collision": None}


def test_instant_cards_each_card_explains_when_vanishing_step_dodges_a_grid_attack() -> None:
    # Straight Cut (s-002): attack front. B, in front of A, steps out of the grid
    # before the attack is resolved: the targets are found again, none is left.
    state = play(_duel([VANISHING_STEP]), "A", "s-002")
    run = resolve(
        state, "A", "s-002", answers=[{"kind": "instant", "card": VANISHING_STEP}, _step_to([1, 1])]
    )
    assert run.asks[0].side == "B"
    assert run.asks[0].kind == "instant"
    assert run.asks[0].text.startswith("An attack targets you")
    assert run.of("attacked")[0]["targets"] == []
    assert run.state["characters"]["B"]["wounds"] == 0
    assert run.state["characters"]["B"]["hex"] == [1, 1]
    assert run.state["characters"]["B"]["discard"] == [{"card": VANISHING_STEP, "up": True}]
    assert run.state["instants"] == [{"side": "B", "card": VANISHING_STEP, "turn": 1}]
    assert [e["card"] for e in run.of("resolving")] == ["s-002", VANISHING_STEP]


def test_instant_cards_declining_the_attacked_window_the_attack_goes_on() -> None:
    state = play(_duel([VANISHING_STEP]), "A", "s-002")
    run = resolve(state, "A", "s-002", answers=[PASS])
    assert run.state["characters"]["B"]["wounds"] == 1
    assert run.state["characters"]["B"]["hand"] == [VANISHING_STEP]


def test_instant_cards_vanishing_step_out_of_range_makes_a_ranged_attack_unsuccessful() -> None:
    # Throwing Knife (s-018): ranged attack 3. B, 3 hexes ahead, steps 1 further
    # away: no longer within 3 hexes, the attack is unsuccessful.
    state = play(play(_duel([VANISHING_STEP], b_at=(3, 0)), "B", "s-010"), "A", "s-018")
    run = resolve(
        state, "A", "s-018", answers=[{"kind": "instant", "card": VANISHING_STEP}, _step_to([4, 0])]
    )
    assert run.asks[0].side == "B"
    assert [e["targets"] for e in run.of("attacked")] == [[]]
    assert run.state["characters"]["B"]["wounds"] == 0


def test_instant_cards_a_ranged_attack_still_hits_a_target_that_stays_in_range() -> None:
    state = play(play(_duel([VANISHING_STEP], b_at=(3, 0)), "B", "s-010"), "A", "s-018")
    run = resolve(
        state, "A", "s-018", answers=[{"kind": "instant", "card": VANISHING_STEP}, _step_to([2, 0])]
    )
    assert [e["targets"] for e in run.of("attacked")] == [["B"]]
    assert run.state["characters"]["B"]["wounds"] == 1


def test_instant_cards_defiant_spirit_is_played_after_an_attack_against_you_succeeds() -> None:
    state = play(_duel([DEFIANT_SPIRIT]), "A", "s-002")
    run = resolve(
        state,
        "A",
        "s-002",
        answers=[{"kind": "instant", "card": DEFIANT_SPIRIT}, _step_to([1, 0], facing=4)],
    )
    assert run.asks[0].side == "B"
    assert run.asks[0].text.startswith("An attack against you was successful")
    b = run.state["characters"]["B"]
    assert (b["wounds"], b["focus"], b["facing"]) == (1, 1, 4)


def test_instant_cards_no_hit_window_when_the_attack_misses() -> None:
    state = play(_duel([DEFIANT_SPIRIT], b_at=(2, 0)), "A", "s-002")
    run = resolve(state, "A", "s-002")
    assert run.asks == []
    assert run.state["characters"]["B"]["hand"] == [DEFIANT_SPIRIT]


def test_instant_cards_a_card_of_another_timing_or_not_in_hand_is_refused() -> None:
    state = play(_duel([DEFIANT_SPIRIT], a_deck=[VANISHING_STEP]), "A", "s-002")
    waiting = until_ask(state, "A", "s-002").state
    ask = effects.ask(waiting)
    assert ask is not None
    assert ask.side == "B"
    for card in (DEFIANT_SPIRIT, VANISHING_STEP):
        with pytest.raises(IllegalCommand) as refused:
            effects.answer(waiting, "B", {"kind": "instant", "card": card}, SeededDice("x", 1))
        assert refused.value.rule == rules.INSTANT


def test_instant_cards_the_window_is_asked_holding_one_or_not() -> None:
    # Only A's deck holds an instant card: B is asked all the same (being asked
    # tells nothing of its hand), with nothing to give but "none".
    state = play(_duel([], a_deck=[VANISHING_STEP]), "A", "s-002")
    ask = effects.ask(until_ask(state, "A", "s-002").state)
    assert ask is not None
    assert ask.side == "B"
    assert only_a_pass(ask)


def test_instant_cards_no_window_in_a_game_holding_no_instant_card() -> None:
    state = play(_duel(["s-002"]), "A", "s-002")
    assert windows(state, "attacked", ["B"]) == []
    run = resolve(state, "A", "s-002")
    assert run.asks == []
    assert all("windows_opened" not in task for e in run.events for task in e.get("then", []))


def test_instant_cards_one_instant_card_per_turn_closes_the_window() -> None:
    state = {
        **play(_duel([VANISHING_STEP]), "A", "s-002"),
        "instants": [{"side": "B", "card": "s-031", "turn": 1}],
    }
    assert windows(state, "attacked", ["B"]) == []
    assert resolve(state, "A", "s-002").asks == []


def test_instant_cards_not_after_playing_a_core_card_closes_the_window() -> None:
    state = play(play(_duel([VANISHING_STEP]), "B", "core-master"), "A", "s-002")
    assert windows(state, "attacked", ["B"]) == []


def _card(**more: Any) -> dict[str, Any]:
    return {"id": "x-1", "name": "X", "type": "defence", "initiative": 0, "rank": "steel", **more}


def test_instant_cards_only_an_instant_card_has_a_timing() -> None:
    with pytest.raises(ValueError, match="timing"):
        Card.from_json(_card(instant="additional", timing="hit"), "test")
    assert Card.from_json(_card(instant="instant", timing="hit"), "test").timing == "hit"


def test_instant_cards_the_catalogue_reports_an_instant_card_without_a_timing() -> None:
    documents = packaged_documents()
    extra = ("extra.json", {"sample": True, "cards": [_card(instant="instant")]})
    with pytest.raises(ValueError, match="needs its timing"):
        build_catalogue([*documents, extra], replaceable=len(documents))


# -- whole games: the windows through the ruleset, and the bots ----------------------------

SENJUTSU = Senjutsu()


def _setup() -> dict[str, Any]:
    """The first sample duel, each deck's last three cards swapped for instant cards."""
    setup = dict(SENJUTSU.sample_setups()[0])
    players = []
    for player in setup["players"]:
        deck = list(SENJUTSU.catalogue.character(player["character"]).deck)
        deck[-3:] = [VANISHING_STEP, VANISHING_STEP, DEFIANT_SPIRIT]
        players.append({**player, "deck": deck})
    return {**setup, "players": players}


def _game(seed: str, kinds: tuple[str, str]) -> tuple[State, list[Any]]:
    state = SENJUTSU.start(_setup(), SeededDice(seed, 0))
    bots: dict[str, Bot] = {
        side: BOTS[kind].build(f"{seed}/{side}")
        for side, kind in zip(SENJUTSU.sides(state), kinds, strict=True)
    }
    prompts: list[Any] = []
    for index in range(1, 3_000):
        prompt = SENJUTSU.prompt(state)
        if prompt is None:
            return state, prompts
        prompts.append(prompt)
        side = prompt.sides[0]
        command = bots[side].choose(SENJUTSU, state, side)
        assert command is not None
        assert command in list(SENJUTSU.legal(state, side))
        for event in SENJUTSU.decide(state, command, SeededDice(seed, index)):
            state = SENJUTSU.evolve(state, event)
    raise AssertionError(f"{seed}: no end")


def test_instant_cards_random_bot_games_with_instant_cards_take_only_legal_commands() -> None:
    state, _ = _game("instant-cards/random", ("random", "random"))
    assert SENJUTSU.outcome(state) is not None


def test_instant_cards_the_lookahead_bot_is_asked_in_the_windows_and_plays_one() -> None:
    state, prompts = _game("instant-cards/l2", ("random", "lookahead"))
    assert SENJUTSU.outcome(state) is not None
    windows_asked = [p for p in prompts if p.options["text"].startswith("An attack")]
    assert windows_asked, "no instant card window opened in the whole game"
    # The sealed hand prompt "instant": no choices listed for the other viewers.
    for prompt in windows_asked:
        assert prompt.kind == "instant"
        assert prompt.sealed
        assert "choices" not in prompt.options
    assert {"side": "B", "card": VANISHING_STEP, "turn": 17} in state["instants"]
