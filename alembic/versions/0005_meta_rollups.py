"""The meta dashboards' rollups: the analysis read models summed per partition
(system, tournament, day, battle size) and per each dashboard's groups
(replays.rollups). They start empty: ``shiai migrate`` fills them when the
analysis read models hold rows (or ``shiai rebuild-rollups``).

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa

from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rollup_advantages",
        sa.Column("system", sa.String(length=64), nullable=False),
        sa.Column("tournament_id", sa.Uuid(), nullable=True),
        sa.Column("played_on", sa.Date(), nullable=False),
        sa.Column("army_points", sa.Integer(), nullable=False),
        sa.Column("measure", sa.String(length=32), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
        sa.Column("draws", sa.Integer(), nullable=False),
        sa.Column("losses", sa.Integer(), nullable=False),
    )
    op.create_index(
        "ix_rollup_advantages_day", "rollup_advantages", ["system", "played_on"], unique=False
    )
    op.create_table(
        "rollup_game_lengths",
        sa.Column("system", sa.String(length=64), nullable=False),
        sa.Column("tournament_id", sa.Uuid(), nullable=True),
        sa.Column("played_on", sa.Date(), nullable=False),
        sa.Column("army_points", sa.Integer(), nullable=False),
        sa.Column("turns", sa.Integer(), nullable=False),
        sa.Column("steps_from", sa.Integer(), nullable=False),
        sa.Column("ending", sa.String(length=32), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("games_at_lowest_size", sa.Integer(), nullable=False),
    )
    op.create_index(
        "ix_rollup_game_lengths_day", "rollup_game_lengths", ["system", "played_on"], unique=False
    )
    op.create_table(
        "rollup_luck_bins",
        sa.Column("system", sa.String(length=64), nullable=False),
        sa.Column("tournament_id", sa.Uuid(), nullable=True),
        sa.Column("played_on", sa.Date(), nullable=False),
        sa.Column("army_points", sa.Integer(), nullable=False),
        sa.Column("luck_from", sa.Integer(), nullable=False),
        sa.Column("sides", sa.Integer(), nullable=False),
    )
    op.create_index(
        "ix_rollup_luck_bins_day", "rollup_luck_bins", ["system", "played_on"], unique=False
    )
    op.create_table(
        "rollup_luck_factions",
        sa.Column("system", sa.String(length=64), nullable=False),
        sa.Column("tournament_id", sa.Uuid(), nullable=True),
        sa.Column("played_on", sa.Date(), nullable=False),
        sa.Column("army_points", sa.Integer(), nullable=False),
        sa.Column("faction", sa.String(length=120), nullable=False),
        sa.Column("sides", sa.Integer(), nullable=False),
        sa.Column("dice", sa.Integer(), nullable=False),
        sa.Column("observed", sa.Integer(), nullable=False),
        sa.Column("expected_sixths", sa.Integer(), nullable=False),
        sa.Column("variance", sa.Float(), nullable=False),
    )
    op.create_index(
        "ix_rollup_luck_factions_day", "rollup_luck_factions", ["system", "played_on"], unique=False
    )
    op.create_table(
        "rollup_luck_players",
        sa.Column("system", sa.String(length=64), nullable=False),
        sa.Column("tournament_id", sa.Uuid(), nullable=True),
        sa.Column("played_on", sa.Date(), nullable=False),
        sa.Column("army_points", sa.Integer(), nullable=False),
        sa.Column("account_id", sa.Uuid(), nullable=True),
        sa.Column("bot", sa.String(length=32), nullable=True),
        sa.Column("sides", sa.Integer(), nullable=False),
        sa.Column("dice", sa.Integer(), nullable=False),
        sa.Column("observed", sa.Integer(), nullable=False),
        sa.Column("expected_sixths", sa.Integer(), nullable=False),
        sa.Column("variance", sa.Float(), nullable=False),
    )
    op.create_index(
        "ix_rollup_luck_players_day", "rollup_luck_players", ["system", "played_on"], unique=False
    )
    op.create_table(
        "rollup_matchups",
        sa.Column("system", sa.String(length=64), nullable=False),
        sa.Column("tournament_id", sa.Uuid(), nullable=True),
        sa.Column("played_on", sa.Date(), nullable=False),
        sa.Column("army_points", sa.Integer(), nullable=False),
        sa.Column("faction", sa.String(length=120), nullable=False),
        sa.Column("opponent_faction", sa.String(length=120), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
        sa.Column("draws", sa.Integer(), nullable=False),
        sa.Column("losses", sa.Integer(), nullable=False),
    )
    op.create_index(
        "ix_rollup_matchups_day", "rollup_matchups", ["system", "played_on"], unique=False
    )
    op.create_table(
        "rollup_scenarios",
        sa.Column("system", sa.String(length=64), nullable=False),
        sa.Column("tournament_id", sa.Uuid(), nullable=True),
        sa.Column("played_on", sa.Date(), nullable=False),
        sa.Column("army_points", sa.Integer(), nullable=False),
        sa.Column("scenario", sa.String(length=64), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("games_at_lowest_size", sa.Integer(), nullable=False),
    )
    op.create_index(
        "ix_rollup_scenarios_day", "rollup_scenarios", ["system", "played_on"], unique=False
    )
    op.create_table(
        "rollup_units",
        sa.Column("system", sa.String(length=64), nullable=False),
        sa.Column("tournament_id", sa.Uuid(), nullable=True),
        sa.Column("played_on", sa.Date(), nullable=False),
        sa.Column("army_points", sa.Integer(), nullable=False),
        sa.Column("faction", sa.String(length=120), nullable=False),
        sa.Column("name", sa.String(length=120), nullable=False),
        sa.Column("unit_type", sa.String(length=32), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
        sa.Column("draws", sa.Integer(), nullable=False),
        sa.Column("losses", sa.Integer(), nullable=False),
        sa.Column("copies", sa.Integer(), nullable=False),
        sa.Column("caused", sa.Integer(), nullable=False),
        sa.Column("cost", sa.Integer(), nullable=False),
    )
    op.create_index("ix_rollup_units_day", "rollup_units", ["system", "played_on"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_rollup_units_day", table_name="rollup_units")
    op.drop_table("rollup_units")
    op.drop_index("ix_rollup_scenarios_day", table_name="rollup_scenarios")
    op.drop_table("rollup_scenarios")
    op.drop_index("ix_rollup_matchups_day", table_name="rollup_matchups")
    op.drop_table("rollup_matchups")
    op.drop_index("ix_rollup_luck_players_day", table_name="rollup_luck_players")
    op.drop_table("rollup_luck_players")
    op.drop_index("ix_rollup_luck_factions_day", table_name="rollup_luck_factions")
    op.drop_table("rollup_luck_factions")
    op.drop_index("ix_rollup_luck_bins_day", table_name="rollup_luck_bins")
    op.drop_table("rollup_luck_bins")
    op.drop_index("ix_rollup_game_lengths_day", table_name="rollup_game_lengths")
    op.drop_table("rollup_game_lengths")
    op.drop_index("ix_rollup_advantages_day", table_name="rollup_advantages")
    op.drop_table("rollup_advantages")
