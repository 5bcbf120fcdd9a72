"""The unit panel's texts (issue 25): every title and ability a unit of the sample
armies holds is named, with its rules text, by ``data_texts`` (what the game page's
unit panel reads from /systems/kensei/texts.json)."""

from __future__ import annotations

from engine.core import SeededDice
from engine.kensei import Kensei, data_texts


def test_troop_abilities_every_ability_and_title_of_a_sample_unit_has_its_text() -> None:
    kensei = Kensei()
    texts = data_texts()
    shown = 0
    for setup in kensei.sample_setups()[:6]:
        state = kensei.start(setup, SeededDice("texts", 1))
        for unit in state["units"].values():
            for aid in [*unit["abilities"]["permanent"], *unit["abilities"]["ki"]]:
                assert texts["abilities"][aid]["name"].strip(), aid
                assert texts["abilities"][aid]["text"].strip(), aid
                shown += 1
            for tid in texts["troop_titles"].get(unit["troop"], []):
                assert texts["titles"][tid]["text"].strip(), tid
                assert set(texts["titles"][tid]["abilities"]) <= set(unit["abilities"]["permanent"])
    assert shown
