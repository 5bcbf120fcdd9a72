"""Benchmark: pair round 7 of generated Swiss tournaments.

For each field size, rounds 1-6 are paired and given random results first
(untimed); then round 7 is paired and timed. Prints::

    swiss.pair_round.<N>: <seconds> s
    swiss.squared_score_diff.<N>: <value> points^2

Run with ``python -m bench.swiss`` (``--sizes 64 256`` to choose sizes).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

from shiai.tournaments.swiss import pair_round
from tests.support.tournament_generator import generate_tournament, play

SIZES = (64, 256, 1000, 2000)
ROUND = 7
SEED = 20240607


def measure(size: int, seed: int = SEED) -> tuple[float, float]:
    """Seconds to pair round 7 of a ``size``-player tournament, and its total
    squared score difference."""
    generated = generate_tournament(seed + size, players=size, rounds=ROUND)
    history = play(generated, rounds=ROUND - 1)
    started = time.perf_counter()
    proposal = pair_round(history, seed=generated.seed)
    elapsed = time.perf_counter() - started
    return elapsed, proposal.squared_score_difference


def main(argv: Sequence[str] | None = None) -> None:
    """Print the figures for every size."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--sizes", type=int, nargs="*", default=list(SIZES))
    args = parser.parse_args(argv)
    for size in args.sizes:
        elapsed, squared = measure(size)
        print(f"swiss.pair_round.{size}: {elapsed:.3f} s", flush=True)
        print(f"swiss.squared_score_diff.{size}: {squared:g} points^2", flush=True)


if __name__ == "__main__":
    main()
