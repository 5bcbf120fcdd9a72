"""The analysis read models: a row per side and per unit fielded of every finished game.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "game_sides",
        sa.Column("game_id", sa.Uuid(), nullable=False),
        sa.Column("side", sa.String(length=16), nullable=False),
        sa.Column("system", sa.String(length=64), nullable=False),
        sa.Column("ruleset_version", sa.String(length=32), nullable=False),
        sa.Column("faction", sa.String(length=120), nullable=False),
        sa.Column("army_points", sa.Integer(), nullable=False),
        sa.Column("army_cost", sa.Integer(), nullable=False),
        sa.Column("units_fielded", sa.Integer(), nullable=False),
        sa.Column("scenario", sa.String(length=64), nullable=False),
        sa.Column("tournament_id", sa.Uuid(), nullable=True),
        sa.Column("round", sa.Integer(), nullable=True),
        sa.Column("played_on", sa.Date(), nullable=False),
        sa.Column("won_strategy_roll", sa.Boolean(), nullable=True),
        sa.Column("won_first_initiative", sa.Boolean(), nullable=True),
        sa.Column("activated_first", sa.Boolean(), nullable=True),
        sa.Column("result", sa.String(length=8), nullable=False),
        sa.Column("score", sa.Float(), nullable=False),
        sa.Column("victory_points", sa.Integer(), nullable=False),
        sa.Column("opponent_faction", sa.String(length=120), nullable=False),
        sa.Column("turns", sa.Integer(), nullable=False),
        sa.Column("steps", sa.Integer(), nullable=False),
        sa.Column("ending", sa.String(length=32), nullable=False),
        sa.Column("dice_rolled", sa.Integer(), nullable=False),
        sa.Column("expected_successes", sa.Float(), nullable=False),
        sa.Column("observed_successes", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("game_id", "side"),
    )
    op.create_index(op.f("ix_game_sides_army_points"), "game_sides", ["army_points"], unique=False)
    op.create_index(op.f("ix_game_sides_faction"), "game_sides", ["faction"], unique=False)
    op.create_index(
        "ix_game_sides_faction_opponent_faction",
        "game_sides",
        ["faction", "opponent_faction"],
        unique=False,
    )
    op.create_index(op.f("ix_game_sides_played_on"), "game_sides", ["played_on"], unique=False)
    op.create_index(op.f("ix_game_sides_scenario"), "game_sides", ["scenario"], unique=False)
    op.create_index(op.f("ix_game_sides_system"), "game_sides", ["system"], unique=False)
    op.create_index(
        op.f("ix_game_sides_tournament_id"), "game_sides", ["tournament_id"], unique=False
    )
    op.create_table(
        "game_units",
        sa.Column("game_id", sa.Uuid(), nullable=False),
        sa.Column("unit", sa.String(length=32), nullable=False),
        sa.Column("side", sa.String(length=16), nullable=False),
        sa.Column("name", sa.String(length=120), nullable=False),
        sa.Column("type", sa.String(length=32), nullable=False),
        sa.Column("troop_class", sa.String(length=16), nullable=False),
        sa.Column("cost", sa.Integer(), nullable=False),
        sa.Column("casualties_caused", sa.Integer(), nullable=False),
        sa.Column("casualties_suffered", sa.Integer(), nullable=False),
        sa.Column("survived", sa.Boolean(), nullable=False),
        sa.PrimaryKeyConstraint("game_id", "unit"),
    )
    op.create_index(op.f("ix_game_units_name"), "game_units", ["name"], unique=False)
    op.create_index(op.f("ix_game_units_type"), "game_units", ["type"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_game_units_type"), table_name="game_units")
    op.drop_index(op.f("ix_game_units_name"), table_name="game_units")
    op.drop_table("game_units")
    op.drop_index(op.f("ix_game_sides_tournament_id"), table_name="game_sides")
    op.drop_index(op.f("ix_game_sides_system"), table_name="game_sides")
    op.drop_index(op.f("ix_game_sides_scenario"), table_name="game_sides")
    op.drop_index(op.f("ix_game_sides_played_on"), table_name="game_sides")
    op.drop_index("ix_game_sides_faction_opponent_faction", table_name="game_sides")
    op.drop_index(op.f("ix_game_sides_faction"), table_name="game_sides")
    op.drop_index(op.f("ix_game_sides_army_points"), table_name="game_sides")
    op.drop_table("game_sides")
