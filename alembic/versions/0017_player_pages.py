"""Player pages (issue 26, item 4): what they read of the tournament read models.

``tournament_standings`` gains ``identity`` (the player's rated identity:
``account:<id>`` or ``name:<casefolded name>``, as the ratings use), ``has_list``
and ``list_points`` (whether the player submitted an army list, and its points);
``tournaments`` gains ``lists_public`` (whether the event shows every list to
everyone). The ``tournaments`` follower writes every tournament's rows again at its
next catch-up from the first tournament event, so its position is reset here.

Revision ID: 0017_player_pages
Revises: 0016_faction_mappings
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa

from alembic import op

revision = "0017_player_pages"
down_revision = "0016_faction_mappings"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tournament_standings") as batch:
        batch.add_column(sa.Column("identity", sa.String(80), nullable=True))
        batch.add_column(sa.Column("has_list", sa.Integer(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("list_points", sa.Integer(), nullable=True))
        batch.create_index("ix_tournament_standings_identity", ["identity"])
    with op.batch_alter_table("tournaments") as batch:
        batch.add_column(
            sa.Column("lists_public", sa.Integer(), nullable=False, server_default="0")
        )
    # Replayed from the first tournament event: every row gets its player's identity.
    op.execute(sa.text("DELETE FROM projection_tracking WHERE name = 'tournaments'"))


def downgrade() -> None:
    with op.batch_alter_table("tournaments") as batch:
        batch.drop_column("lists_public")
    with op.batch_alter_table("tournament_standings") as batch:
        batch.drop_index("ix_tournament_standings_identity")
        batch.drop_column("list_points")
        batch.drop_column("has_list")
        batch.drop_column("identity")
