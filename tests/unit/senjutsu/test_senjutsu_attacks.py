"""Attacks (rulebook: Attacks, The Commit To Hit Rule, If Successful, Targeted
Character, Terrain > Bamboo) resolved by the card interpreter."""

from __future__ import annotations

from tests.unit.senjutsu.test_senjutsu_effects_kit import character, play, resolve, table


def test_attacks_each_targeted_character_that_did_not_block_takes_its_cells_effects() -> None:
    # Straight Cut (s-002): attack front, 1 wound. B stands in front of A.
    state = table({"A": character("ronin", ((0, 0), 0)), "B": character("master", ((1, 0), 3))})
    run = resolve(play(state, "A", "s-002"), "A", "s-002")
    assert run.of("attacked") == [
        {"type": "attacked", "side": "A", "card": "s-002", "targets": ["B"], "blocked": []}
    ]
    assert run.state["characters"]["B"]["wounds"] == 1
    assert run.state["current"] is None
