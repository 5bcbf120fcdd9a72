"""The cards the interpreter reads, as the contract's JSON shapes with every
default filled in (LINE, EFFECT, CELL of contract section 2).

The interpreter works on plain JSON so that the lines it still has to resolve can
live in the state (``current.todo``) and be replayed. A card is found in the
state's own ``card_data`` table first (cards a game embeds, e.g. a real card file
loaded for this game, or hand-built cards in tests), then in the catalogue.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import State
from engine.senjutsu.cards import load_catalogue
from engine.senjutsu.cards.model import to_json

Json = dict[str, Any]

CRIPPLING_POISON = "crippling-poison"

_EFFECT_DEFAULTS: Mapping[str, Json] = {
    "step": {"n": 1, "dirs": "front", "mandatory": False},
    "rotate": {"n": 1, "mandatory": False},
    "attack": {"grid": [], "if_successful": [], "targeted": []},
    "ranged_attack": {
        "range": 3,
        "wounds": 1,
        "bleeding": 0,
        "execution": False,
        "poison": False,
        "hobble": False,
        "stun": False,
        "asterisk": False,
        "targeted": [],
    },
    "ranged": {"range": 3, "with": None, "targeted": []},
    "block": {"grid": [], "counter": [], "if_successful": [], "targeted": []},
    "focus": {"n": 1},
    "kamae_change": {"n": 1},
    "kamae_switch": {"to": "any"},
    "draw": {"n": 1},
    "discard": {"n": 1},
    "search": {"from": "deck", "top": None, "n": 1, "type": None},
    "push": {"n": 1},
    "pull": {"n": 1},
    "rotate_target": {"n": 1},
    "wound": {"n": 1},
    "trap": {"range": 2},
    "or": {"options": []},
}
_CELL_DEFAULTS: Json = {
    "wounds": 1,
    "bleeding": 0,
    "execution": False,
    "poison": False,
    "hobble": False,
    "stun": False,
    "asterisk": False,
}


def plain(value: Any) -> Any:
    """A model value (the card model's frozen dataclasses) or JSON, as plain JSON."""
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(item) for item in value]
    if hasattr(value, "__dataclass_fields__"):
        return plain(to_json(value))
    return value


def effect(raw: Mapping[str, Any]) -> Json:
    """One EFFECT with its defaults (and its nested effects and cells) filled in."""
    data = plain(raw)
    if isinstance(data, str):  # the data files' shorthand: "stun" == {"do": "stun"}
        data = {"do": data}
    do = str(data["do"])
    out: Json = {"do": do, **_EFFECT_DEFAULTS.get(do, {})}
    out.update({k: v for k, v in data.items() if v is not None or k in ("top", "type", "with")})
    if do == "attack":
        out["grid"] = [cell(c) for c in out["grid"]]
    if do == "block":
        out["grid"] = [list(h["hex"]) if isinstance(h, Mapping) else list(h) for h in out["grid"]]
        out["counter"] = list(out["counter"] or [])
    for key in ("if_successful", "targeted"):
        if key in out:
            out[key] = [effect(e) for e in out[key] or []]
    if do == "or":
        out["options"] = [[line(x) for x in option] for option in out["options"]]
    return out


def cell(raw: Mapping[str, Any]) -> Json:
    """One attack grid CELL with its defaults."""
    data = plain(raw)
    return {**_CELL_DEFAULTS, **{k: v for k, v in data.items() if v is not None}}


def line(raw: Mapping[str, Any]) -> Json:
    """One LINE: ``{"kamae", "focus", "effects"}``."""
    data = plain(raw)
    return {
        "kamae": data.get("kamae"),
        "focus": int(data.get("focus") or 0),
        "effects": [effect(e) for e in data.get("effects") or []],
    }


def card_json(raw: Any) -> Json:
    """A whole card (model object or JSON) in the contract's shape, defaults filled."""
    data = plain(raw)
    split = data.get("split")
    return {
        **data,
        "lines": [line(x) for x in data.get("lines") or []],
        "split": None
        if split is None
        else {"initiative": split["initiative"], "lines": [line(x) for x in split["lines"]]},
        "bottom": [line(x) for x in data.get("bottom") or []],
        "asterisk": [effect(e) for e in data.get("asterisk") or []],
        "core": bool(data.get("core")),
        "instant": data.get("instant"),
        "condition": data.get("condition"),
    }


def card(state: State, card_id: str) -> Json:
    """The card ``card_id``: from the state's ``card_data`` or the catalogue."""
    embedded = state.get("card_data") or {}
    if card_id in embedded:
        return card_json(embedded[card_id])
    return card_json(load_catalogue().card(card_id))


def part_lines(card_data: Json, part: str) -> list[Json]:
    """The lines of one part of a card: ``top`` (above the dividing line),
    ``split`` (below it, Instant Cards > Split Initiative) or ``bottom`` (a solo
    card's part below the OR)."""
    if part == "split":
        return list(card_data["split"]["lines"]) if card_data["split"] else []
    if part == "bottom":
        return list(card_data["bottom"])
    return list(card_data["lines"])


def lowest_initiative(card_data: Json) -> int:
    """The lowest speed a card can be played at (Ranged Effects, condition 3:
    a variable speed counts as its lowest)."""
    speed = card_data.get("initiative", 0)
    if isinstance(speed, list):
        return int(min(speed))
    return int(speed or 0)


def acts_as(card_data: Json) -> str:
    """The card type a card resolves as: its own, but a core weapon card with an
    attack is an attack card for Commit To Hit and for blocks ("Blocks only stop
    effects received from attack cards"), and one with a block a defence card
    (the data gives core weapon cards the type ``core``)."""
    kind = str(card_data.get("type"))
    if not card_data.get("weapon"):
        return kind
    done = [e["do"] for line in card_data["lines"] for e in line["effects"]]
    if "attack" in done or "ranged_attack" in done:
        return "attack"
    if "block" in done:
        return "defence"
    return kind
