"""The analysis read models per system: generic facts as columns, a system's own
facts as JSON, dice luck per kind of die.

``game_sides`` keeps what every system has and gains ``first`` (the side held the
system's first-player mark, ``RulesetInfo.first_player``) and ``extra`` (the
system's own facts, canonical JSON); ``game_units`` gains ``extra``; a new table
``game_dice`` holds a side's luck per kind of die (``faces``), its expected
successes as a whole number of ``1/faces``.

The rows there are carry over: the Kensei columns' values move into ``extra``
(``army_cost``, ``units_fielded``, ``won_strategy_roll``, ``won_first_initiative``,
``activated_first``; a unit's ``troop_class``), ``first`` is the strategy roll's
winner (Kensei's first-player mark) and every side that rolled dice gets a d6
row in ``game_dice`` (the old rows counted d6s: ``expected_successes`` was whole
sixths). Then the old columns are DROPPED, not kept: they were one system's shape,
and a column every other system leaves empty is what this migration removes.
``army_points`` (the battle size the filters read) and ``scenario`` stay columns.
A rebuild (``shiai rebuild-read-models``) gives the same rows.

The luck rollups gain ``faces`` and count expected successes in ``1/faces``
(``expected_parts``, was ``expected_sixths``): they are dropped and created again,
and every rollup is emptied (the advantages' measure is now ``first``), so
``shiai migrate`` builds them again from the read models (``rollups.missing``).

The downgrade is the reverse: the old columns come back filled from ``extra``,
``first`` and the d6 rows (a side's other dice have no column to go to), the new
ones go, and the rollups are emptied for the old code to rebuild.

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-26
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

# The Kensei columns of game_sides that move into ``extra``, with their old types.
SIDE_EXTRAS = {
    "army_cost": sa.Integer(),
    "units_fielded": sa.Integer(),
    "won_strategy_roll": sa.Boolean(),
    "won_first_initiative": sa.Boolean(),
    "activated_first": sa.Boolean(),
}
NOT_NULL = ("army_cost", "units_fielded")
LUCK_ROLLUPS = ("rollup_luck_bins", "rollup_luck_factions", "rollup_luck_players")
ROLLUPS = (
    "rollup_matchups",
    "rollup_advantages",
    "rollup_game_lengths",
    "rollup_scenarios",
    *LUCK_ROLLUPS,
    "rollup_units",
)
BATCH = 1000

sides = sa.table(
    "game_sides",
    sa.column("game_id", sa.Uuid()),
    sa.column("side", sa.String()),
    sa.column("first", sa.Boolean()),
    sa.column("extra", sa.JSON()),
    sa.column("dice_rolled", sa.Integer()),
    sa.column("expected_successes", sa.Float()),
    sa.column("observed_successes", sa.Integer()),
    *(sa.column(name, kind) for name, kind in SIDE_EXTRAS.items()),
)
units = sa.table(
    "game_units",
    sa.column("game_id", sa.Uuid()),
    sa.column("unit", sa.String()),
    sa.column("troop_class", sa.String()),
    sa.column("extra", sa.JSON()),
)
dice = sa.table(
    "game_dice",
    sa.column("game_id", sa.Uuid()),
    sa.column("side", sa.String()),
    sa.column("faces", sa.Integer()),
    sa.column("dice", sa.Integer()),
    sa.column("observed", sa.Integer()),
    sa.column("expected_parts", sa.Integer()),
)


def _update(table: sa.TableClause, keys: tuple[str, ...], rows: list[dict[str, Any]]) -> None:
    """Update ``rows`` (each with its key columns under ``key_<name>``) in batches."""
    condition = sa.and_(*(table.c[key] == sa.bindparam(f"key_{key}") for key in keys))
    for start in range(0, len(rows), BATCH):
        op.get_bind().execute(sa.update(table).where(condition), rows[start : start + BATCH])


def _insert(table: sa.TableClause, rows: list[dict[str, Any]]) -> None:
    for start in range(0, len(rows), BATCH):
        op.get_bind().execute(sa.insert(table), rows[start : start + BATCH])


def _luck_rollup(name: str, *columns: sa.Column[Any], expected: str, faces: bool) -> None:
    op.create_table(
        name,
        sa.Column("system", sa.String(length=64), nullable=False),
        sa.Column("tournament_id", sa.Uuid(), nullable=True),
        sa.Column("played_on", sa.Date(), nullable=False),
        sa.Column("army_points", sa.Integer(), nullable=False),
        *columns,
        *([sa.Column("faces", sa.Integer(), nullable=False)] if faces else []),
        *(
            [sa.Column("luck_from", sa.Integer(), nullable=False)]
            if name == "rollup_luck_bins"
            else [
                sa.Column("sides", sa.Integer(), nullable=False),
                sa.Column("dice", sa.Integer(), nullable=False),
                sa.Column("observed", sa.Integer(), nullable=False),
                sa.Column(expected, sa.Integer(), nullable=False),
                sa.Column("variance", sa.Float(), nullable=False),
            ]
        ),
        *([sa.Column("sides", sa.Integer(), nullable=False)] if name == "rollup_luck_bins" else []),
    )
    op.create_index(f"ix_{name}_day", name, ["system", "played_on"], unique=False)


def _luck_rollups(*, expected: str, faces: bool) -> None:
    for name in LUCK_ROLLUPS:
        op.drop_index(f"ix_{name}_day", table_name=name)
        op.drop_table(name)
    _luck_rollup("rollup_luck_bins", expected=expected, faces=faces)
    _luck_rollup(
        "rollup_luck_factions",
        sa.Column("faction", sa.String(length=120), nullable=False),
        expected=expected,
        faces=faces,
    )
    _luck_rollup(
        "rollup_luck_players",
        sa.Column("account_id", sa.Uuid(), nullable=True),
        sa.Column("bot", sa.String(length=32), nullable=True),
        expected=expected,
        faces=faces,
    )
    for name in ROLLUPS:
        op.execute(sa.delete(sa.table(name)))


def upgrade() -> None:
    op.create_table(
        "game_dice",
        sa.Column("game_id", sa.Uuid(), nullable=False),
        sa.Column("side", sa.String(length=16), nullable=False),
        sa.Column("faces", sa.Integer(), nullable=False),
        sa.Column("dice", sa.Integer(), nullable=False),
        sa.Column("observed", sa.Integer(), nullable=False),
        sa.Column("expected_parts", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("game_id", "side", "faces"),
    )
    with op.batch_alter_table("game_sides") as batch:
        batch.add_column(sa.Column("first", sa.Boolean(), nullable=True))
        batch.add_column(sa.Column("extra", sa.JSON(), nullable=True))
    with op.batch_alter_table("game_units") as batch:
        batch.add_column(sa.Column("extra", sa.JSON(), nullable=True))

    connection = op.get_bind()
    found = connection.execute(sa.select(sides)).all()
    _update(
        sides,
        ("game_id", "side"),
        [
            {
                "key_game_id": row.game_id,
                "key_side": row.side,
                "first": row.won_strategy_roll,
                "extra": {name: getattr(row, name) for name in SIDE_EXTRAS},
            }
            for row in found
        ],
    )
    _insert(
        dice,
        [
            {
                "game_id": row.game_id,
                "side": row.side,
                "faces": 6,
                "dice": row.dice_rolled,
                "observed": row.observed_successes,
                "expected_parts": round(row.expected_successes * 6),
            }
            for row in found
            if row.dice_rolled > 0
        ],
    )
    _update(
        units,
        ("game_id", "unit"),
        [
            {"key_game_id": row.game_id, "key_unit": row.unit,
             "extra": {"troop_class": row.troop_class}}
            for row in connection.execute(sa.select(units))
        ],
    )  # fmt: skip

    with op.batch_alter_table("game_sides") as batch:
        batch.alter_column("extra", existing_type=sa.JSON(), nullable=False)
        for name in (*SIDE_EXTRAS, "dice_rolled", "expected_successes", "observed_successes"):
            batch.drop_column(name)
    with op.batch_alter_table("game_units") as batch:
        batch.alter_column("extra", existing_type=sa.JSON(), nullable=False)
        batch.drop_column("troop_class")
    _luck_rollups(expected="expected_parts", faces=True)


def downgrade() -> None:
    with op.batch_alter_table("game_sides") as batch:
        for name, kind in SIDE_EXTRAS.items():
            batch.add_column(sa.Column(name, kind, nullable=True))
        batch.add_column(sa.Column("dice_rolled", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("expected_successes", sa.Float(), nullable=True))
        batch.add_column(sa.Column("observed_successes", sa.Integer(), nullable=True))
    with op.batch_alter_table("game_units") as batch:
        batch.add_column(sa.Column("troop_class", sa.String(length=16), nullable=True))

    connection = op.get_bind()
    d6 = {
        (row.game_id, row.side): row
        for row in connection.execute(sa.select(dice).where(dice.c.faces == 6))
    }
    rows = []
    for row in connection.execute(sa.select(sides.c.game_id, sides.c.side, sides.c.extra)):
        extra, rolled = row.extra or {}, d6.get((row.game_id, row.side))
        rows.append(
            {
                "key_game_id": row.game_id,
                "key_side": row.side,
                **{name: extra.get(name, 0 if name in NOT_NULL else None)
                   for name in SIDE_EXTRAS},
                "dice_rolled": rolled.dice if rolled else 0,
                "expected_successes": rolled.expected_parts / 6 if rolled else 0.0,
                "observed_successes": rolled.observed if rolled else 0,
            }
        )  # fmt: skip
    _update(sides, ("game_id", "side"), rows)
    _update(
        units,
        ("game_id", "unit"),
        [
            {"key_game_id": row.game_id, "key_unit": row.unit,
             "troop_class": str((row.extra or {}).get("troop_class", ""))}
            for row in connection.execute(sa.select(units.c.game_id, units.c.unit, units.c.extra))
        ],
    )  # fmt: skip

    with op.batch_alter_table("game_sides") as batch:
        for name in (*NOT_NULL, "dice_rolled", "expected_successes", "observed_successes"):
            kind = sa.Float() if name == "expected_successes" else sa.Integer()
            batch.alter_column(name, existing_type=kind, nullable=False)
        batch.drop_column("extra")
        batch.drop_column("first")
    with op.batch_alter_table("game_units") as batch:
        batch.alter_column("troop_class", existing_type=sa.String(length=16), nullable=False)
        batch.drop_column("extra")
    op.drop_table("game_dice")
    _luck_rollups(expected="expected_sixths", faces=False)
