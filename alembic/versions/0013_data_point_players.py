"""The players of the meta's data points (issue 26: player pages, imported events).

``game_sides`` gains ``player`` (the name the player was registered or imported
under) and ``account_id`` (their account, when one is known). A reported result's
rows take them from the tournament's registration; an imported event's from its
file. A recorded game's rows leave both empty: its seats (``game_seats``) say who
played it. The ``reported_results`` follower writes every row again at its next
catch-up from the first tournament event, so it is reset here.

Revision ID: 0013_data_point_players
Revises: 0012_reported_results
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa

from alembic import op

revision = "0013_data_point_players"
down_revision = "0012_reported_results"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_sides") as batch:
        batch.add_column(sa.Column("player", sa.String(120), nullable=True))
        batch.add_column(sa.Column("account_id", sa.Uuid(), nullable=True))
        batch.create_index("ix_game_sides_account_id", ["account_id"])
        batch.create_index("ix_game_sides_player", ["player"])
    # Scenarios' shares count only the games that name one (a reported result names
    # none): its rows of no scenario go.
    op.execute(sa.text("DELETE FROM rollup_scenarios WHERE scenario = ''"))
    # Replayed from the first tournament event: every reported row gets its players.
    op.execute(sa.text("DELETE FROM projection_tracking WHERE name = 'reported_results'"))


def downgrade() -> None:
    with op.batch_alter_table("game_sides") as batch:
        batch.drop_index("ix_game_sides_player")
        batch.drop_index("ix_game_sides_account_id")
        batch.drop_column("account_id")
        batch.drop_column("player")
