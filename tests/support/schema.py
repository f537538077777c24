"""The schema of a database as SQLAlchemy reads it, to compare two databases."""

from __future__ import annotations

import re
from typing import Any

import sqlalchemy as sa


def schema(url: str) -> dict[str, Any]:
    """Every table as the database describes it: columns with generic types, keys, constraints."""
    engine = sa.create_engine(url)
    try:
        inspector = sa.inspect(engine)
        return {table: {
            # In name order: a migration adds its columns at the end, a new table has them
            # in the model's order; where a column stands means nothing to the app.
            "columns": sorted((c["name"], repr(c["type"].as_generic()), c["nullable"], _default(c["default"]))
                              for c in inspector.get_columns(table)),
            "indexes": sorted((i["name"], i["column_names"], bool(i["unique"]))
                              for i in inspector.get_indexes(table)
                              if not i.get("duplicates_constraint")),  # PostgreSQL: a unique's
            "primary key": inspector.get_pk_constraint(table)["constrained_columns"],
            "foreign keys": sorted((fk["constrained_columns"], fk["referred_table"], fk["referred_columns"])
                                   for fk in inspector.get_foreign_keys(table)),
            "unique": sorted(u["column_names"] for u in inspector.get_unique_constraints(table)),
        } for table in sorted(inspector.get_table_names())}
    finally:
        engine.dispose()


def _default(text: str | None) -> str | None:
    """A column's server default without its database's spelling: ``'1'`` and ``1``,
    ``false``, ``0`` and ``'false'::boolean`` are each one default; PostgreSQL's sequence
    behind an integer primary key (``nextval(…)``) is SQLite's rowid: none."""
    if text is None or text.startswith("nextval("):
        return None
    bare = re.sub(r"::[a-z ]+$", "", text).strip("'")
    return {"false": "0", "true": "1"}.get(bare, bare)
