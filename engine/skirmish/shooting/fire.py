"""A shot (Shooting; Weapons and Armour; Shooting from Horseback; Shooting at Mounted
Characters; Wind Strategies > Bow; Zen Tokens).

Each shooting model rolls its shots (one, or a Bow master's 2 or 3) needing its
Shooting value on 1D6, changed by the arquebus (-2), a mounted shooter who moved more
than half (-2, -1 with Mastery of Horsemanship 3+) and a mounted target that moved half
or less (+1); a natural 6 always hits and a natural 1 always misses (Interpretation >
To-hit beyond 6). A hit through an intervening obstacle or character (a pavise counts
as one for the character behind it) is rolled again: on 4+ the obstacle is hit and the
shot has no effect, or the character in the way takes the hit. A hit on a rider is
rolled again: 3+ the rider, 1-2 the horse, which is killed and the rider forcibly
dismounted. Every hit then rolls to wound with the weapon's Strength (a Bow master's
bonus added) against the target's Defence.
"""

from __future__ import annotations

from typing import Any

from engine.core import Dice, Event, IllegalCommand, InvalidCommand, State
from engine.skirmish import morale, rules
from engine.skirmish.army.catalogue import Weapon, catalogue_of
from engine.skirmish.geometry import sight
from engine.skirmish.heroic import chars, profile, zen
from engine.skirmish.heroic.work import Work
from engine.skirmish.heroic.wounding import roll_wounds
from engine.skirmish.shooting import targets

COVER_NEED = 4
RIDER_NEED = 3
MOVING_PENALTY = 2
ARROWS = ("bow", "short_bow")


def shots_of(state: State, model_id: str) -> int:
    """How many shots the model makes (Wind Strategies > Bow: 2 or 3 for a master)."""
    found = profile.effects(state, model_id)
    riding = chars.mounted(state, model_id)
    return max(1, profile.total(found, "shots", riding))


def strength_of(state: State, model_id: str, weapon: Weapon) -> int:
    """The missile's Strength (Wounding: "the Strength of the particular missile weapon
    being used"), with a Bow master's bonus."""
    found = profile.effects(state, model_id)
    riding = chars.mounted(state, model_id)
    return int(weapon.strength or 0) + profile.total(found, "strength", riding)


def need_of(state: State, shooter: str, target: str, weapon: Weapon) -> tuple[int, dict[str, int]]:
    """The score to hit and its modifiers (positive modifiers make it easier)."""
    unit_id = state["models"][shooter]["unit"]
    base = catalogue_of(state).profile(state["units"][unit_id]["profile"]).shooting
    modifiers: dict[str, int] = {}
    if weapon.to_hit:
        modifiers["weapon"] = weapon.to_hit
    if chars.mounted(state, shooter) and targets.moved_far(state, unit_id):
        found = profile.effects(state, shooter)
        relief = profile.total(found, "moving_shot", True)
        modifiers["moving_on_horseback"] = -max(0, MOVING_PENALTY - relief)
    target_unit = state["models"][target]["unit"]
    if chars.mounted(state, target) and not targets.moved_far(state, target_unit):
        modifiers["slow_rider"] = 1
    need = base - sum(modifiers.values())
    return need, {k: v for k, v in modifiers.items() if v}


def hits(face: int, need: int) -> bool:
    """A natural 6 always hits, a natural 1 always misses."""
    return face == 6 or (face != 1 and face >= need)


def cover_of(state: State, shooter: str, target: str) -> dict[str, Any] | None:
    """The intervening obstacle or character nearest the shooter, or the target's
    pavise (Weapons and Armour > Pavises), or ``None``."""
    found = list(sight.intervening(state, shooter, target))
    if not found:
        return None
    return {"kind": str(found[0]["kind"]), "id": str(found[0]["id"])}


def _check(state: State, command: dict[str, Any]) -> tuple[str, str, bool, bool]:
    unit_id, target = command.get("unit"), command.get("target")
    if not isinstance(unit_id, str) or unit_id not in state["units"]:
        raise InvalidCommand(f"no unit {str(unit_id)[:20]!r}")
    if state["units"][unit_id]["side"] != command.get("side"):
        raise InvalidCommand(f"unit {unit_id} is not of side {command.get('side')!r}")
    if not isinstance(target, str) or target not in state["models"]:
        raise InvalidCommand(f"no model {str(target)[:20]!r} to shoot at")
    wants_zen, humming = command.get("zen", False), command.get("humming", False)
    if not isinstance(wants_zen, bool) or not isinstance(humming, bool):
        raise InvalidCommand("zen and humming are true or false")
    heroic = "shoot" in state["units"][unit_id].get("heroic", ())
    why = targets.cannot_shoot(state, unit_id, heroic=heroic)
    if why is not None:
        raise IllegalCommand(f"{unit_id} cannot shoot: {why[0]}", rule=why[1])
    if target not in targets.legal_targets(state, unit_id):
        weapon = targets.missile(state, unit_id)
        assert weapon is not None
        reasons = [
            targets.refusal(state, s, target, weapon) for s in targets.shooters(state, unit_id)
        ]
        found = next((r for r in reasons if r is not None), None)
        if found is None or not state["units"][unit_id]["hero"]:
            raise IllegalCommand(
                f"{unit_id} must shoot at the nearest enemy it can", rule=rules.NEAREST_TARGET
            )
        raise IllegalCommand(f"{unit_id} cannot shoot at {target}: {found[0]}", rule=found[1])
    if humming and not may_hum(state, unit_id):
        raise IllegalCommand(
            f"{unit_id} cannot shoot humming arrows (a bow master of level 2 or more, "
            "before his side's first arrows)",
            rule=rules.HUMMING_ARROWS,
        )
    if wants_zen and not state["units"][unit_id]["hero"]:
        raise IllegalCommand("only heroic characters have Zen tokens", rule=rules.ZEN_TOKENS)
    return unit_id, target, wants_zen, heroic


def may_hum(state: State, unit_id: str) -> bool:
    """Wind Strategies > Choice of arrowheads: humming arrows must be the first arrows
    shot during the battle (by the hero's side: Interpretation > Humming arrows)."""
    unit = state["units"][unit_id]
    if not unit["hero"] or unit["weapon"] not in ARROWS:
        return False
    if state.get("humming_used", {}).get(unit["side"]):
        return False
    first = chars.living(state, unit_id)
    if not first:
        return False
    found = profile.effects(state, first[0])
    return profile.total(found, "arrowheads", chars.mounted(state, first[0])) > 0


def decide_shoot(state: State, command: dict[str, Any], dice: Dice) -> list[Event]:
    """The events of a ``shoot`` command: checked, rolled, applied in order."""
    unit_id, target, wants_zen, heroic = _check(state, command)
    weapon = targets.missile(state, unit_id)
    assert weapon is not None
    work = Work(state, dice)
    side = state["units"][unit_id]["side"]
    reload = int(state["turn"]) + weapon.reload_turns + 1 if weapon.reload_turns else None
    arrows = weapon.id in ARROWS
    if command.get("humming"):
        _humming(work, unit_id, target, heroic)
        return work.events
    action = zen.Action(wants_die=frozenset({unit_id}) if wants_zen else frozenset())
    firing = [
        s
        for s in targets.shooters(state, unit_id)
        if targets.refusal(state, s, target, weapon) is None
    ]
    shots: list[dict[str, Any]] = []
    landed: list[tuple[str, str, bool]] = []  # (shooter, the model struck, its horse)
    for shooter in firing:
        need, modifiers = need_of(state, shooter, target, weapon)
        for _ in range(shots_of(state, shooter)):
            shots.append(
                _one_shot(
                    work,
                    shooter=shooter,
                    target=target,
                    need=need,
                    modifiers=modifiers,
                    action=action,
                    landed=landed,
                )
            )
    work.emit(
        {
            "type": "shot",
            "unit": unit_id,
            "side": side,
            "target": target,
            "weapon": weapon.id,
            "heroic": heroic,
            "reload": reload,
            "arrows": arrows,
            "shots": shots,
        }
    )
    for shooter, struck, horse in landed:
        if horse:
            if chars.alive(work.state, struck) and chars.mounted(work.state, struck):
                work.emit({"type": "horse_killed", "model": struck, "by": shooter})
            continue
        if not chars.alive(work.state, struck):
            continue
        strength = strength_of(work.state, shooter, weapon)
        defence = profile.defence(work.state, struck)
        roll_wounds(
            work, shooter, struck, strength=strength, defence=defence, count=1, action=action
        )
    _after(work, state)
    return work.events


def _one_shot(
    work: Work,
    *,
    shooter: str,
    target: str,
    need: int,
    modifiers: dict[str, int],
    action: zen.Action,
    landed: list[tuple[str, str, bool]],
) -> dict[str, Any]:
    state = work.state
    face = work.dice.roll_one()
    entry: dict[str, Any] = {"model": shooter, "need": need, "modifiers": modifiers, "die": face}
    scored = hits(face, need)
    if not scored and face == need - 1 and face != 1:
        altered = zen.alter(work, shooter, action, face, to=face + 1, what="to_hit")
        if altered is not None:
            entry["zen"] = altered
            scored = True
    entry["hit"] = scored
    entry["cover"] = None
    entry["horse"] = None
    if not scored:
        return entry
    cover = cover_of(state, shooter, target)
    if cover is not None:
        die = work.dice.roll_one()
        blocked = die >= COVER_NEED
        record: dict[str, Any] = {"die": die, "blocked_by": None, "kind": cover["kind"]}
        if blocked and die == COVER_NEED:
            altered = zen.alter(work, shooter, action, die, to=die - 1, what="cover")
            if altered is not None:
                record["zen"] = altered
                blocked = False
        if blocked:
            record["blocked_by"] = cover["id"]
            entry["cover"] = record
            if cover["kind"] == "character" and chars.alive(state, cover["id"]):
                landed.append((shooter, cover["id"], False))
            return entry
        entry["cover"] = record
    if chars.mounted(state, target):
        die = work.dice.roll_one()
        horse_hit = die < RIDER_NEED
        entry["horse"] = {"die": die, "horse_hit": horse_hit}
        landed.append((shooter, target, horse_hit))
        return entry
    landed.append((shooter, target, False))
    return entry


def _humming(work: Work, unit_id: str, target: str, heroic: bool) -> None:
    record = work.state["models"][target]
    point = [int(record["x"]), int(record["y"])]
    affected = list(morale.humming_targets(work.state, point[0], point[1]))
    side = work.state["units"][unit_id]["side"]
    work.emit(
        {
            "type": "shot",
            "unit": unit_id,
            "side": side,
            "target": target,
            "weapon": work.state["units"][unit_id]["weapon"],
            "heroic": heroic,
            "reload": None,
            "arrows": True,
            "humming": True,
            "shots": [],
        },
        {"type": "humming_arrows", "unit": unit_id, "point": point, "units": affected},
    )


def _after(work: Work, before: State) -> None:
    """Morale after the shot's casualties (groups' and the band's Courage tests)."""
    dead = [m for m in chars.living_models(before) if work.state["models"][m]["status"] != chars.OK]
    if dead:
        work.extend(morale.after_casualties(work.state, dead, work.dice))
