"""Blueprints: games (home, new game, scoreboard) and rounds (entry, corrections)."""

from flask import Flask


def register(app: Flask) -> None:
    from . import games, rounds

    app.register_blueprint(games.bp)
    app.register_blueprint(rounds.bp)
