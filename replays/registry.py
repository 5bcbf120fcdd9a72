"""The installed rulesets, by id.

The Game aggregate folds engine events through its ruleset whenever it is
reconstructed, including by the event store on replay, where nothing can be
passed in; so installed rulesets are kept here, process-wide, like codecs.
Rulesets are pure and stateless, so sharing them is safe.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from typing import Any

from engine.core import Ruleset
from replays.errors import UnknownRuleset

_installed: dict[str, Ruleset] = {}


def install(rulesets: Iterable[Ruleset]) -> None:
    """Install rulesets; installing the same id again replaces it."""
    for ruleset in rulesets:
        _installed[ruleset.id] = ruleset


def get(ruleset_id: str) -> Ruleset:
    try:
        return _installed[ruleset_id]
    except KeyError:
        raise UnknownRuleset(ruleset_id) from None


def installed() -> list[Ruleset]:
    return [_installed[key] for key in sorted(_installed)]


def load(spec: str) -> Ruleset:
    """Load a ruleset from ``"package.module:ClassName"`` and instantiate it (a
    platform plug-in named after it, ``"...=module:Plugin"``, is not the engine's)."""
    ruleset = named_object(spec.partition("=")[0].strip(), "ruleset")()
    if not isinstance(ruleset, Ruleset):
        raise TypeError(f"{spec} is not a Ruleset")
    return ruleset


def named_object(spec: str, what: str) -> Any:
    """The object ``"package.module:Name"`` names (``what`` says what it should be,
    for the error)."""
    module_name, _, attribute = spec.partition(":")
    if not module_name or not attribute:
        raise ValueError(f"{what} spec {spec!r} is not of the form 'module:ClassName'")
    return getattr(importlib.import_module(module_name), attribute)
