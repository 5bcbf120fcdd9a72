"""The odds page's questions: a sample unit's roll read as the tables read, the
situation's lines, the answers' numbers, and refusals of malformed input."""

from __future__ import annotations

from fractions import Fraction

import pytest

from dashboards.kensei_odds import OddsInputError, Strike, read_question, strikes, unit_choices
from dashboards.odds_page import report, report_json


def ask(**fields: str) -> list[Strike]:
    asked = read_question(fields)
    return strikes(asked.question, asked.troops)


def test_every_unit_of_every_sample_army_list_can_be_picked() -> None:
    choices = unit_choices()
    keys = [choice.key for choice in choices]
    assert "buke-250/0" in keys
    assert "sohei-600/0" in keys
    assert len(keys) == len(set(keys))
    buke = next(choice for choice in choices if choice.key == "buke-250/0")
    assert buke.label == "Buke border patrol (buke-250): 5 Samurai, led by Hatamoto"


def test_hand_entered_shoot_of_three_dice_at_four_plus_hits_in_eighths() -> None:
    (shot,) = ask(kind="shoot", attacker_dice="3", defender_miniatures="5")
    assert shot.odds.hits == [Fraction(1, 8), Fraction(3, 8), Fraction(3, 8), Fraction(1, 8)]
    assert shot.roll.dice == 3
    assert shot.roll.modifier == 0
    assert shot.odds.stuns[1:] == [0, 0, 0], "a shoot stuns no one"


def test_shoot_roll_of_a_sample_teppo_unit_reads_the_shoot_roll_table() -> None:
    # Ashigaru teppo: ranged attack 0, six miniatures in sight and range, teppo +1 to wound.
    (shot,) = ask(kind="shoot", band="long", attacker_unit="buke-250/2", defender_unit="kuge-250/0")
    assert shot.roll.dice_lines == (
        ("ranged attack attribute", 0),
        ("miniatures in sight and range", 6),
    )
    assert shot.roll.wound_lines == (("Teppo", 1),)
    assert not shot.lost


def test_a_shoot_beyond_the_weapons_reach_is_lost() -> None:
    # Ninja shoot at short range only (shuriken, blowpipe).
    (shot,) = ask(kind="shoot", band="intermediate", attacker_unit="buke-250/3")
    assert shot.lost
    assert shot.odds.casualties[0] == 1
    assert shot.breaks == 0


def test_shoot_at_a_unit_behind_cover_and_a_single_miniature_is_at_minus_two() -> None:
    (shot,) = ask(kind="shoot", attacker_dice="2", cover="on", defender_miniatures="1")
    assert dict(shot.roll.modifier_lines) == {
        "modifier entered": 0,
        "enemy behind cover": -1,
        "single miniature or skirmisher target": -1,
    }
    # 2 dice at 6+: only the natural 6 succeeds.
    assert shot.odds.hits == [Fraction(25, 36), Fraction(10, 36), Fraction(1, 36)]


def test_shooting_break_is_half_the_unit_lost_and_a_failed_honour_roll() -> None:
    # One die, wound modifier +3 (every wound die but the 1 wounds): a single
    # miniature of Wounds 1 falls with 1/2 * 5/6, and being wiped out breaks it.
    (shot,) = ask(
        kind="shoot",
        attacker_dice="1",
        attacker_wound_modifier="3",
        defender_miniatures="2",
        defender_honour="3",
    )
    assert shot.odds.casualties == [Fraction(7, 12), Fraction(5, 12), Fraction(0)]
    # Half of two is one casualty: an honour roll at 3 fails half the time.
    assert shot.breaks == Fraction(5, 12) * Fraction(1, 2)


def test_melee_both_units_strike_at_once_and_the_wiped_out_unit_breaks() -> None:
    attack, answer = ask(
        attacker_dice="1",
        attacker_miniatures="5",
        defender_dice="0",
        defender_miniatures="1",
        defender_honour="0",
    )
    assert (attack.by, answer.by) == ("attacker", "defender")
    # One die at 4+ hits half the time; the wound die wounds on 4+ (1/2), stuns on 2-3.
    assert attack.odds.hits == [Fraction(1, 2), Fraction(1, 2)]
    assert attack.odds.stuns == [Fraction(5, 6), Fraction(1, 6)]
    assert attack.odds.casualties == [Fraction(3, 4), Fraction(1, 4)]
    assert attack.breaks == Fraction(1, 4), "a single miniature wiped out has broken"
    # Zero dice: 1D6 and only a natural 6 counts.
    assert answer.odds.hits == [Fraction(5, 6), Fraction(1, 6)]


def test_a_charge_on_the_flank_adds_its_dice_and_modifier_and_the_weapons_that_apply() -> None:
    # Samurai (katana +1D6, yari +1 when charged: front only) charge Samurai in the flank.
    attack, answer = ask(
        attacker_unit="buke-250/0",
        defender_unit="buke-250/0",
        charge="on",
        side="flank",
        boost="on",
    )
    assert ("charge", 1) in attack.roll.dice_lines
    assert ("boosted attack", 1) in attack.roll.dice_lines
    assert ("unit leader", 4) in attack.roll.dice_lines
    assert ("attacks the flank", 1) in attack.roll.modifier_lines
    assert ("Katana", 1) in attack.roll.dice_lines, "the attacker is attacked only from the front"
    # The defender, attacked in the flank, loses its front-only weapons, yari included.
    assert answer.roll.dice_lines == (
        ("attack attribute", 3),
        ("miniatures in melee", 5),
        ("unit leader", 4),
    )
    assert answer.roll.modifier_lines == ()


def test_a_unit_charged_from_the_front_sets_its_yari_against_the_charge() -> None:
    _attack, answer = ask(attacker_unit="buke-250/0", defender_unit="buke-250/0", charge="on")
    assert ("Katana", 1) in answer.roll.dice_lines
    assert answer.roll.modifier_lines == (("Yari", 1),)


def test_an_unengaged_count_limits_the_miniatures_in_melee() -> None:
    attack, _answer = ask(attacker_unit="buke-250/1", attacker_engaged="4")
    assert ("miniatures in melee", 4) in attack.roll.dice_lines


def test_other_lines_of_the_table_are_added_to_a_sample_unit_as_totals() -> None:
    # Ashigaru yari (attack 0, 12 miniatures) that lost a miniature this turn and are
    # out of formation: -1D6 and -1 on each die.
    attack, _answer = ask(
        attacker_unit="buke-250/1", attacker_other_dice="-1", attacker_other_modifier="-1"
    )
    assert attack.roll.dice_lines[-1] == ("other dice", -1)
    assert attack.roll.dice == 0 + 12 - 1
    assert attack.roll.modifier == -1
    assert attack.odds.hits[11] == Fraction(1, 3) ** 11, "eleven dice at 5+"


def test_the_json_answer_carries_exact_fractions_and_percentages() -> None:
    answer = report_json(report(read_question({"kind": "shoot", "attacker_dice": "3"})))
    (shot,) = answer["strikes"]
    assert [row["exactly"] for row in shot["tables"]["hits"]] == ["1/8", "3/8", "3/8", "1/8"]
    assert [row["exactly_percent"] for row in shot["tables"]["hits"]] == [
        "12.50",
        "37.50",
        "37.50",
        "12.50",
    ]
    assert "stuns" not in shot["tables"], "a shoot has no stuns table"
    assert set(answer["fighters"]) == {"attacker", "defender"}


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"attacker_dice": "three"}, "attacker_dice must be a whole number, not 'three'"),
        ({"attacker_dice": "41"}, "attacker_dice must be between 0 and 40, not 41"),
        ({"defender_wounds": "0"}, "defender_wounds must be between 1 and 10, not 0"),
        ({"kind": "duel"}, "kind must be one of melee, shoot, not 'duel'"),
        ({"band": "far"}, "band must be one of short, intermediate, long, not 'far'"),
        ({"attacker_unit": "buke-999/0"}, "no sample unit 'buke-999/0'"),
        ({"attacker_unit": "buke-250/9"}, "buke-250 has 4 units"),
        ({"attacker_unit": "buke-250/²"}, "no sample unit 'buke-250/²'"),
        ({"attacker_unit": "buke-250/" + "9" * 5000}, "no sample unit 'buke-250/999"),
        ({"attacker_unit": "buke-250/0", "attacker_engaged": "9"}, "between 0 and 5"),
        ({"attacker_engaged": "2"}, "attacker_engaged is for a unit from a list"),
        ({"kind": "shoot", "charge": "on"}, "a shoot has no charge"),
        ({"cover": "yes"}, "cover is a checkbox"),
        ({"dice": "3"}, "unknown field 'dice'"),
    ],
)
def test_malformed_questions_are_refused_with_the_field_named(
    fields: dict[str, str], message: str
) -> None:
    with pytest.raises(OddsInputError, match=message.replace("(", r"\(")):
        read_question(fields)
