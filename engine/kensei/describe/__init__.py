"""Kensei's events in words (the step list and the replay log) and how a log files them."""

from engine.kensei.describe.sentences import describe_event
from engine.kensei.describe.tags import log_tags

__all__ = ["describe_event", "log_tags"]
