"""Imported past events (issue 26, item 3): the ImportedEvents application's event
store and the ``imported_events`` listing, a projection of its events
(``shiai.imported_events``). Their games are ``game_sides`` rows with
``source = "imported"``: no new column.

Revision ID: 0014_imported_events
Revises: 0013_data_point_players
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy_utils.types.uuid import UUIDType

from alembic import op

revision = "0014_imported_events"
down_revision = "0013_data_point_players"
branch_labels = None
depends_on = None

# eventsourcing-sqlalchemy's column types: 64-bit ids, 32-bit on SQLite (rowid).
NOTIFICATION_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "importedevents_events",
        sa.Column("id", NOTIFICATION_ID, autoincrement=True, nullable=False),
        sa.Column("originator_id", UUIDType(), nullable=False),
        sa.Column("originator_version", NOTIFICATION_ID, nullable=False),
        sa.Column("topic", sa.Text(), nullable=False),
        sa.Column("state", sa.LargeBinary(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index(
        "importedevents_events_aggregate_idx",
        "importedevents_events",
        ["originator_id", "originator_version"],
        unique=True,
    )
    op.create_table(
        "importedevents_snapshots",
        sa.Column("originator_id", UUIDType(), nullable=False),
        sa.Column("originator_version", NOTIFICATION_ID, nullable=False),
        sa.Column("topic", sa.Text(), nullable=False),
        sa.Column("state", sa.LargeBinary(), nullable=False),
        sa.PrimaryKeyConstraint("originator_id", "originator_version"),
    )
    op.create_table(
        "imported_events",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("held_on", sa.Date(), nullable=False),
        sa.Column("system", sa.String(length=64), nullable=False),
        sa.Column("battle_size", sa.Integer(), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("importer_id", sa.String(length=64), nullable=False),
        sa.Column("imports", sa.Integer(), nullable=False),
        sa.Column("imported_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index(
        op.f("ix_imported_events_held_on"), "imported_events", ["held_on"], unique=False
    )
    op.create_index(
        op.f("ix_imported_events_importer_id"), "imported_events", ["importer_id"], unique=False
    )


def downgrade() -> None:
    op.drop_index(op.f("ix_imported_events_importer_id"), table_name="imported_events")
    op.drop_index(op.f("ix_imported_events_held_on"), table_name="imported_events")
    op.drop_table("imported_events")
    op.drop_table("importedevents_snapshots")
    op.drop_index("importedevents_events_aggregate_idx", table_name="importedevents_events")
    op.drop_table("importedevents_events")
