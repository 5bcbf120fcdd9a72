"""Kensei's dice rolls: success rolls, honour rolls, D3 and the wound roll.

From "Dice rolls", "Success rolls", "Honour rolls" and "Combat Resolution >
1. Wound Roll". Each roll takes its faces from a :class:`engine.core.Dice`
source (seeded or entered) and returns what happened die by die, so the event
that records it can show every face and what it counted as. The exact odds of
the same rolls are in :mod:`engine.kensei.odds`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from engine.core import Dice
from engine.kensei.state.offering_dice import Offered, offered

SUCCESS = 4  # "A die from this roll is considered a success if you get a result of 4+"
FUMBLE = 1
CRITICAL = 6

DieResult = Literal["success", "failure", "fumble", "critical"]
WoundResult = Literal["wound", "stun", "fumble", "critical"]


def d3(face: int) -> int:
    """A D3 from a D6 face: "the die value is divided by two and rounded up"."""
    if not 1 <= face <= 6:
        raise ValueError(f"a D6 face is 1 to 6, not {face}")
    return (face + 1) // 2


def success_die(face: int, modifier: int, *, critical_only: bool = False) -> DieResult:
    """What one die of a success roll counts as (Success rolls): a natural 1 always
    fails, a natural 6 always succeeds, otherwise face + modifier of 4 or more."""
    if face == CRITICAL:
        return "critical"
    if face == FUMBLE:
        return "fumble"
    if critical_only:
        return "failure"
    return "success" if face + modifier >= SUCCESS else "failure"


@dataclass(frozen=True)
class SuccessRoll:
    """A success roll as rolled: ``dice`` asked for (before the zero-dice rule),
    the per-die ``modifier``, the faces and what each counted as."""

    dice: int
    modifier: int
    faces: tuple[int, ...]
    results: tuple[DieResult, ...]
    rerolled: tuple[dict[str, int], ...] = ()
    boosts: tuple[int, ...] = ()

    @property
    def zero_dice(self) -> bool:
        """Reduced to no dice: one die rolled, only a natural 6 succeeds."""
        return self.dice <= 0

    @property
    def successes(self) -> int:
        return sum(result in ("success", "critical") for result in self.results)

    def to_dict(self) -> dict[str, object]:
        return {
            "dice": self.dice,
            "modifier": self.modifier,
            "faces": list(self.faces),
            "results": list(self.results),
            "successes": self.successes,
            **({"rerolled": list(self.rerolled)} if self.rerolled else {}),
            **({"boosts": list(self.boosts)} if any(self.boosts) else {}),
        }


def dice_count(base: int, added: int = 0, removed: int = 0) -> int:
    """The dice of a roll after +XD6 and -XD6 (never below zero)."""
    return max(0, base + added - removed)


def reroll(
    dice: Dice, faces: Sequence[int], failed: Callable[[int], bool], count: int
) -> tuple[list[int], list[dict[str, int]]]:
    """Re-roll up to ``count`` of the dice whose face ``failed`` (first ones first, each
    die once, a troop ability's re-roll): the faces after and one ``{"index", "was",
    "now"}`` record per die re-rolled."""
    after = list(faces)
    done: list[dict[str, int]] = []
    for index, face in enumerate(faces):
        if len(done) >= count:
            break
        if failed(face):
            after[index] = dice.roll_one()
            done.append({"index": index, "was": face, "now": after[index]})
    return after, done


def success_roll(
    dice: Dice,
    count: int,
    modifier: int = 0,
    rerolls: int = 0,
    *,
    by: str | None = None,
    what: str = "",
) -> SuccessRoll:
    """Roll ``count`` dice with ``modifier`` on each (Success rolls). With no dice
    left, one die is rolled and only a critical succeeds. ``rerolls``: failed dice
    re-rolled once (a re-roll of a failed die cannot make the roll worse). A roll
    made ``by`` a side is then open to the offerings to the gods (``what`` names
    it): a boost adds to one die's value, never to its natural face."""
    zero = count <= 0

    def result(face: int, boost: int = 0) -> DieResult:
        return success_die(face, modifier + boost, critical_only=zero)

    rolled = dice.roll(1 if zero else count)
    faces, done = reroll(dice, rolled, lambda f: result(f) in ("failure", "fumble"), rerolls)
    final = _offered(dice, faces, by, what, {"kind": "success", "modifier": modifier, "zero": zero})
    results = tuple(
        result(face, boost) for face, boost in zip(final.faces, final.boosts, strict=True)
    )
    return SuccessRoll(max(count, 0), modifier, final.faces, results, tuple(done), final.boosts)


def _offered(
    dice: Dice, faces: Sequence[int], by: str | None, what: str, judge: dict[str, Any]
) -> Offered:
    if by is None:
        return Offered(tuple(faces), (0,) * len(faces))
    return offered(dice, faces, by, what, judge)


@dataclass(frozen=True)
class HonourRoll:
    """An honour (or presence) roll: 1D6, success when the face is at most the
    honour after modifiers; no fumble and no critical. ``faces`` has two faces
    when the roll was made with 2D6 keeping the better (the general's "Repeat
    honour roll")."""

    honour: int
    faces: tuple[int, ...]
    kept: int
    success: bool

    def to_dict(self) -> dict[str, object]:
        return {
            "honour": self.honour,
            "faces": list(self.faces),
            "kept": self.kept,
            "success": self.success,
        }


def honour_roll(dice: Dice, honour: int, *, best_of_two: bool = False) -> HonourRoll:
    """Honour rolls: 1D6 (or 2D6 keeping the lower, the better) against ``honour``
    (already modified, e.g. -1 when engaged or dishonoured)."""
    faces = tuple(dice.roll(2 if best_of_two else 1))
    kept = min(faces)
    return HonourRoll(honour, faces, kept, kept <= honour)


def honour_roll_chance(honour: int, *, best_of_two: bool = False) -> Fraction:
    """The exact chance an honour roll succeeds (1D6 at most ``honour``; with 2D6
    keeping the better, either die)."""
    single = Fraction(min(max(honour, 0), 6), 6)
    return 1 - (1 - single) ** 2 if best_of_two else single


def wound_die(face: int, modifier: int, *, shooting: bool) -> WoundResult | None:
    """One die of the Wound Roll Table: a natural 1 is ignored (fumble), a natural 6
    always wounds (critical), 4+ after modifiers wounds, less stuns (ignored when
    shooting: ``None``)."""
    if face == FUMBLE:
        return "fumble"
    if face == CRITICAL:
        return "critical"
    if face + modifier >= SUCCESS:
        return "wound"
    return None if shooting else "stun"


@dataclass(frozen=True)
class WoundRoll:
    modifier: int
    shooting: bool
    faces: tuple[int, ...]
    results: tuple[WoundResult | None, ...]
    rerolled: tuple[dict[str, int], ...] = ()
    boosts: tuple[int, ...] = ()

    @property
    def wounds(self) -> int:
        """Direct wounds and criticals (criticals go to a unit's leader, if any)."""
        return sum(result in ("wound", "critical") for result in self.results)

    @property
    def criticals(self) -> int:
        return sum(result == "critical" for result in self.results)

    @property
    def stuns(self) -> int:
        return sum(result == "stun" for result in self.results)

    def to_dict(self) -> dict[str, object]:
        return {
            "modifier": self.modifier,
            "shooting": self.shooting,
            "faces": list(self.faces),
            "results": list(self.results),
            "wounds": self.wounds,
            "criticals": self.criticals,
            "stuns": self.stuns,
            **({"rerolled": list(self.rerolled)} if self.rerolled else {}),
            **({"boosts": list(self.boosts)} if any(self.boosts) else {}),
        }


def wound_roll(
    dice: Dice,
    impacts: int,
    modifier: int = 0,
    *,
    shooting: bool,
    rerolls: int = 0,
    by: str | None = None,
    what: str = "",
) -> WoundRoll:
    """Combat Resolution > 1. Wound Roll: 1D6 for each impact. ``rerolls``: dice with
    no effect (a fumble, or a failure when shooting) re-rolled once; a stun is kept.
    ``by`` and ``what``: as for :func:`success_roll`."""
    rolled = dice.roll(impacts) if impacts > 0 else []
    faces, done = reroll(
        dice,
        rolled,
        lambda f: wound_die(f, modifier, shooting=shooting) in ("fumble", None),
        rerolls,
    )
    judge = {"kind": "wound", "modifier": modifier, "shooting": shooting}
    final = _offered(dice, faces, by, what, judge)
    results = tuple(
        wound_die(face, modifier + boost, shooting=shooting)
        for face, boost in zip(final.faces, final.boosts, strict=True)
    )
    return WoundRoll(modifier, shooting, final.faces, results, tuple(done), final.boosts)


def honour_rerolls(
    dice: Dice, faces: Sequence[int], honour: int, *, own: int, enemy: int
) -> tuple[list[int], list[dict[str, Any]]]:
    """Re-rolls of an Honour Roll's dice: first the ``enemy`` re-rolls of successful dice
    an enemy's ability forces, then, when the roll fails (no die at most ``honour``), the
    unit's ``own`` re-rolls of failed dice."""
    faces, forced = reroll(dice, faces, lambda f: f <= honour, enemy)
    failed = min(faces) > honour
    faces, chosen = reroll(dice, faces, lambda f: f > honour, own if failed else 0)
    records = [{**r, "by": "enemy"} for r in forced] + [{**r, "by": "own"} for r in chosen]
    return faces, records


def casualties(wounds: int, wounds_attribute: int, wounded: int = 0) -> tuple[int, int]:
    """Removing casualties: a casualty per ``wounds_attribute`` wounds, counting the
    wounds already on the unit's wounded marker; returns (casualties, the wounded
    marker after)."""
    if wounds_attribute < 1:
        raise ValueError("the Wounds attribute is at least 1")
    total = wounds + wounded
    return total // wounds_attribute, total % wounds_attribute


def stuns_to_wounds(stunned: int) -> tuple[int, int]:
    """ "Two stunned unit markers are swapped for an extra wound": (extra wounds,
    stunned markers left)."""
    return stunned // 2, stunned % 2
