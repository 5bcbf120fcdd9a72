"""Blueprints: one per area."""
