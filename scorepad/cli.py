"""``flask --app scorepad serve``: serve the table on every address of this machine."""

from __future__ import annotations

import io
import os
from collections.abc import Callable

import click
from flask import Flask


def _addresses() -> list[str]:
    """This machine's IPv4 addresses that other phones on the network can reach (every
    network interface, as the ifaddr library lists them; loopback and link-local left out)."""
    import ipaddress

    import ifaddr

    found: set[str] = set()
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if not isinstance(ip.ip, str):
                continue  # an IPv6 address: phones on a home network join by IPv4
            address = ipaddress.ip_address(ip.ip)
            if not (address.is_loopback or address.is_link_local or address.is_unspecified):
                found.add(str(address))
    return sorted(found, key=ipaddress.ip_address)


def print_addresses(port: int, echo: Callable[[str], object] = click.echo) -> None:
    """The addresses to open, each with a QR code in the terminal, so that the first phone
    at the table joins by camera."""
    import segno

    echo(f"Scorepad is running. On this machine: http://localhost:{port}/")
    for address in _addresses():
        url = f"http://{address}:{port}/"
        echo(f"Other phones at the table: {url}")
        out = io.StringIO()
        segno.make(url, error="m").terminal(out=out, compact=True, border=2)
        echo(out.getvalue())


def register(app: Flask) -> None:
    @app.cli.command("serve")
    @click.option("--host", default="0.0.0.0")
    @click.option("--port", default=lambda: int(os.environ.get("PORT", 5000)), type=int)
    def serve(host: str, port: int) -> None:
        """Serve Scorepad with waitress and print the addresses to open."""
        from waitress import serve as waitress_serve

        print_addresses(port)
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
