"""Event store of Tournaments, accounts, and the tournament and rating read models.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-21
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy_utils.types.uuid import UUIDType

revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None

# eventsourcing-sqlalchemy's column types: 64-bit ids, 32-bit on SQLite (rowid).
NOTIFICATION_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table('tournaments_events',
    sa.Column('id', NOTIFICATION_ID, autoincrement=True, nullable=False),
    sa.Column('originator_id', UUIDType(), nullable=False),
    sa.Column('originator_version', NOTIFICATION_ID, nullable=False),
    sa.Column('topic', sa.Text(), nullable=False),
    sa.Column('state', sa.LargeBinary(), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index('tournaments_events_aggregate_idx', 'tournaments_events', ['originator_id', 'originator_version'], unique=True)
    op.create_table('tournaments_snapshots',
    sa.Column('originator_id', UUIDType(), nullable=False),
    sa.Column('originator_version', NOTIFICATION_ID, nullable=False),
    sa.Column('topic', sa.Text(), nullable=False),
    sa.Column('state', sa.LargeBinary(), nullable=False),
    sa.PrimaryKeyConstraint('originator_id', 'originator_version')
    )
    op.create_table('accounts',
    sa.Column('id', sa.Uuid(), nullable=False),
    sa.Column('username', sa.String(length=64), nullable=False),
    sa.Column('display_name', sa.String(length=120), nullable=False),
    sa.Column('password_hash', sa.String(length=256), nullable=False),
    sa.Column('role', sa.String(length=16), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('username')
    )
    op.create_table('rated_games',
    sa.Column('tournament_id', sa.Uuid(), nullable=False),
    sa.Column('round', sa.Integer(), nullable=False),
    sa.Column('table_number', sa.Integer(), nullable=False),
    sa.Column('tournament_created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('player_a', sa.String(length=80), nullable=False),
    sa.Column('player_b', sa.String(length=80), nullable=False),
    sa.Column('name_a', sa.String(length=120), nullable=False),
    sa.Column('name_b', sa.String(length=120), nullable=False),
    sa.Column('outcome_a', sa.String(length=8), nullable=False),
    sa.Column('outcome_b', sa.String(length=8), nullable=False),
    sa.PrimaryKeyConstraint('tournament_id', 'round', 'table_number')
    )
    op.create_index(op.f('ix_rated_games_tournament_created_at'), 'rated_games', ['tournament_created_at'], unique=False)
    op.create_table('ratings',
    sa.Column('player', sa.String(length=80), nullable=False),
    sa.Column('name', sa.String(length=120), nullable=False),
    sa.Column('mu', sa.Float(), nullable=False),
    sa.Column('sigma', sa.Float(), nullable=False),
    sa.Column('ordinal', sa.Float(), nullable=False),
    sa.Column('games', sa.Integer(), nullable=False),
    sa.Column('wins', sa.Integer(), nullable=False),
    sa.Column('draws', sa.Integer(), nullable=False),
    sa.Column('losses', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('player')
    )
    op.create_index(op.f('ix_ratings_ordinal'), 'ratings', ['ordinal'], unique=False)
    op.create_table('tournament_game_links',
    sa.Column('game_id', sa.String(length=64), nullable=False),
    sa.Column('tournament_id', sa.Uuid(), nullable=False),
    sa.Column('round', sa.Integer(), nullable=False),
    sa.Column('table_number', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('game_id')
    )
    op.create_index(op.f('ix_tournament_game_links_tournament_id'), 'tournament_game_links', ['tournament_id'], unique=False)
    op.create_table('tournament_standings',
    sa.Column('tournament_id', sa.Uuid(), nullable=False),
    sa.Column('player_id', sa.String(length=16), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('rank', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=120), nullable=False),
    sa.Column('club', sa.String(length=120), nullable=True),
    sa.Column('faction', sa.String(length=120), nullable=True),
    sa.Column('score', sa.Float(), nullable=False),
    sa.Column('tiebreaks', sa.JSON(), nullable=False),
    sa.Column('games', sa.Integer(), nullable=False),
    sa.Column('wins', sa.Integer(), nullable=False),
    sa.Column('draws', sa.Integer(), nullable=False),
    sa.Column('losses', sa.Integer(), nullable=False),
    sa.Column('byes', sa.Integer(), nullable=False),
    sa.Column('victory_points', sa.Float(), nullable=False),
    sa.Column('vp_differential', sa.Float(), nullable=False),
    sa.Column('dropped', sa.Integer(), nullable=False),
    sa.Column('through_round', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('tournament_id', 'player_id')
    )
    op.create_table('tournaments',
    sa.Column('id', sa.Uuid(), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('game_system', sa.String(length=64), nullable=False),
    sa.Column('battle_size', sa.String(length=64), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('planned_rounds', sa.Integer(), nullable=False),
    sa.Column('rounds_paired', sa.Integer(), nullable=False),
    sa.Column('players', sa.Integer(), nullable=False),
    sa.Column('organisers', sa.JSON(), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )


def downgrade() -> None:
    op.drop_table('tournaments')
    op.drop_table('tournament_standings')
    op.drop_index(op.f('ix_tournament_game_links_tournament_id'), table_name='tournament_game_links')
    op.drop_table('tournament_game_links')
    op.drop_index(op.f('ix_ratings_ordinal'), table_name='ratings')
    op.drop_table('ratings')
    op.drop_index(op.f('ix_rated_games_tournament_created_at'), table_name='rated_games')
    op.drop_table('rated_games')
    op.drop_table('accounts')
    op.drop_table('tournaments_snapshots')
    op.drop_index('tournaments_events_aggregate_idx', table_name='tournaments_events')
    op.drop_table('tournaments_events')
