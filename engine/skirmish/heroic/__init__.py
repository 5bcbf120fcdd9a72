"""Heroic characters' abilities as the shooting and close combat rules use them, and what
shooting and close combat share (Heroic Characters; Wounding; Weapons and Armour):

* :mod:`.chars`: reading models and units of a state (bases, contact, living models);
* :mod:`.profile`: a character's effective stats line (profile, weapon, armour, Wind
  masteries, horseback), by the weapon and mastery effects of the data;
* :mod:`.strategies`: the Water strategies (named strategies for single combat);
* :mod:`.wounding`: the Wound Table, wounds and deaths, Zen saves, attendants' kills;
* :mod:`.zen`: Zen tokens (alter a die by 1, save a wound on 4+, one per action);
* :mod:`.bushido`: honourable heroes' restrictions;
* :mod:`.work`: the working copy a shot or a combat emits its events into.
"""
