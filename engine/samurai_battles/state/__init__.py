"""The Samurai Battles state: accessors, the initial state, and ``evolve`` (the handler
tables of the orders phase and of the Execution Phase, merged)."""
