"""Blueprints: games (home, new game, scoreboard), rounds (entry, corrections), export
(score sheets, CSV, JSON out and back in), the referee and rules pages, and the JSON API."""

from flask import Flask


def register(app: Flask) -> None:
    from scorepad.web import device as common
    from scorepad.web import outbox
    from scorepad.web.views import (
        api,
        evenings,
        export,
        games,
        install,
        live,
        profiles,
        referee,
        rounds,
        stats,
        together,
    )

    app.register_blueprint(games.bp)
    app.register_blueprint(rounds.bp)
    app.register_blueprint(export.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(referee.bp)
    app.register_blueprint(evenings.bp)
    app.register_blueprint(profiles.bp)
    app.register_blueprint(stats.bp)
    app.register_blueprint(live.bp)
    app.register_blueprint(together.bp)
    app.register_blueprint(install.bp)
    live.register(app)
    common.register(app)
    outbox.register(app)
