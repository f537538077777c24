"""write ids: a form sent twice is saved once; and which phone made each change

Every round form, correction and together save carries a write id made when it is
rendered (the API may send one as ``Idempotency-Key``). The change it made keeps it,
unique per game, so that the same form sent again (Back and Save, a double tap, a
resend after a lost answer) finds the first save instead of saving a second round.
``device`` is the browser token of the phone that made the change, so that the phone
is told of its own save as its own.

Revision ID: d4f6a8c0e2b4
Revises: c9e1a3b5d7f2
Create Date: 2026-11-25 08:00:00

"""
import sqlalchemy as sa
from alembic import op

revision = 'd4f6a8c0e2b4'
down_revision = 'c9e1a3b5d7f2'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('change') as batch:
        batch.add_column(sa.Column('device', sa.String(length=32), nullable=True))
        batch.add_column(sa.Column('write_id', sa.String(length=64), nullable=True))
    op.create_index('ix_change_game_write', 'change', ['game_id', 'write_id'], unique=True)


def downgrade():
    op.drop_index('ix_change_game_write', table_name='change')
    with op.batch_alter_table('change') as batch:
        batch.drop_column('write_id')
        batch.drop_column('device')
