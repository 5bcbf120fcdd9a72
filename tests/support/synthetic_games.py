"""Seeded synthetic rows of the analysis read models (and the players' seats), for
the dashboards benchmark and tests.

Replaying 100,000 Kensei battles through the engine would take hours; this makes
the rows ``replays.analysis.GameAnalysis`` would write for them, with plausible
distributions, from ``random.Random(seed)`` alone: the same seed and number of
games give the same rows, batch by batch.

What the games look like:

- the four sample factions, their representation drifting over the year (sohei
  grow from 15% to 30% of the armies, buke shrink); mirror matches happen;
- battle sizes 250, 400 and 600 (30%, 50%, 20%); each side fields the sample
  army list of its faction and size, as the engine builds it (unit names, types,
  classes, costs, miniatures), the odd unit left at home (10% each, never the
  first, which holds the general);
- the four scenarios (pitched battle 40%, the others 20% each), each with its
  own last turn; endings and turns consistent with them (breakthrough has no
  early end);
- a date over one year (weekends three times as busy as weekdays), and a few
  tournaments (3% of the games) with their date, battle size and rounds;
- results with a mild faction imbalance (log-odds buke +0.15, otokodate +0.02,
  sohei -0.05, kuge -0.12), a small edge to the side that activated first
  (+0.12), 7% draws; victory points consistent with the result;
- the strategy roll and turn-1 initiative fair coins, the first activation
  going to the initiative winner but for a command duel one time in ten;
- dice: 6 to 14 dice per turn and 250 points, each die needing 3+ to 5+, the
  observed successes the expected ones plus noise, winners a little luckier;
- players: 2,000 accounts (``player-0001``...) seated on 80% of the sides, the
  others played by a bot (``game_seats``, as browser games record them), the
  accounts' activity skewed (a few play a lot); ``LUCKY_PLAYERS`` of them
  consistently roll one success more per game than the dice say;
- casualties: the loser's units suffer more; the casualties a side suffered are
  mostly (85%) credited to the other side's units, weighted by their cost.

Only integers come out of the generator, but for ``score``, which the schema
stores as a float; expected successes are whole sixths (``game_dice``).
"""

from __future__ import annotations

import datetime
import math
import random
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from sqlalchemy import Connection, insert

from engine.kensei import SCENARIOS, SIDES, Kensei, forces, load_catalogue, load_sample_army
from replays.schema import game_dice, game_sides, game_units
from shiai.schema import accounts, game_seats

FACTIONS = ("buke", "kuge", "otokodate", "sohei")
BATTLE_SIZES = (250, 400, 600)
BATTLE_SIZE_WEIGHTS = (3, 5, 2)
SCENARIO_WEIGHTS = {"pitched-battle": 4, "breakthrough": 2, "hold-the-shrine": 2, "taking-heads": 2}
NO_EARLY_END = frozenset({"breakthrough"})

# Representation at the start and at the end of the year, in percent.
REPRESENTATION_START = {"buke": 35, "kuge": 22, "otokodate": 28, "sohei": 15}
REPRESENTATION_END = {"buke": 25, "kuge": 20, "otokodate": 25, "sohei": 30}

# Log-odds of winning, by faction, and the edge of the side that activated first.
STRENGTH = {"buke": 0.15, "kuge": -0.12, "otokodate": 0.02, "sohei": -0.05}
FIRST_ACTIVATION_EDGE = 0.12
DRAWS_PER_MILLE = 70

FIRST_DAY = datetime.date(2025, 11, 1)
DAYS = 365
TOURNAMENT_PER_MILLE = 30
LEFT_AT_HOME_PERCENT = 10

PLAYERS = 2_000
LUCKY_PLAYERS = 5
BOT_PERCENT = 20
BOTS = ("random", "greedy")
CREATED_AT = datetime.time(19, 0, tzinfo=datetime.UTC)

RESULTS = {"win": 1.0, "draw": 0.5, "loss": 0.0}
OTHER_SIDE = {"A": "B", "B": "A"}


@dataclass(frozen=True)
class UnitTemplate:
    """A unit of a sample army list as the engine fields it."""

    number: int  # the unit is "<side>.u<number>"
    name: str
    type: str
    troop_class: str
    cost: int
    miniatures: int


@dataclass(frozen=True)
class Batch:
    """Rows of some games: ``game_sides``, ``game_units``, ``game_seats`` and
    ``game_dice``."""

    sides: list[dict[str, Any]]
    units: list[dict[str, Any]]
    seats: list[dict[str, Any]]
    dice: list[dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True)
class Tournament:
    tournament_id: uuid.UUID
    day: datetime.date
    battle_size: int
    rounds: int
    scenarios: tuple[str, ...]  # by round


@cache
def army_units(faction: str, battle_size: int) -> tuple[UnitTemplate, ...]:
    """The units of the sample army ``<faction>-<battle_size>``, built by the engine."""
    _, units, minis = forces(
        load_sample_army(f"{faction}-{battle_size}"), load_catalogue(), SIDES[0]
    )
    templates = []
    for uid, unit in units.items():
        number = int(uid.rsplit(".u", 1)[1])
        count = sum(1 for mid in minis if mid.rsplit(".", 1)[0] == uid)
        templates.append(
            UnitTemplate(number, unit["name"], unit["type"], unit["class"], unit["cost"], count)
        )
    return tuple(templates)


def _per_mille_win(difference: float) -> int:
    """Per mille chance of winning a decided game at log-odds ``difference``."""
    return round(1000 / (1 + math.exp(-difference)))


# Per mille chance that side A wins a decided game: (faction A, faction B, A first) -> chance.
WIN_PER_MILLE = {
    (a, b, first): _per_mille_win(
        STRENGTH[a] - STRENGTH[b] + (FIRST_ACTIVATION_EDGE if first else -FIRST_ACTIVATION_EDGE)
    )
    for a in FACTIONS
    for b in FACTIONS
    for first in (True, False)
}


class SyntheticGames:
    """The rows of ``games`` finished Kensei games made from ``seed``."""

    def __init__(self, seed: str, games: int) -> None:
        self.seed = seed
        self.games = games
        self.random = random.Random(seed)
        self.tournaments = self._tournaments()
        self.days = [FIRST_DAY + datetime.timedelta(days=offset) for offset in range(DAYS)]
        self.day_weights = list(_cumulative(3 if day.weekday() >= 5 else 1 for day in self.days))
        self.scenarios = tuple(SCENARIO_WEIGHTS)
        self.scenario_weights = list(_cumulative(SCENARIO_WEIGHTS.values()))
        self.size_weights = list(_cumulative(BATTLE_SIZE_WEIGHTS))
        self.last_turn = {name: int(SCENARIOS[name]["last_turn"]) for name in self.scenarios}
        self.version = Kensei.version
        self.players = [
            uuid.UUID(int=self.random.getrandbits(128), version=4) for _ in range(PLAYERS)
        ]
        # Player n plays about 1/(n + 10) as often as the others together: a long tail.
        self.player_weights = list(_cumulative(1_000_000 // (n + 10) for n in range(PLAYERS)))
        self.lucky = frozenset(self.players[n * 97 % PLAYERS] for n in range(LUCKY_PLAYERS))
        # Representation by month (12 steps from start to end), cumulative weights.
        self.faction_weights = [
            list(
                _cumulative(
                    REPRESENTATION_START[f] * (11 - month) + REPRESENTATION_END[f] * month
                    for f in FACTIONS
                )
            )
            for month in range(12)
        ]

    def _tournaments(self) -> list[Tournament]:
        pick = self.random
        tournaments = []
        for _ in range(8):
            tournaments.append(
                Tournament(
                    tournament_id=uuid.UUID(int=pick.getrandbits(128), version=4),
                    day=FIRST_DAY + datetime.timedelta(days=pick.randrange(DAYS - 1)),
                    battle_size=pick.choice((400, 400, 600, 250)),
                    rounds=pick.choice((3, 4, 5, 5, 6)),
                    scenarios=tuple(pick.choice(tuple(SCENARIO_WEIGHTS)) for _ in range(6)),
                )
            )
        return tournaments

    def accounts(self) -> list[dict[str, Any]]:
        """The ``accounts`` rows of the players (no usable password)."""
        return [
            {
                "id": player,
                "username": f"player-{number:04d}",
                "display_name": f"Player {number:04d}",
                "password_hash": "!synthetic",
                "role": "player",
                "created_at": datetime.datetime.combine(FIRST_DAY, CREATED_AT),
            }
            for number, player in enumerate(self.players, start=1)
        ]

    def batches(self, games_per_batch: int = 2_000) -> Iterator[Batch]:
        """The rows of the games, ``games_per_batch`` games at a time."""
        made = 0
        while made < self.games:
            count = min(games_per_batch, self.games - made)
            batch = Batch([], [], [])
            for _ in range(count):
                self._game(batch)
            made += count
            yield batch

    def _game(self, batch: Batch) -> None:
        sides, units, seats = batch.sides, batch.units, batch.seats
        pick = self.random
        game_id = uuid.UUID(int=pick.getrandbits(128), version=4)
        tournament: Tournament | None = None
        round_number: int | None = None
        if pick.randrange(1000) < TOURNAMENT_PER_MILLE:
            tournament = pick.choice(self.tournaments)
            round_number = pick.randint(1, tournament.rounds)
            played_on = tournament.day + datetime.timedelta(days=0 if round_number <= 3 else 1)
            battle_size = tournament.battle_size
            scenario = tournament.scenarios[round_number - 1]
        else:
            played_on = pick.choices(self.days, cum_weights=self.day_weights)[0]
            battle_size = pick.choices(BATTLE_SIZES, cum_weights=self.size_weights)[0]
            scenario = pick.choices(self.scenarios, cum_weights=self.scenario_weights)[0]
        month = min(11, (played_on - FIRST_DAY).days * 12 // DAYS)
        faction_a, faction_b = pick.choices(FACTIONS, cum_weights=self.faction_weights[month], k=2)
        factions = {"A": faction_a, "B": faction_b}

        strategy = pick.choice(SIDES)
        initiative = pick.choice(SIDES)
        first = initiative if pick.randrange(10) else OTHER_SIDE[initiative]
        if pick.randrange(1000) < DRAWS_PER_MILLE:
            winner = None
        elif pick.randrange(1000) < WIN_PER_MILLE[faction_a, faction_b, first == "A"]:
            winner = "A"
        else:
            winner = "B"

        last_turn = self.last_turn[scenario]
        ending, turns = self._ending(scenario, last_turn, winner is None)
        steps = turns * pick.randint(40, 90) * battle_size // 250

        # Two in five of the tournaments' games are results reported at the table: no
        # dice, units, turns or ending (chosen by the id: the random draws stay the same).
        reported, event_size = _reporting(game_id, tournament)

        fielded = {side: self._fielded(factions[side], battle_size) for side in SIDES}
        suffered = {side: self._suffered(fielded[side], winner, side, ending) for side in SIDES}
        caused = {
            side: self._caused(fielded[side], sum(suffered[OTHER_SIDE[side]].values()))
            for side in SIDES
        }

        seated = {
            side: None
            if pick.randrange(100) < BOT_PERCENT
            else pick.choices(self.players, cum_weights=self.player_weights)[0]
            for side in SIDES
        }
        host = seated["A"] or seated["B"] or self.players[0]
        loser_vp = pick.randint(0, 8)
        for side in SIDES:
            player = seated[side]
            seats.append(
                {
                    "game_id": game_id,
                    "side": side,
                    "account_id": player,
                    "bot": None if player else pick.choice(BOTS),
                    "invitation": None,
                    "host_id": host,
                    "created_at": datetime.datetime.combine(played_on, CREATED_AT),
                }
            )
            result = "draw" if winner is None else ("win" if winner == side else "loss")
            victory_points = loser_vp + (pick.randint(1, 6) if result == "win" else 0)
            dice, expected_sixths, observed = self._dice(turns, battle_size, result == "win")
            if player in self.lucky:
                observed = min(dice, observed + 1)
            row = {
                    "game_id": game_id,
                    "side": side,
                    "system": Kensei.id,
                    "ruleset_version": self.version,
                    "faction": factions[side],
                    "army_points": battle_size,
                    "scenario": scenario,
                    "tournament_id": tournament.tournament_id if tournament else None,
                    "round": round_number,
                    "played_on": played_on,
                    "first": strategy == side,
                    "result": result,
                    "score": RESULTS[result],
                    "victory_points": victory_points,
                    "opponent_faction": factions[OTHER_SIDE[side]],
                    "turns": turns,
                    "steps": steps,
                    "ending": ending,
                    "extra": {
                        "army_cost": sum(unit.cost for unit in fielded[side]),
                        "units_fielded": len(fielded[side]),
                        "won_strategy_roll": strategy == side,
                        "won_first_initiative": initiative == side,
                        "activated_first": first == side,
                    },
                    "source": "recorded",
                    "event_size": event_size,
            }  # fmt: skip
            sides.append(row | (REPORTED_ROW if reported else {}))
            # A reported result's dice and units are drawn but not kept.
            kept_dice, kept_units = ([], []) if reported else (batch.dice, units)
            kept_dice.append(
                {"game_id": game_id, "side": side, "faces": 6, "dice": dice,
                 "observed": observed, "expected_parts": expected_sixths}
            )  # fmt: skip
            for unit in fielded[side]:
                lost = suffered[side][unit.number]
                kept_units.append(
                    {
                        "game_id": game_id,
                        "unit": f"{side}.u{unit.number}",
                        "side": side,
                        "name": unit.name,
                        "type": unit.type,
                        "cost": unit.cost,
                        "casualties_caused": caused[side][unit.number],
                        "casualties_suffered": lost,
                        # A unit that fled the battle leaves without casualties.
                        "survived": lost < unit.miniatures and pick.randrange(20) > 0,
                        "extra": {"troop_class": unit.troop_class},
                    }
                )

    def _ending(self, scenario: str, last_turn: int, draw: bool) -> tuple[str, int]:
        pick = self.random
        roll = pick.randrange(100)
        if draw or roll < 30 or (scenario in NO_EARLY_END and roll < 85):
            return "last_turn", last_turn
        if roll < 85:
            return "end_of_battle_check", pick.randint(2, last_turn)
        if roll < 93:
            return "annihilation", pick.randint(3, last_turn)
        return "concession", pick.randint(1, last_turn)

    def _fielded(self, faction: str, battle_size: int) -> list[UnitTemplate]:
        pick = self.random
        army = army_units(faction, battle_size)
        return [army[0]] + [
            unit for unit in army[1:] if pick.randrange(100) >= LEFT_AT_HOME_PERCENT
        ]

    def _suffered(
        self, fielded: Sequence[UnitTemplate], winner: str | None, side: str, ending: str
    ) -> dict[int, int]:
        """Miniatures each unit lost: up to all of them for the loser, half for the winner."""
        pick = self.random
        if ending == "annihilation" and winner is not None and winner != side:
            return {unit.number: unit.miniatures for unit in fielded}
        share = 2 if winner is None else (1 if winner == side else 3)  # quarters at most
        return {
            unit.number: pick.randint(0, unit.miniatures * share // 4 + 1) if unit.miniatures else 0
            for unit in fielded
        }

    def _caused(self, fielded: Sequence[UnitTemplate], casualties: int) -> dict[int, int]:
        """The other side's casualties credited to units of this side, weighted by cost."""
        pick = self.random
        counted = dict.fromkeys((unit.number for unit in fielded), 0)
        credited = casualties * 85 // 100
        if credited:
            for unit in pick.choices(fielded, weights=[unit.cost for unit in fielded], k=credited):
                counted[unit.number] += 1
        return counted

    def _dice(self, turns: int, battle_size: int, won: bool) -> tuple[int, int, int]:
        """Dice rolled, expected successes in sixths, observed successes."""
        pick = self.random
        dice = max(1, turns * pick.randint(6, 14) * battle_size // 250)
        # Each die succeeds on 3+ to 5+: 2 to 4 sixths, 3 on average.
        spread = dice // 4
        sixths = dice * 3 + pick.randint(-spread, spread)
        width = math.isqrt(dice) // 2 + 1
        noise = pick.randint(-width, width) + pick.randint(-width, width)
        observed = sixths // 6 + noise + (pick.randint(0, 2) if won else 0)
        return dice, sixths, min(dice, max(0, observed))


# What a result reported at a tournament's table has of a game (no dice, units,
# turns or ending).
REPORTED_ROW = {"source": "reported", "first": None, "turns": 0, "steps": 0,
                "ending": "reported", "extra": {}}  # fmt: skip


def _reporting(game_id: uuid.UUID, tournament: Tournament | None) -> tuple[bool, int | None]:
    """Whether a game is a result reported at its tournament's table (two in five of
    the tournaments' games, chosen by the id: the random draws stay the same), and
    its event's size."""
    if tournament is None:
        return False, None
    return game_id.int % 5 < 2, 8 + tournament.tournament_id.int % 57


def _cumulative(weights: Any) -> Iterator[int]:
    total = 0
    for weight in weights:
        total += weight
        yield total


def load(connection: Connection, seed: str, games: int, games_per_batch: int = 2_000) -> None:
    """Insert the rows of ``SyntheticGames(seed, games)`` (accounts first), a batch of games per
    executemany (SQLAlchemy's insertmanyvalues batches); the caller commits."""
    synthetic = SyntheticGames(seed, games)
    connection.execute(insert(accounts), synthetic.accounts())
    for batch in synthetic.batches(games_per_batch):
        connection.execute(insert(game_sides), batch.sides)
        connection.execute(insert(game_dice), batch.dice)
        connection.execute(insert(game_units), batch.units)
        connection.execute(insert(game_seats), batch.seats)
