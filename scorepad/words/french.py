"""A name inside a French sentence: ``d’Amélie``, ``de Ben``, ``l’Oscar``.

The French catalog writes its sentences as French is written before a consonant (``la part
de %(name)s``); which name comes is known only when the sentence is said. :func:`worded`
fills a sentence's placeholders and elides the word before a name that begins with a vowel
sound, and :class:`ElidingDomain` makes every ``gettext`` of the app (Python and templates)
go through it, so that no message needs its own rule.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from typing import Any

from flask_babel import Domain, get_locale

# The words French elides before a vowel: de → d’, le / la → l’, que → qu’.
_ELIDED = {"de": "d’", "le": "l’", "la": "l’", "que": "qu’"}
_BEFORE_A_NAME = re.compile(r"(?<![\w’'])(de|De|le|Le|la|La|que|Que) %\((\w+)\)s")


def elides(word: str) -> bool:
    """Whether French elides before ``word``: it begins with a vowel (accents and ligatures
    counted as their letter), or with a mute h followed by one (Hélène, Hugo).

    >>> [elides(w) for w in ("Amélie", "Oscar", "Émile", "Yves", "Hélène", "Ben", "", "9♣")]
    [True, True, True, True, True, False, False, False]
    """
    letters = unicodedata.normalize("NFKD", word.strip()).casefold()
    letters = "".join(c for c in letters if not unicodedata.combining(c))
    if letters.startswith("h"):
        letters = letters[1:]
    return bool(letters) and letters[0] in "aeiouyœæ"


def with_article(article: str, name: str) -> str:
    """``article`` (de, le, la, que) before ``name`` as French writes it.

    >>> with_article("de", "Amélie"), with_article("de", "Ben"), with_article("la", "Oscar")
    ('d’Amélie', 'de Ben', 'l’Oscar')
    >>> with_article("De", "Anna")
    'D’Anna'
    """
    elided = _ELIDED.get(article.lower())
    if elided is None or not elides(name):
        return f"{article} {name}"
    return (elided[0].upper() + elided[1:] if article[0].isupper() else elided) + name


def elided(sentence: str, variables: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    """The French ``sentence`` (a catalog message, not yet filled in) and its ``variables``
    with each ``de %(name)s`` (le, la, que) whose name elides turned into one placeholder
    that holds the elided words. The sentence keeps its type (a template's ``Markup``).

    >>> s, v = elided("Part de %(name)s, à %(name)s", {"name": "Anna"})
    >>> s % v
    'Part d’Anna, à Anna'
    """
    values = dict(variables)

    def one(match: re.Match[str]) -> str:
        article, key = match.group(1), match.group(2)
        value = values.get(key)
        if not isinstance(value, str) or not elides(value):
            return match.group(0)
        slot = f"{key}__{article.lower()}"
        values[slot] = with_article(article, value)
        return f"%({slot})s"

    if "%(" not in sentence:
        return sentence, values
    return type(sentence)(_BEFORE_A_NAME.sub(one, sentence)), values


def worded(sentence: str, variables: Mapping[str, Any]) -> str:
    """``sentence`` filled in with ``variables``, a name elided where this page is French.

    >>> worded("Points de %(name)s", {"name": "Oscar"})  # outside a request: English
    'Points de Oscar'
    """
    if not variables:
        return sentence
    if _french():
        sentence, variables = elided(sentence, variables)
    return sentence % variables


def colon() -> str:
    """The colon after a word, as the page's language writes it: French puts a no-break
    space before it ("Nombre de manches : 2"). For a label and its value put together
    outside a catalog sentence.

    >>> colon()  # outside a request: English
    ':'
    """
    return "\u00a0:" if _french() else ":"


def semicolon() -> str:
    """The semicolon between two parts, as the page's language writes it (French: after a
    no-break space)."""
    return "\u00a0;" if _french() else ";"


def _french() -> bool:
    try:
        locale = get_locale()
    except RuntimeError:
        return False
    return locale is not None and locale.language == "fr"


class ElidingDomain(Domain):  # type: ignore[misc]
    """Flask-Babel's message domain whose sentences are filled in by :func:`worded`."""

    def gettext(self, string: str, **variables: Any) -> str:
        return worded(self.get_translations().ugettext(string), variables)

    def ngettext(self, singular: str, plural: str, num: int, **variables: Any) -> str:
        variables.setdefault("num", num)
        return worded(self.get_translations().ungettext(singular, plural, num), variables)

    def pgettext(self, context: str, string: str, **variables: Any) -> str:
        return worded(self.get_translations().upgettext(context, string), variables)

    def npgettext(self, context: str, singular: str, plural: str, num: int,
                  **variables: Any) -> str:
        variables.setdefault("num", num)
        return worded(self.get_translations().unpgettext(context, singular, plural, num),
                      variables)
