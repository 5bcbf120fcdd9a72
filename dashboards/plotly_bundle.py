"""The plotly.js bundle the chart pages load: the partial "cartesian" build of
plotly.js, vendored under ``platform/shiai/static/vendor/`` (its README says where
it came from and how to refresh it), served by the platform itself (no CDN).

It holds only some trace types (``TRACE_TYPES``): a figure drawing another one
would show nothing, so the figures' tests check theirs against this set."""

from __future__ import annotations

PLOTLY_JS_VERSION = "4.1.1"
# npm's plotly.js-cartesian-dist-min: its file, renamed with its version.
BUNDLE_FILE = f"plotly-cartesian-{PLOTLY_JS_VERSION}.min.js"
# The trace modules the bundle registers (its README; checked against the file by a test).
TRACE_TYPES = frozenset(
    {
        "bar",
        "box",
        "contour",
        "heatmap",
        "histogram",
        "histogram2d",
        "histogram2dcontour",
        "image",
        "pie",
        "scatter",
        "scatterternary",
        "violin",
    }
)


def plotly_js_version() -> str:
    """The vendored plotly.js's version, which names its address, e.g. ``"4.1.1"``."""
    return PLOTLY_JS_VERSION
