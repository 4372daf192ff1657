"""Mail rates and the gateway's lease: what the email gateway must remember across a restart.

Revision ID: 0003
Revises: 0002

``mail_rates`` holds one row per email counted against a rate limit (a
sender's or a seat's, by ``name``), so the limits hold across a restart of
``sealed serve``; rows older than the limit's window are deleted as new ones
come. ``mail_lease`` holds at most one row: which process runs the gateway
on this database, until when (renewed every round of mail work), so that a
second ``sealed serve --mail-domain`` on the same database refuses to start
instead of answering every email twice.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"


def upgrade() -> None:
    op.create_table(
        "mail_rates",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(20), nullable=False),  # which limit: senders, seats
        sa.Column("key", sa.String(320), nullable=False),  # an address, or game/seat
        sa.Column("at", sa.Float, nullable=False),  # when (seconds since the epoch, UTC)
    )
    op.create_index("mail_rates_by_key", "mail_rates", ["name", "key", "at"])
    op.create_index("mail_rates_by_time", "mail_rates", ["at"])
    op.create_table(
        "mail_lease",
        sa.Column("name", sa.String(40), primary_key=True),  # "gateway"
        sa.Column("holder", sa.String(200), nullable=False),  # host, process id, a nonce
        sa.Column("expires_at", sa.Float, nullable=False),  # seconds since the epoch, UTC
    )


def downgrade() -> None:
    op.drop_table("mail_lease")
    op.drop_index("mail_rates_by_time", "mail_rates")
    op.drop_index("mail_rates_by_key", "mail_rates")
    op.drop_table("mail_rates")
