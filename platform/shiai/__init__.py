"""Shiai: the Flask platform and the tournament domain."""

from shiai.app import create_app

__all__ = ["create_app"]
