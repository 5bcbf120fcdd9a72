"""The Senjutsu catalogue: every card, character, Kamae tree, battlefield, terrain piece,
restricted school and solo opponent, read from the JSON files of ``engine/senjutsu/data``.

Each file is validated against ``data/schemas/catalogue.schema.json``, parsed into the
frozen values of :mod:`engine.senjutsu.cards.model`, then cross-checked (every referenced
id exists, trees are connected from their start, signature cards name a character, ranks
fit the card kind, grids stay within a sane radius, every sample deck is a legal deck...).
Every problem is reported at once, each naming the file and the record id.

The rulebook prints no card text and no character values: the packaged data is SAMPLE
data (``"sample": true`` at the top of each file; :attr:`Catalogue.sample`). The real cards
can be loaded as extra files, which add records or replace them by id
(``load_catalogue(extra=[path, ...])``). Files are read with ``importlib.resources`` (the
packaged ones) or ``pathlib`` (extras): no clock, no environment.

>>> load_catalogue().character("ronin").hand_limit > 0
True
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final, TypeVar

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match

from engine.core import canonical_json
from engine.senjutsu.cards.decks import validate_deck
from engine.senjutsu.cards.model import (
    Battlefield,
    Card,
    Character,
    Effect,
    KamaeTree,
    Opponent,
    TerrainKind,
    to_json,
)

DATA_PACKAGE: Final = "engine.senjutsu"
DATA_FOLDER: Final = "data"
FILES: Final = (
    "cards/core.json",
    "cards/status.json",
    "cards/sample.json",
    "characters.json",
    "kamae.json",
    "battlefields.json",
    "terrain.json",
    "solo/opponents.json",
    "solo/cards.json",
)
"""The packaged data files, read in this order."""

SECTIONS: Final = (
    "cards",
    "characters",
    "trees",
    "battlefields",
    "terrain",
    "schools",
    "opponents",
)
"""The record lists a data file may hold (each optional; extras may hold any of them)."""

MAX_GRID_RADIUS: Final = 3
"""No printed grid reaches further than 3 hexes from the character (a sanity bound)."""
MAX_RANGE: Final = 8
SOLO_ONLY: Final = ("reset_deck", "change_approach")
"""Effects only the solo opponents' cards have (Solo Defence Cards > Reset Deck; Approach)."""
STATUS_CARDS: Final = ("hobble", "stun", "crippling-poison")
ABILITY_TYPES: Final = ("attack", "defence", "meditation")


class CatalogueError(ValueError):
    """The data files are malformed or inconsistent; ``problems`` lists every one."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(self.problems))


@dataclass(frozen=True, slots=True)
class School:
    """A restricted school (Deck Construction > Restricted Schools)."""

    id: str
    name: str


T = TypeVar("T")


def _by_id(items: Mapping[str, T]) -> Mapping[str, T]:
    return MappingProxyType({key: items[key] for key in sorted(items)})


def _missing(kind: str) -> Callable[[str], KeyError]:
    def error(key: str) -> KeyError:
        return KeyError(f"no {kind} {key!r} in the Senjutsu catalogue")

    return error


@dataclass(frozen=True)
class Catalogue:
    """Every record, by id (each mapping is read-only and in id order)."""

    cards: Mapping[str, Card]
    characters: Mapping[str, Character]
    trees: Mapping[str, KamaeTree]
    battlefields: Mapping[str, Battlefield]
    terrain_kinds: Mapping[str, TerrainKind]
    schools: Mapping[str, School]
    opponents: Mapping[str, Opponent]
    sample: bool
    """Whether any record is sample data (the packaged files all are)."""

    def card(self, card_id: str) -> Card:
        if card_id not in self.cards:
            raise _missing("card")(card_id)
        return self.cards[card_id]

    def character(self, character_id: str) -> Character:
        if character_id not in self.characters:
            raise _missing("character")(character_id)
        return self.characters[character_id]

    def tree(self, tree_id: str) -> KamaeTree:
        if tree_id not in self.trees:
            raise _missing("kamae tree")(tree_id)
        return self.trees[tree_id]

    def battlefield(self, battlefield_id: str) -> Battlefield:
        if battlefield_id not in self.battlefields:
            raise _missing("battlefield")(battlefield_id)
        return self.battlefields[battlefield_id]

    def terrain(self, terrain_id: str) -> TerrainKind:
        if terrain_id not in self.terrain_kinds:
            raise _missing("terrain piece")(terrain_id)
        return self.terrain_kinds[terrain_id]

    def school(self, school_id: str) -> School:
        if school_id not in self.schools:
            raise _missing("restricted school")(school_id)
        return self.schools[school_id]

    def opponent(self, opponent_id: str) -> Opponent:
        if opponent_id not in self.opponents:
            raise _missing("solo opponent")(opponent_id)
        return self.opponents[opponent_id]

    def card_json(self, card_id: str) -> dict[str, Any]:
        """A card as canonical JSON (every field written), for views."""
        plain = to_json(self.card(card_id))
        assert isinstance(plain, dict)
        return plain

    def tree_json(self, tree_id: str) -> dict[str, Any]:
        """A Kamae tree as the contract's JSON (``from`` for ``from_``), for views."""
        plain = to_json(self.tree(tree_id))
        assert isinstance(plain, dict)
        for branch in plain["branches"]:
            branch["from"] = branch.pop("from_", branch.get("from"))
        return plain

    @cached_property
    def fingerprint(self) -> str:
        """``sha256:`` and the SHA-256 of every record as canonical JSON, by section and
        id: equal for equal data whatever the files and their order, different as soon
        as one value of one record differs. A game records the fingerprint of the
        catalogue it was played with (see ``Senjutsu.replay_refusal``)."""
        sections = {
            "cards": self.cards,
            "characters": self.characters,
            "trees": self.trees,
            "battlefields": self.battlefields,
            "terrain": self.terrain_kinds,
            "schools": self.schools,
            "opponents": self.opponents,
        }
        records = {
            section: {key: to_json(record) for key, record in by_id.items()}
            for section, by_id in sections.items()
        }
        digest = hashlib.sha256(canonical_json(records).encode("utf-8")).hexdigest()
        return f"sha256:{digest}"

    @property
    def generic_nightmares(self) -> tuple[str, ...]:
        """The generic nightmare solo cards, drawn at random for standees (Solo Setup
        step 2): solo cards with the ``nightmare`` keyword that no opponent owns."""
        owned = {opponent.nightmare for opponent in self.opponents.values()}
        return tuple(
            card.id
            for card in self.cards.values()
            if card.solo and "nightmare" in card.keywords and card.id not in owned
        )


# --- reading files ---------------------------------------------------------------------------


class _FloatFound(ValueError):
    pass


def _refuse_float(text: str) -> Any:
    raise _FloatFound(text)


def parse_json(text: str, name: str) -> Any:
    """Parse JSON text, refusing floats (no floating point in stored data)."""
    try:
        return json.loads(text, parse_float=_refuse_float)
    except _FloatFound as found:
        raise CatalogueError([f"{name}: floats are not allowed, found {found.args[0]}"]) from None
    except json.JSONDecodeError as bad:
        where = f"line {bad.lineno}, column {bad.colno}"
        raise CatalogueError([f"{name}: not valid JSON: {bad.msg} ({where})"]) from None


def packaged_documents() -> list[tuple[str, Any]]:
    """The packaged files, ``(name, document)`` in :data:`FILES` order."""
    root = resources.files(DATA_PACKAGE).joinpath(DATA_FOLDER)
    documents = []
    problems: list[str] = []
    for name in FILES:
        entry = root.joinpath(*name.split("/"))
        if not entry.is_file():
            problems.append(f"{name}: file is missing")
            continue
        try:
            documents.append((name, parse_json(entry.read_text(encoding="utf-8"), name)))
        except CatalogueError as bad:
            problems.extend(bad.problems)
    if problems:
        raise CatalogueError(problems)
    return documents


@cache
def _validator() -> Draft202012Validator:
    root = resources.files(DATA_PACKAGE).joinpath(DATA_FOLDER, "schemas")
    schema = json.loads(root.joinpath("catalogue.schema.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def _explain(error: ValidationError) -> ValidationError:
    # A oneOf/anyOf error only says "not valid under any of the given schemas".
    if error.context:
        return _explain(best_match(error.context))
    return error


def _record_id(document: Any, path: Sequence[Any]) -> str:
    if len(path) >= 2 and isinstance(document, Mapping):
        section = document.get(path[0])
        if isinstance(section, list) and isinstance(path[1], int) and path[1] < len(section):
            record = section[path[1]]
            if isinstance(record, Mapping) and isinstance(record.get("id"), str):
                return f" {record['id']}:"
    return ""


def schema_problems(name: str, document: Any) -> list[str]:
    """Every JSON Schema problem of a data file, as ``file: id: $.path: problem``."""
    problems = []
    errors = sorted(_validator().iter_errors(document), key=lambda e: (e.json_path, e.message))
    for error in errors:
        detail = _explain(error)
        record = _record_id(document, list(error.absolute_path))
        problems.append(f"{name}:{record} {detail.json_path}: {detail.message}")
    return problems


# --- building ------------------------------------------------------------------------------


def load_catalogue(extra: Sequence[Path] = ()) -> Catalogue:
    """The packaged catalogue, plus ``extra`` files (same format) that add records or
    replace them by id, in the order given. Cached when there are no extras."""
    if not extra:
        return _packaged()
    documents = packaged_documents()
    problems: list[str] = []
    for path in extra:
        name = str(path)
        try:
            documents.append((name, parse_json(Path(path).read_text(encoding="utf-8"), name)))
        except OSError as bad:
            problems.append(f"{name}: cannot be read ({bad.strerror})")
        except CatalogueError as bad:
            problems.extend(bad.problems)
    if problems:
        raise CatalogueError(problems)
    return build_catalogue(documents, replaceable=len(documents) - len(extra))


@cache
def _packaged() -> Catalogue:
    documents = packaged_documents()
    return build_catalogue(documents, replaceable=len(documents))


_PARSERS: Final[Mapping[str, Callable[[Any, str, bool], Any]]] = {
    "cards": lambda obj, name, sample: Card.from_json(obj, name, sample=sample),
    "characters": lambda obj, name, sample: Character.from_json(obj, name, sample=sample),
    "trees": lambda obj, name, sample: KamaeTree.from_json(obj, name, sample=sample),
    "battlefields": lambda obj, name, sample: Battlefield.from_json(obj, name),
    "terrain": lambda obj, name, sample: TerrainKind.from_json(obj, name),
    "schools": lambda obj, name, sample: School(id=obj["id"], name=obj["name"]),
    "opponents": lambda obj, name, sample: Opponent.from_json(obj, name, sample=sample),
}


def build_catalogue(documents: Sequence[tuple[str, Any]], *, replaceable: int = 0) -> Catalogue:
    """Validate, parse and cross-check ``(name, document)`` pairs into a catalogue.

    The first ``replaceable`` documents are the base data: an id twice among them is an
    error; a later document (an extra file) replaces a record of the same id.
    """
    problems: list[str] = []
    for name, document in documents:
        problems.extend(schema_problems(name, document))
    if problems:
        raise CatalogueError(problems)
    records: dict[str, dict[str, Any]] = {section: {} for section in SECTIONS}
    origin: dict[tuple[str, str], str] = {}
    duplicates: list[str] = []
    sample = False
    for index, (name, document) in enumerate(documents):
        file_sample = bool(document.get("sample", False))
        sample = sample or file_sample
        for section in SECTIONS:
            for raw in document.get(section, []):
                try:
                    record = _PARSERS[section](raw, name, file_sample)
                except ValueError as bad:
                    problems.append(str(bad))
                    continue
                key = (section, record.id)
                if key in origin and index < replaceable:
                    duplicates.append(
                        f"{name}: {record.id}: id already used in {origin[key]} ({section})"
                    )
                    continue
                origin[key] = name
                records[section][record.id] = record
    if problems:
        raise CatalogueError(problems)
    catalogue = Catalogue(
        cards=_by_id(records["cards"]),
        characters=_by_id(records["characters"]),
        trees=_by_id(records["trees"]),
        battlefields=_by_id(records["battlefields"]),
        terrain_kinds=_by_id(records["terrain"]),
        schools=_by_id(records["schools"]),
        opponents=_by_id(records["opponents"]),
        sample=sample,
    )

    def where(section: str, record_id: str) -> str:
        return f"{origin[(section, record_id)]}: {record_id}"

    problems.extend(duplicates)
    problems.extend(cross_check(catalogue, where))
    if problems:
        raise CatalogueError(problems)
    return catalogue


# --- cross-checks ----------------------------------------------------------------------------


def cross_check(catalogue: Catalogue, where: Callable[[str, str], str]) -> list[str]:
    """Every inconsistency between records, each as ``file: id: problem``."""
    problems: list[str] = []
    problems.extend(_check_cards(catalogue, where))
    problems.extend(_check_trees(catalogue, where))
    problems.extend(_check_characters(catalogue, where))
    problems.extend(_check_opponents(catalogue, where))
    for status in STATUS_CARDS:
        if status not in catalogue.cards:
            problems.append(f"cards/status.json: the status card {status!r} is missing")
    return problems


def _distance(offset: tuple[int, int]) -> int:
    dq, dr = offset
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def _check_effect(effect: Effect, card: Card) -> Iterator[str]:
    for cell in effect.grid:
        if cell.hex == (0, 0) and effect.do == "attack":
            yield f"an attack grid targets the character's own hex {list(cell.hex)}"
        if _distance(cell.hex) > MAX_GRID_RADIUS:
            yield f"grid hex {list(cell.hex)} is further than {MAX_GRID_RADIUS} hexes"
        if cell.asterisk and not card.asterisk:
            yield "a grid hex has an asterisk but the card has no asterisk effects"
    if effect.range is not None and effect.range > MAX_RANGE:
        yield f"range {effect.range} is more than {MAX_RANGE}"
    if effect.asterisk and not card.asterisk:
        yield "a ranged attack has an asterisk but the card has no asterisk effects"
    if effect.do in SOLO_ONLY and not card.solo:
        yield f"{effect.do} is an effect of solo cards only"


def _check_cards(catalogue: Catalogue, where: Callable[[str, str], str]) -> Iterator[str]:
    for card in catalogue.cards.values():
        at = where("cards", card.id)
        ability = card.type in ABILITY_TYPES and not card.core and not card.solo
        if ability and card.rank is None:
            yield f"{at}: an ability card needs a rank (wood, steel, gold or jade)"
        if not ability and card.rank is not None:
            yield f"{at}: only ability cards have a rank (this one has {card.rank!r})"
        if card.weapon and not card.core:
            yield f"{at}: a core weapon card must be marked core"
        if card.core and card.type not in ("core", "attack", "defence", "meditation"):
            yield f"{at}: a core card cannot be of type {card.type!r}"
        if card.signature is not None and card.signature not in catalogue.characters:
            yield f"{at}: signature names an unknown character {card.signature!r}"
        if card.school is not None and card.school not in catalogue.schools:
            yield f"{at}: school names an unknown restricted school {card.school!r}"
        if card.school is not None and card.signature is not None:
            yield f"{at}: restricted schools group basic cards, not signature cards"
        for effect in card.effects():
            for problem in _check_effect(effect, card):
                yield f"{at}: {problem}"
        if card.instant == "instant" and card.timing is None:
            yield f"{at}: an instant card needs its timing (when it can be played)"
        if card.bottom and not card.solo:
            yield f"{at}: only solo cards have a bottom part"
        if card.solo:
            yield from (f"{at}: {problem}" for problem in _solo_card_problems(card))


def _solo_card_problems(card: Card) -> Iterator[str]:
    """Resolving Solo Cards: an attack card has a top part with an attack and a bottom
    part below the OR without one; Solo Defence Cards: a block with a variable speed on
    top and moves below a split."""
    attacks = ("attack", "ranged_attack")
    top = [effect.do for line in card.lines for e in line.effects for effect in e.walk()]
    if card.type == "attack":
        if not any(kind in attacks for kind in top):
            yield "a solo attack card needs an attack in its top part"
        if not card.bottom:
            yield "a solo attack card needs a bottom part (below the OR)"
        bottom = [effect.do for line in card.bottom for e in line.effects for effect in e.walk()]
        if any(kind in attacks for kind in bottom):
            yield "the bottom part of a solo attack card has no attack"
    if card.type == "defence":
        if not card.variable or "block" not in top:
            yield "a solo defence card has a block with a variable speed on top"
        if card.split is None:
            yield "a solo defence card has moves below a split"


def _check_trees(catalogue: Catalogue, where: Callable[[str, str], str]) -> Iterator[str]:
    for tree in catalogue.trees.values():
        at = where("trees", tree.id)
        ids = [position.id for position in tree.positions]
        if len(set(ids)) != len(ids):
            yield f"{at}: a position id is used twice"
        known = set(ids)
        if tree.start not in known:
            yield f"{at}: start {tree.start!r} is not a position"
            continue
        if tree.kamae_of(tree.start) != "neutral":
            yield f"{at}: the start position must be neutral"
        for branch in tree.branches:
            for end in (branch.from_, branch.to):
                if end not in known:
                    yield f"{at}: branch {branch.from_}->{branch.to} names no position {end!r}"
        reached = {tree.start}
        frontier = [tree.start]
        while frontier:
            here = frontier.pop()
            for branch in tree.branches_from(here):
                if branch.to not in reached:
                    reached.add(branch.to)
                    frontier.append(branch.to)
        for position in ids:
            if position not in reached:
                yield f"{at}: position {position!r} cannot be reached from the start"
        for kamae in ("aggression", "balance", "determination"):
            if not tree.positions_of(kamae):
                yield f"{at}: the tree has no {kamae} position"


def _check_characters(catalogue: Catalogue, where: Callable[[str, str], str]) -> Iterator[str]:
    advantages: dict[int, str] = {}
    for character in catalogue.characters.values():
        at = where("characters", character.id)
        if character.advantage in advantages:
            yield (
                f"{at}: advantage number {character.advantage} is also "
                f"{advantages[character.advantage]}'s"
            )
        advantages[character.advantage] = character.id
        if character.kamae_tree not in catalogue.trees:
            yield f"{at}: kamae_tree names an unknown tree {character.kamae_tree!r}"
        core = catalogue.cards.get(character.core_card)
        if core is None:
            yield f"{at}: core_card names an unknown card {character.core_card!r}"
        elif not core.core or core.weapon:
            yield f"{at}: core_card {core.id!r} is not a core ability card"
        if not character.weapons:
            yield f"{at}: a character needs at least one core weapon option"
        for weapon_id in character.weapons:
            weapon = catalogue.cards.get(weapon_id)
            if weapon is None:
                yield f"{at}: weapons names an unknown card {weapon_id!r}"
            elif not weapon.weapon:
                yield f"{at}: weapons names {weapon_id!r}, not a core weapon card"
        unknown = sorted({card for card in character.deck if card not in catalogue.cards})
        if unknown:
            yield f"{at}: deck names unknown cards {', '.join(unknown)}"
            continue
        for violation in validate_deck(catalogue, character.id, character.deck):
            yield f"{at}: sample deck: {violation.rule}: {violation.message}"


def _check_opponents(catalogue: Catalogue, where: Callable[[str, str], str]) -> Iterator[str]:
    for opponent in catalogue.opponents.values():
        at = where("opponents", opponent.id)
        if len(set(opponent.approaches)) != len(opponent.approaches):
            yield f"{at}: an approach appears twice in the cycle"
        if not opponent.deck:
            yield f"{at}: an opponent needs a solo deck"
        for card_id in opponent.deck:
            card = catalogue.cards.get(card_id)
            if card is None:
                yield f"{at}: deck names an unknown card {card_id!r}"
            elif not card.solo:
                yield f"{at}: deck names {card_id!r}, not a solo card"
        if opponent.nightmare is not None:
            card = catalogue.cards.get(opponent.nightmare)
            if card is None:
                yield f"{at}: nightmare names an unknown card {opponent.nightmare!r}"
            elif not card.solo or "nightmare" not in card.keywords:
                yield f"{at}: nightmare {opponent.nightmare!r} is not a solo nightmare card"
        if opponent.standee and opponent.nightmare is not None:
            yield f"{at}: standees draw generic nightmare cards, not a bespoke one"
