"""Blueprints: games (home, new game, scoreboard), rounds (entry, corrections), export
(score sheets, CSV, JSON out and back in), the referee and rules pages, and the JSON API."""

from flask import Flask


def register(app: Flask) -> None:
    from . import api, common, export, games, referee, rounds

    app.register_blueprint(games.bp)
    app.register_blueprint(rounds.bp)
    app.register_blueprint(export.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(referee.bp)
    common.register(app)
