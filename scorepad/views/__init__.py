"""Blueprints: games (home, new game, scoreboard), rounds (entry, corrections) and export
(score sheets, CSV, JSON out and back in)."""

from flask import Flask


def register(app: Flask) -> None:
    from . import export, games, rounds

    app.register_blueprint(games.bp)
    app.register_blueprint(rounds.bp)
    app.register_blueprint(export.bp)
