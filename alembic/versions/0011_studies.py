"""Studies (issue 25, item 3): the Studies application's event store and the
``studies`` listing, a projection of its events (``shiai.studies``).

Revision ID: 0011_studies
Revises: 0010
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy_utils.types.uuid import UUIDType

from alembic import op

revision = "0011_studies"
down_revision = "0010"
branch_labels = None
depends_on = None

# eventsourcing-sqlalchemy's column types: 64-bit ids, 32-bit on SQLite (rowid).
NOTIFICATION_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "studies_events",
        sa.Column("id", NOTIFICATION_ID, autoincrement=True, nullable=False),
        sa.Column("originator_id", UUIDType(), nullable=False),
        sa.Column("originator_version", NOTIFICATION_ID, nullable=False),
        sa.Column("topic", sa.Text(), nullable=False),
        sa.Column("state", sa.LargeBinary(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index(
        "studies_events_aggregate_idx",
        "studies_events",
        ["originator_id", "originator_version"],
        unique=True,
    )
    op.create_table(
        "studies_snapshots",
        sa.Column("originator_id", UUIDType(), nullable=False),
        sa.Column("originator_version", NOTIFICATION_ID, nullable=False),
        sa.Column("topic", sa.Text(), nullable=False),
        sa.Column("state", sa.LargeBinary(), nullable=False),
        sa.PrimaryKeyConstraint("originator_id", "originator_version"),
    )
    op.create_table(
        "studies",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("game_id", sa.Uuid(), nullable=False),
        sa.Column("owner_id", sa.String(length=64), nullable=False),
        sa.Column("title", sa.String(length=120), nullable=False),
        sa.Column("visibility", sa.String(length=16), nullable=False),
        sa.Column("annotations", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index(op.f("ix_studies_game_id"), "studies", ["game_id"], unique=False)
    op.create_index(op.f("ix_studies_owner_id"), "studies", ["owner_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_studies_owner_id"), table_name="studies")
    op.drop_index(op.f("ix_studies_game_id"), table_name="studies")
    op.drop_table("studies")
    op.drop_table("studies_snapshots")
    op.drop_index("studies_events_aggregate_idx", table_name="studies_events")
    op.drop_table("studies_events")
