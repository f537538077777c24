"""Flask extensions, created once here and initialised in :func:`scorepad.create_app`."""

from flask_babel import Babel
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf import CSRFProtect
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    pass


db = SQLAlchemy(model_class=Base)
migrate = Migrate()
csrf = CSRFProtect()
babel = Babel()
# Only the routes that create games are limited (see views); nothing else by default.
limiter = Limiter(key_func=get_remote_address, default_limits=[])
