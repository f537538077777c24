"""how each player's round is entered on this phone: numbers or cards

The round form remembers, per phone and game, whether each player was last
entered by numbers or by cards (``{"Anna": "cards"}``), so the next round
starts that way without JavaScript.

Revision ID: c9e1a3b5d7f2
Revises: c7e2a9d4f1b3
Create Date: 2026-11-25 10:00:00

"""
import sqlalchemy as sa
from alembic import op

revision = 'c9e1a3b5d7f2'
down_revision = 'c7e2a9d4f1b3'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('known_game') as batch:
        batch.add_column(sa.Column('entry_modes', sa.JSON(), nullable=True))


def downgrade():
    with op.batch_alter_table('known_game') as batch:
        batch.drop_column('entry_modes')
