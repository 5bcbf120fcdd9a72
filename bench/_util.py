"""Shared helpers for the benchmarks: machine header, figure lines, timing, databases."""

from __future__ import annotations

import cProfile
import os
import platform
import statistics
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import create_engine, make_url, text
from sqlalchemy.exc import OperationalError

from engine import kensei

# The server to create benchmark databases on (its own database is only used to connect).
POSTGRES_ADMIN_URL = os.environ.get(
    "SHIAI_BENCH_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"
)
POSTGRES_BENCH_DATABASE = "shiai_bench"


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def machine_lines() -> list[str]:
    """The machine a run measured, as '#' comment lines."""
    return [
        f"# machine: {os.cpu_count()} cores, {cpu_model()}",
        f"# python: {platform.python_implementation()} {platform.python_version()}"
        f" on {platform.system()} {platform.release()}",
        f"# kensei engine: {'compiled (mypyc)' if kensei.compiled() else 'interpreted'}",
    ]


def figure(name: str, value: float, unit: str) -> None:
    """Print one figure as ``name: value unit`` (flushed, so progress shows)."""
    print(f"{name}: {_round(value)} {unit}", flush=True)


def note(message: str) -> None:
    print(f"# {message}", flush=True)


def _round(value: float) -> str:
    magnitude = abs(value)
    if magnitude >= 100:
        return f"{value:.0f}"
    if magnitude >= 10:
        return f"{value:.1f}"
    if magnitude >= 1:
        return f"{value:.2f}"
    return f"{value:.3f}"


def median(samples: Sequence[float]) -> float:
    return statistics.median(samples)


def percentile(samples: Sequence[float], fraction: float) -> float:
    """The ``fraction`` percentile (nearest rank) of ``samples``."""
    ordered = sorted(samples)
    rank = max(0, min(len(ordered) - 1, round(fraction * len(ordered) + 0.5) - 1))
    return ordered[rank]


@contextmanager
def sqlite_database() -> Iterator[str]:
    """A URL for an empty SQLite file in a temporary directory (removed afterwards)."""
    with tempfile.TemporaryDirectory(prefix="shiai-bench-") as directory:
        yield f"sqlite:///{Path(directory) / 'bench.db'}"


def postgres_problem() -> str | None:
    """Why the PostgreSQL server cannot be used, or ``None`` if it can."""
    try:
        admin = create_engine(POSTGRES_ADMIN_URL)
        with admin.connect() as conn:
            conn.execute(text("select 1"))
        admin.dispose()
    except OperationalError as error:
        return str(error).splitlines()[0]
    return None


@contextmanager
def postgres_database(name: str = POSTGRES_BENCH_DATABASE) -> Iterator[str]:
    """A URL for an empty PostgreSQL database ``name``: dropped and re-created
    on entry, dropped on exit."""
    admin = create_engine(POSTGRES_ADMIN_URL, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            conn.execute(text(f'CREATE DATABASE "{name}"'))
        yield make_url(POSTGRES_ADMIN_URL).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@contextmanager
def profiled(label: str) -> Iterator[None]:
    """Profile the block with cProfile when SHIAI_BENCH_PROFILE names a directory:
    the stats go to ``<directory>/<label>.prof`` (read them with ``python -m pstats``).
    Profiling slows the code down: figures of a profiled run are not comparable."""
    directory = os.environ.get("SHIAI_BENCH_PROFILE")
    if not directory:
        yield
        return
    profile = cProfile.Profile()
    profile.enable()
    try:
        yield
    finally:
        profile.disable()
        Path(directory).mkdir(parents=True, exist_ok=True)
        profile.dump_stats(Path(directory) / f"{label}.prof")
