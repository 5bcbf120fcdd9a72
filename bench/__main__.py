"""Run the benchmarks: ``python -m bench`` runs them all, ``python -m bench store swiss``
the ones named. Each is a module ``bench.<name>`` with a ``main()`` that prints figures
as ``name: value unit`` lines; the machine is printed first as ``#`` comment lines."""

from __future__ import annotations

import importlib
import pkgutil
import sys
from collections.abc import Callable

import bench
from bench._util import machine_lines

# The benchmarks in the order they run; any other public bench.<name> module
# with a main() runs after them, by name.
BENCHES = ("store", "swiss")


def available() -> list[str]:
    """The benchmarks there are: those of ``BENCHES`` first, then any other, by name."""
    present = {info.name for info in pkgutil.iter_modules(bench.__path__)}
    others = sorted(name for name in present if not name.startswith("_"))
    return [name for name in BENCHES if name in present] + [
        name for name in others if name not in BENCHES
    ]


def load(name: str) -> Callable[[], object] | None:
    """The ``main`` of ``bench.<name>``, or ``None`` if there is no such benchmark."""
    module_name = f"bench.{name}"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name == module_name:
            return None
        raise
    entry = getattr(module, "main", None)
    return entry if callable(entry) else None


def main(argv: list[str]) -> int:
    names = argv or available()
    entries = {name: load(name) for name in names}
    missing = [name for name, entry in entries.items() if entry is None]
    if argv and missing:
        print(f"unknown benchmark(s): {', '.join(missing)}", file=sys.stderr)
        print(f"available: {', '.join(available())}", file=sys.stderr)
        return 2
    for line in machine_lines():
        print(line)
    for name, entry in entries.items():
        if entry is None:
            continue
        print(f"# bench.{name}", flush=True)
        # A benchmark's main() may parse sys.argv: it gets none of ours.
        saved, sys.argv = sys.argv, [f"bench.{name}"]
        try:
            entry()
        finally:
            sys.argv = saved
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
