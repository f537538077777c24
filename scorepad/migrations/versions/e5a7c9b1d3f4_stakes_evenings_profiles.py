"""stakes on a game, evenings of several games, house-rule profiles

A game may be played for money (``stakes_mode``, ``stakes_cents``, ``currency``),
belong to an evening (``evening_id``) and carry the name of the house-rule
profile it was started from (``profile_name``). Evenings and profiles are
reached by their own unguessable keys, like games.

Revision ID: e5a7c9b1d3f4
Revises: b7d2f4a6c8e1
Create Date: 2026-11-24 18:00:00

"""
import sqlalchemy as sa
from alembic import op

revision = 'e5a7c9b1d3f4'
down_revision = 'b7d2f4a6c8e1'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'evening',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('key', sa.String(length=32), nullable=False),
        sa.Column('currency', sa.String(length=3), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index('ix_evening_key', 'evening', ['key'], unique=True)
    op.create_table(
        'profile',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('key', sa.String(length=32), nullable=False),
        sa.Column('device', sa.String(length=32), nullable=False),
        sa.Column('name', sa.String(length=60), nullable=False),
        sa.Column('variant', sa.String(length=32), nullable=False),
        sa.Column('house_rules', sa.JSON(), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index('ix_profile_key', 'profile', ['key'], unique=True)
    op.create_index('ix_profile_device', 'profile', ['device'])
    with op.batch_alter_table('game') as batch:
        batch.add_column(sa.Column('stakes_mode', sa.String(length=16), nullable=True))
        batch.add_column(sa.Column('stakes_cents', sa.Integer(), nullable=True))
        batch.add_column(sa.Column('currency', sa.String(length=3), nullable=True))
        batch.add_column(sa.Column('profile_name', sa.String(length=60), nullable=True))
        batch.add_column(sa.Column('evening_id', sa.Integer(), nullable=True))
        batch.create_foreign_key('fk_game_evening_id', 'evening', ['evening_id'], ['id'],
                                 ondelete='SET NULL')
        batch.create_index('ix_game_evening_id', ['evening_id'])


def downgrade():
    with op.batch_alter_table('game') as batch:
        batch.drop_index('ix_game_evening_id')
        batch.drop_constraint('fk_game_evening_id', type_='foreignkey')
        batch.drop_column('evening_id')
        batch.drop_column('profile_name')
        batch.drop_column('currency')
        batch.drop_column('stakes_cents')
        batch.drop_column('stakes_mode')
    op.drop_index('ix_profile_device', table_name='profile')
    op.drop_index('ix_profile_key', table_name='profile')
    op.drop_table('profile')
    op.drop_index('ix_evening_key', table_name='evening')
    op.drop_table('evening')
