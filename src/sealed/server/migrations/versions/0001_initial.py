"""The first schema: games, links, deadlines, reminders, audit, acks.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

from alembic import op

from sealed.server.db import acks, audit, deadlines, games, links, reminders

revision = "0001"
down_revision = None

TABLES = (games, links, deadlines, reminders, audit, acks)


def upgrade() -> None:
    # The tables as they were at this revision: a later change to db.py gets its own migration.
    bind = op.get_bind()
    for table in TABLES:
        table.create(bind)


def downgrade() -> None:
    bind = op.get_bind()
    for table in reversed(TABLES):
        table.drop(bind)
