"""Property tests: 500 generated tournaments, every round paired and checked.

Each round proposed by the pairer is checked by :func:`check_pairing` (every
active player paired once or on a bye, no rematch, at most one bye each,
requested byes honoured, club-mates only under soft or no avoidance) and, on
fields of up to :data:`BRUTE_FORCE_LIMIT` players, against the brute-force
:class:`Oracle`: the bye goes to a lowest-scoring player who can take it, and
no valid pairing has a lower cost. When the pairer finds no valid pairing, the
oracle must agree.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from shiai.tournaments import matching, swiss
from shiai.tournaments.checker import WarningKind, check_pairing
from shiai.tournaments.model import ClubAvoidance, NoValidPairing, TournamentHistory
from shiai.tournaments.swiss import ProposedRound, pair_round
from tests.support.tournament_generator import (
    correct_a_result,
    generate_tournament,
    play,
    with_results,
)
from tests.unit.tournaments.oracle import Oracle, scores

TOURNAMENTS = 500
BRUTE_FORCE_LIMIT = 11


def field_size(seed: int) -> int:
    """Mostly small fields (checked by brute force), some medium, a few large."""
    rng = random.Random(f"size-{seed}")
    bucket = seed % 20
    if bucket < 13:
        return rng.randint(2, 12)
    if bucket < 19:
        return rng.randint(13, 64)
    return rng.randint(65, 300)


def check_round(history: TournamentHistory, proposal: ProposedRound) -> None:
    options = history.options
    allowed = set()
    if options.club_avoidance is not ClubAvoidance.HARD:
        allowed.add(WarningKind.SAME_CLUB)
    if any("fixed table" in w for w in proposal.warnings):
        allowed.add(WarningKind.FIXED_TABLE_IGNORED)
    warnings = check_pairing(history, proposal.pairings, proposal.byes)
    assert [w for w in warnings if w.kind not in allowed] == []

    score = scores(history, len(history.rounds))
    squared = sum((score[p.a] - score[p.b]) ** 2 for p in proposal.pairings)
    assert proposal.squared_score_difference == pytest.approx(float(squared))

    oracle = Oracle(history)
    field = oracle.to_pair()
    allocated = [b.player for b in proposal.byes if not b.requested]
    assert len(allocated) == len(field) % 2
    if len(field) > BRUTE_FORCE_LIMIT:
        return
    rest = [p for p in field if p.id not in allocated]
    if allocated:
        takers = oracle.feasible_bye_takers()
        assert allocated[0] in {p.id for p in takers}
        assert score[allocated[0]] == min(score[p.id] for p in takers)
    assert oracle.cost([p.players for p in proposal.pairings]) == oracle.best_cost(rest)


@pytest.mark.parametrize("seed", range(TOURNAMENTS))
def test_generated_tournament_is_paired_validly_in_every_round(seed: int) -> None:
    generated = generate_tournament(seed, players=field_size(seed))
    rng = random.Random(seed)
    history = generated.empty_history()
    for _ in range(generated.rounds):
        try:
            proposal = pair_round(history, seed=generated.seed)
        except NoValidPairing:
            oracle = Oracle(history)
            assert len(oracle.to_pair()) <= BRUTE_FORCE_LIMIT + 1, "large field refused"
            assert not oracle.pairable()
            return
        check_round(history, proposal)
        history = replace(history, rounds=(*history.rounds, with_results(proposal, rng)))
        if rng.random() < 0.1:
            history = correct_a_result(history, rng)


@pytest.mark.parametrize("seed", [3, 4])
def test_windowed_pairing_of_a_large_field_is_as_good_as_the_exact_one(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    history = play(generate_tournament(seed, players=130, rounds=6), rounds=5)
    windowed = pair_round(history, seed=seed)
    monkeypatch.setattr(matching, "EXACT_LIMIT", 10_000)
    monkeypatch.setattr(swiss, "EXACT_LIMIT", 10_000)
    exact = pair_round(history, seed=seed)
    assert windowed.squared_score_difference == exact.squared_score_difference
    assert len(windowed.warnings) == len(exact.warnings)
