"""Battle scenarios, as data: the table, its minimum scenery, the deployment
zones, the special rules, the victory points and the end conditions.

The living rules send players to a "Battle Scenarios" section that the
rulebook text does not contain, so Shiai ships scenarios of its own in
``data/scenarios/`` (labelled as sample data), each checked against
``data/schemas/scenario.schema.json`` and then for sense (zones and scenery on
the table, objectives named by the victory rules). Lengths are whole
centimetres in the files and tenths of a millimetre in the engine. The victory
rules are scored by ``engine.kensei.turn.scoring``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from shapely.geometry import Polygon

from engine.kensei.army.catalogue import data_root, parse_json, schema_problems
from engine.kensei.army.profiles import CatalogueError

CM = 100  # tenths of a millimetre per centimetre
SCENARIOS_FOLDER = "scenarios"
DEFAULT_SCENARIO = "pitched-battle"
RANDOM_SCENARIO = "random"  # Game System > 3: "Randomly choose one of the existing ones"


class ScenarioError(CatalogueError):
    """A scenario file is invalid; ``problems`` lists every problem."""

    def __init__(self, problems: Iterable[str]) -> None:
        super().__init__(list(problems), what="Kensei scenario data")


def load_scenarios() -> dict[str, dict[str, Any]]:
    """Every shipped scenario by id (sorted by id), in engine units."""
    folder = data_root().joinpath(SCENARIOS_FOLDER)
    documents = {}
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".json"):
            name = f"{SCENARIOS_FOLDER}/{entry.name}"
            text = entry.read_text(encoding="utf-8")
            documents[name] = parse_json(text, name, error=ScenarioError)
    found = scenarios_from_documents(documents)
    if DEFAULT_SCENARIO not in found:
        missing = f"{SCENARIOS_FOLDER}: the default scenario {DEFAULT_SCENARIO} is missing"
        raise ScenarioError([missing])
    return {DEFAULT_SCENARIO: found[DEFAULT_SCENARIO]} | found


def scenarios_from_documents(documents: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """Check scenario documents (keyed by file name) and convert them; every
    problem of every file is reported at once."""
    problems: list[str] = []
    scenarios: dict[str, dict[str, Any]] = {}
    for name, document in documents.items():
        found = schema_problems(name, document, "scenario")
        if not found:
            found = [f"{name}: {problem}" for problem in _sense_problems(name, document)]
        if not found and document["id"] in scenarios:
            found = [f"{name}: the scenario id {document['id']} is used twice"]
        problems.extend(found)
        if not found:
            scenarios[document["id"]] = _in_engine_units(document)
    if problems:
        raise ScenarioError(problems)
    return dict(sorted(scenarios.items()))


def _sense_problems(name: str, document: Mapping[str, Any]) -> list[str]:
    problems = []
    if name.rsplit("/", 1)[-1] != f"{document['id']}.json":
        problems.append(f"the file name must be {document['id']}.json")
    width: int = document["table"]["width"]
    height: int = document["table"]["height"]

    def on_table(x: int, y: int) -> bool:
        return 0 <= x <= width and 0 <= y <= height

    for side, (x0, y0, x1, y1) in document["zones"].items():
        if not (x0 < x1 and y0 < y1 and on_table(x0, y0) and on_table(x1, y1)):
            problems.append(f"zone {side}: [x0, y0, x1, y1] must be a rectangle on the table")
    a, b = document["zones"]["A"], document["zones"]["B"]
    if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]:
        problems.append("the deployment zones of A and B overlap")
    for piece in document["scenery"]:
        if not all(on_table(x, y) for x, y in piece["points"]):
            problems.append(f"scenery {piece['id']}: every point must be on the table")
        elif not Polygon(piece["points"]).is_valid or Polygon(piece["points"]).area == 0:
            problems.append(f"scenery {piece['id']}: the points must make a simple polygon")
    objectives = {objective["id"] for objective in document["objectives"]}
    for objective in document["objectives"]:
        if not on_table(objective["x"], objective["y"]):
            problems.append(f"objective {objective['id']}: it must be on the table")
    for rule in document["victory"]:
        if rule["kind"] == "objective" and rule["objective"] not in objectives:
            problems.append(f"victory: no objective {rule['objective']!r} is defined")
    check = document["end_check"]
    if check is not None and check["from_turn"] > document["last_turn"]:
        problems.append("end_check: from_turn is after the last turn")
    return problems


def _in_engine_units(document: Mapping[str, Any]) -> dict[str, Any]:
    table = document["table"]
    return {
        "id": document["id"],
        "name": document["name"],
        "sample": document["sample"],
        "description": document["description"],
        "table": {"width": table["width"] * CM, "height": table["height"] * CM},
        "zones": {side: [v * CM for v in zone] for side, zone in document["zones"].items()},
        "scenery": [
            {**piece, "points": [[x * CM, y * CM] for x, y in piece["points"]]}
            for piece in document["scenery"]
        ],
        "extra_scenery": document["extra_scenery"],
        "last_turn": document["last_turn"],
        "end_check": document["end_check"],
        "objectives": [
            {**o, "x": o["x"] * CM, "y": o["y"] * CM, "radius": o["radius"] * CM}
            for o in document["objectives"]
        ],
        "victory": [dict(rule) for rule in document["victory"]],
    }


def scenario_state(scenario: Mapping[str, Any]) -> dict[str, Any]:
    """What a battle's state keeps of its scenario (the scenery goes on the table)."""
    return {
        "id": scenario["id"],
        "name": scenario["name"],
        "zones": {side: list(zone) for side, zone in scenario["zones"].items()},
        "last_turn": scenario["last_turn"],
        "end_check": None if scenario["end_check"] is None else dict(scenario["end_check"]),
        "objectives": [dict(objective) for objective in scenario["objectives"]],
        "victory": [dict(rule) for rule in scenario["victory"]],
    }


SCENARIOS: dict[str, dict[str, Any]] = load_scenarios()
