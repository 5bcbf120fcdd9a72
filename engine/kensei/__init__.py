"""Kensei (living rules, February 2020): troops, armies, battlefield and turn sequence."""
