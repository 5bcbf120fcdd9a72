"""A slice of the soak test (``make soak`` plays the thousand games): games of every
battle size and every scenario replayed with equal state hashes at every step."""

from __future__ import annotations

import pytest

from tests.support.soak import PAIRINGS, SCENARIOS, setup_for, soak_game

PER_SIZE = len(SCENARIOS) * len(PAIRINGS) // 3  # games of one battle size, in a row
SLICE = [0, PER_SIZE + 5, 2 * PER_SIZE + 10, PER_SIZE + 23]


def test_the_slice_covers_every_battle_size_and_scenario() -> None:
    setups = [setup_for(game)[0] for game in SLICE]
    assert {str(setup["scenario"]) for setup in setups} == set(SCENARIOS)
    sizes = {str(setup["armies"]["A"]).rsplit("-", 1)[1] for setup in setups}  # type: ignore[index]
    assert sizes == {"250", "400", "600"}


@pytest.mark.parametrize("game", SLICE)
def test_soak_games_replay_with_equal_state_hashes_at_every_step(game: int) -> None:
    result = soak_game(game)
    assert result.steps > 100
    assert result.mismatch is None, result.description
