"""Seats of games created in the browser: who plays each side (an account, a bot, an invitation).

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "game_seats",
        sa.Column("game_id", sa.Uuid(), nullable=False),
        sa.Column("side", sa.String(length=16), nullable=False),
        sa.Column("account_id", sa.Uuid(), nullable=True),
        sa.Column("bot", sa.String(length=32), nullable=True),
        sa.Column("invitation", sa.String(length=64), nullable=True),
        sa.Column("host_id", sa.Uuid(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("game_id", "side"),
        sa.UniqueConstraint("invitation"),
    )
    op.create_index(
        op.f("ix_game_seats_account_id"), "game_seats", ["account_id"], unique=False
    )


def downgrade() -> None:
    op.drop_index(op.f("ix_game_seats_account_id"), table_name="game_seats")
    op.drop_table("game_seats")
