"""Senjutsu data: the JSON files, their schema, the model's parsers and the catalogue's
cross-checks.

The packaged data is sample data (the rulebook prints no card text): these tests check
that it is labelled so, that it uses every icon, keyword and effect of the rulebook and of
the contract, that the components match the box (Component List), and that a broken file
is refused with a message naming the file and the record.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine.core.canonical import canonical_json
from engine.senjutsu.cards import Catalogue, CatalogueError, load_catalogue
from engine.senjutsu.cards.catalogue import FILES, build_catalogue, packaged_documents
from engine.senjutsu.cards.model import (
    EFFECT_KINDS,
    Card,
    Cell,
    Character,
    Effect,
    KamaeTree,
    Opponent,
    TerrainKind,
)

Documents = list[tuple[str, Any]]


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return load_catalogue()


def player_cards(catalogue: Catalogue) -> list[Card]:
    return [card for card in catalogue.cards.values() if not card.solo]


def effects_of(cards: list[Card]) -> list[Effect]:
    return [effect for card in cards for effect in card.effects()]


def cells_of(cards: list[Card]) -> list[Cell]:
    return [cell for effect in effects_of(cards) for cell in effect.grid if effect.do == "attack"]


def broken(change: Callable[[dict[str, Document]], None]) -> CatalogueError:
    """Build the catalogue from the packaged documents after ``change``; return the error."""
    documents = {name: copy.deepcopy(document) for name, document in packaged_documents()}
    change(documents)
    with pytest.raises(CatalogueError) as refused:
        build_catalogue(list(documents.items()), replaceable=len(documents))
    return refused.value


Document = Any


def record(documents: dict[str, Document], name: str, section: str, record_id: str) -> Any:
    return next(item for item in documents[name][section] if item["id"] == record_id)


# --- the files -------------------------------------------------------------------------------


def test_catalogue_loads_the_packaged_files_and_says_they_are_sample_data(
    catalogue: Catalogue,
) -> None:
    assert catalogue.sample
    for name, document in packaged_documents():
        assert document["sample"] is True, name
    assert all(card.sample for card in catalogue.cards.values())
    assert all(character.sample for character in catalogue.characters.values())
    assert load_catalogue() is catalogue  # cached


def test_component_list_characters_and_their_cards(catalogue: Catalogue) -> None:
    assert set(catalogue.characters) == {"warrior", "student", "ronin", "master", "noblewoman"}
    for character in catalogue.characters.values():
        assert 3 <= len(character.weapons) <= 5
        assert catalogue.card(character.core_card).core
        assert catalogue.tree(character.kamae_tree).id == character.id
    core = [card for card in catalogue.cards.values() if card.core and not card.weapon]
    weapons = [card for card in catalogue.cards.values() if card.weapon]
    assert len(core) == 5  # the box's 4 core ability cards and one for the noblewoman
    assert len(weapons) == 18
    offered = {weapon for c in catalogue.characters.values() for weapon in c.weapons}
    assert offered == {card.id for card in weapons}


def test_player_setup_step_10_advantage_numbers_are_all_different(catalogue: Catalogue) -> None:
    numbers = [character.advantage for character in catalogue.characters.values()]
    assert len(set(numbers)) == len(numbers)


def test_kamae_positions_trees_start_neutral_and_reach_every_position(
    catalogue: Catalogue,
) -> None:
    for tree in catalogue.trees.values():
        assert tree.kamae_of(tree.start) == "neutral"
        reached = {tree.start}
        frontier = [tree.start]
        while frontier:
            for branch in tree.branches_from(frontier.pop()):
                if branch.to not in reached:
                    reached.add(branch.to)
                    frontier.append(branch.to)
        assert reached == {position.id for position in tree.positions}
        kinds = {position.kamae for position in tree.positions}
        assert kinds == {"neutral", "aggression", "balance", "determination"}
        assert any(branch.pink for branch in tree.branches)
        # One-way branches: at least one has no branch back.
        pairs = {(branch.from_, branch.to) for branch in tree.branches}
        assert any((to, start) not in pairs for start, to in pairs)


def test_other_ability_card_icons_status_cards_and_crippling_poison_002(
    catalogue: Catalogue,
) -> None:
    assert catalogue.card("stun").type == "stun"
    assert catalogue.card("stun").initiative == 0
    assert catalogue.card("hobble").type == "status"
    poison = catalogue.card("crippling-poison")
    assert poison.serial == "002"
    assert poison.initiative == 0  # FAQ: played as the active card, speed 0
    assert [effect.do for effect in poison.effects()] == ["discard"]


def test_component_list_two_reversible_boards_four_battlefields(catalogue: Catalogue) -> None:
    assert set(catalogue.battlefields) == {
        "frozen-lake",
        "icy-bridge",
        "snowy-battlefield",
        "burning-village",
    }
    boards = Counter(field.board for field in catalogue.battlefields.values())
    assert sorted(boards.values()) == [2, 2]
    for field in catalogue.battlefields.values():
        assert field.sample_shape
        assert list(field.hexes) == sorted(set(field.hexes))
        assert len(field.hexes) > 40


def test_terrain_pieces_of_the_box_and_their_collision_effects(catalogue: Catalogue) -> None:
    counts = {kind.id: kind.count for kind in catalogue.terrain_kinds.values()}
    assert counts == {
        "burning-carts": 2,
        "bamboo": 2,
        "rocks": 3,
        "shrine": 1,
        "cherry-tree": 1,
        "torii-gate": 1,
    }
    collisions = {
        kind.id: [effect.do for effect in kind.collision]
        for kind in catalogue.terrain_kinds.values()
    }
    assert collisions["rocks"] == ["stun"]
    assert collisions["bamboo"] == ["stun", "hobble"]
    assert collisions["burning-carts"] == ["stun", "wound"]
    assert collisions["torii-gate"] == ["stun"]
    for kind in catalogue.terrain_kinds.values():
        assert kind.notes  # our reading of the lost icons is written down


def test_terrain_torii_gate_the_hex_between_the_pillars_is_not_terrain(
    catalogue: Catalogue,
) -> None:
    torii = catalogue.terrain("torii-gate")
    assert len(torii.hexes) == 3
    assert torii.solid == ((-1, 0), (1, 0))
    assert (0, 0) in torii.hexes
    assert (0, 0) not in torii.solid
    assert catalogue.terrain("rocks").solid == ((0, 0),)
    assert catalogue.terrain("bamboo").special == "bamboo"


# --- the sample set covers the rulebook ------------------------------------------------------


def test_every_effect_kind_of_the_contract_appears_in_the_sample_set(
    catalogue: Catalogue,
) -> None:
    sample = [card for card in player_cards(catalogue) if card.rank is not None]
    solo = [card for card in catalogue.cards.values() if card.solo]
    player_kinds = {effect.do for effect in effects_of(sample)}
    solo_kinds = {effect.do for effect in effects_of(solo)}
    assert set(EFFECT_KINDS) - {"reset_deck", "change_approach"} <= player_kinds
    assert {"reset_deck", "change_approach"} <= solo_kinds


def test_attacks_every_grid_icon_appears(catalogue: Catalogue) -> None:
    cells = cells_of(player_cards(catalogue))
    assert any(cell.wounds == 1 for cell in cells)
    assert any(cell.wounds == 2 for cell in cells)
    assert any(cell.wounds == 0 for cell in cells)  # a stun only
    for icon in ("execution", "poison", "hobble", "stun", "asterisk"):
        assert any(getattr(cell, icon) for cell in cells), icon
    assert any(cell.bleeding for cell in cells)
    asterisks = [card for card in player_cards(catalogue) if card.asterisk]
    assert asterisks
    for card in asterisks:
        assert any(cell.asterisk for cell in cells_of([card]))


def test_move_effects_optional_mandatory_multi_step_and_then(catalogue: Catalogue) -> None:
    effects = effects_of(player_cards(catalogue))
    steps = [effect for effect in effects if effect.do == "step"]
    rotations = [effect for effect in effects if effect.do == "rotate"]
    assert {step.dirs for step in steps} == {"front", "front3", "any"}
    assert {step.mandatory for step in steps} == {True, False}
    assert {rotation.mandatory for rotation in rotations} == {True, False}
    assert any(step.n == 2 for step in steps)
    assert any(rotation.n is not None and rotation.n >= 2 for rotation in rotations)
    lines = [line for card in player_cards(catalogue) for line in card.lines]
    both = [line for line in lines if {e.do for e in line.effects} >= {"step", "rotate"}]
    assert both  # Sequencing Of Movement: a step and a rotation on one line
    then = [card for card in player_cards(catalogue) if len(card.lines) >= 2]
    assert then  # "A then B" is two lines


def test_blocks_counters_if_successful_and_targeted_effects(catalogue: Catalogue) -> None:
    effects = effects_of(player_cards(catalogue))
    blocks = [effect for effect in effects if effect.do == "block"]
    attacks = [effect for effect in effects if effect.do == "attack"]
    assert any(block.counter for block in blocks)
    assert any(block.if_successful for block in blocks)
    assert any(block.targeted for block in blocks)
    assert any(attack.if_successful for attack in attacks)
    assert any(attack.targeted for attack in attacks)
    ranged = [effect for effect in effects if effect.do == "ranged"]
    assert {effect.with_ for effect in ranged} == {None, "attack", "block"}
    assert all(effect.targeted for effect in ranged)
    ranged_attacks = [effect for effect in effects if effect.do == "ranged_attack"]
    assert any(effect.wounds == 2 for effect in ranged_attacks)
    assert any(effect.hobble for effect in ranged_attacks)


def test_card_anatomy_speeds_costs_kamae_instants_and_split(catalogue: Catalogue) -> None:
    cards = [card for card in player_cards(catalogue) if card.rank is not None]
    assert any(card.initiative == (6, 2) and card.name == "Calm Defence" for card in cards)
    assert any(card.focus_cost > 0 for card in cards)
    assert any(line.focus > 0 for card in cards for line in card.lines)
    assert any(card.kamae is not None for card in cards)
    assert any(line.kamae is not None for card in cards for line in card.lines)
    ors = [effect for effect in effects_of(cards) if effect.do == "or"]
    assert any(line.kamae for effect in ors for option in effect.options for line in option)
    alternatives = [card.alternative for card in cards if card.alternative is not None]
    assert any(alt.kamae is not None for alt in alternatives)
    assert any(alt.focus > 0 for alt in alternatives)
    instants = Counter((card.instant, card.condition) for card in cards if card.instant)
    assert set(instants) == {
        ("additional", "attack_successful"),
        ("additional", "block_successful"),
        ("additional", None),
        ("replacement", None),
        ("instant", None),
    }
    assert any(card.split is not None for card in cards)
    searches = [effect for effect in effects_of(cards) if effect.do == "search"]
    assert {effect.from_ for effect in searches} == {"deck", "discard"}
    assert any(effect.top == 3 for effect in searches)
    switches = {effect.to for effect in effects_of(cards) if effect.do == "kamae_switch"}
    assert "any" in switches
    assert switches - {"any"}


def test_deck_construction_every_rank_signatures_and_two_restricted_schools(
    catalogue: Catalogue,
) -> None:
    cards = [card for card in player_cards(catalogue) if card.rank is not None]
    assert 50 <= len(cards) <= 70
    assert {card.rank for card in cards} == {"wood", "steel", "gold", "jade"}
    assert {card.signature for card in cards} - {None} == set(catalogue.characters)
    assert len(catalogue.schools) == 2
    assert {card.school for card in cards} - {None} == set(catalogue.schools)
    assert {card.type for card in cards} == {"attack", "defence", "meditation"}


def test_solo_rules_ten_opponents_decks_and_nightmares(catalogue: Catalogue) -> None:
    opponents = catalogue.opponents
    assert len(opponents) == 10
    standees = [o for o in opponents.values() if o.standee]
    assert len(standees) == 6
    assert all(o.nightmare is None for o in standees)
    bespoke = {o.id: o.nightmare for o in opponents.values() if not o.standee}
    assert set(bespoke) == {"solo-student", "solo-master", "solo-ronin", "solo-warrior"}
    assert {o.kind for o in opponents.values()} == {"melee", "ranged"}
    assert len(catalogue.generic_nightmares) >= 2
    for opponent in opponents.values():
        deck = [catalogue.card(card_id) for card_id in opponent.deck]
        assert any(card.type == "attack" and card.bottom for card in deck)
        assert any(card.type == "defence" and card.variable and card.split for card in deck)
        assert any(card.reset_deck for card in deck)
        assert any(e.do == "change_approach" for card in deck for e in card.effects())


# --- the model's parsers ---------------------------------------------------------------------


def test_model_round_trips_through_json(catalogue: Catalogue) -> None:
    for card in catalogue.cards.values():
        plain = catalogue.card_json(card.id)
        canonical_json(plain)
        assert Card.from_json(plain, "round-trip") == card
    for tree in catalogue.trees.values():
        assert KamaeTree.from_json(catalogue.tree_json(tree.id), "round-trip") == tree
    block = catalogue.card_json("s-008")["lines"][0]["effects"][0]
    assert block["grid"] == [[1, -1], [1, 0], [0, 1]]
    assert "with" in catalogue.card_json("s-020")["lines"][0]["effects"][0]


def test_model_defaults_of_the_contract() -> None:
    raw = {
        "id": "x-1",
        "name": "X",
        "type": "attack",
        "initiative": 3,
        "lines": [
            {"effects": [{"do": "step"}, "stun"]},
            {"effects": [{"do": "ranged_attack", "range": 3}, {"do": "search"}]},
            {"effects": [{"do": "attack", "grid": [{"hex": [1, 0]}]}]},
        ],
    }
    card = Card.from_json(raw, "test.json")
    step, stun, ranged, search, attack = card.effects()
    assert (step.n, step.dirs, step.mandatory) == (1, "front", False)
    assert stun == Effect(do="stun")
    assert (ranged.wounds, ranged.bleeding, ranged.targeted) == (1, 0, ())
    assert (search.from_, search.top, search.n, search.type) == ("deck", None, 1, None)
    assert attack.grid == (Cell(hex=(1, 0), wounds=1),)
    assert (card.rank, card.instant, card.alternative, card.split) == (None, None, None, None)
    assert card.lines[0].kamae is None
    assert card.lines[0].focus == 0


@pytest.mark.parametrize(
    ("raw", "field"),
    [
        ({"id": "x-1", "name": "X", "type": "attack"}, "initiative"),
        ({"id": "x-1", "name": "X", "type": "lunge", "initiative": 3}, "type"),
        ({"id": "x-1", "name": "X", "type": "attack", "initiative": [2, 5]}, "initiative"),
        (
            {
                "id": "x-1",
                "name": "X",
                "type": "attack",
                "initiative": 3,
                "lines": [{"effects": [{"do": "attack", "grid": []}]}],
            },
            "lines[0].effects[0].grid",
        ),
        (
            {
                "id": "x-1",
                "name": "X",
                "type": "attack",
                "initiative": 3,
                "lines": [{"effects": [{"do": "step", "dirs": "back"}]}],
            },
            "lines[0].effects[0].dirs",
        ),
        (
            {
                "id": "x-1",
                "name": "X",
                "type": "attack",
                "initiative": 3,
                "condition": "attack_successful",
            },
            "condition",
        ),
        (
            {
                "id": "x-1",
                "name": "X",
                "type": "attack",
                "initiative": 3,
                "alternative": {"initiative": 8},
            },
            "alternative",
        ),
        (
            {
                "id": "x-1",
                "name": "X",
                "type": "attack",
                "initiative": 3,
                "lines": [{"effects": [{"do": "ranged"}]}],
            },
            "lines[0].effects[0].range",
        ),
    ],
)
def test_card_from_json_names_the_file_the_card_and_the_field(raw: Any, field: str) -> None:
    with pytest.raises(ValueError, match=r"^cards\.json: x-1: ") as refused:
        Card.from_json(raw, "cards.json")
    assert f": {field}: " in str(refused.value)


def test_other_records_from_json_name_the_field() -> None:
    with pytest.raises(ValueError, match=r"c\.json: warrior: hand_limit: "):
        Character.from_json(
            {
                "id": "warrior",
                "name": "W",
                "advantage": 1,
                "wound_limit": 5,
                "hand_limit": 0,
                "kamae_tree": "w",
                "core_card": "c",
                "weapons": [],
                "deck": [],
            },
            "c.json",
        )
    with pytest.raises(ValueError, match=r"t\.json: rocks: pillars: "):
        TerrainKind.from_json(
            {"id": "rocks", "name": "R", "hexes": [[0, 0]], "pillars": [[1, 0]], "collision": []},
            "t.json",
        )
    with pytest.raises(ValueError, match=r"o\.json: yari: approaches\[1\]: "):
        Opponent.from_json(
            {
                "id": "yari",
                "name": "Y",
                "standee": True,
                "kind": "melee",
                "preferred_range": 2,
                "approaches": ["front", "above"],
                "deck": ["a"],
            },
            "o.json",
        )


# --- broken files are refused, naming the file and the record ---------------------------------


def test_a_schema_violation_names_the_file_and_the_record() -> None:
    def change(documents: dict[str, Document]) -> None:
        record(documents, "cards/sample.json", "cards", "s-002")["rank"] = "bronze"

    error = broken(change)
    assert any(p.startswith("cards/sample.json: s-002: $.cards[1].rank") for p in error.problems)


def test_a_float_or_bad_json_is_refused(tmp_path: Path) -> None:
    floaty = tmp_path / "floaty.json"
    floaty.write_text('{"sample": true, "cards": [{"initiative": 2.5}]}', encoding="utf-8")
    with pytest.raises(CatalogueError, match=r"floaty\.json: floats are not allowed"):
        load_catalogue(extra=[floaty])
    bad = tmp_path / "bad.json"
    bad.write_text('{"sample": true,', encoding="utf-8")
    with pytest.raises(CatalogueError, match=r"bad\.json: not valid JSON"):
        load_catalogue(extra=[bad])
    with pytest.raises(CatalogueError, match=r"missing\.json: cannot be read"):
        load_catalogue(extra=[tmp_path / "missing.json"])


def test_cross_check_unknown_references_are_named() -> None:
    def change(documents: dict[str, Document]) -> None:
        ronin = record(documents, "characters.json", "characters", "ronin")
        ronin["core_card"] = "core-nobody"
        ronin["weapons"].append("w-laser")
        record(documents, "solo/opponents.json", "opponents", "ashigaru-yari")["deck"].append(
            "so-missing"
        )
        record(documents, "cards/sample.json", "cards", "s-060")["signature"] = "ninja"

    problems = "\n".join(broken(change).problems)
    assert "characters.json: ronin: core_card names an unknown card 'core-nobody'" in problems
    assert "characters.json: ronin: weapons names an unknown card 'w-laser'" in problems
    assert "solo/opponents.json: ashigaru-yari: deck names an unknown card 'so-missing'" in (
        problems
    )
    assert "cards/sample.json: s-060: signature names an unknown character 'ninja'" in problems


def test_cross_check_kamae_tree_must_be_connected_from_a_neutral_start() -> None:
    def change(documents: dict[str, Document]) -> None:
        tree = record(documents, "kamae.json", "trees", "student")
        tree["positions"].append({"id": "island", "kamae": "balance"})
        tree["branches"].append({"from": "island", "to": "n"})
        master = record(documents, "kamae.json", "trees", "master")
        master["start"] = "d1"

    problems = "\n".join(broken(change).problems)
    assert "kamae.json: student: position 'island' cannot be reached from the start" in problems
    assert "kamae.json: master: the start position must be neutral" in problems


def test_cross_check_ranks_grids_and_duplicates() -> None:
    def change(documents: dict[str, Document]) -> None:
        cards = documents["cards/sample.json"]["cards"]
        cards[0]["rank"] = None
        cards[1]["lines"][0]["effects"][0]["grid"].append({"hex": [4, 0]})
        cards.append(copy.deepcopy(cards[2]))
        documents["cards/core.json"]["cards"][0]["rank"] = "gold"

    problems = "\n".join(broken(change).problems)
    assert "cards/sample.json: s-001: an ability card needs a rank" in problems
    assert "cards/sample.json: s-002: grid hex [4, 0] is further than 3 hexes" in problems
    assert "cards/sample.json: s-003: id already used in cards/sample.json" in problems
    assert "cards/core.json: core-warrior: only ability cards have a rank" in problems


def test_cross_check_sample_decks_must_be_legal() -> None:
    def change(documents: dict[str, Document]) -> None:
        deck = record(documents, "characters.json", "characters", "student")["deck"]
        deck.pop()
        record(documents, "characters.json", "characters", "master")["advantage"] = 5

    problems = "\n".join(broken(change).problems)
    assert "characters.json: student: sample deck: Deck Construction" in problems
    assert "advantage number 5 is also" in problems


def test_cross_check_status_cards_and_solo_only_effects() -> None:
    def change(documents: dict[str, Document]) -> None:
        documents["cards/status.json"]["cards"] = [
            card for card in documents["cards/status.json"]["cards"] if card["id"] != "stun"
        ]
        record(documents, "cards/sample.json", "cards", "s-002")["lines"].append(
            {"effects": [{"do": "reset_deck"}]}
        )

    problems = "\n".join(broken(change).problems)
    assert "the status card 'stun' is missing" in problems
    assert "cards/sample.json: s-002: reset_deck is an effect of solo cards only" in problems


def test_extra_files_add_and_replace_cards_by_id(catalogue: Catalogue, tmp_path: Path) -> None:
    extra = tmp_path / "real-cards.json"
    replaced = copy.deepcopy(catalogue.card_json("s-002"))
    replaced["name"] = "Straight Cut (printed)"
    replaced["initiative"] = 7
    del replaced["sample"]
    added = {
        "id": "r-001",
        "name": "New Card",
        "type": "meditation",
        "rank": "wood",
        "initiative": 4,
        "lines": [{"effects": [{"do": "focus"}]}],
    }
    extra.write_text(json.dumps({"sample": False, "cards": [replaced, added]}), encoding="utf-8")
    bigger = load_catalogue(extra=[extra])
    assert bigger.card("s-002").name == "Straight Cut (printed)"
    assert bigger.card("s-002").initiative == 7
    assert not bigger.card("r-001").sample
    assert bigger.card("r-001").effects()[0].n == 1
    assert len(bigger.cards) == len(catalogue.cards) + 1
    assert catalogue.card("s-002").name == "Straight Cut"  # the packaged one is untouched
    broken_extra = tmp_path / "broken.json"
    broken_extra.write_text(json.dumps({"sample": False, "cards": [{"id": "r-2"}]}))
    with pytest.raises(CatalogueError, match=r"broken\.json: r-2: "):
        load_catalogue(extra=[broken_extra])


def test_every_packaged_file_is_listed() -> None:
    assert [name for name, _ in packaged_documents()] == list(FILES)


def test_missing_records_raise_a_key_error_naming_them(catalogue: Catalogue) -> None:
    with pytest.raises(KeyError, match="no card 'nothing'"):
        catalogue.card("nothing")
    with pytest.raises(KeyError, match="no solo opponent 'x'"):
        catalogue.opponent("x")


def test_resolving_solo_cards_attack_cards_have_a_bottom_and_defence_cards_a_split() -> None:
    def change(documents: dict[str, Document]) -> None:
        attack = record(documents, "solo/cards.json", "cards", "so-yari-1")
        attack["bottom"] = []
        defence = record(documents, "solo/cards.json", "cards", "so-yari-4")
        defence["initiative"] = 5
        defence["split"] = None
        opponent = record(documents, "solo/opponents.json", "opponents", "ashigaru-yumi")
        opponent["approaches"] = ["front", "front"]

    problems = "\n".join(broken(change).problems)
    assert "solo/cards.json: so-yari-1: a solo attack card needs a bottom part" in problems
    assert "solo/cards.json: so-yari-4: a solo defence card has a block with a variable" in (
        problems
    )
    assert "solo/cards.json: so-yari-4: a solo defence card has moves below a split" in problems
    assert "solo/opponents.json: ashigaru-yumi: an approach appears twice" in problems
