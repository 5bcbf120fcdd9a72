"""The skirmish state: reading it (:mod:`.access`), the initial state (:mod:`.setup`)
and evolve (:mod:`.evolve`, merging the handler tables of every rule area)."""
