"""The skirmish rules' plug-in: the new-game form (a scenario of the catalogue, shown with
its table, warbands and turn limit, and optionally another warband of the catalogue for
either side; who plays each side is chosen by the page's common fields: a bot, hot-seat
on one screen, or an invited player), the viewer and play scripts
(``static/systems/skirmish/``: the table in inches with its scenery and every model's
round base, the replay of every roll, and the prompts answered by clicking on the
table), and the public catalogue those scripts read (``/systems/skirmish/catalogue.json``:
the names of the profiles, weapons, armour, strategies, warbands and scenarios, nothing
of any game). A state names profiles and weapons by id only: the catalogue names them.

The set-up the form builds is the one ``engine.skirmish`` starts from::

    {"scenario": id}                                      # the scenario's own warbands
    {"scenario": id, "factions": {"a": id, "b": id}}      # another warband for a side

A set-up typed in as JSON (the generic form's field, kept below the scenarios) may add
the engine's overrides.

The catalogue is the packaged sample data, or the folder of data files named by the
setting ``SHIAI_SKIRMISH_DATA`` (``configured``): a user who owns the rulebook's figures
points it at their own warbands and scenarios. A folder that does not load stops the
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
from engine.skirmish import Catalogue, CatalogueError, Skirmish, load_catalogue
from shiai.config import ConfigurationError
from shiai.systems import Files, Form, Scripts, SystemPlugin

# The setting naming a folder of the user's own data files.
DATA_SETTING = "SHIAI_SKIRMISH_DATA"
# The longest value the form's fields take.
MAX_FIELD = 100
SIDES = ("a", "b")
EDGE_WORDS = {"south": "south", "north": "north", "west": "west", "east": "east"}


@dataclass(frozen=True)
class ScenarioChoice:
    """A scenario the form offers: its id and name, and what a player reads before
    choosing (the table's size, each side's warband, the turn limit)."""

    key: str
    name: str
    description: str
    table: str
    sides: str
    turns: int


@dataclass(frozen=True)
class WarbandChoice:
    """A warband the form offers for a side: its id, name and what it fields."""

    key: str
    name: str
    models: int
    units: str


def load_data(folder: str) -> Catalogue:
    """The catalogue of the data files in ``folder``; ``ConfigurationError`` naming the
    setting, then every problem (each names its file and field)."""
    try:
        return load_catalogue(Path(folder))
    except CatalogueError as bad:
        problems = "\n".join(f"  {problem}" for problem in bad.problems)
        raise ConfigurationError(
            f"{DATA_SETTING}: the skirmish data files in {folder} do not load:\n{problems}"
        ) from None


def public_catalogue(catalogue: Catalogue) -> dict[str, Any]:
    """What the scripts read: the profiles (stats lines), weapons, armour, strategies,
    the warbands' and scenarios' names, and the data's fingerprint."""
    return {
        "sample": catalogue.sample,
        "fingerprint": catalogue.fingerprint,
        "profiles": {key: profile.to_json() for key, profile in catalogue.profiles.items()},
        "weapons": {key: weapon.to_json() for key, weapon in catalogue.weapons.items()},
        "armour": {key: armour.to_json() for key, armour in catalogue.armour.items()},
        "strategies": {
            key: {"name": s.name, "element": s.element, "effect": s.effect}
            for key, s in catalogue.strategies.items()
        },
        "warbands": {
            key: {"name": band.name, "label": band.label, "models": band.models}
            for key, band in catalogue.warbands.items()
        },
        "scenarios": {key: scenario.name for key, scenario in catalogue.scenarios.items()},
    }


def catalogue_view(catalogue: Catalogue) -> Callable[[], ResponseReturnValue]:
    """The view of ``/systems/skirmish/catalogue.json``: ``catalogue``'s public JSON,
    built on first use, cached an hour and tagged with the fingerprint."""

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


def _band_name(catalogue: Catalogue, key: str) -> str:
    band = catalogue.warbands.get(key)
    return band.name if band else key


def scenario_choices(catalogue: Catalogue) -> list[ScenarioChoice]:
    """The scenarios in the data's order (smallest first, as the sample lists them)."""
    choices = []
    for key, scenario in catalogue.scenarios.items():
        sides = " against ".join(
            f"{side.label} ({_band_name(catalogue, side.warband)}, from the "
            f"{EDGE_WORDS.get(side.edge, side.edge)} edge)"
            for _, side in sorted(scenario.sides.items())
        )
        choices.append(
            ScenarioChoice(
                key=key,
                name=scenario.name,
                description=scenario.description,
                table=f'{scenario.width_in}" by {scenario.height_in}"',
                sides=sides,
                turns=scenario.turns,
            )
        )
    return choices


def warband_choices(catalogue: Catalogue) -> list[WarbandChoice]:
    """The warbands in the data's order, each with its units in words."""
    return [
        WarbandChoice(
            key=key,
            name=band.name,
            models=band.models,
            units=", ".join(
                f"{unit.name}" + (f" x{unit.count}" if unit.count > 1 else "")
                for unit in band.units
            ),
        )
        for key, band in catalogue.warbands.items()
    ]


class SkirmishPlugin(SystemPlugin):
    form_template = "systems/skirmish/form.html"
    scripts = Scripts(
        replay="systems/skirmish/replay.js",
        board="systems/skirmish/board.js",
        play="systems/skirmish/play.js",
    )

    @property
    def catalogue(self) -> Catalogue:
        """The catalogue the ruleset plays with (the packaged one unless configured)."""
        found = getattr(self.ruleset, "catalogue", None)
        return found if isinstance(found, Catalogue) else load_catalogue()

    def configured(self, settings: Mapping[str, Any]) -> SkirmishPlugin:
        """On a ruleset with the data of ``SHIAI_SKIRMISH_DATA``, if set."""
        folder = settings.get(DATA_SETTING)
        if not folder:
            return self
        return SkirmishPlugin(Skirmish(load_data(str(folder))))

    def blueprint(self) -> Blueprint:
        bp = Blueprint("skirmish", __name__)
        bp.add_url_rule(
            "/systems/skirmish/catalogue.json", "catalogue", catalogue_view(self.catalogue)
        )
        return bp

    # -- the new-game form ------------------------------------------------------------

    def form_options(self) -> dict[str, Any]:
        scenarios = scenario_choices(self.catalogue)
        return {
            **super().form_options(),
            "scenarios": scenarios,
            "scenario": scenarios[0].key if scenarios else "",
            "warbands": warband_choices(self.catalogue),
            "sides": SIDES,
            "sample_data": self.catalogue.sample,
        }

    def setup_from_form(self, form: Form, files: Files) -> Setup:
        if form.get("setup", "").strip():
            return super().setup_from_form(form, files)  # a set-up typed in as JSON
        catalogue = self.catalogue
        key = form.get("scenario", "")
        if len(key) > MAX_FIELD or key not in catalogue.scenarios:
            names = ", ".join(s.name for s in catalogue.scenarios.values())
            raise InvalidCommand(f"choose one of the scenarios ({names})")
        scenario = catalogue.scenarios[key]
        chosen: dict[str, str] = {}
        for side in SIDES:
            band = form.get(f"warband_{side}", "").strip()
            if not band:
                continue
            if len(band) > MAX_FIELD or band not in catalogue.warbands:
                names = ", ".join(b.name for b in catalogue.warbands.values())
                raise InvalidCommand(f"choose one of the warbands ({names}) for side {side}")
            chosen[side] = band
        setup: dict[str, Any] = {"scenario": key}
        if any(band != scenario.sides[side].warband for side, band in chosen.items()):
            setup["factions"] = {
                side: chosen.get(side, scenario.sides[side].warband) for side in SIDES
            }
        return setup

    # -- demo -------------------------------------------------------------------------

    def demo_setups(self) -> list[Setup]:
        """One bot game of each scenario, smallest first."""
        return [{"scenario": key} for key in self.catalogue.scenarios]
