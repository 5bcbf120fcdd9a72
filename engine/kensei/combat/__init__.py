"""Melee combat: attacks and the Combat Table, duels, multiple combats, casualties, the
end of a combat (falling back, chasing, melee movements)."""
