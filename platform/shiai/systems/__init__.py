"""Game systems as plug-ins: what each layer of the platform needs of a system.

A ``SystemPlugin`` wraps one installed ``Ruleset`` and answers, for the pages,
the scripts and the commands: the new-game form (its options, the set-up read
from what was posted, the sample set-ups), the browser scripts that draw a
replay and answer its prompts, the system's tools (pages of its own, on a
blueprint it brings), and the set-ups the demo seeds. ``Systems`` is the one
registry: the built-in systems plus those named in ``SHIAI_RULESETS``, each a
``"module:Ruleset"`` spec with, optionally, ``"=module:Plugin"`` after it.

A ruleset without a plug-in gets ``SystemPlugin`` itself, the generic one: a
form with its sample set-ups and a JSON set-up to paste, the generic viewer
(``static/viewer/generic.js``) and no tools. The platform never tests a
system's id: it asks this registry, ``Ruleset.info`` and ``Ruleset.bots()``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from flask import Blueprint
from werkzeug.datastructures import FileStorage

from engine.core import InvalidCommand, Ruleset, RulesetInfo, Setup
from replays import registry
from replays.errors import UnknownRuleset
from shiai.play import SeatChoice
from shiai.systems.lists import ArmyListBook

# The systems that ship with Shiai: a ruleset spec, and its plug-in's spec.
BUILTIN_SYSTEMS: tuple[str, ...] = (
    "engine.kensei:Kensei=shiai.systems.kensei:KenseiPlugin",
    "engine.senjutsu:Senjutsu=shiai.systems.senjutsu:SenjutsuPlugin",
    "engine.samurai_battles:SamuraiBattles=shiai.systems.samurai_battles:SamuraiBattlesPlugin",
    "engine.skirmish:Skirmish=shiai.systems.skirmish:SkirmishPlugin",
)
# The largest JSON set-up the generic form takes (characters).
MAX_SETUP_CHARS = 64 * 1024
# How deep a set-up or an army list sent through a form may nest.
MAX_NESTING = 32

Form = Mapping[str, str]
Files = Mapping[str, FileStorage]


@dataclass(frozen=True)
class Tool:
    """A page a system offers players (an odds calculator...): its Flask endpoint
    (on the system's blueprint) and the words of a link to it."""

    endpoint: str
    label: str
    description: str = ""


@dataclass(frozen=True)
class Scripts:
    """The system's browser modules, as paths under the static folder, or
    ``None`` where the generic one serves. ``replay`` exports ``adapter`` (what
    ``static/viewer/replay.js`` asks of a system, as ``viewer/generic.js``);
    ``play`` exports ``control(prompt, side, state, hooks)`` (a prompt control,
    or ``null`` for the generic JSON editor); ``board`` draws the board."""

    replay: str | None = None
    board: str | None = None
    play: str | None = None


@dataclass(frozen=True)
class SetupChoice:
    """A set-up the new-game form offers by name."""

    key: str
    label: str
    setup: Setup


class SystemPlugin:
    """The generic plug-in, and the base of every system's own: whatever a
    system does not override works for any ruleset."""

    # The template of the form's system part (under ``templates/``).
    form_template = "systems/generic_form.html"
    # Whether ``form_template`` chooses who plays each side (``seating_from_form``);
    # otherwise the page's own "You play", "Against" and "Bot" fields do.
    seats_in_form = False
    scripts = Scripts()
    tools: tuple[Tool, ...] = ()

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset

    @property
    def id(self) -> str:
        return self.ruleset.id

    @property
    def info(self) -> RulesetInfo:
        return self.ruleset.info

    @property
    def name(self) -> str:
        return self.ruleset.info.name

    @property
    def sides(self) -> tuple[str, ...]:
        return tuple(self.ruleset.info.sides)

    @property
    def preferred_bot(self) -> str:
        """The bot the new-game form preselects: the ruleset's default (its first)."""
        return next(iter(self.ruleset.bots()))

    def army_lists(self) -> ArmyListBook | None:
        """The system's army lists at events (factions, list checks, the builder's
        catalogue); ``None`` for a system without them (any faction, unchecked lists)."""
        return None

    def blueprint(self) -> Blueprint | None:
        """The system's own pages (its tools), registered with the app; ``None``
        for none. Their addresses start ``/systems/<id>/``."""
        return None

    def configured(self, settings: Mapping[str, Any]) -> SystemPlugin:
        """This system as the platform's ``settings`` (the app's config) set it up: the
        same plug-in (the default), or one on a ruleset built from data the settings
        name. A setting it cannot use raises ``shiai.config.ConfigurationError``
        saying which and why: the platform does not start."""
        return self

    # -- the new-game form ------------------------------------------------------------

    def sample_setups(self) -> list[SetupChoice]:
        """The set-ups the form offers by name (the ruleset's samples, at most 20)."""
        return [
            SetupChoice(str(number), f"Sample {number}: {_short(setup)}", setup)
            for number, setup in enumerate(self.ruleset.sample_setups()[:20], start=1)
        ]

    def form_options(self) -> dict[str, Any]:
        """What ``form_template`` shows (besides ``form``, what was posted)."""
        samples = self.sample_setups()
        return {
            "samples": samples,
            "setup_text": json.dumps(samples[0].setup if samples else {}, indent=1),
        }

    def setup_from_form(self, form: Form, files: Files) -> Setup:
        """The set-up posted, or ``InvalidCommand`` saying what is wrong (the engine
        checks the set-up itself when the game starts). The generic form: a JSON
        object typed in, else a sample chosen by its key."""
        text = form.get("setup", "").strip()
        if text:
            if len(text) > MAX_SETUP_CHARS:
                raise InvalidCommand(f"the set-up is longer than {MAX_SETUP_CHARS} characters")
            setup = read_json(text, "the set-up")
            if not isinstance(setup, dict):
                raise InvalidCommand("the set-up is a JSON object ({...})")
            return setup
        key = form.get("sample", "")
        for choice in self.sample_setups():
            if choice.key == key:
                return dict(choice.setup)
        raise InvalidCommand("choose a sample set-up or type one in as JSON")

    def seating_from_form(self, form: Form, setup: Setup) -> Mapping[str, SeatChoice] | None:
        """Who plays each side of ``setup``, as the system's form part chose, or
        ``InvalidCommand``; ``None``: the page's common fields choose (the host at one
        side, one kind of opponent at the others)."""
        return None

    # -- demo -------------------------------------------------------------------------

    def demo_setups(self) -> list[Setup]:
        """The set-ups of the demo's bot games, in turn."""
        return self.ruleset.sample_setups()


def read_json(text: str | bytes, what: str) -> Any:
    """A JSON document a player sent (a set-up, an army list), or ``InvalidCommand``
    saying what is wrong with it; nested at most ``MAX_NESTING`` deep (the engine
    and the store walk documents recursively)."""
    too_deep = f"{what} is nested more than {MAX_NESTING} deep"
    try:
        document = json.loads(text)
    except ValueError as error:
        raise InvalidCommand(f"{what} is not valid JSON: {error}") from None
    except RecursionError:
        raise InvalidCommand(too_deep) from None
    if _depth(document) > MAX_NESTING:
        raise InvalidCommand(too_deep)
    return document


def _depth(document: Any) -> int:
    """How deep ``document`` nests (iterative: a deep one must not exhaust the stack)."""
    deepest = 0
    pending = [(document, 1)]
    while pending:
        value, depth = pending.pop()
        deepest = max(deepest, depth)
        if isinstance(value, dict):
            pending.extend((item, depth + 1) for item in value.values())
        elif isinstance(value, list):
            pending.extend((item, depth + 1) for item in value)
    return deepest


def _short(setup: Setup) -> str:
    text = json.dumps(setup, separators=(",", ":"), sort_keys=True)
    return text if len(text) <= 60 else text[:57] + "..."


class Systems:
    """The installed systems, by ruleset id, each with its plug-in (or the generic)."""

    def __init__(self, plugins: Iterable[SystemPlugin]) -> None:
        self._plugins = {plugin.id: plugin for plugin in plugins}

    def __iter__(self) -> Iterator[SystemPlugin]:
        """Built-ins first, then the others in the order installed."""
        return iter(self._plugins.values())

    def __len__(self) -> int:
        return len(self._plugins)

    def __contains__(self, ruleset_id: object) -> bool:
        return ruleset_id in self._plugins

    def get(self, ruleset_id: str) -> SystemPlugin:
        """The plug-in of an installed system; ``UnknownRuleset`` otherwise."""
        try:
            return self._plugins[ruleset_id]
        except KeyError:
            raise UnknownRuleset(ruleset_id) from None

    def find(self, ruleset_id: str) -> SystemPlugin | None:
        return self._plugins.get(ruleset_id)

    def default(self) -> SystemPlugin:
        """The first installed system (the first built-in): the forms' preselection."""
        return next(iter(self._plugins.values()))


def load_plugin(spec: str, ruleset: Ruleset) -> SystemPlugin:
    """A plug-in class from ``"package.module:ClassName"``, built on ``ruleset``."""
    plugin = registry.named_object(spec, "plug-in")(ruleset)
    if not isinstance(plugin, SystemPlugin):
        raise TypeError(f"{spec} is not a SystemPlugin")
    return plugin


def load_system(spec: str) -> SystemPlugin:
    """A system from ``"module:Ruleset"`` (the generic plug-in) or
    ``"module:Ruleset=module:Plugin"``."""
    plugin_spec = spec.partition("=")[2]
    ruleset = registry.load(spec)
    if not plugin_spec.strip():
        return SystemPlugin(ruleset)
    return load_plugin(plugin_spec.strip(), ruleset)


def build_systems(specs: Iterable[str], settings: Mapping[str, Any] | None = None) -> Systems:
    """The built-in systems and those of ``specs``, in that order (a spec naming an
    installed ruleset's id again replaces it), each ``configured`` by ``settings``."""
    return Systems(
        load_system(spec).configured(settings or {}) for spec in (*BUILTIN_SYSTEMS, *specs)
    )
