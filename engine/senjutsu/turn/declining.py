"""Declining Senjutsu's optional choices (``engine.core.declining``), and its standing
answers (``engine.core.standing``).

Optional (Senjutsu 1.5), each declined by one legal command:

- ``alternative``: play the card at its printed speed (Reveal > Revealing An Ability
  Card With An Alternative Initiative Speed: "may");
- ``replace``: no instant replacement (Reveal > Revealing Instant Replacement Ability
  Cards), ``card: null``;
- ``counter``: no counter (Blocks > Counters: the blocker "may" discard an attack
  card), ``card: null``;
- ``instant``: no instant card (Instant Cards: "may play 1"), ``card: null``;
- ``search``: take no card (Other Ability Card Keywords > Search), ``card: null``;
- ``pay``: skip the line (Optional Focus Cost), unless Commit To Hit makes the
  player pay it (then the choice is not optional: no declining command);
- ``move``: stay where one stands, facing as one does (Move Effects > Optional
  Moves), unless the move is mandatory (Mandatory Moves);
- ``kamae``: stay at one's Kamae position (Changing Kamae Positions: "up to"),
  except a Switch, which goes to another position (no declining command).

Every other prompt is one the rules require (:data:`REQUIRED`, with its paragraph).

Standing answers (:data:`CHOICES`; docs/rules/senjutsu.md, Standing answers): each
only ever declines, and never reads the hand, so an answer given for a side tells no
other side more than the same answer given in person (the sealed prompts' answers are
sealed as a person's are).
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core import Command, StandingChoice, State
from engine.core.standing import standing_of
from engine.senjutsu import effects, rules
from engine.senjutsu.cards.catalogue import Catalogue
from engine.senjutsu.effects import rules as effect_rules
from engine.senjutsu.state.access import character
from engine.senjutsu.turn.prompts import pending, public_command

OPTIONAL = frozenset({"alternative", "replace", "counter", "instant", "search", "pay", "move"})
OPTIONAL_KINDS = OPTIONAL | {"kamae"}

REQUIRED: Mapping[str, str] = {
    "terrain_roll": rules.BATTLEFIELD_TERRAIN_TURNS,
    "terrain": rules.BATTLEFIELD_TERRAIN_TURNS,
    "place": rules.PLAYER_SETUP_PLACEMENT,
    "choose": rules.TURN_CHOOSE,
    "speed": rules.VARIABLE_INITIATIVE,
    "order": rules.MULTIPLAYER_TIES,
    "trim": rules.HAND_LIMIT,
    "target": effect_rules.TARGETED,
    "push": effect_rules.PUSH_PULL,
    "discard": effect_rules.DISCARD,
    "rotate": effect_rules.ROTATE_TARGET,
    "or": effect_rules.OR_KAMAE,
    "trap": effect_rules.TRAP,
}

# The declining command of each optional kind whose answer names a card, or a flag.
_DECLINED: Mapping[str, Command] = {
    "alternative": {"kind": "alternative", "use": False},
    "replace": {"kind": "replace", "card": None},
    "counter": {"kind": "counter", "card": None},
    "instant": {"kind": "instant", "card": None},
    "search": {"kind": "search", "card": None},
    "pay": {"kind": "pay", "pay": False},
}


def decline(state: State, side: str, catalogue: Catalogue) -> Command | None:
    """The command declining the optional choice open to ``side``, or ``None``."""
    prompt = pending(state, catalogue)
    if prompt is None or side not in prompt.sides or prompt.kind not in OPTIONAL_KINDS:
        return None
    if prompt.kind in ("alternative", "replace"):
        return {**_DECLINED[prompt.kind], "side": side}
    ask = effects.ask(state)
    assert ask is not None, f"a {prompt.kind!r} prompt is the effects' ask"
    if prompt.kind == "move":
        here = character(state, side)
        staying = {"kind": "move", "hex": here["hex"], "facing": here["facing"], "collision": None}
        declined: Command = staying
    elif prompt.kind == "kamae":
        declined = {"kind": "kamae", "path": []}
    else:
        declined = _DECLINED[prompt.kind]
    # Compulsory this time (a mandatory move, a Switch, a cost Commit To Hit makes
    # the player pay): the rules leave nothing to decline.
    if declined not in ask.options:
        return None
    return public_command(declined, side)


CHOICES = (
    StandingChoice(
        "alternative",
        "Alternative initiative speed",
        {
            "ask": "ask me when my card has an alternative speed",
            "never": "never play at the alternative speed",
        },
    ),
    StandingChoice(
        "replace",
        "Instant replacement",
        {"ask": "ask me at every instant replacement", "never": "never replace my card"},
    ),
    StandingChoice(
        "counter",
        "Counters",
        {"ask": "ask me when my block allows a counter", "never": "never counter"},
    ),
    StandingChoice(
        "instant",
        "Instant cards",
        {"ask": "ask me at every instant card window", "never": "never play an instant card"},
    ),
)


def standing_answer(state: State, side: str, catalogue: Catalogue) -> Command | None:
    """The command ``side``'s standing answers give the prompt now, or ``None``: a
    "never" answer (each choice is named after the prompt kind it answers) declines
    its prompt, whatever the hand holds."""
    answers = standing_of(state, side)
    if not answers:
        return None
    prompt = pending(state, catalogue)
    if prompt is None or side not in prompt.sides:
        return None
    if answers.get(prompt.kind) != "never":
        return None
    return decline(state, side, catalogue)
