"""one counter of versions per game; an Idempotency-Key bound to its request

A round's version was its own (1, 2, … from each save of the round), so a round saved
again after a deletion started at 1 again and a phone still holding the deleted
round's version 1 corrected or deleted the new round. Versions now come from one
counter per game (``game.last_version``: each round added, corrected or restored takes
the next). Existing games are renumbered so that no version is given twice: each round
gets a version above every version the game ever gave (the game's version was raised by
every change, so it is at least every round version given so far); every phone still
showing an old version gets a 409 and sees the game as it is.

``change.round_version`` keeps the round version each change gave or ended, so a
request naming a round deleted meanwhile, with a version it had, is a lost race (409)
and not an unknown round (404). ``change.request_hash`` binds an API
``Idempotency-Key`` to its request; ``ix_change_write_id`` finds a key in any game.

Revision ID: f2b4d6e8a0c3
Revises: d4f6a8c0e2b4
Create Date: 2026-11-26 18:00:00

"""
import sqlalchemy as sa
from alembic import op

revision = 'f2b4d6e8a0c3'
down_revision = 'd4f6a8c0e2b4'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('game') as batch:
        batch.add_column(sa.Column('last_version', sa.Integer(), server_default='0',
                                   nullable=False))
    with op.batch_alter_table('change') as batch:
        batch.add_column(sa.Column('request_hash', sa.String(length=64), nullable=True))
        batch.add_column(sa.Column('round_version', sa.Integer(), nullable=True))
    op.create_index('ix_change_write_id', 'change', ['write_id'], unique=False)

    connection = op.get_bind()
    game = sa.table('game', sa.column('id', sa.Integer), sa.column('version', sa.Integer),
                    sa.column('last_version', sa.Integer))
    round_ = sa.table('round', sa.column('id', sa.Integer), sa.column('game_id', sa.Integer),
                      sa.column('number', sa.Integer), sa.column('version', sa.Integer))
    # Every version a round of a game ever had is at most the game's version (each change
    # raised both): the rounds now take the versions after it, one each.
    given = dict(connection.execute(sa.select(game.c.id, game.c.version)).all())
    rounds = connection.execute(
        sa.select(round_.c.id, round_.c.game_id).order_by(round_.c.game_id, round_.c.number)).all()
    for round_id, game_id in rounds:
        given[game_id] += 1
        connection.execute(round_.update().where(round_.c.id == round_id)
                           .values(version=given[game_id]))
    for game_id, last in given.items():
        connection.execute(game.update().where(game.c.id == game_id).values(last_version=last))


def downgrade():
    # The versions stay as they are: each is still a round's own, unique in its game.
    op.drop_index('ix_change_write_id', table_name='change')
    with op.batch_alter_table('change') as batch:
        batch.drop_column('round_version')
        batch.drop_column('request_hash')
    with op.batch_alter_table('game') as batch:
        batch.drop_column('last_version')
