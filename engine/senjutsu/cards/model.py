"""The Senjutsu data model: cards, characters, Kamae trees, battlefields, terrain and
solo opponents, as frozen dataclasses parsed from the JSON data files.

Attribute names are the JSON keys of the contract (``/work/briefs/senjutsu-contract.md``
section 2), with three Python keywords renamed: ``with`` -> ``with_``, ``from`` ->
``from_`` (effects and branches) and nothing else. Every ``from_json`` raises a
``ValueError`` naming the source file, the record id and the field that is wrong; the
catalogue (``cards/catalogue.py``) validates each file against its JSON Schema first, so
these checks are the second line (and the only one for records built in code).

Effects (the choice the contract leaves to this module)
    One :class:`Effect` dataclass: ``do`` names the effect and typed optional fields carry
    its parameters. Absent JSON fields take the contract's defaults, which depend on
    ``do`` (``DEFAULT_N``): ``n`` is 1 for step/rotate/focus/draw/discard/search/push/
    pull/rotate_target/wound/kamae_change and ``None`` where a count means nothing.

    ============== =============================================================
    do             fields used
    ============== =============================================================
    step           n, dirs (front | front3 | any), mandatory
    rotate         n, mandatory
    attack         grid (Cells), if_successful, targeted
    ranged_attack  range, wounds, bleeding, execution, poison, hobble, stun,
                   asterisk, targeted, if_successful
    ranged         range, with_ (None | attack | block), targeted
    block          grid (Cells with only ``hex`` meaningful: JSON ``[[dq,dr],..]``),
                   counter (speeds), if_successful, targeted
    focus          n
    kamae_change   n (change up to n)
    kamae_switch   to (a Kamae type or "any")
    advantage      --
    draw/discard   n (inside ``targeted``: the target does it)
    search         from_ (deck | discard), top (None = whole pile), n, type
    push/pull      n
    rotate_target  n
    swap, hobble, stun, poison, cancel_active, view_hand, reset_deck,
    change_approach    --
    wound          n
    trap           range
    or             options: a tuple of alternatives, each a tuple of Lines
    ============== =============================================================

    A block's grid is stored as Cells too (``wounds=0``) so that attack and block grids
    share one type; :attr:`Effect.hexes` gives the bare offsets of either.

Hex offsets are axial ``(dq, dr)`` relative to the character at ``(0, 0)`` facing EAST
(``engine.hexgrid``: Facing.EAST = 0, clockwise); turn them with ``engine.hexgrid.oriented``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, Final, TypeAlias

Offset: TypeAlias = tuple[int, int]
Speed: TypeAlias = int | tuple[int, int]

KAMAE_TYPES: Final = ("neutral", "aggression", "balance", "determination")
CARD_TYPES: Final = ("attack", "defence", "meditation", "core", "status", "stun")
RANKS: Final = ("wood", "steel", "gold", "jade")
INSTANTS: Final = ("additional", "replacement", "instant")
CONDITIONS: Final = ("attack_successful", "block_successful")
# When an instant card (Instant Cards > Instant Cards: "each card explains when it can be
# played") may be played: a closed set of windows the Attack Timing Sequence opens to the
# character an attack targets. "attacked": an attack targets you, before it is resolved
# (steps 1-3: after its targets are found, before blocks are checked); "hit": an attack
# against you was successful (after step 6, its effects applied to you).
TIMINGS: Final = ("attacked", "hit")
STEP_DIRS: Final = ("front", "front3", "any")
SEARCH_FROM: Final = ("deck", "discard")
RANGED_WITH: Final = ("attack", "block")
OPPONENT_KINDS: Final = ("melee", "ranged")
APPROACHES: Final = ("front", "left", "rear", "right")

EFFECT_KINDS: Final = (
    "step",
    "rotate",
    "attack",
    "ranged_attack",
    "ranged",
    "block",
    "focus",
    "kamae_change",
    "kamae_switch",
    "advantage",
    "draw",
    "discard",
    "search",
    "push",
    "pull",
    "rotate_target",
    "swap",
    "hobble",
    "stun",
    "poison",
    "wound",
    "trap",
    "cancel_active",
    "view_hand",
    "reset_deck",
    "change_approach",
    "or",
)
"""Every ``do`` of the contract, in the contract's order."""

DEFAULT_N: Final[Mapping[str, int]] = dict.fromkeys(
    (
        "step",
        "rotate",
        "focus",
        "kamae_change",
        "draw",
        "discard",
        "search",
        "push",
        "pull",
        "rotate_target",
        "wound",
    ),
    1,
)
"""The default ``n`` of the effects that count something (absent ``n`` means 1)."""


# --- parsing helpers ------------------------------------------------------------------------


class _Where:
    """Where a value comes from, for error messages: ``file: id: field``."""

    def __init__(self, source: str, record: str) -> None:
        self.source = source
        self.record = record

    @classmethod
    def of(cls, obj: Any, source: str, what: str) -> _Where:
        """Where the record ``obj`` (``what``: "a card", ...) of ``source`` is, once it is
        known to be an object."""
        if not isinstance(obj, Mapping):
            raise ValueError(f"{source}: {what} must be an object, got {obj!r}")
        return cls(source, str(obj.get("id")))

    def fail(self, field: str, problem: str) -> ValueError:
        return ValueError(f"{self.source}: {self.record}: {field}: {problem}")

    def at(self, field: str) -> _At:
        return _At(self, field)


class _At:
    """One field of a record, for error messages."""

    def __init__(self, where: _Where, field: str) -> None:
        self.where = where
        self.field = field

    def fail(self, problem: str) -> ValueError:
        return self.where.fail(self.field, problem)


def _get(
    obj: Mapping[str, Any],
    key: str,
    kind: type | tuple[type, ...],
    at: _At,
    default: Any = ...,
    *,
    none: bool = False,
) -> Any:
    if key not in obj:
        if default is ...:
            raise at.fail("missing")
        return default
    value = obj[key]
    if value is None and none:
        return None
    if isinstance(value, bool) and kind is int:
        raise at.fail(f"expected a whole number, got {value!r}")
    if not isinstance(value, kind):
        raise at.fail(f"expected {_kind_name(kind)}, got {value!r}")
    return value


def _kind_name(kind: type | tuple[type, ...]) -> str:
    if isinstance(kind, tuple):
        return " or ".join(k.__name__ for k in kind)
    return kind.__name__


def _choice(
    obj: Mapping[str, Any],
    key: str,
    allowed: Sequence[str],
    at: _At,
    default: Any = ...,
    *,
    none: bool = False,
) -> Any:
    value = _get(obj, key, str, at, default, none=none)
    if value is not None and value is not default and value not in allowed:
        raise at.fail(f"{value!r} is not one of {', '.join(allowed)}")
    return value


def _int(
    obj: Mapping[str, Any],
    key: str,
    at: _At,
    default: Any = ...,
    *,
    none: bool = False,
    minimum: int = 0,
) -> Any:
    value = _get(obj, key, int, at, default, none=none)
    if isinstance(value, int) and value < minimum:
        raise at.fail(f"{value} is below {minimum}")
    return value


def _offset(value: Any, where: _Where, field: str) -> Offset:
    if (
        not isinstance(value, list | tuple)
        or len(value) != 2
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in value)
    ):
        raise where.fail(field, f"expected an axial offset [dq, dr], got {value!r}")
    return (value[0], value[1])


def _offsets(value: Any, where: _Where, field: str) -> tuple[Offset, ...]:
    if not isinstance(value, list | tuple):
        raise where.fail(field, f"expected a list of [dq, dr], got {value!r}")
    return tuple(_offset(item, where, f"{field}[{i}]") for i, item in enumerate(value))


def _list(
    obj: Mapping[str, Any], key: str, where: _Where, field: str, default: Any = ...
) -> list[Any]:
    value = _get(obj, key, list, where.at(field), [] if default is ... else default)
    if default is ... and key not in obj:
        raise where.fail(field, "missing")
    return list(value) if value is not None else []


def _objects(
    obj: Mapping[str, Any], key: str, where: _Where
) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """The objects listed under ``key`` (required), each with its field name ``key[i]``."""
    for i, item in enumerate(_list(obj, key, where, key)):
        if not isinstance(item, Mapping):
            raise where.fail(f"{key}[{i}]", f"expected an object, got {item!r}")
        yield f"{key}[{i}]", item


def _strings(
    obj: Mapping[str, Any], key: str, where: _Where, field: str, default: Any = ...
) -> tuple[str, ...]:
    items = _list(obj, key, where, field, default)
    for i, item in enumerate(items):
        if not isinstance(item, str):
            raise where.fail(f"{field}[{i}]", f"expected a string, got {item!r}")
    return tuple(items)


# --- cards --------------------------------------------------------------------------------

# What an attack does to a character it hits (Grid Icons), after the wounds: the flags of
# an attack grid's cells and of a ranged attack, all off unless given.
_HIT_FLAGS: Final = ("execution", "poison", "hobble", "stun", "asterisk")


def _hits(obj: Mapping[str, Any], where: _Where, field: str, *, wounds: int) -> dict[str, Any]:
    """The wounds (``wounds`` when absent), bleeding and hit flags of a cell or a ranged
    attack, by their field names."""
    return {
        "wounds": _int(obj, "wounds", where.at(f"{field}.wounds"), wounds),
        "bleeding": _int(obj, "bleeding", where.at(f"{field}.bleeding"), 0),
        **{flag: _get(obj, flag, bool, where.at(f"{field}.{flag}"), False) for flag in _HIT_FLAGS},
    }


@dataclass(frozen=True, slots=True)
class Cell:
    """One hex of an attack (or block) grid: its offset and what it deals.

    ``wounds`` 0 marks a hex that only targets (the targeted-character icon); ``asterisk``
    applies the card's :attr:`Card.asterisk` effects to the character there (Grid Icons).
    """

    hex: Offset
    wounds: int = 1
    bleeding: int = 0
    execution: bool = False
    poison: bool = False
    hobble: bool = False
    stun: bool = False
    asterisk: bool = False

    @classmethod
    def from_json(cls, obj: Any, where: _Where, field: str) -> Cell:
        if isinstance(obj, list):  # a block grid's bare offset
            return cls(hex=_offset(obj, where, field), wounds=0)
        if not isinstance(obj, Mapping):
            raise where.fail(field, f"expected a cell object, got {obj!r}")
        return cls(
            hex=_offset(obj.get("hex"), where, f"{field}.hex"),
            **_hits(obj, where, field, wounds=1),
        )


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect of a card line (``do`` names it; see the module docstring's table)."""

    do: str
    n: int | None = None
    dirs: str | None = None
    mandatory: bool = False
    grid: tuple[Cell, ...] = ()
    range: int | None = None
    with_: str | None = None
    targeted: tuple[Effect, ...] = ()
    if_successful: tuple[Effect, ...] = ()
    counter: tuple[int, ...] = ()
    to: str | None = None
    from_: str | None = None
    top: int | None = None
    type: str | None = None
    options: tuple[tuple[Line, ...], ...] = ()
    wounds: int = 0
    bleeding: int = 0
    execution: bool = False
    poison: bool = False
    hobble: bool = False
    stun: bool = False
    asterisk: bool = False

    @property
    def hexes(self) -> tuple[Offset, ...]:
        """The grid's bare offsets (a block's hexes, an attack's target hexes)."""
        return tuple(cell.hex for cell in self.grid)

    @classmethod
    def from_json(cls, obj: Any, where: _Where, field: str) -> Effect:
        if isinstance(obj, str):  # shorthand: "stun" == {"do": "stun"}
            obj = {"do": obj}
        if not isinstance(obj, Mapping):
            raise where.fail(field, f"expected an effect object, got {obj!r}")
        do = _choice(obj, "do", EFFECT_KINDS, where.at(f"{field}.do"))
        f = field

        def effects(key: str) -> tuple[Effect, ...]:
            items = _list(obj, key, where, f"{f}.{key}", [])
            return tuple(
                Effect.from_json(item, where, f"{f}.{key}[{i}]") for i, item in enumerate(items)
            )

        default_dirs = "front" if do == "step" else None
        grid = tuple(
            Cell.from_json(item, where, f"{f}.grid[{i}]")
            for i, item in enumerate(_list(obj, "grid", where, f"{f}.grid", []))
        )
        if do in ("attack", "block") and not grid:
            raise where.fail(f"{f}.grid", f"an {do} needs a grid of hexes")
        if do == "block" and any(not isinstance(item, list) for item in obj.get("grid", [])):
            raise where.fail(f"{f}.grid", "a block grid is a list of [dq, dr]")
        range_ = _int(obj, "range", where.at(f"{f}.range"), None, none=True, minimum=1)
        if do in ("ranged_attack", "ranged", "trap") and range_ is None:
            raise where.fail(f"{f}.range", f"a {do} needs a range")
        options: list[tuple[Line, ...]] = []
        for i, option in enumerate(_list(obj, "options", where, f"{f}.options", [])):
            if not isinstance(option, list) or not option:
                raise where.fail(f"{f}.options[{i}]", "expected a non-empty list of lines")
            options.append(
                tuple(
                    Line.from_json(line, where, f"{f}.options[{i}][{j}]")
                    for j, line in enumerate(option)
                )
            )
        if do == "or" and len(options) < 2:
            raise where.fail(f"{f}.options", "an OR needs at least two options")
        counter = _list(obj, "counter", where, f"{f}.counter", [])
        for i, speed in enumerate(counter):
            if not isinstance(speed, int) or isinstance(speed, bool) or speed < 0:
                raise where.fail(f"{f}.counter[{i}]", f"expected a speed, got {speed!r}")
        to = _choice(obj, "to", (*KAMAE_TYPES, "any"), where.at(f"{f}.to"), None, none=True)
        if do == "kamae_switch" and to is None:
            raise where.fail(f"{f}.to", "a kamae_switch needs a kamae type or 'any'")
        from_ = _choice(
            obj,
            "from",
            SEARCH_FROM,
            where.at(f"{f}.from"),
            "deck" if do == "search" else None,
            none=True,
        )
        return cls(
            do=do,
            n=_int(obj, "n", where.at(f"{f}.n"), DEFAULT_N.get(do), none=True),
            dirs=_choice(obj, "dirs", STEP_DIRS, where.at(f"{f}.dirs"), default_dirs, none=True),
            mandatory=_get(obj, "mandatory", bool, where.at(f"{f}.mandatory"), False),
            grid=grid,
            range=range_,
            with_=_choice(obj, "with", RANGED_WITH, where.at(f"{f}.with"), None, none=True),
            targeted=effects("targeted"),
            if_successful=effects("if_successful"),
            counter=tuple(counter),
            to=to,
            from_=from_,
            top=_int(obj, "top", where.at(f"{f}.top"), None, none=True, minimum=1),
            type=_choice(obj, "type", CARD_TYPES, where.at(f"{f}.type"), None, none=True),
            options=tuple(options),
            **_hits(obj, where, f, wounds=1 if do == "ranged_attack" else 0),
        )

    def walk(self) -> tuple[Effect, ...]:
        """This effect and every effect nested in it (targeted, if successful, OR lines)."""
        found: list[Effect] = [self]
        for inner in (*self.targeted, *self.if_successful):
            found.extend(inner.walk())
        for option in self.options:
            for line in option:
                for inner in line.effects:
                    found.extend(inner.walk())
        return tuple(found)


@dataclass(frozen=True, slots=True)
class Line:
    """One printed line of a card: resolved top to bottom (Resolving Ability Cards).

    ``kamae``: the line only applies in that Kamae type, and is then mandatory (Kamae
    Positions > Ability Card Effects And Kamae). ``focus``: an optional focus cost, pay it
    or skip the line (Other Ability Card Icons > Optional Focus Cost).
    """

    effects: tuple[Effect, ...]
    kamae: str | None = None
    focus: int = 0

    @classmethod
    def from_json(cls, obj: Any, where: _Where, field: str) -> Line:
        if not isinstance(obj, Mapping):
            raise where.fail(field, f"expected a line object, got {obj!r}")
        items = _list(obj, "effects", where, f"{field}.effects")
        if not items:
            raise where.fail(f"{field}.effects", "a line needs at least one effect")
        return cls(
            effects=tuple(
                Effect.from_json(item, where, f"{field}.effects[{i}]")
                for i, item in enumerate(items)
            ),
            kamae=_choice(obj, "kamae", KAMAE_TYPES, where.at(f"{field}.kamae"), None, none=True),
            focus=_int(obj, "focus", where.at(f"{field}.focus"), 0),
        )


def _lines(obj: Mapping[str, Any], key: str, where: _Where, default: Any = ...) -> tuple[Line, ...]:
    items = _list(obj, key, where, key, default)
    return tuple(Line.from_json(item, where, f"{key}[{i}]") for i, item in enumerate(items))


@dataclass(frozen=True, slots=True)
class Alternative:
    """An alternative initiative speed (Reveal > Revealing An Ability Card With An
    Alternative Initiative Speed): ``kamae`` set = mandatory in that Kamae type (the
    coloured strip); ``focus`` > 0 = optional, pay that focus to use it."""

    initiative: int
    kamae: str | None = None
    focus: int = 0


@dataclass(frozen=True, slots=True)
class Split:
    """The part below a card's dividing line, resolved at its own speed (Split
    Initiative)."""

    initiative: int
    lines: tuple[Line, ...]


@dataclass(frozen=True, slots=True)
class Card:
    """An ability, core, weapon, status, stun or solo card (Card Anatomy).

    ``initiative`` is a fixed speed or ``(high, low)`` for a variable speed. Solo cards
    use ``bottom`` (the part below the OR of a solo attack card, Resolving Solo Cards) and
    ``reset_deck``; ``solo`` marks a card of the solo opponents' decks. ``serial`` is the
    printed serial number where the rulebook gives one (Crippling Poison 002).
    ``timing`` is when an instant card may be played (one of :data:`TIMINGS`).
    """

    id: str
    name: str
    type: str
    initiative: Speed
    lines: tuple[Line, ...] = ()
    rank: str | None = None
    signature: str | None = None
    school: str | None = None
    core: bool = False
    weapon: bool = False
    focus_cost: int = 0
    kamae: str | None = None
    instant: str | None = None
    condition: str | None = None
    timing: str | None = None
    alternative: Alternative | None = None
    split: Split | None = None
    asterisk: tuple[Effect, ...] = ()
    keywords: tuple[str, ...] = ()
    text: str = ""
    bottom: tuple[Line, ...] = ()
    reset_deck: bool = False
    solo: bool = False
    serial: str | None = None
    sample: bool = True

    @property
    def variable(self) -> bool:
        """Whether the card has a variable initiative speed ``[high, low]``."""
        return isinstance(self.initiative, tuple)

    @property
    def speeds(self) -> tuple[int, ...]:
        """Every speed the card can be resolved at, high to low (one for a fixed speed)."""
        if isinstance(self.initiative, tuple):
            high, low = self.initiative
            return tuple(range(high, low - 1, -1))
        return (self.initiative,)

    def effects(self) -> tuple[Effect, ...]:
        """Every effect printed on the card, nested ones included, top to bottom."""
        found: list[Effect] = []
        parts = [*self.lines, *(self.split.lines if self.split else ()), *self.bottom]
        for line in parts:
            for effect in line.effects:
                found.extend(effect.walk())
        for effect in self.asterisk:
            found.extend(effect.walk())
        return tuple(found)

    @classmethod
    def from_json(cls, obj: Any, source: str, *, sample: bool = True) -> Card:
        where = _Where.of(obj, source, "a card")
        card_id: str = _get(obj, "id", str, where.at("id"))
        initiative_raw = obj.get("initiative")
        initiative: Speed
        if isinstance(initiative_raw, list):
            high, low = _offset(initiative_raw, where, "initiative")
            if high <= low or low < 0:
                raise where.fail(
                    "initiative", f"a variable speed is [high, low], got {initiative_raw}"
                )
            initiative = (high, low)
        else:
            initiative = _int(obj, "initiative", where.at("initiative"))
        alternative = None
        if obj.get("alternative") is not None:
            alt = _get(obj, "alternative", Mapping, where.at("alternative"))
            alternative = Alternative(
                initiative=_int(alt, "initiative", where.at("alternative.initiative")),
                kamae=_choice(
                    alt, "kamae", KAMAE_TYPES, where.at("alternative.kamae"), None, none=True
                ),
                focus=_int(alt, "focus", where.at("alternative.focus"), 0),
            )
            if (alternative.kamae is None) == (alternative.focus == 0):
                raise where.fail("alternative", "needs exactly one of kamae or focus")
        split = None
        if obj.get("split") is not None:
            raw = _get(obj, "split", Mapping, where.at("split"))
            split = Split(
                initiative=_int(raw, "initiative", where.at("split.initiative")),
                lines=tuple(
                    Line.from_json(line, where, f"split.lines[{i}]")
                    for i, line in enumerate(_list(raw, "lines", where, "split.lines"))
                ),
            )
        instant = _choice(obj, "instant", INSTANTS, where.at("instant"), None, none=True)
        condition = _choice(obj, "condition", CONDITIONS, where.at("condition"), None, none=True)
        if condition is not None and instant != "additional":
            raise where.fail("condition", "only an instant additional card has a condition")
        timing = _choice(obj, "timing", TIMINGS, where.at("timing"), None, none=True)
        if timing is not None and instant != "instant":
            raise where.fail("timing", "only an instant card has a timing")
        return cls(
            id=card_id,
            name=_get(obj, "name", str, where.at("name")),
            type=_choice(obj, "type", CARD_TYPES, where.at("type")),
            initiative=initiative,
            lines=_lines(obj, "lines", where, []),
            rank=_choice(obj, "rank", RANKS, where.at("rank"), None, none=True),
            signature=_get(obj, "signature", str, where.at("signature"), None, none=True),
            school=_get(obj, "school", str, where.at("school"), None, none=True),
            core=_get(obj, "core", bool, where.at("core"), False),
            weapon=_get(obj, "weapon", bool, where.at("weapon"), False),
            focus_cost=_int(obj, "focus_cost", where.at("focus_cost"), 0),
            kamae=_choice(obj, "kamae", KAMAE_TYPES, where.at("kamae"), None, none=True),
            instant=instant,
            condition=condition,
            timing=timing,
            alternative=alternative,
            split=split,
            asterisk=tuple(
                Effect.from_json(item, where, f"asterisk[{i}]")
                for i, item in enumerate(_list(obj, "asterisk", where, "asterisk", []))
            ),
            keywords=_strings(obj, "keywords", where, "keywords", []),
            text=_get(obj, "text", str, where.at("text"), ""),
            bottom=_lines(obj, "bottom", where, []),
            reset_deck=_get(obj, "reset_deck", bool, where.at("reset_deck"), False),
            solo=_get(obj, "solo", bool, where.at("solo"), False),
            serial=_get(obj, "serial", str, where.at("serial"), None, none=True),
            sample=sample,
        )


# --- characters and Kamae trees -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Character:
    """A character card (Player Setup; Deck Construction): advantage number, wound and
    hand limits, Kamae tree, core ability card, core weapon options and a ready-made
    40-card sample deck."""

    id: str
    name: str
    advantage: int
    wound_limit: int
    hand_limit: int
    kamae_tree: str
    core_card: str
    weapons: tuple[str, ...]
    deck: tuple[str, ...]
    sample: bool = True

    @classmethod
    def from_json(cls, obj: Any, source: str, *, sample: bool = True) -> Character:
        where = _Where.of(obj, source, "a character")
        return cls(
            id=_get(obj, "id", str, where.at("id")),
            name=_get(obj, "name", str, where.at("name")),
            advantage=_int(obj, "advantage", where.at("advantage")),
            wound_limit=_int(obj, "wound_limit", where.at("wound_limit"), minimum=1),
            hand_limit=_int(obj, "hand_limit", where.at("hand_limit"), minimum=1),
            kamae_tree=_get(obj, "kamae_tree", str, where.at("kamae_tree")),
            core_card=_get(obj, "core_card", str, where.at("core_card")),
            weapons=_strings(obj, "weapons", where, "weapons"),
            deck=_strings(obj, "deck", where, "deck"),
            sample=_get(obj, "sample", bool, where.at("sample"), sample),
        )


@dataclass(frozen=True, slots=True)
class KamaePosition:
    """A position (icon) of a Kamae tree and its Kamae type."""

    id: str
    kamae: str


@dataclass(frozen=True, slots=True)
class Branch:
    """A one-way branch between two positions; sliding along a ``pink`` one gains a focus
    (Kamae Positions > Changing Kamae Positions)."""

    from_: str
    to: str
    pink: bool = False


@dataclass(frozen=True, slots=True)
class KamaeTree:
    """A character's Kamae tree card: positions linked by one-way branches."""

    id: str
    start: str
    positions: tuple[KamaePosition, ...]
    branches: tuple[Branch, ...]
    sample: bool = True

    def kamae_of(self, position: str) -> str:
        """The Kamae type of a position id (KeyError if the tree has no such position)."""
        for item in self.positions:
            if item.id == position:
                return item.kamae
        raise KeyError(f"kamae tree {self.id} has no position {position!r}")

    def branches_from(self, position: str) -> tuple[Branch, ...]:
        """The branches leaving ``position``, in file order."""
        return tuple(branch for branch in self.branches if branch.from_ == position)

    def positions_of(self, kamae: str) -> tuple[str, ...]:
        """The ids of the positions of one Kamae type (for a switch), in file order."""
        return tuple(item.id for item in self.positions if item.kamae == kamae)

    @classmethod
    def from_json(cls, obj: Any, source: str, *, sample: bool = True) -> KamaeTree:
        where = _Where.of(obj, source, "a kamae tree")
        positions = tuple(
            KamaePosition(
                id=_get(raw, "id", str, where.at(f"{at}.id")),
                kamae=_choice(raw, "kamae", KAMAE_TYPES, where.at(f"{at}.kamae")),
            )
            for at, raw in _objects(obj, "positions", where)
        )
        branches = tuple(
            Branch(
                from_=_get(raw, "from", str, where.at(f"{at}.from")),
                to=_get(raw, "to", str, where.at(f"{at}.to")),
                pink=_get(raw, "pink", bool, where.at(f"{at}.pink"), False),
            )
            for at, raw in _objects(obj, "branches", where)
        )
        return cls(
            id=_get(obj, "id", str, where.at("id")),
            start=_get(obj, "start", str, where.at("start")),
            positions=positions,
            branches=branches,
            sample=_get(obj, "sample", bool, where.at("sample"), sample),
        )


# --- battlefields and terrain ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Battlefield:
    """One side of a reversible battlefield board, as its axial hexes (sorted).

    ``board`` names the physical board the side belongs to; ``sample_shape`` says the
    hex map is ours (the rulebook does not print the boards' shapes).
    """

    id: str
    name: str
    hexes: tuple[Offset, ...]
    board: str | None = None
    sample_shape: bool = True

    @classmethod
    def from_json(cls, obj: Any, source: str) -> Battlefield:
        where = _Where.of(obj, source, "a battlefield")
        hexes = _offsets(_list(obj, "hexes", where, "hexes"), where, "hexes")
        if len(set(hexes)) != len(hexes):
            raise where.fail("hexes", "a hex is listed twice")
        return cls(
            id=_get(obj, "id", str, where.at("id")),
            name=_get(obj, "name", str, where.at("name")),
            hexes=tuple(sorted(hexes)),
            board=_get(obj, "board", str, where.at("board"), None, none=True),
            sample_shape=_get(obj, "sample_shape", bool, where.at("sample_shape"), True),
        )


@dataclass(frozen=True, slots=True)
class TerrainKind:
    """A kind of terrain piece (Terrain): its hexes as offsets from its anchor (EAST-facing,
    turned with the piece's facing), the ``pillars`` that count as terrain (torii gate;
    ``None`` = every hex), its collision effects, an optional special rule id and how many
    pieces the box holds. ``notes`` records our reading of the lost icons."""

    id: str
    name: str
    hexes: tuple[Offset, ...]
    pillars: tuple[Offset, ...] | None
    collision: tuple[Effect, ...]
    special: str | None = None
    count: int = 1
    notes: str = ""

    @property
    def solid(self) -> tuple[Offset, ...]:
        """The offsets that count as terrain (every hex but a torii gate's middle one)."""
        return self.hexes if self.pillars is None else self.pillars

    @classmethod
    def from_json(cls, obj: Any, source: str) -> TerrainKind:
        where = _Where.of(obj, source, "a terrain piece")
        hexes = _offsets(_list(obj, "hexes", where, "hexes"), where, "hexes")
        pillars = None
        if obj.get("pillars") is not None:
            pillars = _offsets(obj["pillars"], where, "pillars")
            if not set(pillars) <= set(hexes):
                raise where.fail("pillars", "every pillar must be one of the piece's hexes")
        return cls(
            id=_get(obj, "id", str, where.at("id")),
            name=_get(obj, "name", str, where.at("name")),
            hexes=hexes,
            pillars=pillars,
            collision=tuple(
                Effect.from_json(item, where, f"collision[{i}]")
                for i, item in enumerate(_list(obj, "collision", where, "collision"))
            ),
            special=_get(obj, "special", str, where.at("special"), None, none=True),
            count=_int(obj, "count", where.at("count"), 1, minimum=1),
            notes=_get(obj, "notes", str, where.at("notes"), ""),
        )


# --- solo opponents ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Opponent:
    """A solo opponent card (Solo Rules): melee or ranged, its preferred range, its
    approach cycle (the black arrows, first = starting approach), its solo deck and its
    bespoke nightmare card (``None``: a standee, which draws a generic nightmare card)."""

    id: str
    name: str
    standee: bool
    kind: str
    preferred_range: int
    approaches: tuple[str, ...]
    deck: tuple[str, ...]
    nightmare: str | None = None
    sample: bool = True

    @classmethod
    def from_json(cls, obj: Any, source: str, *, sample: bool = True) -> Opponent:
        where = _Where.of(obj, source, "an opponent")
        approaches = _strings(obj, "approaches", where, "approaches")
        for i, approach in enumerate(approaches):
            if approach not in APPROACHES:
                raise where.fail(f"approaches[{i}]", f"{approach!r} is not one of {APPROACHES}")
        return cls(
            id=_get(obj, "id", str, where.at("id")),
            name=_get(obj, "name", str, where.at("name")),
            standee=_get(obj, "standee", bool, where.at("standee")),
            kind=_choice(obj, "kind", OPPONENT_KINDS, where.at("kind")),
            preferred_range=_int(obj, "preferred_range", where.at("preferred_range"), minimum=1),
            approaches=approaches,
            deck=_strings(obj, "deck", where, "deck"),
            nightmare=_get(obj, "nightmare", str, where.at("nightmare"), None, none=True),
            sample=_get(obj, "sample", bool, where.at("sample"), sample),
        )


# --- back to JSON ---------------------------------------------------------------------------

_RENAMED: Final = {"with_": "with", "from_": "from"}


def to_json(value: Any) -> Any:
    """The canonical JSON form of a model value (for views: ``"cards": {id: CARD JSON}``).

    Dataclasses become objects keyed by their JSON names, tuples become lists (a block's
    grid back to bare ``[dq, dr]`` offsets). Every field is written, defaults included, so
    a reader never needs this module's defaults.
    """
    if hasattr(value, "__dataclass_fields__"):
        plain = {
            _RENAMED.get(item.name, item.name): to_json(getattr(value, item.name))
            for item in fields(value)
        }
        if isinstance(value, Effect) and value.do == "block":
            plain["grid"] = [list(offset) for offset in value.hexes]
        return plain
    if isinstance(value, tuple | list):
        return [to_json(item) for item in value]
    return value
