r"""A page as a player's browser reads it: parsed by an HTML5 parser and searched with CSS
selectors, so that a test names what it looks at (``[data-total='Anna']``, ``.problem``)
instead of matching markup with a regular expression.

>>> page = Page('<main><p class="verdict ok">✓ Legal:\n  run</p>'
...             '<input name="cards" value="7h 8h"><script>var x = "no"</script></main>')
>>> page.one(".verdict").text
'✓ Legal: run'
>>> page.field("cards")
'7h 8h'
>>> page.has(".problem"), "no" in page.text
(False, False)
>>> Page('<tr><td data-total="Anna"><b>100</b></td><td data-total="Ben">-10</td></tr>'
...      ).keyed("data-total")
{'Anna': '100', 'Ben': '-10'}

Inline elements run on as a browser draws them; blocks stand apart; a no-break space
(French typography, amounts) is kept:

>>> Page('<td><small>over by</small>20</td><td>7</td>').texts("td"), Page('<p>a<b>b</b></p><p>c</p>').text
(['over by20', '7'], 'ab c')
>>> Page('<p>Total\u00a0: <b>2,00\u00a0€</b></p>').text
'Total\xa0: 2,00\xa0€'

Fragments (what htmx swaps in) parse as they are, rows of a table included:

>>> Page('<tr data-round="2"><td>5</td></tr>').one("[data-round]").attr("data-round")
'2'
"""

from __future__ import annotations

import re
from typing import Any
from xml.etree.ElementTree import Element

import cssselect2
import tinyhtml5

_UNSEEN = {"script", "style", "template", "head", "title"}
_INLINE = {"a", "abbr", "b", "bdi", "cite", "code", "em", "i", "kbd", "mark", "q", "s", "small",
           "span", "strong", "sub", "sup", "time", "u", "var"}
_TABLE_PARTS = re.compile(r"\s*<(tr|td|th|tbody|thead|tfoot)\b", re.I)


_SPACE = re.compile(r"[ \t\n\r\f]+")  # HTML's white space: a no-break space stays itself


def _words(text: str) -> str:
    return _SPACE.sub(" ", text).strip(" ")


class Node:
    """One element of a page: its visible ``text``, its attributes, the elements inside it."""

    def __init__(self, wrapper: cssselect2.ElementWrapper) -> None:
        self._wrapper = wrapper
        self.element: Element = wrapper.etree_element

    def __repr__(self) -> str:
        return f"<{self.tag} {self.element.attrib!r}: {self.text[:60]!r}>"

    @property
    def tag(self) -> str:
        return str(self.element.tag)

    @property
    def text(self) -> str:
        """The words a player sees in the element, spaces folded as a browser folds them."""
        inside = _seen_text(self.element)[:-1]  # its own tail lies outside it
        return _words("".join(inside))

    def attr(self, name: str) -> str | None:
        return self.element.get(name)

    def __getitem__(self, name: str) -> str:
        value = self.element.get(name)
        if value is None:
            raise KeyError(f"{self!r} has no attribute {name}")
        return value

    def all(self, selector: str) -> list[Node]:
        """Every element inside this one that ``selector`` matches, in page order."""
        return [Node(w) for w in self._wrapper.query_all(selector)]

    def one(self, selector: str) -> Node:
        """The one element inside this one that ``selector`` matches (fails on none or more)."""
        found = self.all(selector)
        assert len(found) == 1, f"{len(found)} elements match {selector!r}: {found!r}"
        return found[0]

    def first(self, selector: str) -> Node | None:
        found = self.all(selector)
        return found[0] if found else None

    def has(self, selector: str) -> bool:
        return self.first(selector) is not None

    def texts(self, selector: str) -> list[str]:
        """The visible text of every element ``selector`` matches."""
        return [n.text for n in self.all(selector)]

    def attrs(self, selector: str, name: str) -> list[str]:
        """Attribute ``name`` of every element ``selector`` matches (those that have it)."""
        return [v for n in self.all(selector) if (v := n.attr(name)) is not None]

    def keyed(self, attr: str) -> dict[str, str]:
        """The visible text of every element with attribute ``attr``, by its value: the
        totals of a scoreboard are ``page.keyed("data-total")``, ``{"Anna": "100", ...}``."""
        return {n[attr]: n.text for n in self.all(f"[{attr}]")}

    def links(self) -> list[str]:
        """Every address a link inside this element goes to."""
        return self.attrs("a[href]", "href")

    def field(self, name: str) -> str | None:
        """What a form inside this element sends for field ``name``: an input's value (a
        checkbox or radio only when checked), a textarea's text, a select's chosen option;
        ``None`` when nothing of that name would be sent."""
        for node in self.all(f'[name="{name}"]'):
            value = node._value()
            if value is not None:
                return value
        return None

    def options(self, name: str) -> list[str]:
        """The values a select (or the radios) named ``name`` offer."""
        select = self.first(f'select[name="{name}"]')
        if select is not None:
            return [o.attr("value") or o.text for o in select.all("option")]
        return self.attrs(f'input[type=radio][name="{name}"]', "value")

    def _value(self) -> str | None:
        if self.tag == "textarea":
            text = "".join(self.element.itertext())
            return text[1:] if text.startswith("\n") else text
        if self.tag == "select":
            options = self.all("option")
            chosen = [o for o in options if o.attr("selected") is not None] or options[:1]
            return (chosen[0].attr("value") or chosen[0].text) if chosen else None
        kind = (self.attr("type") or "text").lower()
        if kind in ("checkbox", "radio"):
            return (self.attr("value") or "on") if self.attr("checked") is not None else None
        if kind in ("submit", "button", "image", "reset", "file"):
            return None
        return self.attr("value") or ""


def _seen_text(element: Element) -> list[str]:
    """The text of ``element`` and its tail; a block (a cell, an item, a paragraph) stands
    apart from its neighbours, an inline element (a card, a bold number) runs on as a
    browser draws it."""
    if str(element.tag) in _UNSEEN:
        return [element.tail or ""]
    apart = "" if str(element.tag) in _INLINE else " "
    parts = [apart, element.text or ""]
    for child in element:
        parts.extend(_seen_text(child))
    parts += [apart, element.tail or ""]
    return parts


class Page(Node):
    """A whole page or an htmx fragment: ``Page(response)`` or ``Page(html)``."""

    def __init__(self, source: Any) -> None:
        html = source if isinstance(source, str) else source.get_data(as_text=True)
        self.html = html
        if _TABLE_PARTS.match(html):
            html = f"<table>{html}</table>"
        root = tinyhtml5.parse(html, namespace_html_elements=False)
        super().__init__(cssselect2.ElementWrapper.from_html_root(root))

    @property
    def text(self) -> str:
        """What the page says: the body's visible words (not the title, not scripts)."""
        body = self.first("body")
        return body.text if body is not None else super().text
