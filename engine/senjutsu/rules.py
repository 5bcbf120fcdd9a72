"""The rulebook paragraphs the turn machine cites, as "Section > Paragraph" strings
(Senjutsu rulebook 1.5, ``../shared/rules/senjutsu-rulebook-1.5.txt``).

Every ``IllegalCommand(rule=...)`` of the turn machine names one of these, so a
player can look the rule up; the tests are named after the same paragraphs.
"""

from __future__ import annotations

BATTLEFIELD_BOARDS = "Battlefield Setup > 1. Battlefield boards can be combined"
BATTLEFIELD_TERRAIN_TURNS = "Battlefield Setup > 2. Take turns placing terrain"
BATTLEFIELD_TERRAIN = "Battlefield Setup > 2. Terrain cannot be placed within 2 hexes"
COMPONENT_BOARDS = "Component List > Books + Battlefields"
COMPONENT_TERRAIN = "Component List > Terrain"
PLAYER_SETUP_PREPARED = "Player Setup > 7. Prepared cards"
PLAYER_SETUP_SHUFFLE = "Player Setup > 8. Shuffle your remaining ability cards"
PLAYER_SETUP_ADVANTAGE = "Player Setup > 10. Advantage track"
PLAYER_SETUP_FIRST_PLACEMENT = "Player Setup > 11. The lowest on the track places first"
PLAYER_SETUP_PLACEMENT = "Player Setup > 12. More than 3 hexes away"
PLAYER_SETUP_DRAW = "Player Setup > 13. Draw to the hand limit"
DECK_CONSTRUCTION = "Deck Construction > Card Limits"
CHARACTERS = "Component List > Characters"

WINNING = "Winning The Game"
TURN_DRAW = "Turn Structure In Detail > Draw"
TURN_CHOOSE = "Turn Structure In Detail > Choose"
TURN_REVEAL = "Turn Structure In Detail > Reveal"
ALTERNATIVE_INITIATIVE = "Reveal > Revealing An Ability Card With An Alternative Initiative Speed"
INSTANT_REPLACEMENT = "Reveal > Revealing Instant Replacement Ability Cards"
VARIABLE_INITIATIVE = "Reveal > Revealing An Ability Card With A Variable Initiative Speed"
TURN_RESOLVE = "Turn Structure In Detail > Resolve"
MULTIPLAYER_TIES = "Multiplayer Rules > Tied Initiative Speed And Advantage"
TURN_DISCARD = "Turn Structure In Detail > Discard"
HAND_LIMIT = "Turn Structure In Detail > Discard > Check hand limits"
BLEEDING = "Attacks > Bleeding wound"
HOBBLE = "Other Ability Card Icons > Hobble"
STUN = "Other Ability Card Icons > Stun"
INSTANT_CARDS = "Instant Cards > During your turn you may play 1 instant ability card"
INSTANT_ADDITIONAL = "Instant Cards > Instant Additional Cards"
CORE_CARDS = "Turn Structure In Detail > Discard > Core cards cannot be discarded"
TURN_TIMING = "Turn Timing Sequence"
END_TURN_TIMING = "End Turn Timing Sequence"
FAQ_POISON = "FAQ > Crippling Poison as the active card"
CONCESSION = "Winning The Game > Concession"
