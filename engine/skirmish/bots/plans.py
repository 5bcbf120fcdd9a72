"""The veteran's plans: for each prompt, the commands it would give, best first.

A plan is a command of the contract (a plain dict). The veteran tries each in turn and
keeps the first the rules accept, so a plan may be refused (a path through difficult
ground longer than the allowance, a charge the rules forbid) without harm. What a
player of the skirmish would do, in rough order:

- **deploy** where the scenario sets the band up (its deployment is laid out for it);
- **initiative**: take it on a draw (Rat's Head, Ox's Neck): moving first charges first;
- **heroic declarations**: spend a Zen token on Heroic Combat when a hero is in base
  contact with an enemy (an extra round of close combat), and on Heroic Shooting when a
  hero with a missile weapon has an enemy in range and a token to spare for a save;
  never on a move (the tokens are worth more as extra rounds and saves);
- **move**: a unit in base contact stays (it may not leave); a missile unit with an
  enemy in range, arc and sight holds to shoot (turning where it stands when the enemy
  is out of its arc), else closes in by half its allowance (so it may still shoot); a
  unit charges an enemy in reach that it beats in close combat at least one time in two
  (the chance of the highest die, the Combat deciding a draw; an honourable hero a hero
  first; any unit that flees); otherwise it marches on the nearest enemy, stopping short
  of contact, swerving or turning once round what is in its way;
- **shoot** at the weakest target offered: a wounded or lone model first, else the
  nearest (a group may only shoot the nearest, so it is offered that one alone); a hero
  with two tokens or more stakes one on the shot; a hero offered humming arrows shoots
  them at a model with two enemy groups or more within 6" of it;
- **fight**: One Cut for a hero of one Attack, else The Body in Place of the Sword when he
  knows them; strike the rider; a token on the fight when the hero holds two or more;
  Choose the Place to disengage from a combat he would win less than a time in four.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from engine.core import Command
from engine.skirmish.bots.picture import Band, Figure, Picture
from engine.skirmish.geometry import sight
from engine.skirmish.geometry.measure import INCH

# Body Strike: an extra 3" when the move ends in contact with the enemy.
BODY_STRIKE = "body_strike"
BODY_STRIKE_EXTRA = 3 * INCH
# How far short of the enemy a marching unit stops, and the margin kept off a charge's
# reach (the path may bend round a base or cross rough ground).
STAND_OFF = INCH // 2
CHARGE_MARGIN = INCH // 4
# The fractions of a planned move tried, in turn, when a longer one is refused.
SHORTER = (1.0, 0.75, 0.5, 0.25)
# The ways tried when the straight one is refused (scenery, a friend's base where the move
# would end): swerving by these angles (degrees, left positive) over this share of the
# length, then with one turning point this far to either side (tenths).
SWERVES = (30.0, -30.0, 60.0, -60.0, 90.0, -90.0)
SWERVE_LENGTH = 0.6
DETOURS = (3 * INCH, -3 * INCH)
FULL_CIRCLE = 3600
# A unit charges an enemy it beats in close combat at least this often.
CHARGE_ODDS = 0.5
# A hero who may Choose the Place disengages from a combat he wins less often than this.
DISENGAGE_ODDS = 0.25
# Humming arrows: shot at a model with this many enemy groups within 6" of it, or more.
HUMMING_GROUPS = 2
HUMMING_RADIUS = 6 * INCH
# The strategies chosen at the fight prompt (strategies.json ids).
ONE_CUT = "one_cut"
BODY_FOR_SWORD = "body_in_place_of_the_sword"


def units_asked(options: Mapping[str, Any], side: str) -> list[str]:
    """The units a prompt asks about, in its order: ``options["units"]`` (a list, or a
    mapping by unit), or ``options[side]["units"]``."""
    found = options.get("units")
    if found is None and isinstance(options.get(side), Mapping):
        found = options[side].get("units")
    if isinstance(found, Mapping):
        return [str(unit) for unit in found]
    if isinstance(found, (list, tuple)):
        return [str(unit) for unit in found]
    unit = options.get("unit")
    return [str(unit)] if unit is not None else []


def unit_options(options: Mapping[str, Any], side: str, unit: str) -> Any:
    """What the prompt says of one unit (its targets, its choices), or None."""
    found = options.get("units")
    if found is None and isinstance(options.get(side), Mapping):
        found = options[side].get("units")
    if isinstance(found, Mapping):
        return found.get(unit)
    return None


# -- deploy and initiative ---------------------------------------------------------


def deploy(seen: Picture, options: Mapping[str, Any]) -> Iterator[Command]:
    yield {"type": "deploy", "side": seen.side, "positions": {}}


def initiative(seen: Picture, options: Mapping[str, Any]) -> Iterator[Command]:
    yield {"type": "initiative", "side": seen.side, "take": True}


# -- heroic declarations -----------------------------------------------------------


def heroic(seen: Picture, options: Mapping[str, Any], phase: str) -> Iterator[Command]:
    asked = units_asked(options, seen.side)
    for band in seen.mine:
        if not band.hero or band.zen <= 0 or (asked and band.id not in asked):
            continue
        if phase in [str(a) for a in band.record.get("heroic", ())]:
            continue
        allowed = unit_options(options, seen.side, band.id)
        if isinstance(allowed, (list, tuple)) and phase not in allowed:
            continue
        in_combat = phase == "combat" and seen.engaged(band)
        target = _in_range(seen, band) if phase == "shoot" and band.zen >= 2 else None
        shot = target is not None and _shootable(seen, band, target)
        if in_combat or shot:
            yield _declare(seen, band.id, phase)
    yield _declare(seen, None, phase)


def _declare(seen: Picture, unit: str | None, phase: str) -> Command:
    return {"type": "heroic", "side": seen.side, "unit": unit, "action": phase}


# -- the move phase ----------------------------------------------------------------


def move(seen: Picture, options: Mapping[str, Any]) -> Iterator[Command]:
    asked = units_asked(options, seen.side)
    band = next((seen.band(unit) for unit in asked if seen.band(unit) is not None), None)
    if band is None:
        yield {"type": "end_moves", "side": seen.side}
        return
    hold = {"type": "hold", "side": seen.side, "unit": band.id}
    if band.fleeing or seen.engaged(band):
        yield hold
        return
    if band.missile_range and (target := _in_range(seen, band)) is not None:
        if _shootable(seen, band, target):
            yield hold
            return
        # In range and in sight but out of its arc: it turns where it stands.
        yield _turn(seen, band, target)
    offered = unit_options(options, seen.side, band.id)
    reachable = offered.get("charge") if isinstance(offered, Mapping) else None
    yield from _charges(seen, band, reachable)
    yield from _march(seen, band)
    yield hold


def _reach(band: Band) -> int:
    extra = BODY_STRIKE_EXTRA if BODY_STRIKE in band.strategies else 0
    return band.allowance + extra - CHARGE_MARGIN


def win_chance(dice: int, combat: int, enemy_dice: int, enemy_combat: int) -> float:
    """The chance to win a close combat of ``dice`` against ``enemy_dice`` (Close Combat:
    the highest single die wins; a draw goes to the higher Combat, else a roll-off).

    >>> round(win_chance(1, 3, 1, 3), 3), round(win_chance(2, 4, 1, 3), 3)
    (0.5, 0.745)
    """
    if dice <= 0:
        return 0.0
    if enemy_dice <= 0:
        return 1.0
    win = draw = 0.0
    for face in range(1, 7):
        mine = (face / 6) ** dice - ((face - 1) / 6) ** dice
        below = ((face - 1) / 6) ** enemy_dice
        same = (face / 6) ** enemy_dice - below
        win += mine * below
        draw += mine * same
    tie = 1.0 if combat > enemy_combat else 0.5 if combat == enemy_combat else 0.0
    return win + draw * tie


def _dice(band: Band, against: Band) -> int:
    """The dice a unit brings to a fight with another: a hero's Attacks; a group's one
    each, for as many models as can reach the enemy's (twice its number at most)."""
    if band.hero:
        return band.attacks
    return min(band.size, 2 * against.size)


def _worth_charging(seen: Picture, band: Band, enemy: Band) -> bool:
    if enemy.fleeing:
        return True
    if band.missile_range and not band.hero:
        return False
    chance = win_chance(_dice(band, enemy), band.combat, _dice(enemy, band), enemy.combat)
    return chance >= CHARGE_ODDS


def _charges(seen: Picture, band: Band, reachable: Any = None) -> Iterator[Command]:
    """Charges at enemies it should beat, nearest first (an honourable hero's at heroes
    first): at the models the prompt offers (``reachable``), else those within its reach."""
    reach = _reach(band)
    offered = {str(m) for m in reachable} if isinstance(reachable, (list, tuple)) else None
    targets: list[tuple[int, float, str]] = []
    for enemy in seen.enemies:
        if not _worth_charging(seen, band, enemy):
            continue
        # An honourable hero goes for heroes first (Bushido).
        rank = 0 if (not band.honourable or enemy.hero) else 1
        for figure in enemy.figures:
            distance = band.lead.gap(figure)
            if figure.id in offered if offered is not None else distance <= reach:
                targets.append((rank, distance, figure.id))
    for _, _, target in sorted(targets)[:3]:
        yield {"type": "charge", "side": seen.side, "unit": band.id, "target": target}


def _march(seen: Picture, band: Band) -> Iterator[Command]:
    """Moves towards the nearest enemy: straight (shorter and shorter), then swerving to
    either side, then round what is in the way (one turning point, ``via``), then towards
    the next nearest enemy unit (a unit that failed a charge test may not end nearer to
    that enemy)."""
    lead = band.lead
    goals: list[Figure] = []
    for enemy in sorted(seen.enemies, key=lambda e: min(lead.gap(f) for f in e.figures)):
        goals.append(min(enemy.figures, key=lambda f: (lead.gap(f), f.id)))
    for goal in goals[:2]:
        gap = lead.gap(goal)
        if band.missile_range:
            # Half the allowance at most: it may still shoot when it gets in range.
            length = min(band.allowance // 2, max(gap - band.missile_range + INCH, 0))
        else:
            length = min(band.allowance, gap - STAND_OFF)
        if length < INCH // 4:
            continue
        aim = _aim(seen, lead, goal)
        for fraction in SHORTER:
            to = _towards(seen, band, lead, goal, length * fraction)
            if to is not None:
                yield _move(seen, band, to, aim)
        for turn in SWERVES:
            to = _towards(seen, band, lead, goal, length * SWERVE_LENGTH, turn=turn)
            if to is not None:
                yield _move(seen, band, to, aim)
        for offset in DETOURS:
            detour = _around(seen, band, goal, length, offset)
            if detour is not None:
                via, to = detour
                yield {**_move(seen, band, to, aim), "via": [via]}


def _move(seen: Picture, band: Band, to: tuple[int, int], aim: int) -> Command:
    return {"type": "move", "side": seen.side, "unit": band.id, "to": [to[0], to[1]], "facing": aim}


def _around(
    seen: Picture, band: Band, goal: Figure, length: float, offset: int
) -> tuple[list[int], tuple[int, int]] | None:
    """A move of at most ``length`` towards ``goal`` with one turning point half way,
    ``offset`` to the side (left of the way when positive): the turning point and the end,
    if every model stays on the table at both."""
    lead = band.lead
    dx, dy = goal.x - lead.x, goal.y - lead.y
    norm = math.hypot(dx, dy)
    if norm == 0:
        return None
    ux, uy = dx / norm, dy / norm
    half = length / 2
    leg = math.hypot(half, offset)
    rest = length - leg
    if rest <= 0:
        return None
    via = (round(lead.x + ux * half - uy * offset), round(lead.y + uy * half + ux * offset))
    to = (round(via[0] + ux * rest), round(via[1] + uy * rest))
    for x, y in (via, to):
        for figure in band.figures:
            fx, fy, r = x + figure.x - lead.x, y + figure.y - lead.y, figure.radius
            if fx - r < 0 or fy - r < 0 or fx + r > seen.width or fy + r > seen.height:
                return None
    return [via[0], via[1]], to


def _towards(
    seen: Picture, band: Band, lead: Figure, goal: Figure, length: float, *, turn: float = 0.0
) -> tuple[int, int] | None:
    """The lead model's spot ``length`` towards ``goal`` (``turn`` degrees to the left of
    the straight way), if every model of the unit, translated the same, stays on the table."""
    dx, dy = goal.x - lead.x, goal.y - lead.y
    norm = math.hypot(dx, dy)
    if norm == 0 or length <= 0:
        return None
    angle = math.atan2(dy, dx) + math.radians(turn)
    step_x, step_y = round(math.cos(angle) * length), round(math.sin(angle) * length)
    for figure in band.figures:
        x, y = figure.x + step_x, figure.y + step_y
        r = figure.radius
        if x - r < 0 or y - r < 0 or x + r > seen.width or y + r > seen.height:
            return None
    return round(lead.x) + step_x, round(lead.y) + step_y


def _aim(seen: Picture, lead: Figure, goal: Figure) -> int:
    """The facing that puts ``goal`` in the middle of the lead model's arc of fire (a rider
    in medium or heavy armour shoots to his left: he faces across the enemy's front)."""
    arc = sight.arc_of(seen.state, lead.id)
    offset = 0 if arc is None else arc[0]
    return (facing(lead.x, lead.y, goal.x, goal.y) - offset) % FULL_CIRCLE


def _turn(seen: Picture, band: Band, target: Figure) -> Command:
    """A move of no length that turns the unit to face ``target`` (its arc of fire)."""
    lead = band.lead
    return {
        "type": "move",
        "side": seen.side,
        "unit": band.id,
        "to": [round(lead.x), round(lead.y)],
        "facing": _aim(seen, lead, target),
    }


def _shootable(seen: Picture, band: Band, target: Figure) -> bool:
    """Whether some model of the unit has ``target`` in its arc of fire and sight."""
    return any(
        sight.in_arc_of_fire(seen.state, figure.id, target.id)
        and sight.line_of_sight(seen.state, figure.id, target.id)
        for figure in band.figures
    )


def facing(x: float, y: float, to_x: float, to_y: float) -> int:
    """The facing (tenths of a degree, 0 along +x, counter-clockwise) from one point to another."""
    angle = math.degrees(math.atan2(to_y - y, to_x - x))
    return round(angle * 10) % FULL_CIRCLE


# -- the shoot phase ---------------------------------------------------------------


def _in_range(seen: Picture, band: Band) -> Figure | None:
    """The nearest enemy model within the unit's missile range, if any."""
    if not band.missile_range:
        return None
    best: tuple[float, str, Figure] | None = None
    for enemy in seen.enemies:
        for figure in enemy.figures:
            distance = min(f.gap(figure) for f in band.figures)
            if distance <= band.missile_range and (
                best is None or (distance, figure.id) < best[:2]
            ):
                best = (distance, figure.id, figure)
    return None if best is None else best[2]


def shoot(seen: Picture, options: Mapping[str, Any]) -> Iterator[Command]:
    asked = units_asked(options, seen.side)
    for unit in asked:
        band = seen.band(unit)
        if band is None:
            continue
        offered = unit_options(options, seen.side, unit)
        targets = _targets(offered)
        if not targets:
            yield {"type": "hold", "side": seen.side, "unit": unit}
            continue
        humming = unit in [str(u) for u in options.get("humming", ()) or ()]
        ranked = _weakest_first(seen, band, targets)
        if humming:
            # Humming arrows at the model with the most enemy groups around it, when that
            # is two groups or more (the arrows wound nobody: -1 Courage for the battle).
            crowd = max(
                ranked, key=lambda target: (_groups_near(seen, target), -ranked.index(target))
            )
            if _groups_near(seen, crowd) >= HUMMING_GROUPS:
                yield _shot(seen, band, crowd, humming=True)
        for target in ranked:
            yield _shot(seen, band, target, humming=False)
        yield {"type": "hold", "side": seen.side, "unit": unit}
        return
    yield {"type": "end_shooting", "side": seen.side}


def _shot(seen: Picture, band: Band, target: str, *, humming: bool) -> Command:
    return {
        "type": "shoot",
        "side": seen.side,
        "unit": band.id,
        "target": target,
        "zen": band.hero and band.zen >= 2 and not humming,
        "humming": humming,
    }


def _groups_near(seen: Picture, target: str) -> int:
    """How many enemy character groups have a model within 6" of the model ``target``."""
    aim = seen.figure(target)
    if aim is None:
        return 0
    return sum(
        1
        for enemy in seen.enemies
        if not enemy.hero and any(f.gap(aim) <= HUMMING_RADIUS for f in enemy.figures)
    )


def _targets(offered: Any) -> list[str]:
    if isinstance(offered, Mapping):
        offered = offered.get("targets", [])
    if isinstance(offered, (list, tuple)):
        return [str(target) for target in offered]
    return []


def _weakest_first(seen: Picture, band: Band, targets: Sequence[str]) -> list[str]:
    """Targets by how soon a hit tells: a model of a small or wavering group, a hero on
    his last wound, then the nearest."""

    def key(target: str) -> tuple[int, float, str]:
        figure = seen.figure(target)
        enemy = None if figure is None else seen.band(figure.unit)
        if figure is None or enemy is None:
            return (9, 0.0, target)
        distance = min(f.gap(figure) for f in band.figures)
        wounded_hero = 1 if figure.wounds <= 1 else 3
        rank = wounded_hero if enemy.hero else (0 if enemy.size <= 3 else 2)
        return (rank, distance, target)

    return sorted(targets, key=key)


# -- the combat phase --------------------------------------------------------------


def fight(seen: Picture, options: Mapping[str, Any]) -> Iterator[Command]:
    combat = options.get("combat")
    if combat is None and isinstance(options.get(seen.side), Mapping):
        combat = options[seen.side].get("combat")
    choices: dict[str, Any] = {}
    for unit in units_asked(options, seen.side):
        band = seen.band(unit)
        if band is None or band.side != seen.side:
            continue
        offered = unit_options(options, seen.side, unit)
        offered = offered if isinstance(offered, Mapping) else {}
        odds = _odds(seen, band, options.get("models"))
        choices[unit] = {
            "strategies": _strategies(band, offered.get("strategies", ())),
            "strike": "rider",
            "zen": bool(offered.get("zen", True)) and band.zen >= 2,
            "disengage": bool(offered.get("disengage")) and odds < DISENGAGE_ODDS,
        }
    yield {"type": "fight", "side": seen.side, "combat": combat, "choices": choices}
    if choices:
        plain = {unit: {"strategies": [], "strike": "rider", "zen": False} for unit in choices}
        yield {"type": "fight", "side": seen.side, "combat": combat, "choices": plain}


def _strategies(band: Band, offered: Any) -> list[str]:
    """One Cut for a hero of one Attack (a better die for nothing), else The Body in
    Place of the Sword (one die more: the highest die wins)."""
    known = [str(s) for s in offered] if isinstance(offered, (list, tuple)) else []
    if ONE_CUT in known and band.attacks <= 1:
        return [ONE_CUT]
    if BODY_FOR_SWORD in known:
        return [BODY_FOR_SWORD]
    return []


def _odds(seen: Picture, band: Band, models: Any) -> float:
    """The hero's chance to win the combat: his Attacks against every enemy model's dice
    in it (a hero's Attacks, one for each other model), on the best Combat among them."""
    if not isinstance(models, Mapping):
        return 1.0
    dice = combat = 0
    for side, ids in sorted(models.items()):
        if side == seen.side or not isinstance(ids, (list, tuple)):
            continue
        for model in ids:
            figure = seen.figure(str(model))
            enemy = None if figure is None else seen.band(figure.unit)
            if enemy is None:
                continue
            dice += enemy.attacks if enemy.hero else 1
            combat = max(combat, enemy.combat)
    return win_chance(band.attacks, band.combat, dice, combat)
