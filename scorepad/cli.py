"""``flask --app scorepad serve``: serve the table on every address of this machine."""

from __future__ import annotations

import os
import socket

import click
from flask import Flask


def _addresses() -> list[str]:
    """This machine's IPv4 addresses that other phones on the network can reach."""
    found: set[str] = set()
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.add(str(info[4][0]))
    except OSError:
        pass
    try:
        # No packet is sent: connecting a UDP socket only picks the outgoing interface.
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))
            found.add(s.getsockname()[0])
    except OSError:
        pass
    return sorted(a for a in found if not a.startswith("127."))


def register(app: Flask) -> None:
    @app.cli.command("serve")
    @click.option("--host", default="0.0.0.0")
    @click.option("--port", default=lambda: int(os.environ.get("PORT", 5000)), type=int)
    def serve(host: str, port: int) -> None:
        """Serve Scorepad with waitress and print the addresses to open."""
        from waitress import serve as waitress_serve

        click.echo(f"Scorepad is running. On this machine: http://localhost:{port}/")
        for address in _addresses():
            click.echo(f"Other phones at the table: http://{address}:{port}/")
        waitress_serve(app, host=host, port=port, threads=8)

    @app.cli.command("games")
    @click.option("--limit", default=100, show_default=True, help="How many games to list.")
    def games(limit: int) -> None:
        """List every game on this server, newest change first, with its link (operators only:
        the pages list only the games a browser created or opened)."""
        from sqlalchemy import func, select

        from .extensions import db
        from .models import Game, Round

        counts = (select(Round.game_id, func.count().label("n"))
                  .group_by(Round.game_id).subquery())
        rows = db.session.execute(
            select(Game, func.coalesce(counts.c.n, 0))
            .outerjoin(counts, counts.c.game_id == Game.id)
            .order_by(Game.updated_at.desc()).limit(limit)).all()
        for game, rounds in rows:
            state = "finished" if game.finished else "running"
            names = ", ".join(p.name for p in game.players)
            click.echo(f"/g/{game.key}  {game.variant:<15} {rounds:>3} rounds  {state:<8} "
                       f"{game.updated_at:%Y-%m-%d %H:%M}  {names}")
