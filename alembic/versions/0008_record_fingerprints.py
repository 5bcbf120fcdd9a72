"""The content fingerprints of imported game records: a record whose content
(not id) is already stored is refused (issue 18).

Records imported before this revision have no fingerprint (each can be matched
once more); ``record_fingerprints`` is written with the game's events, in one
transaction, by ``GameRecords.import_record``.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa

from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "record_fingerprints",
        sa.Column("fingerprint", sa.String(length=64), nullable=False),
        sa.Column("game_id", sa.Uuid(), nullable=False),
        sa.PrimaryKeyConstraint("fingerprint"),
        sa.UniqueConstraint("game_id"),
    )


def downgrade() -> None:
    op.drop_table("record_fingerprints")
