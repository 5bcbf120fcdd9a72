"""The Courage Tests casualties call for (Morale): a group reduced to half or less of its
start number, or below its minimum; a group that passed such a test and takes casualties
again; every group of a band reduced to half or less of its start number. A failed test
sends the group fleeing, with the hero who led it (Mastery of Command).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Dice, Event, State
from engine.skirmish.morale.courage import courage_test
from engine.skirmish.morale.flight import flee_events
from engine.skirmish.morale.roster import units_of
from engine.skirmish.state import access
from engine.skirmish.state.evolve import evolve_all


def needs_casualty_test(state: State, unit_id: str) -> bool:
    """Whether a group that just took casualties must test: it is at half or less of
    its start number, below its minimum, or it passed a casualty test before."""
    record = state["units"][unit_id]
    if record["hero"] or record.get("fleeing"):
        return False
    left = len(access.living_models(state, unit_id))
    if left == 0:
        return False
    return bool(record.get("must_test")) or left * 2 <= record["start"] or left < record["min"]


def failed(state: State, test: Event, reason: str) -> list[Event]:
    """What a failed casualty or band test does: the group flees, and its leader with it."""
    events = flee_events(state, test["unit"], reason=reason)
    leader = test.get("leader")
    if leader is not None and not access.is_fleeing(state, leader):
        state = evolve_all(state, events)
        events += flee_events(state, leader, reason=reason, led=test["unit"])
    return events


def test_and_flee(state: State, unit_id: str, reason: str, dice: Dice) -> list[Event]:
    """A Courage Test whose failure makes the group flee (with its leader)."""
    test = courage_test(state, unit_id, reason, dice)
    events = [test]
    if not test["passed"]:
        events += failed(evolve_all(state, events), test, reason)
    return events


def after_casualties(state: State, dead: Sequence[str], dice: Dice) -> list[Event]:
    """The tests and flights that casualties cause. ``state`` already has the casualties
    ``dead`` (model ids) applied; the events come in order, ready to evolve.

    First each group that lost models (id order) tests if it must; then, for each side
    whose band fell to half or less of its start for the first time, ``band_halved`` and
    a test of every group of it not fleeing."""
    events: list[Event] = []
    hit = access.sort_units({access.unit_id_of(state, m) for m in dead})
    for unit_id in hit:
        if needs_casualty_test(state, unit_id):
            more = test_and_flee(state, unit_id, "casualties", dice)
            state = evolve_all(state, more)
            events += more
    sides = sorted({state["models"][m]["side"] for m in dead})
    for side in sides:
        if state.get("band_tested", {}).get(side):
            continue
        if access.band_left(state, side) * 2 > access.band_start(state, side):
            continue
        halved: Event = {"type": "band_halved", "side": side}
        state = evolve_all(state, [halved])
        events.append(halved)
        for unit_id in units_of(state, side, hero=False):
            if access.is_fleeing(state, unit_id) or (unit_id in hit and _tested(events, unit_id)):
                continue
            more = test_and_flee(state, unit_id, "band", dice)
            state = evolve_all(state, more)
            events += more
    return events


def _tested(events: Sequence[Event], unit_id: str) -> bool:
    return any(e["type"] == "courage_tested" and e["unit"] == unit_id for e in events)
