"""Event store of GameRecords and the games read model.

Revision ID: 0001
Revises:
Create Date: 2026-11-21
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy_utils.types.uuid import UUIDType

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

# eventsourcing-sqlalchemy's column types: 64-bit ids, 32-bit on SQLite (rowid).
NOTIFICATION_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "gamerecords_events",
        sa.Column("id", NOTIFICATION_ID, autoincrement=True, nullable=False),
        sa.Column("originator_id", UUIDType(), nullable=False),
        sa.Column("originator_version", NOTIFICATION_ID, nullable=False),
        sa.Column("topic", sa.Text(), nullable=False),
        sa.Column("state", sa.LargeBinary(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index(
        "gamerecords_events_aggregate_idx",
        "gamerecords_events",
        ["originator_id", "originator_version"],
        unique=True,
    )
    op.create_table(
        "gamerecords_snapshots",
        sa.Column("originator_id", UUIDType(), nullable=False),
        sa.Column("originator_version", NOTIFICATION_ID, nullable=False),
        sa.Column("topic", sa.Text(), nullable=False),
        sa.Column("state", sa.LargeBinary(), nullable=False),
        sa.PrimaryKeyConstraint("originator_id", "originator_version"),
    )
    op.create_table(
        "games",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("system", sa.String(length=64), nullable=False),
        sa.Column("title", sa.String(length=200), nullable=False),
        sa.Column("sides", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("winner", sa.String(length=64), nullable=True),
        sa.Column("steps", sa.Integer(), nullable=False),
        sa.Column("commands", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_games_status", "games", ["status"])
    op.create_index("ix_games_system", "games", ["system"])
    op.create_table(
        "projection_tracking",
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("position", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("name"),
    )


def downgrade() -> None:
    op.drop_table("projection_tracking")
    op.drop_index("ix_games_system", table_name="games")
    op.drop_index("ix_games_status", table_name="games")
    op.drop_table("games")
    op.drop_table("gamerecords_snapshots")
    op.drop_index("gamerecords_events_aggregate_idx", table_name="gamerecords_events")
    op.drop_table("gamerecords_events")
