"""Player pages: who a page is about (the ratings' identity) and the totals per
faction, counted as the meta counts them."""

from __future__ import annotations

from datetime import date
from fractions import Fraction
from uuid import uuid4

from dashboards.meta_stats import wilson_interval
from shiai.players import Opponent, PlayedGame, PlayerKey, faction_totals
from shiai.tournaments.read_models import name_identity


def test_a_name_finds_the_ratings_identity_in_any_case() -> None:
    assert PlayerKey.of_name("Kato Jun").identity == "name:kato jun"
    assert PlayerKey.of_name("KATO JUN").identity == PlayerKey.of_name("kato jun").identity
    # Casefolded, not lowered: "Straße" and "STRASSE" are one name.
    assert PlayerKey.of_name("Straße").identity == PlayerKey.of_name("STRASSE").identity
    long_name = "x" * 120
    assert PlayerKey.of_name(long_name).identity == name_identity(long_name)
    assert PlayerKey.of_name(long_name).identity.startswith("name-sha256:")


def test_an_identity_gives_the_page_of_its_account_or_of_its_name() -> None:
    account = uuid4()
    key = PlayerKey.of_identity(f"account:{account}", "Alice")
    assert (key.account_id, key.identity) == (account, f"account:{account}")
    by_name = PlayerKey.of_identity("name:alice", "Alice")
    assert (by_name.account_id, by_name.name, by_name.identity) == (None, "Alice", "name:alice")
    # A malformed account identity falls back to the name it was registered under.
    assert PlayerKey.of_identity("account:not-a-uuid", "Bob").identity == "name:bob"


def _game(faction: str, result: str, system: str = "kensei") -> PlayedGame:
    return PlayedGame(
        game_id=uuid4(), played_on=date(2026, 1, 1), system=system, source="reported",
        tournament_id=None, event_name=None, round=None, faction=faction,
        opponent=Opponent("X", None), opponent_faction="kuge", result=result,
        victory_points=0, opponent_points=0,
    )  # fmt: skip


def test_faction_totals_count_draws_as_half_with_the_meta_s_interval() -> None:
    games = [_game("buke", "win"), _game("buke", "draw"), _game("buke", "loss"),
             _game("sohei", "win"), _game("buke", "win", system="other")]  # fmt: skip
    totals = faction_totals(games)
    assert [(t.system, t.faction, t.games) for t in totals] == [
        ("kensei", "buke", 3),
        ("kensei", "sohei", 1),
        ("other", "buke", 1),
    ]
    buke = totals[0]
    assert (buke.wins, buke.draws, buke.losses) == (1, 1, 1)
    assert buke.rate == Fraction(1, 2)
    assert buke.interval == wilson_interval(Fraction(1, 2), 3)
    assert faction_totals([]) == []
