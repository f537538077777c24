"""Random and hostile requests for every API endpoint and every form; shared by the fuzz test
(a few hundred examples on each database) and ``bench/bench_fuzz.py`` (tens of thousands).

Each ``send_*`` function sends one generated request and returns the status codes it got.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from flask.testing import FlaskClient
from hypothesis import strategies as st
from werkzeug.datastructures import ImmutableMultiDict

NAMES = ["Anna", "Ben"]
_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(min_value=-(10**400), max_value=10**400),
    st.floats(allow_nan=False), st.text(max_size=50),
    st.sampled_from(["Anna", "Ben", "Qh", "JK", "♥10", "jolly_at", "romme_de", "three_thirteen",
                     "pot", "\x00", "\u202e", "x" * 41, "", "../", "%00", "1e309"]),
)
json_values = st.recursive(
    _scalars,
    lambda children: st.one_of(st.lists(children, max_size=6),
                               st.dictionaries(st.text(max_size=12) | st.sampled_from(
                                   ["name", "went_out", "hand_win", "melds", "hand",
                                    "meld_points", "hand_points", "melded", "number", "version",
                                    "players", "variant", "house_rules", "first_dealer", "cards",
                                    "by", "check", "jokers_as"]), children, max_size=6)),
    max_leaves=25,
)
players_entry = st.lists(
    st.fixed_dictionaries(
        {"name": st.sampled_from(NAMES + ["Cleo", "", 5])},
        optional={"went_out": st.booleans() | _scalars, "hand_win": st.booleans(),
                  "meld_points": st.integers(-10**6, 10**6) | _scalars,
                  "hand_points": st.integers(-10**6, 10**6) | _scalars,
                  "melded": st.booleans(),
                  "hand": st.lists(st.sampled_from(["Qh", "JK", "Xx", "10♥", "", 3]), max_size=14),
                  "melds": st.lists(st.lists(st.sampled_from(
                      ["Qh", "Kh", "Ah", "JK", {"card": "9c", "by": "Ben"},
                       {"card": "9c", "by": "Zed"}, "Zz"]), max_size=5), max_size=4)}),
    max_size=4)
bodies = st.one_of(
    json_values,
    st.fixed_dictionaries({"number": st.integers(-3, 5) | _scalars,
                           "version": st.integers(-3, 5) | _scalars,
                           "players": players_entry | json_values}),
    st.fixed_dictionaries({"variant": st.sampled_from(["jolly_at", "romme_de", "three_thirteen",
                                                       "rami_fr", "jolly_vorrat", "x"]) | _scalars,
                           "players": st.lists(_scalars, max_size=9) | _scalars},
                          optional={"house_rules": st.dictionaries(
                              st.sampled_from(["target", "rounds", "hand_win_factor", "decks",
                                               "jokers", "tie", "court_values", "x"]),
                              _scalars | st.lists(st.integers(), max_size=4), max_size=4),
                              "first_dealer": _scalars}),
)
raw_bodies = st.one_of(
    bodies.map(lambda b: json.dumps(b).encode()),
    st.binary(max_size=200),
    st.sampled_from([b"[" * 50_000, b"{" * 50_000, b'{"a":' * 20_000, b"\xff\xfe", b"",
                     b"null", b"1" * 5000]),
)
FIELDS = ["meld_0", "meld_1", "hand_0", "hand_1", "closer", "hand_win", "melded_0", "melded_1",
          "action", "number", "version", "player_0", "player_1", "player_2", "first_dealer",
          "hr_target", "hr_tie", "hr_court_values", "hr_wild_in_hand", "hr_ace_high",
          "hr_rounds", "hr_hand_win_factor", "mode_0", "mode_1", "melds_0", "p0_meld0",
          "p0_hand", "p1_meld0", "p1_hand", "p0_meld0_reading", "link", "text", "variant"]
form_values = st.one_of(
    st.text(max_size=30),
    st.sampled_from(["save", "preview", "add_meld_0", "check_initial", "0", "1", "-1",
                     "99999999999999999999", "1" * 400, "", "y", "cards", "numbers", "Qh Kh Ah",
                     "JK JK JK", "6c 7c 8c 9c@Ben", "9c@Zed", "½", "٣", "NaN", "<script>",
                     "\x00", "\u202eAnna", "x" * 41]),
)
forms = st.dictionaries(st.sampled_from(FIELDS), form_values, max_size=len(FIELDS))


def make_game(client: FlaskClient, variant: str = "jolly_at") -> str:
    """A game with one round, through the API; its key."""
    response = client.post("/api/v1/games", json={"variant": variant, "players": NAMES})
    key = str(response.get_json()["key"])
    round_ = [{"name": "Anna", "went_out": True, "meld_points": 40, "hand_points": 0},
              {"name": "Ben", "meld_points": 10, "hand_points": 5}]
    if variant != "jolly_at":
        round_ = [{"name": "Anna", "went_out": True}, {"name": "Ben", "hand_points": 5}]
    client.post(f"/api/v1/games/{key}/rounds", json={"number": 1, "players": round_})
    return key


def send_api(client: FlaskClient, key: str, raw: bytes, which: int) -> list[int]:
    """One hostile body to one of the API's writing endpoints."""
    json_type = {"content_type": "application/json"}
    targets = [("POST", "/api/v1/adjudicate"), ("POST", "/api/v1/games"),
               ("POST", f"/api/v1/games/{key}/rounds"), ("PUT", f"/api/v1/games/{key}/rounds/1"),
               ("PUT", f"/api/v1/games/{key}/rounds/2")]
    method, url = targets[which % len(targets)]
    codes = [client.open(url, method=method, data=raw, **json_type).status_code]
    if which % 7 == 0:
        codes.append(client.delete(f"/api/v1/games/{key}/rounds/1?version="
                                   + raw[:20].decode("latin-1").replace("&", "")).status_code)
    return codes


def send_form(client: FlaskClient, key: str, data: dict[str, Any], which: int) -> list[int]:
    """One random form to one of the pages that take posts."""
    targets = [f"/g/{key}/rounds/new", f"/g/{key}/rounds/1/edit", f"/g/{key}/rounds/1/delete",
               f"/g/{key}/rounds/check-meld", f"/g/{key}/rounds/check-initial",
               "/games/new?variant=jolly_at", "/games/new?variant=three_thirteen", "/open",
               "/games/import", f"/g/{key}/rounds/restore/1"]
    url = targets[which % len(targets)]
    return [client.post(url, data=data).status_code]


# -- every route, every query parameter, every cookie ----------------------------------------

# Every name a page reads from a query, a form or a cookie (grep request.args/form/values).
PARAMS = sorted(set(FIELDS) | {
    "v", "since", "number", "view", "editing", "page", "lang", "house", "round", "as", "paper",
    "details", "orientation", "q", "cards", "reading", "melds", "layoffs", "keep",
    "others_melded", "hand_win", "totals", "played", "playoff", "initial_melds",
    "initial_whole", "whole", "whole_hand", "player", "next", "field", "from", "mode",
    "went_out", "hand_points", "meld_points", "melded", "name", "counting", "archived",
    "confirm", "evening", "profile", "by", "a", "b", "stakes_mode", "stakes_cents",
    "currency", "game_name", "profile_name", "mode_2", "p0_meld1", "p0_meld0_reading"})
param_values = st.one_of(
    form_values,
    st.sampled_from(["²", "⑤", "٣", "１", "2147483648", "-2147483649", "9" * 30, "1_0", " 7 ",
                     "[" * 1100 + "]" * 1100, '{"a":' * 900 + "1" + "}" * 900, '{"decks":"²"}',
                     '{"target": 99999999999}', "\ud800", "board", "notice", "together", "1",
                     "de", "en", "a4", "letter", "meld", "hand", "initial", "out", "standings",
                     "Anna", "Ben", "Anna 120\nBen 90", "Anna 999999\nBen -999999"]),
    st.integers(-(2**40), 2**40).map(str),
)
# Values with which every page goes as deep as it goes (a meld to check, a question the
# referee knows, a player of the game): a hostile value in one or two names of these
# reaches the code that reads it, rather than a refusal of some other name first.
GOOD = {
    "v": "", "since": "0", "number": "1", "view": "notice", "editing": "1", "page": "0",
    "lang": "en", "house": "{}", "round": "1", "as": "Anna", "paper": "a4", "q": "meld",
    "cards": "JK Qh Kh", "reading": "1", "melds": "Qh Kh Ah", "totals": "Anna 120\nBen 90",
    "played": "3", "initial_melds": "Qh Kh Ah\n7c 8c 9c", "player": "Anna",
    "field": "p0_meld0", "from": "1", "mode": "cards", "went_out": "y", "hand_points": "5",
    "meld_points": "40", "melded": "y", "name": "Omas", "counting": "net", "by": "Anna",
    "meld_0": "40", "meld_1": "0", "hand_0": "0", "hand_1": "5", "closer": "0",
    "action": "preview", "version": "1", "player_0": "Anna", "player_1": "Ben",
    "first_dealer": "0", "mode_0": "cards", "mode_1": "numbers", "melds_0": "2",
    "p0_meld0": "JK Qh Kh", "p0_meld0_reading": "1", "p0_meld1": "7c 8c 9c", "p0_hand": "",
    "p1_hand": "5h 6c", "stakes_mode": "pot", "stakes_cents": "50", "currency": "EUR",
}


def _requests(most: int) -> Any:
    """Either :data:`GOOD` with one to ``most`` names made hostile, or hostile names alone."""
    hostile = st.dictionaries(st.sampled_from(PARAMS), param_values, min_size=1, max_size=most)
    return st.tuples(st.booleans(), hostile).map(lambda t: (GOOD | t[1]) if t[0] else t[1])


queries = _requests(3)
any_forms = _requests(4)
cookie_values = st.one_of(
    st.text(max_size=60),
    st.sampled_from(["a" * 22, "a" * 33, "b" * 43, "ab cd" * 5, "", "Europe/Vienna",
                     "America/New_York", "Etc/GMT+14", "../../etc", "\x00", "x" * 3000,
                     "eyJ4Ijp7fX0.ZZZ.abc", "."]),
)
cookies = st.dictionaries(st.sampled_from(["scorepad_device", "tz", "session", "lang"]),
                          cookie_values, max_size=4)
# Rendering a PDF takes a renderer process half a second: those routes are fuzzed by their
# own tests' odd parameters, not here.
_SLOW = {"export.sheet", "evenings.sheet", "export.blank"}
VARIANT_NAMES = ["jolly_at", "romme_de", "three_thirteen", "rami_fr", "jolly_vorrat", "x", "²"]


def routes(app: Any) -> list[tuple[str, str, str]]:
    """Every (method, rule, endpoint) of the app but the PDFs and static files."""
    out = []
    for rule in app.url_map.iter_rules():
        if rule.endpoint in _SLOW or rule.endpoint == "static":
            continue
        for method in sorted(rule.methods - {"OPTIONS"}):
            out.append((method, rule.rule, rule.endpoint))
    return sorted(out)


def make_keys(client: FlaskClient) -> dict[str, str]:
    """A game with a round in an evening, and a house-rule profile: keys for every route."""
    game = make_game(client)
    client.post(f"/g/{game}/evening")
    page = client.get(f"/g/{game}").get_data(as_text=True)
    evening = _first(r"/e/([A-Za-z0-9_-]{16,43})", page)
    client.post(f"/g/{game}/profile", data={"name": "Omas Jolly"})
    profile = _first(r"/p/([A-Za-z0-9_-]{16,43})", client.get("/profiles").get_data(as_text=True))
    return {"game": game, "evening": evening, "profile": profile}


def _first(pattern: str, text: str) -> str:
    import re

    match = re.search(pattern, text)
    return match.group(1) if match else "x" * 22


def send_any(client: FlaskClient, keys: dict[str, str], route: tuple[str, str, str],
             query: dict[str, str], form: dict[str, str], jar: dict[str, str],
             number: int, variant: str) -> list[int]:
    """One request to one route: hostile query, form and cookies."""
    from urllib.parse import quote

    method, rule, endpoint = route
    key = keys["evening"] if rule.startswith("/e/") else (
        keys["profile"] if rule.startswith("/p/") else keys["game"])
    if endpoint == "games.delete":  # a game of its own, so the others stay
        key = make_game(client)
    url = (rule.replace("<key:key>", key).replace("<key>", key)
           .replace("<int:number>", str(number)).replace("<int:change>", str(number))
           .replace("<variant>", quote(variant)))
    for name, value in jar.items():
        client.set_cookie(name, value.encode("utf-8", "surrogatepass").decode("latin-1"))
    try:
        query_string = "&".join(f"{quote(k)}={quote(v, safe='', errors='surrogatepass')}"
                                for k, v in query.items())
        data = {k: v.encode("utf-8", "surrogatepass").decode("utf-8", "replace")
                for k, v in form.items()}
        kwargs: dict[str, Any] = {"query_string": query_string}
        if method in ("POST", "PUT"):
            kwargs["data"] = data
        return [client.open(url, method=method, **kwargs).status_code]
    finally:
        for name in jar:
            client.delete_cookie(name)


# -- the sweep: every name each route reads, with every hostile value ---------------------

SWEEP_VALUES = ["²", "⑤", "٣", "2147483648", "-99999999999999999999", "[" * 1100 + "]" * 1100,
                '{"a":' * 900 + "1" + "}" * 900, "x\ud800", ""]
SWEEP_COOKIES = {"scorepad_device": ["a" * 33, "b" * 43, "ab cd", "x" * 3000],
                 "tz": ["Etc/GMT+14", "../../etc/passwd", "x" * 3000, "\x00"],
                 "session": ["eyJ4Ijp7fX0.ZZZ.abc", "x" * 3000, "."]}


class _Recording(ImmutableMultiDict):  # type: ignore[type-arg]
    """A request's query, form or cookies that note every name the app asks for."""

    read: set[str] = set()

    def get(self, key: Any, default: Any = None, type: Any = None) -> Any:
        self.read.add(key)
        return super().get(key, default, type)

    def getlist(self, key: Any, type: Any = None) -> Any:
        self.read.add(key)
        return super().getlist(key, type)

    def __getitem__(self, key: Any) -> Any:
        self.read.add(key)
        return super().__getitem__(key)

    def __contains__(self, key: Any) -> bool:
        self.read.add(key)
        return super().__contains__(key)


def names_read(app: Any, client: FlaskClient, keys: dict[str, str],
               route: tuple[str, str, str]) -> set[str]:
    """The query, form and cookie names ``route`` reads when every name is :data:`GOOD`."""
    plain = app.request_class

    class Recording(plain):  # type: ignore[valid-type,misc]
        parameter_storage_class = _Recording
        dict_storage_class = _Recording

    app.request_class = Recording
    _Recording.read = set()
    try:
        send_any(client, keys, route, GOOD, GOOD, {}, 1, "jolly_at")
    finally:
        app.request_class = plain
    return {name for name in _Recording.read if isinstance(name, str)}


def sweep(app: Any, client: FlaskClient, keys: dict[str, str], values: list[str],
          cookie_values: dict[str, list[str]] | None = None) -> Iterator[tuple[Any, int]]:
    """Every route, every name it reads made each of ``values`` in turn (the others
    :data:`GOOD`), and each cookie of ``cookie_values``: yields (what was sent, status)."""
    cookie_values = SWEEP_COOKIES if cookie_values is None else cookie_values
    for route in routes(app):
        names = names_read(app, client, keys, route) | {"number", "version", "since", "from"}
        for name in sorted(names):
            for value in values:
                sent = GOOD | {name: value}
                for code in send_any(client, keys, route, sent, sent, {}, 2, "jolly_at"):
                    yield (route, name, value[:40]), code
        if route[0] != "GET":
            continue
        for cookie, hostile in cookie_values.items():
            for value in hostile:
                for code in send_any(client, keys, route, GOOD, GOOD, {cookie: value}, 1,
                                     "romme_de"):
                    yield (route, cookie, value[:40]), code
