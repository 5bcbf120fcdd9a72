"""The rulebook paragraphs Samurai Battles cites, as "Section > Paragraph" strings
(the orders rulebook, ``../shared/rules/samurai-battles-orders.txt``).

Every ``IllegalCommand(rule=...)`` names one of these, so a player can look the rule
up; the tests are named after the same paragraphs. What the seed leaves out (unit
profiles, combat tables, Fortitude, victory) is cited as "Interpretation > ..." and
written in the rules map, ``docs/rules/samurai-battles.md``.
"""

from __future__ import annotations

ORDERS = "Orders > Each unit can only be assigned 1 order each turn"
ALL_AROUND = "Defensive Orders > All-Around Defense"
DEFEND = "Defensive Orders > Defend"
KILL_ZONE = "Defensive Orders > Defend > Kill Zone"
FIRE_AND_RETREAT = "Defensive Orders > Fire and Retreat"
RANGED_ORDERS = "Ranged Combat Orders"
FIRE = "Ranged Combat Orders > Fire Ranged Weapons"
ASSAULT = "Movement Orders > Assault"
ENCOUNTER = "Movement Orders > Assault > Encounters"
MARCH = "Movement Orders > March"
MOVE_AND_FIRE = "Movement Orders > Move and Fire"
RUN = "Movement Orders > Run"
SPECIAL_ORDERS = "Special Orders > Order Chart"
AMBUSH = "Special Orders > Ambush"
JOIN_UP = "Special Orders > Join Up"
RECEIVE_SUPPLIES = "Special Orders > Receive Supplies"
REST = "Special Orders > Rest"
RECONNAISSANCE = "Special Orders > Reconnaissance"
RETREAT = "Retreat Orders > Retreat"

TERRAIN = "Interpretation > Terrain"
LINE_OF_SIGHT = "Interpretation > Line of Sight"
AMMUNITION = "Interpretation > Ammunition"
ZONE_OF_CONTROL = "Interpretation > Zone of Control"
FORTITUDE = "Interpretation > Fortitude"
VICTORY = "Interpretation > Victory"
SCENARIO = "Interpretation > Scenarios"
CONCESSION = "Shiai > Concession"
