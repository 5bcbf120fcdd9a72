"""Answers come compressed (brotli or gzip) when the client asks, and as they are
when it does not: pages, JSON, static files; a static file's ETag still answers a
revalidation with 304 once compressed (issue 25, item 6)."""

from __future__ import annotations

import gzip

import brotli
import pytest
from flask import Flask

PAGE = "/tools"
JSON = "/api/openapi.json"
STYLES = "/static/shiai.css"


@pytest.mark.parametrize("path", [PAGE, JSON, STYLES])
def test_an_answer_is_as_it_is_when_no_encoding_is_asked(sqlite_app: Flask, path: str) -> None:
    response = sqlite_app.test_client().get(path)
    assert response.status_code == 200
    assert "Content-Encoding" not in response.headers
    assert "Accept-Encoding" in response.headers["Vary"]


@pytest.mark.parametrize("path", [PAGE, JSON, STYLES])
def test_an_answer_comes_in_brotli_when_the_client_takes_it(sqlite_app: Flask, path: str) -> None:
    client = sqlite_app.test_client()
    plain = client.get(path).get_data()
    response = client.get(path, headers={"Accept-Encoding": "gzip, deflate, br, zstd"})
    assert response.status_code == 200
    assert response.headers["Content-Encoding"] == "br"
    body = response.get_data()
    assert len(body) < len(plain)
    if path != PAGE:  # a page carries a fresh CSP nonce each time
        assert brotli.decompress(body) == plain


@pytest.mark.parametrize("path", [PAGE, JSON, STYLES])
def test_an_answer_comes_in_gzip_to_a_client_without_brotli(sqlite_app: Flask, path: str) -> None:
    client = sqlite_app.test_client()
    plain = client.get(path).get_data()
    response = client.get(path, headers={"Accept-Encoding": "gzip"})
    assert response.headers["Content-Encoding"] == "gzip"
    if path != PAGE:
        assert gzip.decompress(response.get_data()) == plain


def test_a_compressed_static_file_still_answers_a_revalidation_with_304(
    sqlite_app: Flask,
) -> None:
    client = sqlite_app.test_client()
    asked = {"Accept-Encoding": "br"}
    first = client.get(STYLES, headers=asked)
    etag = first.headers["ETag"]
    assert etag.endswith(':br"')
    again = client.get(STYLES, headers={**asked, "If-None-Match": etag})
    assert again.status_code == 304
    assert again.get_data() == b""
