"""The game record file format ``shiai-game/1`` (JSON).

    {
      "format": "shiai-game/1",
      "game_id": "uuid", "ruleset": "kensei-2020", "engine_version": "1.0.0",
      "event_schema": 1, "title": "...", "setup": {...}, "sides": ["A", "B"],
      "dice": {"mode": "seeded", "commitment": "sha256 hex", "seed": "... or null",
               "start_dice": null},
      "initial_state_hash": "sha256 hex",
      "commands": [{"index": 1, "command": {"side": "A", ...}, "entered_dice": null,
                    "events": [{"step": 1, "schema": 1, "engine_version": "1.0.0",
                                "event": {...}}]}],
      "outcome": {...} or null,
      "final_state_hash": "sha256 hex, only once the game has ended"
    }

The seed is null, and the final state hash absent, until the game has ended.
Importing re-runs every command through the engine and refuses a record that
does not replay as written.
"""

from __future__ import annotations

from typing import Any

from jsonschema import Draft202012Validator

from replays.errors import RecordRejected

FORMAT = "shiai-game/1"

_HEX64 = {"type": "string", "pattern": "^[0-9a-f]{64}$"}
_FACES = {"type": ["array", "null"], "items": {"type": "integer", "minimum": 1}}

RECORD_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": FORMAT,
    "type": "object",
    "required": [
        "format",
        "game_id",
        "ruleset",
        "engine_version",
        "event_schema",
        "setup",
        "sides",
        "dice",
        "initial_state_hash",
        "commands",
        "outcome",
    ],
    "properties": {
        "format": {"const": FORMAT},
        "game_id": {"type": "string", "format": "uuid"},
        "ruleset": {"type": "string", "minLength": 1},
        "engine_version": {"type": "string"},
        "event_schema": {"type": "integer", "minimum": 1},
        "title": {"type": "string"},
        "setup": {"type": "object"},
        "sides": {"type": "array", "items": {"type": "string"}, "minItems": 1},
        "dice": {
            "type": "object",
            "required": ["mode", "commitment", "seed"],
            "properties": {
                "mode": {"enum": ["seeded", "entered"]},
                "commitment": {"oneOf": [_HEX64, {"type": "null"}]},
                "seed": {"type": ["string", "null"]},
                "start_dice": _FACES,
            },
        },
        "initial_state_hash": _HEX64,
        "commands": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["index", "command", "events"],
                "properties": {
                    "index": {"type": "integer", "minimum": 1},
                    "command": {"type": "object"},
                    "entered_dice": _FACES,
                    "events": {
                        "type": "array",
                        "minItems": 1,
                        "items": {
                            "type": "object",
                            "required": ["step", "schema", "event"],
                            "properties": {
                                "step": {"type": "integer", "minimum": 1},
                                "schema": {"type": "integer", "minimum": 1},
                                "engine_version": {"type": "string"},
                                "event": {"type": "object", "required": ["type"]},
                            },
                        },
                    },
                },
            },
        },
        "outcome": {"type": ["object", "null"]},
        "final_state_hash": _HEX64,
    },
}

_validator = Draft202012Validator(RECORD_SCHEMA, format_checker=Draft202012Validator.FORMAT_CHECKER)


def validate_record(record: Any) -> None:
    """Raise ``RecordRejected`` naming the first problem in the record's shape."""
    errors = sorted(_validator.iter_errors(record), key=lambda error: list(error.absolute_path))
    if errors:
        error = errors[0]
        where = "/".join(str(part) for part in error.absolute_path) or "the record"
        raise RecordRejected(f"not a {FORMAT} record: at {where}: {error.message}")
    for expected, command in enumerate(record["commands"], start=1):
        if command["index"] != expected:
            raise RecordRejected(
                f"commands are not numbered 1, 2, 3...: "
                f"found {command['index']} at position {expected}"
            )
