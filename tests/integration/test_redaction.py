"""Every output that shows a game's events or states shows exactly what the
caller's view may see: for random games (dice races, and a few Kensei battles
played by bots) and every viewer, the command answer, ``/steps``,
``/steps/<n>``, ``/head``, the record download and the game page equal what the
one redaction (``replays.redaction``) makes of the full data, and no sealed
answer or hidden value (a deck's order, dice not yet shown) appears in what
anyone else is shown. On SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.kensei import RandomBot as KenseiBot
from replays import registry
from replays.game import Game, project_game, step_version
from replays.redaction import shown_state, shown_step
from shiai.web.api import step_json
from tests.integration.test_pages import page, replay_data
from tests.support.web import signed_in_client, token_client

SPECTATOR = "spectator"
HYPOTHESIS = settings(
    deadline=None,
    derandomize=True,  # the same games on every run: a failure is reproducible
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def _stored(app: Flask, game_id: UUID) -> list[Any]:
    return [
        e
        for e in app.extensions["shiai"].records.events.get(game_id)
        if isinstance(e, Game.Stepped)
    ]


def _over(app: Flask, game_id: UUID) -> bool:
    return bool(app.extensions["shiai"].records.head(game_id)[1])


def _expected_steps(
    app: Flask, game_id: UUID, viewer: str | None, *, upcast: bool = True
) -> list[dict[str, Any]]:
    """The steps as the one redaction shows the full stored data to ``viewer`` (each
    described from the full state before it, folded from the game's initial state)."""
    records = app.extensions["shiai"].records
    ruleset = registry.get(records.current(game_id).ruleset)
    over = _over(app, game_id)
    started = next(iter(records.events.get(game_id, limit=1)))
    state = started.initial_state
    steps = []
    for stepped in _stored(app, game_id):
        event = ruleset.upcast_event(stepped.entry["event"], stepped.entry["schema"])
        steps.append(
            step_json(
                shown_step(
                    ruleset,
                    step=stepped.originator_version - 1,
                    command_index=stepped.command_index,
                    command=stepped.command,
                    sealed_for=stepped.sealed_for,
                    event=event if upcast else stepped.entry["event"],
                    viewer=viewer,
                    game_over=over,
                    before=state,
                )
            )
        )
        state = ruleset.evolve(state, event)
    return steps


def _secrets(app: Flask, game_id: UUID) -> list[Any]:
    """What nobody sees while the game runs: every ``secret`` of an event (a deck's
    order, dice drawn but not shown yet)."""
    return [
        stepped.entry["event"]["secret"]
        for stepped in _stored(app, game_id)
        if stepped.entry["event"].get("secret") is not None
    ]


def _sealed(app: Flask, game_id: UUID) -> dict[int, str]:
    """The steps that record a sealed answer, and the side whose answer it is."""
    return {
        stepped.originator_version - 1: stepped.sealed_for
        for stepped in _stored(app, game_id)
        if stepped.sealed_for is not None
    }


def _no_leak(app: Flask, game_id: UUID, viewer: str | None, entries: list[Any], seen: Any) -> None:
    """While the game runs, ``viewer`` is shown no ``secret`` anywhere, and of another
    side's sealed answer only that it was given (``entries``: steps as answered)."""
    if _over(app, game_id):
        return
    for secret in _secrets(app, game_id):
        assert not _contains(seen, secret), (viewer, secret)
    sealed = _sealed(app, game_id)
    for entry in entries:
        owner = sealed.get(entry["step"])
        if owner is None or owner == viewer:
            continue
        event = entry["event"]
        assert event.get("sealed") is None, (viewer, entry)
        if entry.get("command") is not None:
            assert entry["command"] == {"side": owner, "sealed": True}, (viewer, entry)


def _contains(value: Any, part: Any) -> bool:
    if value == part:
        return True
    if isinstance(value, dict):
        return any(_contains(item, part) for item in value.values())
    if isinstance(value, list):
        return any(_contains(item, part) for item in value)
    return False


def _check_every_output(app: Flask, client: FlaskClient, game_id: UUID, steps: list[int]) -> None:
    records = app.extensions["shiai"].records
    game = records.current(game_id)
    ruleset = registry.get(game.ruleset)
    over = _over(app, game_id)
    browser = signed_in_client(app, "redaction")
    for view in (SPECTATOR, *game.sides):
        viewer = None if view == SPECTATOR else view
        seen: list[Any] = []
        answer = client.get(f"/api/games/{game_id}/steps?view={view}").get_json()
        assert answer["steps"] == _expected_steps(app, game_id, viewer), view
        answer_steps = answer["steps"]
        seen.append(answer)
        for step in steps:
            full = records.repository.get(
                game_id, version=step_version(step), projector_func=project_game
            )
            expected = shown_state(ruleset, full.state, viewer, game_over=over)
            answer = client.get(f"/api/games/{game_id}/steps/{step}?view={view}").get_json()
            assert answer["state"] == expected, (view, step)
            seen.append(answer)
        head = client.get(f"/api/games/{game_id}/head").get_json()
        assert set(head) == {"game_id", "last_step", "status", "you_play"}
        # The pages know the session, not API tokens: the same account, signed in.
        shown = replay_data(page(browser, f"/games/{game_id}?view={view}"))
        expected_steps = _expected_steps(app, game_id, viewer)
        assert [s["event"] for s in shown["steps"]] == [s["event"] for s in expected_steps]
        last = records.repository.get(game_id, projector_func=project_game)
        assert shown["shown"]["state"] == shown_state(ruleset, last.state, viewer, game_over=over)
        seen.append(shown)
        _no_leak(app, game_id, viewer, answer_steps, seen)
        page_steps = [{"step": s["step"], "event": s["event"]} for s in shown["steps"]]
        _no_leak(app, game_id, viewer, page_steps, [])
    record = client.get(f"/api/games/{game_id}/record").get_json()
    exported = [event["event"] for item in record["commands"] for event in item["events"]]
    assert exported == [s["event"] for s in _expected_steps(app, game_id, None, upcast=False)]
    commands = [item["command"] for item in record["commands"]]
    assert commands == [
        s["command"] for s in _expected_steps(app, game_id, None, upcast=False) if s["command"]
    ]
    _no_leak(app, game_id, None, _record_entries(record), record)


def _record_entries(record: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {**event, "command": item["command"] if position == 0 else None}
        for item in record["commands"]
        for position, event in enumerate(item["events"])
    ]


def _play_through_the_api(
    app: Flask, client: FlaskClient, game_id: UUID, bots: dict[str, Any], commands: int
) -> None:
    """The bots of both sides answer through the API for at most ``commands``
    commands; each answer equals its side's view of the steps it recorded."""
    records = app.extensions["shiai"].records
    for _ in range(commands):
        game = records.current(game_id)
        ruleset = registry.get(game.ruleset)
        prompt = ruleset.prompt(game.state)
        if prompt is None:
            return
        side = prompt.sides[0]
        command = bots[side].choose(ruleset, game.state, side)
        response = client.post(
            f"/api/games/{game_id}/commands", json={"command": command, "expected_step": game.step}
        )
        assert response.status_code == 201, response.get_json()
        answered = response.get_json()["events"]
        recorded = {s["step"]: s for s in _expected_steps(app, game_id, side)}
        assert answered == [recorded[entry["step"]] for entry in answered]
        _no_leak(app, game_id, side, answered, answered)


@settings(HYPOTHESIS, max_examples=12)
@given(
    seed=st.text("abcdef0123456789", min_size=1, max_size=8),
    target=st.integers(5, 12),
    rounds=st.integers(1, 4),
    commands=st.integers(0, 12),
    sample=st.lists(st.integers(0, 10**6), max_size=3),
)
def test_every_output_of_a_random_dice_race_shows_what_its_viewer_may_see(  # noqa: PLR0917
    app: Flask, seed: str, target: int, rounds: int, commands: int, sample: list[int]
) -> None:
    client = token_client(app, "redaction")
    created = client.post(
        "/api/games",
        json={"ruleset": "dice-race", "setup": {"target": target, "max_rounds": rounds}},
    )
    assert created.status_code == 201
    game_id = UUID(created.get_json()["id"])
    ruleset = registry.get("dice-race")
    bots = {side: ruleset.bot(f"{seed}-{side}") for side in ("A", "B")}
    _play_through_the_api(app, client, game_id, bots, commands)
    last = app.extensions["shiai"].records.head(game_id)[0]
    _check_every_output(app, client, game_id, sorted({0, last, *(n % (last + 1) for n in sample)}))


@settings(HYPOTHESIS, max_examples=3)
@given(seed=st.sampled_from(["kyoto", "edo", "nara", "osaka"]), commands=st.integers(10, 45))
def test_every_output_of_a_random_kensei_battle_shows_what_its_viewer_may_see(
    app: Flask, seed: str, commands: int
) -> None:
    client = token_client(app, "redaction")
    setup = {"armies": {"A": "sohei-250", "B": "otokodate-250"}, "scenario": "pitched-battle"}
    created = client.post("/api/games", json={"ruleset": "kensei", "setup": setup})
    assert created.status_code == 201, created.get_json()
    game_id = UUID(created.get_json()["id"])
    bots = {side: KenseiBot(f"{seed}-{side}") for side in ("A", "B")}
    _play_through_the_api(app, client, game_id, bots, commands)
    last = app.extensions["shiai"].records.head(game_id)[0]
    _check_every_output(app, client, game_id, sorted({0, last // 2, last}))
