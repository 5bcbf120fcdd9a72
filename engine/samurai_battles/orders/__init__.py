"""The written orders: values parsed from commands, the checks made when they are
issued, and the legal orders of a side (for prompts, bots and ``legal``)."""
