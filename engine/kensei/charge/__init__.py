"""Charges (Charge, Charge reactions, Charge movement, Opportunity charge): declaring,
tracing the charge move, the target's reaction."""
