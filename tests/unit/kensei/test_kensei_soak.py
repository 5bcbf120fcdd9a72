"""A slice of the soak test (``make soak`` plays the thousand games): games of every
battle size replayed with equal state hashes at every step."""

from __future__ import annotations

import pytest

from tests.support.soak import PAIRINGS, soak_game


@pytest.mark.parametrize("game", [0, len(PAIRINGS) // 3 + 5, 2 * len(PAIRINGS) // 3 + 10])
def test_soak_games_replay_with_equal_state_hashes_at_every_step(game: int) -> None:
    result = soak_game(game)
    assert result.steps > 100
    assert result.mismatch is None, result.description
