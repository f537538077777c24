"""game name, archive mark and how the table counts by numbers

A game can be given a name (to tell games of the same players apart) and be
archived (kept, but listed apart on the home page); ``imported`` marks a
copy made from a game file. ``counting`` says how the
table enters a round by numbers in a plus/minus variant: one net number per
player (``net``) or melds and hand separately (``separate``).

Revision ID: b7d2f4a6c8e1
Revises: a1c3e5f7b9d2
Create Date: 2026-11-24 10:00:00

"""
import sqlalchemy as sa
from alembic import op

revision = 'b7d2f4a6c8e1'
down_revision = 'a1c3e5f7b9d2'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('game') as batch:
        batch.add_column(sa.Column('name', sa.String(length=60), nullable=False,
                                   server_default=''))
        batch.add_column(sa.Column('archived', sa.Boolean(), nullable=False,
                                   server_default=sa.false()))
        batch.add_column(sa.Column('imported', sa.Boolean(), nullable=False,
                                   server_default=sa.false()))
        batch.add_column(sa.Column('counting', sa.String(length=16), nullable=False,
                                   server_default='separate'))


def downgrade():
    with op.batch_alter_table('game') as batch:
        batch.drop_column('counting')
        batch.drop_column('imported')
        batch.drop_column('archived')
        batch.drop_column('name')
