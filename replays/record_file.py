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

# Field limits: a record's title is shown on every listing (the games.title
# column holds 200 characters), sides and versions go into read-model columns,
# and the length of a game is bounded well past the longest a bot plays (a
# 600-point Kensei bot game has about 600 commands and 1,300 events).
MAX_TITLE = 200
MAX_RULESET_ID = 64
MAX_VERSION = 32
MAX_SIDE = 16
MAX_SIDES = 16
MAX_COMMANDS = 10_000
MAX_EVENTS_PER_COMMAND = 1_000

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
        "ruleset": {"type": "string", "minLength": 1, "maxLength": MAX_RULESET_ID},
        "engine_version": {"type": "string", "maxLength": MAX_VERSION},
        "event_schema": {"type": "integer", "minimum": 1},
        "title": {"type": "string", "maxLength": MAX_TITLE},
        "setup": {"type": "object"},
        "sides": {
            "type": "array",
            "items": {"type": "string", "minLength": 1, "maxLength": MAX_SIDE},
            "minItems": 1,
            "maxItems": MAX_SIDES,
        },
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
            "maxItems": MAX_COMMANDS,
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
                        "maxItems": MAX_EVENTS_PER_COMMAND,
                        "items": {
                            "type": "object",
                            "required": ["step", "schema", "event"],
                            "properties": {
                                "step": {"type": "integer", "minimum": 1},
                                "schema": {"type": "integer", "minimum": 1},
                                "engine_version": {"type": "string", "maxLength": MAX_VERSION},
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

# The envelope (everything but the commands' items) is checked by JSON Schema;
# the commands and their events, one per step, by ``_command_problem``: the same
# rules as ``RECORD_SCHEMA`` with jsonschema's messages, at a fraction of the
# cost (jsonschema spent about 45 µs per event). A test checks that both agree.
_ENVELOPE_SCHEMA: dict[str, Any] = {
    **RECORD_SCHEMA,
    "properties": {
        **RECORD_SCHEMA["properties"],
        "commands": {"type": "array", "maxItems": MAX_COMMANDS},
    },
}
_envelope = Draft202012Validator(
    _ENVELOPE_SCHEMA, format_checker=Draft202012Validator.FORMAT_CHECKER
)

Path = tuple[str | int, ...]


def validate_record(record: Any) -> None:
    """Raise ``RecordRejected`` naming the first problem in the record's shape.

    The first problem is the one at the smallest path (as ``RECORD_SCHEMA``
    validated with jsonschema and sorted by path would name it); a problem in
    an event also names its step."""
    problems = [
        (tuple(error.absolute_path), error.message) for error in _envelope.iter_errors(record)
    ]
    if isinstance(record, dict) and isinstance(record.get("commands"), list):
        problems.extend(_commands_problem(record["commands"]))
    if problems:
        path, message = min(problems, key=lambda problem: list(problem[0]))
        step = _step_at(record, path)
        where = "/".join(str(part) for part in path) or "the record"
        if step is not None:
            where = f"{where} (step {step})"
        raise RecordRejected(f"not a {FORMAT} record: at {where}: {_shortened(message)}", step=step)
    step = 0
    for expected, command in enumerate(record["commands"], start=1):
        if command["index"] != expected:
            raise RecordRejected(
                f"commands are not numbered 1, 2, 3...: "
                f"found {command['index']} at position {expected}"
            )
        for event in command["events"]:
            step += 1
            if event["step"] != step:
                raise RecordRejected(
                    f"steps are not numbered 1, 2, 3...: found {event['step']} at step {step}",
                    step=step,
                )


def _shortened(message: str, limit: int = 300) -> str:
    """jsonschema quotes the whole offending value: a 5 MB title would come back
    whole in the answer. The start and end of it say enough."""
    if len(message) <= limit:
        return message
    half = limit // 2
    return f"{message[:half]} ... ({len(message) - limit} characters) ... {message[-half:]}"


def _commands_problem(commands: list[Any]) -> list[tuple[Path, str]]:
    """The first problem in the commands, as a list of at most one."""
    for position, command in enumerate(commands):
        problem = _command_problem(command)
        if problem is not None:
            where, message = problem
            return [(("commands", position, *where), message)]
    return []


def _command_problem(command: Any) -> tuple[Path, str] | None:
    """The first problem in one command (``RECORD_SCHEMA``'s commands items), checked in the
    order jsonschema's errors sort: the command itself, then its properties by
    name (command, entered_dice, events and their items, index)."""
    if not isinstance(command, dict):
        return (), _not_of_type(command, "object")
    for name in ("index", "command", "events"):
        if name not in command:
            return (), f"{name!r} is a required property"
    if not isinstance(command["command"], dict):
        return ("command",), _not_of_type(command["command"], "object")
    if "entered_dice" in command:
        problem = _faces_problem(command["entered_dice"])
        if problem is not None:
            return ("entered_dice", *problem[0]), problem[1]
    events = command["events"]
    if not isinstance(events, list):
        return ("events",), _not_of_type(events, "array")
    if not events:
        return ("events",), "[] should be non-empty"
    if len(events) > MAX_EVENTS_PER_COMMAND:
        return ("events",), f"{events!r} is too long"
    for position, event in enumerate(events):
        problem = _event_problem(event)
        if problem is not None:
            return ("events", position, *problem[0]), problem[1]
    index_problem = _whole_number_problem(command["index"])
    if index_problem is not None:
        return ("index",), index_problem
    return None


def _event_problem(event: Any) -> tuple[Path, str] | None:
    if not isinstance(event, dict):
        return (), _not_of_type(event, "object")
    for name in ("step", "schema", "event"):
        if name not in event:
            return (), f"{name!r} is a required property"
    if "engine_version" in event:
        version = event["engine_version"]
        if not isinstance(version, str):
            return ("engine_version",), _not_of_type(version, "string")
        if len(version) > MAX_VERSION:
            return ("engine_version",), f"{version!r} is too long"
    engine_event = event["event"]
    if not isinstance(engine_event, dict):
        return ("event",), _not_of_type(engine_event, "object")
    if "type" not in engine_event:
        return ("event",), "'type' is a required property"
    for name in ("schema", "step"):
        number_problem = _whole_number_problem(event[name])
        if number_problem is not None:
            return (name,), number_problem
    return None


def _faces_problem(faces: Any) -> tuple[Path, str] | None:
    if faces is None:
        return None
    if not isinstance(faces, list):
        return (), _not_of_type(faces, "array", "null")
    for position, face in enumerate(faces):
        face_problem = _whole_number_problem(face)
        if face_problem is not None:
            return (position,), face_problem
    return None


def _whole_number_problem(value: Any) -> str | None:
    """``{"type": "integer", "minimum": 1}`` as jsonschema checks it (a float
    with no fraction counts as an integer; a boolean does not)."""
    whole = isinstance(value, int) or (isinstance(value, float) and value.is_integer())
    if not whole or isinstance(value, bool):
        return _not_of_type(value, "integer")
    if value < 1:
        return f"{value!r} is less than the minimum of 1"
    return None


def _not_of_type(value: Any, *types: str) -> str:
    return f"{value!r} is not of type {', '.join(repr(name) for name in types)}"


def _step_at(record: Any, path: Path) -> int | None:
    """The step of the event at ``path`` (commands/i/events/j/...), if it is one."""
    if len(path) < 4 or path[0] != "commands" or path[2] != "events":
        return None
    command_position, event_position = path[1], path[3]
    assert isinstance(command_position, int)
    assert isinstance(event_position, int)
    earlier = sum(len(command["events"]) for command in record["commands"][:command_position])
    return earlier + event_position + 1
