"""game keys and versions, known games per browser, history index and author

Every game gets an unguessable key (existing games too); the game's version
counts its changes; ``known_game`` remembers which games a browser created or
opened, so the home page lists only those.

Revision ID: a1c3e5f7b9d2
Revises: 874f45fad54b
Create Date: 2026-11-23 15:30:00

"""
import secrets

import sqlalchemy as sa
from alembic import op

revision = 'a1c3e5f7b9d2'
down_revision = '874f45fad54b'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('game') as batch:
        batch.add_column(sa.Column('key', sa.String(length=32), nullable=True))
        batch.add_column(sa.Column('version', sa.Integer(), nullable=False,
                                   server_default='1'))
    game = sa.table('game', sa.column('id', sa.Integer), sa.column('key', sa.String))
    conn = op.get_bind()
    for (game_id,) in conn.execute(sa.select(game.c.id)).fetchall():
        conn.execute(game.update().where(game.c.id == game_id)
                     .values(key=secrets.token_urlsafe(16)))
    with op.batch_alter_table('game') as batch:
        batch.alter_column('key', existing_type=sa.String(length=32), nullable=False)
        batch.create_index('ix_game_key', ['key'], unique=True)
    with op.batch_alter_table('change') as batch:
        batch.create_index('ix_change_game_id', ['game_id'])
        batch.add_column(sa.Column('by', sa.String(length=40), nullable=True))
    op.create_table(
        'known_game',
        sa.Column('device', sa.String(length=32), nullable=False),
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('opened_at', sa.DateTime(), nullable=False),
        sa.Column('player', sa.String(length=40), nullable=True),
        sa.ForeignKeyConstraint(['game_id'], ['game.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('device', 'game_id'),
    )
    op.create_index('ix_known_game_device_opened', 'known_game', ['device', 'opened_at'])


def downgrade():
    op.drop_index('ix_known_game_device_opened', table_name='known_game')
    op.drop_table('known_game')
    with op.batch_alter_table('change') as batch:
        batch.drop_column('by')
        batch.drop_index('ix_change_game_id')
    with op.batch_alter_table('game') as batch:
        batch.drop_index('ix_game_key')
        batch.drop_column('version')
        batch.drop_column('key')
