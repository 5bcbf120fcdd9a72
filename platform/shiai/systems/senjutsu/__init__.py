"""Senjutsu's plug-in: its new-game form (the battlefield, a terrain preset, two to
six players each with a character, a core weapon and the character's sample deck,
and who plays each side), its viewer and play scripts (``static/systems/senjutsu/``:
the hex battlefield, the cards, the hands and the reveal, a control for every
prompt) and the public catalogue those scripts read
(``/systems/senjutsu/catalogue.json``: cards, characters, kamae trees, battlefields
and terrain, nothing of any game).

The set-up the form builds is the one ``engine.senjutsu`` starts from::

    {"mode": "duel", "battlefield": id, "terrain": [{"terrain", "hex", "facing"}],
     "players": [{"side", "character", "weapon", "deck": null, "prepared": []}]}

The battlefield may be two boards combined side by side (``battlefield`` is then the
list of boards with their offsets, see ``battlefields``), and the terrain may be left
to the players to place in turns (``terrain: []`` and ``terrain_pool``: the pieces).

with sides A, B, C... (Multiplayer Rules: two to six players). ``deck: null`` is
the character's ready-made sample deck. A set-up typed in as JSON (the generic
form's field, kept below the choices) takes any other deck.

"Solo against the book's opponents" (Solo Rules > Solo Setup) builds instead::

    {"mode": "solo", "battlefield", "terrain", "players": [side A only],
     "opponents": [{"opponent", "wound_limit", "stance", "approach": "front",
                    "nightmare"}]}

one to three opponents from the catalogue's solo opponents, the card row left to
right (sides ``O1``, ``O2``...). The opponents are never prompted: the platform seats
the host at A and a bot at the opponents' sides, who never answer anything.

The modules: ``form`` (the set-up), ``seats`` (who plays each side), ``battlefields``
(one board or two combined), ``terrain`` (the presets' placement or the pool),
``catalogue`` (the public catalogue).

The catalogue is the packaged sample data plus the organiser's own card files named in
the setting ``SHIAI_SENJUTSU_CARDS`` (``configured``): the ruleset, the form, the
public catalogue and the meta all read that one. A file that does not load stops the
platform at start-up, with every problem of every file named.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from flask import Blueprint

from engine.core import Setup
from engine.senjutsu import Catalogue, CatalogueError, Senjutsu, load_catalogue
from shiai.config import ConfigurationError
from shiai.play import SeatChoice
from shiai.systems import Files, Form, Scripts, SystemPlugin
from shiai.systems.senjutsu import seats
from shiai.systems.senjutsu.battlefields import battlefield_choices
from shiai.systems.senjutsu.catalogue import catalogue_view
from shiai.systems.senjutsu.form import (
    FIRST_BATTLEFIELD,
    FIRST_OPPONENT,
    SIDES,
    SOLO_SLOTS,
    SOLO_TOTAL_WOUNDS,
    STANCES,
    character_choices,
    form_setup,
    preselected_characters,
)
from shiai.systems.senjutsu.terrain import (
    POOL_FIELD,
    TERRAIN_MODES,
    TERRAIN_PRESETS,
    TERRAIN_SPACING,
    place_terrain,
)

__all__ = ["TERRAIN_SPACING", "SenjutsuPlugin", "place_terrain"]

# The sides the page's common fields name (a solo game's player is side A).
PLAYER_SIDES = ("A", "B")
# The setting naming the organiser's own card files (shiai.config).
CARDS_SETTING = "SHIAI_SENJUTSU_CARDS"


def load_cards(paths: Sequence[str]) -> Catalogue:
    """The packaged catalogue plus the card files ``paths``; ``ConfigurationError``
    naming the setting, then every problem (each names its file and record)."""
    try:
        return load_catalogue(extra=[Path(path) for path in paths])
    except CatalogueError as bad:
        problems = "\n".join(f"  {problem}" for problem in bad.problems)
        raise ConfigurationError(
            f"{CARDS_SETTING}: the Senjutsu card files do not load "
            f"({', '.join(paths)}):\n{problems}"
        ) from None


class SenjutsuPlugin(SystemPlugin):
    form_template = "systems/senjutsu_form.html"
    seats_in_form = True
    scripts = Scripts(
        replay="systems/senjutsu/replay.js",
        board="systems/senjutsu/board.js",
        play="systems/senjutsu/play.js",
    )

    @property
    def sides(self) -> tuple[str, ...]:
        # The common fields' sides; a duel's seats (up to six) are chosen in the form.
        return PLAYER_SIDES

    @property
    def catalogue(self) -> Catalogue:
        """The catalogue the ruleset plays with."""
        ruleset = self.ruleset
        assert isinstance(ruleset, Senjutsu)
        return ruleset.catalogue

    def configured(self, settings: Mapping[str, Any]) -> SenjutsuPlugin:
        """On a ruleset with the card files of ``SHIAI_SENJUTSU_CARDS`` loaded, if any."""
        paths = list(settings.get(CARDS_SETTING) or ())
        if not paths:
            return self
        return SenjutsuPlugin(Senjutsu(load_cards(paths)))

    def blueprint(self) -> Blueprint:
        bp = Blueprint("senjutsu", __name__)
        catalogue_json = catalogue_view(self.catalogue)
        bp.add_url_rule("/systems/senjutsu/catalogue.json", "catalogue", catalogue_json)
        return bp

    # -- the new-game form ------------------------------------------------------------

    def form_options(self) -> dict[str, Any]:
        catalogue = self.catalogue
        battlefields = battlefield_choices(catalogue)
        first = FIRST_BATTLEFIELD if FIRST_BATTLEFIELD in catalogue.battlefields else None
        characters = character_choices(catalogue)
        preferred = self.preferred_bot
        return {
            "battlefields": battlefields,
            "battlefield": first or (battlefields[0][0] if battlefields else ""),
            "presets": [(key, label) for key, label, _ in TERRAIN_PRESETS],
            "preset_pieces": {key: list(kinds) for key, _, kinds in TERRAIN_PRESETS},
            "terrain_modes": TERRAIN_MODES,
            "terrain_kinds": [(k.id, k.name, k.count) for k in catalogue.terrain_kinds.values()],
            "pool_field": POOL_FIELD,
            "characters": characters,
            "preselected": preselected_characters(characters),
            "sample": catalogue.sample,
            "modes": [
                ("duel", "A duel of 2 to 6 players"),
                ("solo", "Solo against the book's opponents"),
            ],
            "seats": SIDES,
            "player_counts": tuple(range(2, len(SIDES) + 1)),
            "seat_options": seats.seat_options(self.ruleset.bots()),
            "bot_descriptions": [(k, b.description) for k, b in self.ruleset.bots().items()],
            "seat_defaults": {side: seats.default_seat(side, SIDES, preferred) for side in SIDES},
            "opponents": [(o.id, o.name) for o in catalogue.opponents.values()],
            "first_opponent": FIRST_OPPONENT,
            "solo_slots": SOLO_SLOTS,
            "stances": STANCES,
            "solo_total_wounds": SOLO_TOTAL_WOUNDS,
        }

    def setup_from_form(self, form: Form, files: Files) -> Setup:
        if form.get("setup", "").strip():
            return super().setup_from_form(form, files)  # a set-up typed in as JSON
        return form_setup(self.catalogue, form)

    def seating_from_form(self, form: Form, setup: Setup) -> Mapping[str, SeatChoice] | None:
        if setup.get("mode", "duel") == "solo":
            return None  # the opponents answer nothing: the common fields seat them
        return seats.seating(form, setup, SIDES, self.ruleset.bots(), self.preferred_bot)
