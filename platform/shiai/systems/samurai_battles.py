"""Samurai Battles' plug-in: its new-game form (a scenario of the catalogue, shown with
its board, armies and turn limit; who plays each army is chosen by the page's common
fields: a bot, hot-seat on one screen, or an invited player), its viewer and play
scripts (``static/systems/samurai-battles/``: the hex battlefield with the zones and
the written orders, the replay of the reveal and of the movement hex by hex, and the
orders control), and the public catalogue those scripts read
(``/systems/samurai-battles/catalogue.json``: unit types, terrain kinds, scenarios'
and clans' names, nothing of any game). A finished game's replay reads whole
states, which name unit types and terrain by id only: the catalogue names them.

The set-up the form builds is the one ``engine.samurai_battles`` starts from::

    {"scenario": id}

A set-up typed in as JSON (the generic form's field, kept below the scenarios) may
add the engine's overrides.

The catalogue is the packaged sample data, or the folder of data files named by the
setting ``SHIAI_SAMURAI_BATTLES_DATA`` (``configured``): a user who owns the base game
points it at the real unit cards and tables. A folder that does not load stops the
platform at start-up, with every problem named.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, jsonify, request
from flask.typing import ResponseReturnValue

from engine.core import InvalidCommand, Setup
from engine.samurai_battles import Catalogue, CatalogueError, SamuraiBattles, load_catalogue
from shiai.config import ConfigurationError
from shiai.systems import Files, Form, Scripts, SystemPlugin

# The setting naming a folder of the user's own data files (units, terrain, tables,
# scenarios).
DATA_SETTING = "SHIAI_SAMURAI_BATTLES_DATA"
# The longest value the form's scenario field takes.
MAX_FIELD = 100


@dataclass(frozen=True)
class ScenarioChoice:
    """A scenario the form offers: its id, name and description, and what a player
    reads before choosing (the board's size, each army's clan and units, the turns)."""

    key: str
    name: str
    description: str
    board: str
    armies: str
    turns: int


def load_data(folder: str) -> Catalogue:
    """The catalogue of the data files in ``folder``; ``ConfigurationError`` naming the
    setting, then every problem (each names its file and field)."""
    try:
        return load_catalogue(Path(folder))
    except CatalogueError as bad:
        problems = "\n".join(f"  {problem}" for problem in bad.problems)
        raise ConfigurationError(
            f"{DATA_SETTING}: the Samurai Battles data files in {folder} do not load:\n{problems}"
        ) from None


def public_catalogue(catalogue: Catalogue) -> dict[str, Any]:
    """What the scripts read: every unit type and terrain kind, the scenarios' and
    clans' names, and the data's fingerprint."""
    return {
        "sample": catalogue.sample,
        "fingerprint": catalogue.fingerprint,
        "units": {key: kind.to_json() for key, kind in catalogue.unit_types.items()},
        "terrain": {
            key: {
                "name": kind.name,
                "blocks_sight": kind.blocks_sight,
                "impassable": kind.impassable,
                "ambush": kind.ambush,
                "defence_dice": kind.defence_dice,
                "forbids": {category: list(orders) for category, orders in kind.forbids.items()},
            }
            for key, kind in catalogue.terrain_kinds.items()
        },
        "scenarios": {key: s.name for key, s in catalogue.scenarios.items()},
        "clans": {clan.id: clan.name for clan in catalogue.clans},
    }


def catalogue_view(catalogue: Catalogue) -> Callable[[], ResponseReturnValue]:
    """The view of ``/systems/samurai-battles/catalogue.json``: ``catalogue``'s public
    JSON, built on first use, cached an hour and tagged with the fingerprint."""

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


def scenario_choices(catalogue: Catalogue) -> list[ScenarioChoice]:
    """The scenarios in the data's order, smallest first as the sample lists them."""
    choices = []
    for key, scenario in catalogue.scenarios.items():
        rows = len({hex_.r for hex_ in scenario.board.hexes})
        size = len(scenario.board.hexes)
        board = f"{size} hexes" + (
            f", {size // rows} by {rows}" if rows and size % rows == 0 else ""
        )
        armies = " against ".join(
            f"{catalogue.clan_name(army.faction)} ({len(army.units)} units)"
            for _, army in sorted(scenario.armies.items())
        )
        choices.append(
            ScenarioChoice(
                key=key,
                name=scenario.name,
                description=scenario.description,
                board=board,
                armies=armies,
                turns=scenario.turns,
            )
        )
    return choices


class SamuraiBattlesPlugin(SystemPlugin):
    form_template = "systems/samurai-battles/form.html"
    scripts = Scripts(
        replay="systems/samurai-battles/replay.js",
        board="systems/samurai-battles/board.js",
        play="systems/samurai-battles/play.js",
    )

    @property
    def catalogue(self) -> Catalogue:
        """The catalogue the ruleset plays with (the packaged one unless configured)."""
        found = getattr(self.ruleset, "catalogue", None)
        return found if isinstance(found, Catalogue) else load_catalogue()

    def configured(self, settings: Mapping[str, Any]) -> SamuraiBattlesPlugin:
        """On a ruleset with the data of ``SHIAI_SAMURAI_BATTLES_DATA``, if set."""
        folder = settings.get(DATA_SETTING)
        if not folder:
            return self
        return SamuraiBattlesPlugin(SamuraiBattles(load_data(str(folder))))

    def blueprint(self) -> Blueprint:
        bp = Blueprint("samurai_battles", __name__)
        bp.add_url_rule(
            "/systems/samurai-battles/catalogue.json", "catalogue", catalogue_view(self.catalogue)
        )
        return bp

    # -- the new-game form ------------------------------------------------------------

    def form_options(self) -> dict[str, Any]:
        scenarios = scenario_choices(self.catalogue)
        return {
            **super().form_options(),
            "scenarios": scenarios,
            "scenario": scenarios[0].key if scenarios else "",
            "sample_data": self.catalogue.sample,
        }

    def setup_from_form(self, form: Form, files: Files) -> Setup:
        if form.get("setup", "").strip():
            return super().setup_from_form(form, files)  # a set-up typed in as JSON
        key = form.get("scenario", "")
        if len(key) > MAX_FIELD or key not in self.catalogue.scenarios:
            names = ", ".join(s.name for s in self.catalogue.scenarios.values())
            raise InvalidCommand(f"choose one of the scenarios ({names})")
        return {"scenario": key}

    # -- demo -------------------------------------------------------------------------

    def demo_setups(self) -> list[Setup]:
        """One bot game of each scenario, smallest first."""
        return [{"scenario": key} for key in self.catalogue.scenarios]
