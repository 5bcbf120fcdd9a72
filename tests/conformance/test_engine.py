"""What every game system must do, checked on bot games of each installed ruleset
(OpenSpiel's ``games_sim_test``): the games end, replay to equal hashes, are plain
JSON, every prompt has a legal answer, sealed answers stay hidden, every event is
described in words, old events are upcast, records round-trip, and ``info`` tells
the truth. Each failure names the ruleset, the game and the step."""

from __future__ import annotations

import contextlib
import copy
import itertools
import json
import re
from collections.abc import Iterator
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest

from engine.core import (
    CommandRefused,
    Event,
    NotCanonical,
    Ruleset,
    SeededDice,
    canonical_json,
    state_hash,
)
from engine.core.ruleset import SEALED_FOR_KEY, SEALED_KEY, SECRET_KEY
from replays.record_file import validate_record
from replays.records import GameRecords
from replays.redaction import shown_step
from replays.store import MEMORY, event_store_env
from tests.conformance.systems import Decision, PlayedGame, played, rulesets

OLDEST = Path(__file__).parent / "oldest"
GOLDEN = Path(__file__).parent.parent / "golden"


def _games(ruleset_id: str) -> tuple[PlayedGame, ...]:
    return played(ruleset_id)


def _ruleset(ruleset_id: str) -> Ruleset:
    return rulesets()[ruleset_id]


def _viewers(ruleset: Ruleset, game: PlayedGame) -> list[str | None]:
    return [*ruleset.sides(game.initial_state), None]


# -- the games end, and every bot finishes one -----------------------------------------


def test_bot_games_end_with_an_outcome(ruleset_id: str) -> None:
    ruleset = _ruleset(ruleset_id)
    games = _games(ruleset_id)
    for game in games:
        outcome = ruleset.outcome(game.final_state)
        assert outcome is not None, f"{game.name}: no prompt left, but no outcome"
        assert ruleset.prompt(game.final_state) is None
        sides = ruleset.sides(game.final_state)
        assert outcome.winner is None or outcome.winner in sides, f"{game.name}: {outcome}"
        assert set(outcome.scores) <= set(sides), f"{game.name}: scores of unknown sides"
        canonical_json(outcome.to_dict())
        for decision in game.decisions[:-1]:
            assert ruleset.outcome(decision.state) is None, (
                f"{game.name}: an outcome before command {decision.index}"
            )
    seated = {bot for game in games for bot in game.bots.values()}
    missing = sorted(set(ruleset.bots()) - seated)
    assert not missing, f"{ruleset_id}: bot(s) {missing} finished no game: play more games"


# -- replays give the same state at every step ----------------------------------------


def test_replay_from_the_start_gives_equal_hashes_at_every_step(ruleset_id: str) -> None:
    ruleset = _ruleset(ruleset_id)
    for game in _games(ruleset_id):
        state = ruleset.start(copy.deepcopy(game.setup), SeededDice(game.seed, 0))
        assert state_hash(state) == game.hashes[0], f"{game.name}: start is not deterministic"
        # As stored: the events come back from JSON text.
        stored = json.loads(json.dumps(game.events))
        for step, event in enumerate(stored, start=1):
            before = state_hash(state)
            state = ruleset.evolve(state, event)
            assert state_hash(game.states[step - 1]) == game.hashes[step - 1], (
                f"{game.name}: the state before step {step} changed after it was played "
                f"(evolve or decide mutates a state in place)"
            )
            assert before == game.hashes[step - 1], f"{game.name}: evolve mutated step {step - 1}"
            assert state_hash(state) == game.hashes[step], (
                f"{game.name}: replay differs at step {step} ({event.get('type')!r})"
            )


def test_deciding_again_gives_the_same_events_and_mutates_nothing(ruleset_id: str) -> None:
    ruleset = _ruleset(ruleset_id)
    for game in _games(ruleset_id):
        for decision in game.decisions:
            again = ruleset.decide(
                decision.state, decision.command, SeededDice(game.seed, decision.index)
            )
            assert again == list(decision.events), (
                f"{game.name}: command {decision.index} decided twice differs"
            )
            assert state_hash(decision.state) == game.hashes[decision.step], (
                f"{game.name}: deciding command {decision.index} mutated its state"
            )


def test_the_event_store_replays_to_equal_hashes_at_every_step(ruleset_id: str) -> None:
    """Through ``GameRecords`` on the in-memory store: the same events come back from
    each command, and the state read at each step (after the game, when all is
    shown) has the hash it had in play."""
    ruleset = _ruleset(ruleset_id)
    for game in _games(ruleset_id)[:2]:
        records, game_id = _stored(ruleset, game)
        for step, expected in enumerate(game.hashes):
            shown = records.state_at(game_id, step)
            assert shown.hash == expected, f"{game.name}: the store's state differs at step {step}"
        records.close()


def _stored(ruleset: Ruleset, game: PlayedGame) -> tuple[GameRecords, Any]:
    records = GameRecords(event_store_env(MEMORY), rulesets=[ruleset])
    game_id = records.start_game(ruleset.id, copy.deepcopy(game.setup), seed=game.seed)
    for decision in game.decisions:
        recorded = records.submit_command(game_id, copy.deepcopy(decision.command))
        assert [entry.event for entry in recorded] == list(decision.events), (
            f"{game.name}: the store decided command {decision.index} differently"
        )
    return records, game_id


# -- plain JSON -----------------------------------------------------------------------


def _canonical(value: Any, where: str) -> None:
    try:
        text = canonical_json(value)
    except NotCanonical as error:
        pytest.fail(f"{where}: not canonical JSON: {error}")
    assert json.loads(text) == value, f"{where}: changes through JSON (a tuple? an int key?)"


def test_states_commands_events_and_views_are_canonical_json(ruleset_id: str) -> None:
    ruleset = _ruleset(ruleset_id)
    for game in _games(ruleset_id):
        _canonical(game.setup, f"{game.name}: set-up")
        _canonical(game.initial_state, f"{game.name}: initial state")
        for decision in game.decisions:
            where = f"{game.name}, command {decision.index}"
            _canonical(decision.command, f"{where}: command")
            _canonical(decision.prompt.to_dict(), f"{where}: prompt")
            for viewer in _viewers(ruleset, game):
                _canonical(ruleset.view(decision.state, viewer), f"{where}: view of {viewer}")
        for step, (state, event) in enumerate(zip(game.states[1:], game.events, strict=True), 1):
            where = f"{game.name}, step {step} ({event.get('type')!r})"
            _canonical(event, f"{where}: event")
            _canonical(state, f"{where}: state")
            for viewer in _viewers(ruleset, game):
                _canonical(
                    ruleset.view_event(event, viewer, game_over=False), f"{where}: to {viewer}"
                )


# -- every prompt has a legal answer --------------------------------------------------


def test_every_prompted_side_has_a_legal_command_the_rules_accept(ruleset_id: str) -> None:
    """At every decision point, each prompted side's ``legal`` commands are accepted by
    ``decide`` (a refused one is reported), and a side not prompted has none."""
    ruleset = _ruleset(ruleset_id)
    refused: list[str] = []
    for game in _games(ruleset_id):
        for decision in game.decisions:
            where = f"{game.name}, command {decision.index} (prompt {decision.prompt.kind!r})"
            assert decision.prompt.sides, f"{where}: a prompt for no side"
            for side in ruleset.sides(decision.state):
                legal = list(ruleset.legal(decision.state, side))
                if side not in decision.prompt.sides:
                    assert not legal, f"{where}: legal commands for {side}, who is not prompted"
                    continue
                accepted = 0
                for command in legal:
                    try:
                        ruleset.decide(
                            decision.state, command, SeededDice(game.seed, decision.index)
                        )
                    except CommandRefused as error:
                        refused.append(f"{where}: {side} {command!r}: {error}")
                    else:
                        accepted += 1
                assert accepted, f"{where}: no legal command of side {side} is accepted"
    assert not refused, "legal commands that decide refuses:\n" + "\n".join(refused[:20])


# -- sealed answers stay hidden -------------------------------------------------------


def _pending_sealed(decision: Decision) -> bool:
    """A sealed answer that waits for another side's: its events are all its own."""
    side = decision.command.get("side")
    return decision.prompt.sealed and all(
        event.get(SEALED_FOR_KEY) == side and SEALED_KEY in event for event in decision.events
    )


def _sealed_decisions(ruleset_id: str) -> Iterator[tuple[PlayedGame, Decision]]:
    for game in _games(ruleset_id):
        for decision in game.decisions:
            if _pending_sealed(decision):
                yield game, decision


def test_secret_parts_of_events_are_shown_to_no_one_until_the_game_is_over(
    ruleset_id: str,
) -> None:
    ruleset = _ruleset(ruleset_id)
    for game in _games(ruleset_id):
        for step, event in enumerate(game.events, start=1):
            if SECRET_KEY not in event:
                continue
            for viewer in _viewers(ruleset, game):
                shown = ruleset.view_event(event, viewer, game_over=False)
                assert shown.get(SECRET_KEY) is None, (
                    f"{game.name}, step {step}: {viewer or 'a spectator'} sees the secret "
                    f"part of {event['type']!r}"
                )
                over = ruleset.view_event(event, viewer, game_over=True)
                assert over[SECRET_KEY] == event[SECRET_KEY], f"{game.name}, step {step}"


def test_sealed_events_show_their_content_only_to_their_side(ruleset_id: str) -> None:
    ruleset = _ruleset(ruleset_id)
    for game in _games(ruleset_id):
        for step, event in enumerate(game.events, start=1):
            if SEALED_KEY not in event:
                continue
            owner = event.get(SEALED_FOR_KEY)
            assert owner in ruleset.sides(game.initial_state), (
                f"{game.name}, step {step}: a sealed {event['type']!r} for no side ({owner!r})"
            )
            for viewer in _viewers(ruleset, game):
                shown = ruleset.view_event(event, viewer, game_over=False)
                if viewer == owner:
                    assert shown[SEALED_KEY] == event[SEALED_KEY], f"{game.name}, step {step}"
                else:
                    assert shown.get(SEALED_KEY) is None, (
                        f"{game.name}, step {step}: {viewer or 'a spectator'} sees the sealed "
                        f"part of {event['type']!r}"
                    )
                    # The step lists describe what they show; the platform falls back
                    # on the kind when that raises KeyError or TypeError, nothing else.
                    with contextlib.suppress(KeyError, TypeError):
                        assert isinstance(ruleset.describe(shown), str)
            assert ruleset.view_event(event, None, game_over=True) == event


def test_a_sealed_answer_changes_nothing_the_others_see(ruleset_id: str) -> None:
    """Non-interference: while a sealed answer waits for the others', the other sides'
    and a spectator's views of the state and of its steps (event, command, summary)
    are the same whatever the answer was (every legal answer is tried)."""
    ruleset = _ruleset(ruleset_id)
    checked = 0
    for game, decision in _sealed_decisions(ruleset_id):
        side = decision.command["side"]
        others = [v for v in _viewers(ruleset, game) if v != side]
        where = f"{game.name}, command {decision.index} (sealed {decision.prompt.kind!r})"
        seen: dict[str | None, set[str]] = {viewer: set() for viewer in others}
        for command in ruleset.legal(decision.state, side):
            events = ruleset.decide(decision.state, command, SeededDice(game.seed, decision.index))
            state = decision.state
            befores = []
            for event in events:
                befores.append(state)
                state = ruleset.evolve(state, event)
            for viewer in others:
                # The steps as the platform shows them: event, command and summary.
                steps = [
                    shown_step(
                        ruleset,
                        step=decision.step + offset,
                        command_index=decision.index,
                        command=command if offset == 1 else None,
                        sealed_for=side,
                        event=event,
                        viewer=viewer,
                        game_over=False,
                        before=before,
                    )
                    for offset, (event, before) in enumerate(zip(events, befores, strict=True), 1)
                ]
                shown = {"state": ruleset.view(state, viewer), "steps": [asdict(s) for s in steps]}
                seen[viewer].add(canonical_json(shown))
        for viewer, views in seen.items():
            assert len(views) == 1, (
                f"{where}: {viewer or 'a spectator'} can tell {side}'s sealed answers apart "
                f"({len(views)} different views)"
            )
        checked += 1
    sealed_prompts = any(d.prompt.sealed for g in _games(ruleset_id) for d in g.decisions)
    assert checked or not sealed_prompts, f"{ruleset_id}: sealed prompts, but no answer waited"


# -- events are described in words ----------------------------------------------------


def _is_sentence(text: str, kind: str) -> bool:
    text = text.strip()
    return (
        bool(text)
        and text != kind
        and " " in text
        and re.search(r"[A-Za-z]", text) is not None
        and ("_" not in kind or kind not in text)
    )


def _recorded_events(ruleset: Ruleset) -> Iterator[tuple[str, Event]]:
    """The events of the records kept for ``ruleset`` (the golden records, the oldest
    schema's record), upcast: more kinds than a few bot games show."""
    for path in sorted([*GOLDEN.glob("*.json"), *OLDEST.glob("*.json")]):
        if path.name.endswith(".hashes.json"):
            continue
        record = json.loads(path.read_text(encoding="utf-8"))
        if record.get("ruleset") != ruleset.id:
            continue
        for item in record["commands"]:
            for entry in item["events"]:
                event = ruleset.upcast_event(entry["event"], entry["schema"])
                yield f"{path.name}, step {entry['step']}", event


def test_describe_gives_a_sentence_for_every_event_kind(ruleset_id: str) -> None:
    """Every kind of event the games and the kept records show is described by a
    sentence, not by its raw kind."""
    ruleset = _ruleset(ruleset_id)
    undescribed: dict[str, str] = {}
    played_events = (
        (f"{game.name}, step {step}", event)
        for game in _games(ruleset_id)
        for step, event in enumerate(game.events, start=1)
    )
    for where, event in itertools.chain(played_events, _recorded_events(ruleset)):
        kind = str(event["type"])
        text = ruleset.describe(event)
        assert isinstance(text, str), f"{where}: describe gave {text!r}"
        if not _is_sentence(text, kind):
            undescribed.setdefault(kind, f"{where}: {text!r}")
    assert not undescribed, "event kinds without a sentence:\n" + "\n".join(
        f"{kind} ({where})" for kind, where in sorted(undescribed.items())
    )


def test_every_event_kind_a_system_lists_has_a_sentence_of_its_own(ruleset_id: str) -> None:
    """Each kind ``event_kinds`` lists (the kinds the system's evolve handles) has a
    sentence of its own: a bare event of that kind is either described in words or
    refused for its missing fields (a sentence reads them), never given its raw kind."""
    ruleset = _ruleset(ruleset_id)
    raw: list[str] = []
    for kind in sorted(ruleset.event_kinds()):
        try:
            text = ruleset.describe({"type": kind})
        except (KeyError, TypeError, IndexError, AttributeError):
            continue  # a sentence of its own, reading the event's fields
        bare = text.strip().rstrip(".").lower() == kind.replace("_", " ")
        if not _is_sentence(text, kind) or bare or text.lstrip().startswith("{"):
            raw.append(f"{kind}: {text!r}")
    assert not raw, "event kinds without a sentence:\n" + "\n".join(raw)


def test_sentences_name_units_from_the_state_before_and_tags_are_known(ruleset_id: str) -> None:
    """Given the state before each event, ``describe`` still gives a sentence (never the
    raw kind), and ``log_tags`` only files events as bookkeeping or combat."""
    ruleset = _ruleset(ruleset_id)
    for game in _games(ruleset_id)[:1]:
        for step, (before, event) in enumerate(zip(game.states, game.events, strict=False)):
            kind = str(event["type"])
            text = ruleset.describe(event, before)
            assert _is_sentence(text, kind), f"{game.name}, step {step + 1}: {text!r}"
            assert set(ruleset.log_tags(event)) <= {"bookkeeping", "combat"}, kind


# -- the oldest event schema is upcast ------------------------------------------------


def _oldest_record(ruleset: Ruleset) -> dict[str, Any] | None:
    path = OLDEST / f"{ruleset.id}.json"
    if not path.exists():
        return None
    record: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return record


def test_events_of_the_oldest_schema_upcast_to_equal_hashes(ruleset_id: str) -> None:
    """Schema 1 events, upcast, fold to the states the current engine reaches. A system
    at schema 1 has its own games' events; one past it keeps a record written at
    schema 1 in ``tests/conformance/oldest/<id>.json``."""
    ruleset = _ruleset(ruleset_id)
    if ruleset.event_schema == 1:
        for game in _games(ruleset_id):
            state = game.initial_state
            for step, event in enumerate(game.events, start=1):
                state = ruleset.evolve(state, ruleset.upcast_event(copy.deepcopy(event), 1))
                assert state_hash(state) == game.hashes[step], f"{game.name}, step {step}"
        return
    record = _oldest_record(ruleset)
    assert record is not None, (
        f"{ruleset_id} is at event schema {ruleset.event_schema}: keep a game record written "
        f"at schema 1 in {OLDEST / (ruleset_id + '.json')}"
    )
    entries = [entry for item in record["commands"] for entry in item["events"]]
    assert min(entry["schema"] for entry in entries) == 1, "the oldest record is not at schema 1"
    dice = record["dice"]
    state = ruleset.start(record["setup"], SeededDice(dice["seed"], 0))
    upcast = 0
    for item in record["commands"]:
        lifted = [ruleset.upcast_event(e["event"], e["schema"]) for e in item["events"]]
        upcast += sum(lifted[i] != e["event"] for i, e in enumerate(item["events"]))
        decided = ruleset.decide(state, item["command"], SeededDice(dice["seed"], item["index"]))
        assert decided == lifted, f"{ruleset_id}: command {item['index']} upcast differs"
        for event in lifted:
            state = ruleset.evolve(state, event)
    assert upcast, f"{ruleset_id}: the oldest record has nothing to upcast"
    assert state_hash(state) == record["final_state_hash"]
    records = GameRecords(event_store_env(MEMORY), rulesets=[ruleset])
    game_id = records.import_record(copy.deepcopy(record))
    assert records.state_at(game_id, records.head(game_id)[0]).hash == record["final_state_hash"]
    records.close()


# -- the game record round trip -------------------------------------------------------


def test_the_game_record_exports_and_imports_to_the_same_game(ruleset_id: str) -> None:
    ruleset = _ruleset(ruleset_id)
    game = _games(ruleset_id)[0]
    records, game_id = _stored(ruleset, game)
    record = records.export_record(game_id)
    validate_record(record)
    assert record["final_state_hash"] == game.hashes[-1], game.name
    events = [entry["event"] for item in record["commands"] for entry in item["events"]]
    assert events == game.events, f"{game.name}: the record's events are not the game's"
    assert [item["command"] for item in record["commands"]] == [d.command for d in game.decisions]
    text = json.dumps(record)  # a file, read back elsewhere
    elsewhere = GameRecords(event_store_env(MEMORY), rulesets=[ruleset])
    imported = elsewhere.import_record(json.loads(text))
    again = elsewhere.export_record(imported)
    assert again == record, f"{game.name}: the imported game exports another record"
    last = elsewhere.head(imported)[0]
    assert last == len(game.events)
    for step in sorted({0, last // 3, last // 2, last}):
        assert elsewhere.state_at(imported, step).hash == game.hashes[step], f"step {step}"
    records.close()
    elsewhere.close()


# -- Ruleset.info tells the truth -----------------------------------------------------


def _ending(ruleset: Ruleset, game: PlayedGame) -> set[str]:
    """The ending(s) a finished game records: the analysis facts' when the system
    gives them, else the outcome's termination."""
    outcome = ruleset.outcome(game.final_state)
    assert outcome is not None
    facts = ruleset.analyse(game.initial_state, game.events, outcome)
    if facts is None:
        return {outcome.termination.value}
    return {side.ending for side in facts.sides}


def test_info_agrees_with_the_games(ruleset_id: str) -> None:
    ruleset = _ruleset(ruleset_id)
    info = ruleset.info
    assert info.id == ruleset.id == ruleset_id
    assert info.name.strip(), f"{ruleset_id}: info has no name"
    low, high = info.players
    assert 1 <= low <= high, f"{ruleset_id}: players {info.players}"
    assert all(faces >= 2 for faces in info.dice), f"{ruleset_id}: dice faces {info.dice}"
    assert info.endings, f"{ruleset_id}: info names no ending"
    names = [ending.name for ending in info.endings]
    assert len(set(names)) == len(names), f"{ruleset_id}: endings named twice: {names}"
    assert all(e.label.strip() for e in info.endings)
    factions = [f.id for f in info.factions]
    assert len(set(factions)) == len(factions), f"{ruleset_id}: factions listed twice"
    assert ruleset.bots(), f"{ruleset_id}: no bot"
    assert all(choice.description.strip() for choice in ruleset.bots().values())
    canonical_json(info.to_dict())
    for game in _games(ruleset_id):
        sides = ruleset.sides(game.initial_state)
        # A game seats some of the sides ``info`` lists (all of them for a two-player
        # system; a duel of a system for up to six seats two), in the same order.
        seated = [side for side in info.sides if side in sides]
        assert seated == list(sides), (
            f"{game.name}: sides {list(sides)}, info.sides {list(info.sides)}"
        )
        assert low <= len(sides) <= high, f"{game.name}: {len(sides)} sides"
        ending = _ending(ruleset, game)
        assert ending <= set(names), f"{game.name}: ended by {ending}, not one of {names}"
