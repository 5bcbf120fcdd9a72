"""No import cycle in ``engine/``: every import counted, the ones inside functions and
under ``TYPE_CHECKING`` too (they are how cycles hide). A cycle is listed module by
module so it can be broken where it should be."""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parents[2]


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph(package: str = "engine") -> nx.DiGraph:
    """Modules of ``package`` and the modules of ``package`` each imports (a package's
    own ``__init__`` is not counted as imported by its modules)."""
    modules = {module_name(p): p for p in sorted((ROOT / package).rglob("*.py"))}
    graph = nx.DiGraph()
    graph.add_nodes_from(modules)
    for name, path in modules.items():
        is_package = path.name == "__init__.py"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = name.split(".") if is_package else name.split(".")[:-1]
                    anchor = anchor[: len(anchor) - node.level + 1]
                    base = ".".join([*anchor, *([base] if base else [])])
                targets = [
                    f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                    for alias in node.names
                ]
            for target in targets:
                if target in modules and target != name:
                    graph.add_edge(name, target)
    return graph


def test_the_engine_has_no_import_cycle() -> None:
    cycles = [
        sorted(component)
        for component in nx.strongly_connected_components(import_graph())
        if len(component) > 1
    ]
    listed = "\n".join(" <-> ".join(component) for component in sorted(cycles))
    assert not cycles, f"import cycles in engine/:\n{listed}"


def test_the_cycle_finder_finds_a_cycle(tmp_path: Path) -> None:
    graph = nx.DiGraph([("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")])
    found = [c for c in nx.strongly_connected_components(graph) if len(c) > 1]
    assert found == [{"a", "b", "c"}]
