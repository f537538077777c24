"""The engine's variants in the page's language, through gettext: a variant's name and its
one line on what makes it different.

The engine keeps an English and a German wording of each (``Variant.title(lang)``,
``Variant.summary(lang)``) for its own use; pages word them here. Each msgid is the
engine's English (context ``variant``), the German msgstr its German
(tests/web/test_problem_words.py keeps the two equal).
"""

from __future__ import annotations

from flask_babel import pgettext

from scorepad.rules import Variant

__all__ = ["variant_summary", "variant_title"]


def variant_title(variant: Variant) -> str:
    """The variant's name for the players."""
    return str(pgettext("variant", variant.name))


def variant_summary(variant: Variant) -> str:
    """One line on what makes the variant different."""
    return str(pgettext("variant", variant.summary_en))
