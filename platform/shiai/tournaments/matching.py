"""Swiss pairing as one maximum-weight matching per solve.

The pairing priorities are lexicographic. Each candidate edge gets a tuple of
costs, most important first::

    (fixed-table conflict, score difference² + club penalty, float cost, rank distance²)

and :func:`encode` turns the tuples into integer weights whose multipliers
make every tier outweigh the sum of all the tiers below it over a whole
matching. ``networkx.max_weight_matching(..., maxcardinality=True)`` then
returns, among the matchings pairing the most players, the one with the best
cost tuple. Hard constraints (rematches, club-mates under hard avoidance)
are simply missing edges. The bye is an extra node joined to the players
allowed to take it, with a weight that dominates everything else and grows
with the player's rank, so the lowest-ranked possible player takes it.

Large fields are solved in overlapping windows down the standings
(:class:`Horizon`); if that does not pair everyone, a wider window is tried,
and finally the complete graph, which finds a valid pairing whenever one
exists.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import networkx as nx  # type: ignore[import-untyped]

Pair = tuple[str, str]
Cost = tuple[int, Fraction, int, int]

#: Fields up to this size are always solved exactly on the complete graph.
EXACT_LIMIT = 40


@dataclass(frozen=True)
class Entrant:
    """A player to pair, as the matcher sees them. ``rank`` 0 is the top."""

    id: str
    rank: int
    score: Fraction
    club: str | None
    fixed_table: int | None
    opponents: frozenset[str]


@dataclass(frozen=True)
class Rules:
    """The hard constraints and the cost of one pairing."""

    hard_club: bool
    club_penalty: Fraction
    field_size: int

    def allowed(self, a: Entrant, b: Entrant) -> bool:
        """Whether ``a`` and ``b`` may meet at all: no rematch, no club-mates if hard."""
        if b.id in a.opponents or a.id in b.opponents:
            return False
        return not (self.hard_club and a.club is not None and a.club == b.club)

    def cost(self, a: Entrant, b: Entrant) -> Cost:
        """The cost tuple of pairing ``a`` with ``b`` (lower is better)."""
        conflict = int(
            a.fixed_table is not None
            and b.fixed_table is not None
            and a.fixed_table != b.fixed_table
        )
        difference = a.score - b.score
        main = difference * difference
        if a.club is not None and a.club == b.club:
            main += self.club_penalty
        if difference == 0:
            floated = 0
        else:
            upper = a if difference > 0 else b
            floated = self.field_size - upper.rank
        return (conflict, main, floated, (a.rank - b.rank) ** 2)


def encode(costs: Sequence[Cost], pairs: int) -> tuple[list[int], int]:
    """Integer weights for ``costs`` so that a maximum-weight matching of at most
    ``pairs`` edges minimises the cost tuples lexicographically.

    Returns the weights and ``top``, an upper bound on any single weight.
    """
    denominator = math.lcm(*(c[1].denominator for c in costs)) if costs else 1
    rows = [(c[0], int(c[1] * denominator), c[2], c[3]) for c in costs]
    multipliers = [0, 0, 0, 0]
    multiplier = 1
    for tier in (3, 2, 1, 0):
        multipliers[tier] = multiplier
        multiplier *= pairs * max((row[tier] for row in rows), default=0) + 1
    top = multiplier
    weights = [top - sum(r * m for r, m in zip(row, multipliers, strict=True)) for row in rows]
    return weights, top


def match(
    entrants: Sequence[Entrant],
    rules: Rules,
    *,
    reach: int | None = None,
    wide: frozenset[str] = frozenset(),
    bye_candidates: Sequence[Entrant] = (),
) -> tuple[list[Pair], str | None]:
    """One maximum-weight matching over ``entrants`` (in rank order).

    With ``reach`` only players at most that many places apart are joined,
    except the ``wide`` ones, joined to everybody. ``bye_candidates`` adds the
    bye node. Returns the pairs found (maybe not everyone) and the bye taker.
    """
    edges: list[tuple[int, int]] = []
    costs: list[Cost] = []
    size = len(entrants)
    wide_positions = [i for i, e in enumerate(entrants) if e.id in wide]
    for i, a in enumerate(entrants):
        if reach is None or a.id in wide:
            partners: Sequence[int] = range(i + 1, size)
        else:
            near = range(i + 1, min(size, i + reach + 1))
            far = [j for j in wide_positions if j > i + reach]
            partners = [*near, *far]
        for j in partners:
            b = entrants[j]
            if rules.allowed(a, b):
                edges.append((i, j))
                costs.append(rules.cost(a, b))
    pair_count = size // 2 + 1
    weights, top = encode(costs, pair_count)
    graph = nx.Graph()
    graph.add_nodes_from(range(size))
    for (i, j), weight in zip(edges, weights, strict=True):
        graph.add_edge(i, j, weight=weight)
    bye_node = size
    if bye_candidates:
        position = {e.id: i for i, e in enumerate(entrants)}
        bye_unit = pair_count * top + 1
        for candidate in bye_candidates:
            graph.add_edge(position[candidate.id], bye_node, weight=bye_unit * (candidate.rank + 1))
    pairs: list[Pair] = []
    bye: str | None = None
    matching: set[tuple[int, int]] = nx.max_weight_matching(graph, maxcardinality=True)
    for u, v in matching:
        i, j = min(u, v), max(u, v)
        if j == bye_node:
            bye = entrants[i].id
        else:
            pairs.append((entrants[i].id, entrants[j].id))
    return pairs, bye


@dataclass(frozen=True)
class Horizon:
    """Solve ``window`` players at a time; commit the pairs lying wholly above the
    last ``lookahead`` players; join players at most ``reach`` places apart."""

    window: int
    lookahead: int
    reach: int

    def pair(self, entrants: Sequence[Entrant], rules: Rules) -> list[Pair] | None:
        """Pairs for everyone, or ``None`` if this horizon did not find them."""
        pairs: list[Pair] = []
        carried: list[Entrant] = []
        wide: frozenset[str] = frozenset()
        position = 0
        while True:
            take = max(self.window - len(carried), self.lookahead)
            window = carried + list(entrants[position : position + take])
            position += take
            found, _ = match(window, rules, reach=self.reach, wide=wide)
            if position >= len(entrants):
                if 2 * len(found) != len(window):
                    return None
                return pairs + found
            commit_limit = len(window) - self.lookahead
            index = {e.id: i for i, e in enumerate(window)}
            committed: set[str] = set()
            for a, b in found:
                if index[a] < commit_limit and index[b] < commit_limit:
                    pairs.append((a, b))
                    committed.update((a, b))
            carried = [e for e in window if e.id not in committed]
            wide = frozenset(e.id for e in window[:commit_limit] if e.id not in committed)
            if len(wide) > self.window // 2:
                return None


#: Tried in order on fields above :data:`EXACT_LIMIT`, before the complete graph.
HORIZONS = (
    Horizon(window=40, lookahead=14, reach=6),
    Horizon(window=120, lookahead=40, reach=20),
)


def pair_quickly(entrants: Sequence[Entrant], rules: Rules) -> list[Pair] | None:
    """Pairs for everyone using the fast strategies only (exact on small fields)."""
    if len(entrants) <= EXACT_LIMIT:
        return pair_exactly(entrants, rules)
    for horizon in HORIZONS:
        if len(entrants) <= horizon.window:
            break
        found = horizon.pair(entrants, rules)
        if found is not None:
            return found
    return None


def pair_exactly(entrants: Sequence[Entrant], rules: Rules) -> list[Pair] | None:
    """The optimal pairs on the complete graph, or ``None`` if nobody can pair all."""
    found, _ = match(entrants, rules)
    return found if 2 * len(found) == len(entrants) else None


def pair_with_bye(
    entrants: Sequence[Entrant], rules: Rules, candidates: Sequence[Entrant]
) -> tuple[list[Pair], str] | None:
    """Exact solve of an odd field: the lowest-ranked candidate who leaves a valid
    pairing takes the bye. ``None`` if no candidate does."""
    found, bye = match(entrants, rules, bye_candidates=candidates)
    if bye is None or 2 * len(found) + 1 != len(entrants):
        return None
    return found, bye
