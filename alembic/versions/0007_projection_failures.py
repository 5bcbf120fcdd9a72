"""Projection failures: the events a read-model follower could not apply, kept
to be retried (replays.projection).

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa

from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "projection_failures",
        sa.Column("follower", sa.String(length=64), nullable=False),
        sa.Column("notification_id", sa.BigInteger(), nullable=False),
        sa.Column("originator_id", sa.Uuid(), nullable=False),
        sa.Column("error", sa.Text(), nullable=False),
        sa.Column("first_seen", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_seen", sa.DateTime(timezone=True), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("follower", "notification_id"),
    )


def downgrade() -> None:
    op.drop_table("projection_failures")
