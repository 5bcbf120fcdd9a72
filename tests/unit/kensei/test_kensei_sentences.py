"""The log in words: Kensei's key events described from the state before them name
their units ("Buke samurai (A.u1)") and say their result; the charge is one line
(who charges whom, the distance needed, the roll, contact or not); the log files
offerings as bookkeeping and charges and shoots as combats."""

from __future__ import annotations

import functools
import re

from engine.core import Event, SeededDice, State
from engine.kensei.bots.players import GreedyBot
from tests.unit.kensei.support import KENSEI, SETUP, play

KEY_KINDS = ("charge_declared", "charge_reacted", "charge_rolled", "charge_moved", "shot")
NAMED = r"[A-Za-z][\w' -]* \([AB]\.u\d+\)"


@functools.cache
def _described() -> dict[str, list[tuple[Event, State]]]:
    """Each key kind's events of a greedy bots' game, with the state before each."""
    seed = "sentences"
    state = KENSEI.start(dict(SETUP), SeededDice(seed, 0))
    bots = {"A": GreedyBot(seed), "B": GreedyBot(seed + "B")}
    found: dict[str, list[tuple[Event, State]]] = {kind: [] for kind in KEY_KINDS}
    for n in range(1, 3000):
        prompt = KENSEI.prompt(state)
        if prompt is None or all(found.values()):
            break
        command = bots[prompt.sides[0]].choose(KENSEI, state, prompt.sides[0])
        assert command is not None
        before = state
        state, events = play(state, command, seed=seed, index=n)
        for event in events:
            if event["type"] in found:
                found[event["type"]].append((event, before))
            before = KENSEI.evolve(before, event)
    missing = [kind for kind, seen in found.items() if not seen]
    assert not missing, f"the game shows no {missing}"
    return found


def test_a_charge_roll_says_who_charges_whom_the_distance_needed_the_roll_and_contact() -> None:
    for event, before in _described()["charge_rolled"]:
        text = KENSEI.describe(event, before)
        assert re.fullmatch(
            rf"{NAMED} charges {NAMED}(, {NAMED})*: (\d+(\.\d)? cm needed, )?"
            r"rolled \d( \+ MOV \d+ = |: reaches )\d+(\.\d+)? cm, (contact|falls short)",
            text,
        ), text
        assert ("contact" in text) == event["reached"], text
        assert event["unit"] in text


def test_the_key_charge_and_shoot_events_name_their_units() -> None:
    for kind in KEY_KINDS:
        for event, before in _described()[kind]:
            text = KENSEI.describe(event, before)
            name = before["units"][event["unit"]]["name"]
            assert f"{name} ({event['unit']})" in text, text
            assert kind not in text, text
            assert "{" not in text, text


def test_a_shot_says_its_dice_hits_and_wounds() -> None:
    for event, before in _described()["shot"]:
        text = KENSEI.describe(event, before)
        assert " shoots at " in text
        if not event["lost"]:
            wounds = event["roll"]["wound_roll"]["wounds"]
            assert f"{wounds} wound(s)" in text, text
            assert "hit(s)" in text, text


def test_without_the_state_before_the_sentence_names_units_by_id() -> None:
    event, _ = _described()["charge_rolled"][0]
    text = KENSEI.describe(event)
    assert text.startswith(f"{event['unit']} charge roll: rolled {event['die']}"), text


def test_the_log_files_offerings_as_bookkeeping_and_charges_as_combats() -> None:
    assert KENSEI.log_tags({"type": "offering_passed", "side": "A"}) == ("bookkeeping",)
    assert KENSEI.log_tags({"type": "offering_window"}) == ("bookkeeping",)
    for kind in KEY_KINDS:
        assert KENSEI.log_tags({"type": kind}) == ("combat",)
    assert KENSEI.log_tags({"type": "turn_started", "turn": 1}) == ()
    assert set(KENSEI.event_kinds()) >= set(KEY_KINDS)
