"""The vendored plotly.js is a partial build: every trace type a figure of the
dashboards draws must be in it, or its chart would stay empty."""

from __future__ import annotations

import re
from pathlib import Path

import plotly.graph_objects as go
from plotly.basedatatypes import BaseTraceType  # type: ignore[import-untyped]

from dashboards.plotly_bundle import BUNDLE_FILE, TRACE_TYPES

ROOT = Path(__file__).parents[3]
BUNDLE = ROOT / "platform" / "shiai" / "static" / "vendor" / BUNDLE_FILE


def every_plotly_trace_type() -> set[str]:
    classes = (getattr(go, name) for name in dir(go) if name[:1].isupper())
    return {
        str(trace().type)
        for trace in classes
        if isinstance(trace, type) and issubclass(trace, BaseTraceType)
    }


def test_the_bundle_registers_the_trace_types_it_is_said_to_hold() -> None:
    registered = set(re.findall(r'moduleType:"trace",name:"(\w+)"', BUNDLE.read_text()))
    assert registered == TRACE_TYPES


def test_every_trace_type_the_figures_draw_is_in_the_bundle() -> None:
    traces = every_plotly_trace_type()
    assert {"bar", "scatter", "heatmap", "sankey"} <= traces  # the scan below can see them
    drawn = {
        name
        for source in (ROOT / "dashboards").glob("*.py")
        for name in re.findall(r'"type": "(\w+)"', source.read_text())
        if name in traces
    }
    assert drawn, "the figures draw some traces"
    assert drawn <= TRACE_TYPES, f"outside the vendored bundle: {sorted(drawn - TRACE_TYPES)}"
