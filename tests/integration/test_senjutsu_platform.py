"""Senjutsu on the platform, through its pages and endpoints: the new-game form
(battlefield, terrain preset, characters and weapons), a game against the bot and
a hot-seat game played to the end through the play endpoint, the game page naming
Senjutsu's scripts, the public catalogue the scripts read, and the hidden cards:
while the game runs, neither the other side nor a spectator is ever shown a card
of a side's hand, deck or face-down discard, nor its played card before the
reveal, in any page or API answer (tests/integration/test_redaction.py holds
every output equal to the one redaction; this checks the Senjutsu secrets)."""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import Iterator
from typing import Any
from uuid import UUID

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import text

from engine.hexgrid import Hex
from engine.senjutsu import load_catalogue
from replays import registry
from shiai import create_app
from shiai.migrations import upgrade
from shiai.play import PlayRefused
from shiai.systems.senjutsu import TERRAIN_SPACING, place_terrain
from tests.conftest import DICE_RACE_SPEC, platform_config
from tests.support.web import form, new_account, signed_in_client

SENJUTSU_SPEC = "engine.senjutsu:Senjutsu=shiai.systems.senjutsu:SenjutsuPlugin"
SPECTATOR = "spectator"
# A whole game is bounded: a duel of sample decks ends in far fewer commands.
MAX_COMMANDS = 3000


@pytest.fixture
def app(sqlite_database: str) -> Iterator[Flask]:
    upgrade(sqlite_database)
    config = platform_config(sqlite_database)
    flask_app = create_app({**config, "SHIAI_RULESETS": [DICE_RACE_SPEC, SENJUTSU_SPEC]})
    yield flask_app
    flask_app.extensions["shiai"].close()


@pytest.fixture
def host(app: Flask) -> FlaskClient:
    new_account(app, "musashi")
    return signed_in_client(app, "musashi")


def csrf(client: FlaskClient) -> str:
    with client.session_transaction() as session:
        token: str = session.setdefault("csrf_token", secrets.token_urlsafe(16))
    return token


def form_fields(**fields: str) -> dict[str, str]:
    return {
        "system": "senjutsu",
        "battlefield": "snowy-battlefield",
        "terrain": "rocks",
        "character_A": "",
        "character_B": "",
        **fields,
    }


def first_choices(client: FlaskClient) -> tuple[str, str]:
    """The first character-and-weapon of two different characters the form offers."""
    page = client.get("/play/new?system=senjutsu").get_data(as_text=True)
    offered = re.findall(r'<select id="character_A" name="character_A">(.*?)</select>', page, re.S)
    values = re.findall(r'<option value="([^"]+)"', offered[0])
    first = values[0]
    other = next(v for v in values if v.split("|")[0] != first.split("|")[0])
    return first, other


def new_game(client: FlaskClient, **fields: str) -> UUID:
    a, b = first_choices(client)
    data = form_fields(character_A=a, character_B=b) | fields
    response = form(client, "/play/new", data)
    assert response.status_code == 303, response.get_data(as_text=True)[:3000]
    match = re.fullmatch(r"/games/([0-9a-f-]{36})", response.headers["Location"])
    assert match, response.headers["Location"]
    return UUID(match.group(1))


def current(app: Flask, game_id: UUID) -> Any:
    return app.extensions["shiai"].records.current(game_id)


def replay_data(markup: str) -> Any:
    found = re.search(
        r'<script type="application/json" id="replay-data">(.*?)</script>', markup, re.S
    )
    assert found, "the page embeds the replay's data"
    return json.loads(found.group(1))


def answer_as(client: FlaskClient, game_id: UUID, command: dict[str, Any], step: int) -> None:
    response = client.post(
        f"/play/games/{game_id}/commands",
        json={"command": command, "expected_step": step},
        headers={"X-CSRF-Token": csrf(client)},
    )
    assert response.status_code == 201, (command, response.get_json())


def play_hot_seat(app: Flask, client: FlaskClient, game_id: UUID, *, stop: Any = None) -> None:
    """Both sides answered through the play endpoint by the ruleset's bot (its
    choices are legal ones), until the game ends or ``stop(state)`` holds."""
    ruleset = registry.get("senjutsu")
    bots = {side: ruleset.bot(f"hot-seat-{side}") for side in ("A", "B")}
    for _ in range(MAX_COMMANDS):
        game = current(app, game_id)
        prompt = ruleset.prompt(game.state)
        if prompt is None or (stop is not None and stop(game.state)):
            return
        side = prompt.sides[0]
        command = bots[side].choose(ruleset, game.state, side)
        assert command is not None, (side, prompt)
        answer_as(client, game_id, {**command, "side": side}, game.step)
    pytest.fail(f"no end after {MAX_COMMANDS} commands")


# -- the form -----------------------------------------------------------------------------


def test_the_new_game_form_offers_battlefields_terrain_and_each_sides_character(
    host: FlaskClient,
) -> None:
    page = host.get("/play/new?system=senjutsu").get_data(as_text=True)
    assert 'name="battlefield"' in page
    assert "Snowy Battlefield" in page
    assert 'name="terrain"' in page
    assert "Three rocks" in page
    assert 'name="character_A"' in page
    assert 'name="character_B"' in page
    assert " with " in page  # "Ronin with <weapon>"


def test_a_character_chosen_twice_is_refused_unless_the_noblewoman(host: FlaskClient) -> None:
    first, _ = first_choices(host)
    if first.startswith("noblewoman|"):
        pytest.skip("the first character offered is the noblewoman")
    response = form(host, "/play/new", form_fields(character_A=first, character_B=first))
    assert response.status_code == 400
    assert "only the Noblewoman may be chosen twice" in response.get_data(as_text=True)


def test_a_weapon_of_another_character_is_refused(host: FlaskClient) -> None:
    a, b = first_choices(host)
    mixed = a.split("|")[0] + "|" + b.split("|")[1]
    response = form(host, "/play/new", form_fields(character_A=mixed, character_B=b))
    assert response.status_code == 400
    assert "choose a character and a core weapon for side A" in response.get_data(as_text=True)


def test_terrain_presets_keep_the_pieces_3_hexes_apart_on_the_board() -> None:
    board = [Hex(q, r) for q in range(-4, 5) for r in range(-4, 5) if abs(q + r) <= 4]
    shapes = [("rocks", (Hex(0, 0),))] * 3 + [("torii-gate", (Hex(0, 0), Hex(1, 0), Hex(2, 0)))]
    placed = place_terrain(board, shapes)
    assert [p["terrain"] for p in placed] == ["rocks", "rocks", "rocks", "torii-gate"]
    cells = []
    for piece, (_, shape) in zip(placed, shapes, strict=True):
        anchor = Hex(*piece["hex"])
        cells.append([anchor + offset for offset in shape])
    for i, first in enumerate(cells):
        assert all(c in board for c in first)
        for second in cells[i + 1 :]:
            assert min(a.distance(b) for a in first for b in second) >= TERRAIN_SPACING
    assert place_terrain(board, shapes) == placed  # deterministic


# -- playing ------------------------------------------------------------------------------


def test_a_game_against_the_bot_starts_and_waits_for_the_player(
    app: Flask, host: FlaskClient
) -> None:
    game_id = new_game(host, seat_A="you", seat_B="bot:random")
    game = current(app, game_id)
    prompt = registry.get("senjutsu").prompt(game.state)
    assert prompt is not None
    assert "A" in prompt.sides
    page = host.get(f"/games/{game_id}").get_data(as_text=True)
    data = replay_data(page)
    assert data["scripts"]["replay"].endswith("systems/senjutsu/replay.js")
    assert data["scripts"]["play"].endswith("systems/senjutsu/play.js")
    assert data["live"]["you_play"] == ["A"]
    state = data["shown"]["state"]
    assert state["characters"]["A"]["hand"] is not None
    assert state["characters"]["B"]["hand"] is None


def test_a_hot_seat_game_is_played_to_the_end_and_its_replay_is_public(
    app: Flask, host: FlaskClient
) -> None:
    game_id = new_game(host, seat_B="hot-seat")
    play_hot_seat(app, host, game_id)
    summary = app.extensions["shiai"].records.summary(game_id)
    assert summary.outcome is not None
    assert summary.outcome["winner"] in {"A", "B"}
    spectator = app.test_client()
    data = replay_data(spectator.get(f"/games/{game_id}?step=0").get_data(as_text=True))
    assert data["live"] is None
    assert data["shown"]["state"]["schema"] == 1  # over: the whole state, every card public
    last = spectator.get(f"/api/games/{game_id}/steps/{summary.last_step}").get_json()
    assert last["state"]["winner"] == summary.outcome["winner"]


def test_the_public_catalogue_names_every_card_character_and_tree(app: Flask) -> None:
    answer = app.test_client().get("/systems/senjutsu/catalogue.json")
    assert answer.status_code == 200
    catalogue = answer.get_json()
    assert catalogue["cards"]
    for card in catalogue["cards"].values():
        assert {"id", "name", "type"} <= set(card)
    assert {"warrior", "student", "ronin", "master", "noblewoman"} <= set(catalogue["characters"])
    for character in catalogue["characters"].values():
        assert character["kamae_tree"] in catalogue["trees"]
    assert catalogue["battlefields"]
    assert "rocks" in catalogue["terrain"]


# -- hidden cards -------------------------------------------------------------------------


def _strings(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(_strings(v) for v in value.values()), set(value)) if value else set()
    if isinstance(value, list):
        return set().union(*(_strings(v) for v in value)) if value else set()
    return set()


def _visible_to(state: dict[str, Any], viewer: str | None) -> set[str]:
    """Every card id ``viewer`` may know of in the whole state: its own piles, every
    face-up discard, and everyone's core ability and core weapon cards (Player Setup
    5-6: in every hand from the start, back in hand after each use)."""
    seen: set[str] = set()
    catalogue = load_catalogue()
    for side, character in state["characters"].items():
        seen.add(character["weapon"])
        seen.add(catalogue.character(character["character"]).core_card)
        seen.update(d["card"] for d in character["discard"] if d["up"])
        if side == viewer:
            seen.update(character["hand"])
            seen.update(character["deck"])
            seen.update(d["card"] for d in character["discard"])
            if character["played"]:
                seen.add(character["played"]["card"])
    return seen


def _hidden_from(state: dict[str, Any], viewer: str | None) -> set[str]:
    """The ids of the cards ``viewer`` may not know are anywhere: the other sides'
    hands, decks, face-down discards and unrevealed played cards, less any id that
    it sees elsewhere (a card both decks hold, a face-up copy)."""
    hidden: set[str] = set()
    for side, character in state["characters"].items():
        if side == viewer:
            continue
        hidden.update(character["hand"])
        hidden.update(character["deck"])
        hidden.update(d["card"] for d in character["discard"] if not d["up"])
        if character["played"] and state["phase"] == "choose":
            hidden.add(character["played"]["card"])
    return hidden - _visible_to(state, viewer) - {"stun"}


def _public_ever(app: Flask, game_id: UUID) -> set[str]:
    """Every string of every event recorded without a sealed part: a card once
    revealed (a core card played, then back in hand) was public."""
    stored = app.extensions["shiai"].records.events.get(game_id)
    found: set[str] = set()
    for stepped in stored:
        entry = getattr(stepped, "entry", None)
        if isinstance(entry, dict) and "sealed_for" not in entry["event"]:
            found |= _strings(entry["event"])
    return found


# The commands that name a card of the hand (or taken into it) while their prompts are
# not sealed: the platform shows them to everyone (the known leak, tested by itself
# below); the check of everything else leaves them out.
HAND_COMMANDS = frozenset({"trim", "search", "discard"})
# Of those, the ones whose card is certainly hidden: a trim discards face down, a
# search takes a card into the hand.
HIDDEN_COMMANDS = frozenset({"trim", "search"})


def _without_hand_commands(steps: dict[str, Any]) -> str:
    """The /steps answer as text, less the card named by a hand command."""
    for entry in steps["steps"]:
        command = entry.get("command") or {}
        if command.get("kind") in HAND_COMMANDS:
            entry["command"] = {"side": command["side"], "kind": command["kind"]}
    return json.dumps(steps)


def test_hidden_cards_never_reach_the_other_side_or_a_spectator(
    app: Flask, host: FlaskClient
) -> None:
    game_id = new_game(host, seat_B="hot-seat")
    # Three turns in, then stop while side A has chosen its card and B has not.
    play_hot_seat(app, host, game_id, stop=lambda state: state.get("turn", 0) >= 3)
    play_hot_seat(
        app,
        host,
        game_id,
        stop=lambda state: state["phase"] == "choose" and state["characters"]["A"]["played"],
    )
    game = current(app, game_id)
    assert game.state["phase"] == "choose", "the game is at the sealed choice"
    public = _public_ever(app, game_id)
    viewers: dict[str, str | None] = {"B": "B", SPECTATOR: None}
    stranger = app.test_client()
    leaks: list[tuple[str, str, str]] = []
    for view, viewer in viewers.items():
        hidden = _hidden_from(game.state, viewer) - public
        assert hidden, f"{view}: some card is hidden (else this test proves nothing)"
        client = host if viewer else stranger
        outputs = [
            client.get(f"/games/{game_id}?view={view}").get_data(as_text=True),
            _without_hand_commands(
                client.get(f"/api/games/{game_id}/steps?view={view}").get_json()
            ),
            client.get(f"/api/games/{game_id}/steps/{game.step}?view={view}").get_data(
                as_text=True
            ),
            client.get(f"/api/games/{game_id}/head").get_data(as_text=True),
        ]
        for step in range(0, game.step + 1, max(1, game.step // 20)):
            outputs.append(
                client.get(f"/api/games/{game_id}/steps/{step}?view={view}").get_data(as_text=True)
            )
        for output in outputs:
            for card in sorted(hidden):
                at = output.find(f'"{card}"')
                if at < 0:
                    at = output.find(f"&#34;{card}&#34;")
                if at >= 0:
                    leaks.append((view, card, output[max(0, at - 160) : at + 60]))
    assert not leaks, leaks


def test_a_card_named_from_the_hand_is_not_shown_to_the_other_side(
    app: Flask, host: FlaskClient
) -> None:
    """Turn Structure In Detail > Discard (cards over the hand limit go face down),
    Other Ability Card Keywords > Search: nobody else may learn which card."""
    ruleset = registry.get("senjutsu")
    game_id = new_game(host, seat_B="hot-seat")
    bots = {side: ruleset.bot(f"hand-{side}") for side in ("A", "B")}
    for _ in range(MAX_COMMANDS):
        game = current(app, game_id)
        prompt = ruleset.prompt(game.state)
        if prompt is None:
            break
        side = prompt.sides[0]
        legal = list(ruleset.legal(game.state, side))
        named = [c for c in legal if prompt.kind in HIDDEN_COMMANDS and c.get("card") is not None]
        command = named[0] if named else bots[side].choose(ruleset, game.state, side)
        assert command is not None
        answer_as(host, game_id, {**command, "side": side}, game.step)
        if not named:
            continue
        # A card of the hand was named: no one else is shown which.
        other = next(s for s in game.state["sides"] if s != side)
        for view in (other, SPECTATOR):
            steps = host.get(f"/api/games/{game_id}/steps?view={view}").get_json()["steps"]
            shown = [e["command"] for e in steps if e["step"] == game.step + 1]
            assert shown, "the command is among the steps"
            assert shown[0] == {"side": side, "sealed": True}, (view, shown[0])
        return
    pytest.skip("the game ended before a card of the hand was named")


# -- solo against the book's opponents ----------------------------------------------------

SOLO_OPPONENT = "ashigaru-katana"


def solo_fields(client: FlaskClient, **fields: str) -> dict[str, str]:
    a, _ = first_choices(client)
    return (
        form_fields(mode="solo", character_A=a, side="A", opponent="bot", opponent_1=SOLO_OPPONENT)
        | fields
    )


def stored_games(app: Flask) -> int:
    with app.extensions["shiai"].db_engine.connect() as conn:
        games: int = conn.execute(text("SELECT COUNT(*) FROM games")).scalar_one()
        seats: int = conn.execute(text("SELECT COUNT(*) FROM game_seats")).scalar_one()
    return games + seats


def test_solo_setup_the_form_offers_the_book_opponents_with_stance_and_nightmare(
    host: FlaskClient,
) -> None:
    page = host.get("/play/new?system=senjutsu").get_data(as_text=True)
    assert "Solo against the book&#39;s opponents" in page or "Solo against the book's" in page
    for opponent in load_catalogue().opponents.values():
        assert opponent.name in page
    assert 'name="opponent_1"' in page
    assert 'name="opponent_3"' in page
    assert 'name="opponent_4"' not in page  # up to three in the browser
    assert 'name="wound_limit_1"' in page
    assert 'name="stance_2"' in page
    assert 'name="nightmare_3"' in page
    assert "5 to 8 in total" in page


def test_solo_setup_wound_limit_left_empty_shares_six_among_the_opponents(
    app: Flask, host: FlaskClient
) -> None:
    game_id = new_game(
        host,
        **solo_fields(
            host,
            opponent_2="solo-ronin",
            stance_2="defensive",
            nightmare_2="1",
            opponent_3="",
        ),
    )
    setup = current(app, game_id).setup
    assert setup["mode"] == "solo"
    assert [p["side"] for p in setup["players"]] == ["A"]
    assert setup["opponents"] == [
        {
            "opponent": SOLO_OPPONENT,
            "wound_limit": 3,
            "stance": "offensive",
            "approach": "front",
            "nightmare": False,
        },
        {
            "opponent": "solo-ronin",
            "wound_limit": 3,
            "stance": "defensive",
            "approach": "front",
            "nightmare": True,
        },
    ]
    typed = new_game(host, **solo_fields(host, wound_limit_1="7"))
    assert current(app, typed).setup["opponents"][0]["wound_limit"] == 7
    alone = new_game(host, **solo_fields(host))
    assert current(app, alone).setup["opponents"][0]["wound_limit"] == 6


def test_solo_game_from_the_form_is_played_to_the_end_the_opponents_acting_by_themselves(
    app: Flask, host: FlaskClient
) -> None:
    game_id = new_game(host, **solo_fields(host))
    game = current(app, game_id)
    assert list(game.sides) == ["A", "O1"]
    seats = app.extensions["shiai"].play.seats(game_id)
    assert seats["A"].account_id is not None
    assert seats["O1"].bot is not None
    page = host.get(f"/games/{game_id}").get_data(as_text=True)
    data = replay_data(page)
    assert data["live"]["you_play"] == ["A"]
    opponent = data["shown"]["state"]["characters"]["O1"]
    assert opponent["solo"]["opponent"] == SOLO_OPPONENT
    assert opponent["solo"]["wounds_left"] == 6
    assert opponent["kamae_type"] is None
    assert opponent["weapon"] is None

    ruleset = registry.get("senjutsu")
    bot = ruleset.bot("solo-player")
    opponent_moved = False
    start_hex = None
    for _ in range(MAX_COMMANDS):
        game = current(app, game_id)
        prompt = ruleset.prompt(game.state)
        if prompt is None:
            break
        assert prompt.sides == ("A",), prompt.sides  # Solo Setup: opponents never prompted
        hex_now = game.state["characters"]["O1"]["hex"]
        if start_hex is None:
            start_hex = hex_now
        opponent_moved = opponent_moved or (hex_now is not None and hex_now != start_hex)
        command = bot.choose(ruleset, game.state, "A")
        assert command is not None
        answer_as(host, game_id, {**command, "side": "A"}, game.step)
    else:
        pytest.fail(f"no end after {MAX_COMMANDS} commands")
    assert ruleset.outcome(current(app, game_id).state) is not None
    assert opponent_moved, "the opponent moved by the solo rules"


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"opponent_1": ""}, "choose at least one opponent"),
        ({"opponent_1": "shogun"}, "choose one of the book&#39;s solo opponents"),
        ({"wound_limit_1": "0"}, "the wound limit is a whole number from 1 to 20"),
        ({"wound_limit_1": "many"}, "the wound limit is a whole number from 1 to 20"),
        ({"stance_1": "berserk"}, "the stance is offensive or defensive"),
        ({"side": "B"}, "in a solo game you play side A"),
        ({"opponent": "invite"}, "a solo game has no second player to invite"),
        ({"character_A": "nobody|w-none"}, "choose a character and a core weapon for side A"),
        ({"mode": "melee"}, "choose a duel or a solo game"),
    ],
)
def test_solo_setup_bad_form_input_is_refused_in_words_and_nothing_is_stored(
    app: Flask, host: FlaskClient, fields: dict[str, str], words: str
) -> None:
    before = stored_games(app)
    response = form(host, "/play/new", solo_fields(host, **fields))
    assert response.status_code == 400
    assert words in response.get_data(as_text=True)
    assert stored_games(app) == before


def test_solo_setup_several_opponents_are_seated_alike_and_never_by_invitation(
    app: Flask, host: FlaskClient
) -> None:
    """The platform seats a solo game's opponents (sides O1, O2...) all alike: the
    host at every one in hot-seat; an invitation opens one seat only, so a game of
    more than two sides is refused (nothing stored)."""
    game_id = new_game(host, **solo_fields(host, opponent="hot-seat", opponent_2="ashigaru-yari"))
    seats = app.extensions["shiai"].play.seats(game_id)
    assert sorted(seats) == ["A", "O1", "O2"]
    assert {seat.account_id for seat in seats.values()} == {seats["A"].account_id}
    setup = current(app, game_id).setup
    services = app.extensions["shiai"]
    before = stored_games(app)
    with pytest.raises(PlayRefused, match="only two-sided games can be played by invitation"):
        services.play.create(
            str(seats["A"].account_id), "senjutsu", setup, opponent="invite", host_side="A"
        )
    assert stored_games(app) == before
