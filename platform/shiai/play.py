"""Playing in the browser: who plays each side of a game, invitations, bots.

A game created here is an ordinary game record (``GameRecords``); what the
record does not say is who sits at each side. That is the ``game_seats``
table: an account (the host on both sides of a hot-seat game), a bot, or an
open seat with the token of an invitation link, which one signed-in account
may claim once. A game linked to a tournament pairing is also answered by the
pairing's players, each for their side. Commands go through
:meth:`Play.submit`, which checks that the account plays the command's side,
records it and lets the bots answer whatever waits for them next, and the
players' standing answers (``engine.core.standing``) the prompts they answer
(synchronously, at most ``MAX_BOT_COMMANDS``), each as a command of the record.

The JSON API follows the same rules (shiai.web.api): a game a script starts
(:meth:`Play.start_owned`) seats its account at every side, in the transaction
of the game's first event; a running game a script imports
(:meth:`Play.import_owned`) seats the importer at every side once it is
stored. A game with no seats and no pairing (a simulation's, a demo's, an
ended import, or one stored by a version before seats) takes no command from
anyone.
"""

from __future__ import annotations

import secrets
import uuid
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

from sqlalchemy import Connection, Engine, insert, select, update

from engine.core import Bot, Command, InvalidCommand, Ruleset
from engine.core.position import is_position_setup
from replays import registry, rollups
from replays.bot_games import automatic_answers, proposed_command
from replays.game import Game
from replays.records import Answers, GameRecords
from replays.redaction import StepEntry, shown_state
from replays.verify import ENTERED, SEEDED
from shiai.dice_needs import DiceNeed, check_faces, dice_needed, needs_no_dice
from shiai.schema import game_seats

# Who the host plays against.
BOT, HOT_SEAT, INVITE = "bot", "hot-seat", "invite"
OPPONENTS = (BOT, HOT_SEAT, INVITE)
# The host's own side, in a game seated side by side (``Play.create_seated``).
HOST = "host"
POSITION_REFUSED = (
    "a game starts from a given position only as an analysis board: open the game "
    "and use Analyse from here (or the position editor)"
)
# A bot's turn is bounded: a whole Kensei battle is a few hundred commands.
MAX_BOT_COMMANDS = 400


class PlayRefused(Exception):
    """Something a player may not do (answer for a side they do not play...)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class InvitationUnavailable(Exception):
    """No open seat has this invitation: it was never issued or is already used."""

    def __init__(self) -> None:
        super().__init__("this invitation does not exist or has already been used")
        self.message = str(self)


@dataclass(frozen=True)
class Seat:
    side: str
    account_id: str | None
    bot: str | None
    invitation: str | None  # while the seat is open
    host_id: str

    @property
    def open(self) -> bool:
        return self.account_id is None and self.bot is None


@dataclass(frozen=True)
class SeatChoice:
    """Who sits at one side of a new game: the host (``HOST``), the host again on
    the same screen (``HOT_SEAT``), a bot of the ruleset's ``bots()`` (``BOT``, with
    its kind) or whoever follows the game's invitation link (``INVITE``)."""

    who: str
    bot: str | None = None


@dataclass(frozen=True)
class NewGame:
    game_id: UUID
    invitation: str | None


def make_bot(ruleset: Ruleset, kind: str, seed: str) -> Bot:
    """The bot named ``kind`` among ``ruleset.bots()`` (its default if unknown)."""
    choice = ruleset.bots().get(kind)
    return choice.build(seed) if choice is not None else ruleset.bot(seed)


# The side of a game an account plays through the tournament pairing the game
# is linked to, if any (``GameResults.player_side``).
PairingSide = Callable[[UUID, str], str | None]


class Play:
    def __init__(
        self, records: GameRecords, db_engine: Engine, pairing_side: PairingSide | None = None
    ) -> None:
        self.records = records
        self.db_engine = db_engine
        self.pairing_side = pairing_side

    # -- creating and joining -------------------------------------------------------

    def create(
        self,
        host_id: str,
        ruleset_id: str,
        setup: dict[str, Any],
        *,
        opponent: str,
        host_side: str | None = None,
        bot: str | None = None,
        title: str = "",
    ) -> NewGame:
        """Start a game (the engine checks the setup) and seat its players. The host
        plays ``host_side`` (the first side by default); the other side is a bot (one
        of the ruleset's ``bots()``, its default unless named), the host again
        (hot-seat) or open to whoever follows the invitation.

        The seats are written in the transaction of the game's first event
        (``GameRecords.start_game(alongside=...)``): a game is stored with its
        seats or not at all, so no game is left that nobody can play."""
        if opponent not in OPPONENTS:
            raise PlayRefused(f"the opponent must be one of {', '.join(OPPONENTS)}")
        bots = registry.get(ruleset_id).bots()  # the bots this system offers
        bot = bot if bot is not None else next(iter(bots))
        if bot not in bots:
            raise PlayRefused(f"the bot must be one of {', '.join(bots)}")
        other = SeatChoice(opponent, bot if opponent == BOT else None)

        def seating(sides: list[str]) -> dict[str, SeatChoice]:
            # More than two sides (a solo game's opponents, say) are all seated alike:
            # the bot or the host; an invitation opens one seat only.
            if len(sides) < 2 or (len(sides) != 2 and opponent == INVITE):
                raise PlayRefused("only two-sided games can be played by invitation")
            mine = host_side or sides[0]
            if mine not in sides:
                raise PlayRefused(f"the sides are {' and '.join(sides)}, not {mine!r}")
            return {side: SeatChoice(HOST) if side == mine else other for side in sides}

        return self._start_seated(host_id, ruleset_id, setup, seating, title)

    def create_seated(
        self,
        host_id: str,
        ruleset_id: str,
        setup: dict[str, Any],
        seating: Mapping[str, SeatChoice],
        *,
        title: str = "",
    ) -> NewGame:
        """Start a game whose seats are chosen side by side (a game of more than two
        players: some bots, some hot-seat...). One side is the host's own (``HOST``);
        one at most is open to an invitation (a game has one invitation link); the
        sides chosen must be the game's sides. Nothing is stored if any is wrong."""
        bots = registry.get(ruleset_id).bots()
        for side, choice in seating.items():
            if choice.who not in (HOST, *OPPONENTS):
                raise PlayRefused(f"side {side}: no such player {choice.who!r}")
            if choice.who == BOT and choice.bot not in bots:
                raise PlayRefused(f"side {side}: the bot must be one of {', '.join(bots)}")
        if sum(choice.who == HOST for choice in seating.values()) != 1:
            raise PlayRefused("choose one side for yourself (the others are bots or hot-seat)")
        if sum(choice.who == INVITE for choice in seating.values()) > 1:
            raise PlayRefused("one side at most is played by invitation: a game has one link")

        def chosen(sides: list[str]) -> dict[str, SeatChoice]:
            if sorted(sides) != sorted(seating):
                raise PlayRefused(
                    f"the game's sides are {', '.join(sides)}; seats were chosen for "
                    f"{', '.join(seating)}"
                )
            return dict(seating)

        return self._start_seated(host_id, ruleset_id, setup, chosen, title)

    def _start_seated(
        self,
        host_id: str,
        ruleset_id: str,
        setup: dict[str, Any],
        seating: Callable[[list[str]], dict[str, SeatChoice]],
        title: str,
    ) -> NewGame:
        """Start the game and write its seats (``seating`` of the game's sides) in the
        transaction of its first event; the bots then answer what waits for them."""
        invitation = secrets.token_urlsafe(24)
        host = uuid.UUID(host_id)
        invited = False

        def seat_players(conn: Connection, game_id: UUID, sides: list[str]) -> None:
            nonlocal invited
            seats = seating(sides)
            invited = any(choice.who == INVITE for choice in seats.values())
            now = datetime.now(UTC)
            rows = [
                {
                    "game_id": game_id,
                    "side": side,
                    "account_id": host if choice.who in (HOST, HOT_SEAT) else None,
                    "bot": choice.bot if choice.who == BOT else None,
                    "invitation": invitation if choice.who == INVITE else None,
                    "host_id": host,
                    "created_at": now,
                }
                for side, choice in seats.items()
            ]
            write_seats(conn, rows)

        game_id = self.records.start_game(ruleset_id, setup, title=title, alongside=seat_players)
        self.let_bots_answer(game_id)
        return NewGame(game_id, invitation if invited else None)

    def start_owned(
        self,
        owner_id: str,
        ruleset_id: str,
        setup: dict[str, Any],
        *,
        title: str = "",
        dice_mode: str = SEEDED,
        start_dice: list[int] | None = None,
        from_position: bool = False,
    ) -> UUID:
        """Start a game (a script's, through the API) whose owner sits at every
        side, the seats written with the game's first event. A set-up that gives the
        first state (``engine.core.position``) is taken only ``from_position``: from
        an analysis board (``shiai.sandbox``), whose state the engine recorded."""
        if is_position_setup(setup) and not from_position:
            raise InvalidCommand(POSITION_REFUSED)
        owner = uuid.UUID(owner_id)

        def seat_owner(conn: Connection, game_id: UUID, sides: list[str]) -> None:
            write_seats(conn, owned_seats(game_id, sides, owner))

        return self.records.start_game(
            ruleset_id,
            setup,
            title=title,
            dice_mode=dice_mode,
            start_dice=start_dice,
            alongside=seat_owner,
        )

    def import_owned(self, importer_id: str, record: Any) -> UUID:
        """Import a record (verified by ``GameRecords.import_record``); if the game is
        still running (entered dice: a seeded record is imported only once ended),
        the importer sits at every side, to play it on. The seats are written just
        after the game: should that fail, the game is stored without seats and takes
        no command (never one from a stranger). An analysis board's record is not
        imported: its first state is not one the engine can vouch for."""
        if isinstance(record, Mapping) and is_position_setup(record.get("setup")):
            raise InvalidCommand(POSITION_REFUSED)
        game_id = self.records.import_record(record)
        _, over = self.records.head(game_id)
        if not over:
            sides = self.records.summary(game_id).sides
            with self.db_engine.begin() as conn:
                write_seats(conn, owned_seats(game_id, sides, uuid.UUID(importer_id)))
        return game_id

    def claim(self, token: str, account_id: str) -> UUID:
        """The invited account takes the open seat; the token then opens nothing."""
        seat = self._seat_by_invitation(token)
        if seat is None:
            raise InvitationUnavailable
        if seat.host_id == account_id:
            raise PlayRefused(
                "you created this game: send the invitation link to your opponent, "
                "who signs in and follows it"
            )
        with self.db_engine.begin() as conn:
            claimed = conn.execute(
                update(game_seats)
                .where(
                    game_seats.c.invitation == token,
                    game_seats.c.account_id.is_(None),
                    game_seats.c.bot.is_(None),
                )
                .values(account_id=uuid.UUID(account_id), invitation=None)
                .returning(game_seats.c.game_id)
            ).first()
            if claimed is not None:  # a finished game's luck now has a player
                rollups.refresh(conn, rollups.days_of(conn, [claimed.game_id]))
        if claimed is None:  # claimed by someone else meanwhile
            raise InvitationUnavailable
        game_id: UUID = claimed.game_id
        return game_id

    def invitation(self, token: str) -> tuple[UUID, Seat]:
        """The game and open seat an invitation is for."""
        seat = self._seat_by_invitation(token)
        if seat is None:
            raise InvitationUnavailable
        with self.db_engine.connect() as conn:
            game_id = conn.execute(
                select(game_seats.c.game_id).where(game_seats.c.invitation == token)
            ).scalar_one()
        return game_id, seat

    def _seat_by_invitation(self, token: str) -> Seat | None:
        if not token or len(token) > 64:
            return None
        with self.db_engine.connect() as conn:
            row = conn.execute(select(game_seats).where(game_seats.c.invitation == token)).first()
        return _seat(row) if row is not None else None

    # -- who plays --------------------------------------------------------------------

    def seats(self, game_id: UUID) -> dict[str, Seat]:
        """The seats of a game created here, by side; empty for any other game."""
        with self.db_engine.connect() as conn:
            rows = conn.execute(
                select(game_seats)
                .where(game_seats.c.game_id == game_id)
                .order_by(game_seats.c.side)
            ).all()
        return {row.side: _seat(row) for row in rows}

    def sides_of(self, game_id: UUID, account_id: str | None) -> tuple[str, ...]:
        """The sides ``account_id`` answers for. A game with seats (created here, in
        the browser or by a script) is played by its seats alone, even once linked to
        a tournament pairing: linking names the game that decides the table, it hands
        nobody else its pieces. A game without seats (recorded elsewhere, or by the
        CLI) is played by the players of the pairing it is linked to, each for their
        side."""
        if account_id is None:
            return ()
        seats = self.seats(game_id)
        if seats:
            return tuple(side for side, seat in seats.items() if seat.account_id == account_id)
        if self.pairing_side is not None:
            paired = self.pairing_side(game_id, account_id)
            if paired is not None:
                return (paired,)
        return ()

    # -- playing ----------------------------------------------------------------------

    def submit(
        self,
        game_id: UUID,
        account_id: str,
        command: Any,
        *,
        expected_step: int | None,
        dice: list[int] | None = None,
    ) -> list[StepEntry]:
        """Record ``command`` for the side it names, if ``account_id`` plays it, with
        the bots' and standing answers' commands that follow it, in one save (a
        poll never sees a prompt they answer). The answer is the command's steps as that side sees
        them (``replays.redaction``). The engine's refusals (``InvalidCommand``,
        ``IllegalCommand``) and a stale ``expected_step`` (``Conflict``) record
        nothing; an unknown game is ``GameNotFound``, anyone but the side's player
        ``PlayRefused``."""
        if not isinstance(command, Mapping) or not isinstance(command.get("side"), str):
            raise InvalidCommand("a command is a JSON object naming its side")
        self.records.head(game_id)  # GameNotFound before any seat is looked at
        mine = self.sides_of(game_id, account_id)
        if not mine:
            if not self.seats(game_id):
                raise PlayRefused(
                    "nobody is seated at this game (a simulation's, a demo's or an older "
                    "version's game): it takes commands only from the players of a "
                    "tournament pairing it is linked to, and you are not one; start a game "
                    "of your own to play"
                )
            raise PlayRefused("you do not play in this game")
        side = command["side"]
        if side not in mine:
            sides = self.records.current(game_id).sides
            if side not in sides:
                raise InvalidCommand(f"side must be one of {', '.join(sides)}")
            raise PlayRefused(f"you play side {' and '.join(mine)} in this game, not side {side}")
        game = self.records.current(game_id)
        if game.dice_mode == ENTERED and not game.over:
            # Short or too many dice: refused in words before anything is decided for good.
            need = dice_needed(registry.get(game.ruleset), game.state, dict(command), dice)
            if not need.complete:
                raise InvalidCommand(f"{need.words()}; nothing was recorded")
        return self.records.submit_as(
            side,
            game_id,
            dict(command),
            expected_step=expected_step,
            dice=dice,
            answers=self._automatic_answers(game_id),
            max_answers=MAX_BOT_COMMANDS,
        )

    def let_bots_answer(self, game_id: UUID) -> int:
        """The bots of this game answer every prompt that waits for them, and the
        standing answers of its players (``engine.core.standing``) every prompt they
        answer: each is recorded as that side's command, so the record holds it, all
        in one save (bounded: ``MAX_BOT_COMMANDS`` in all). For what waits once a
        game starts; after a person's command, :meth:`submit` saves the answers with
        it. Returns the commands played."""
        return self.records.answer(
            game_id, self._automatic_answers(game_id), max_commands=MAX_BOT_COMMANDS
        )

    def _automatic_answers(self, game_id: UUID) -> Answers:
        """The commands this game's bots and its players' standing answers give, one
        after another, as ``GameRecords`` records them (``replays.records.Answers``).
        The bots are seeded by the step they start answering at, so a game replays
        the same bots' choices."""
        bot_sides = {side: seat.bot for side, seat in self.seats(game_id).items() if seat.bot}

        def answers(game: Game) -> Iterator[Command]:
            ruleset = registry.get(game.ruleset)
            seed = f"{game_id}:{game.step}"
            bots = {
                side: make_bot(ruleset, kind, f"{seed}:{side}") for side, kind in bot_sides.items()
            }
            if game.dice_mode == ENTERED:
                # A bot or a standing answer gives only a command that rolls no dice; a
                # prompt whose answer would roll waits for a person at the table to roll
                # and type the faces.
                def rolls_none(command: Command) -> bool:
                    return needs_no_dice(ruleset, game.state, command)

                return automatic_answers(ruleset, game, bots, standing=True, accept=rolls_none)
            return automatic_answers(ruleset, game, bots, standing=True)

        return answers

    def dice_needed(self, game_id: UUID, account_id: str, command: Any, dice: Any) -> DiceNeed:
        """What dice ``command`` needs now with ``dice`` typed so far
        (``shiai.dice_needs``), for the player of its side in a game of entered dice.
        Nothing is recorded."""
        if not isinstance(command, Mapping) or not isinstance(command.get("side"), str):
            raise InvalidCommand("a command is a JSON object naming its side")
        game = self.records.current(game_id)
        if command["side"] not in self.sides_of(game_id, account_id):
            raise PlayRefused(f"you do not play side {str(command['side'])[:20]} in this game")
        if game.dice_mode != ENTERED:
            raise InvalidCommand("this game rolls its own dice: none are entered")
        if game.over:
            raise InvalidCommand("the game is over")
        return dice_needed(registry.get(game.ruleset), game.state, dict(command), check_faces(dice))

    def proposal(self, game_id: UUID, account_id: str, side: str) -> Command | None:
        """A legal command the player of ``side`` may accept as it is (a deployment
        spot, a scenery piece...); ``None`` if the side is not prompted now."""
        if side not in self.sides_of(game_id, account_id):
            raise PlayRefused(f"you do not play side {side} in this game")
        return proposed_command(self.records, game_id, side)

    def prompt_details(self, game_id: UUID, account_id: str, side: str) -> Mapping[str, Any]:
        """What the page of the player of ``side`` may ask about its prompt beyond the
        prompt (``Ruleset.prompt_details``: Kensei's line of sight to the targets),
        computed on that side's view of the state, so it tells nothing the side does
        not see; empty when the side is not prompted."""
        if side not in self.sides_of(game_id, account_id):
            raise PlayRefused(f"you do not play side {side[:20]} in this game")
        game = self.records.current(game_id)
        ruleset = registry.get(game.ruleset)
        if game.over:
            return {}
        return ruleset.prompt_details(shown_state(ruleset, game.state, side, game_over=False), side)


def write_seats(conn: Connection, rows: list[dict[str, Any]]) -> None:
    """Insert a new game's seats (in the transaction of its first event)."""
    conn.execute(insert(game_seats), rows)


def owned_seats(game_id: UUID, sides: list[str], owner: UUID) -> list[dict[str, Any]]:
    """The seats of a game its owner plays at every side (a script's game)."""
    now = datetime.now(UTC)
    return [
        {
            "game_id": game_id,
            "side": side,
            "account_id": owner,
            "bot": None,
            "invitation": None,
            "host_id": owner,
            "created_at": now,
        }
        for side in sides
    ]


def _seat(row: Any) -> Seat:
    return Seat(
        side=row.side,
        account_id=str(row.account_id) if row.account_id is not None else None,
        bot=row.bot,
        invitation=row.invitation,
        host_id=str(row.host_id),
    )
