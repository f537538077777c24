"""Blueprints: games (home, new game, scoreboard), rounds (entry, corrections), export
(score sheets, CSV, JSON out and back in) and the JSON API."""

from flask import Flask


def register(app: Flask) -> None:
    from . import api, common, export, games, live, rounds, together

    app.register_blueprint(games.bp)
    app.register_blueprint(rounds.bp)
    app.register_blueprint(export.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(live.bp)
    app.register_blueprint(together.bp)
    live.register(app)
    common.register(app)
