"""A person's command and the automatic answers it triggers (the bot's commands, the
player's standing answers) are one save: a reader polling the game between two saves
never sees a prompt that a bot or a standing answer is about to answer (the play page
would flash it), and if any answer fails nothing at all is stored. On SQLite and
PostgreSQL.

Every save is observed by a listener of the records (``GameRecords.on_recorded``,
called once per committed save, as the read models are): it reads the game as any
reader would at that moment."""

from __future__ import annotations

from datetime import UTC, datetime
from uuid import UUID

import pytest
from flask import Flask
from flask.testing import FlaskClient

from engine.core import Bot, Command, Ruleset, State
from replays import registry
from shiai import play as play_module
from shiai.play import write_seats
from tests.integration.test_play import answer, head, new_game, proposal
from tests.support.web import new_account, signed_in_client

STANDING = {"type": "standing", "side": "A", "answers": {"offerings": "pass"}}
PASS_A = {"type": "offering", "side": "A", "action": "pass"}


@pytest.fixture
def host(app: Flask) -> FlaskClient:
    new_account(app, "hideyoshi")
    return signed_in_client(app, "hideyoshi")


class Observed:
    """What a reader sees of one game after each save: the step, and whether the
    prompt then waits for an automatic answer (the bot's side B, or a prompt of A's
    that A's standing answers cover)."""

    def __init__(self, app: Flask, game_id: UUID) -> None:
        self.records = app.extensions["shiai"].records
        self.game_id = game_id
        self.saves: list[tuple[int, bool]] = []
        self.records.on_recorded(self)

    def __call__(self) -> None:
        game = self.records.current(self.game_id)
        ruleset = registry.get(game.ruleset)
        prompt = ruleset.prompt(game.state)
        automatic = prompt is not None and (
            "B" in prompt.sides or ruleset.standing_answer(game.state, "A") is not None
        )
        self.saves.append((game.step, automatic))


def commands(app: Flask, game_id: UUID) -> list[Command]:
    record = app.extensions["shiai"].records.export_record(game_id)
    return [entry["command"] for entry in record["commands"]]


def test_a_command_and_the_answers_it_triggers_are_one_save(app: Flask, host: FlaskClient) -> None:
    game_id = new_game(host, opponent="bot", side="A")
    observed = Observed(app, game_id)
    step = head(host, game_id)["last_step"]
    assert answer(host, game_id, {"command": STANDING, "expected_step": step}).status_code == 201
    answered_by_others = 0
    for _ in range(200):  # play A's proposals until the bot and a standing pass answered
        if answered_by_others and PASS_A in commands(app, game_id):
            break
        before = len(commands(app, game_id))
        saves = len(observed.saves)
        step = head(host, game_id)["last_step"]
        body = {"command": proposal(host, game_id, "A"), "expected_step": step}
        assert answer(host, game_id, body).status_code == 201
        # One save, however many commands followed A's: the bot's, A's standing passes.
        assert len(observed.saves) == saves + 1
        if len(commands(app, game_id)) > before + 1:
            answered_by_others += 1
    else:
        raise AssertionError("no command of A was answered by the bot and a standing pass")
    assert observed.saves, "the listener saw every save"
    assert not any(automatic for _, automatic in observed.saves), observed.saves
    # Each save moved the game on by the whole command and its answers at once.
    steps = [step for step, _ in observed.saves]
    assert steps == sorted(set(steps))


class Stuck(Bot):
    """A bot with no answer (a ruleset's fault): ``Play`` has nothing to record for its side."""

    def choose(self, ruleset: Ruleset, state: State, side: str) -> Command | None:
        return None


def test_a_stuck_bot_is_a_409_naming_it_and_stores_nothing_not_even_the_command(
    app: Flask, host: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = new_game(host, opponent="bot", side="A")
    # A plays on through the page's route; the first command of A's that the bot is
    # to answer is refused, in words, with nothing recorded.
    for _ in range(200):
        step = head(host, game_id)["last_step"]
        command = proposal(host, game_id, "A")
        monkeypatch.setattr(play_module, "make_bot", lambda *_: Stuck())
        before = commands(app, game_id)
        response = answer(host, game_id, {"command": command, "expected_step": step})
        if response.status_code != 200:
            break
        monkeypatch.undo()  # the bot was not asked: A plays on
    else:
        raise AssertionError("the bot was never asked to answer")
    assert response.status_code == 409, response.get_json()
    body = response.get_json()
    assert body["error"] == "bot_stuck"
    assert "the bot playing side B found no legal command at step" in body["message"]
    assert body["message"].endswith("nothing was recorded")
    assert commands(app, game_id) == before
    assert head(host, game_id)["last_step"] == step


def test_answers_on_their_own_are_one_save(app: Flask) -> None:
    """``Play.let_bots_answer`` (a game's start, an analysis board) records everything
    the bots answer in one save: here a whole dice race of two bots, which ends in
    that save with its record's fingerprint."""
    services = app.extensions["shiai"]
    host_id = UUID(new_account(app, "nobunaga"))
    game_id = services.records.start_game("dice-race", {"target": 30}, seed="one-save")
    kind = next(iter(registry.get("dice-race").bots()))
    seats = [
        {
            "game_id": game_id,
            "side": side,
            "account_id": None,
            "bot": kind,
            "invitation": None,
            "host_id": host_id,
            "created_at": datetime.now(UTC),
        }
        for side in ("A", "B")
    ]
    with services.db_engine.begin() as conn:
        write_seats(conn, seats)
    saves: list[int] = []
    services.records.on_recorded(lambda: saves.append(1))
    played = services.play.let_bots_answer(game_id)
    assert played > 1
    assert len(commands(app, game_id)) == played
    assert saves == [1]
    assert services.records.head(game_id)[1], "the race ended"
    assert services.records.audit(game_id).identical
