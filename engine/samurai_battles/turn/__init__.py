"""The turn: the orders phase (both sides write sealed orders), the reveal, the Execution
Phase (``engine.samurai_battles.execution``), and the end of the turn (victory)."""
