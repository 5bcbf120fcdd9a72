"""The state of a battle: queries over it, the progress of a decision, rolls and
offering dice, abilities in play, contact, honour, deployment, views, and evolve."""
