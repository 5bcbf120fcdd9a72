"""Who plays each side of a Senjutsu duel started from the form: ``seat_<side>`` is
``you`` (the host's own side, one only), ``hot-seat`` (the host again, on the same
screen), ``invite`` (whoever follows the game's one invitation link) or
``bot:<kind>`` (one of the ruleset's bots). A solo game's opponents are seated by
the page's common fields instead: they act by the solo rules and answer nothing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import InvalidCommand, Setup
from shiai.play import BOT, HOST, HOT_SEAT, INVITE, SeatChoice
from shiai.systems import Form
from shiai.systems.senjutsu.form import field

YOU = "you"
# The seat choices besides the bots, as the form's values and labels.
PEOPLE = (
    (YOU, "You"),
    (HOT_SEAT, "You again, hot-seat on this screen"),
    (INVITE, "An invited player (one per game)"),
)


def seat_options(bots: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The form's "played by" choices: the people, then each bot by kind."""
    return [*PEOPLE, *((f"{BOT}:{kind}", f"Bot: {kind}") for kind in bots)]


def default_seat(side: str, sides: tuple[str, ...], preferred_bot: str) -> str:
    """The host plays the first side, the preferred bot every other."""
    return YOU if side == sides[0] else f"{BOT}:{preferred_bot}"


def seating(
    form: Form, setup: Setup, sides: tuple[str, ...], bots: Mapping[str, Any], preferred: str
) -> dict[str, SeatChoice]:
    """The seats of ``setup``'s players as the form chose them (``InvalidCommand``
    for a value that is no choice, no side or more than one for the host)."""
    players = setup.get("players")
    if not isinstance(players, list) or not all(
        isinstance(p, dict) and isinstance(p.get("side"), str) for p in players
    ):
        raise InvalidCommand("the set-up's players are a list of objects naming their side")
    chosen: dict[str, SeatChoice] = {}
    for player in players:
        side = player["side"]
        value = field(form, f"seat_{side}", default_seat(side, sides, preferred))
        kind, _, bot = value.partition(":")
        if value == YOU:
            chosen[side] = SeatChoice(HOST)
        elif value in (HOT_SEAT, INVITE):
            chosen[side] = SeatChoice(value)
        elif kind == BOT and bot in bots:
            chosen[side] = SeatChoice(BOT, bot)
        else:
            raise InvalidCommand(
                f"side {side}: played by you, hot-seat, an invited player or a bot"
                f" ({', '.join(bots)}), not {value!r}"
            )
    hosts = [side for side, choice in chosen.items() if choice.who == HOST]
    if len(hosts) != 1:
        raise InvalidCommand(
            "choose one side for yourself (You); you may play others hot-seat"
            if not hosts
            else f"you play one side only (sides {' and '.join(hosts)} say You):"
            " choose hot-seat for the others you play"
        )
    if sum(choice.who == INVITE for choice in chosen.values()) > 1:
        raise InvalidCommand(
            "one side at most is played by an invited player: a game has one invitation link"
        )
    return chosen
