"""The OpenAPI 3 document of ``/api``; request schemas here also validate requests."""

from __future__ import annotations

import copy
from typing import Any

from replays.record_file import RECORD_SCHEMA
from replays.studies import (
    COLOURS,
    COMMENT_LIMIT,
    COORDINATE_LIMIT,
    SHAPES_LIMIT,
    TITLE_LIMIT,
    VISIBILITIES,
)

API_VERSION = "1.0.0"

_ERROR = {
    "type": "object",
    "required": ["error", "message"],
    "properties": {
        "error": {"type": "string"},
        "message": {"type": "string"},
        "rule": {"type": "string", "description": "the rule an illegal command breaks"},
        "step": {"type": ["integer", "null"]},
        "game_id": {
            "type": "string",
            "format": "uuid",
            "description": "the stored game with this record's content (duplicate_record)",
        },
    },
}

_EXPECTED_STEP = {
    "type": "integer",
    "minimum": 0,
    "description": "the step the command was decided at; 409 if the game moved on",
}
_ENTERED_DICE = {
    "type": "array",
    "items": {"type": "integer"},
    "maxItems": 200,
    "description": "faces rolled at the table, in the order the command rolls them, for "
    "games with entered dice (400 if short, too many or off a die's faces)",
}

SCHEMAS: dict[str, Any] = {
    "Error": _ERROR,
    "GameRow": {
        "type": "object",
        "required": ["id", "system", "title", "sides", "status", "steps"],
        "properties": {
            "id": {"type": "string", "format": "uuid"},
            "system": {"type": "string"},
            "title": {"type": "string"},
            "sides": {"type": "array", "items": {"type": "string"}},
            "status": {"enum": ["running", "ended"]},
            "created_at": {"type": "string", "format": "date-time"},
            "updated_at": {"type": "string", "format": "date-time"},
            "winner": {"type": ["string", "null"]},
            "steps": {"type": "integer"},
            "commands": {"type": "integer"},
        },
    },
    "GameList": {
        "type": "object",
        "required": ["games", "total"],
        "properties": {
            "games": {"type": "array", "items": {"$ref": "#/components/schemas/GameRow"}},
            "total": {"type": "integer"},
            "limit": {"type": "integer"},
            "offset": {"type": "integer"},
        },
    },
    "Prompt": {
        "type": ["object", "null"],
        "properties": {
            "sides": {"type": "array", "items": {"type": "string"}},
            "kind": {"type": "string"},
            "sealed": {"type": "boolean"},
            "options": {"type": "object"},
        },
    },
    "Game": {
        "type": "object",
        "required": ["id", "ruleset", "sides", "status", "last_step", "prompt"],
        "properties": {
            "id": {"type": "string", "format": "uuid"},
            "ruleset": {"type": "string"},
            "title": {"type": "string"},
            "sides": {"type": "array", "items": {"type": "string"}},
            "status": {"enum": ["running", "ended"]},
            "dice_mode": {"enum": ["seeded", "entered"]},
            "seed_commitment": {"type": ["string", "null"]},
            "seed": {"type": ["string", "null"], "description": "revealed when the game ends"},
            "last_step": {"type": "integer"},
            "commands": {"type": "integer"},
            "outcome": {"type": ["object", "null"]},
            "prompt": {"$ref": "#/components/schemas/Prompt"},
            "created_at": {"type": "string", "format": "date-time"},
            "updated_at": {"type": "string", "format": "date-time"},
        },
    },
    "StepState": {
        "type": "object",
        "required": ["game_id", "step", "last_step", "state", "hash", "prompt", "game_over"],
        "properties": {
            "game_id": {"type": "string", "format": "uuid"},
            "step": {"type": "integer"},
            "last_step": {"type": "integer"},
            "state": {"type": "object"},
            "hash": {"type": "string", "description": "SHA-256 of the canonical state shown"},
            "prompt": {"$ref": "#/components/schemas/Prompt"},
            "game_over": {"type": "boolean"},
        },
    },
    "StepDeltas": {
        "type": "object",
        "required": ["game_id", "from", "to", "last_step", "game_over", "from_hash", "deltas"],
        "description": "Consecutive steps as patches, each of the state at the step before "
        "it in the order asked (from to to), both as the view sees them (the states getStep "
        "answers). A patch is a list of operations applied in order: [path, value] sets the "
        "member path names (an array index may equal its length: the value is appended), "
        "[path] removes it (an array index i cuts the array to length i); a path is a list "
        "of object keys and array indices, [] the whole state.",
        "properties": {
            "game_id": {"type": "string", "format": "uuid"},
            "from": {"type": "integer"},
            "to": {"type": "integer"},
            "last_step": {"type": "integer"},
            "game_over": {"type": "boolean"},
            "from_hash": {
                "type": "string",
                "description": "the hash of the state at from: apply the patches to that state",
            },
            "deltas": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["step", "patch", "hash", "prompt"],
                    "properties": {
                        "step": {"type": "integer"},
                        "patch": {
                            "type": "array",
                            "items": {"type": "array", "minItems": 1, "maxItems": 2},
                        },
                        "hash": {
                            "type": "string",
                            "description": "SHA-256 of the canonical state the patch leads to",
                        },
                        "prompt": {"$ref": "#/components/schemas/Prompt"},
                    },
                },
            },
        },
    },
    "StepEntry": {
        "type": "object",
        "required": ["step", "command_index", "event", "summary"],
        "properties": {
            "step": {"type": "integer"},
            "command_index": {"type": "integer"},
            "command": {"type": ["object", "null"]},
            "event": {"type": "object"},
            "summary": {
                "type": "string",
                "description": "the event in words, units named from the state before it",
            },
            "tags": {
                "type": "array",
                "items": {"enum": ["bookkeeping", "combat"]},
                "description": "how a log files the event (Ruleset.log_tags)",
            },
        },
    },
    "StepList": {
        "type": "object",
        "required": ["steps"],
        "properties": {
            "steps": {"type": "array", "items": {"$ref": "#/components/schemas/StepEntry"}}
        },
    },
    "NewGame": {
        "type": "object",
        "required": ["ruleset"],
        "additionalProperties": False,
        "properties": {
            "ruleset": {"type": "string", "minLength": 1},
            "setup": {"type": "object"},
            "title": {"type": "string", "maxLength": 200},
            "dice_mode": {"enum": ["seeded", "entered"]},
            "start_dice": {"type": "array", "items": {"type": "integer"}},
        },
    },
    "Created": {
        "type": "object",
        "required": ["id"],
        "properties": {"id": {"type": "string", "format": "uuid"}},
    },
    "CommandRequest": {
        "type": "object",
        "required": ["command"],
        "additionalProperties": False,
        "properties": {
            "command": {"type": "object", "description": "the ruleset's command, with its side"},
            "expected_step": _EXPECTED_STEP,
            "dice": {
                "type": "array",
                "items": {"type": "integer"},
                "description": "faces rolled at the table, for games with entered dice",
            },
        },
    },
    "PlayCommand": {
        "type": "object",
        "required": ["command", "expected_step"],
        "additionalProperties": False,
        "description": "the play page's answer to a prompt (POST /play/games/{id}/commands, "
        "session-authenticated with X-CSRF-Token; not part of /api)",
        "properties": {
            "command": {"type": "object", "description": "the ruleset's command, with its side"},
            "expected_step": _EXPECTED_STEP,
            "dice": _ENTERED_DICE,
        },
    },
    "DiceNeedRequest": {
        "type": "object",
        "required": ["command"],
        "additionalProperties": False,
        "description": "what dice a command needs in a game of entered dice (POST "
        "/play/games/{id}/dice, session-authenticated with X-CSRF-Token; not part of /api)",
        "properties": {
            "command": {"type": "object", "description": "the ruleset's command, with its side"},
            "dice": _ENTERED_DICE,
        },
    },
    "Head": {
        "type": "object",
        "required": ["game_id", "last_step", "status", "you_play"],
        "properties": {
            "game_id": {"type": "string", "format": "uuid"},
            "last_step": {"type": "integer"},
            "status": {"enum": ["running", "ended"]},
            "you_play": {
                "type": "array",
                "items": {"type": "string"},
                "description": "the sides the caller's account (signed in, or by API "
                "token) answers for: its seats and its tournament pairing's side (empty for "
                "anyone else)",
            },
        },
    },
    "CommandResult": {
        "type": "object",
        "required": ["events", "last_step"],
        "properties": {
            "events": {"type": "array", "items": {"$ref": "#/components/schemas/StepEntry"}},
            "last_step": {"type": "integer"},
        },
    },
    # The record file's own schema (replays.record_file), so that the two cannot disagree.
    "GameRecord": {
        **{key: value for key, value in copy.deepcopy(RECORD_SCHEMA).items() if key != "$schema"},
        "description": "a shiai-game/1 record; final_state_hash is left out while the game runs",
    },
    "Audit": {
        "type": "object",
        "required": ["identical", "steps_checked", "message"],
        "properties": {
            "identical": {"type": "boolean"},
            "steps_checked": {"type": "integer"},
            "first_difference": {"type": ["integer", "null"]},
            "message": {"type": "string"},
        },
    },
}


def _json(schema: str) -> dict[str, Any]:
    return {"content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{schema}"}}}}


def _ok(schema: str, description: str) -> dict[str, Any]:
    return {"description": description, **_json(schema)}


def _created(description: str) -> dict[str, Any]:
    location = {
        "description": "the new game's URL in this API",
        "required": True,
        "schema": {"type": "string", "format": "uri-reference"},
    }
    return {**_ok("Created", description), "headers": {"Location": location}}


def _err(description: str) -> dict[str, Any]:
    return {"description": description, **_json("Error")}


# Who may write: every write names its account, one of two ways (shiai.web.auth).
BEARER_TOKEN, SESSION_COOKIE = "apiToken", "sessionCookie"
SECURITY_SCHEMES: dict[str, Any] = {
    BEARER_TOKEN: {
        "type": "http",
        "scheme": "bearer",
        "description": "a per-account API token for scripts, created on /account/tokens or "
        "with `shiai create-token` and revoked there: `Authorization: Bearer <token>`. "
        "A request that sends one is that token's account and no other, whatever its "
        "cookie (a write with an unknown or revoked token is refused with 401); no CSRF "
        "token is needed",
    },
    SESSION_COOKIE: {
        "type": "apiKey",
        "in": "cookie",
        "name": "session",
        "description": "the browser's session after signing in on /sign-in; a write "
        "authenticated by it must also send the page's CSRF token as the X-CSRF-Token "
        "header (400 without it)",
    },
}
# Any one of them will do; reads need none.
WRITE_SECURITY: list[dict[str, list[str]]] = [{BEARER_TOKEN: []}, {SESSION_COOKIE: []}]
_CSRF_400 = "; or a cookie-authenticated write without its X-CSRF-Token header"
_GAME_ID = {
    "name": "game_id",
    "in": "path",
    "required": True,
    "schema": {"type": "string", "format": "uuid"},
}
_NOT_FOUND = _err("no such game")
# A game the installed ruleset refuses to replay (Ruleset.replay_refusal).
_REFUSED = _err(
    "the game was played with other data files than the platform runs now, e.g. other "
    "Senjutsu cards (replay_refused): the message says which"
)
_UNAUTHORISED = {
    **_err("no account: no API token and no signed-in session, or an unknown or revoked token"),
    "headers": {"WWW-Authenticate": {"schema": {"type": "string"}}},
}
_VIEW = {
    "name": "view",
    "in": "query",
    "description": "whose view: spectator (the default) or a side; a side's view of a "
    "running game only for that side's player (signed in, or by API token)",
    "schema": {"type": "string"},
}
_VIEW_ERRORS = {
    "400": _err("an unknown view"),
    "403": _err("a side's view of a running game, asked for by anyone but its player"),
}

PATHS: dict[str, Any] = {
    "/api/games": {
        "get": {
            "operationId": "listGames",
            "summary": "Games, newest first (from the games read model)",
            "parameters": [
                {"name": "status", "in": "query", "schema": {"enum": ["running", "ended"]}},
                {"name": "system", "in": "query", "schema": {"type": "string"}},
                {
                    "name": "limit",
                    "in": "query",
                    "schema": {"type": "integer", "minimum": 1, "maximum": 200},
                },
                {"name": "offset", "in": "query", "schema": {"type": "integer", "minimum": 0}},
            ],
            "responses": {"200": _ok("GameList", "a page of games"), "400": _err("bad query")},
        },
        "post": {
            "operationId": "startGame",
            "summary": "Start a game; the caller's account plays every side of it",
            "security": WRITE_SECURITY,
            "requestBody": {"required": True, **_json("NewGame")},
            "responses": {
                "201": _created("the game was started"),
                "400": _err(
                    "malformed JSON, schema mismatch, unknown ruleset or invalid setup" + _CSRF_400
                ),
                "401": _UNAUTHORISED,
            },
        },
    },
    "/api/games/{game_id}": {
        "get": {
            "operationId": "getGame",
            "summary": "A game's current summary and prompt",
            "parameters": [_GAME_ID],
            "responses": {"200": _ok("Game", "the game"), "404": _NOT_FOUND, "409": _REFUSED},
        },
    },
    "/api/games/{game_id}/head": {
        "get": {
            "operationId": "getHead",
            "summary": "The last step and status only: cheap enough to poll (the play page "
            "does, twice a second)",
            "parameters": [_GAME_ID],
            "responses": {"200": _ok("Head", "the game's head"), "404": _NOT_FOUND},
        },
    },
    "/api/games/{game_id}/steps": {
        "get": {
            "operationId": "listSteps",
            "summary": "Every step with a one-line summary (sealed answers hidden while running)",
            "parameters": [
                _GAME_ID,
                _VIEW,
                {
                    "name": "since",
                    "in": "query",
                    "description": "only the steps after this one",
                    "schema": {"type": "integer", "minimum": 0},
                },
            ],
            "responses": {
                "200": _ok("StepList", "the steps"),
                "404": _NOT_FOUND,
                "409": _REFUSED,
                **_VIEW_ERRORS,
            },
        },
    },
    "/api/games/{game_id}/steps/{step}": {
        "get": {
            "operationId": "getStep",
            "summary": "The state after a step, as the chosen view sees it (spectator by default)",
            "parameters": [
                _GAME_ID,
                {
                    "name": "step",
                    "in": "path",
                    "required": True,
                    "schema": {"type": "integer", "minimum": 0},
                },
                _VIEW,
            ],
            "responses": {
                "200": _ok("StepState", "the state"),
                "404": _err("no such game or step"),
                "409": _REFUSED,
                **_VIEW_ERRORS,
            },
        },
    },
    "/api/games/{game_id}/deltas": {
        "get": {
            "operationId": "getStepDeltas",
            "summary": "Steps from one to another (either way, at most 100) as patches of the "
            "state the view sees: a replay steps through these instead of whole states",
            "description": "Each patch leads from the state at the step before it (in the "
            "order asked) to the state getStep answers for its step, with that state's hash; "
            "an ended game's answers are immutable and cached as its steps are.",
            "parameters": [
                _GAME_ID,
                {
                    "name": "from",
                    "in": "query",
                    "required": True,
                    "description": "the step whose state the first patch applies to",
                    "schema": {"type": "integer", "minimum": 0},
                },
                {
                    "name": "to",
                    "in": "query",
                    "required": True,
                    "description": "the step the last patch leads to (from differs, by at "
                    "most 100)",
                    "schema": {"type": "integer", "minimum": 0},
                },
                _VIEW,
            ],
            "responses": {
                "200": _ok("StepDeltas", "the patches"),
                "404": _err("no such game or step"),
                "409": _REFUSED,
                **_VIEW_ERRORS,
                "400": _err("an unknown view, or from and to missing, equal or too far apart"),
            },
        },
    },
    "/api/games/{game_id}/commands": {
        "post": {
            "operationId": "submitCommand",
            "summary": "Submit a command for a side the caller plays; the engine decides and "
            "its events are recorded",
            "description": "The caller must play the command's side: seated at it (a game "
            "it started through this API or in the browser, an invitation it claimed) or "
            "its player in the tournament pairing the game is linked to. A game nobody is "
            "seated at (a simulation's) takes no commands. The answer shows the events as "
            "the command's side sees them: other sides' sealed answers and dice not yet "
            "shown stay hidden while the game runs.",
            "security": WRITE_SECURITY,
            "parameters": [_GAME_ID],
            "requestBody": {"required": True, **_json("CommandRequest")},
            "responses": {
                "201": _ok("CommandResult", "the command was recorded with these events"),
                "400": _err("malformed JSON, schema mismatch or invalid command" + _CSRF_400),
                "401": _UNAUTHORISED,
                "403": _err("the caller does not play the command's side in this game"),
                "404": _NOT_FOUND,
                "409": _err(
                    "another command was recorded first, or expected_step is stale "
                    "(conflict); or the game was played with other data files than the "
                    "platform runs now (replay_refused)"
                ),
                "422": _err("the rules forbid this command; `rule` names the rule"),
            },
        },
    },
    "/api/games/{game_id}/record": {
        "get": {
            "operationId": "exportRecord",
            "summary": "The shiai-game/1 record file",
            "parameters": [_GAME_ID],
            "responses": {
                "200": _ok("GameRecord", "the record"),
                "404": _NOT_FOUND,
                "409": _REFUSED,
            },
        },
    },
    "/api/games/{game_id}/audit": {
        "get": {
            "operationId": "auditGame",
            "summary": "Re-derive every roll from the revealed seed and compare the events",
            "parameters": [_GAME_ID],
            "responses": {"200": _ok("Audit", "the audit"), "404": _NOT_FOUND, "409": _REFUSED},
        },
    },
    "/api/records": {
        "post": {
            "operationId": "importRecord",
            "summary": "Import a shiai-game/1 record; it is replayed through the engine first",
            "description": "A game still running once imported (entered dice) is the "
            "importer's to play on: its account is seated at every side.",
            "security": WRITE_SECURITY,
            "requestBody": {"required": True, **_json("GameRecord")},
            "responses": {
                "201": _created("the record was verified and stored"),
                "400": _err("malformed JSON or unknown ruleset" + _CSRF_400),
                "401": _UNAUTHORISED,
                "409": _err(
                    "that game is already recorded (game_exists), or a game of the same "
                    "content is, under another id (duplicate_record, naming its game_id)"
                ),
                "422": _err(
                    "the record is not valid or does not replay; `step` names the first difference"
                ),
            },
        },
    },
    "/api/openapi.json": {
        "get": {
            "operationId": "openapi",
            "summary": "This document",
            "responses": {
                "200": {"description": "OpenAPI 3 document", "content": {"application/json": {}}}
            },
        },
    },
}


# -- studies (shiai.web.studies): a finished game with one person's annotations -------

_STUDY_ID = {
    "name": "study_id",
    "in": "path",
    "required": True,
    "schema": {"type": "string", "format": "uuid"},
}
_STEP = {
    "name": "step",
    "in": "path",
    "required": True,
    "schema": {"type": "integer", "minimum": 0},
}
_COORDINATE = {"type": "number", "minimum": -COORDINATE_LIMIT, "maximum": COORDINATE_LIMIT}
_POINT = {"type": "array", "items": _COORDINATE, "minItems": 2, "maxItems": 2}
_COLOUR = {"enum": list(COLOURS), "default": "green"}
_SHAPE = {
    "oneOf": [
        {
            "type": "object",
            "description": "an arrow, in the SVG user units of the board's viewBox",
            "required": ["kind", "from", "to"],
            "additionalProperties": False,
            "properties": {
                "kind": {"const": "arrow"},
                "from": _POINT,
                "to": _POINT,
                "colour": _COLOUR,
            },
        },
        {
            "type": "object",
            "description": "a circle, in the SVG user units of the board's viewBox",
            "required": ["kind", "at", "r"],
            "additionalProperties": False,
            "properties": {
                "kind": {"const": "circle"},
                "at": _POINT,
                "r": {"type": "number", "exclusiveMinimum": 0, "maximum": COORDINATE_LIMIT},
                "colour": _COLOUR,
            },
        },
    ]
}
_STUDY_NOT_FOUND = _err("no such study")
_STUDY_WRITE_ERRORS = {
    "400": _err("malformed JSON or schema mismatch" + _CSRF_400),
    "401": _UNAUTHORISED,
    "403": _err("the caller is not the study's owner"),
    "404": _STUDY_NOT_FOUND,
    "409": _err("the study changed meanwhile (conflict)"),
    "422": _err("refused: a step outside the game, a text too long, a bad shape"),
}

SCHEMAS.update(
    {
        "StudyAnnotation": {
            "type": "object",
            "description": "the annotation of one step: an empty comment with no shapes removes it",
            "additionalProperties": False,
            "properties": {
                "comment": {"type": "string", "maxLength": COMMENT_LIMIT},
                "shapes": {"type": "array", "maxItems": SHAPES_LIMIT, "items": _SHAPE},
            },
        },
        "StudyChange": {
            "type": "object",
            "minProperties": 1,
            "additionalProperties": False,
            "properties": {
                "title": {"type": "string", "minLength": 1, "maxLength": TITLE_LIMIT},
                "visibility": {"enum": list(VISIBILITIES)},
            },
        },
        "Study": {
            "type": "object",
            "required": ["id", "game_id", "title", "visibility", "version", "annotations"],
            "properties": {
                "id": {"type": "string", "format": "uuid"},
                "game_id": {"type": "string", "format": "uuid"},
                "title": {"type": "string"},
                "visibility": {"enum": list(VISIBILITIES)},
                "owner": {"type": "string"},
                "version": {"type": "integer"},
                "annotations": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["step", "comment", "shapes"],
                        "properties": {
                            "step": {"type": "integer"},
                            "comment": {"type": "string"},
                            "shapes": {"type": "array", "items": _SHAPE},
                        },
                    },
                },
            },
        },
        "StudyExport": {
            "type": "object",
            "required": ["format", "study", "record"],
            "properties": {
                "format": {"const": "shiai-study/1"},
                "study": {"$ref": "#/components/schemas/Study"},
                "record": {"$ref": "#/components/schemas/GameRecord"},
            },
        },
    }
)

PATHS.update(
    {
        "/api/studies/{study_id}": {
            "get": {
                "operationId": "readStudy",
                "summary": "A study: a finished game's annotations by one person (public "
                "or unlisted: anyone with its id may read it)",
                "parameters": [_STUDY_ID],
                "responses": {"200": _ok("Study", "the study"), "404": _STUDY_NOT_FOUND},
            },
            "patch": {
                "operationId": "changeStudy",
                "summary": "Rename a study or change who sees it (its owner only)",
                "security": WRITE_SECURITY,
                "parameters": [_STUDY_ID],
                "requestBody": {"required": True, **_json("StudyChange")},
                "responses": {"200": _ok("Study", "the changed study"), **_STUDY_WRITE_ERRORS},
            },
        },
        "/api/studies/{study_id}/annotations/{step}": {
            "put": {
                "operationId": "annotateStep",
                "summary": "Add or replace the annotation of a step (its owner only)",
                "security": WRITE_SECURITY,
                "parameters": [_STUDY_ID, _STEP],
                "requestBody": {"required": True, **_json("StudyAnnotation")},
                "responses": {"200": _ok("Study", "the changed study"), **_STUDY_WRITE_ERRORS},
            },
            "delete": {
                "operationId": "removeAnnotation",
                "summary": "Remove the annotation of a step (its owner only)",
                "security": WRITE_SECURITY,
                "parameters": [_STUDY_ID, _STEP],
                "responses": {"200": _ok("Study", "the changed study"), **_STUDY_WRITE_ERRORS},
            },
        },
        "/api/studies/{study_id}/export": {
            "get": {
                "operationId": "exportStudy",
                "summary": "The study in one file: its annotations and the game's "
                "shiai-game/1 record (which POST /api/records imports as it is)",
                "parameters": [_STUDY_ID],
                "responses": {
                    "200": _ok("StudyExport", "the study and the game's record"),
                    "404": _STUDY_NOT_FOUND,
                    "409": _REFUSED,
                },
            },
        },
    }
)


# -- importing a study (shiai.web.studies.import_api) -----------------------------------

# The most annotations an imported study may have: one a step, and a long Kensei
# battle is under a thousand steps; the 4 MB file limit bounds them too.
IMPORTED_ANNOTATIONS_LIMIT = 10_000
# The exported owner's name (display names are at most 120 characters; the import
# does not read it): a bound, not a rule.
OWNER_NAME_LIMIT = 200

SCHEMAS.update(
    {
        "StudyImport": {
            "type": "object",
            "description": "a shiai-study/1 file, as GET /api/studies/{study_id}/export gives "
            "it: the study's title and annotations (checked with the limits of the annotation "
            "API) and its game's record. The game is the one stored here under the record's "
            "game_id (whose record must match), or the record is imported first (finished "
            "games only). The importer owns the new, unlisted study. The exported study's "
            "id, visibility, owner and version are allowed and not read.",
            "required": ["format", "study", "record"],
            "additionalProperties": False,
            "properties": {
                "format": {"const": "shiai-study/1"},
                "study": {
                    "type": "object",
                    "required": ["title"],
                    "additionalProperties": False,
                    "properties": {
                        "title": {"type": "string", "minLength": 1, "maxLength": TITLE_LIMIT},
                        "game_id": {"type": "string", "format": "uuid", "maxLength": 36},
                        "id": {"type": "string", "format": "uuid", "maxLength": 36},
                        "visibility": {"enum": list(VISIBILITIES)},
                        "owner": {"type": "string", "maxLength": OWNER_NAME_LIMIT},
                        "version": {"type": "integer", "minimum": 0},
                        "annotations": {
                            "type": "array",
                            "maxItems": IMPORTED_ANNOTATIONS_LIMIT,
                            "items": {
                                "type": "object",
                                "required": ["step"],
                                "additionalProperties": False,
                                "properties": {
                                    "step": {"type": "integer", "minimum": 0},
                                    "comment": {"type": "string", "maxLength": COMMENT_LIMIT},
                                    "shapes": {
                                        "type": "array",
                                        "maxItems": SHAPES_LIMIT,
                                        "items": _SHAPE,
                                    },
                                },
                            },
                        },
                    },
                },
                "record": {"$ref": "#/components/schemas/GameRecord"},
            },
        },
    }
)
# An import's refusal lists every problem of the file's study (one Error schema for all).
_ERROR_FIELDS: dict[str, Any] = SCHEMAS["Error"]["properties"]
_ERROR_FIELDS["errors"] = {
    "type": "array",
    "description": "an imported study's problems (up to 50), each with its path in the "
    "file, e.g. study.annotations[3].shapes[2].from.x (importStudy)",
    "items": {
        "type": "object",
        "required": ["path", "message"],
        "properties": {"path": {"type": "string"}, "message": {"type": "string"}},
    },
}

PATHS.update(
    {
        "/api/studies/import": {
            "post": {
                "operationId": "importStudy",
                "summary": "Import an exported study (shiai-study/1) as a new study of yours",
                "security": WRITE_SECURITY,
                "requestBody": {"required": True, **_json("StudyImport")},
                "responses": {
                    "201": {
                        **_ok("Study", "the new study"),
                        "headers": {
                            "Location": {
                                "description": "the new study's URL in this API",
                                "required": True,
                                "schema": {"type": "string", "format": "uri-reference"},
                            }
                        },
                    },
                    "400": _err(
                        "malformed JSON, not a shiai-study/1 file, or a file the StudyImport "
                        "schema refuses outside the study's title and annotations (an unknown "
                        "field, too many annotations...): the message names the first" + _CSRF_400
                    ),
                    "401": _UNAUTHORISED,
                    "409": _err("the game was imported by someone else meanwhile (game_exists)"),
                    "413": _err("the file is larger than 4 MB"),
                    "422": _err(
                        "refused: the study's annotations (`errors` lists every problem with "
                        "its path), a record that does not replay or is not the game stored "
                        "here under its id, or an unfinished game"
                    ),
                },
            },
        },
    }
)

# Importing past events' results (shiai.web.imports; docs/imports.md).
SCHEMAS["ImportEvents"] = {
    "type": "object",
    "required": ["csv"],
    "additionalProperties": False,
    "properties": {
        "csv": {
            "type": "string",
            "maxLength": 1_000_000,
            "description": "the file's text: CSV with a header row naming the columns event, "
            "date, player, faction, list, round, opponent, result, VP (and optionally system, "
            "size); at most 1,000,000 bytes and 5,000 rows (docs/imports.md)",
        },
        "system": {
            "type": "string",
            "maxLength": 64,
            "description": "the game system of the rows without a system cell",
        },
        "file_name": {"type": "string", "maxLength": 200},
    },
}
SCHEMAS["ImportedEvents"] = {
    "type": "object",
    "required": ["events"],
    "properties": {
        "events": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["id", "name", "held_on", "system", "players", "games", "replaced"],
                "properties": {
                    "id": {"type": "string", "format": "uuid"},
                    "name": {"type": "string"},
                    "held_on": {"type": "string", "format": "date"},
                    "system": {"type": "string"},
                    "battle_size": {"type": "integer"},
                    "players": {"type": "integer"},
                    "games": {"type": "integer"},
                    "replaced": {
                        "type": "boolean",
                        "description": "it replaced an earlier import of the same event",
                    },
                    "meta": {"type": "string", "format": "uri-reference"},
                },
            },
        }
    },
}
# An import's refusal names each problem's row (1: the header; null: the whole file)
# and column (null: the whole row) too.
_ERROR_FIELDS["errors"]["items"]["properties"].update(
    {"row": {"type": ["integer", "null"]}, "column": {"type": ["string", "null"]}}
)
_ERROR_FIELDS["errors"]["description"] += (
    "; or an import's problems (all of them), each with its row and column (importEvents)"
)
PATHS["/api/imports"] = {
    "post": {
        "operationId": "importEvents",
        "summary": "Import past events' results from CSV text (organisers and admins)",
        "security": WRITE_SECURITY,
        "requestBody": {"required": True, **_json("ImportEvents")},
        "responses": {
            "201": _ok("ImportedEvents", "the events imported (or imported again: replaced)"),
            "400": _err(
                "malformed JSON, a body the schema refuses, or an unknown system" + _CSRF_400
            ),
            "401": _UNAUTHORISED,
            "403": _err("the account is not an organiser"),
            "409": _err("another import of the same event was saved meanwhile"),
            "422": _err(
                "the file has problems (import_refused): `errors` lists every one with its "
                "row, column and message (path: 'row 3, faction'); nothing was stored"
            ),
        },
    }
}

# "My boards": the caller's analysis boards (shiai.sandbox.Sandboxes.boards).
SCHEMAS["BoardList"] = {
    "type": "object",
    "required": ["boards", "page", "next"],
    "properties": {
        "boards": {
            "type": "array",
            "items": {
                "type": "object",
                "required": [
                    "id",
                    "title",
                    "system",
                    "analysis_of",
                    "edited",
                    "dice_mode",
                    "steps",
                    "status",
                    "created_at",
                    "updated_at",
                ],
                "properties": {
                    "id": {"type": "string", "format": "uuid"},
                    "title": {"type": "string"},
                    "system": {"type": "string"},
                    "analysis_of": {
                        "description": "the game and step the board's position comes from "
                        "(null for a position set up from nothing)",
                        "oneOf": [
                            {"type": "null"},
                            {
                                "type": "object",
                                "required": ["game", "step", "title"],
                                "properties": {
                                    "game": {"type": "string", "format": "uuid"},
                                    "step": {"type": "integer", "minimum": 0},
                                    "title": {"type": "string"},
                                },
                            },
                        ],
                    },
                    "edited": {"type": "boolean", "description": "set up in the position editor"},
                    "dice_mode": {"enum": ["seeded", "entered"]},
                    "steps": {"type": "integer", "minimum": 0, "description": "steps played"},
                    "status": {"enum": ["running", "ended"]},
                    "created_at": {"type": "string", "format": "date-time"},
                    "updated_at": {"type": "string", "format": "date-time"},
                },
            },
        },
        "page": {"type": "integer", "minimum": 1},
        "next": {"type": ["string", "null"], "description": "the next page, if any"},
    },
}
PATHS["/api/boards"] = {
    "get": {
        "operationId": "listBoards",
        "summary": "The caller's analysis boards, newest first, 20 a page",
        "description": "Only the caller's own: boards are in no other list. Unlike the "
        "other reads it names its caller, by an API token or the signed-in session (the "
        "schemes of the writes); anonymous callers are refused with 401.",
        "parameters": [
            {
                "name": "page",
                "in": "query",
                "required": False,
                "schema": {"type": "integer", "minimum": 1, "maximum": 10000},
            }
        ],
        "responses": {
            "200": _ok("BoardList", "the boards of this page"),
            "400": _err("page is not a whole number from 1 to 10000"),
            "401": _UNAUTHORISED,
        },
    }
}


def document() -> dict[str, Any]:
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Shiai API",
            "version": API_VERSION,
            "description": (
                "Event-sourced game records: start games, submit commands, read any step."
            ),
        },
        "paths": PATHS,
        "components": {"schemas": SCHEMAS, "securitySchemes": SECURITY_SCHEMES},
    }


def request_schema(name: str) -> dict[str, Any]:
    """A request body's schema, to validate requests against the document itself."""
    schema: dict[str, Any] = SCHEMAS[name]
    return schema


def _document_size_limit() -> None:
    """Any request with a body may be too large (``MAX_CONTENT_LENGTH``): 413."""
    for operations in PATHS.values():
        for operation in operations.values():
            if "requestBody" in operation:
                operation["responses"].setdefault(
                    "413", _err("the request is larger than the site reads (8 MB by default)")
                )


_document_size_limit()
