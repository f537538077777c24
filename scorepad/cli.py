"""``scorepad serve`` (also ``flask --app scorepad serve``): migrate, then serve the table.

The serve command applies the migrations itself, so a fresh checkout or a
fresh ``pip install`` needs one command. It serves with gunicorn where gunicorn
runs (Linux, macOS): several processes of a few threads each, so that pages
are served by more than one core; on Windows, or with ``--server waitress``,
with waitress in one process. ``bench/bench_serve.py`` has the figures behind
that choice (bench/README.md; why: docs/serving.md, "Serving"). With ``--certfile`` and
``--keyfile`` it serves HTTPS through gunicorn's own TLS (waitress has none).
"""

from __future__ import annotations

import io
import logging
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import click
from flask import Flask

from scorepad.sheets.render import RenderError

THREADS = 4
# Seconds after the start before the templates and the sheet renderer warm up: the first
# pages come first (they load what they need; a sheet asked for earlier starts the renderer).
WARM_AFTER = 1.5


def default_workers() -> int:
    """App processes: ``$SCOREPAD_WORKERS``, else one per core (at least two)."""
    return int(os.environ.get("SCOREPAD_WORKERS") or max(2, os.cpu_count() or 1))


def default_server() -> str:
    try:
        import fcntl  # noqa: F401 - gunicorn needs it: not on Windows

        import gunicorn  # noqa: F401 - only whether it is there
    except ImportError:
        return "waitress"
    return "gunicorn"


def print_addresses(port: int, echo: Callable[[str], object] = click.echo, *, how: str = "",
                    lan: bool = True, scheme: str = "http", public_url: str = "") -> None:
    """The addresses to open, each with a QR code in the terminal, so that the first phone
    at the table joins by camera: the address of the default route first (the one the pages'
    links and QR codes use, :mod:`scorepad.web.links`), then the machine's other networks."""
    from scorepad.web.links import lan as lan_addresses

    echo(f"Scorepad is running{how}. On this machine: {scheme}://localhost:{port}/")
    if public_url:
        echo(f"Shared links and QR codes use SCOREPAD_PUBLIC_URL: {public_url}/")
    for i, address in enumerate(lan_addresses().first() if lan else []):
        url = f"{scheme}://{address}:{port}/"
        echo(f"Other phones at the table, scan this: {url}" if i == 0
             else f"  or, on another network of this machine: {url}")
        echo(_terminal_qr(url))


def _terminal_qr(url: str) -> str:
    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()


def migrate(app: Flask) -> None:
    """Bring the database to the newest schema (nothing to do when it is there already;
    see :mod:`scorepad.schema`), and hold no connection to it afterwards."""
    from scorepad.schema import bring_up_to_date

    bring_up_to_date(app)


class MigrationCommands(click.Group):
    """``flask db …``: Flask-Migrate's commands, loaded when called (Alembic is not
    imported at every start; :func:`scorepad.schema.with_alembic`)."""

    def __init__(self, app: Flask) -> None:
        super().__init__("db", help="Database migrations (Flask-Migrate, Alembic).")
        self.app = app

    def _commands(self) -> click.Group:
        from flask_migrate.cli import db

        from scorepad.schema import with_alembic

        with_alembic(self.app)
        commands: click.Group = db
        return commands

    def list_commands(self, ctx: click.Context) -> list[str]:
        return self._commands().list_commands(ctx)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        return self._commands().get_command(ctx, cmd_name)


def warm(app: Flask) -> None:
    """In the background, after the first pages: load every template (compiled once, then
    read from the compiled-template cache: :class:`scorepad.web.assets.TemplateCache`) and start
    this process's score-sheet renderer (see :mod:`scorepad.sheets.render`) with a real sheet, so
    that no phone's first view of a page, nor its first sheet, waits for either."""
    from scorepad.rules import VARIANTS, rules_for
    from scorepad.sheets import pdf

    with app.app_context():
        renderer = pdf.sheet_renderer()

    def start() -> None:
        time.sleep(WARM_AFTER)
        for name in app.jinja_env.list_templates(extensions=["html"]):
            app.jinja_env.get_template(name)
        try:
            # A real sheet, thrown away: its code, templates, dates and fonts are warm after it.
            with app.test_request_context("/"):
                first = next(iter(VARIANTS.values()))  # any variant warms the same code
                html = pdf.blank_html(rules_for(first, player_count=4), ["Anna", "Ben"],
                                      paper="A4", orientation="portrait")
                base_url = pdf.static_uri()
            renderer.render(html, base_url)
        except (OSError, EOFError, RenderError) as e:  # stopping: the first sheet starts one
            app.logger.warning("score-sheet renderer not started: %s", e)

    threading.Thread(target=start, name="scorepad-warm", daemon=True).start()


def serve_gunicorn(app: Flask, host: str, port: int, workers: int, threads: int,
                   tls: TLS | None = None) -> None:
    """Serve ``app`` with gunicorn: ``workers`` processes of ``threads`` threads.

    The app is made once, before the workers are forked (its database engine holds no
    connection then: :func:`migrate` disposed of it), and so are SQLAlchemy's mappers,
    configured here once rather than at the first query of every worker. Each worker opens
    its own connections and starts its own sheet renderer, so nothing but memory pages is
    shared."""
    from gunicorn.app.base import BaseApplication
    from sqlalchemy.orm import configure_mappers

    configure_mappers()

    class Server(BaseApplication):  # type: ignore[misc]
        def load_config(self) -> None:
            settings: dict[str, Any] = {
                "bind": f"{host}:{port}", "workers": workers, "threads": threads,
                "worker_class": "scorepad.web.worker.WholeRequestWorker", "timeout": 120, "graceful_timeout": 10,
                "keepalive": 5, "accesslog": None, "errorlog": "-", "loglevel": "warning",
                "post_worker_init": lambda worker: warm(worker.wsgi),
            }
            if tls is not None:
                settings |= {"certfile": tls.certfile, "keyfile": tls.keyfile}
            for key, value in settings.items():
                self.cfg.set(key, value)

        def load(self) -> Flask:
            return app

    Server().run()


def serve_waitress(app: Flask, host: str, port: int, threads: int) -> None:
    from waitress import serve

    # "Task queue depth is N" under load is waitress thinking aloud, not a fault.
    logging.getLogger("waitress.queue").setLevel(logging.ERROR)
    warm(app)
    serve(app, host=host, port=port, threads=threads, ident="Scorepad")


@dataclass(frozen=True, slots=True)
class TLS:
    """The certificate and its key that gunicorn serves HTTPS with (PEM files)."""

    certfile: str
    keyfile: str


def tls_of(server: str, certfile: str | None, keyfile: str | None) -> TLS | None:
    """HTTPS as asked (``--certfile``/``--keyfile``, ``$SCOREPAD_CERTFILE``/``$SCOREPAD_KEYFILE``),
    or None for plain HTTP; a usage error for half of it, or for waitress, which has no TLS."""
    if not certfile and not keyfile:
        return None
    if not (certfile and keyfile):
        raise click.UsageError("HTTPS needs both --certfile and --keyfile "
                               "(SCOREPAD_CERTFILE and SCOREPAD_KEYFILE).")
    if server != "gunicorn":
        raise click.UsageError("waitress cannot serve HTTPS: serve with gunicorn (--server gunicorn, "
                               "Linux or macOS) or put a reverse proxy with TLS in front "
                               "(docs/serving.md).")
    return TLS(certfile, keyfile)


def _serve(app: Flask, host: str, port: int, server: str, workers: int, threads: int,
           certfile: str | None = None, keyfile: str | None = None) -> None:
    from scorepad.sheets.render import remove_stale_folders

    tls = tls_of(server, certfile, keyfile)
    if tls is not None:
        app.config["SESSION_COOKIE_SECURE"] = True  # the cookie never travels in clear
    lan = host in ("0.0.0.0", "")
    app.config["SCOREPAD_LAN_LINKS"] = lan  # listening on one address: links name no other
    migrate(app)
    remove_stale_folders()
    how = (f" ({server}, {workers} processes x {threads} threads)" if server == "gunicorn"
           else f" ({server}, {threads} threads)")
    print_addresses(port, how=how, lan=lan, scheme="https" if tls else "http",
                    public_url=app.config.get("SCOREPAD_PUBLIC_URL", ""))
    if server == "gunicorn":
        serve_gunicorn(app, host, port, workers, threads, tls)
    else:
        serve_waitress(app, host, port, threads * 2)


_options = [
    click.option("--host", default="0.0.0.0", show_default=True,
                 help="Address to listen on (127.0.0.1: this machine only)."),
    click.option("--port", default=lambda: int(os.environ.get("PORT", 5000)), type=int,
                 help="Port (default $PORT or 5000)."),
    click.option("--server", type=click.Choice(["gunicorn", "waitress"]),
                 default=default_server, help="gunicorn where it runs, else waitress."),
    click.option("--workers", type=click.IntRange(1, 64), default=default_workers,
                 help="gunicorn: app processes (default $SCOREPAD_WORKERS or one per core)."),
    click.option("--threads", type=click.IntRange(1, 64), default=THREADS, show_default=True,
                 help="Threads per process (waitress: twice this, in its one process)."),
    click.option("--certfile", envvar="SCOREPAD_CERTFILE", type=click.Path(exists=True, dir_okay=False),
                 help="Serve HTTPS with this certificate (PEM; gunicorn only; $SCOREPAD_CERTFILE)."),
    click.option("--keyfile", envvar="SCOREPAD_KEYFILE", type=click.Path(exists=True, dir_okay=False),
                 help="The certificate's private key (PEM; $SCOREPAD_KEYFILE)."),
]


def _with_options(f: Callable[..., None]) -> Callable[..., None]:
    for option in reversed(_options):
        f = option(f)
    return f


def register(app: Flask) -> None:
    """``flask --app scorepad serve`` (the same as ``scorepad serve``), ``games`` and ``db``."""
    app.cli.add_command(MigrationCommands(app))

    @app.cli.command("serve")
    @_with_options
    def serve(**options: Any) -> None:
        """Migrate the database, then serve Scorepad and print the addresses to open."""
        _serve(app, **options)

    @app.cli.command("games")
    @click.option("--limit", default=100, show_default=True, help="How many games to list.")
    def games(limit: int) -> None:
        """List every game on this server, newest change first, with its link (operators only:
        the pages list only the games a browser created or opened)."""
        from sqlalchemy import func, select

        from scorepad.game.db import db
        from scorepad.game.models import Game, Round

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


@click.group()
def main() -> None:
    """Scorepad: score keeper and rules referee for rummy games played with real cards."""


@main.command("serve")
@_with_options
def serve_command(**options: Any) -> None:
    """Migrate the database, then serve Scorepad and print the addresses to open."""
    from scorepad.web.app import create_app  # the app alone: it serves, runs no command

    _serve(create_app(), **options)
