"""Pair the next Swiss round: a pure function of the history and a seed.

Priorities, from hardest to softest (docs/tournaments.md has the details):

1. every active player is paired exactly once or gets a bye; no rematch;
   no club-mates when club avoidance is hard; requested byes are honoured;
   the odd player out gets a bye only if they never had one;
2. the bye goes to the lowest-ranked player who may take it;
3. no two players with different fixed tables meet;
4. least total of squared score differences (plus the soft club penalty per
   club-mate pairing);
5. floats come from as low in the standings as possible (the bottom of an
   odd score group goes down);
6. players close in the standings meet (1 v 2, 3 v 4 within a score group).

Round 1 is the same algorithm on a field ranked at random from the seed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import networkx as nx  # type: ignore[import-untyped]

from shiai.tournaments.matching import (
    EXACT_LIMIT,
    Entrant,
    Pair,
    Rules,
    pair_exactly,
    pair_quickly,
    pair_with_bye,
)
from shiai.tournaments.model import (
    Bye,
    ClubAvoidance,
    InvalidHistory,
    NoValidPairing,
    Pairing,
    Round,
    TournamentHistory,
    TournamentOptions,
)
from shiai.tournaments.records import PlayerRecord, build_records, exact
from shiai.tournaments.standings import compute_standings
from shiai.tournaments.tables import assign_tables


@dataclass(frozen=True)
class ProposedRound:
    """The pairer's proposal for one round, before any result.

    ``warnings`` lists the soft rules it had to break (club-mates paired under
    soft avoidance, fixed tables that could not both be honoured).
    """

    number: int
    pairings: tuple[Pairing, ...]
    byes: tuple[Bye, ...]
    squared_score_difference: float
    warnings: tuple[str, ...]

    def as_round(self) -> Round:
        """The proposal as a :class:`Round` to append to the history."""
        return Round(self.number, self.pairings, self.byes)


def pair_round(history: TournamentHistory, *, seed: int | str) -> ProposedRound:
    """Pair round ``len(history.rounds) + 1``.

    Every earlier round must have all its results. ``seed`` (the tournament's)
    makes round 1 and ties random yet reproducible. Raises
    :class:`NoValidPairing`, naming the players concerned, when the hard
    constraints cannot all be met.
    """
    history.validate()
    number = history.next_round_number
    for round_ in history.rounds:
        if not round_.is_complete:
            raise InvalidHistory(f"round {round_.number} still has games without a result")
    records = build_records(history, number - 1)
    standings = compute_standings(
        history, through_round=number - 1, seed=f"{seed}:{number}", records=records
    )
    active = [history.player(pid) for pid in standings.order()]
    active = [p for p in active if p.is_active(number)]
    byes = [Bye(p.id, requested=True) for p in active if number in p.requested_bye_rounds]
    to_pair = [p for p in active if number not in p.requested_bye_rounds]
    entrants = [
        Entrant(
            id=p.id,
            rank=rank,
            score=standings.score_of(p.id),
            club=p.club,
            fixed_table=p.fixed_table,
            opponents=records[p.id].opponents,
        )
        for rank, p in enumerate(to_pair)
    ]
    rules = _rules(history.options, len(entrants))
    if len(entrants) % 2:
        candidates = [e for e in reversed(entrants) if _may_take_bye(records[e.id], number)]
        pairs, bye = _pair_odd_field(history, number, entrants, rules, candidates)
        byes.append(Bye(bye))
    else:
        pairs = _pair_even_field(history, number, entrants, rules)
    tables = assign_tables(history, pairs, round_number=number, standings=standings)
    return ProposedRound(
        number=number,
        pairings=tables.pairings,
        byes=tuple(byes),
        squared_score_difference=float(
            sum(((standings.score_of(a) - standings.score_of(b)) ** 2 for a, b in pairs), 0)
        ),
        warnings=_club_warnings(history, pairs) + tables.warnings,
    )


def _rules(options: TournamentOptions, field_size: int) -> Rules:
    soft = options.club_avoidance is ClubAvoidance.SOFT
    return Rules(
        hard_club=options.club_avoidance is ClubAvoidance.HARD,
        club_penalty=exact(options.club_penalty) if soft else Fraction(0),
        field_size=field_size,
    )


def _may_take_bye(record: PlayerRecord, number: int) -> bool:
    """Never had a bye, and none is requested later (that one will count)."""
    player = record.player
    if record.byes:
        return False
    return not any(r > number and player.is_active(r) for r in player.requested_bye_rounds)


def _pair_even_field(
    history: TournamentHistory, number: int, entrants: Sequence[Entrant], rules: Rules
) -> list[Pair]:
    pairs = pair_quickly(entrants, rules)
    if pairs is None and len(entrants) > EXACT_LIMIT:
        pairs = pair_exactly(entrants, rules)
    if pairs is None:
        raise _diagnose(history, number, entrants, rules, with_bye=False)
    return pairs


def _pair_odd_field(
    history: TournamentHistory,
    number: int,
    entrants: Sequence[Entrant],
    rules: Rules,
    candidates: Sequence[Entrant],
) -> tuple[list[Pair], str]:
    if not candidates:
        names = ", ".join(_name(history, e.id) for e in entrants)
        raise NoValidPairing(
            f"round {number}: an odd number of players must be paired and every one of them "
            f"has already had a bye or has one requested: {names}",
            players=tuple(e.id for e in entrants),
        )
    if len(entrants) > EXACT_LIMIT:
        lowest = candidates[0]
        pairs = pair_quickly([e for e in entrants if e.id != lowest.id], rules)
        if pairs is not None:
            return pairs, lowest.id
    found = pair_with_bye(entrants, rules, candidates)
    if found is None:
        raise _diagnose(history, number, entrants, rules, with_bye=True)
    return found


def _name(history: TournamentHistory, player_id: str) -> str:
    return f"{history.player(player_id).name} ({player_id})"


def _diagnose(
    history: TournamentHistory,
    number: int,
    entrants: Sequence[Entrant],
    rules: Rules,
    *,
    with_bye: bool,
) -> NoValidPairing:
    """Explain why no pairing exists: isolated players, or the best leftover."""
    constraint = "a rematch or club-mates meeting" if rules.hard_club else "a rematch"
    isolated = [
        e.id for e in entrants if not any(rules.allowed(e, o) for o in entrants if o is not e)
    ]
    if isolated and not (with_bye and len(isolated) == 1):
        names = ", ".join(_name(history, pid) for pid in isolated)
        return NoValidPairing(
            f"round {number}: no valid pairing; {names} cannot be paired without {constraint} "
            "(they have met, or share a club with, every other player to pair)",
            players=tuple(isolated),
        )
    graph = nx.Graph()
    graph.add_nodes_from(range(len(entrants)))
    graph.add_edges_from(
        (i, j)
        for i, a in enumerate(entrants)
        for j in range(i + 1, len(entrants))
        if rules.allowed(a, entrants[j])
    )
    matched: set[str] = set()
    for i, j in nx.max_weight_matching(graph, maxcardinality=True):
        matched.update((entrants[i].id, entrants[j].id))
    leftover = tuple(e.id for e in entrants if e.id not in matched)
    names = ", ".join(_name(history, pid) for pid in leftover)
    if with_bye and len(leftover) == 1:
        return NoValidPairing(
            f"round {number}: no valid pairing; every pairing without {constraint} leaves "
            f"someone who has already had a bye (or has one requested) without an opponent, "
            f"e.g. {names}",
            players=leftover,
        )
    return NoValidPairing(
        f"round {number}: no valid pairing; at best {len(leftover)} of {len(entrants)} players "
        f"are left over without {constraint}, e.g. {names}",
        players=leftover,
    )


def _club_warnings(history: TournamentHistory, pairs: Sequence[Pair]) -> tuple[str, ...]:
    """Club-mates paired under soft avoidance (hard never pairs them; off ignores clubs)."""
    if history.options.club_avoidance is not ClubAvoidance.SOFT:
        return ()
    warnings: list[str] = []
    for a, b in pairs:
        club = history.player(a).club
        if club is not None and club == history.player(b).club:
            warnings.append(
                f"{_name(history, a)} and {_name(history, b)} of {club} meet: "
                "avoiding it would have cost more than the club penalty"
            )
    return tuple(warnings)
