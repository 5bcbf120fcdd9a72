"""A line's effects as tasks: consecutive steps and rotations are ONE move (Move
Effects > Sequencing Of Movement), the rest one task each, in order."""

from __future__ import annotations

from engine.senjutsu.effects.frames import Json, task

MOVES = ("step", "rotate")
_OWN_TASKS = {
    "attack": "attack",
    "ranged_attack": "ranged",
    "ranged": "ranged",
    "block": "block",
    "focus": "focus",
    "kamae_change": "kamae",
    "kamae_switch": "switch",
}


def effect_tasks(
    effects: list[Json], target: str | None = None, *, kamae_line: bool = False
) -> list[Json]:
    """The tasks of a line's effects, in order: consecutive steps and rotations
    become one ``move`` task."""
    tasks: list[Json] = []
    moves: list[Json] = []

    def flush() -> None:
        if moves:
            mandatory = any(bool(m.get("mandatory")) for m in moves)
            tasks.append(
                task(
                    "move",
                    moves=list(moves),
                    mandatory=mandatory or kamae_line,
                    kamae_line=kamae_line,
                )
            )
            moves.clear()

    for effect in effects:
        do = effect["do"]
        if do in MOVES and target is None:
            moves.append(effect)
            continue
        flush()
        if do == "or":
            tasks.append(task("or", options=effect["options"]))
        elif do in _OWN_TASKS and target is None:
            tasks.append(task(_OWN_TASKS[do], effect=effect))
        else:
            tasks.append(task("effect", effect=effect, target=target))
    flush()
    return tasks


def line_tasks(lines: list[Json]) -> list[Json]:
    """One ``line`` task per LINE, top to bottom."""
    return [task("line", line=line) for line in lines]
