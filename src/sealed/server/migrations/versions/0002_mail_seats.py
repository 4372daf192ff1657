"""Mail seats: each seat's secret reply address and registered address, for games played by email.

Revision ID: 0002
Revises: 0001

The server's links keep only digests of tokens, but a seat's reply address
must be written into every mail it is sent (From:, Reply-To:), so its secret
is kept as it is, like the game file's address book of ``python -m sealed.mail``
(revoking an address gives the seat a new secret; the old one is not kept).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"


def upgrade() -> None:
    op.create_table(
        "mail_seats",
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.String(64), primary_key=True),  # "gm" for the game master
        sa.Column("label", sa.String(20), nullable=False),  # the seat's name in its address
        sa.Column("secret", sa.String(32), nullable=False),
        sa.Column("contact", sa.String(320), nullable=False),  # where its mail goes
        sa.Column("position", sa.Integer, nullable=False),  # the game master last
        sa.UniqueConstraint("game_id", "label"),
    )


def downgrade() -> None:
    op.drop_table("mail_seats")
