"""Flask extensions of the web layer, created once here and initialised in :func:`scorepad.create_app`.

The database handle lives below, in :mod:`scorepad.game.db`."""

from functools import cached_property

from flask_babel import Babel, Domain
from flask_compress import Compress
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_wtf import CSRFProtect


class _Babel(Babel):  # type: ignore[misc]
    """Flask-Babel whose sentences elide a name where French wants it (``d’Amélie``):
    the one message domain of every ``gettext`` in Python (templates: ``helpers``)."""

    @cached_property
    def domain_instance(self) -> Domain:
        from scorepad.words.french import ElidingDomain

        return ElidingDomain(domain=self.domain)


csrf = CSRFProtect()
babel = _Babel()
compress = Compress()
# Only creating is limited: one shared budget for games (the new-game form, the import and
# the API: ``create_games``), one as large for everything else a post creates (evenings,
# house-rule profiles, their imports: ``create_others``); and reading the cards in a photo,
# which costs the server's CPU a second a photo (``read_photos``, its own budget and setting);
# nothing else by default.
limiter = Limiter(key_func=get_remote_address, default_limits=[])


def _create_limit() -> str:
    from flask import current_app

    return str(current_app.config["SCOREPAD_CREATE_LIMIT"])


create_games = limiter.shared_limit(_create_limit, scope="create-games", methods=["POST"])
create_others = limiter.shared_limit(_create_limit, scope="create-others", methods=["POST"])


def _read_limit() -> str:
    from flask import current_app

    return str(current_app.config["SCOREPAD_READ_LIMIT"])


read_photos = limiter.shared_limit(_read_limit, scope="read-photos", methods=["POST"])
