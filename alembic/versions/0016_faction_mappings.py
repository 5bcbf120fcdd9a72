"""Faction names are the catalogue's (issue 26, item 5): the FactionMaps application's
event store, the ``faction_mappings`` read model (an organiser's mapping of a free-text
faction to a catalogue faction, per system), and ``game_sides.faction_given`` /
``opponent_faction_given`` (the text as registered or imported when it is not a
catalogue id, so a mapping can be changed or removed).

The ``reported_results`` follower writes every row again at its next catch-up, so the
texts of the rows already there are filled in.

Revision ID: 0016_faction_mappings
Revises: 0015_side_lists
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy_utils.types.uuid import UUIDType

from alembic import op

revision = "0016_faction_mappings"
down_revision = "0015_side_lists"
branch_labels = None
depends_on = None

# eventsourcing-sqlalchemy's column types: 64-bit ids, 32-bit on SQLite (rowid).
NOTIFICATION_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def _stored(name: str, *key: str) -> None:
    """One of eventsourcing-sqlalchemy's tables of stored events (or snapshots)."""
    columns = [
        sa.Column("originator_id", UUIDType(), nullable=False),
        sa.Column("originator_version", NOTIFICATION_ID, nullable=False),
        sa.Column("topic", sa.Text(), nullable=False),
        sa.Column("state", sa.LargeBinary(), nullable=False),
    ]
    if key == ("id",):
        columns.insert(0, sa.Column("id", NOTIFICATION_ID, autoincrement=True, nullable=False))
    op.create_table(name, *columns, sa.PrimaryKeyConstraint(*key))


def upgrade() -> None:
    _stored("factionmaps_events", "id")
    op.create_index(
        "factionmaps_events_aggregate_idx",
        "factionmaps_events",
        ["originator_id", "originator_version"],
        unique=True,
    )
    _stored("factionmaps_snapshots", "originator_id", "originator_version")
    op.create_table(
        "faction_mappings",
        sa.Column("system", sa.String(length=64), nullable=False),
        sa.Column("text", sa.String(length=120), nullable=False),
        sa.Column("faction", sa.String(length=120), nullable=False),
        sa.Column("mapped_by", sa.String(length=64), nullable=False),
        sa.Column("mapped_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("system", "text"),
    )
    with op.batch_alter_table("game_sides") as batch:
        batch.add_column(sa.Column("faction_given", sa.String(120), nullable=True))
        batch.add_column(sa.Column("opponent_faction_given", sa.String(120), nullable=True))
        batch.create_index("ix_game_sides_faction_given", ["faction_given"])
    op.execute(sa.text("DELETE FROM projection_tracking WHERE name = 'reported_results'"))


def downgrade() -> None:
    with op.batch_alter_table("game_sides") as batch:
        batch.drop_index("ix_game_sides_faction_given")
        batch.drop_column("opponent_faction_given")
        batch.drop_column("faction_given")
    op.drop_table("faction_mappings")
    op.drop_table("factionmaps_snapshots")
    op.drop_index("factionmaps_events_aggregate_idx", table_name="factionmaps_events")
    op.drop_table("factionmaps_events")
