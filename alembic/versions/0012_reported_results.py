"""Results as data points (issue 26): every confirmed tournament result reaches the meta.

``game_sides`` gains ``source`` (``recorded``: a finished game's analysis;
``reported``: a result confirmed at a tournament's table with no recorded game;
``imported``: a past event's) and ``event_size`` (the players of the event, NULL
outside events). Every rollup gains both as partition columns, so that each chart
filters by them, and is emptied: ``shiai migrate`` builds them again from the read
models (``rollups.missing``). Rows already there are recorded games.

``tournament_round_days`` holds the day each round was paired, the date a reported
result is given in the meta. The new follower ``reported_results`` starts from the
first tournament event, so the results of events held before this migration are
written at the next catch-up.

Revision ID: 0012_reported_results
Revises: 0011_studies
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa

from alembic import op

revision = "0012_reported_results"
down_revision = "0011_studies"
branch_labels = None
depends_on = None

ROLLUPS = (
    "rollup_matchups",
    "rollup_advantages",
    "rollup_game_lengths",
    "rollup_scenarios",
    "rollup_luck_bins",
    "rollup_luck_factions",
    "rollup_luck_players",
    "rollup_units",
)


def upgrade() -> None:
    with op.batch_alter_table("game_sides") as batch:
        batch.add_column(
            sa.Column("source", sa.String(16), nullable=False, server_default="recorded")
        )
        batch.add_column(sa.Column("event_size", sa.Integer(), nullable=True))
        batch.create_index("ix_game_sides_source", ["source"])
    for name in ROLLUPS:
        op.execute(sa.text(f"DELETE FROM {name}"))
        with op.batch_alter_table(name) as batch:
            batch.add_column(
                sa.Column("source", sa.String(16), nullable=False, server_default="recorded")
            )
            batch.add_column(sa.Column("event_size", sa.Integer(), nullable=True))
    op.create_table(
        "tournament_round_days",
        sa.Column("tournament_id", sa.Uuid(), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("paired_on", sa.Date(), nullable=False),
        sa.PrimaryKeyConstraint("tournament_id", "round"),
    )


def downgrade() -> None:
    op.drop_table("tournament_round_days")
    op.execute(sa.text("DELETE FROM game_sides WHERE source <> 'recorded'"))
    for name in ROLLUPS:
        op.execute(sa.text(f"DELETE FROM {name}"))
        with op.batch_alter_table(name) as batch:
            batch.drop_column("event_size")
            batch.drop_column("source")
    with op.batch_alter_table("game_sides") as batch:
        batch.drop_index("ix_game_sides_source")
        batch.drop_column("event_size")
        batch.drop_column("source")
