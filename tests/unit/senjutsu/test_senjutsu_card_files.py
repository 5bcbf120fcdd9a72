"""A game played with card files of one's own (``engine.senjutsu.turn.card_files``): the
catalogue's fingerprint, what the first state records of other cards than the packaged
ones, and the refusal to replay a game under other cards than it was played with."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.core import SeededDice
from engine.senjutsu import Catalogue, Senjutsu, load_catalogue
from engine.senjutsu.cards.catalogue import build_catalogue, packaged_documents
from engine.senjutsu.effects.cards import card as card_in_play
from engine.senjutsu.effects.cards import card_json
from replays import registry
from replays.bot_games import play_bot_game
from replays.errors import ReplayRefused
from replays.records import GameRecords
from replays.store import MEMORY, event_store_env

CARD = "core-student"


def own_cards(tmp_path: Path, **changes: Any) -> Catalogue:
    core = json.loads(Path("engine/senjutsu/data/cards/core.json").read_text(encoding="utf-8"))
    card = next(c for c in core["cards"] if c["id"] == CARD)
    path = tmp_path / "own.json"
    path.write_text(json.dumps({"sample": False, "cards": [{**card, **changes}]}))
    return load_catalogue(extra=[path])


def test_the_fingerprint_is_the_same_for_the_same_data_in_any_order() -> None:
    documents = packaged_documents()
    reordered = build_catalogue(documents[::-1], replaceable=len(documents))
    assert reordered.fingerprint == load_catalogue().fingerprint
    assert load_catalogue().fingerprint.startswith("sha256:")


def test_the_fingerprint_changes_with_one_value_of_one_card(tmp_path: Path) -> None:
    assert own_cards(tmp_path, initiative=9).fingerprint != load_catalogue().fingerprint


def test_a_game_under_the_packaged_cards_records_nothing_more() -> None:
    ruleset = Senjutsu()
    state = ruleset.start(ruleset.sample_setups()[0], SeededDice("s", 0))
    assert not {"catalogue", "card_data", "tree_data", "terrain_data"} & set(state)
    assert ruleset.replay_refusal(state) is None


def test_a_game_under_own_cards_records_their_fingerprint_and_the_changed_cards(
    tmp_path: Path,
) -> None:
    catalogue = own_cards(tmp_path, name="Real Discipline", initiative=9)
    ruleset = Senjutsu(catalogue)
    state = ruleset.start(ruleset.sample_setups()[0], SeededDice("s", 0))
    assert state["catalogue"] == catalogue.fingerprint
    assert list(state["card_data"]) == [CARD]  # only what differs from the packaged data
    assert card_in_play(state, CARD) == card_json(catalogue.card(CARD))
    assert card_in_play(state, CARD)["initiative"] == 9
    assert ruleset.replay_refusal(state) is None
    refusal = Senjutsu().replay_refusal(state)
    assert refusal is not None
    assert "played with cards" in refusal
    assert "the packaged sample cards" in refusal


def test_a_game_under_the_packaged_cards_is_refused_under_own_cards(tmp_path: Path) -> None:
    state = Senjutsu().start(Senjutsu().sample_setups()[0], SeededDice("s", 0))
    refusal = Senjutsu(own_cards(tmp_path, name="Real")).replay_refusal(state)
    assert refusal is not None
    assert "played with the packaged sample cards" in refusal


def test_a_whole_game_under_own_cards_keeps_their_fingerprint_and_is_refused_under_others(
    tmp_path: Path,
) -> None:
    ruleset = Senjutsu(own_cards(tmp_path, name="Real Discipline"))
    records = GameRecords(event_store_env(MEMORY), rulesets=[ruleset])
    try:
        setup = ruleset.sample_setups()[0]
        game_id = play_bot_game(records, "senjutsu", setup, bot_seed="g", seed="g")
        final = records.current(game_id).state
        assert final["catalogue"] == ruleset.catalogue.fingerprint
        registry.install([Senjutsu()])  # the platform restarted with the packaged cards
        with pytest.raises(ReplayRefused, match="played with cards"):
            records.current(game_id)
        with pytest.raises(ReplayRefused):
            records.steps(game_id)
    finally:
        registry.install([Senjutsu()])
        records.close()


def test_the_card_file_example_of_the_rules_notes_loads(tmp_path: Path) -> None:
    notes = Path("docs/rules/senjutsu.md").read_text(encoding="utf-8")
    section = notes.split("*Loading the real cards on the platform.*", 1)[1]
    example = section.split("```json\n", 1)[1].split("```", 1)[0]
    path = tmp_path / "example.json"
    path.write_text(example, encoding="utf-8")
    catalogue = load_catalogue(extra=[path])
    assert catalogue.card("s-002").text == "Attack front: 2 wounds."
    assert catalogue.fingerprint != load_catalogue().fingerprint
