"""Senjutsu's state: a plain JSON dict (contract section 5), read and copied by the
helpers of :mod:`.access` (shuffles: ``engine.senjutsu.cards.decks.shuffle``, the one
shuffle of the game), changed only by the evolve handlers (:mod:`.handlers` for the
turn's events, the effects' own table, merged in :mod:`.evolve`).

This package never imports ``effects`` except in :mod:`.evolve`, so the effects may use
the helpers of :mod:`.access` without a cycle.
"""
