"""The Kensei odds calculator's question and answer, without a web framework.

A question is two fighters (a unit from a shipped sample army list, or a roll
entered by hand) and the situation of a melee or a shoot; the answer is the
exact distributions :mod:`engine.kensei.odds` gives for every strike of it.
The Combat and Shoot Roll Tables are read line by line as the engine reads
them (:func:`engine.kensei.combat.melee.combat_table`,
:func:`engine.kensei.shooting.shoot.shoot_table`),
with the board's facts (miniatures in contact or in sight, cover, the side
attacked) given by the analyst instead of measured.

``read_question`` parses the page's query (a mapping of strings) and raises
:class:`OddsInputError` with a message a player understands on bad input.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Literal

from engine.kensei import (
    BANDS,
    SIDE_BONUS,
    TroopProfile,
    file_weapon_line,
    load_catalogue,
    odds,
    ranged_weapons,
    sample_army_document,
    sample_army_names,
    weapon_applies,
    weapon_modifiers,
)

Kind = Literal["melee", "shoot"]
KINDS: tuple[Kind, ...] = ("melee", "shoot")
ROLES = ("attacker", "defender")
ATTACK_SIDES = tuple(SIDE_BONUS)  # front, flank, rear
RANGE_BANDS: tuple[str, ...] = BANDS  # short, intermediate, long

# Bounds that keep a question a table-top one (and the exact sums small).
MOST_DICE = 40
MOST_MINIATURES = 40
MODIFIER_RANGE = (-6, 6)


class OddsInputError(ValueError):
    """The odds page was asked something malformed (names the field and the fix)."""


Line = tuple[str, int]


@dataclass(frozen=True)
class Fighter:
    """One side of the question: its unit and the lines it brings to its roll
    (before the situation's own lines)."""

    name: str
    miniatures: int  # in the unit, its leader included
    wounds: int  # the Wounds attribute
    wounded: int  # wounds on its wounded marker
    stunned: int  # stunned unit markers
    honour: int  # for the Honour Roll a defeat or heavy shooting calls for
    dice_lines: tuple[Line, ...]
    modifier_lines: tuple[Line, ...] = ()
    wound_lines: tuple[Line, ...] = ()
    enemy_die_lines: tuple[Line, ...] = ()  # on the enemy's dice (melee weapons)
    reach: str | None = None  # the longest range band it shoots at; None: no ranged weapon
    skirmisher: bool = False
    mounted: bool = False
    ranged: bool = False  # a shooting troop (-1 when it receives a charge)

    def target(self) -> odds.Target:
        return odds.Target(
            miniatures=self.miniatures,
            wounds=self.wounds,
            wounded=self.wounded,
            stunned=self.stunned,
            honour=self.honour,
        )


@dataclass(frozen=True)
class Situation:
    kind: Kind
    band: str = "short"  # the range band the target is in (a shoot)
    cover: bool = False  # the defender is behind cover or sheltered
    boosted: bool = False  # the attacker boosts its attack or shoot
    charging: bool = False  # the attacker charged (melee)
    side: str = "front"  # the side of the defender the attacker attacks (melee)


@dataclass(frozen=True)
class Roll:
    """A Combat or Shoot Roll Table as read: every line, and the totals."""

    dice_lines: tuple[Line, ...]
    modifier_lines: tuple[Line, ...]
    wound_lines: tuple[Line, ...]

    @property
    def dice(self) -> int:
        return max(0, sum(value for _label, value in self.dice_lines))

    @property
    def modifier(self) -> int:
        return sum(value for _label, value in self.modifier_lines)

    @property
    def wound_modifier(self) -> int:
        return sum(value for _label, value in self.wound_lines)


@dataclass(frozen=True)
class Strike:
    """One side's attack on the other and what the odds say of it. ``lost``: a
    shoot no miniature reaches ("the shoot is lost and has no extra effect")."""

    by: str
    on: str
    roll: Roll
    lost: bool
    odds: odds.AttackOdds
    breaks: Fraction


@dataclass(frozen=True)
class Question:
    attacker: Fighter
    defender: Fighter
    situation: Situation


# -- sample units ------------------------------------------------------------------------


@dataclass(frozen=True)
class UnitChoice:
    key: str  # "<army>/<position>", e.g. "buke-250/0"
    label: str


def unit_choices() -> list[UnitChoice]:
    """Every unit of every shipped sample army list, in list order."""
    troops = load_catalogue().troops
    found: list[UnitChoice] = []
    for army in sample_army_names():
        document = sample_army_document(army)
        for position, unit in enumerate(_army_units(document)):
            profile = troops[unit["troop"]]
            led = f", led by {troops[unit['leader']].name}" if unit.get("leader") else ""
            count = unit.get("count", 1)
            label = f"{document['name']} ({army}): {count} {profile.name}{led}"
            found.append(UnitChoice(f"{army}/{position}", label))
    return found


def _army_units(document: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The list's units, then its army leaders acting alone (single-miniature units)."""
    leaders = [{"troop": leader["troop"], "count": 1} for leader in document.get("leaders", [])]
    return [*document["units"], *leaders]


def sample_unit(
    key: str, *, kind: Kind, engaged: int | None, wounded: int, stunned: int
) -> Fighter:
    """A unit of a sample army list as a fighter: ``engaged`` of its miniatures (not
    its leader) in contact with the enemy or in sight and range of it (``None``: all;
    its leader is counted as engaged too)."""
    army, _slash, position = key.partition("/")
    if army not in sample_army_names() or not re.fullmatch(r"[0-9]{1,4}", position):
        raise OddsInputError(f"no sample unit {key!r}: pick one of the list")
    units = _army_units(sample_army_document(army))
    if int(position) >= len(units):
        raise OddsInputError(f"no sample unit {key!r}: {army} has {len(units)} units")
    unit = units[int(position)]
    troops = load_catalogue().troops
    profile = troops[unit["troop"]]
    leader = troops[unit["leader"]] if unit.get("leader") else None
    count = int(unit.get("count", 1))
    size = count + (1 if leader else 0)
    in_action = count if engaged is None else engaged
    if not 0 <= in_action <= count:
        raise OddsInputError(
            f"{profile.name}: between 0 and {count} of its miniatures can be engaged, not {engaged}"
        )
    shooting = kind == "shoot"
    attribute = profile.at_ranged if shooting else profile.at_melee
    label = "ranged attack attribute" if shooting else "attack attribute"
    dice: list[Line] = [(label, attribute)]
    if size > 1 and in_action:
        what = "miniatures in sight and range" if shooting else "miniatures in melee"
        dice.append((what, in_action))
    if leader is not None:
        dice.append(("unit leader", leader.at_ranged if shooting else leader.at_melee))
    honour = leader.ho if leader is not None else profile.ho
    name = f"{count} {profile.name}" + (f" led by {leader.name}" if leader else "")
    return Fighter(
        name=name,
        miniatures=size,
        wounds=profile.wo,
        wounded=wounded,
        stunned=stunned,
        honour=honour,
        dice_lines=tuple(dice),
        reach=_reach(profile),
        skirmisher=profile.type == "skirmisher",
        mounted=profile.type == "mounted",
        ranged=bool(profile.equipment.ranged),
    )


def _reach(profile: TroopProfile) -> str | None:
    bands = [band for band in BANDS if band in profile.ranged_bands]
    return bands[-1] if bands else None


def _troop_of(key: str) -> str:
    """The troop of a sample unit ``key`` (already checked by :func:`sample_unit`)."""
    army, _slash, position = key.partition("/")
    unit = _army_units(sample_army_document(army))[int(position)]
    troop: str = unit["troop"]
    return troop


# -- the rolls ---------------------------------------------------------------------------


def melee_rolls(
    attacker: Fighter,
    defender: Fighter,
    situation: Situation,
    troops: tuple[str | None, str | None] = (None, None),
) -> tuple[Roll, Roll]:
    """Both Combat Rolls of an attack: the attacker's on the defender and the
    defender's answer (it is attacked from ``situation.side``, answers to the front)."""
    lines = []
    for me, foe, troop, attacker_side in (
        (attacker, defender, troops[0], True),
        (defender, attacker, troops[1], False),
    ):
        dice = list(me.dice_lines)
        modifiers = list(me.modifier_lines)
        wounds = list(me.wound_lines)
        enemy: list[list[Any]] = []
        attacks = situation.side if attacker_side else "front"
        attacked_from = "front" if attacker_side else situation.side
        if attacker_side and situation.boosted:
            dice.append(("boosted attack", 1))
        if attacker_side and situation.charging and not me.skirmisher:
            dice.append(("charge", 2 if me.mounted else 1))
        if attacker_side and situation.cover:
            modifiers.append(("enemy behind cover", -1))
        if not attacker_side and situation.charging and me.ranged:
            modifiers.append(("shooting troop receiving a charge", -1))
        if SIDE_BONUS[attacks]:
            side = "rearguard" if attacks == "rear" else attacks
            modifiers.append((f"attacks the {side}", SIDE_BONUS[attacks]))
        if troop is not None:
            conditions = {
                "charged": situation.charging and not attacker_side,
                "charging": situation.charging and attacker_side,
                "against_mounted": foe.mounted,
                "engaged_on_flank_or_rear": attacked_from != "front",
                "mounted": me.mounted,
            }
            filed: dict[str, list[list[Any]]] = {"dice": [], "modifiers": [], "wounds": []}
            for name, modifier in weapon_modifiers({"troop": troop}):
                if weapon_applies(modifier, conditions, attacked_from):
                    file_weapon_line(
                        name,
                        modifier,
                        dice=filed["dice"],
                        modifiers=filed["modifiers"],
                        wounds=filed["wounds"],
                        enemy=enemy,
                    )
            dice += [(str(label), int(value)) for label, value in filed["dice"]]
            modifiers += [(str(label), int(value)) for label, value in filed["modifiers"]]
            wounds += [(str(label), int(value)) for label, value in filed["wounds"]]
        lines.append((dice, modifiers, wounds, [*me.enemy_die_lines, *map(_line, enemy)]))
    (a_dice, a_mod, a_wounds, a_enemy), (d_dice, d_mod, d_wounds, d_enemy) = lines
    # A weapon's modifier on the enemy's dice is a line of the enemy's roll.
    return (
        Roll(tuple(a_dice), tuple(a_mod + d_enemy), tuple(a_wounds)),
        Roll(tuple(d_dice), tuple(d_mod + a_enemy), tuple(d_wounds)),
    )


def _line(line: Sequence[Any]) -> Line:
    return str(line[0]), int(line[1])


def shoot_roll(
    attacker: Fighter, defender: Fighter, situation: Situation, troop: str | None = None
) -> tuple[Roll, bool]:
    """The attacker's Shoot Roll, and whether it is lost (the target is beyond its reach)."""
    dice = list(attacker.dice_lines)
    modifiers = list(attacker.modifier_lines)
    wounds = list(attacker.wound_lines)
    if situation.boosted:
        dice.append(("boosted shoot", 1))
    if situation.cover:
        modifiers.append(("enemy behind cover", -1))
    if defender.skirmisher or defender.miniatures == 1:
        modifiers.append(("single miniature or skirmisher target", -1))
    if troop is not None:
        filed: dict[str, list[list[Any]]] = {"dice": [], "modifiers": [], "wounds": []}
        for name, _firearm, weapon_modifiers_ in ranged_weapons({"troop": troop}):
            for modifier in weapon_modifiers_:
                if not modifier.conditions:
                    file_weapon_line(
                        name,
                        modifier,
                        dice=filed["dice"],
                        modifiers=filed["modifiers"],
                        wounds=filed["wounds"],
                    )
        dice += map(_line, filed["dice"])
        modifiers += map(_line, filed["modifiers"])
        wounds += map(_line, filed["wounds"])
    lost = attacker.reach is None or BANDS.index(situation.band) > BANDS.index(attacker.reach)
    return Roll(tuple(dice), tuple(modifiers), tuple(wounds)), lost


# -- the answer --------------------------------------------------------------------------


def _attack(roll: Roll, *, shooting: bool) -> odds.Attack:
    return odds.Attack(roll.dice, roll.modifier, roll.wound_modifier, shooting=shooting)


def _nothing(target: odds.Target, dice: int) -> odds.AttackOdds:
    """A lost shoot: no hits, no wounds, no casualties, with certainty."""
    zero = [Fraction(1)] + [Fraction(0)] * max(dice, 1)
    return odds.AttackOdds(zero, zero, zero, [Fraction(1)] + [Fraction(0)] * target.miniatures)


def strikes(
    question: Question, troops: tuple[str | None, str | None] = (None, None)
) -> list[Strike]:
    """Every strike of the question with its exact odds: a shoot is one strike; a
    melee two, the defender striking back at the same time (Attack: "both units
    fight and suffer injuries at the same time")."""
    attacker, defender, situation = question.attacker, question.defender, question.situation
    if situation.kind == "shoot":
        roll, lost = shoot_roll(attacker, defender, situation, troops[0])
        target = defender.target()
        found = (
            _nothing(target, roll.dice)
            if lost
            else odds.attack(_attack(roll, shooting=True), target)
        )
        breaks = Fraction(0) if lost else odds.shooting_break(found, target)
        return [Strike("attacker", "defender", roll, lost, found, breaks)]
    theirs_roll, ours_roll = melee_rolls(attacker, defender, situation, troops)
    on_defender = odds.attack(_attack(theirs_roll, shooting=False), defender.target())
    on_attacker = odds.attack(_attack(ours_roll, shooting=False), attacker.target())
    return [
        Strike(
            "attacker",
            "defender",
            theirs_roll,
            False,
            on_defender,
            odds.melee_break(on_defender, on_attacker, defender.target()),
        ),
        Strike(
            "defender",
            "attacker",
            ours_roll,
            False,
            on_attacker,
            odds.melee_break(on_attacker, on_defender, attacker.target()),
        ),
    ]


# -- reading the page's query ------------------------------------------------------------


@dataclass(frozen=True)
class Asked:
    """A parsed query: the question, the sample units' troops (for their weapons)
    and the values the form shows back."""

    question: Question
    troops: tuple[str | None, str | None]
    form: dict[str, str]


HAND_DEFAULTS = {
    "dice": "3",
    "modifier": "0",
    "wound_modifier": "0",
    "miniatures": "5",
    "wounds": "1",
    "honour": "4",
    "reach": "long",
}
# Fields for either kind of fighter: its markers, and the table's other lines
# (casualty this turn, Used Unit marker, out of formation, abilities...) as totals.
MARKER_DEFAULTS = {
    "wounded": "0",
    "stunned": "0",
    "engaged": "",
    "unit": "",
    "other_dice": "0",
    "other_modifier": "0",
    "other_wound_modifier": "0",
}


def default_form() -> dict[str, str]:
    form = {"kind": "melee", "band": "short", "side": "front"}
    for role in ROLES:
        for field, value in {**HAND_DEFAULTS, **MARKER_DEFAULTS}.items():
            form[f"{role}_{field}"] = value
    return form


def read_question(args: Mapping[str, str]) -> Asked:
    """The question a query asks (missing fields take the form's defaults)."""
    form = default_form()
    for name in ("boost", "cover", "charge"):
        form[name] = ""
    unknown = sorted(set(args) - set(form) - {"table"})
    if unknown:
        raise OddsInputError(f"unknown field {unknown[0]!r}")
    form.update({name: value.strip() for name, value in args.items() if name != "table"})
    kind: Kind = "shoot" if _choice(form, "kind", KINDS) == "shoot" else "melee"
    situation = Situation(
        kind=kind,
        band=_choice(form, "band", BANDS),
        cover=_flag(form, "cover"),
        boosted=_flag(form, "boost"),
        charging=_flag(form, "charge"),
        side=_choice(form, "side", ATTACK_SIDES),
    )
    if situation.kind == "shoot" and (situation.charging or situation.side != "front"):
        raise OddsInputError("a shoot has no charge and no attacked side: those are for a melee")
    fighters = []
    troops: list[str | None] = []
    for role in ROLES:
        fighter, troop = _fighter(form, role, kind)
        fighters.append(_with_other_lines(fighter, form, role))
        troops.append(troop)
    return Asked(Question(fighters[0], fighters[1], situation), (troops[0], troops[1]), form)


def _fighter(form: Mapping[str, str], role: str, kind: Kind) -> tuple[Fighter, str | None]:
    wounded = _number(form, f"{role}_wounded", 0, 20)
    stunned = _number(form, f"{role}_stunned", 0, 20)
    key = form[f"{role}_unit"]
    if key:
        engaged_text = form[f"{role}_engaged"]
        engaged = (
            None if engaged_text == "" else _number(form, f"{role}_engaged", 0, MOST_MINIATURES)
        )
        fighter = sample_unit(key, kind=kind, engaged=engaged, wounded=wounded, stunned=stunned)
        return fighter, _troop_of(key)
    if form[f"{role}_engaged"]:
        raise OddsInputError(f"{role}_engaged is for a unit from a list; enter the dice instead")
    low, high = MODIFIER_RANGE
    miniatures = _number(form, f"{role}_miniatures", 1, MOST_MINIATURES)
    fighter = Fighter(
        name=f"{miniatures} miniatures entered by hand",
        miniatures=miniatures,
        wounds=_number(form, f"{role}_wounds", 1, 10),
        wounded=wounded,
        stunned=stunned,
        honour=_number(form, f"{role}_honour", 0, 12),
        dice_lines=(("dice entered", _number(form, f"{role}_dice", 0, MOST_DICE)),),
        modifier_lines=(("modifier entered", _number(form, f"{role}_modifier", low, high)),),
        wound_lines=(
            ("wound modifier entered", _number(form, f"{role}_wound_modifier", low, high)),
        ),
        reach=_choice(form, f"{role}_reach", BANDS),
        ranged=kind == "shoot",
    )
    return fighter, None


def _with_other_lines(fighter: Fighter, form: Mapping[str, str], role: str) -> Fighter:
    """The fighter with the lines the form adds to its roll (only those not zero)."""
    low, high = MODIFIER_RANGE
    dice = _number(form, f"{role}_other_dice", -MOST_DICE, MOST_DICE)
    modifier = _number(form, f"{role}_other_modifier", low, high)
    wound_modifier = _number(form, f"{role}_other_wound_modifier", low, high)
    return replace(
        fighter,
        dice_lines=fighter.dice_lines + ((("other dice", dice),) if dice else ()),
        modifier_lines=fighter.modifier_lines
        + ((("other modifiers", modifier),) if modifier else ()),
        wound_lines=fighter.wound_lines
        + ((("other wound modifiers", wound_modifier),) if wound_modifier else ()),
    )


def _number(form: Mapping[str, str], name: str, low: int, high: int) -> int:
    text = form[name]
    try:
        value = int(text)
    except ValueError:
        raise OddsInputError(f"{name} must be a whole number, not {text!r}") from None
    if not low <= value <= high:
        raise OddsInputError(f"{name} must be between {low} and {high}, not {value}")
    return value


def _choice(form: Mapping[str, str], name: str, allowed: Sequence[str]) -> str:
    value = form[name]
    if value not in allowed:
        raise OddsInputError(f"{name} must be one of {', '.join(allowed)}, not {value!r}")
    return value


def _flag(form: Mapping[str, str], name: str) -> bool:
    value = form[name]
    if value not in ("", "on", "1", "true"):
        raise OddsInputError(f"{name} is a checkbox: on or absent, not {value!r}")
    return value != ""
