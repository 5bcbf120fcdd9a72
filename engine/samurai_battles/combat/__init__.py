"""Combat: ranged attacks, melee, casualties, Fortitude tests and Put to Flight. Pure
functions of numbers, the tables and dice; the Execution Phase decides who fights."""

from engine.samurai_battles.combat.dice import hits
from engine.samurai_battles.combat.fortitude import Cause, fortitude_test
from engine.samurai_battles.combat.losses import losses
from engine.samurai_battles.combat.melee import Blow, fight
from engine.samurai_battles.combat.ranged import Shot, roll_shot

__all__ = [
    "Blow",
    "Cause",
    "Shot",
    "fight",
    "fortitude_test",
    "hits",
    "losses",
    "roll_shot",
]
