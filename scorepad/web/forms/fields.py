"""Fields the forms share: a number as a phone types it, a name of limited length."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import Field, StringField, ValidationError

from scorepad.game.checks import NEGATIVE, NOT_A_NUMBER, TOO_LARGE, read_number, typed_points_rules


def limit(n: int) -> dict[str, Any]:
    """The attributes of a text field that may hold at most ``n`` characters. No
    ``maxlength``: a browser would cut a longer name without a word; the server refuses it
    at the field, and page.js says so as soon as the limit is passed."""
    return {"data-max-chars": n,
            "data-max-note": _l("At most %(n)d characters; this one has {count}.", n=n)}


class NumberText(StringField):  # type: ignore[misc]
    """A whole number typed on a phone: empty allowed, spaces and a leading + ignored.

    Kept as text so that what the player typed comes back unchanged when it is wrong.
    """

    def number(self) -> int | None:
        return read_number(self.data)


def whole_number(form: Any, field: Field) -> None:
    """A points field holds a whole number (or a sum) within the engine's bound."""
    broken = typed_points_rules(field.data, signed=True)
    if NOT_A_NUMBER in broken:
        raise ValidationError(_l("Enter a whole number, like 25."))
    if TOO_LARGE in broken:
        raise ValidationError(_l("That number is too large for one round."))


def not_negative(form: Any, field: Field) -> None:
    """A points field of melds or a hand takes no minus sign."""
    if NEGATIVE in typed_points_rules(field.data):
        raise ValidationError(_l("Enter the points without a minus sign."))
