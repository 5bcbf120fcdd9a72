"""Texts from the data (issue 25, Playing without tedium): every title, ki or troop
ability and commander's order of the data files has a name and a rules text, and the
prompts that choose commander's orders carry them."""

from __future__ import annotations

import json
from pathlib import Path

from engine.kensei.army.catalogue import load_catalogue
from engine.kensei.command.order_cards import order_cards
from engine.kensei.ruleset import Kensei
from engine.kensei.turn.prompts import order_texts
from tests.conformance.systems import played

DATA = Path(__file__).resolve().parents[3] / "engine" / "kensei" / "data"


def test_troops_and_units_title_every_title_has_a_name_and_a_text() -> None:
    titles = json.loads((DATA / "titles.json").read_text(encoding="utf-8"))["titles"]
    assert titles
    for title in titles:
        assert title["name"].strip(), title["id"]
        assert title["text"].strip(), title["id"]


def test_troop_abilities_every_ability_has_a_name_and_a_text() -> None:
    abilities = load_catalogue().abilities
    assert abilities
    for aid, ability in abilities.items():
        assert ability.name.strip(), aid
        assert ability.text.strip(), aid


def test_commanders_orders_every_order_has_a_name_a_text_and_a_cost() -> None:
    cards = order_cards()
    assert cards
    for oid, card in cards.items():
        assert card.name.strip(), oid
        assert card.text.strip(), oid
        assert card.cards >= 0, oid


def test_the_prompts_choosing_commanders_orders_carry_their_texts() -> None:
    kensei = Kensei()
    checked = 0
    for game in played("kensei"):
        for decision in game.decisions:
            prompt = kensei.prompt(decision.state)
            if prompt is None or prompt.kind not in ("choose_commander_orders", "choose_unit"):
                continue
            if prompt.kind == "choose_unit" and "commander_orders" not in decision.state:
                assert "texts" not in prompt.options  # without commander's orders: unchanged
                continue
            texts = prompt.options["texts"]
            assert texts == order_texts(decision.state, prompt.sides)
            for said in texts.values():
                assert said["name"]
                assert said["text"]
            checked += 1
            if checked > 20:
                return
    assert checked, "no prompt choosing commander's orders in the conformance games"
