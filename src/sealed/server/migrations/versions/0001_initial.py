"""The first schema: games, links, deadlines, reminders, audit, acks.

Revision ID: 0001
Revises:

Written out column by column (not from ``sealed.server.db``) so that this
revision stays what it was when later ones change the tables.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("title", sa.String(200), nullable=False),
        sa.Column("record", sa.Text, nullable=False),
        sa.Column("revision", sa.Integer, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("minutes", sa.Integer, nullable=True),
        sa.Column("wait", sa.Boolean, nullable=False),
        sa.Column("remind", sa.Integer, nullable=True),
        sa.Column("paused_left", sa.Integer, nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
    )
    op.create_table(
        "links",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), nullable=False, index=True),
        sa.Column("seat", sa.String(64), nullable=False),
    )
    op.create_table(
        "deadlines",
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("step", sa.Integer, primary_key=True),
        sa.Column("due_at", sa.DateTime(), nullable=False, index=True),
        sa.Column("remind_at", sa.DateTime(), nullable=True, index=True),
        sa.Column("reminded_at", sa.DateTime(), nullable=True),
        sa.Column("fired_at", sa.DateTime(), nullable=True),
        sa.Column("outcome", sa.String(32), nullable=True),
    )
    op.create_table(
        "reminders",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), nullable=False, index=True),
        sa.Column("step", sa.Integer, nullable=False),
        sa.Column("seat", sa.String(64), nullable=False),
        sa.Column("due_at", sa.DateTime(), nullable=False),
        sa.Column("recorded_at", sa.DateTime(), nullable=False),
        sa.Column("sent_at", sa.DateTime(), nullable=True),
        sa.UniqueConstraint("game_id", "step", "seat"),
    )
    op.create_table(
        "audit",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), nullable=False, index=True),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.Column("actor", sa.String(32), nullable=False),
        sa.Column("act", sa.String(32), nullable=False),
        sa.Column("detail", sa.Text, nullable=False),
        sa.Column("revision", sa.Integer, nullable=False),
    )
    op.create_table(
        "acks",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), nullable=False, index=True),
        sa.Column("step", sa.Integer, nullable=False),
        sa.Column("seat", sa.String(64), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("canonical", sa.Text, nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.Column("revision", sa.Integer, nullable=False),
    )


def downgrade() -> None:
    for table in ("acks", "audit", "reminders", "deadlines", "links", "games"):
        op.drop_table(table)
