"""Kensei's commands parsed once, at the ruleset's edge (python-chess's
``Move.from_uci``): each kind's parser turns the JSON a player sends into a typed,
frozen value (:mod:`.setup`, :mod:`.orders`, :mod:`.combat`, :mod:`.deck`) or refuses
it with ``InvalidCommand`` naming the field at fault; the rules take those values.
``value.to_json()`` gives the command back (stored commands stay JSON)."""
