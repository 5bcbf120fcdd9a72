"""Senjutsu's browser modules (static/systems/senjutsu/), without a page: node
imports them (they touch the DOM only when drawing) and prints what the pure
functions answer for fixture views and states shaped as the Senjutsu contract
(sections 5, 7 and 9) says. The drawing itself is checked in Chromium
(tests/e2e/test_senjutsu_journey.py)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import UNDER_CI

SCRIPTS = Path(__file__).parents[2] / "platform" / "shiai" / "static" / "systems" / "senjutsu"
NODE = shutil.which("node")

STRIKE = {
    "id": "s-017",
    "name": "Feral Sweep",
    "type": "attack",
    "rank": "wood",
    "signature": None,
    "school": None,
    "core": False,
    "weapon": False,
    "initiative": 5,
    "focus_cost": 1,
    "kamae": "aggression",
    "instant": None,
    "condition": None,
    "alternative": {"initiative": 8, "kamae": "aggression"},
    "lines": [
        {"kamae": None, "focus": 0, "effects": [{"do": "step", "n": 1, "dirs": "front"}]},
        {
            "kamae": None,
            "focus": 0,
            "effects": [
                {
                    "do": "attack",
                    "grid": [
                        {"hex": [1, 0], "wounds": 2},
                        {"hex": [1, -1], "wounds": 1, "hobble": True},
                    ],
                    "if_successful": [],
                    "targeted": [],
                }
            ],
        },
    ],
    "split": None,
    "asterisk": [],
    "keywords": [],
    "text": "Step 1 then attack.",
}
CALM = {
    **STRIKE,
    "id": "s-040",
    "name": "Calm Defence",
    "type": "defence",
    "initiative": [6, 2],
    "focus_cost": 0,
    "kamae": None,
    "alternative": None,
    "instant": "replacement",
    "lines": [
        {
            "kamae": None,
            "focus": 0,
            "effects": [{"do": "block", "grid": [[1, 0], [0, 1]], "counter": [4]}],
        }
    ],
    "text": "Block.",
}
CORE = {
    **STRIKE,
    "id": "core-ronin",
    "name": "Ronin's Resolve",
    "type": "core",
    "rank": None,
    "core": True,
    "kamae": None,
    "alternative": None,
    "focus_cost": 0,
    "initiative": 3,
    "lines": [{"kamae": None, "focus": 0, "effects": [{"do": "focus", "n": 1}]}],
    "text": "",
}
TREE = {
    "id": "ronin",
    "start": "n",
    "positions": [{"id": "n", "kamae": "neutral"}, {"id": "a1", "kamae": "aggression"}],
    "branches": [{"from": "n", "to": "a1", "pink": False}],
}


def character(**fields: Any) -> dict[str, Any]:
    base = {
        "character": "ronin",
        "name": "Ronin",
        "weapon": "w-katana",
        "hex": [0, 0],
        "facing": 0,
        "kamae": "a1",
        "kamae_type": "aggression",
        "focus": 2,
        "wounds": 1,
        "bleeding": 0,
        "wound_limit": 6,
        "hand_limit": 5,
        "hobbles": [1],
        "stuns": 0,
        "defeated": False,
        "hand": None,
        "hand_count": 5,
        "deck_count": 30,
        "discard": [{"card": "s-040", "up": True}, {"card": None, "up": False}],
        "played": None,
        "solo": None,
    }
    return base | fields


# Side A's view while the card of side B is still face down.
VIEW_A: dict[str, Any] = {
    "turn": 2,
    "phase": "choose",
    "mode": "duel",
    "board": {"hexes": [[q, r] for q in range(-3, 4) for r in range(-3, 4) if abs(q + r) <= 3]},
    "terrain": [
        {"id": "t1", "kind": "rocks", "name": "Rocks", "hexes": [[2, -2]], "solid": [[2, -2]]}
    ],
    "advantage": ["B", "A"],
    "sides": ["A", "B"],
    "characters": {
        "A": character(
            hand=["core-ronin", "s-017"],
            hand_count=2,
            played={"card": "s-040", "speed": None, "revealed": False},
        ),
        "B": character(
            character="master",
            name="Master",
            hex=[3, -1],
            facing=3,
            kamae="n",
            kamae_type="neutral",
            focus=0,
            wounds=0,
            hobbles=[],
            stuns=1,
            played={"card": None, "speed": None, "revealed": False},
        ),
    },
    "cards": {"s-017": STRIKE, "s-040": CALM, "core-ronin": CORE},
    "trees": {"ronin": TREE},
    "ask": None,
    "winner": None,
}
SPECTATOR = VIEW_A | {
    "characters": {
        "A": VIEW_A["characters"]["A"]
        | {"hand": None, "played": {"card": None, "speed": None, "revealed": False}},
        "B": VIEW_A["characters"]["B"],
    }
}
# A whole state (section 5) once the game is over: everything public.
STATE_OVER = {
    "schema": 1,
    "mode": "duel",
    "turn": 7,
    "phase": "over",
    "board": {"hexes": [[0, 0], [1, 0]]},
    "terrain": [],
    "sides": ["A", "B"],
    "advantage": ["A", "B"],
    "characters": {
        "A": {
            "character": "ronin",
            "weapon": "w-katana",
            "tree": "ronin",
            "hex": [0, 0],
            "facing": 1,
            "kamae": "a1",
            "focus": 0,
            "wounds": 2,
            "bleeding": 1,
            "wound_limit": 6,
            "hand_limit": 5,
            "hobbles": [],
            "hand": ["s-017"],
            "stuns": 1,
            "deck": ["s-040"],
            "discard": [{"card": "core-ronin", "up": False}],
            "played": {"card": "s-017", "speed": 5, "alternative": False, "replaced": None},
            "defeated": False,
            "solo": None,
        },
        "B": {
            "character": "master",
            "weapon": "w-bo",
            "tree": "ronin",
            "hex": None,
            "facing": 0,
            "kamae": "n",
            "focus": 0,
            "wounds": 6,
            "bleeding": 0,
            "wound_limit": 6,
            "hand_limit": 5,
            "hobbles": [],
            "hand": [],
            "stuns": 0,
            "deck": [],
            "discard": [],
            "played": None,
            "defeated": True,
            "solo": None,
        },
    },
    "traps": [],
    "queue": [],
    "current": None,
    "blocks": [],
    "ask": None,
    "winner": "A",
}
CATALOGUE = {
    "cards": {"s-017": STRIKE, "s-040": CALM, "core-ronin": CORE},
    "characters": {"ronin": {"name": "Ronin"}, "master": {"name": "Master"}},
    "trees": {"ronin": TREE},
}


def answers(module: str, expression: str, **values: Any) -> Any:
    """What ``expression`` (over ``module``'s exports, as ``m``, and ``values``
    bound by name) evaluates to."""
    if NODE is None:
        if UNDER_CI:
            pytest.fail("node is not installed", pytrace=False)
        pytest.skip("node is not installed")
    bound = "".join(f"const {name} = {json.dumps(value)};\n" for name, value in values.items())
    script = (
        f"import * as m from {json.dumps((SCRIPTS / module).as_uri())};\n"
        f"{bound}console.log(JSON.stringify({expression}));\n"
    )
    ran = subprocess.run(
        [NODE, "--input-type=module", "-e", script],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert ran.returncode == 0, ran.stderr
    return json.loads(ran.stdout)


def test_card_face_shows_speed_type_rank_costs_and_the_grid() -> None:
    face = answers("cards.js", "m.cardFace(card)", card=STRIKE)
    assert face["name"] == "Feral Sweep"
    assert face["speed"] == "5"
    assert face["type"] == "Attack"
    assert face["tags"] == ["wood"]
    assert "Requires Aggression kamae" in face["notes"]
    assert "Focus cost 1" in face["notes"]
    assert "Alternative speed 8 in Aggression kamae (mandatory)" in face["notes"]
    grid = {tuple(cell["hex"]): cell for cell in face["grid"]}
    assert grid[1, 0]["wounds"] == 2
    assert grid[1, 0]["attack"]
    assert grid[1, -1]["icons"] == ["hobble"]


def test_card_face_of_a_variable_speed_block_and_an_instant_replacement() -> None:
    face = answers("cards.js", "m.cardFace(card)", card=CALM)
    assert face["speed"] == "6\u20132"
    assert face["notes"] == ["Instant replacement"]
    assert sorted(tuple(c["hex"]) for c in face["grid"] if c["block"]) == [(0, 1), (1, 0)]


def test_a_stun_and_an_unknown_card_are_still_named() -> None:
    named = answers("cards.js", "[m.namedCard({}, 'stun'), m.namedCard({}, 'x-1')]")
    assert named[0]["name"] == "Stun"
    assert named[0]["initiative"] == 0
    assert named[1]["name"] == "x-1"


def test_own_view_reads_its_hand_and_counts_the_others() -> None:
    model = answers("board.js", "m.tableModel(view)", view=VIEW_A)
    a, b = model["characters"]
    assert a["hand"] == ["core-ronin", "s-017"]
    assert b["hand"] is None
    assert b["handCount"] == 6  # 5 cards and a stun
    assert model["spectator"] is False
    assert a["played"] == {"card": "s-040", "speed": None, "revealed": False}
    assert b["played"]["card"] is None
    assert [entry["side"] for entry in model["advantage"]] == ["B", "A"]
    assert a["kamaeName"] == "Aggression"
    assert b["kamaeName"] == "Neutral"
    assert a["hobbles"] == [1]
    assert b["stuns"] == 1
    rocks = [cell for cell in model["hexes"] if cell["hex"] == [2, -2]]
    assert rocks[0]["terrain"] == "terrain rocks"
    assert rocks[0]["label"] == "Rocks"


def test_a_spectator_sees_no_hand_at_all() -> None:
    model = answers("board.js", "m.tableModel(view)", view=SPECTATOR)
    assert model["spectator"] is True
    assert all(c["hand"] is None for c in model["characters"])


def test_a_finished_games_whole_state_is_read_with_the_catalogue() -> None:
    model = answers(
        "board.js", "m.tableModel(state, catalogue)", state=STATE_OVER, catalogue=CATALOGUE
    )
    a, b = model["characters"]
    assert a["name"] == "Ronin"
    assert a["kamaeName"] == "Aggression"
    assert a["hand"] == ["s-017"]
    assert a["handCount"] == 2
    assert a["deckCount"] == 1
    assert a["played"]["revealed"] is True
    assert a["played"]["card"] == "s-017"
    assert b["defeated"] is True
    assert b["hex"] is None
    assert model["winner"] == "A"


CHOOSE_PROMPT = {
    "sides": ["A", "B"],
    "kind": "choose",
    "sealed": True,
    "options": {
        "choices": [
            {"kind": "choose", "card": "s-017"},
            {"kind": "choose", "stun": True},
            {"kind": "concede"},
        ],
        "text": "Choose a card",
    },
}
PLACE_PROMPT = {
    "sides": ["B"],
    "kind": "place",
    "sealed": False,
    "options": {
        "choices": [{"kind": "place", "hex": [3, 0], "facing": f} for f in range(6)]
        + [{"kind": "place", "hex": [3, -1], "facing": 0}]
    },
}


def test_prompt_choices_are_grouped_by_command_kind() -> None:
    groups = answers("play.js", "[...m.groupChoices(prompt).entries()]", prompt=CHOOSE_PROMPT)
    assert [kind for kind, _ in groups] == ["choose", "concede"]
    groups = answers(
        "play.js",
        "[...m.groupChoices(prompt).entries()].map(([k, c]) => [k, c.length])",
        prompt=PLACE_PROMPT,
    )
    assert groups == [["place", 7]]
    assert answers("play.js", "[...m.groupChoices({options: {}}).keys()]") == []


def test_every_command_kind_of_the_contract_has_words() -> None:
    choices = [
        {"kind": "choose", "card": "s-017"},
        {"kind": "choose", "stun": True},
        {"kind": "alternative", "use": True},
        {"kind": "replace", "card": None},
        {"kind": "speed", "speed": 4},
        {"kind": "order", "first": "B"},
        {"kind": "trim", "card": "s-017"},
        {"kind": "concede"},
        {"kind": "move", "hex": [1, 0], "facing": 2, "collision": "A"},
        {"kind": "target", "side": "A", "target": "B"},
        {"kind": "push", "hex": [2, 0]},
        {"kind": "discard", "card": "s-040"},
        {"kind": "counter", "card": None},
        {"kind": "instant", "card": None},
        {"kind": "kamae", "path": ["n", "a1"]},
        {"kind": "search", "card": None},
        {"kind": "rotate", "direction": -1},
        {"kind": "or", "option": 1},
        {"kind": "pay", "pay": False},
    ]
    labels = answers(
        "play.js",
        "choices.map((c) => m.choiceLabel(c, model))",
        choices=choices,
        model={"characters": [{"side": "B", "name": "Master"}], "cards": VIEW_A["cards"]},
    )
    assert labels == [
        "Play Feral Sweep",
        "Play a stun card (speed 0)",
        "Use the alternative speed",
        "Keep the revealed card",
        "Speed 4",
        "Master (B) resolves first",
        "Discard Feral Sweep",
        "Concede the game",
        "Move to [1,0] facing south-west (collides with A)",
        "Target Master (B)",
        "Push into [2,0]",
        "Discard Calm Defence",
        "No counter",
        "No instant card",
        "Kamae: n → a1",
        "Take nothing",
        "Rotate anticlockwise ↺",
        "Option 2",
        "Do not pay (skip the line)",
    ]


def test_the_viewer_marks_turns_reveals_and_each_card_resolved() -> None:
    marks = answers(
        "replay.js",
        "events.map((e) => m.adapter.marks(e))",
        events=[
            {"type": "turn_started", "turn": 3},
            {"type": "revealed", "cards": {}},
            {"type": "resolving", "side": "A"},
            {"type": "drew", "side": "A"},
        ],
    )
    assert marks == [
        [{"kind": "turn", "label": "turn 3"}],
        [{"kind": "phase", "label": "reveal"}],
        [{"kind": "activation"}],
        [],
    ]


def test_what_changed_names_the_character_and_the_value() -> None:
    after = json.loads(json.dumps(VIEW_A))
    after["characters"]["B"]["wounds"] = 2
    after["characters"]["A"]["hex"] = [1, 0]
    after["advantage"] = ["A", "B"]
    lines = answers(
        "replay.js", "m.adapter.changeLines(m.adapter.diff(a, b, null))", a=VIEW_A, b=after
    )
    texts = [line["text"] for line in lines]
    assert "Ronin (A): hex [0, 0] → [1, 0]" in texts
    assert "Master (B): wounds 0 → 2" in texts
    assert "advantage track: B A → A B" in texts
    summary = answers("replay.js", "m.adapter.summary(v)", v=VIEW_A)
    assert ["Advantage", "Master (B) \u203a Ronin (A)"] in summary
    assert (
        answers("replay.js", "m.adapter.words('side B moves', {B: 'Master'})")
        == "side B (Master) moves"
    )


MODEL_A = {
    "characters": [
        {
            "side": "A",
            "hand": ["core-ronin", "s-017", "s-040"],
            "focus": 0,
            "kamaeType": "neutral",
            "stuns": 1,
            "discard": [{"card": "s-040", "up": True}],
        },
        {"side": "B", "hand": None, "focus": 0, "kamaeType": "neutral", "stuns": 0, "discard": []},
    ],
    "cards": VIEW_A["cards"],
}


def test_choose_choices_come_from_the_own_hand_with_the_views_hints() -> None:
    """Turn Structure In Detail > Choose: a card needs its focus cost and its kamae;
    a stun may be played instead. The hints only warn: the engine judges."""
    choices = answers("play.js", "m.handChoices('choose', 'A', model)", model=MODEL_A)
    assert choices == [
        {"kind": "choose", "side": "A", "card": "core-ronin"},
        {"kind": "choose", "side": "A", "card": "s-017", "hint": "needs 1 focus"},
        {"kind": "choose", "side": "A", "card": "s-040"},
        {"kind": "choose", "side": "A", "stun": True},
    ]
    assert answers("play.js", "m.handChoices('choose', 'B', model)", model=MODEL_A) == []


def test_trim_offers_no_core_card_and_replace_only_instant_replacements() -> None:
    trims = answers("play.js", "m.handChoices('trim', 'A', model)", model=MODEL_A)
    assert [c["card"] for c in trims] == ["s-017", "s-040"]
    replace = answers("play.js", "m.handChoices('replace', 'A', model)", model=MODEL_A)
    assert [c["card"] for c in replace] == [None, "s-040"]


def test_search_offers_the_discard_and_the_servers_proposal() -> None:
    found = answers(
        "play.js",
        "m.handChoices('search', 'A', model, {kind: 'search', side: 'A', card: 's-099'})",
        model=MODEL_A,
    )
    assert [c["card"] for c in found] == [None, "s-040", "s-099"]


def test_a_finished_games_replay_keeps_chosen_cards_face_down_until_the_reveal() -> None:
    """Turn Structure In Detail > Reveal: the played cards are revealed together;
    a replay of the choice (whole states, all public) still shows them face down."""
    choosing = STATE_OVER | {"phase": "choose"}
    played = answers("board.js", "m.tableModel(s, c).characters[0].played", s=choosing, c=CATALOGUE)
    assert played["revealed"] is False
    assert played["phaseHidden"] is True
    revealing = STATE_OVER | {"phase": "reveal"}
    played = answers(
        "board.js", "m.tableModel(s, c).characters[0].played", s=revealing, c=CATALOGUE
    )
    assert played["revealed"] is True


def test_a_kamae_path_is_named_by_the_deciding_sides_tree() -> None:
    """Kamae Positions > Changing Kamae Positions: a path along the tree's arrows."""
    model = answers("board.js", "m.tableModel(v)", v=VIEW_A)
    label = answers(
        "play.js",
        "m.choiceLabel({kind: 'kamae', side: 'A', path: ['n', 'a1']}, model)",
        model=model,
    )
    assert label == "Kamae: Neutral (n) \u2192 Aggression (a1)"


def test_an_instant_or_counter_window_with_no_such_card_in_hand_is_passed_at_once() -> None:
    """Instant Cards and Counters: the engine asks at every window (a hand is its
    owner's secret); the play page passes at once when the hand holds no card that
    could answer (s-017 is an attack card, s-040 an instant replacement)."""
    instant = answers("play.js", "m.handChoices('instant', 'A', model)", model=MODEL_A)
    assert instant == [{"kind": "instant", "side": "A", "card": None}]
    assert answers(
        "play.js", "m.passesAtOnce('instant', m.handChoices('instant', 'A', model))", model=MODEL_A
    )
    counter = answers("play.js", "m.handChoices('counter', 'A', model)", model=MODEL_A)
    assert [c["card"] for c in counter] == [None, "s-017"]
    assert not answers(
        "play.js", "m.passesAtOnce('counter', m.handChoices('counter', 'A', model))", model=MODEL_A
    )


SOLO_O1 = {
    "character": "ashigaru-katana",
    "name": "Katana Ashigaru",
    "weapon": None,
    "hex": [2, 0],
    "facing": 3,
    "kamae": None,
    "kamae_type": None,
    "focus": 0,
    "wounds": 1,
    "bleeding": 0,
    "wound_limit": 6,
    "hand_limit": 6,
    "hobbles": [],
    "stuns": 0,
    "defeated": False,
    "hand": None,
    "hand_count": 0,
    "deck_count": 7,
    "discard": [],
    "played": None,
    "solo": {
        "opponent": "ashigaru-katana",
        "stance": "defensive",
        "approach": "front",
        "wounds_left": 5,
        "stuns_above": 1,
    },
}


def solo_view() -> Any:
    view = json.loads(json.dumps(VIEW_A))
    del view["characters"]["B"]
    view["characters"]["O1"] = SOLO_O1
    view["sides"] = ["A", "O1"]
    view["advantage"] = ["A", "O1"]
    view["mode"] = "solo"
    return view


def test_solo_setup_an_opponent_is_read_by_its_solo_record_not_a_kamae_or_hand() -> None:
    """Solo Rules > Solo Setup: an opponent has a stance, an approach, wounds left of
    its limit and stun cards above its deck; no kamae tree, weapon, focus or hand."""
    view = solo_view()
    model = answers("board.js", "m.tableModel(view)", view=view)
    opponent = model["characters"][1]
    assert opponent["name"] == "Katana Ashigaru"
    assert opponent["solo"]["stance"] == "defensive"
    assert opponent["hand"] is None
    assert opponent["handCount"] == 0
    summary = answers("replay.js", "m.adapter.summary(v)", v=view)
    assert [
        "Side O1",
        "Katana Ashigaru (solo opponent): defensive stance, wounds left 5 of 6,"
        " stuns above 1, deck 7",
    ] in summary
    after = json.loads(json.dumps(view))
    after["characters"]["O1"]["solo"]["stuns_above"] = 2
    after["characters"]["O1"]["hex"] = [1, 0]
    lines = answers(
        "replay.js", "m.adapter.changeLines(m.adapter.diff(a, b, null))", a=view, b=after
    )
    texts = [line["text"] for line in lines]
    assert "Katana Ashigaru (O1): stuns above 1 → 2" in texts
    assert "Katana Ashigaru (O1): hex [2, 0] → [1, 0]" in texts
