"""Army lists in the meta (issue 26, item 2): the lists of the data points.

``side_lists`` holds a row per data point side whose player's army list the game
system's catalogue could read (its signature, faction, name, points and commander
level), ``side_list_entries`` a row per entry of that list (unit, type, class,
miniatures, cost, options); ``rollup_list_units`` and ``rollup_lists`` sum them per
partition for the dashboards (``replays.rollups``), built when the follower below
is reset (its reset rebuilds every rollup). Both are read models written by the
``reported_results`` follower (a tournament's registered lists, once the event
publishes them) and by the imported events' follower (``shiai.list_facts``); the
``reported_results`` follower writes every row again at its next catch-up from
the first tournament event, so it is reset here.

Revision ID: 0015_side_lists
Revises: 0014_imported_events
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa

from alembic import op

ROLLUPS = ("rollup_list_units", "rollup_lists")

revision = "0015_side_lists"
down_revision = "0014_imported_events"
branch_labels = None
depends_on = None


def _partition() -> list[sa.Column[object]]:
    """The rollups' partition columns (replays.schema._rollup)."""
    return [
        sa.Column("system", sa.String(64), nullable=False),
        sa.Column("tournament_id", sa.Uuid(), nullable=True),
        sa.Column("played_on", sa.Date(), nullable=False),
        sa.Column("army_points", sa.Integer(), nullable=False),
        sa.Column("source", sa.String(16), nullable=False, server_default="recorded"),
        sa.Column("event_size", sa.Integer(), nullable=True),
    ]


def _whole(*names: str) -> list[sa.Column[object]]:
    return [sa.Column(name, sa.Integer(), nullable=False) for name in names]


def upgrade() -> None:
    op.create_table(
        "side_lists",
        sa.Column("game_id", sa.Uuid(), primary_key=True),
        sa.Column("side", sa.String(16), primary_key=True),
        sa.Column("system", sa.String(64), nullable=False),
        sa.Column("origin", sa.String(16), nullable=False),
        sa.Column("tournament_id", sa.Uuid(), nullable=True),
        sa.Column("player", sa.String(120), nullable=True),
        sa.Column("signature", sa.String(64), nullable=False),
        sa.Column("faction", sa.String(120), nullable=False),
        sa.Column("name", sa.String(120), nullable=False),
        sa.Column("points", sa.Integer(), nullable=False),
        sa.Column("commander_level", sa.Integer(), nullable=True),
    )
    op.create_index("ix_side_lists_origin", "side_lists", ["origin"])
    op.create_index("ix_side_lists_tournament_id", "side_lists", ["tournament_id"])
    op.create_index("ix_side_lists_signature", "side_lists", ["signature", "game_id", "side"])
    op.create_table(
        "side_list_entries",
        sa.Column("game_id", sa.Uuid(), primary_key=True),
        sa.Column("side", sa.String(16), primary_key=True),
        sa.Column("entry", sa.Integer(), primary_key=True),
        sa.Column("unit", sa.String(64), nullable=False),
        sa.Column("name", sa.String(120), nullable=False),
        sa.Column("unit_type", sa.String(32), nullable=False),
        sa.Column("unit_class", sa.String(32), nullable=False),
        sa.Column("count", sa.Integer(), nullable=False),
        sa.Column("cost", sa.Integer(), nullable=False),
        sa.Column("options", sa.String(200), nullable=False),
    )
    op.create_index("ix_side_list_entries_unit", "side_list_entries", ["unit"])
    op.create_table(
        "rollup_list_units",
        *_partition(),
        sa.Column("faction", sa.String(120), nullable=False),
        sa.Column("unit", sa.String(64), nullable=False),
        sa.Column("name", sa.String(120), nullable=False),
        sa.Column("unit_type", sa.String(32), nullable=False),
        *_whole("games", "wins", "draws", "losses", "models", "entries", "cost"),
    )
    op.create_table(
        "rollup_lists",
        *_partition(),
        sa.Column("signature", sa.String(64), nullable=False),
        sa.Column("faction", sa.String(120), nullable=False),
        sa.Column("name", sa.String(120), nullable=False),
        sa.Column("points", sa.Integer(), nullable=False),
        sa.Column("commander_level", sa.Integer(), nullable=True),
        *_whole("sides", "games", "wins", "draws", "losses"),
    )
    for name in ROLLUPS:
        op.create_index(f"ix_{name}_day", name, ["system", "played_on"])
    # Replayed from the first tournament event: the lists of published events are written.
    op.execute(sa.text("DELETE FROM projection_tracking WHERE name = 'reported_results'"))


def downgrade() -> None:
    for name in ROLLUPS:
        op.drop_index(f"ix_{name}_day", name)
        op.drop_table(name)
    op.drop_index("ix_side_list_entries_unit", "side_list_entries")
    op.drop_table("side_list_entries")
    op.drop_index("ix_side_lists_signature", "side_lists")
    op.drop_index("ix_side_lists_tournament_id", "side_lists")
    op.drop_index("ix_side_lists_origin", "side_lists")
    op.drop_table("side_lists")
