"""Senjutsu's grid mechanics: pure functions on :mod:`engine.hexgrid` values.

Nothing here reads a state dict or a catalogue object: the effects, turn and solo code
hand in positions (``(Hex, Facing)``), move specs, grid cells and plain mappings of
hexes to sides or terrain kinds, and get sorted tuples of frozen values back. Each
module is one rule area of the rulebook and names its paragraphs as constants the
callers use in ``IllegalCommand(rule=...)``:

- :mod:`.moves`: Move Effects (rotations, steps, "up to", mandatory, collisions);
- :mod:`.attacks`: attack grids and the Commit To Hit rule;
- :mod:`.blocks`: Blocks > Resolving Blocks (and Multiplayer Rules > Blocking);
- :mod:`.ranged`: Ranged Effects conditions and line of sight;
- :mod:`.forced`: Push, Pull, Rotate (target), Swap Positions;
- :mod:`.kamae`: changing and switching Kamae, the focus cap;
- :mod:`.order`: resolution order, ties, hobbled speeds;
- :mod:`.setup`: terrain and character placement.
"""

from __future__ import annotations

from engine.senjutsu.grid.attacks import (
    ATTACKS,
    COMMIT_TO_HIT,
    attack_targets,
    commit_to_hit,
    targeted_characters,
)
from engine.senjutsu.grid.blocks import (
    MULTIPLAYER_BLOCKING,
    RESOLVING_BLOCKS,
    covered_by_block,
    is_blocked,
    shortest_path_length,
)
from engine.senjutsu.grid.forced import (
    PUSH_PULL,
    ROTATE_TARGET,
    SWAP_POSITIONS,
    pull_destinations,
    push_destinations,
    rotate_target_outcomes,
    swap_positions,
)
from engine.senjutsu.grid.kamae import (
    CHANGING_KAMAE,
    MAX_FOCUS,
    SWITCHING_KAMAE,
    branch_tuples,
    gain_focus,
    kamae_paths,
    kamae_switch_targets,
)
from engine.senjutsu.grid.moves import (
    COLLISIONS,
    MANDATORY_MOVES,
    MOVE_EFFECTS,
    OPTIONAL_MOVES,
    SEQUENCING_OF_MOVEMENT,
    STEP_SAME_DIRECTION,
    chain_outcomes,
    collision_at,
    collision_label,
    move_outcomes,
)
from engine.senjutsu.grid.order import (
    HOBBLE,
    RESOLVE_ORDER,
    TIED_INITIATIVE,
    TYPE_ORDER,
    PlayedCard,
    TieSlots,
    empty_tie,
    hobbled_range,
    hobbled_speed,
    order_with_first,
    place_in_tie,
    resolution_groups,
    resolution_order,
    tie_chooser,
)
from engine.senjutsu.grid.ranged import (
    LINE_OF_SIGHT,
    RANGED_EFFECTS,
    in_line_of_sight,
    in_range,
    ranged_candidates,
    slower_than,
)
from engine.senjutsu.grid.setup import (
    CHARACTER_PLACEMENT,
    TERRAIN_PLACEMENT,
    placement_hexes,
    terrain_hexes,
    terrain_placement_ok,
    terrain_placements,
)
from engine.senjutsu.grid.values import (
    Cell,
    Collision,
    KamaePath,
    MoveOutcome,
    MoveSpec,
    Position,
    PushOutcome,
)

__all__ = [
    "ATTACKS",
    "CHANGING_KAMAE",
    "CHARACTER_PLACEMENT",
    "COLLISIONS",
    "COMMIT_TO_HIT",
    "HOBBLE",
    "LINE_OF_SIGHT",
    "MANDATORY_MOVES",
    "MAX_FOCUS",
    "MOVE_EFFECTS",
    "MULTIPLAYER_BLOCKING",
    "OPTIONAL_MOVES",
    "PUSH_PULL",
    "RANGED_EFFECTS",
    "RESOLVE_ORDER",
    "RESOLVING_BLOCKS",
    "ROTATE_TARGET",
    "SEQUENCING_OF_MOVEMENT",
    "STEP_SAME_DIRECTION",
    "SWAP_POSITIONS",
    "SWITCHING_KAMAE",
    "TERRAIN_PLACEMENT",
    "TIED_INITIATIVE",
    "TYPE_ORDER",
    "Cell",
    "Collision",
    "KamaePath",
    "MoveOutcome",
    "MoveSpec",
    "PlayedCard",
    "Position",
    "PushOutcome",
    "TieSlots",
    "attack_targets",
    "branch_tuples",
    "chain_outcomes",
    "collision_at",
    "collision_label",
    "commit_to_hit",
    "covered_by_block",
    "empty_tie",
    "gain_focus",
    "hobbled_range",
    "hobbled_speed",
    "in_line_of_sight",
    "in_range",
    "is_blocked",
    "kamae_paths",
    "kamae_switch_targets",
    "move_outcomes",
    "order_with_first",
    "place_in_tie",
    "placement_hexes",
    "pull_destinations",
    "push_destinations",
    "ranged_candidates",
    "resolution_groups",
    "resolution_order",
    "rotate_target_outcomes",
    "shortest_path_length",
    "slower_than",
    "swap_positions",
    "targeted_characters",
    "terrain_hexes",
    "terrain_placement_ok",
    "terrain_placements",
    "tie_chooser",
]
