"""A slice of the skirmish soak (``make soak`` plays a thousand games): a few bot games,
one per pairing of the random bot and the veteran and every sample scenario, each played
to its end and decided again from its commands with the state hash equal at every step
(``tests/support/skirmish_soak.py``)."""

from __future__ import annotations

import pytest

from tests.support.skirmish_soak import PAIRINGS, SKIRMISH, seats, soak_game

SCENARIOS = len(SKIRMISH.sample_setups())
# Game n plays scenario n mod SCENARIOS, its pairing changes every SCENARIOS games: these
# cover every pairing, and every scenario at least once.
SLICE = [pairing * SCENARIOS + pairing % SCENARIOS for pairing in range(len(PAIRINGS))]


def test_the_skirmish_soak_slice_seats_every_pairing_and_plays_every_scenario() -> None:
    assert {seats(game) for game in SLICE} == set(PAIRINGS)
    assert {game % SCENARIOS for game in SLICE} == set(range(min(SCENARIOS, len(PAIRINGS))))


@pytest.mark.parametrize("game", SLICE)
def test_a_soaked_skirmish_game_replays_with_equal_hashes_at_every_step(game: int) -> None:
    result = soak_game(game)
    assert result.mismatch is None, f"{result.description}: differs at step {result.mismatch}"
    assert result.steps > 0
