"""Shooting: ranged weapons, range bands, the Shoot Roll Table and shooting's
casualties."""
