"""Fortitude tests and Put to Flight (Interpretation > Fortitude: the orders rulebook
names Fortitude tests and Put to Flight but not their table).

The sample table (``tables.json``, ``fortitude``): one die, passed when the face is at
most the unit's current Fortitude plus the modifier of the cause (being fired on,
losing a melee). A failure costs Fortitude; a unit at the flight threshold, or one that
fails after losing a melee, is Put to Flight.
"""

from __future__ import annotations

from typing import Literal

from engine.core import Dice, Event
from engine.samurai_battles.army.catalogue import Tables

Cause = Literal["fired_on", "lost_melee"]


def fortitude_test(
    unit: str, fortitude: int, cause: Cause, dice: Dice, tables: Tables
) -> list[Event]:
    """The events of one Fortitude test of ``unit`` (current ``fortitude``) for
    ``cause``: the test, and ``put_to_flight`` when it breaks the unit.

    >>> from engine.core import EnteredDice
    >>> from engine.samurai_battles.army.catalogue import load_catalogue
    >>> tables = load_catalogue().tables
    >>> [e["type"] for e in fortitude_test("e1", 3, "fired_on", EnteredDice([5]), tables)]
    ['fortitude_tested']
    >>> [e["type"] for e in fortitude_test("e1", 3, "lost_melee", EnteredDice([5]), tables)]
    ['fortitude_tested', 'put_to_flight']
    """
    face = dice.roll_one(tables.fortitude_die)
    modifier = tables.fired_on_modifier if cause == "fired_on" else tables.lost_melee_modifier
    needed = fortitude + modifier
    passed = face <= needed
    after = fortitude if passed else max(0, fortitude - tables.failure_loss)
    events: list[Event] = [
        {
            "type": "fortitude_tested",
            "unit": unit,
            "cause": cause,
            "die": face,
            "needed": needed,
            "passed": passed,
            "fortitude": after,
        }
    ]
    broken = not passed and (
        after <= tables.flight_at or (cause == "lost_melee" and tables.flight_on_failed_melee_test)
    )
    if broken:
        events.append({"type": "put_to_flight", "unit": unit})
    return events
