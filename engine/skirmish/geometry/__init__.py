"""Skirmish geometry: distances edge to edge between round bases (:mod:`.measure`),
line of sight, arcs and intervening obstacles (:mod:`.sight`), and the paths of moves,
forced retreats and flights (:mod:`.paths`, movement's)."""
