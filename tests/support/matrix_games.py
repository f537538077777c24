"""Games of every variant entered every way, and what a player must never read.

The web matrix (tests/web/test_matrix.py) builds one game per variant × way of entering
its rounds through the forms the app offers; the browser matrix
(tests/browser/test_matrix_width.py) imports such games as files. :func:`raw_words`
finds raw codes and file names in text a player reads; :func:`visible_text` extracts
that text from a page.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

from flask.testing import FlaskClient

from scorepad.rules import SWITCHES, VARIANTS

from .page import Page
from .web import delete_last, new_game

NAMES = ["Anna", "Ben", "Cleo"]
MODES = ("cards", "numbers", "net", "together", "corrected", "deleted_restored", "imported",
         "api", "finished", "playoff")
"""Every way a round gets into a game: by cards, by separate numbers (melds and hand),
by one number per player, entered together (one part per phone), corrected (from
numbers to cards for the closer), deleted and restored, imported from a JSON export,
sent by the JSON API in the engine's format (3-13 melds apart from the hand);
and a game at its end: over after two rounds (a shared win), or Anna and Ben tied after
two rounds and playing off."""

# Every variant plays for stakes, each in another way; one evening per variant.
STAKES = {
    "jolly_at": {"stakes_mode": "pot", "stakes_cents": "100", "currency": "EUR"},
    "jolly_vorrat": {"stakes_mode": "per_point", "stakes_cents": "5", "currency": "EUR"},
    "three_thirteen": {"stakes_mode": "to_winner", "stakes_cents": "10", "currency": "EUR"},
    "romme_de": {"stakes_mode": "pot", "stakes_cents": "50", "currency": "CHF"},
    "rami_fr": {"stakes_mode": "per_point", "stakes_cents": "2", "currency": "EUR"},
}

# What lies on the table, player by player: melds (text as typed, "@Ben" a lay-off of
# Ben's) and hand; Anna goes out. 3-13 by round (3 cards in round 1, 4 in round 2).
_OPEN = {0: (["Qh Kh Ah", "6c 7c 8c 9c@Ben"], ""), 1: (["7s 7h 7d"], "JK 5h"),
         2: ([], "3c 4d")}
_RAMI = {0: (["10h Jh Qh Kh", "6c 7c 8c 9c@Ben"], ""), 1: (["7s 7h 7d"], "JK 5h"),
         2: ([], "3c 4d")}
_THIRTEEN = {1: {0: (["4h 5h 6h"], ""), 1: ([], "Kc Qd 2s"), 2: ([], "7c 8c Kd")},
             2: {0: (["4h 5h 6h 7h"], ""), 1: ([], "Kc Qd 2s 9d"), 2: (["8c 8d 8s"], "Kd")},
             3: {0: (["6h 7h 8h 9h 10h"], ""), 1: ([], "Kc Qd 2s 9d Jc"),
                 2: (["8c 8d 8s"], "Kd Jd")}}


def table_cards(variant: str, number: int) -> dict[int, tuple[list[str], str]]:
    if variant == "three_thirteen":
        return _THIRTEEN[number]
    return _RAMI if variant == "rami_fr" else _OPEN


def plus_minus(variant: str) -> bool:
    return VARIANTS[variant].scoring == "plus_minus"


def combinations() -> list[tuple[str, str]]:
    """Every variant × way of entering; one number per player is counting plus and minus
    (a penalty game's numbers are one number per player already)."""
    return [(v, m) for v in VARIANTS for m in MODES if m != "net" or plus_minus(v)]


# -- entering rounds as the forms post them ---------------------------------------------------

def cards_fields(variant: str, number: int, players: range | list[int] | None = None
                 ) -> dict[str, str]:
    """The round form's fields for ``players`` (default: all) entered by cards."""
    data: dict[str, str] = {"closer": "0"}
    for i, (melds, hand) in table_cards(variant, number).items():
        if players is not None and i not in players:
            continue
        if variant == "three_thirteen":  # one field of all the player's cards
            data |= {f"mode_{i}": "cards", f"p{i}_hand": " ".join(melds + [hand]).strip()}
            continue
        data |= {f"mode_{i}": "cards", f"melds_{i}": str(max(1, len(melds))), f"p{i}_hand": hand}
        data |= {f"p{i}_meld{j}": meld for j, meld in enumerate(melds)}
    return data


def numbers_fields(variant: str, number: int, players: list[int] | None = None) -> dict[str, str]:
    """The round form's fields for ``players`` (default: all) entered by numbers."""
    data: dict[str, str] = {"closer": "0"}
    hands = [0, 15 + number, 30]
    melds = [40, 20, 0]
    for i in range(len(NAMES)):
        if players is not None and i not in players:
            continue
        data[f"mode_{i}"] = "numbers"
        data[f"hand_{i}"] = "" if i == 0 else str(hands[i])
        if plus_minus(variant):
            data[f"meld_{i}"] = str(melds[i] + number)
            data[f"hand_{i}"] = str(hands[i])
        elif variant in ("romme_de", "rami_fr") and i == 1:
            data[f"melded_{i}"] = "y"
    return data


def level_fields(variant: str, closer: int) -> dict[str, str]:
    """A round by numbers that ``closer`` (Anna or Ben) closes: played once by each, Anna
    and Ben are level."""
    other = 1 - closer
    if plus_minus(variant):
        return {"closer": str(closer), f"meld_{closer}": "40", f"hand_{closer}": "0",
                f"meld_{other}": "20", f"hand_{other}": "10", "meld_2": "0", "hand_2": "30"}
    data = {"closer": str(closer), f"hand_{closer}": "", f"hand_{other}": "10", "hand_2": "30"}
    if variant in ("romme_de", "rami_fr"):
        data |= {f"melded_{other}": "y", "melded_2": "y"}
    return data


def net_fields(number: int) -> dict[str, str]:
    """One number per player, the closer's first."""
    return {"closer": "0", "net_0": str(40 + number), "net_1": str(5 - number), "net_2": "-30"}


def engine_round(variant: str, number: int) -> list[dict[str, Any]]:
    """The cards round in the engine's format (a lay-off is ``{"card", "by"}``)."""
    players = []
    for i, (melds, hand) in table_cards(variant, number).items():
        player: dict[str, Any] = {"name": NAMES[i], "hand": hand.split(), "melds": [
            [{"card": c.split("@")[0], "by": c.split("@")[1]} if "@" in c else c
             for c in meld.split()] for meld in melds]}
        if i == 0:
            player["went_out"] = True
        players.append(player)
    return players


def api_round(client: FlaskClient, game: str, number: int,
              players: list[dict[str, Any]]) -> None:
    key = game.rstrip("/").rsplit("/", 1)[1]
    response = client.post(f"/api/v1/games/{key}/rounds",
                           json={"number": number, "players": players})
    assert response.status_code == 201, response.get_data(as_text=True)[:1500]


def save(client: FlaskClient, game: str, data: dict[str, str], number: int) -> None:
    response = client.post(f"{game}/rounds/new", data=data | {"action": "save",
                                                                "number": str(number)})
    assert response.status_code == 302, _why(response)


def together_part(client: FlaskClient, game: str, variant: str, number: int, seat: int,
                  by_cards: bool, went_out: bool = False) -> None:
    """One player's part of a round entered together, posted from their own part form
    (Anna went out)."""
    data: dict[str, str] = {"number": str(number)}
    if seat == 0 or went_out:
        data["went_out"] = "y"
    if by_cards:
        melds, hand = table_cards(variant, number)[seat]
        data |= {"mode": "cards", "melds": "\n".join(melds), "hand": hand}
    else:
        fields = numbers_fields(variant, number, [seat])
        data |= {"mode": "numbers", "hand_points": fields.get(f"hand_{seat}", ""),
                 "meld_points": fields.get(f"meld_{seat}", "")}
        if fields.get(f"melded_{seat}"):
            data["melded"] = "y"
    response = client.post(f"{game}/together?as={NAMES[seat]}", data=data)
    assert response.status_code == 303, _why(response)


def _why(response: Any) -> str:
    return f"{response.status_code}: {visible_text(response.get_data(as_text=True))[:1500]}"


@dataclass
class Built:
    """A game of the matrix: its address, its evening, the round its forms are at."""

    variant: str
    mode: str
    game: str
    evening: str
    rounds: int
    source: str | None = None  # the game an imported one was exported from
    notes: list[str] = field(default_factory=list)

    @property
    def key(self) -> str:
        return self.game.rstrip("/").rsplit("/", 1)[1]


def start(client: FlaskClient, variant: str, *, counting: str = "separate", **house: Any) -> str:
    return new_game(client, variant, NAMES, fields=STAKES[variant] | {"counting": counting},
                    **({"target": 100_000} | house))


ROUND_FORM_FIELDS: dict[str, Callable[[str, int], dict[str, str]]] = {
    "net": lambda variant, number: net_fields(number),
    "cards": lambda variant, number: cards_fields(variant, number),
    "numbers": lambda variant, number: numbers_fields(variant, number),
}
"""The round form's fields of round 1 or 2, for the ways of entering that use only it."""


def build(client: FlaskClient, variant: str, mode: str, evenings: dict[str, str]) -> Built:
    """A game of ``variant`` whose rounds went in as ``mode`` says, through the forms; it
    joins (or starts) the variant's evening."""
    source = None
    if mode in ROUND_FORM_FIELDS:  # two rounds through the round form
        game = start(client, variant, counting="net" if mode == "net" else "separate")
        for number in (1, 2):
            save(client, game, ROUND_FORM_FIELDS[mode](variant, number), number)
    elif mode == "together":
        game = start(client, variant)
        for seat in range(len(NAMES)):
            together_part(client, game, variant, 1, seat, by_cards=seat != 1)
        saved = client.post(f"{game}/together/save", data={"number": "1"})
        assert saved.status_code == 303, _why(saved)
        # Round 2 is under way: Anna's part is in, Cleo's is missing, and Ben says he went
        # out too (a whole-round problem every phone sees).
        together_part(client, game, variant, 2, 0, by_cards=True)
        together_part(client, game, variant, 2, 1, by_cards=False, went_out=True)
    elif mode == "corrected":
        game = start(client, variant)
        save(client, game, numbers_fields(variant, 1), 1)
        save(client, game, numbers_fields(variant, 2), 2)
        edit = client.get(f"{game}/rounds/1/edit").get_data(as_text=True)
        data = form_data(edit, "round") | cards_fields(variant, 1, [0]) | {"action": "save"}
        response = client.post(f"{game}/rounds/1/edit", data=data)
        assert response.status_code == 302, _why(response)
    elif mode == "deleted_restored":
        game = start(client, variant)
        save(client, game, numbers_fields(variant, 1), 1)
        save(client, game, cards_fields(variant, 2), 2)
        assert delete_last(client, game, 2).status_code == 303
        undo = Page(client.get(game)).first("form.undo")
        assert undo is not None, "the game page offers no undo of the deletion"
        assert client.post(undo["action"]).status_code == 303
    elif mode == "api":
        game = start(client, variant)
        api_round(client, game, 1, engine_round(variant, 1))
        api_round(client, game, 2, engine_round(variant, 2))
    elif mode in ("finished", "playoff"):
        game = start(client, variant, rounds=2, tie="shared" if mode == "finished" else "playoff")
        save(client, game, level_fields(variant, 0), 1)
        save(client, game, level_fields(variant, 1), 2)
    elif mode == "imported":
        source = start(client, variant)
        save(client, source, cards_fields(variant, 1), 1)
        save(client, source, numbers_fields(variant, 2), 2)
        exported = client.get(f"{source}/game.json").get_data(as_text=True)
        response = client.post("/games/import", data={"text": exported})
        assert response.status_code == 302, _why(response)
        game = response.headers["Location"]
        client.get(game)  # as the browser follows: its "imported" note is read here
    else:
        raise AssertionError(mode)
    if variant in evenings:
        joined = client.post(f"{game}/evening/join", data={"link": evenings[variant]})
        assert joined.headers.get("Location", "").endswith(evenings[variant]), _why(joined)
    else:
        started = client.post(f"{game}/evening")
        assert started.status_code == 302, _why(started)
        evenings[variant] = started.headers["Location"]
    return Built(variant, mode, game, evenings[variant], 1 if mode == "together" else 2, source)


# -- reading pages as a player does ---------------------------------------------------------

class _Forms(HTMLParser):
    """Every form of a page with the fields a browser would post (no button)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[tuple[dict[str, str], list[tuple[str, str]]]] = []
        self._textarea: str | None = None
        self._select: str | None = None
        self._selected: str | None = None
        self._first: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.forms.append((a, []))
        if not self.forms:
            return
        fields = self.forms[-1][1]
        name = a.get("name")
        if tag == "input" and name:
            kind = a.get("type", "text")
            if kind in ("submit", "button", "image", "file", "reset"):
                return
            if kind in ("checkbox", "radio") and "checked" not in a:
                return
            fields.append((name, a.get("value", "on" if kind in ("checkbox", "radio") else "")))
        elif tag == "textarea" and name:
            self._textarea = name
            fields.append((name, ""))
        elif tag == "select" and name:
            self._select, self._selected, self._first = name, None, None
        elif tag == "option" and self._select is not None:
            value = a.get("value", "")
            if self._first is None:
                self._first = value
            if "selected" in a:
                self._selected = value

    def handle_endtag(self, tag: str) -> None:
        if tag == "textarea":
            self._textarea = None
        elif tag == "select" and self._select is not None and self.forms:
            chosen = self._selected if self._selected is not None else self._first
            if chosen is not None:
                self.forms[-1][1].append((self._select, chosen))
            self._select = None

    def handle_data(self, data: str) -> None:
        if self._textarea is not None and self.forms:
            name, value = self.forms[-1][1][-1]
            # The first newline after <textarea> is not part of the value.
            text = value + data
            self.forms[-1][1][-1] = (name, text[1:] if not value and text.startswith("\n")
                                     else text)


def forms(html: str) -> list[tuple[dict[str, str], dict[str, str]]]:
    """Each form of ``html``: its attributes and the fields a browser posts."""
    parser = _Forms()
    parser.feed(html)
    return [(attrs, dict(fields)) for attrs, fields in parser.forms]


def form_data(html: str, css_class: str) -> dict[str, str]:
    """The fields of the page's form of class ``css_class`` as a browser posts them."""
    for attrs, fields in forms(html):
        if css_class in attrs.get("class", "").split():
            return fields
    raise AssertionError(f"no form of class {css_class!r}")


# Attributes a player reads (or hears): tooltips, placeholders, labels, button faces.
_READ_ATTRIBUTES = {"title", "placeholder", "alt", "aria-label"}
_SKIPPED = {"script", "style"}


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _SKIPPED:
            self._skip += 1
            return
        a = {k: v or "" for k, v in attrs}
        self.parts += [a[k] for k in sorted(_READ_ATTRIBUTES & a.keys()) if a[k].strip()]
        # A button's face, and what a text field is prefilled with.
        if (tag == "input" and a.get("type", "text") in ("submit", "button", "text", "number")
                and a.get("value", "").strip()):
            self.parts.append(a["value"])

    def handle_endtag(self, tag: str) -> None:
        if tag in _SKIPPED and self._skip:
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip and data.strip():
            self.parts.append(" ".join(data.split()))


def visible_text(html: str) -> str:
    """What a player reads on a page: its text, one line per text node, the attributes read
    out (titles, placeholders, labels) and the values of buttons and text fields; no tags,
    scripts, styles or other attributes."""
    parser = _Text()
    parser.feed(html)
    return "\n".join(parser.parts)


# -- words a family should never see ---------------------------------------------------------

def switch_codes() -> set[str]:
    """Every value code of every switch (``strict``, ``any_run``, ``playoff``, ``>=`` ...)."""
    return {c for s in SWITCHES.values() for c in s.choices} | {"face"}


_URL = re.compile(r"\b(?:https?://|/)[\w.:/?#=&%~+-]*[\w/]")
_SNAKE = re.compile(r"\b[^\W_\d][^\W_]*(?:_[^\W_]+)+\b")
_KEY_VALUE = re.compile(r"\b[a-z][a-z_]*=\S+")


def raw_words(text: str, lang: str) -> list[str]:
    """Raw codes and file names in ``text`` (one text node a line) that a player reads in
    ``lang``: ``RULES.md``, ``§``, ``seed 0``, snake_case identifiers (every variant id),
    ``key=value``, and the value codes of the house-rule switches: in German any of them
    as a word; in English (where ``both`` or ``shared`` are plain words) a code standing
    alone, in parentheses or paired with another (``auto/required``)."""
    found: list[str] = []
    codes = switch_codes()
    words = sorted((c for c in codes if c.isalpha()), key=len, reverse=True)
    symbols = sorted((c for c in codes if not c.replace("_", "").isalnum()), key=len,
                     reverse=True)
    alternation = "|".join(re.escape(c) for c in words)
    for line in text.splitlines():
        plain = _URL.sub(" ", line)
        for pattern in ("RULES.md", "§", "seed 0"):
            if pattern in line:
                found.append(line)
        found += [m.group(0) for m in _SNAKE.finditer(plain)]
        found += [v for v in VARIANTS if v in plain and v not in found]
        found += [m.group(0) for m in _KEY_VALUE.finditer(plain)]
        stripped = plain.strip(" .:;,()")
        if stripped in codes:
            found.append(line)
        for symbol in symbols:
            if re.search(rf"(?<![<>=\w]){re.escape(symbol)}(?![<>=\w])", plain):
                found.append(f"{symbol} in: {line}")
        if lang == "de":
            found += [m.group(0) for m in re.finditer(rf"\b(?:{alternation})\b", plain)]
        else:
            found += [m.group(0) for m in re.finditer(
                rf"\((?:{alternation})\)|\b(?:{alternation})/(?:{alternation})\b", plain)]
    return list(dict.fromkeys(found))


def readable_json_text(document: Any) -> list[str]:
    """The human-readable text of a game file: names (players, the game's, who changed
    what); its keys, codes and cards are the file format."""
    out: list[str] = []
    if isinstance(document, dict):
        for key, value in document.items():
            if key in ("name", "by", "profile_name") and isinstance(value, str):
                out.append(value)
            elif key == "players" and isinstance(value, list):
                out += [p if isinstance(p, str) else str(p.get("name", "")) for p in value
                        if isinstance(p, (str, dict))]
                out += [t for p in value for t in readable_json_text(p)]
            else:
                out += readable_json_text(value)
    elif isinstance(document, list):
        out += [t for item in document for t in readable_json_text(item)]
    return out


def game_file(client: FlaskClient, game: str) -> dict[str, Any]:
    return dict(json.loads(client.get(f"{game}/game.json").get_data(as_text=True)))


# -- English on a German page ----------------------------------------------------------------

def _english_sentences() -> set[str]:
    """Every English sentence the app says that has its own German: the catalog's msgids
    (the literal parts of those with placeholders, the rule words among them) and the engine's
    help pairs; at least three words, so that a name or a card word never counts."""
    from babel.messages.pofile import read_po

    from scorepad import ROOT

    with (ROOT / "scorepad" / "translations" / "de" / "LC_MESSAGES" / "messages.po").open(
            "rb") as f:
        catalog = read_po(f, locale="de")
    pairs: list[tuple[str, str]] = []
    for message in catalog:
        if isinstance(message.id, str) and isinstance(message.string, str):
            pairs.append((message.id, message.string))
    # The rule words are catalog messages; the engine's own help lines are still its pairs.
    pairs += [(s.help_en, s.help_de) for s in SWITCHES.values()]
    out = set()
    for en, de in pairs:
        if not de or en == de:
            continue
        for part in re.split(r"%\(\w+\)[sd]|%[sd]|\{\w*\}", en):
            part = part.strip(" .,:;()–-")
            if len(part.split()) >= 3 and part not in de:
                out.add(part)
    return out


ENGLISH = _english_sentences()


def english_words(text: str) -> list[str]:
    """The app's English sentences in ``text`` of a German page (untranslated words)."""
    return sorted(sentence for sentence in ENGLISH if sentence in text)


# -- a sentence said twice, French typography -------------------------------------------------

# A sentence ends before a capital, a quote or a verdict mark ("e.g. 9c" goes on).
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-ZÀ-Ý«“„\"✓✗])")


def _plain(sentence: str) -> str:
    return " ".join(sentence.casefold().strip(" .!?:;✓✗").split())


def repeated_sentences(text: str) -> list[str]:
    """Sentences (three words or more) that ``text`` (one answer: a fragment, or the answer
    part of a page) says twice, also as the reason after a verdict's colon ("No: jokers are
    not exchanged." then "Jokers are not exchanged.")."""
    sentences = [s for line in text.splitlines() for s in _SENTENCE_END.split(line)
                 if len(s.split()) >= 3 and s.rstrip().endswith((".", "!", "?"))]
    plain = [_plain(s) for s in sentences]
    found = []
    for i, p in enumerate(plain):
        if any(p == q or q.endswith(": " + p) or p.endswith(": " + q)
               for q in plain[:i]):
            found.append(sentences[i])
    return found


# A colon French writes after a word without its no-break space ("manches: 2"); a time
# (17:40), an address and a typed lay-off (the notation "Anna: 9c", which the fields read)
# are not sentences.
_FRENCH_COLON = re.compile(r"(?<=[^\s\u00a0\u202f\d/:])(?<!https)(?<!http):(?!//)"
                           r"(?!\s?(?:10|[2-9JQKA])[cdhs♣♦♥♠](?:\s|$))")


def french_colons(text: str) -> list[str]:
    """Lines of French ``text`` with a colon not preceded by a (no-break) space; a lay-off
    typed as the fields read it ("Anna: 9c") and a German rule quoted as the seed words it
    („…“) are not French sentences."""
    return [line for line in text.splitlines()
            if not line.startswith("„") and _FRENCH_COLON.search(_URL.sub(" ", line))]


_VOWEL_NAME = r"(?:[AEIOUYÀÂÉÈÊÎÔÛ][a-zà-ÿ]+)"


def french_elisions(text: str, names: list[str]) -> list[str]:
    """Lines of French ``text`` with "de", "le", "la" or "que" before one of ``names`` that
    begins with a vowel ("de Anna" where French writes "d’Anna")."""
    vowel = [n for n in names if re.match(_VOWEL_NAME, n)]
    if not vowel:
        return []
    pattern = re.compile(r"\b(?:de|le|la|que) (?:" + "|".join(map(re.escape, vowel)) + r")\b",
                         re.I)
    return [line for line in text.splitlines() if pattern.search(line)]
