"""Hits: how many dice of a pool reach the hit number (4 means 4+ on a d6).

How many dice a unit rolls as it loses models is the tables' rule
(``Tables.attack_dice``, ``data/tables.json``).
"""

from __future__ import annotations

from collections.abc import Sequence


def hits(faces: Sequence[int], needed: int) -> int:
    """How many of ``faces`` reach ``needed``.

    >>> hits([1, 4, 6, 3], 4)
    2
    """
    return sum(1 for face in faces if face >= needed)
