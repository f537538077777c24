"""A throw-away PostgreSQL server for the tests, made from Debian's ``postgresql`` package.

:class:`PostgresServer` runs ``initdb`` on a new temporary folder, starts the cluster with
``pg_ctl`` on 127.0.0.1 and a free port (its unix socket stays in the same folder), and
hands out empty databases. :meth:`PostgresServer.close` stops it and removes the folder.

``initdb`` refuses to run as root (as CI does here), so as root every server binary runs
as the ``postgres`` system user that the Debian package creates, on a folder owned by it.
The server trusts nobody: connections over TCP need the password made for this run.
"""

from __future__ import annotations

import itertools
import os
import pwd
import re
import secrets
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path

import psycopg
from psycopg import sql

PREFIX = "scorepad-pg-"
INSTALL_HINT = "`make test` installs Debian's postgresql package (apt-get install postgresql)."
# Settings for a server whose data is thrown away: no waiting for the disk.
THROWAWAY_SETTINGS = {
    "listen_addresses": "'127.0.0.1'",
    "fsync": "off",
    "synchronous_commit": "off",
    "full_page_writes": "off",
    "max_connections": "200",
    "log_min_messages": "warning",
}


class PostgresUnavailable(RuntimeError):
    """PostgreSQL is not installed, or the test server did not start; the message says which."""


def find_bin_dir(environ: dict[str, str] | None = None, root: Path = Path("/usr/lib/postgresql")) -> Path:
    """The folder of ``initdb``, ``pg_ctl`` and ``postgres``.

    ``$SCOREPAD_PG_BIN`` if set, else the newest ``/usr/lib/postgresql/<version>/bin``
    (Debian keeps the server binaries off PATH), else wherever PATH has ``initdb``.

    >>> find_bin_dir({"SCOREPAD_PG_BIN": "/opt/pg/bin"})
    PosixPath('/opt/pg/bin')
    """
    environ = dict(os.environ) if environ is None else environ
    if environ.get("SCOREPAD_PG_BIN"):
        return Path(environ["SCOREPAD_PG_BIN"])
    versions = [d for d in root.glob("*/bin") if (d / "initdb").is_file() and d.parent.name[0].isdigit()]
    if versions:
        # Compare "9.6" < "15" < "16" as numbers, not as text.
        return max(versions, key=lambda d: [int(n) for n in re.findall(r"\d+", d.parent.name)])
    on_path = shutil.which("initdb")
    if on_path:
        return Path(on_path).parent
    raise PostgresUnavailable(f"PostgreSQL's initdb was not found in {root}/<version>/bin nor on PATH. "
                              + INSTALL_HINT)


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now.

    >>> 1024 <= free_port() <= 65535
    True
    """
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class PostgresServer:
    """A PostgreSQL cluster in a temporary folder; ``url(name)`` addresses one of its databases."""

    def __init__(self, bin_dir: Path, folder: Path, port: int, password: str, user: str = "scorepad") -> None:
        self.bin_dir = bin_dir
        self.folder = folder
        self.port = port
        self.password = password
        self.user = user
        self._names = itertools.count(1)

    @classmethod
    def start(cls, bin_dir: Path | None = None, attempts: int = 3) -> PostgresServer:
        """Make a new cluster and start it; raise :class:`PostgresUnavailable` saying why it could not."""
        bin_dir = find_bin_dir() if bin_dir is None else bin_dir
        owner = _server_user()
        remove_orphans(bin_dir)
        folder = Path(tempfile.mkdtemp(prefix=f"{PREFIX}{os.getpid()}-"))
        password = secrets.token_hex(16)
        server = cls(bin_dir, folder, 0, password)
        try:
            if owner is not None:
                os.chown(folder, owner.pw_uid, owner.pw_gid)
            (folder / "password").write_text(password + "\n")
            if owner is not None:
                os.chown(folder / "password", owner.pw_uid, owner.pw_gid)
            server._run(["initdb", "--pgdata", str(folder / "data"), "--username", server.user,
                         "--pwfile", str(folder / "password"), "--auth-host", "scram-sha-256",
                         "--auth-local", "peer", "--encoding", "UTF8", "--no-locale", "--no-sync"])
            (folder / "password").unlink()
            settings = THROWAWAY_SETTINGS | {"unix_socket_directories": f"'{folder}'"}
            with (folder / "data" / "postgresql.conf").open("a") as conf:
                conf.write("\n# scorepad tests\n")
                conf.writelines(f"{key} = {value}\n" for key, value in settings.items())
            for attempt in range(attempts):
                # Another process may take the free port before the server binds it: try another.
                server.port = free_port()
                try:
                    server._run(["pg_ctl", "start", "--wait", "--timeout", "60", "--pgdata",
                                 str(folder / "data"), "--log", str(folder / "server.log"),
                                 "--options", f"-p {server.port}"])
                    break
                except PostgresUnavailable:
                    if attempt == attempts - 1:
                        raise
        except BaseException:
            server._remove()
            raise
        return server

    def url(self, database: str = "postgres") -> str:
        """The SQLAlchemy URL of ``database`` on this server (psycopg 3 as the driver)."""
        return (f"postgresql+psycopg://{self.user}:{self.password}@127.0.0.1:{self.port}/{database}")

    def create_database(self, template: str | None = None) -> str:
        """A new database (``t_1``, ``t_2``, ...), empty or a copy of ``template`` (a database
        of this server that nobody is connected to); return its name."""
        name = f"t_{next(self._names)}"
        self.copy_database(template, name)
        return name

    def copy_database(self, template: str | None, name: str) -> None:
        """Make the database ``name`` (it must not exist): empty, or a copy of ``template``."""
        statement = sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name))
        if template is not None:
            statement += sql.SQL(" TEMPLATE {}").format(sql.Identifier(template))
        self._execute(statement)

    def drop_database(self, name: str) -> None:
        """Drop ``name`` even while a server still holds connections to it."""
        self._execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))

    def close(self) -> None:
        """Stop the server and remove its folder."""
        try:
            if (self.folder / "data" / "postmaster.pid").exists():
                self._run(["pg_ctl", "stop", "--wait", "--mode", "fast", "--pgdata",
                           str(self.folder / "data")])
        finally:
            self._remove()

    def log(self) -> str:
        """The end of the server's log, for failure messages."""
        path = self.folder / "server.log"
        return path.read_text(errors="replace")[-3000:] if path.exists() else "(no server log)"

    def _execute(self, statement: sql.Composed) -> None:
        conninfo = f"host=127.0.0.1 port={self.port} user={self.user} password={self.password} dbname=postgres"
        with psycopg.connect(conninfo, autocommit=True) as conn:
            conn.execute(statement)

    def _run(self, command: Sequence[str]) -> None:
        argv = [str(self.bin_dir / command[0]), *command[1:]]
        if _server_user() is not None:
            argv = ["runuser", "-u", "postgres", "--", *argv]
        done = subprocess.run(argv, cwd=self.folder, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise PostgresUnavailable(
                f"{' '.join(argv)} failed (exit {done.returncode}):\n{done.stdout}{done.stderr}\n"
                f"server log:\n{self.log()}")

    def _remove(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)


def remove_orphans(bin_dir: Path, tmp: Path | None = None) -> list[Path]:
    """Stop and remove the clusters of earlier test runs that were killed before their end.

    A cluster's folder is named after the pid of the run that made it; the clusters of
    runs still alive (other checkouts testing at the same time) are left alone.
    """
    tmp = Path(tempfile.gettempdir()) if tmp is None else tmp
    removed = []
    for folder in tmp.glob(PREFIX + "*-*"):
        pid = folder.name.removeprefix(PREFIX).split("-")[0]
        try:
            if not pid.isdigit() or Path(f"/proc/{pid}").exists() or folder.owner() != _folder_owner():
                continue
        except (OSError, KeyError):  # gone meanwhile, or owned by a user without a name
            continue
        orphan = PostgresServer(bin_dir, folder, 0, "")
        try:
            orphan.close()
        except PostgresUnavailable:
            orphan._remove()
        removed.append(folder)
    return removed


def _folder_owner() -> str:
    user = _server_user()
    return user.pw_name if user is not None else pwd.getpwuid(os.geteuid()).pw_name


def _server_user() -> pwd.struct_passwd | None:
    """The user the server binaries run as: ``postgres`` when we are root, else ourselves (None)."""
    if os.geteuid() != 0:
        return None
    try:
        return pwd.getpwnam("postgres")
    except KeyError:
        raise PostgresUnavailable("running as root, and initdb refuses root, but there is no 'postgres' "
                                  "user to run it as. " + INSTALL_HINT) from None
