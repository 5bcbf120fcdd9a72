"""A system's data folder: JSON files, each checked against its JSON schema.

A system that keeps its rules' numbers as data (Samurai Battles' units and tables, the
skirmish rules' weapons and warbands) ships them in a package folder, with a schema per
file under ``schemas/`` (``units.json`` has ``schemas/units.schema.json``), and lets a
player load a folder of their own in the same format. :class:`DataFiles` reads either,
and reports every problem at once through the system's own error type (built from the
list of problems), so a player who edits a file sees all that is wrong with it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator

Documents = list[tuple[str, Any]]
"""``(name, parsed document)`` pairs, in the order of the files."""


class DataFiles:
    """The files ``files`` of the folder ``folder`` of the package ``package``; ``error``
    builds the exception raised with a list of problems."""

    def __init__(
        self,
        package: str,
        folder: str,
        files: Sequence[str],
        error: Callable[[list[str]], Exception],
    ) -> None:
        self.package, self.folder, self.files, self.error = package, folder, tuple(files), error
        self._validator = cache(self._load_validator)

    def packaged(self) -> Documents:
        """The shipped files, named by file name."""
        root = resources.files(self.package) / self.folder
        return [
            (name, self._parse(root.joinpath(name).read_text(encoding="utf-8"), name))
            for name in self.files
        ]

    def read_folder(self, folder: Path | str) -> Documents:
        """The files of a user's ``folder``, named by path; every file that cannot be
        read or is not JSON is a problem, and all of them are raised together."""
        documents: Documents = []
        problems: list[str] = []
        for name in self.files:
            path = Path(folder) / name
            try:
                text = path.read_text(encoding="utf-8")
            except OSError as bad:
                problems.append(f"{path}: cannot be read ({bad.strerror})")
                continue
            try:
                documents.append((str(path), json.loads(text)))
            except json.JSONDecodeError as bad:
                problems.append(_not_json(str(path), bad))
        if problems:
            raise self.error(problems)
        return documents

    def schema_problems(self, file: str, name: str, document: Any) -> list[str]:
        """What breaks the schema of ``file`` in ``document`` (read from ``name``), by path."""
        errors = sorted(
            self._validator(file).iter_errors(document), key=lambda e: list(e.absolute_path)
        )
        return [
            f"{name}: {'/'.join(str(p) for p in error.absolute_path) or '(top)'}: {error.message}"
            for error in errors
        ]

    def _parse(self, text: str, name: str) -> Any:
        try:
            return json.loads(text)
        except json.JSONDecodeError as bad:
            raise self.error([_not_json(name, bad)]) from None

    def _load_validator(self, file: str) -> Draft202012Validator:
        root = resources.files(self.package) / self.folder / "schemas"
        text = root.joinpath(file.replace(".json", ".schema.json")).read_text("utf-8")
        return Draft202012Validator(json.loads(text))


def _not_json(name: str, bad: json.JSONDecodeError) -> str:
    return f"{name}: not JSON ({bad.msg}, line {bad.lineno})"
