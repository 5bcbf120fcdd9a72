"""The JSON API. Each route parses, calls one application method, answers.

Reads are public (a side's view of a running game only for that side's
player); every write needs an account (``api_caller``: an API token, or the
signed-in session with its CSRF header) and the command routes apply the
seat rules of the play page (``Play.submit``). Events and states are handed
out only as ``replays.redaction`` shows them to the caller's view.
"""

from __future__ import annotations

import json
import re
from itertools import pairwise
from typing import Any, NoReturn
from uuid import UUID

from flask import Blueprint, current_app, jsonify, request
from flask.typing import ResponseReturnValue
from jsonschema import Draft202012Validator

from replays.deltas import diff
from replays.errors import StepOutOfRange
from replays.records import GameSummary, StepState
from replays.redaction import StepEntry
from shiai.errors import BadRequest
from shiai.openapi import document, request_schema
from shiai.play import Play
from shiai.web.auth import api_caller, current_account
from shiai.web.queries import game_row_json, iso_utc, list_games
from shiai.web.viewing import SPECTATOR, EncodedSteps, resolve_view

bp = Blueprint("api", __name__, url_prefix="/api")

_validators = {
    name: Draft202012Validator(request_schema(name))
    for name in ("NewGame", "CommandRequest", "PlayCommand", "ImportEvents")
}


def _records() -> Any:
    return current_app.extensions["shiai"].records


def _play() -> Play:
    found: Play = current_app.extensions["shiai"].play
    return found


def _no_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a JSON value")


def json_body(schema: str | None) -> Any:
    if not request.is_json:
        raise BadRequest("send the request body as JSON, with Content-Type: application/json")
    try:
        # NaN and Infinity are Python's extensions, not JSON: refused here.
        body = json.loads(request.get_data(), parse_constant=_no_constant)
    except ValueError as error:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        raise BadRequest(f"the request body is not valid JSON: {error}") from None
    except RecursionError:
        raise BadRequest("the request body is not valid JSON: it is nested too deeply") from None
    if schema is not None:
        mismatch = next(iter(sorted(_validators[schema].iter_errors(body), key=str)), None)
        if mismatch is not None:
            where = "/".join(str(part) for part in mismatch.absolute_path) or "body"
            raise BadRequest(f"{where}: {mismatch.message}")
    return body


def _int_arg(name: str, default: int, low: int, high: int) -> int:
    raw = request.args.get(name)
    if raw is None:
        return default
    if not re.fullmatch(r"-?[0-9]{1,12}", raw):
        raise BadRequest(f"{name} must be a whole number, not {raw!r}")
    value = int(raw)
    if not low <= value <= high:
        raise BadRequest(f"{name} must be from {low} to {high}")
    return value


def step_json(entry: StepEntry) -> dict[str, Any]:
    return {
        "step": entry.step,
        "command_index": entry.command_index,
        "command": entry.command,
        "event": entry.event,
        "summary": entry.summary,
        "tags": list(entry.tags),
    }


def summary_json(summary: GameSummary) -> dict[str, Any]:
    return {
        "id": str(summary.id),
        "ruleset": summary.ruleset,
        "title": summary.title,
        "sides": summary.sides,
        "status": summary.status,
        "dice_mode": summary.dice_mode,
        "seed_commitment": summary.seed_commitment,
        "seed": summary.seed,
        "last_step": summary.last_step,
        "commands": summary.commands,
        "outcome": summary.outcome,
        "prompt": summary.prompt,
        "created_at": iso_utc(summary.created_on),
        "updated_at": iso_utc(summary.modified_on),
    }


@bp.get("/openapi.json")
def openapi() -> ResponseReturnValue:
    return jsonify(document())


@bp.get("/games")
def games() -> ResponseReturnValue:
    status = request.args.get("status")
    if status not in (None, "running", "ended"):
        raise BadRequest("status must be 'running' or 'ended'")
    limit = _int_arg("limit", 50, 1, 200)
    offset = _int_arg("offset", 0, 0, 10**9)
    rows, total = list_games(
        current_app.extensions["shiai"].db_engine,
        status=status,
        system=request.args.get("system"),
        limit=limit,
        offset=offset,
    )
    return jsonify(
        {
            "games": [game_row_json(row) for row in rows],
            "total": total,
            "limit": limit,
            "offset": offset,
        }
    )


@bp.post("/games")
def start_game() -> ResponseReturnValue:
    owner = api_caller()
    body = json_body("NewGame")
    game_id = _play().start_owned(
        owner.id,
        body["ruleset"],
        body.get("setup", {}),
        title=body.get("title", ""),
        dice_mode=body.get("dice_mode", "seeded"),
        start_dice=body.get("start_dice"),
    )
    return jsonify({"id": str(game_id)}), 201, {"Location": f"/api/games/{game_id}"}


@bp.get("/games/<uuid:game_id>")
def game(game_id: UUID) -> ResponseReturnValue:
    return jsonify(summary_json(_records().summary(game_id)))


def _viewer(game_id: UUID) -> str | None:
    """The side whose view ``?view=`` asks for (``None``: spectator), checked."""
    raw = request.args.get("view")
    if raw in (None, "", SPECTATOR):
        return None
    return resolve_view(_records().summary(game_id), raw).viewer


@bp.get("/games/<uuid:game_id>/head")
def head(game_id: UUID) -> ResponseReturnValue:
    last_step, over = _records().head(game_id)
    account = current_account()
    you_play = current_app.extensions["shiai"].play.sides_of(
        game_id, account.id if account else None
    )
    return jsonify(
        {
            "game_id": str(game_id),
            "last_step": last_step,
            "status": "ended" if over else "running",
            "you_play": list(you_play),
        }
    )


@bp.get("/games/<uuid:game_id>/steps")
def steps(game_id: UUID) -> ResponseReturnValue:
    since = _int_arg("since", -1, 0, 10**12)
    entries = _records().steps(game_id, _viewer(game_id), since=max(since, 0))
    return jsonify({"steps": [step_json(entry) for entry in entries]})


def _encode(value: Any) -> bytes:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()


def _step_answer(body: bytes, cache_control: str) -> ResponseReturnValue:
    response = current_app.response_class(body, mimetype="application/json")
    response.headers["Cache-Control"] = cache_control
    return response


def _ended_step(shown: StepState) -> bytes:
    return _encode(
        {
            "game_id": str(shown.game_id),
            "step": shown.step,
            "last_step": shown.last_step,
            "state": shown.state,
            "hash": shown.hash,
            "prompt": shown.prompt,
            "game_over": True,
        }
    )


@bp.get("/games/<uuid:game_id>/steps/<int:step>")
def step(game_id: UUID, step: int) -> ResponseReturnValue:
    """A step's state as the view may see it. Answers are kept encoded
    (``EncodedSteps``): an ended game's whole answer; a running game's state,
    hash and prompt per view, put together with the head read now."""
    encoded: EncodedSteps = current_app.extensions["shiai_encoded_steps"]
    records = _records()
    viewer = _viewer(game_id)
    body = encoded.get(game_id, step)
    if body is not None:
        return _step_answer(body, "public, max-age=3600")
    shown: StepState | None = None
    last_step, over = records.head(game_id)
    if not over:
        if not 0 <= step <= last_step:
            raise StepOutOfRange(step, last_step)
        view = viewer if viewer is not None else SPECTATOR
        stable = encoded.get(game_id, step, view)
        if stable is None:
            shown = records.state_at(game_id, step, viewer)
            over, last_step = shown.game_over, max(last_step, shown.last_step)
            if not over:
                stable = _encode({"state": shown.state, "hash": shown.hash, "prompt": shown.prompt})
                encoded.put(game_id, step, stable, view)
        if stable is not None:
            # The same keys, in the same order, as an ended game's answer.
            head = _encode({"game_id": str(game_id), "step": step, "last_step": last_step})
            body = head[:-1] + b"," + stable[1:-1] + b',"game_over":false}'
            return _step_answer(body, "private, no-cache")
    if shown is None:  # else the game ended as its step was read
        shown = records.state_at(game_id, step, viewer)
    body = _ended_step(shown)
    encoded.put(game_id, step, body)  # every view of an ended game is the same, for good
    return _step_answer(body, "public, max-age=3600")


# At most this many deltas in one answer: a prefetch of the steps ahead, not a game.
MAX_DELTAS = 100


def _required_int_arg(name: str, low: int, high: int) -> int:
    if request.args.get(name) is None:
        raise BadRequest(f"{name} is required: a step number")
    return _int_arg(name, 0, low, high)


@bp.get("/games/<uuid:game_id>/deltas")
def deltas(game_id: UUID) -> ResponseReturnValue:
    """The steps from ``from`` to ``to`` (either way, at most ``MAX_DELTAS``), each
    as a patch (``replays.deltas``) of the state at the step before it in that
    order, both as the view may see them (exactly as ``step`` shows them), with
    the hash and prompt ``step`` gives. An ended game's steps never change and
    every view of them is the same: each step's delta (from the step before it
    and from the one after) and hash are kept encoded (``EncodedSteps``), so any
    batch of steps seen before is put together without reading the game."""
    first = _required_int_arg("from", 0, 10**9)
    last = _required_int_arg("to", 0, 10**9)
    if first == last or abs(last - first) > MAX_DELTAS:
        raise BadRequest(f"to must differ from from, by at most {MAX_DELTAS} steps")
    encoded: EncodedSteps = current_app.extensions["shiai_encoded_steps"]
    viewer = _viewer(game_id)
    body = _kept_deltas(encoded, game_id, first, last)
    if body is not None:
        return _step_answer(body, "public, max-age=3600")
    shown = _records().states_between(game_id, min(first, last), max(first, last), viewer)
    if last < first:
        shown.reverse()
    start, over = shown[0], shown[0].game_over
    parts = [
        _encode(
            {
                "step": after.step,
                "patch": diff(before.state, after.state),
                "hash": after.hash,
                "prompt": after.prompt,
            }
        )
        for before, after in pairwise(shown)
    ]
    body = _deltas_body(
        game_id,
        first,
        last,
        last_step=start.last_step,
        over=over,
        start_hash=start.hash,
        parts=parts,
    )
    if not over:
        return _step_answer(body, "private, no-cache")
    encoded.put(game_id, 0, str(start.last_step).encode(), "last-step")
    for state in shown:
        encoded.put(game_id, state.step, state.hash.encode(), "hash")
    for before, part in zip(shown, parts, strict=False):
        encoded.put(game_id, before.step + (1 if last > first else -1), part, _from(before.step))
    return _step_answer(body, "public, max-age=3600")


def _from(step: int) -> str:
    return f"delta-from-{step}"


def _kept_deltas(encoded: EncodedSteps, game_id: UUID, first: int, last: int) -> bytes | None:
    """An ended game's batch put together from what is kept, if all of it is."""
    last_step = encoded.get(game_id, 0, "last-step")
    start_hash = encoded.get(game_id, first, "hash")
    if last_step is None:
        return None
    if max(first, last) > int(last_step):
        raise StepOutOfRange(max(first, last), int(last_step))
    if start_hash is None:
        return None
    direction = 1 if last > first else -1
    parts = []
    for step in range(first + direction, last + direction, direction):
        part = encoded.get(game_id, step, _from(step - direction))
        if part is None:
            return None
        parts.append(part)
    return _deltas_body(
        game_id,
        first,
        last,
        last_step=int(last_step),
        over=True,
        start_hash=start_hash.decode(),
        parts=parts,
    )


def _deltas_body(
    game_id: UUID,
    first: int,
    last: int,
    *,
    last_step: int,
    over: bool,
    start_hash: str,
    parts: list[bytes],
) -> bytes:
    head = _encode(
        {
            "game_id": str(game_id),
            "from": first,
            "to": last,
            "last_step": last_step,
            "game_over": over,
            "from_hash": start_hash,
        }
    )
    return head[:-1] + b',"deltas":[' + b",".join(parts) + b"]}"


@bp.post("/games/<uuid:game_id>/commands")
def submit_command(game_id: UUID) -> ResponseReturnValue:
    """The command's side must be one the caller plays (its seats, or its side of
    the tournament pairing the game is linked to); the answer shows its events as
    that side sees them."""
    player = api_caller()
    body = json_body("CommandRequest")
    recorded = _play().submit(
        game_id,
        player.id,
        body["command"],
        expected_step=body.get("expected_step"),
        dice=body.get("dice"),
    )
    return jsonify(
        {"events": [step_json(entry) for entry in recorded], "last_step": recorded[-1].step}
    ), 201


@bp.get("/games/<uuid:game_id>/record")
def export_record(game_id: UUID) -> ResponseReturnValue:
    record = _records().export_record(game_id)
    response = jsonify(record)
    response.headers["Content-Disposition"] = f'attachment; filename="shiai-game-{game_id}.json"'
    return response


@bp.get("/games/<uuid:game_id>/audit")
def audit(game_id: UUID) -> ResponseReturnValue:
    report = _records().audit(game_id)
    return jsonify(
        {
            "identical": report.identical,
            "steps_checked": report.steps_checked,
            "first_difference": report.discrepancy.step if report.discrepancy else None,
            "message": report.message,
        }
    )


@bp.post("/records")
def import_record() -> ResponseReturnValue:
    importer = api_caller()
    game_id = _play().import_owned(importer.id, json_body(None))
    return jsonify({"id": str(game_id)}), 201, {"Location": f"/api/games/{game_id}"}
