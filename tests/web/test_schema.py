"""The schema at start (scorepad/schema.py): made from the models when the database is new,
left alone when it is current, migrated when it is older; Alembic imported only then."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import sqlalchemy as sa
from alembic.config import Config
from alembic.script import ScriptDirectory

from scorepad import create_app
from scorepad.game.db import db
from scorepad.schema import MIGRATIONS, Done, bring_up_to_date, newest_migration, run_migrations

from ..support.database import close_connections, migrate
from ..support.schema import schema


def app_on(url: str):  # type: ignore[no-untyped-def]
    return create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": url})


def alembic_scripts() -> ScriptDirectory:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return ScriptDirectory.from_config(config)


def test_the_newest_migration_read_from_the_files_is_alembics_head() -> None:
    assert [newest_migration()] == alembic_scripts().get_heads()


def write_migration(folder: Path, name: str, revision: str, down: str) -> None:
    (folder / "versions").mkdir(parents=True, exist_ok=True)
    (folder / "versions" / f"{name}.py").write_text(
        f'"""{name}"""\nimport sqlalchemy as sa\n\nrevision = "{revision}"\n'
        f"down_revision: str | tuple[str, ...] | None = {down}\n\n\ndef upgrade():\n    pass\n")


def test_two_heads_have_no_newest_migration_and_a_merge_has_one(tmp_path: Path) -> None:
    write_migration(tmp_path, "first", "a1", "None")
    write_migration(tmp_path, "left", "b1", '"a1"')
    write_migration(tmp_path, "right", "b2", '"a1"')
    assert newest_migration(tmp_path) is None  # then the migrations decide
    write_migration(tmp_path, "merge", "c1", '("b1", "b2")')
    newest_migration.cache_clear()
    assert newest_migration(tmp_path) == "c1"


def test_a_new_database_gets_the_tables_the_migrations_make(db_url: str, another_db_url: str) -> None:
    app = app_on(db_url)
    assert bring_up_to_date(app) is Done.CREATED
    migrate(another_db_url)
    made, migrated = schema(db_url), schema(another_db_url)
    assert set(made) == set(migrated) and "alembic_version" in made
    for table in migrated:
        assert made[table] == migrated[table], table
    # ... and Alembic takes it from there: at its head, nothing left to run.
    run_migrations(app)
    assert schema(db_url) == migrated
    assert bring_up_to_date(app) is Done.CURRENT


def test_an_older_database_is_migrated_and_keeps_its_games(db_url: str, another_db_url: str) -> None:
    previous = alembic_scripts().get_revision(newest_migration()).down_revision
    assert isinstance(previous, str)
    app = app_on(db_url)
    run_migrations(app, revision=previous)
    close_connections(app)
    assert bring_up_to_date(app) is Done.MIGRATED
    migrate(another_db_url)
    assert schema(db_url) == schema(another_db_url)


def test_starting_on_a_current_or_new_database_does_not_import_alembic(tmp_path: Path) -> None:
    program = ("import sys; from scorepad import create_app; from scorepad.schema import bring_up_to_date; "
               "print(bring_up_to_date(create_app()).value, 'alembic' in sys.modules)")
    env = {"SCOREPAD_INSTANCE": str(tmp_path), "PATH": "/usr/bin:/bin"}
    runs = [subprocess.run([sys.executable, "-c", program], env=env, capture_output=True, text=True,
                           check=True, timeout=60).stdout.split() for _ in range(2)]
    assert runs == [["created", "False"], ["current", "False"]]


def test_two_processes_starting_on_one_new_database_take_turns(db_url: str) -> None:
    apps = [app_on(db_url) for _ in range(4)]
    done: list[Done] = []
    errors: list[BaseException] = []
    barrier = threading.Barrier(len(apps))

    def start(app) -> None:  # type: ignore[no-untyped-def]
        barrier.wait()
        try:
            done.append(bring_up_to_date(app))
        except BaseException as error:  # the test says which
            errors.append(error)

    threads = [threading.Thread(target=start, args=(app,)) for app in apps]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert errors == []
    assert sorted(d.value for d in done) == ["created", "current", "current", "current"]


def test_flask_db_still_reaches_the_migrations(tmp_path: Path) -> None:
    app = app_on(f"sqlite:///{tmp_path / 'db.sqlite'}")
    runner = app.test_cli_runner()
    assert "upgrade" in runner.invoke(args=["db", "--help"]).output
    result = runner.invoke(args=["db", "upgrade"])
    assert result.exit_code == 0, result.output
    assert bring_up_to_date(app) is Done.CURRENT
    close_connections(app)




def test_a_server_connecting_while_another_makes_a_new_sqlite_database_waits(tmp_path: Path) -> None:
    """Switching a new database to write-ahead logging needs it to itself: SQLite refuses at
    once, not after its busy timeout, while another process holds the write lock."""
    path = tmp_path / "new.sqlite"
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")
    other.execute("CREATE TABLE made_by_the_other (id INTEGER)")
    threading.Timer(0.5, other.execute, args=("COMMIT",)).start()
    app = app_on(f"sqlite:///{path}")
    try:
        with app.app_context():
            assert db.session.execute(sa.text("PRAGMA journal_mode")).scalar() == "wal"
    finally:
        close_connections(app)
        other.close()
