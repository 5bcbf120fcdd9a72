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

# The envelope (everything but the commands' items) is checked by JSON Schema;
# the commands and their events, one per step, by ``_command_problem``: the same
# rules as ``RECORD_SCHEMA`` with jsonschema's messages, at a fraction of the
# cost (jsonschema spent about 45 µs per event). A test checks that both agree.
_ENVELOPE_SCHEMA: dict[str, Any] = {
    **RECORD_SCHEMA,
    "properties": {**RECORD_SCHEMA["properties"], "commands": {"type": "array"}},
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
        raise RecordRejected(f"not a {FORMAT} record: at {where}: {message}", step=step)
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
    if "engine_version" in event and not isinstance(event["engine_version"], str):
        return ("engine_version",), _not_of_type(event["engine_version"], "string")
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
