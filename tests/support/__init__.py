"""Helpers behind the fixtures of ``tests/conftest.py``: a throw-away PostgreSQL server,
databases made by the migrations, and the app served by a real WSGI server."""
