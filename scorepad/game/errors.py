"""The refusals of the game layer: typed, in the table's words, and without HTTP.

The service and the input rules (:mod:`scorepad.game.checks`) raise these; nothing was
written when one is raised. What a refusal becomes for a page or for the API (its HTTP
status, a flash, a JSON body) is decided once, in :mod:`scorepad.web.errors`.

>>> e = InvalidRequest("Enter a name.", field="players[0]")
>>> e.code, e.field, e.message
('INVALID_REQUEST', 'players[0]', 'Enter a name.')
>>> isinstance(GameNotFound("no game"), NotFound), hasattr(e, "status")
(True, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from flask_babel import lazy_gettext as _l

if TYPE_CHECKING:
    from scorepad.game.models import Change
    from scorepad.game.scoreboard import TableProblem
    from scorepad.rules import Problem


class ServiceError(Exception):
    """A change the table asked for that was not made; nothing was written.

    ``code`` is the refusal's name (API.md), ``message`` the table's words and ``extra``
    the details a client may read (``next_round``, ``key``, ``most``…)."""

    code = "INVALID_REQUEST"

    def __init__(self, message: Any, **extra: Any) -> None:
        super().__init__(str(message))
        self.message = message
        self.extra = extra


class NotFound(ServiceError):
    """What the request names does not exist (a game, a round)."""

    code = "NOT_FOUND"


class GameNotFound(NotFound):
    pass


class RoundNotFound(NotFound):
    pass


class Conflict(ServiceError):
    """Another phone was first: the game is not as this request expected (or the table is
    busy): the same request may succeed when sent again after a look."""

    code = "CONFLICT"


class RoundGone(Conflict):
    """The round the phone saw was deleted by another phone meanwhile: the phone lost a race
    (409 with the current game), it did not name a round that never was (404)."""


class KeyReused(ServiceError):
    """An ``Idempotency-Key`` sent before with another request (method, path or body):
    the key belongs to its first request; nothing was saved."""

    code = "IDEMPOTENCY_KEY_REUSED"


class AlreadySaved(ServiceError):
    """This write id (the same form sent again) was saved before: nothing was saved twice.

    ``number``, ``action``, ``by`` and ``device`` are those of the first save's change in
    the history: the first answer, which the page or the API gives again."""

    code = "ALREADY_SAVED"

    def __init__(self, change: Change) -> None:
        super().__init__(_l("Round %(n)d was already saved from this form: nothing was saved "
                            "twice.", n=change.round_number), round_number=change.round_number)
        self.number = change.round_number
        self.action = change.action
        self.by = change.by
        self.device = change.device


class RoundInvalid(ServiceError):
    """The round breaks the rules; ``problems`` are the engine's :class:`~scorepad.rules.Problem`
    objects (and Scorepad's own :class:`~scorepad.game.scoreboard.TableProblem`), put into
    words where they are shown (:func:`scorepad.words.problems.problem_json`)."""

    code = "ROUND_INVALID"

    def __init__(self, message: Any, problems: Sequence[Problem | TableProblem],
                 code: str = "ROUND_INVALID") -> None:
        super().__init__(message)
        self.problems = tuple(problems)
        self.code = code


class InvalidRequest(ServiceError):
    """Refused input: a field missing, of the wrong type or out of range. ``field`` names
    it, ``code`` says which rule refused it (``INVALID_HOUSE_RULE``…), ``extra`` holds the
    rule's parameters (the API shows them) and ``rule`` which part of the rule refused
    (``too_long``, ``twice``…: for a door that words the refusal its own way, such as a file);
    ``problem``, Scorepad's own problem where the refusal is one (a round counted net that
    cannot be), for the API to word in the language its request asks for."""

    def __init__(self, message: Any, field: str | None = None, code: str = "INVALID_REQUEST",
                 *, rule: str | None = None, problem: TableProblem | None = None,
                 **extra: Any) -> None:
        super().__init__(message, **extra)
        self.field = field
        self.code = code
        self.rule = rule
        self.problem = problem
