"""Orders: deciding a unit's order (move, boost, disengage, reload, shelter, attack,
shoot, charge, duel) and leading units."""
