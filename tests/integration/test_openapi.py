"""The OpenAPI document: a valid OpenAPI 3.1 document that matches the routes.

test_api.py holds every answer of the API to this document; these tests hold
the document to OpenAPI and to the application's URL map, in both directions.
No database is needed: the routes are read, never called.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from jsonschema import Draft202012Validator
from referencing import Registry
from referencing.exceptions import Unresolvable
from referencing.jsonschema import DRAFT202012

from replays.record_file import RECORD_SCHEMA
from shiai import create_app
from shiai.openapi import SCHEMAS, document, request_schema
from shiai.web import api as api_module

HTTP_METHODS = {"get", "put", "post", "delete", "options", "head", "patch", "trace"}
DOCUMENT = document()


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    """The platform, for its URL map only: the database file is never created."""
    flask_app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test-only",
            "SHIAI_DATABASE_URL": f"sqlite:///{tmp_path / 'unused.db'}",
            "SHIAI_RULESETS": [],
        }
    )
    yield flask_app
    flask_app.extensions["shiai"].close()


def routed_operations(app: Flask) -> set[tuple[str, str]]:
    """(method, OpenAPI path) of every route under /api; Flask's automatic
    HEAD and OPTIONS are not operations of their own."""
    return {
        (method.lower(), re.sub(r"<(?:[^<>:]+:)?([^<>]+)>", r"{\1}", rule.rule))
        for rule in app.url_map.iter_rules()
        if rule.rule.startswith("/api/")
        for method in rule.methods or ()
        if method not in ("HEAD", "OPTIONS")
    }


def documented_operations(doc: dict[str, Any]) -> set[tuple[str, str]]:
    return {
        (method, path)
        for path, item in doc["paths"].items()
        for method in item
        if method in HTTP_METHODS
    }


def operations(doc: dict[str, Any]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    for path, item in doc["paths"].items():
        for method, operation in item.items():
            if method in HTTP_METHODS:
                yield method, path, operation


def refs(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str):
                yield value
            else:
                yield from refs(value)
    elif isinstance(node, list):
        for item in node:
            yield from refs(item)


def test_the_document_is_valid_openapi_3_1() -> None:
    """Checked by openapi-spec-validator, where it is installed (not a dev dependency yet)."""
    validator = pytest.importorskip(
        "openapi_spec_validator", reason="pip install openapi-spec-validator to run this check"
    )
    validator.validate(DOCUMENT)


def test_the_document_has_the_shape_of_openapi_3_1() -> None:
    """The structural checks that stand in for a full validator."""
    assert DOCUMENT["openapi"] == "3.1.0"
    assert DOCUMENT["info"]["title"]
    assert re.fullmatch(r"\d+\.\d+\.\d+", DOCUMENT["info"]["version"])
    assert set(DOCUMENT) <= {
        "openapi", "info", "jsonSchemaDialect", "servers", "paths", "webhooks",
        "components", "security", "tags", "externalDocs",
    }  # fmt: skip

    operation_ids = [operation["operationId"] for _, _, operation in operations(DOCUMENT)]
    assert len(operation_ids) == len(set(operation_ids)), "operationIds are unique"

    for method, path, operation in operations(DOCUMENT):
        where = f"{method.upper()} {path}"
        assert path.startswith("/api/"), where
        assert operation["summary"], where
        assert operation["responses"], where
        for status, response in operation["responses"].items():
            assert re.fullmatch(r"[1-5][0-9][0-9]", status), f"{where}: status {status!r}"
            assert response["description"], f"{where} {status} has no description"
        templated = set(re.findall(r"{([^{}]+)}", path))
        declared = {
            parameter["name"]
            for parameter in operation.get("parameters", [])
            if parameter["in"] == "path"
        }
        assert declared == templated, f"{where}: path parameters {declared} vs {templated}"
        for parameter in operation.get("parameters", []):
            assert parameter["in"] in ("path", "query", "header", "cookie"), where
            assert "schema" in parameter, where
            if parameter["in"] == "path":
                assert parameter["required"] is True, f"{where}: {parameter['name']}"
        if "requestBody" in operation:
            assert "schema" in operation["requestBody"]["content"]["application/json"], where


def test_every_write_names_its_security_and_documents_401_and_reads_need_none() -> None:
    """Every write takes an API token or the signed-in session (shiai.web.auth):
    the document says so, with the schemes it names defined, and a 401 for a
    caller without an account. Reads are public."""
    schemes = DOCUMENT["components"]["securitySchemes"]
    assert schemes["apiToken"] == {**schemes["apiToken"], "type": "http", "scheme": "bearer"}
    assert schemes["sessionCookie"]["in"] == "cookie"
    for method, path, operation in operations(DOCUMENT):
        where = f"{method.upper()} {path}"
        if method == "get":
            assert "security" not in operation, where
            continue
        assert operation["security"] == [{"apiToken": []}, {"sessionCookie": []}], where
        assert {name for requirement in operation["security"] for name in requirement} <= set(
            schemes
        )
        assert "401" in operation["responses"], where
        assert "WWW-Authenticate" in operation["responses"]["401"]["headers"], where
    commands = DOCUMENT["paths"]["/api/games/{game_id}/commands"]["post"]
    assert "403" in commands["responses"]


def test_every_schema_is_a_valid_json_schema_and_every_ref_resolves() -> None:
    for name, schema in DOCUMENT["components"]["schemas"].items():
        try:
            Draft202012Validator.check_schema(schema)
        except Exception as error:
            raise AssertionError(f"components/schemas/{name}: {error}") from error

    resolver = (
        Registry()
        .with_resource("urn:doc", DRAFT202012.create_resource(DOCUMENT))
        .resolver("urn:doc")
    )
    found = set(refs(DOCUMENT))
    assert found, "the document uses $ref"
    for ref in found:
        assert ref.startswith("#/components/"), f"{ref} points outside the document"
        try:
            resolver.lookup(ref)
        except Unresolvable as error:
            raise AssertionError(f"{ref} does not resolve") from error


def test_every_api_route_is_documented_and_every_documented_operation_is_routed(
    app: Flask,
) -> None:
    routed = routed_operations(app)
    documented = documented_operations(DOCUMENT)
    assert routed, "the API has routes"
    assert routed - documented == set(), "routes missing from the OpenAPI document"
    assert documented - routed == set(), "documented operations with no route"


def test_an_undocumented_route_would_be_caught(app: Flask) -> None:
    """The comparison above is not vacuous: a new route shows up in it."""
    app.add_url_rule("/api/games/<uuid:game_id>/undo", "undo", lambda game_id: "", methods=["POST"])
    assert routed_operations(app) - documented_operations(DOCUMENT) == {
        ("post", "/api/games/{game_id}/undo")
    }


def test_requests_are_validated_by_the_schemas_the_document_publishes() -> None:
    """The API checks request bodies with the documented schemas, not copies of them."""
    request_bodies = {
        (method, path): operation["requestBody"]["content"]["application/json"]["schema"]
        for method, path, operation in operations(DOCUMENT)
        if "requestBody" in operation
    }
    assert request_bodies == {
        ("post", "/api/games"): {"$ref": "#/components/schemas/NewGame"},
        ("post", "/api/games/{game_id}/commands"): {"$ref": "#/components/schemas/CommandRequest"},
        ("post", "/api/records"): {"$ref": "#/components/schemas/GameRecord"},
        ("patch", "/api/studies/{study_id}"): {"$ref": "#/components/schemas/StudyChange"},
        ("put", "/api/studies/{study_id}/annotations/{step}"): {
            "$ref": "#/components/schemas/StudyAnnotation"
        },
        # Documented; checked by replays.studies.checked_import with the same limits, to
        # name every problem by its path in the file (not the first schema mismatch).
        ("post", "/api/studies/import"): {"$ref": "#/components/schemas/StudyImport"},
        ("post", "/api/imports"): {"$ref": "#/components/schemas/ImportEvents"},
    }
    for name, validator in api_module._validators.items():
        assert validator.schema is request_schema(name) is SCHEMAS[name]


def test_the_record_schema_is_the_record_files_own() -> None:
    record = DOCUMENT["components"]["schemas"]["GameRecord"]
    assert record["properties"] == RECORD_SCHEMA["properties"]
    assert record["required"] == RECORD_SCHEMA["required"]


def test_every_error_status_answers_with_the_error_schema() -> None:
    for method, path, operation in operations(DOCUMENT):
        for status, response in operation["responses"].items():
            if int(status) >= 400:
                schema = response["content"]["application/json"]["schema"]
                assert schema == {"$ref": "#/components/schemas/Error"}, (method, path, status)
