"""The engine kernel: the contract every game system implements."""

from engine.core.bots import RandomBot
from engine.core.canonical import NotCanonical, canonical_json, state_hash
from engine.core.dice import Dice, EnteredDice, SeededDice, seed_commitment, verify_seed
from engine.core.errors import CommandRefused, IllegalCommand, InvalidCommand
from engine.core.ruleset import (
    Bot,
    BotChoice,
    BotFactory,
    Command,
    Ending,
    Event,
    Faction,
    GameFacts,
    Outcome,
    Prompt,
    Ruleset,
    RulesetInfo,
    Setup,
    SideFacts,
    State,
    Termination,
    UnitFacts,
    redact_event,
)

__all__ = [
    "Bot",
    "BotChoice",
    "BotFactory",
    "Command",
    "CommandRefused",
    "Dice",
    "Ending",
    "EnteredDice",
    "Event",
    "Faction",
    "GameFacts",
    "IllegalCommand",
    "InvalidCommand",
    "NotCanonical",
    "Outcome",
    "Prompt",
    "RandomBot",
    "Ruleset",
    "RulesetInfo",
    "SeededDice",
    "Setup",
    "SideFacts",
    "State",
    "Termination",
    "UnitFacts",
    "canonical_json",
    "redact_event",
    "seed_commitment",
    "state_hash",
    "verify_seed",
]
