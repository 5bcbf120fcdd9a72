"""The army data: unit types, terrain kinds, tables, scenarios and clans (the catalogue)."""
