"""A solo opponent's choices, made by the solo rules instead of an Ask (Solo Rules).

An opponent is never prompted: whenever a choice task would wait for an opponent
(its state has ``solo``), :func:`choose` picks one of the legal options:

- ``move``: Opponent Movement. On the top part of an attack card, before its attack,
  the top-segment table of its stance (:func:`engine.senjutsu.solo.attack_move`);
  every other move (a non-attack card, an attack card's bottom part, a defence
  card's split moves, a move after the attack) the table of its kind
  (:func:`engine.senjutsu.solo.plain_move`). The moves of the following lines before
  the attack are planned with this one ("include any movement effects that occur
  before the attack"); the outcome of this line is the plan's first.
- ``pay``: "Opponents do not use focus": never pays an optional focus cost.
- ``target``: your character when it may be targeted (opponents fight you), else the
  first option.
- ``counter``, ``instant``, ``search``, ``discard``: an opponent has no hand, so
  nothing ("none" when that is an option).
- every other choice (``or``, ``kamae``, ``push``, ``rotate``, ``trap``): the first
  option in the canonical order; the solo rules say nothing of them (the sample solo
  cards print none of them), so the choice is fixed, never random.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import Command, State
from engine.hexgrid import Facing, Hex
from engine.senjutsu import solo
from engine.senjutsu.cards import load_catalogue
from engine.senjutsu.effects.cards import card
from engine.senjutsu.effects.frames import Json, board, frame, living, position, terrain_at
from engine.senjutsu.grid import MoveSpec, Position

SOLO_GAMEPLAY = "Solo Rules > Solo Gameplay"
MOVES = ("step", "rotate")
NO_HAND = ("counter", "instant", "search", "discard")


def is_opponent(state: State, side: object) -> bool:
    """Whether ``side`` is a solo opponent (never prompted)."""
    return isinstance(side, str) and bool(state["characters"][side].get("solo"))


def player_side(state: State) -> str | None:
    """Your character in a solo duel: the living side that is not an opponent."""
    players = [side for side in living(state) if not is_opponent(state, side)]
    return players[0] if players else None


def choose(state: State, head: Json, options: Sequence[Command]) -> Command:
    """The option a solo opponent takes for the choice task ``head``."""
    kind = str(options[0]["kind"])
    if kind == "move":
        return _move(state, head, options)
    if kind == "pay":
        return next((o for o in options if not o["pay"]), options[0])
    if kind == "target":
        you = player_side(state)
        return next((o for o in options if o["side"] == you), options[0])
    if kind in NO_HAND:
        return next((o for o in options if o.get("card") is None), options[0])
    return options[0]


def _specs(effects: Sequence[Json]) -> list[MoveSpec]:
    return [MoveSpec.from_effect(e) for e in effects if e["do"] in MOVES]


def ahead(todo: Sequence[Json]) -> tuple[list[list[MoveSpec]], Json | None]:
    """The move lines still to come before the frame's next attack, and that attack
    EFFECT (None: no attack follows)."""
    lines: list[list[MoveSpec]] = []
    for item in todo:
        effects: list[Json]
        if item["t"] == "line":
            effects = list(item["line"]["effects"])
        elif item["t"] == "move":
            effects = list(item["moves"])
        elif item["t"] in ("attack", "ranged") and item["effect"]["do"] != "ranged":
            return lines, item["effect"]
        else:
            continue
        attack = next((e for e in effects if e["do"] in ("attack", "ranged_attack")), None)
        before = effects if attack is None else effects[: effects.index(attack)]
        specs = _specs(before)
        if specs:
            lines.append(specs)
        if attack is not None:
            return lines, attack
    return lines, None


def _player_threat(state: State, you: str) -> frozenset[Hex] | None:
    """The hexes your played attack card can still reach: None when you played no
    attack card or have already resolved it (the rows that would use it are then
    ignored)."""
    played = state["characters"][you].get("played") or {}
    card_id = played.get("card")
    if not card_id or card_id == "stun" or played.get("cancelled"):
        return None
    if not any(part["side"] == you for part in state.get("queue") or []):
        return None
    data = card(state, card_id)
    if data["type"] != "attack":
        return None
    lines, attack = ahead([{"t": "line", "line": line} for line in data["lines"]])
    if attack is None:
        return None
    occupied = _occupied(state, you)
    terrain = {h: str(p["id"]) for h, p in terrain_at(state).items()}
    if attack["do"] == "attack":
        cells = tuple(solo.cell_from(cell) for cell in attack["grid"])
        return solo.threat_hexes(
            position(state, you),
            lines,
            cells=cells,
            board=board(state),
            occupied=occupied,
            terrain=terrain,
        )
    return solo.threat_hexes(
        position(state, you),
        lines,
        range_=int(attack["range"]),
        board=board(state),
        occupied=occupied,
        terrain=terrain,
    )


def _occupied(state: State, mover: str) -> dict[Hex, str]:
    return {
        Hex.from_json(state["characters"][side]["hex"]): side
        for side in living(state)
        if side != mover
    }


def _player_blocks(state: State, you: str, speed: int) -> frozenset[Hex]:
    """Your blocks standing at ``speed`` this turn."""
    found: set[Hex] = set()
    for block in state.get("blocks") or []:
        if block["side"] == you and block["turn"] == state["turn"] and block["speed"] >= speed:
            found.update(Hex.from_json(h) for h in block["hexes"])
    return frozenset(found)


def context(
    state: State, side: str, attack: Json | None = None, speed: int | None = None
) -> solo.SoloContext:
    """What opponent ``side`` knows when it moves (see :class:`solo.SoloContext`) at
    ``speed`` (default: the speed of the part being resolved)."""
    you = player_side(state)
    assert you is not None, "a solo opponent moves only while your character stands"
    mine = state["characters"][side]
    opponent = load_catalogue().opponent(mine["solo"]["opponent"])
    at = int(frame(state)["speed"]) if speed is None else speed
    others = {
        Hex.from_json(state["characters"][s]["hex"]): s
        for s in living(state)
        if s not in (side, you)
    }
    solo_attack = None
    if attack is not None:
        solo_attack = solo.attack_from_effect(attack, speed_ok=_speed_ok(state, you, at))
    return solo.SoloContext(
        player=position(state, you),
        opponent=position(state, side),
        board=board(state),
        kind=opponent.kind,  # type: ignore[arg-type]
        stance=mine["solo"]["stance"],
        approach=mine["solo"]["approach"],
        preferred_range=opponent.preferred_range,
        side=side,
        player_side=you,
        others=others,
        terrain={h: str(p["id"]) for h, p in terrain_at(state).items()},
        player_threat=_player_threat(state, you),
        player_blocks=_player_blocks(state, you, at),
        attack=solo_attack,
    )


def _speed_ok(state: State, you: str, at: int) -> bool:
    """Ranged Effects condition 3 for an opponent's ranged attack at speed ``at``:
    your card is slower, or you played none."""
    played = state["characters"][you].get("played") or {}
    speed = played.get("speed")
    return speed is None or int(speed) < at


def _move(state: State, head: Json, options: Sequence[Command]) -> Command:
    side = str(frame(state)["side"])
    current = frame(state)
    rest = list(current["todo"])[1:]
    here = _specs(head["moves"])
    later, attack = ahead(rest)
    top_attack = current["type"] == "attack" and current["part"] == "top" and attack is not None
    found: solo.Candidate | None
    if top_attack:
        found = solo.attack_move(context(state, side, attack), [here, *later])
    else:
        found = solo.plain_move(context(state, side), [here])
    return _matching(state, side, found, options)


def _matching(
    state: State, side: str, found: solo.Candidate | None, options: Sequence[Command]
) -> Command:
    """The move command of this line's outcome in the plan; staying put when the
    opponent does not move (or the plan's outcome is not on offer)."""
    wanted: Position = position(state, side)
    if found is not None and found.plan:
        wanted = found.plan[0].end
    for option in options:
        if _at(option) == wanted and option["collision"] is None:
            return option
    for option in options:
        if _at(option) == wanted:
            return option
    stay = position(state, side)
    return next((o for o in options if _at(o) == stay), options[0])


def _at(option: Command) -> tuple[Hex, Facing]:
    return Hex.from_json(option["hex"]), Facing(option["facing"])


def defensive(state: State, side: str) -> bool:
    """A defensive opponent may ignore Commit To Hit (Solo Rules > Stance)."""
    mine: Any = state["characters"][side].get("solo")
    return bool(mine) and mine["stance"] == "defensive"
