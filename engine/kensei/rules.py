"""Where each rule lives in the Kensei living rules (February 2020 edition).

Every refusal names one of these, so a player can look the rule up. The
strings are ``Section > Paragraph`` as the rulebook titles them; the mapping
from paragraph to code and tests is ``docs/rules/kensei.md``.
"""

from __future__ import annotations

BOOK = "Kensei LR 2020"

# Game System (setting up a battle)
SIZE_OF_BATTLE = "Game System > 1. Size of the battle"
ARMY_LISTS = "Game System > 2. Prepare your Army Lists"
SCENARIO = "Game System > 3. Choose a Battle Scenario"
SCENERY = "Game System > 4. Game Table and Scenery elements"
COMMAND_DECK = "Game System > 5. Prepare your command deck"
PREPARE_COMMANDER_ORDERS = "Game System > 6. Prepare your commander's orders deck"
STRATEGY_ROLL = "Game System > 7. Deployment > Strategy roll"
STARTING_POSITIONS = "Game System > 7. Deployment > Starting position of the units"
REST_OF_ARMY = "Game System > 7. Deployment > Rest of the army"

# Game Sequence
GAME_SEQUENCE = "Game Sequence"
END_OF_BATTLE_CHECK = "Game Sequence > 1. Maintenance Phase > Check if it's the end of the battle"
DRAW_COMMAND_CARDS = "Game Sequence > 1. Maintenance Phase > Draw new command cards"
DRAW_COMMANDER_ORDERS = "Game Sequence > 1. Maintenance Phase > Draw new commander order cards"
RETREATING_TROOPS = "Game Sequence > 1. Maintenance Phase > Retreating troops"
REMOVE_MARKERS = "Game Sequence > 1. Maintenance Phase > Remove markers"
INITIATIVE_PHASE = "Game Sequence > 2. Initiative Phase"
ACTIVATION_PHASE = "Game Sequence > 3. Activation Phase"
END_OF_GAME = "Game Sequence > End of the Game"

# Unit Activation
ORDER_OF_ACTIVATION = "Unit Activation > 1. Order of Activation"
CHOOSING_UNITS = "Unit Activation > 2. Choosing Units"
ORDER_ROLL = "Unit Activation > 3. Order Roll"
PERFORMING_ACTIONS = "Unit Activation > 4. Performing actions"
USED_UNITS = "Unit Activation > 4. Performing actions > Used Units"
ACTIVATE_NEW_UNITS = "Unit Activation > 5. Activate new units"
KI_ABILITIES = "Troop Abilities > Ki Abilities"

# Troops and units
UNIT_FORMATION = "Troops and Units > Unit formation"
UNIT_LEADER = "Troops and Units > Unit leader"
HONOUR_ROLLS = "Basic Concepts > Honour rolls"
REPEAT_HONOUR_ROLL = "Troops and Units > Army general > Repeat honour roll"
DEATH_OF_GENERAL = "Troops and Units > Army general > Death of the general"

# Orders and Actions
USING_ORDERS = "Orders and Actions > Using orders"
BOOSTING = "Orders and Actions > Boosting an order"
MOVEMENT_ORDERS = "Orders and Actions > Movement Orders"
MOVE = "Orders and Actions > Movement Orders > Move"
ROTATE = "Orders and Actions > Movement Orders > Move > Rotate miniatures"
MULTIPLE_MINIATURE_UNITS = (
    "Orders and Actions > Movement Orders > Move > Moving multiple miniature units"
)
ENGAGE = "Orders and Actions > Movement Orders > Move > Engage in melee combat"
CROSSING_OBSTACLES = "Orders and Actions > Movement Orders > Move > Crossing obstacles"
CROSSING_MINIATURES = "Orders and Actions > Movement Orders > Move > Crossing miniatures"
CLIMB = "Orders and Actions > Movement Orders > Move > Climb"
JOINING_A_UNIT = "Orders and Actions > Movement Orders > Move > Joining a unit"
LEAVING_A_UNIT = "Orders and Actions > Movement Orders > Move > Leaving a unit"
BOOST_MOVEMENT = "Orders and Actions > Movement Orders > Move > Boost a movement"
OUT_OF_FORMATION = "Orders and Actions > Movement Orders > Move > Units out of formation"
DISENGAGE = "Orders and Actions > Movement Orders > Disengage"
RELOAD = "Orders and Actions > Static Orders > Reload"
SHELTER = "Orders and Actions > Static Orders > Shelter"

# Combat (part II)
COMBAT_ORDERS = "Orders and Actions > Combat Orders"
ATTACK = "Orders and Actions > Combat Orders > Attack"
COMBAT_ROLL = "Orders and Actions > Combat Orders > Attack > 1. Combat Roll"
ATTACK_SIDES = (
    "Orders and Actions > Combat Orders > Attack > Attacking by front, flank and rearguard"
)
BOOSTING_ATTACK = "Orders and Actions > Combat Orders > Attack > Boosting an attack"
MELEE_WEAPONS = "Equipment > Melee weapons"
WOUND_ROLL = "Combat Resolution > 1. Wound Roll"
WOUNDING_A_LEADER = "Combat Resolution > 1. Wound Roll > Wounding a leader"
PROTECTING_THE_LEADER = "Combat Resolution > 1. Wound Roll > Protecting the leader"
REMOVING_CASUALTIES = "Combat Resolution > 2. Removing casualties"
CASUALTIES_IN_MELEE = (
    "Combat Resolution > 2. Removing casualties > Removing casualties in melee combats"
)
VICTORY = "Combat Resolution > 3. Victory and Defeated unit"
HONOUR_ROLL = "Combat Resolution > 4. Honour Roll"
FALLING_BACK = "Combat Resolution > 5. Withdrawn or retreating movements"
CHASING = "Combat Resolution > 6. Chasing movements"
ISOLATED = "Combat Resolution > 7. Removing isolated miniatures"
PRESENCE = "Troops and Units > Troop profile > Presence"
SHOOT = "Orders and Actions > Combat Orders > Shoot"
SHOOT_TARGET = "Orders and Actions > Combat Orders > Shoot > 1. Choose a target unit"
SHOOTING_DISTANCE = "Orders and Actions > Combat Orders > Shoot > 2. Check the shooting distance"
SHOOT_ROLL = "Orders and Actions > Combat Orders > Shoot > 3. Shoot Roll"
BOOSTING_SHOOT = "Orders and Actions > Combat Orders > Shoot > Boosting a shoot"
UNLOADED_WEAPONS = "Orders and Actions > Combat Orders > Shoot > Unloaded weapons"
CASUALTIES_IN_SHOOTS = "Combat Resolution > 2. Removing casualties > Removing casualties in shoots"
CHARGE = "Orders and Actions > Combat Orders > Charge"
CHARGE_TARGET = "Orders and Actions > Combat Orders > Charge > 1. Select the enemy target unit"
CHARGE_MOVEMENT = "Orders and Actions > Combat Orders > Charge > 4. Charge movement"
BOOSTING_CHARGE = "Orders and Actions > Combat Orders > Charge > Boosting a Charge"
FLEE = "Orders and Actions > Reaction orders > Flee"
HOLD_AND_SHOOT = "Orders and Actions > Reaction orders > Hold and shoot"
DUEL = "Orders and Actions > Combat Orders > Challenge to a duel"
DUEL_ACCEPTED = "Orders and Actions > Combat Orders > Challenge to a duel > The duel is accepted"
DUEL_REFUSED = "Orders and Actions > Combat Orders > Challenge to a duel > The duel is not accepted"
DUEL_ORDERS = (
    "Orders and Actions > Combat Orders > Challenge to a duel > Spending activation orders"
)
BOOSTING_DUEL = "Orders and Actions > Combat Orders > Challenge to a duel > Boosting a duel"
LEAD = "Orders and Actions > Combat Orders > Lead"
OPPORTUNITY_CHARGE = "Orders and Actions > Reaction orders > Opportunity charge"
MULTIPLE_COMBAT = "Orders and Actions > Combat Orders > Attack > Multiple combat"
MELEE_MOVEMENTS = "Combat Resolution > 8. Melee movements"

# Command Deck (part III)
COMMANDER_ACTIVATION = "Command Deck > Commander Activation"
COMMAND_DUEL = "Command Deck > Command Duel"
OFFERING = "Command Deck > Offering to the Gods"
USING_COMMANDER_ORDER = "Command Deck > Using Commander's Order"
