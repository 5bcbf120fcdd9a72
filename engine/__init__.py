"""Pure rules engines for the game systems Shiai records.

Nothing in this package does I/O, reads a clock, or imports a framework:
an import-linter contract fails the build if it ever does.
"""
