"""Kensei's command cards through the platform: the play mode opens on the seated
player's own view (its hand), a spectator sees counts, and the stored steps keep
one side's cards and its sealed choice of cards to keep from the other side."""

from __future__ import annotations

from typing import Any

from flask import Flask

from engine.core import state_hash
from engine.kensei import GreedyBot, Kensei, RandomBot
from replays.records import GameRecords
from replays.store import MEMORY, event_store_env
from tests.integration.test_pages import page, replay_data
from tests.integration.test_play import new_game
from tests.support.web import new_account, signed_in_client


def test_play_mode_shows_a_seat_its_own_hand_and_a_spectator_only_counts(
    sqlite_app: Flask,
) -> None:
    new_account(sqlite_app, "nobunaga")
    host = signed_in_client(sqlite_app, "nobunaga")
    game_id = new_game(host, opponent="bot", bot="greedy", side="B")
    mine = replay_data(page(host, f"/games/{game_id}"))
    assert mine["view"] == "B"
    assert mine["live"]["view"] == "B"
    cards = mine["shown"]["state"]["cards"]
    assert isinstance(cards["B"]["hand"], list)
    assert isinstance(cards["A"]["hand"], int)
    assert isinstance(cards["B"]["deck"], int)
    step = mine["shown"]["step"]
    api = host.get(f"/api/games/{game_id}/steps/{step}?view=B").get_json()["state"]
    assert api["cards"] == cards
    spectator = replay_data(page(sqlite_app.test_client(), f"/games/{game_id}"))
    assert spectator["view"] == "spectator"
    seen = spectator["shown"]["state"]["cards"]
    assert isinstance(seen["A"]["hand"], int)
    assert isinstance(seen["B"]["hand"], int)
    # The spectator view is still the host's to choose.
    assert replay_data(page(host, f"/games/{game_id}?view=spectator"))["view"] == "spectator"


def _records_game(title: str, seed: str) -> tuple[Kensei, GameRecords, Any]:
    kensei = Kensei()
    records = GameRecords(event_store_env(MEMORY), rulesets=[kensei])
    game_id = records.start_game(
        kensei.id, {"armies": {"A": "sohei-250", "B": "otokodate-250"}}, title=title, seed=seed
    )
    return kensei, records, game_id


def _played_past_the_first_keep() -> tuple[GameRecords, Any]:
    kensei, records, game_id = _records_game("cards", "hidden-cards")
    bots = {side: GreedyBot(f"cards-{side}") for side in "AB"}
    state = records.repository.get(game_id).state
    kept = False
    while not kept:
        prompt = kensei.prompt(state)
        assert prompt is not None
        side = prompt.sides[0]
        command = bots[side].choose(kensei, state, side)
        for step in records.submit_command(game_id, command):
            state = kensei.evolve(state, step.event)
            kept = kept or step.event["type"] == "cards_kept"
    return records, game_id


def test_stored_steps_hide_a_sides_cards_and_its_choice_from_the_other_side() -> None:
    records, game_id = _played_past_the_first_keep()
    for viewer, rival in (("A", "B"), ("B", "A"), (None, "A")):
        steps = records.steps(game_id, viewer)
        keep = [s for s in steps if s.event["type"] == "cards_kept"]
        drawn = [s for s in steps if s.event["type"] == "cards_drawn"]
        assert keep
        assert drawn
        for entry in keep + drawn:
            owner = entry.event["side"]
            if owner == viewer:
                assert entry.event["sealed"] is not None
            else:
                assert entry.event["sealed"] is None
        for entry in keep:
            if entry.event["side"] != viewer and entry.command is not None:
                assert entry.command == {"side": entry.event["side"], "sealed": True}
        shown = records.state_at(game_id, steps[-1].step, viewer)
        assert isinstance(shown.state["cards"][rival]["hand"], int)
        assert shown.hash == state_hash(shown.state)
    record = records.export_record(game_id)
    events = [e["event"] for c in record["commands"] for e in c["events"]]
    assert all(e.get("sealed") is None for e in events if e["type"] == "cards_drawn")


def test_a_hot_seat_host_plays_both_sides_and_opens_on_the_spectator_view(
    sqlite_app: Flask,
) -> None:
    new_account(sqlite_app, "ieyasu")
    host = signed_in_client(sqlite_app, "ieyasu")
    game_id = new_game(host, opponent="hot-seat")
    assert replay_data(page(host, f"/games/{game_id}"))["view"] == "spectator"
    own = replay_data(page(host, f"/games/{game_id}?view=A"))["shown"]["state"]["cards"]
    assert isinstance(own["A"]["hand"], list)
    assert isinstance(own["B"]["hand"], int)


def test_stored_steps_hide_a_command_duel_bet_until_both_are_revealed() -> None:
    kensei, records, game_id = _records_game("command duel", "hidden-bets")
    bots = {side: RandomBot(f"bets-{side}") for side in "AB"}
    state = records.repository.get(game_id).state
    first_bet: int | None = None
    for _ in range(3000):
        prompt = kensei.prompt(state)
        assert prompt is not None
        side = prompt.sides[0]
        steps = records.submit_command(game_id, bots[side].choose(kensei, state, side))
        for step in steps:
            state = kensei.evolve(state, step.event)
        kinds = [step.event["type"] for step in steps]
        if kinds == ["command_duel_bet"]:
            first_bet = steps[0].step
            break
    assert first_bet is not None, "no command duel declared"
    bettor = state["command_duel"]["bets"]
    owner = next(s for s in "AB" if bettor[s] is not None)
    rival = "B" if owner == "A" else "A"
    for viewer in (rival, None):
        entry = next(s for s in records.steps(game_id, viewer) if s.step == first_bet)
        assert entry.event["sealed"] is None
        assert entry.command == {"side": owner, "sealed": True}
        shown = records.state_at(game_id, first_bet, viewer).state
        assert shown["command_duel"]["bets"][owner] == "sealed"
    own = next(s for s in records.steps(game_id, owner) if s.step == first_bet)
    assert own.event["sealed"] == {"cards": bettor[owner]}
    # The other bet reveals both, in one event everyone sees.
    command = bots[rival].choose(kensei, state, rival)
    steps = records.submit_command(game_id, command)
    reveal = next(s for s in records.steps(game_id, None) if s.step == steps[1].step)
    assert reveal.event["type"] == "command_duel_revealed"
    assert reveal.event["bets"][owner] == bettor[owner]
