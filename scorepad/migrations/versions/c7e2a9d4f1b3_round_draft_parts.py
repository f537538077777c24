"""round drafts: each player's part of a round entered together, one row a part

Revision ID: c7e2a9d4f1b3
Revises: e5a7c9b1d3f4
Create Date: 2026-11-23 15:40:00

"""
import sqlalchemy as sa
from alembic import op

revision = 'c7e2a9d4f1b3'
down_revision = 'e5a7c9b1d3f4'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'draft_part',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('number', sa.Integer(), nullable=False),
        sa.Column('player', sa.String(length=40), nullable=False),
        sa.Column('part', sa.JSON(), nullable=False),
        sa.Column('text', sa.JSON(), nullable=False),
        sa.Column('rev', sa.Integer(), nullable=False),
        sa.Column('by', sa.String(length=40), nullable=True),
        sa.Column('updated_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['game_id'], ['game.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('game_id', 'number', 'player'),
    )
    op.create_index('ix_draft_part_game_id', 'draft_part', ['game_id'])


def downgrade():
    op.drop_index('ix_draft_part_game_id', table_name='draft_part')
    op.drop_table('draft_part')
