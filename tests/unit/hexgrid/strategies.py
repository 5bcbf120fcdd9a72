"""Hypothesis strategies for the hex-grid tests: hexes near the origin, facings."""

from __future__ import annotations

from hypothesis import settings
from hypothesis import strategies as st

from engine.hexgrid import Facing, Hex

coordinate = st.integers(min_value=-12, max_value=12)
hexes = st.builds(Hex, coordinate, coordinate)
near = st.builds(Hex, st.integers(-4, 4), st.integers(-4, 4))
facings = st.sampled_from(list(Facing))

# Exact rational geometry is slow-ish, and the machine is shared: no deadline.
exact = settings(deadline=None)
