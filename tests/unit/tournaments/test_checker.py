"""The pairing checker used for manual overrides: it warns, never refuses."""

from __future__ import annotations

from shiai.tournaments.checker import WarningKind, check_pairing
from shiai.tournaments.model import Bye, Pairing
from tests.unit.tournaments.builders import field, game, history, played

PLAYERS = field(
    *"ABCDEF",
    A={"club": "Kai"},
    B={"club": "Kai"},
    E={"dropped_after_round": 1},
    F={"entered_round": 3},
)
AFTER_ONE = history(PLAYERS, played(1, game("A", "C", "A"), game("B", "D", "B"), byes=["E"]))


def kinds(pairings: list[Pairing], byes: list[Bye] | None = None) -> list[WarningKind]:
    return [w.kind for w in check_pairing(AFTER_ONE, pairings, byes or [])]


def test_clean_pairing_has_no_warnings() -> None:
    assert kinds([Pairing(1, "A", "D"), Pairing(2, "B", "C")]) == []


def test_checker_warns_about_a_rematch() -> None:
    assert kinds([Pairing(1, "A", "C"), Pairing(2, "B", "D")]) == [
        WarningKind.REMATCH,
        WarningKind.REMATCH,
    ]


def test_checker_warns_about_club_mates() -> None:
    warnings = check_pairing(AFTER_ONE, [Pairing(1, "A", "B"), Pairing(2, "C", "D")])
    assert [(w.kind, w.players) for w in warnings] == [(WarningKind.SAME_CLUB, ("A", "B"))]
    assert "Kai" in warnings[0].message


def test_checker_warns_about_a_second_bye() -> None:
    players = field(*"ABC")
    after_one = history(players, played(1, game("A", "B", "A"), byes=["C"]))
    warnings = check_pairing(after_one, [Pairing(1, "A", "B")], [Bye("C")])
    assert [w.kind for w in warnings] == [WarningKind.REMATCH, WarningKind.SECOND_BYE]


def test_checker_warns_about_a_player_paired_twice_and_one_missing() -> None:
    assert kinds([Pairing(1, "A", "D"), Pairing(2, "A", "C")]) == [
        WarningKind.PAIRED_TWICE,
        WarningKind.MISSING,
        WarningKind.REMATCH,
    ]


def test_checker_warns_about_dropped_late_and_unknown_players() -> None:
    warnings = check_pairing(
        AFTER_ONE, [Pairing(1, "A", "D"), Pairing(2, "B", "C"), Pairing(3, "E", "F")], [Bye("Z")]
    )
    assert [(w.kind, w.players) for w in warnings] == [
        (WarningKind.NOT_ACTIVE, ("E",)),
        (WarningKind.NOT_ACTIVE, ("F",)),
        (WarningKind.UNKNOWN_PLAYER, ("Z",)),
        (WarningKind.EXTRA_BYE, ("Z",)),
    ]


def test_checker_warns_about_an_ignored_requested_bye_and_an_unneeded_bye() -> None:
    players = field(*"ABCD", D={"requested_bye_rounds": frozenset({1})})
    warnings = check_pairing(
        history(players), [Pairing(1, "A", "D")], [Bye("B"), Bye("C")], round_number=1
    )
    assert [w.kind for w in warnings] == [
        WarningKind.REQUESTED_BYE_IGNORED,
        WarningKind.EXTRA_BYE,
    ]


def test_checker_warns_about_shared_and_ignored_fixed_tables() -> None:
    players = field(*"ABCD", C={"fixed_table": 4})
    warnings = check_pairing(history(players), [Pairing(1, "A", "B"), Pairing(1, "C", "D")])
    assert [w.kind for w in warnings] == [
        WarningKind.DUPLICATE_TABLE,
        WarningKind.FIXED_TABLE_IGNORED,
    ]


def test_checker_warns_about_a_player_paired_with_themself() -> None:
    assert WarningKind.SELF_PAIRING in kinds(
        [Pairing(1, "A", "A"), Pairing(2, "B", "C"), Pairing(3, "D", "D")]
    )


def test_checker_only_counts_rounds_before_the_checked_one() -> None:
    # Re-checking round 1 itself: A v C is not a rematch of itself.
    round_one = AFTER_ONE.rounds[0]
    warnings = check_pairing(AFTER_ONE, round_one.pairings, round_one.byes, round_number=1)
    assert warnings == ()
