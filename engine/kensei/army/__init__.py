"""Armies: the catalogue (classes, weapons, abilities, titles, factions), troop
profiles, army-list validation (Army creation) and the forces an army list puts on
the table."""
