"""Command: the command deck and commander activation, the command duel, the commander's
orders, offerings to the gods."""
