"""Moving miniatures: the Move order's checks every move shares, and engaging an enemy."""
