"""Command Deck > Offering to the Gods, paragraph by paragraph: a command card spent on a
roll that has just been made, the order the players are asked in, the hidden re-roll card,
and the decision going on with the roll as the offerings left it."""

from __future__ import annotations

import functools

import pytest

from engine.core import EnteredDice, IllegalCommand, InvalidCommand, SeededDice, State, state_hash
from engine.kensei import rules
from engine.kensei.bots.players import GreedyBot, RandomBot
from engine.kensei.command.offerings import candidates, gain, greedy_score
from engine.kensei.state.views import view, view_event
from tests.unit.kensei.support import (
    KENSEI,
    bots_until,
    edited,
    play,
    replay_hashes,
    without_offerings,
)
from tests.unit.kensei.test_kensei_combat import ATTACK, ENEMY, UNIT, engaged

# A's Samurai (6 dice, 4+) attack B's Court ashigaru (1 die at -1): the faces of A's
# Combat Roll, then B's.
A_ROLL = [4, 2, 5, 4, 5, 1]


def _pass(side: str) -> dict[str, str]:
    return {"type": "offering", "side": side, "action": "pass"}


def _offer(side: str, action: str, die: int, card: int) -> dict[str, object]:
    return {"type": "offering", "side": side, "action": action, "die": die, "card": card}


def _attack(hands: dict[str, list[int]] | None = None, faces: list[int] = A_ROLL) -> State:
    """A attacks (A holds the initiative); the game waits at A's Combat Roll."""
    state = engaged()
    state["initiative"] = "A"
    for side, hand in (hands or {"A": [0, 1, 2], "B": [0, 3]}).items():
        state["cards"][side]["hand"] = list(hand)
    state, events = play(state, ATTACK, dice=EnteredDice(faces), pass_offerings=False)
    assert events[-1]["type"] == "offering_window"
    return state


def _answer(state: State, command: dict[str, object], faces: list[int] | None = None):
    return play(state, command, dice=EnteredDice(faces or []), pass_offerings=False)


# -- when, and who is asked ------------------------------------------------------------


def test_offering_to_the_gods_a_roll_just_made_waits_for_the_players_holding_cards():
    state = _attack()
    window = state["offering"]
    assert window["roll"]["what"] == f"Combat Roll of Samurai ({UNIT})"
    assert window["roll"]["faces"] == A_ROLL
    assert window["roll"]["owners"] == ["A"] * 6
    assert window["roll"]["judge"] == {"kind": "success", "modifier": 0, "zero": False}
    prompt = KENSEI.prompt(state)
    assert prompt.kind == "offering"
    assert prompt.options["own"] == []  # B is asked first: none of these dice is B's
    assert prompt.options["roll"]["faces"] == A_ROLL
    # Nothing of the attack is recorded yet: the roll waits.
    assert state["units"][ENEMY]["minis"] == engaged()["units"][ENEMY]["minis"]


def test_offering_to_the_gods_the_side_that_lost_the_initiative_declares_first_then_the_other():
    state = _attack()
    assert KENSEI.prompt(state).sides == ("B",)  # A holds the initiative
    with pytest.raises(IllegalCommand) as caught:
        _answer(state, _pass("A"))
    assert caught.value.rule == rules.OFFERING
    state, _ = _answer(state, _offer("B", "reroll", 0, 0), [1])
    # "the player who won the initiative must decide": A is always asked, after B
    prompt = KENSEI.prompt(state)
    assert (prompt.kind, prompt.sides) == ("offering", ("A",))
    assert prompt.options["offers"] == [
        {"side": "B", "action": "reroll", "die": 0, "was": 4, "face": 1}
    ]


def test_offering_to_the_gods_a_side_without_command_cards_is_not_asked():
    state = _attack({"A": [1], "B": []})
    assert KENSEI.prompt(state).sides == ("A",)
    state = engaged()
    for side in "AB":
        state["cards"][side]["hand"] = []
    _after, events = play(state, ATTACK, pass_offerings=False)
    assert not [e for e in events if e["type"] == "offering_window"]
    assert any(e["type"] == "combat_rolled" for e in events)


def test_offering_to_the_gods_only_one_card_per_roll_and_player():
    state = _attack()
    state, _ = _answer(state, _offer("B", "reroll", 1, 0), [6])
    state, events = _answer(state, _offer("A", "reroll", 5, 0), [3, 2])
    # Both have answered: the window is closed, the next roll (B's) waits in its own.
    assert events[1]["type"] == "offering_closed"
    assert state["offering"]["roll"]["what"].startswith("Combat Roll of Court ashigaru")
    assert state["offering"]["asked"] == ["B", "A"]


# -- what a card does -------------------------------------------------------------------


def test_offering_to_the_gods_reroll_one_die_of_either_side_card_discarded_face_down():
    state = _attack()
    hand_b = list(state["cards"]["B"]["hand"])
    # B re-rolls a success of A's roll (an opponent's die): its 0 face down.
    state, events = _answer(state, _offer("B", "reroll", 2, 0), [1])
    made = events[0]
    assert made["type"] == "offering_made"
    assert (made["was"], made["face"]) == (5, 1)
    assert state["offering"]["roll"]["faces"] == [4, 2, 1, 4, 5, 1]
    assert state["cards"]["B"]["hand"] == [card for card in hand_b if card != 0]
    assert state["cards"]["B"]["discard"][-1] == {"value": 0, "face_up": False}
    # A re-rolls one of its own failures.
    state, events = _answer(state, _offer("A", "reroll", 1, 0), [6, 3])
    closed = events[1]
    assert closed["faces"] == [4, 6, 1, 4, 5, 1]
    # The attack goes on with the roll as left: 4 successes (4, 6, 4, 5), the 1s fail.
    state, events = _answer(state, _pass("B"), [])
    state, events = _answer(state, _pass("A"), [2, 2, 2, 2])
    assert state["offering"]["roll"]["what"].startswith("Wound Roll of Samurai")
    assert len(state["offering"]["roll"]["faces"]) == 4


def test_offering_to_the_gods_the_rerolled_cards_value_stays_hidden_from_the_opponent():
    state = _attack({"A": [0, 1, 2], "B": [3, 0]})
    state, events = _answer(state, _offer("B", "reroll", 0, 3), [2])
    made = events[0]
    assert view_event(made, "A", game_over=False)["sealed"] is None
    assert view_event(made, "B", game_over=False)["sealed"] == {"card": 3}
    assert view_event(made, "A", game_over=True)["sealed"] == {"card": 3}
    assert view(state, "A")["cards"]["B"]["discard"][-1] == {"value": None, "face_up": False}
    assert view(state, "B")["cards"]["B"]["discard"][-1] == {"value": 3, "face_up": False}
    assert "card" not in view(state, "A")["offering"]["offers"][0]


def test_offering_to_the_gods_boost_adds_the_cards_value_to_a_die_of_your_own_roll_face_up():
    state = _attack()
    state, _ = _answer(state, _pass("B"))
    # A's 2 (a failure) boosted by a 2: a 4, a success; the card is discarded face up.
    state, events = _answer(state, _offer("A", "boost", 1, 2), [1])
    assert events[0] == {
        "type": "offering_made",
        "side": "A",
        "action": "boost",
        "die": 1,
        "card": 2,
    }
    assert events[1]["boosts"] == [0, 2, 0, 0, 0, 0]
    assert state["cards"]["A"]["discard"][-1] == {"value": 2, "face_up": True}
    assert view(state, "B")["cards"]["A"]["discard"][-1] == {"value": 2, "face_up": True}
    state, _ = _answer(state, _pass("B"))
    state, events = _answer(state, _pass("A"), [3, 3, 3, 3, 3])  # 5 hits: 4, 4, 5, 4, 5
    assert len(state["offering"]["roll"]["faces"]) == 5


def test_offering_to_the_gods_boost_only_a_die_of_the_roll_you_have_just_made():
    state = _attack()
    with pytest.raises(IllegalCommand) as caught:
        _answer(state, _offer("B", "boost", 1, 3))
    assert caught.value.rule == rules.OFFERING
    assert "side A's" in caught.value.message


def test_offering_to_the_gods_a_boosted_die_the_opponent_rerolls_keeps_the_boost():
    # B rolls (B without the initiative declares first, A is asked after it): B boosts
    # its own die, A re-rolls it; the card's value is added to the new face.
    state = _attack()
    state, _ = _answer(state, _pass("B"))
    state, _ = _answer(state, _pass("A"), [2])  # B's Combat Roll: a 2
    assert state["offering"]["roll"]["owners"] == ["B"]
    state, _ = _answer(state, _offer("B", "boost", 0, 3))  # 2 + 3 - 1 = 4: a success
    state, events = _answer(state, _offer("A", "reroll", 0, 0), [1, 1, 1, 1, 1])
    closed = next(e for e in events if e["type"] == "offering_closed")
    assert (closed["faces"], closed["boosts"]) == ([1], [3])  # the 1 is still a natural 1


def test_offering_to_the_gods_a_boost_adds_to_the_value_never_to_the_natural_face():
    # A 1 boosted stays a fumble; a 3 boosted by 3 is a success, not a critical.
    state = _attack(faces=[1, 3, 2, 2, 2, 2])
    state, _ = _answer(state, _pass("B"))
    # The rest passed: B's Combat Roll a 5, A's one hit (the boosted 3) wounds on a 4,
    # B's one hit on a 4.
    state, events = play(state, _offer("A", "boost", 1, 2), dice=EnteredDice([5, 4, 4]))
    rolled = next(e for e in events if e["type"] == "combat_rolled")
    roll = rolled["rolls"][0]["combat_roll"]
    assert roll["faces"] == [1, 3, 2, 2, 2, 2]
    assert roll["boosts"] == [0, 2, 0, 0, 0, 0]
    assert roll["results"] == ["fumble", "success", "failure", "failure", "failure", "failure"]


def test_offering_to_the_gods_a_card_not_in_hand_or_a_bad_answer_changes_nothing():
    state = _attack({"A": [1], "B": [0]})
    before = edited(state)
    with pytest.raises(IllegalCommand) as caught:
        _answer(state, _offer("B", "reroll", 0, 2))
    assert caught.value.rule == rules.OFFERING
    assert "no command card of value 2" in str(caught.value)
    for bad in (
        {"type": "offering", "side": "B", "action": "pray"},
        {"type": "offering", "side": "B", "action": "pass", "die": 0},
        _offer("B", "reroll", 6, 0),
        {"type": "offering", "side": "B", "action": "reroll", "die": 0},
    ):
        with pytest.raises(InvalidCommand):
            _answer(state, bad)
    assert state == before


# -- the rolls of the turn sequence ------------------------------------------------------


@functools.cache
def _initiative_window() -> State:
    def at_initiative(state: State) -> bool:
        window = state.get("offering")
        return window is not None and window["roll"]["what"] == "Initiative roll (1D6)"

    return bots_until(at_initiative, offerings=True)


def test_offering_to_the_gods_on_the_initiative_roll_the_side_behind_declares_first():
    state = _initiative_window()
    faces = state["offering"]["roll"]["faces"]
    assert state["offering"]["roll"]["owners"] == ["A", "B"]
    if faces[0] != faces[1]:
        behind = "A" if faces[0] < faces[1] else "B"
        assert state["offering"]["asked"][0] == behind


def test_offering_to_the_gods_a_boost_can_turn_the_initiative_roll():
    state = edited(_initiative_window())
    window = state["offering"]
    window["roll"]["faces"] = [2, 4]
    window["asked"] = ["A", "B"]
    state["cards"]["A"]["hand"] = [3]
    state, _ = _answer(state, _offer("A", "boost", 0, 3))
    state, events = _answer(state, _pass("B"))
    rolled = next(e for e in events if e["type"] == "initiative_rolled")
    assert rolled["winner"] == "A"  # 2 + 3 against 4
    assert rolled["rolls"][-1] == {"A": 2, "B": 4, "boosts": [3, 0]}


# -- the engine's dice, replays and bots ----------------------------------------------------


def test_offering_to_the_gods_a_game_with_offerings_replays_with_equal_hashes():
    setup = {"armies": {"A": "buke-400", "B": "kuge-400"}}
    seed = "offerings-replay"
    state = KENSEI.start(dict(setup), SeededDice(seed, 0))
    bots = {"A": GreedyBot(seed), "B": RandomBot(seed)}
    commands, hashes = [], [state_hash(state)]
    made = 0
    while (prompt := KENSEI.prompt(state)) is not None and len(commands) < 400:
        command = bots[prompt.sides[0]].choose(KENSEI, state, prompt.sides[0])
        commands.append(command)
        for event in KENSEI.decide(state, command, SeededDice(seed, len(commands))):
            made += event["type"] == "offering_made"
            state = KENSEI.evolve(state, event)
            hashes.append(state_hash(state))
    assert made > 0
    assert replay_hashes(setup, commands, seed) == hashes


def test_offering_to_the_gods_entered_dice_each_answer_brings_the_faces_it_needs():
    # A table-top game: the attack's command carries the faces up to the first window;
    # the answer that closes a window carries the re-rolled face and those that follow.
    state = _attack()
    state, _ = _answer(state, _offer("B", "reroll", 0, 0), [6])
    with pytest.raises(InvalidCommand):
        _answer(state, _pass("A"), [])  # B's Combat Roll needs a die
    state, _ = _answer(state, _pass("A"), [5])
    assert state["offering"]["roll"]["faces"] == [5]


def test_offering_to_the_gods_bots_weigh_offerings_with_the_odds():
    state = _attack({"A": [0, 1, 2, 2], "B": [0, 1, 3]})
    roll = state["offering"]["roll"]
    # B re-rolling one of A's successes (mod 0: it succeeds again half the time) is worth
    # half a success; re-rolling A's failure is worth minus half.
    assert gain(roll, "B", _offer("B", "reroll", 0, 0)) == pytest.approx(0.5)
    assert gain(roll, "B", _offer("B", "reroll", 1, 0)) == pytest.approx(-0.5)
    options = list(candidates(state, "B"))
    assert options[0] == _pass("B")
    assert {o["action"] for o in options} == {"pass", "reroll"}  # no die of B's to boost
    best = min(options, key=lambda o: greedy_score(state, "B", o))
    assert best["action"] == "reroll"
    assert roll["faces"][best["die"]] >= 4
    chosen = GreedyBot("x").choose(KENSEI, state, "B")
    assert chosen is not None
    assert chosen["action"] == "reroll"
    # A boosts its own 2 with a 2 (a sure success), not with the 1.
    state, _ = _answer(state, chosen, [4])
    chosen = GreedyBot("x").choose(KENSEI, state, "A")
    assert chosen == _offer("A", "boost", 1, 2)
    # A bot held to part I's orders always passes.
    assert list(candidates(state, "A", offers=False)) == [_pass("A")]


def test_offering_to_the_gods_without_offerings_the_decision_is_the_same():
    # Passing every window gives the events the decision gave without any.
    base = engaged()
    for side in "AB":
        base["cards"][side]["hand"] = []
    _, plain = play(base, ATTACK, dice=EnteredDice([4, 2, 5, 4, 5, 1, 2, 3, 4, 5, 6, 1]))
    state = engaged()
    _, passed = play(state, ATTACK, dice=EnteredDice([4, 2, 5, 4, 5, 1, 2, 3, 4, 5, 6, 1]))
    assert without_offerings(passed) == plain
