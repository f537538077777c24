"""Random and hostile requests for every API endpoint and every form; shared by the fuzz test
(a few hundred examples on each database) and ``bench/bench_fuzz.py`` (tens of thousands).

Each ``send_*`` function sends one generated request and returns the status codes it got.
"""

from __future__ import annotations

import json
from typing import Any

from flask.testing import FlaskClient
from hypothesis import strategies as st

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
