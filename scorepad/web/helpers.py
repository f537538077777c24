"""What the templates use beside their context: filters and globals, all registered here
(:func:`register`), and the small pieces of text that more than one view shows.

The page's language, a card as a small chip, a rank as the players say it, house rules in
words, a change of the history in words, the rules page behind a problem, the pinned htmx,
a CSV cell.
"""

from __future__ import annotations

import functools
from typing import Any
from urllib.parse import urlencode

from babel import Locale
from flask import Flask, g, has_request_context, request, url_for
from flask_babel import gettext as _

from scorepad.game.models import Change
from scorepad.rules import find_variant
from scorepad.web import times
from scorepad.web.device import phone_player, this_device
from scorepad.words import LANGUAGES, french
from scorepad.words import cards as card_words
from scorepad.words import house_rules as rulewords
from scorepad.words import problems as problem_words
from scorepad.words import variants as variant_words
from scorepad.words.house_rules import changed_in_words
from scorepad.words.rulebook import rule_topic, topic_title

HTMX_VERSION = "2.0.11"
HTMX_SRI = "sha384-2OatzQy1H+Zd/IIrjr1TcuDGqLXeHhbooAyJY1KdQMKnr4LZ22k31GBLdYKHmVjg"

THEME_LIGHT = "#17603a"
"""The felt green of the icon: the colour of the installed app's title bar (and the
manifest's), and the dark theme's page colour for a phone set to dark."""
THEME_DARK = "#121212"

POLL_EVERY = "1.2s"
"""How often an open page asks: a change shows within this plus one render (p95 under
2 s measured with 1.5 s too, but with little to spare), at about 0.6 KB/s per idle phone."""


def register(app: Flask) -> None:
    """Every template filter, global and context value of the app."""

    @app.context_processor
    def inject() -> dict[str, Any]:
        return {"lang": page_language(), "htmx_cdn": app.config["HTMX_CDN"], "htmx_sri": HTMX_SRI,
                "htmx_local": f"vendor/htmx-{HTMX_VERSION}.min.js", "languages": language_names(),
                "theme": {"light": THEME_LIGHT, "dark": THEME_DARK}}

    app.add_template_filter(card_words.chip, "card")
    app.add_template_filter(times.when, "when")
    app.add_template_global(card_words.rank_label)
    app.add_template_global(card_words.onto_chip)
    app.add_template_global(card_words.example_cards)
    app.add_template_global(card_words.picker_words)
    app.add_template_global(card_words.written_ranks)
    app.add_template_global(card_words.notation, "card_notation")
    app.add_template_global(rulewords.label, "rule_label")
    app.add_template_global(rulewords.changed_in_words)
    app.add_template_global(variant_words.title, "variant_title")
    app.add_template_global(variant_words.summary, "variant_summary")
    app.add_template_global(rules_in_words)
    app.add_template_global(rule_link)
    app.add_template_global(lang_url)
    app.add_template_global(change_words)
    app.add_template_global(problem_words.unsaid)
    app.add_template_global(scores_words)
    app.add_template_global(phone_player)
    app.add_template_global(this_device)
    app.add_template_global(times.phone_zone)
    app.add_template_global(french.colon)
    app.jinja_env.globals["live_every"] = POLL_EVERY  # a value, not a function
    _say_templates_through_the_domain(app)


def _say_templates_through_the_domain(app: Flask) -> None:
    """The templates' ``_``/``gettext``/``ngettext`` fill their sentences in as Python's
    ``gettext`` does (:func:`scorepad.words.french.worded`: a name elided in French); Jinja's
    own filled them in with ``%`` after Flask-Babel had translated them. Escaping stays
    Jinja's: the sentence is markup, each value is escaped into it."""
    from flask_babel import get_translations
    from jinja2 import pass_context
    from markupsafe import Markup

    from scorepad.words.french import worded

    def said(context: Any, text: str, variables: dict[str, Any]) -> str:
        if context.eval_ctx.autoescape:
            text = Markup(text)
        return worded(text, variables) if variables else text

    @pass_context
    def gettext(context: Any, string: str, **variables: Any) -> str:
        return said(context, get_translations().ugettext(string), variables)

    @pass_context
    def ngettext(context: Any, singular: str, plural: str, num: int, **variables: Any) -> str:
        variables.setdefault("num", num)
        return said(context, get_translations().ungettext(singular, plural, num), variables)

    @pass_context
    def pgettext(context: Any, ctx: str, string: str, **variables: Any) -> str:
        return said(context, get_translations().upgettext(ctx, string), variables)

    app.jinja_env.globals.update(gettext=gettext, ngettext=ngettext, pgettext=pgettext)


@functools.cache
def language_names() -> dict[str, str]:
    """Each language in its own words, for the switch on every page (Babel's names:
    English, Deutsch, Français); read once, at the first page."""
    return {code: str(Locale.parse(code).get_display_name(code)).capitalize()
            for code in LANGUAGES}


def page_language() -> str:
    """The language of this page: ``?lang=``, else the ``lang`` cookie, else the browser's."""
    if "lang" in g:
        return str(g.lang)
    if not has_request_context():
        # A command or a direct call of the service: no browser to ask, the source language
        # (a refusal's message is made as it is raised, was a RuntimeError instead of it).
        return "en"
    chosen = request.args.get("lang") or request.cookies.get("lang")
    if chosen not in LANGUAGES:
        chosen = request.accept_languages.best_match(LANGUAGES) or "en"
    g.lang = chosen
    return str(chosen)


def lang_url(code: str) -> str:
    """This page in another language (a GET of the same address, its query kept). The
    answer to a post is its address read again (the round form, its typing kept on the
    phone), where that address answers a GET; else the home page."""
    rule = request.url_rule
    if request.endpoint is None or rule is None or "GET" not in (rule.methods or ()):
        return url_for("games.home", lang=code)
    args = [(k, v) for k, v in request.args.items(multi=True) if k != "lang"]
    return request.path + "?" + urlencode(args + [("lang", code)])



def rules_in_words(variant_id: str, house_rules: dict[str, Any]) -> list[tuple[str, str]]:
    """Each changed switch as the game page says it: its name and its value, in words."""
    variant = find_variant(variant_id)
    return changed_in_words(variant.changed(variant.house_rules(house_rules)), variant)


def rule_link(reference: str) -> dict[str, str] | None:
    """Where the rule behind a problem is explained: the rules page of this game (or
    variant), at the topic's anchor, with the topic's title in the player's language."""
    found = rule_topic(reference)
    if found is None:
        return None
    variant, topic = found
    key = (request.view_args or {}).get("key")
    title = topic_title(topic, find_variant(variant))
    if key:
        return {"href": url_for("referee.game_rules", key=key, _anchor=topic), "title": title}
    house = request.values.get("house", "")[:4000]
    args: dict[str, Any] = {"house": house} if house else {}
    return {"href": url_for("referee.rules", variant=variant, _anchor=topic, **args),
            "title": title}


def change_words(change: Change) -> str:
    """A change as the table says it: "Round 7 was saved on Anna's phone"."""
    n = change.round_number
    if change.device is not None and change.device == this_device():
        return str({
            "added": _("Round %(n)d was saved on this phone.", n=n),
            "corrected": _("Round %(n)d was corrected on this phone.", n=n),
            "deleted": _("Round %(n)d was deleted on this phone.", n=n),
            "restored": _("Round %(n)d was restored on this phone.", n=n),
        }.get(change.action, ""))
    if change.by:
        return str({
            "added": _("Round %(n)d was saved on %(name)s’s phone.", n=n, name=change.by),
            "corrected": _("Round %(n)d was corrected on %(name)s’s phone.", n=n,
                           name=change.by),
            "deleted": _("Round %(n)d was deleted on %(name)s’s phone.", n=n, name=change.by),
            "restored": _("Round %(n)d was restored on %(name)s’s phone.", n=n,
                          name=change.by),
        }.get(change.action, ""))
    return str({
        "added": _("Round %(n)d was saved on another phone.", n=n),
        "corrected": _("Round %(n)d was corrected on another phone.", n=n),
        "deleted": _("Round %(n)d was deleted on another phone.", n=n),
        "restored": _("Round %(n)d was restored on another phone.", n=n),
    }.get(change.action, ""))


def scores_words(scores: dict[str, int] | None) -> str:
    """Scores in one line: ``Anna 0 · Ben 12``."""
    return " · ".join(f"{name} {score}" for name, score in (scores or {}).items())


def csv_cell(value: str) -> str:
    """A name as a CSV cell that a spreadsheet shows as text, never runs as a formula."""
    return "'" + value if value[:1] in ("=", "+", "-", "@", "\t", "\r") else value
