"""Analysis boards: a sandbox game that starts from a step of another game.

"Analyse from here" takes the full state of a game at one step and starts a new
game from it (``engine.core.position``: the set-up carries the state and
``analysis_of``, so the record and its export say where it came from). The
account that asked sits at every side (``Play.start_owned``) and plays moves for
either side through the ordinary play page, the engine checking each; the dice
are seeded afresh, or rolled at the table and typed in with each command
(``dice_mode="entered"``: ``shiai.dice_needs``). The original game is only read.
A step of an analysis board can be analysed again: branches as often as one likes.

Hidden information: a step may be analysed only when its whole state is the
asker's to see: the game is over, or nothing in the state is hidden from a
spectator (``Ruleset.view``), or the game is an analysis board the asker plays at
every side (a private board started from a position that was all visible, where
nothing is at stake). Otherwise ``PlayRefused`` (403) says why.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from itertools import islice
from typing import Any
from uuid import UUID

from sqlalchemy import case, func, select

from engine.core import InvalidCommand, Ruleset, State
from engine.core.position import ANALYSIS_OF_KEY, EDITED_KEY, POSITION_KEY, is_position_setup
from replays import registry
from replays.errors import StepOutOfRange
from replays.game import Game, project_game, step_version
from replays.records import GameRecords
from replays.schema import games
from replays.verify import ENTERED, SEEDED
from shiai.play import Play, PlayRefused
from shiai.schema import game_seats

MAX_TITLE = 200
TITLE_ROOM = 120  # of the original's title, in the sandbox's
MAX_COMMAND_EVENTS = 1000  # the events one command may cause, looked ahead at most
BOARDS_PER_PAGE = 20
MAX_BOARD_PAGE = 10_000


class Sandboxes:
    def __init__(self, records: GameRecords, play: Play) -> None:
        self.records = records
        self.play = play

    def analyse(
        self, account_id: str, game_id: UUID, step: int, *, dice_mode: str = SEEDED
    ) -> UUID:
        """Start an analysis board from ``step`` of ``game_id``, owned by
        ``account_id`` at every side; returns its id. Nothing of the original
        changes."""
        if dice_mode not in (SEEDED, ENTERED):
            raise PlayRefused(f"dice must be {SEEDED} or {ENTERED}, not {dice_mode!r}")
        state, origin, title = self.visible_position(account_id, game_id, step)
        ruleset = registry.get(self.records.current(game_id).ruleset)
        setup = {POSITION_KEY: state, ANALYSIS_OF_KEY: origin}
        name = f"Analysis of {title[:TITLE_ROOM]} from step {origin['step']}"
        return self.play.start_owned(
            account_id,
            ruleset.id,
            setup,
            title=name[:MAX_TITLE],
            dice_mode=dice_mode,
            from_position=True,
        )

    def edit(self, account_id: str, game_id: UUID, step: int, edits: Any) -> UUID:
        """Start an analysis board from ``step`` of ``game_id`` with ``edits`` made by
        the position editor (``Ruleset.edit_position``: the engine checks each, and
        refuses them all if one is wrong); its record says the position is edited."""
        state, origin, title = self.visible_position(account_id, game_id, step)
        ruleset = registry.get(self.records.current(game_id).ruleset)
        edited = ruleset.edit_position(state, edits)
        setup = {POSITION_KEY: edited, ANALYSIS_OF_KEY: origin, EDITED_KEY: True}
        name = f"Edited position from {title[:TITLE_ROOM]} step {origin['step']}"
        return self.play.start_owned(
            account_id, ruleset.id, setup, title=name[:MAX_TITLE], from_position=True
        )

    def unit_options(
        self, account_id: str | None, game_id: UUID, step: int, unit: str
    ) -> UnitOptions:
        """What ``unit`` may do at ``step``, as the engine answers (``unit_options``)."""
        state, _, _ = self.visible_position(account_id, game_id, step)
        return unit_options(registry.get(self.records.current(game_id).ruleset), state, unit)

    def visible_position(
        self, account_id: str | None, game_id: UUID, step: int
    ) -> tuple[State, dict[str, Any], str]:
        """The whole state at ``step`` (a decision point) if the asker may see it all,
        where it comes from, and the game's title."""
        last_step, over = self.records.head(game_id)
        if not 0 <= step <= last_step:
            raise StepOutOfRange(step, last_step)
        step = self._decision_step(game_id, step)
        game = self._game_at(game_id, step)
        if not over:
            self._check_visible(account_id, game_id, game)
        origin = {"game": str(game_id), "step": step, "title": game.title}
        return game.state, origin, game.title

    def boards(self, account_id: str, page: int = 1) -> BoardPage:
        """The analysis boards ``account_id`` started, newest first, ``BOARDS_PER_PAGE``
        a page. A board is a game whose every seat is its starter's and which is in no
        list (the games read model leaves boards out); each is then read from its
        record, which says for certain whether it is one (a game its projection has not
        reached yet is skipped here, so a page may be a little short of full)."""
        if not 1 <= page <= MAX_BOARD_PAGE:
            raise InvalidCommand(f"page must be from 1 to {MAX_BOARD_PAGE}")
        owner = UUID(account_id)
        seat = game_seats.c
        owned_everywhere = func.sum(case((seat.account_id == owner, 1), else_=0)) == func.count()
        query = (
            select(seat.game_id, func.max(seat.created_at).label("started"))
            .where(seat.host_id == owner, seat.game_id.not_in(select(games.c.id)))
            .group_by(seat.game_id)
            .having(owned_everywhere)
            .order_by(func.max(seat.created_at).desc(), seat.game_id)
            .offset((page - 1) * BOARDS_PER_PAGE)
            .limit(BOARDS_PER_PAGE + 1)
        )
        with self.play.db_engine.connect() as conn:
            found = [row.game_id for row in conn.execute(query)]
        rows = [board for board in map(self._board, found[:BOARDS_PER_PAGE]) if board]
        return BoardPage(rows, page, more=len(found) > BOARDS_PER_PAGE)

    def _board(self, game_id: UUID) -> Board | None:
        game = self.records.current(game_id)
        if not is_position_setup(game.setup):
            return None
        origin = analysis_origin(game.setup) or {}
        return Board(
            id=game.id,
            title=game.title,
            ruleset=game.ruleset,
            analysis_of=origin.get("game"),
            step=origin.get("step"),
            of_title=origin.get("title"),
            edited=bool(origin.get("edited")),
            dice_mode=game.dice_mode,
            steps=game.step,
            over=game.over,
            created_on=game.created_on,
            modified_on=game.modified_on,
        )

    def _decision_step(self, game_id: UUID, step: int) -> int:
        """``step``, or if it falls between the events of one command (a roll made,
        its result not yet applied: nobody decides there), the last step of that
        command, where the next decision is asked."""
        if step == 0:
            return 0  # the first state: a decision is asked there
        events = self.records.repository.event_store.get(
            game_id, gt=step_version(step) - 1, limit=MAX_COMMAND_EVENTS
        )
        for offset, stored in enumerate(events):
            if not isinstance(stored, Game.Stepped):
                break
            if stored.closes_command:
                return step + offset
        raise InvalidCommand(f"step {step} is in a command whose last event is not recorded")

    def _game_at(self, game_id: UUID, step: int) -> Game:
        game: Game = self.records.repository.get(
            game_id, version=step_version(step), projector_func=project_game
        )
        return game

    def _check_visible(self, account_id: str | None, game_id: UUID, game: Game) -> None:
        """``PlayRefused`` unless the whole state of a running game is the asker's."""
        ruleset = registry.get(game.ruleset)
        if ruleset.view(game.state, None) == game.state:
            return  # nothing hidden from anyone
        mine = set(self.play.sides_of(game_id, account_id))
        if is_position_setup(game.setup) and mine >= set(game.sides):
            return  # one's own analysis board, played at every side
        raise PlayRefused(
            "this step has hidden information (cards in hand, sealed answers) and the "
            "game is still running: it can be analysed once the game is over"
        )


@dataclass(frozen=True)
class UnitOptions:
    """What one unit may do now: ``lines`` in words (one per kind of command the engine
    accepts for it), or ``waiting`` saying whose decision it is instead; ``odds`` are
    the system's "what would happen" questions for its attacks (links' queries)."""

    unit: str
    prompt: str
    lines: list[str]
    waiting: str | None
    odds: list[dict[str, str]]


@dataclass(frozen=True)
class Board:
    """One analysis board of "my boards": what it analyses (``analysis_of``, the game,
    and its ``step``; none for a position set up from nothing), whether its position
    was edited, the steps played on it and when it last changed."""

    id: UUID
    title: str
    ruleset: str
    analysis_of: str | None
    step: int | None
    of_title: str | None
    edited: bool
    dice_mode: str
    steps: int
    over: bool
    created_on: datetime
    modified_on: datetime

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "title": self.title,
            "system": self.ruleset,
            "analysis_of": (
                {"game": self.analysis_of, "step": self.step, "title": self.of_title}
                if self.analysis_of
                else None
            ),
            "edited": self.edited,
            "dice_mode": self.dice_mode,
            "steps": self.steps,
            "status": "ended" if self.over else "running",
            "created_at": self.created_on.isoformat(),
            "updated_at": self.modified_on.isoformat(),
        }


@dataclass(frozen=True)
class BoardPage:
    boards: list[Board]
    page: int
    more: bool


MAX_LEGAL = 500  # commands asked of the engine, at most


def unit_options(ruleset: Ruleset, state: State, unit: str) -> UnitOptions:
    """The commands ``ruleset`` accepts now that concern ``unit`` (it is named by the
    command, or it is the unit the prompt asks about, or it is the side whose
    commands they are), grouped by kind, in words."""
    prompt = ruleset.prompt(state)
    if prompt is None:
        return UnitOptions(unit, "", [], "the game is over in this position", [])
    asked = f"side {' and '.join(prompt.sides)}: {prompt.kind.replace('_', ' ')}"
    about = prompt.options.get("unit") == unit
    counts: dict[str, int] = {}
    odds: list[dict[str, str]] = []
    for side in prompt.sides:
        for command in islice(ruleset.legal(state, side), MAX_LEGAL):
            named = command.get("unit") == unit or unit in (command.get("units") or ())
            # A system where a side plays one character (Senjutsu) names it by its side.
            mine = side == unit and command.get("side") == unit
            if not (named or about or mine):
                continue
            kind = str(command.get("type", command.get("kind", "command"))).replace("_", " ")
            order = command.get("order")
            line = f"{kind}: {str(order).replace('_', ' ')}" if order else kind
            if command.get("boost"):
                line += " (boosted)"
            counts[line] = counts.get(line, 0) + 1
            if order in ("shoot", "attack", "charge") and not any(
                q["kind"] == _odds_kind(order) for q in odds
            ):
                odds.append({"kind": _odds_kind(order), "order": str(order)})
    lines = [
        f"{line} ({count} ways the engine sampled)" if count > 1 else line
        for line, count in counts.items()
    ]
    waiting = None if lines else f"nothing for this unit now: the engine waits for {asked}"
    return UnitOptions(unit, asked, lines, waiting, odds)


def _odds_kind(order: Any) -> str:
    return "shoot" if order == "shoot" else "melee"


def analysis_origin(setup: Any) -> dict[str, Any] | None:
    """Where an analysis board's position came from (``{"game", "step", "title"}``),
    ``{"edited": True}`` for an edited position, ``None`` for an ordinary game."""
    if not is_position_setup(setup):
        return None
    origin = setup.get(ANALYSIS_OF_KEY)
    found = dict(origin) if isinstance(origin, dict) else {}
    if setup.get(EDITED_KEY):
        found["edited"] = True
    return found or {"edited": True}
