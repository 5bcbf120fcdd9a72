"""Kensei (living rules, February 2020): troops, armies, battlefield and turn sequence."""


def compiled() -> bool:
    """Whether this package runs compiled by mypyc (``make compile``: C extensions
    beside a copy of the sources in ``build/compiled``) rather than interpreted."""
    return not __file__.endswith(".py")
