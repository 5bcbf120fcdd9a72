"""Senjutsu's public catalogue for the browser scripts (``/systems/senjutsu/
catalogue.json``): cards, characters, kamae trees, battlefields and terrain, nothing
of any game."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from flask import Response, jsonify, request
from flask.typing import ResponseReturnValue

from engine.senjutsu import Catalogue


def plain(value: Any) -> Any:
    """A catalogue record as the contract's JSON: a dataclass's fields by their JSON
    names (``with_`` -> ``with``, ``from_`` -> ``from``), tuples as lists. Fields at
    null, false or an empty list are left out (absent fields take those defaults in
    the contract; numbers are kept: a cell of 0 wounds is not a cell of 1)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = ((f.name.rstrip("_"), getattr(value, f.name)) for f in dataclasses.fields(value))
        return {
            name: plain(item)
            for name, item in fields
            if item is not None and item is not False and item != ()
        }
    if isinstance(value, Mapping):
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    return value


def public_catalogue(catalogue: Catalogue) -> dict[str, Any]:
    """What the scripts read: every public record of ``catalogue`` (the one the
    platform's Senjutsu ruleset plays with) and its fingerprint."""
    return {
        "sample": catalogue.sample,
        "fingerprint": catalogue.fingerprint,
        "cards": {key: plain(card) for key, card in catalogue.cards.items()},
        "characters": {key: plain(c) for key, c in catalogue.characters.items()},
        "trees": {key: plain(tree) for key, tree in catalogue.trees.items()},
        "battlefields": {key: plain(b) for key, b in catalogue.battlefields.items()},
        "terrain": {key: plain(t) for key, t in catalogue.terrain_kinds.items()},
    }


def catalogue_view(catalogue: Catalogue) -> Callable[[], ResponseReturnValue]:
    """The view of ``/systems/senjutsu/catalogue.json``: ``catalogue``'s public JSON,
    built on first use, cached an hour and tagged with the fingerprint (other cards
    loaded after a restart are other content)."""

    @cache
    def document() -> dict[str, Any]:
        return public_catalogue(catalogue)

    def catalogue_json() -> ResponseReturnValue:
        response: Response = jsonify(document())
        response.cache_control.public = True
        response.cache_control.max_age = 3600
        response.set_etag(catalogue.fingerprint)
        return response.make_conditional(request)

    return catalogue_json
