"""The turn: set-up and scenarios, the turn sequence rolled on between decisions,
prompts and scoring."""
