"""What dice a command needs, in a game whose dice are rolled at the table.

In a game with entered dice (``engine.core.dice.EnteredDice``) a command carries
the faces its player rolled. How many, and of which kind, is the engine's to say:
``Ruleset.decide`` asks its dice source for each roll as the rules come to it. So
the command is decided (decide is pure: nothing is stored) with a probing source
that hands out the faces typed so far and, at the first roll they do not cover,
stops and says how many more dice of how many faces that roll needs. Later rolls
may depend on the faces of this one (as many wound rolls as hits), so the answer
is "N more" for the next roll only, asked again once those are typed.

The play page asks it as the player types (``Play.dice_needed``); a command sent
short of dice is refused in the same words (``Play.submit``), and standing answers
and bots answer only commands that need no dice (``needs_no_dice``).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from engine.core import Command, CommandRefused, EnteredDice, InvalidCommand, Ruleset, State

MAX_ENTERED_DICE = 200  # faces one command may carry


@dataclass(frozen=True)
class DiceNeed:
    """``complete``: the faces given are what the command rolls, no more and no
    fewer. Otherwise ``more`` dice of ``sides`` faces are needed for the next roll
    (``more`` is 0 and ``extra`` counts the faces left over when too many were
    given). ``used`` counts the faces the command rolled before it stopped."""

    complete: bool
    used: int
    given: int
    more: int = 0
    sides: int | None = None
    extra: int = 0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def words(self) -> str:
        """The need as a player reads it."""
        if self.complete:
            return f"this command rolls {self.used} {_dice(self.used)}: all entered"
        if self.extra:
            return (
                f"this command rolls {self.used} {_dice(self.used)} but "
                f"{self.given} were entered: {self.extra} too many"
            )
        typed = f" (after the {self.given} entered)" if self.given else ""
        return f"this command needs {self.more} more d{self.sides}{typed}"


def _dice(count: int) -> str:
    return "die" if count == 1 else "dice"


class _ShortOfDice(Exception):
    def __init__(self, more: int, sides: int) -> None:
        super().__init__(f"{more} more d{sides}")
        self.more = more
        self.sides = sides


class _ProbingDice(EnteredDice):
    """The faces given, in order (checked as ``EnteredDice`` checks them); a roll they
    do not cover stops the decision, saying what it needed."""

    def roll(self, count: int, sides: int = 6) -> list[int]:
        left = len(self.faces) - self.used
        if count > left:
            raise _ShortOfDice(count - left, sides)
        return super().roll(count, sides)


def check_faces(faces: Any) -> list[int]:
    """``faces`` as a list of whole numbers, or ``InvalidCommand`` saying why not."""
    if faces is None:
        return []
    if not isinstance(faces, list):
        raise InvalidCommand("dice are a list of the faces rolled, such as [6, 2]")
    if len(faces) > MAX_ENTERED_DICE:
        raise InvalidCommand(f"at most {MAX_ENTERED_DICE} dice may be entered with one command")
    for face in faces:
        if isinstance(face, bool) or not isinstance(face, int):
            raise InvalidCommand(f"entered die {str(face)[:20]!r} is not a whole number")
    return list(faces)


def dice_needed(ruleset: Ruleset, state: State, command: Command, faces: Any) -> DiceNeed:
    """How the entered ``faces`` cover what ``command`` rolls in ``state``. The
    engine's refusals of the command itself (``InvalidCommand``, ``IllegalCommand``)
    and faces out of a die's range are raised as they are."""
    given = check_faces(faces)
    dice = _ProbingDice(given)
    try:
        ruleset.decide(state, command, dice)
    except _ShortOfDice as short:
        return DiceNeed(False, dice.used, len(given), more=short.more, sides=short.sides)
    if dice.used < len(given):
        return DiceNeed(False, dice.used, len(given), extra=len(given) - dice.used)
    return DiceNeed(True, dice.used, len(given))


def needs_no_dice(ruleset: Ruleset, state: State, command: Command) -> bool:
    """True when ``command`` rolls nothing in ``state`` (a standing answer or a bot
    may give it in a game of entered dice: nobody has to roll for it)."""
    try:
        return dice_needed(ruleset, state, command, []).complete
    except CommandRefused:
        return False  # refused: it is not answered for the player
