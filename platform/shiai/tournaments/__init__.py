"""Swiss tournaments: pure pairing, standings, tables and top cut (see docs/tournaments.md)."""
