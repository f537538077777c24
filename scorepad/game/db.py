"""The database handle, created once here and bound to an app in :func:`scorepad.create_app`.

The stored game (``scorepad.game``) needs the database and nothing of the web: this module
is where its layer begins.
"""

from flask_sqlalchemy import SQLAlchemy
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    pass


db = SQLAlchemy(model_class=Base)
