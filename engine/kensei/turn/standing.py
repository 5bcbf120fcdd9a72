"""Kensei's standing answers (``engine.core.standing``): how a side answers offerings
to the gods and reactive attacks without being asked each time.

- ``offerings``: ``ask`` (each window, in person), ``useful`` (pass unless a command
  card in hand can change the roll in the side's favour), ``pass`` (always pass);
- ``react``: ``ask``, or ``fight_back`` (a unit attacked fights back, not boosted).

"A card that can change this roll" (docs/rules/kensei.md, Standing answers): any card
may re-roll any die of the roll and a card above 0 may boost a die of one's own roll
(Offering to the Gods), so a card *can* always alter a face; what the answer asks is
whether it can change what the roll does for the side: an offering of a card in hand
whose worth (:func:`engine.kensei.command.offerings.gain`: the change in the chance
that the dice count for the side, or in an opposed roll's chance of winning, or in a
distance rolled by the side) is above nothing. A re-roll of one's own failed die, of
an opponent's die that counts, or a boost that turns one's own die into a success is
one; passing on an opponent's distance roll, or on a roll already as good as it gets,
is not asked.
"""

from __future__ import annotations

from engine.core import Command, StandingChoice, State
from engine.core.standing import standing_of
from engine.kensei.command.offerings import candidates, gain
from engine.kensei.turn.prompts import prompt_for

CHOICES = (
    StandingChoice(
        "offerings",
        "Offerings to the gods",
        {
            "ask": "ask me at every offering window",
            "useful": "pass on offerings unless I hold a card that can change the roll",
            "pass": "always pass on offerings",
        },
    ),
    StandingChoice(
        "react",
        "Attacked units",
        {
            "ask": "ask me when one of my units is attacked",
            "fight_back": "always fight back (not boosted)",
        },
    ),
)


def card_can_change(state: State, side: str) -> bool:
    """Whether ``side`` holds a card whose offering can change the open roll for it."""
    roll = state["offering"]["roll"]
    return any(
        gain(roll, side, command) > 0
        for command in candidates(state, side)
        if command["action"] != "pass"
    )


def standing_answer(state: State, side: str) -> Command | None:
    """The command ``side``'s standing answers give the prompt now, or ``None``."""
    prompt = prompt_for(state)
    answers = standing_of(state, side)
    if prompt is None or side not in prompt.sides or not answers:
        return None
    if prompt.kind == "offering":
        mode = answers.get("offerings", "ask")
        if mode == "pass" or (mode == "useful" and not card_can_change(state, side)):
            return {"type": "offering", "side": side, "action": "pass"}
    if prompt.kind == "react" and answers.get("react") == "fight_back":
        return {"type": "react", "side": side, "boost": False}
    return None
