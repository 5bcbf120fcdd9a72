"""Battle scenarios: the table, its minimum scenery and the deployment zones.

The living rules send players to a "Battle Scenarios" section that the
rulebook text does not contain, so Shiai ships one scenario of its own,
**Pitched battle**, labelled as sample data: two deployment zones 20 cm deep
along the long edges of a 120 x 90 cm table, five pieces of scenery of the
three kinds, the battle ending after turn 5 and scored with the battle
points of the end-of-battle check (1 per leader, 2 for the general). Part
III of the engine brings the scenario deck; a scenario is plain data so it
slots in.
"""

from __future__ import annotations

from typing import Any

CM = 100  # tenths of a millimetre per centimetre

PITCHED_BATTLE: dict[str, Any] = {
    "id": "pitched-battle",
    "name": "Pitched battle",
    "sample": True,
    "table": {"width": 120 * CM, "height": 90 * CM},
    # Rectangles [x0, y0, x1, y1]: side A along the bottom edge, B along the top.
    "zones": {"A": [0, 0, 120 * CM, 20 * CM], "B": [0, 70 * CM, 120 * CM, 90 * CM]},
    "last_turn": 5,
    "scenery": [
        {
            "id": "wood",
            "name": "Bamboo wood",
            "kind": "difficult",
            "height": 3,
            "points": [
                [25 * CM, 38 * CM],
                [40 * CM, 36 * CM],
                [42 * CM, 50 * CM],
                [27 * CM, 52 * CM],
            ],
        },
        {
            "id": "rocks",
            "name": "Rocks",
            "kind": "impassable",
            "height": 2,
            "points": [
                [78 * CM, 40 * CM],
                [88 * CM, 41 * CM],
                [86 * CM, 49 * CM],
                [79 * CM, 48 * CM],
            ],
        },
        {
            "id": "fence",
            "name": "Fence",
            "kind": "normal",
            "height": 1,
            "points": [
                [52 * CM, 30 * CM],
                [68 * CM, 30 * CM],
                [68 * CM, 31 * CM],
                [52 * CM, 31 * CM],
            ],
        },
        {
            "id": "paddy",
            "name": "Rice paddy",
            "kind": "difficult",
            "height": 0,
            "points": [
                [55 * CM, 55 * CM],
                [70 * CM, 55 * CM],
                [70 * CM, 63 * CM],
                [55 * CM, 63 * CM],
            ],
        },
        {
            "id": "shrine",
            "name": "Shrine",
            "kind": "impassable",
            "height": 4,
            "points": [
                [8 * CM, 62 * CM],
                [14 * CM, 62 * CM],
                [14 * CM, 67 * CM],
                [8 * CM, 67 * CM],
            ],
        },
    ],
}

SCENARIOS: dict[str, dict[str, Any]] = {PITCHED_BATTLE["id"]: PITCHED_BATTLE}
