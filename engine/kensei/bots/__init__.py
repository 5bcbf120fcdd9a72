"""The bots: a random one and a greedy one, with the moves and orders they consider
(never rules: every command they choose goes through decide)."""
