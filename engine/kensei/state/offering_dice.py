"""Rolls that wait for the players: the dice side of the Offering to the Gods.

"At any moment of the game in which we have command cards in our hand, you can use
one of them to modify a roll that has just been made" (Command Deck > Offering to
the Gods). A roll is made in the middle of a decision (an Attack's Combat Roll, the
turn's Initiative Roll...), and the players must be asked between the roll and what
follows from it. The engine does it without cutting every decision in pieces:

- :class:`OfferingDice` wraps the command's dice. Every die drawn goes through it
  and is noted (``calls``). A roll the players may act on is reported with
  :func:`offered` once its faces are final (after the troop abilities' own
  re-rolls). If a side holds command cards, the decision stops there:
  :class:`RollPaused` carries the roll and every face drawn so far, and the ruleset
  records an ``offering_window`` instead of the decision's events.
- Once both players have answered (:mod:`engine.kensei.command.offerings`), the decision is
  made again from where it started, with dice that give back the faces already
  drawn (``prefix``) and the offered rolls as the players left them (re-rolled
  dice, boosts), then go on with fresh dice: the decision reaches the same roll,
  takes the players' result and carries on, to the next offered roll or the end.

A decision is started again from a point where the state is whole: the start of a
command's answer, or the start of one step of :func:`engine.kensei.turn.sequence.advance`
(:meth:`OfferingDice.checkpoint`). The faces drawn since that point are the
window's (they are stored, under ``secret``: a reshuffle's dice among them must
not show). Every face comes from the dice of the command that drew it and is
recorded in an event, so replays never roll.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import Dice, State
from engine.kensei.state.queries import SIDES, other
from engine.kensei.state.remember import Watched


@dataclass(frozen=True)
class Offered:
    """A roll's dice after the offerings: the natural faces (re-rolled dice
    replaced) and what each die was boosted by (a card's value added)."""

    faces: tuple[int, ...]
    boosts: tuple[int, ...]

    @property
    def values(self) -> list[int]:
        """Each die's value: its face plus its boost."""
        return [face + boost for face, boost in zip(self.faces, self.boosts, strict=True)]

    def record(self) -> dict[str, Any]:
        """What an event adds to the roll it records: the boosts, when there are any."""
        return {"boosts": list(self.boosts)} if any(self.boosts) else {}


class RollPaused(Exception):
    """A roll the players may make an offering on: the decision stops here."""

    def __init__(self, window: dict[str, Any]) -> None:
        super().__init__(window["roll"]["what"])
        self.window = window


class OfferingDice(Dice):
    """The dice of a decision that stops at offered rolls (see the module's text).

    ``calls`` and ``done`` are the faces drawn and the offered rolls' results since
    the last checkpoint; ``prefix_calls`` and ``prefix_done`` the ones to give back
    first (a decision made again after a window). ``state_now`` gives the state as
    the decision has it at the moment of a roll (who holds cards).
    """

    def __init__(
        self,
        dice: Dice,
        state_now: Callable[[], State],
        *,
        prefix_calls: Sequence[Sequence[int]] = (),
        prefix_done: Sequence[dict[str, Any]] = (),
    ) -> None:
        self.dice = dice
        self.state_now = state_now
        self._prefix_calls = [list(faces) for faces in prefix_calls]
        self._prefix_done = [dict(entry) for entry in prefix_done]
        self.calls: list[list[int]] = []
        self.done: list[dict[str, Any]] = []

    def roll(self, count: int, sides: int = 6) -> list[int]:
        n = len(self.calls)
        if n < len(self._prefix_calls):
            faces = self._prefix_calls[n]
            if len(faces) != count:  # pragma: no cover - the decision is deterministic
                raise AssertionError(f"a decision made again rolled {count} dice, not {faces}")
        else:
            faces = self.dice.roll(count, sides)
        self.calls.append(list(faces))
        return list(faces)

    def finish(self) -> None:
        self.dice.finish()

    def checkpoint(self) -> None:
        """The decision's state is whole again: what follows starts from here. (Nothing
        drawn since the last checkpoint: still the same point, the prefix kept.)"""
        if not self.calls and not self.done:
            return
        if len(self.calls) < len(self._prefix_calls) or len(self.done) < len(self._prefix_done):
            # pragma: no cover - a decision is made again the same way up to its window
            raise AssertionError("a decision made again stopped before its window")
        self.calls, self.done = [], []
        self._prefix_calls, self._prefix_done = [], []

    def offer(
        self,
        faces: Sequence[int],
        owners: Sequence[str],
        what: str,
        judge: dict[str, Any],
        first: str | None,
    ) -> Offered:
        k = len(self.done)
        if k < len(self._prefix_done):
            entry = self._prefix_done[k]
        else:
            state = self.state_now()
            asked = asking(state, first)
            entry = {"faces": list(faces), "boosts": [0] * len(faces)}
            if asked:
                roll = {"what": what, "owners": list(owners), "judge": judge, **entry}
                raise RollPaused(
                    {
                        "roll": roll,
                        "asked": asked,
                        "secret": {"calls": [list(c) for c in self.calls], "done": list(self.done)},
                    }
                )
        self.done.append(entry)
        return Offered(tuple(entry["faces"]), tuple(entry["boosts"]))


def asking(state: State, first: str | None) -> list[str]:
    """The sides asked about an offering, in order: "the first player to declare the
    use of a card must be the player who lost the initiative", then the other; only
    sides holding command cards. ``first`` overrides the order (a roll deciding the
    initiative itself)."""
    cards = state.get("cards")
    if cards is None:
        return []  # a battle recorded before the command deck
    if first is None:
        holder = state.get("initiative")
        first = other(holder) if holder in SIDES else SIDES[1]
    return [side for side in (first, other(first)) if cards[side]["hand"]]


def offered(
    dice: Dice,
    faces: Sequence[int],
    owners: str | Sequence[str],
    what: str,
    judge: dict[str, Any],
    *,
    first: str | None = None,
) -> Offered:
    """A roll has just been made: its final ``faces``, whose each die belongs to
    ``owners`` (one side for all, or a side per die), described by ``what`` and judged
    by ``judge`` (how a die counts, for the players and the bots: see
    :mod:`engine.kensei.command.offerings`). The players may make offerings on it when the
    decision's dice are :class:`OfferingDice`; other dice (a bot trying a command,
    the odds) take the roll as it is."""
    sides = [owners] * len(faces) if isinstance(owners, str) else list(owners)
    source = dice
    while isinstance(source, Watched):
        source = source.dice
    if isinstance(source, OfferingDice) and faces:
        return source.offer(faces, sides, what, judge, first)
    return Offered(tuple(faces), (0,) * len(faces))
