"""The plotly.js bundle of the installed plotly package, for pages to serve
themselves (no CDN): its file and the version that names its address."""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path

from plotly.offline import get_plotlyjs_version  # type: ignore[import-untyped]


@cache
def plotly_js_version() -> str:
    """plotly.js's version inside the installed plotly package, e.g. ``"4.1.1"``."""
    version: str = get_plotlyjs_version()
    return version


def plotly_js_path() -> Path:
    """The bundle's file in the installed package (``plotly/package_data``)."""
    found = resources.files("plotly") / "package_data" / "plotly.min.js"
    return Path(str(found))
