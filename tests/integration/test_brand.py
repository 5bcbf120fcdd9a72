"""The 試合 logo is drawn (SVG paths, readable without a CJK font) and every page
links a favicon: SVG, with a PNG for browsers without SVG icons (issue 25, item 6)."""

from __future__ import annotations

import re
import struct

from flask import Flask


def test_the_logo_is_drawn_in_paths_not_written_in_a_cjk_font(sqlite_app: Flask) -> None:
    page = sqlite_app.test_client().get("/").get_data(as_text=True)
    brand = re.search(r'<a class="brand"[^>]*>(.*?)</a>', page, re.DOTALL)
    assert brand
    logo = re.search(r"<svg class=\"logo\"[^>]*>(.*?)</svg>", brand.group(1), re.DOTALL)
    assert logo, "the brand shows the SVG logo"
    assert 'aria-label="試合"' in brand.group(1), "read out as its name"
    assert len(re.findall(r"<path ", logo.group(1))) == 2, "one path a glyph"
    text = re.sub(r"<[^>]+>", "", brand.group(1))
    assert text.strip() == "Shiai", "no CJK character left to a font"


def test_every_page_links_a_favicon_that_is_served(sqlite_app: Flask) -> None:
    client = sqlite_app.test_client()
    page = client.get("/games").get_data(as_text=True)
    icons = dict(re.findall(r'<link rel="icon" href="([^"]+)" type="([^"]+)"', page))
    assert sorted(icons.values()) == ["image/png", "image/svg+xml"]
    for href, kind in icons.items():
        answer = client.get(href)
        assert answer.status_code == 200
        assert answer.mimetype == kind
    png = next(href for href, kind in icons.items() if kind == "image/png")
    header = client.get(png).get_data()
    assert header[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", header[16:24]) == (32, 32)
    touch = re.search(r'<link rel="apple-touch-icon" href="([^"]+)"', page)
    assert touch
    assert client.get(touch.group(1)).status_code == 200
