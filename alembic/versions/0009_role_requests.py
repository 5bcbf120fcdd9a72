"""Requests for the organiser role, granted or refused by an admin (issue 19);
the accounts' role may now also be "admin".

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa

from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "role_requests",
        sa.Column("account_id", sa.Uuid(), nullable=False),
        sa.Column("reason", sa.String(length=500), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("asked_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("decided_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("decided_by", sa.Uuid(), nullable=True),
        sa.PrimaryKeyConstraint("account_id"),
    )
    op.create_index(op.f("ix_role_requests_status"), "role_requests", ["status"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_role_requests_status"), table_name="role_requests")
    op.drop_table("role_requests")
