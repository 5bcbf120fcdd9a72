"""Hidden information over random bot games (issue 5, item 8).

Hypothesis draws the armies, the bots and the seed; the bots play the whole
battle. While it runs, after every event and for every viewer (each side and a
spectator):

- the view holds no card another side keeps hidden: hands and drawn cards of
  the other side are counts, decks are counts, face-down discards of the other
  side have no value;
- the view does not depend on those cards at all: the hidden cards are dealt
  again at random (the other side's hand, drawn cards, deck and face-down
  discards among themselves, and the viewer's own deck order) and the view is
  the same; so is the prompt, at every decision point;
- the events show the viewer no sealed cards of another side and no deck order;
- the choice of cards to keep and the command duel's bets are sealed prompts
  (their commands are hidden too); a bet placed and not yet revealed shows the
  other side neither its cards nor their number: it is dealt again as any other
  bet, of any size, and the view and the prompt stay the same.
- commander's orders likewise (issue 5, item 8): the other side's orders in hand, drawn,
  in its deck and discarded face down are counts or hidden, the viewer's own deck shows
  which orders it holds, never their order; their choices are sealed prompts.

Once the battle is over every view is the whole state.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from engine.core import Event, SeededDice, State
from tests.unit.kensei.support import KENSEI
from tests.unit.kensei.test_kensei_properties import BOTS, FACTIONS, SIZES

VIEWERS = ("A", "B", None)


def _dealt_again(state: State, viewer: str | None, rng: random.Random) -> State:
    """``state`` with every card hidden from ``viewer`` dealt again at random: command
    cards (by ``value``), commander's orders (by ``id``) and the other side's command
    duel bet (any cards, any number)."""
    cards = copy.deepcopy(state["cards"])
    _deal(cards, "value", viewer, rng)
    dealt = {**state, "cards": cards}
    if "commander_orders" in state:
        orders = copy.deepcopy(state["commander_orders"])
        _deal(orders["sides"], "id", viewer, rng)
        dealt["commander_orders"] = orders
    duel = state.get("command_duel")
    if duel is not None and duel["bets"] is not None:
        bets = {
            owner: bet if owner == viewer or bet is None else _any_bet(rng)
            for owner, bet in duel["bets"].items()
        }
        dealt["command_duel"] = {**duel, "bets": bets}
    return dealt


def _deal(piles: dict[str, Any], field: str, viewer: str | None, rng: random.Random) -> None:
    """The other sides' deck, hand, drawn and face-down discards shuffled among
    themselves; the viewer's own deck order shuffled."""
    for owner, mine in piles.items():
        if owner == viewer:
            rng.shuffle(mine["deck"])
            continue
        hidden = [card for card in mine["discard"] if not card["face_up"]]
        values = mine["deck"] + mine["hand"] + mine["drawn"] + [c[field] for c in hidden]
        rng.shuffle(values)
        for key in ("deck", "hand", "drawn"):
            count = len(mine[key])
            mine[key], values = values[:count], values[count:]
        for card, value in zip(hidden, values, strict=True):
            card[field] = value


def _any_bet(rng: random.Random) -> list[int]:
    return [rng.randint(0, 3) for _ in range(rng.randint(0, 6))]


def _check_view(state: State, viewer: str | None, rng: random.Random) -> None:
    seen = KENSEI.view(state, viewer)
    for owner, mine in seen["cards"].items():
        assert isinstance(mine["deck"], int), (owner, viewer)
        if owner == viewer:
            continue
        assert isinstance(mine["hand"], int), (owner, viewer)
        assert isinstance(mine["drawn"], int), (owner, viewer)
        assert all(c["value"] is None for c in mine["discard"] if not c["face_up"])
    duel = seen.get("command_duel")
    if duel is not None and duel["bets"] is not None:
        for owner, bet in duel["bets"].items():
            if owner != viewer:
                assert bet in (None, "sealed"), (owner, viewer)
    for owner, mine in seen["commander_orders"]["sides"].items():
        if owner == viewer:
            assert mine["deck"] == sorted(mine["deck"]), viewer  # its contents, not its order
            continue
        for key in ("deck", "hand", "drawn"):
            assert isinstance(mine[key], int), (owner, viewer, key)
        assert all(c["id"] is None for c in mine["discard"] if not c["face_up"])
    assert KENSEI.view(_dealt_again(state, viewer, rng), viewer) == seen, viewer


def _check_event(event: Event, viewer: str | None) -> None:
    shown = KENSEI.view_event(event, viewer, game_over=False)
    if "sealed" in event and event.get("sealed_for") != viewer:
        assert shown["sealed"] is None, (event["type"], viewer)
    if "secret" in event:
        assert shown["secret"] is None, (event["type"], viewer)


def _check_prompt(state: State, rng: random.Random) -> None:
    prompt = KENSEI.prompt(state)
    assert prompt is not None
    if prompt.kind in (
        "keep_cards",
        "command_duel_bet",
        "choose_commander_orders",
        "keep_commander_order",
    ):
        assert prompt.sealed
    for viewer in VIEWERS:
        again = KENSEI.prompt(_dealt_again(state, viewer, rng))
        assert again is not None
        assert again.to_dict() == prompt.to_dict(), viewer


# A battle: its size, each side's faction and bot, and the seed.
BATTLES = st.tuples(
    st.sampled_from(SIZES),
    st.lists(st.sampled_from(FACTIONS), min_size=2, max_size=2),
    st.lists(st.sampled_from(sorted(BOTS)), min_size=2, max_size=2),
    st.integers(min_value=0, max_value=10**9),
)


# A whole battle per example: no shrinking (the drawn battle says which game failed).
ONE_BATTLE_EACH = settings(
    max_examples=4,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
)


@ONE_BATTLE_EACH
@given(battle=BATTLES)
def test_no_view_contains_another_sides_hidden_cards_while_the_game_runs(
    battle: tuple[str, list[str], list[str], int],
) -> None:
    kinds, turn = _checked_battle(battle)
    # (a hand may be empty at maintenance, all of it bet in command duels: no discard)
    assert "cards_drawn" in kinds or turn < 2


def test_no_view_contains_a_command_duel_bet_before_the_reveal():
    # Random bots declare command duels often: this battle has several.
    kinds, _turn = _checked_battle(("250", ["sohei", "otokodate"], ["random", "random"], 7))
    assert {"command_duel_bet", "command_duel_revealed"} <= kinds
    # and offerings to the gods, re-rolls among them (a card discarded face down)
    assert {"offering_window", "offering_made"} <= kinds


def _checked_battle(battle: tuple[str, list[str], list[str], int]) -> tuple[set[str], int]:
    """Plays the battle, checking every view, event and prompt: the event kinds seen
    and the last turn."""
    size, factions, bots, seed = battle
    armies = {side: f"{faction}-{size}" for side, faction in zip("AB", factions, strict=True)}
    game_seed = f"hidden-{seed}"
    state = KENSEI.start({"armies": armies}, SeededDice(game_seed, 0))
    players: dict[str, Any] = {
        side: BOTS[kind](f"{game_seed}-{side}") for side, kind in zip("AB", bots, strict=True)
    }
    rng = random.Random(seed)
    kinds: set[str] = set()
    for viewer in VIEWERS:
        _check_view(state, viewer, rng)
    index = 0
    while (prompt := KENSEI.prompt(state)) is not None:
        _check_prompt(state, rng)
        side = prompt.sides[0]
        command = players[side].choose(KENSEI, state, side)
        assert command is not None
        index += 1
        for event in KENSEI.decide(state, command, SeededDice(game_seed, index)):
            state = KENSEI.evolve(state, event)
            kinds.add(event["type"])
            for viewer in VIEWERS:
                _check_event(event, viewer)
                if state["phase"] != "over":
                    _check_view(state, viewer, rng)
    for viewer in VIEWERS:
        assert KENSEI.view(state, viewer) is state
    assert "commander_orders_chosen" in kinds
    assert "commander_order_drawn" in kinds or state["turn"] < 2
    return kinds, state["turn"]
