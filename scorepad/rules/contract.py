"""The adjudication contract (ADJUDICATION.md): one JSON request in, one answer out.

:func:`adjudicate` is the single function behind ``python -m scorepad.rules``,
the web API and the referee pages. It never raises on bad input: a request
it cannot answer gets ``{"error": {"code", "message"}}``.
"""

from __future__ import annotations

import json
from typing import Any

from .cards import Card, InvalidCardError, parse_card, parse_cards
from .limits import MAX_NUMBER, brief, is_whole, name_error
from .melds import check_initial_meld, check_meld
from .scoring import Meld, MeldCard, PlayerRound, evaluate_hand, score_round, standings
from .settlement import InvalidSettlementError, Stakes, settle
from .switches import SWITCHES, InvalidHouseRuleError
from .table import Rules, rules_for
from .turns import (
    ACTIONS,
    INITIAL_STATES,
    LayOff,
    TurnError,
    check_exchange_joker,
    check_lay_off,
    check_take_discard,
)
from .variants import UnknownVariantError

__all__ = ["CHECKS", "MAX_CARDS", "MAX_PLAYERS", "RequestError", "adjudicate", "adjudicate_text",
           "read_players"]

CHECKS = ("meld", "initial_meld", "hand", "round", "standings", "settlement", "turn")

MAX_PLAYERS = 20
"""Most players in a request: at a table (``player_count``, ``players``) or in ``totals``."""

MAX_CARDS = SWITCHES["decks"].maximum * 52 + SWITCHES["jokers"].maximum
"""Most cards in one list of a request (a meld, a hand): the biggest pack a table may choose."""


_NOT_NULL = ("decks", "jokers")
"""Switches RULES.md §4 types ``int``: a request leaves them out for the variant's pack (by
player count), never gives them as null (the engine's own default is "not set")."""


class RequestError(ValueError):
    """A request the engine cannot answer; ``code`` is the contract's error code."""

    def __init__(self, code: str, message: str, **extra: Any) -> None:
        self.code = code
        self.extra = extra
        super().__init__(message)

    def to_json(self) -> dict[str, Any]:
        """The contract's error answer."""
        return {"error": {"code": self.code, "message": str(self)} | self.extra}


def adjudicate(request: Any) -> dict[str, Any]:
    """Answer one request of the contract.

    >>> adjudicate({"variant": "jolly_at", "check": "meld", "cards": ["Qh", "Kh", "Ah"]})
    {'legal': True, 'kind': 'run', 'points': 31, 'reading': ['Qh', 'Kh', 'Ah'], 'problems': []}
    >>> adjudicate({"variant": "gin_rummy", "check": "meld", "cards": []})["error"]["code"]
    'UNKNOWN_VARIANT'
    """
    try:
        return _answer(request)
    except RequestError as e:
        return e.to_json()
    except RecursionError:
        # Nested deeper than Python follows: no request of the contract is.
        return RequestError("INVALID_REQUEST", "the request is nested too deeply").to_json()


def adjudicate_text(text: str) -> tuple[list[dict[str, Any]], int]:
    """Answer a text of one JSON request or JSON Lines; return the answers and exit status.

    The status is 0 when every request was understood, 1 when an answer is an
    error, 2 when the input is not JSON.

    >>> answers, status = adjudicate_text('{"variant": "romme_de", "check": "hand", "cards": ["As"]}')
    >>> answers[0]["points"], status
    (11, 0)
    >>> adjudicate_text("{not json")[1]
    2
    >>> adjudicate_text("[" * 100_000)[0][0]["error"]["message"]
    'not JSON: nested too deeply'
    """
    try:
        whole = _json(text)
    except RequestError:
        requests: list[Any] = []
        bad_json = False
        for line in text.splitlines():
            if not line.strip():
                continue
            try:
                requests.append(_json(line))
            except RequestError as e:
                bad_json = True
                requests.append(e)
    else:
        requests, bad_json = [whole], False
    if not requests:
        return [RequestError("INVALID_JSON", "no request in the input").to_json()], 2
    answers = [r.to_json() if isinstance(r, RequestError) else adjudicate(r) for r in requests]
    if bad_json:
        return answers, 2
    return answers, 1 if any("error" in a for a in answers) else 0


def _json(text: str) -> Any:
    """One JSON value, or an INVALID_JSON :class:`RequestError` whatever is wrong with it."""
    try:
        return json.loads(text, parse_int=_parse_int, parse_constant=_no_constant)
    except RecursionError:
        raise RequestError("INVALID_JSON", "not JSON: nested too deeply") from None
    except ValueError as e:
        raise RequestError("INVALID_JSON", f"not JSON: {e}") from None


def _parse_int(digits: str) -> int | float:
    # Python refuses to read an integer of more than 4300 digits (a guard against slow
    # conversions). Such a number is still JSON, just out of every range: read it as an
    # infinity, which no field takes as a whole number.
    try:
        return int(digits)
    except ValueError:
        return float("-inf") if digits.startswith("-") else float("inf")


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON value")


# -- reading a request -----------------------------------------------------

def _answer(req: Any) -> dict[str, Any]:
    if not isinstance(req, dict):
        raise RequestError("INVALID_REQUEST", "a request is a JSON object")
    lang = req.get("lang", "en")
    if lang not in ("en", "de"):
        raise RequestError("INVALID_REQUEST", "lang must be \"en\" or \"de\"")
    check = req.get("check")
    if not isinstance(check, str):
        raise RequestError("INVALID_REQUEST", "the field \"check\" is required: one of "
                           + ", ".join(CHECKS))
    rules = _rules(req)
    if check not in CHECKS:
        raise RequestError("UNKNOWN_CHECK", f"unknown check {check!r}; checks: "
                           + ", ".join(CHECKS))
    if check == "meld":
        cards, declared = _meld(req, "cards", "cards")
        if "jokers_as" in req:
            declared = _cards(req["jokers_as"], "jokers_as")
        return check_meld([c.card for c in cards], rules, jokers_as=declared).to_json(lang)
    if check == "initial_meld":
        melds = [_meld(m, None, f"melds[{i}]") for i, m in enumerate(_list(req, "melds"))]
        return check_initial_meld(
            [[c.card for c in cards] for cards, _ in melds], rules,
            whole_hand=_bool(req, "whole_hand", "whole_hand"),
            jokers_as=[d for _, d in melds]).to_json(lang)
    if check == "hand":
        arrangement = evaluate_hand(_cards(req.get("cards"), "cards"), rules)
        return {"points": arrangement.points,
                "melds": [[c.code() for c in m] for m in arrangement.melds],
                "deadwood": [c.code() for c in arrangement.deadwood]}
    if check == "turn":
        try:
            return _turn(req, rules, lang)
        except TurnError as e:
            raise RequestError("INVALID_REQUEST", str(e)) from None
    if check == "round":
        players = _players(req)
        if "player_count" not in req:
            rules = Rules(rules.variant, rules.house, len(players), rules.round)
        return score_round(players, rules).to_json(lang)
    totals = _totals(req)
    if check == "settlement":
        winners = req.get("winners")
        try:
            return settle(totals, Stakes.from_json(req.get("stakes")), rules.variant,
                          None if winners is None else _names(winners, "winners")).to_json()
        except InvalidSettlementError as e:
            raise RequestError("INVALID_REQUEST", str(e)) from None
    if "rounds_played" not in req:
        # Without it a game with a fixed number of rounds could never end (ADJUDICATION.md).
        raise RequestError("INVALID_REQUEST", "the field \"rounds_played\" is required: the "
                           "number of rounds played so far")
    played = _whole(req["rounds_played"], "rounds_played", 0, MAX_NUMBER)
    playoff = req.get("playoff")
    if playoff is not None:
        playoff = _names(playoff, "playoff")
        if unknown := [n for n in playoff if n not in totals]:
            # Otherwise nobody would be compared and the game could never end.
            raise RequestError("INVALID_REQUEST", "playoff names players without a total: "
                               + ", ".join(unknown))
    return standings(totals, played, rules, playoff=playoff).to_json()


def _rules(req: dict[str, Any]) -> Rules:
    variant = req.get("variant")
    if not isinstance(variant, str):
        raise RequestError("INVALID_REQUEST", "the field \"variant\" is required")
    house = req.get("house_rules")
    if house is not None and not isinstance(house, dict):
        raise RequestError("INVALID_HOUSE_RULE", "house_rules must be an object of switches")
    for key in _NOT_NULL:
        if house is not None and key in house and house[key] is None:
            switch = SWITCHES[key]
            raise RequestError(
                "INVALID_HOUSE_RULE", f"house rule {key!r} must be a whole number, at least "
                f"{switch.minimum} and at most {switch.maximum}, not null (leave it out for "
                "the variant's pack by player count)", key=key)
    round_ = req.get("round")
    if round_ is not None:
        round_ = _whole(round_, "round", 1, MAX_NUMBER)
    count = req.get("player_count")
    if count is None:
        players = req.get("players")
        count = min(len(players), MAX_PLAYERS) if isinstance(players, list) and players else 4
    else:
        count = _whole(count, "player_count", 1, MAX_PLAYERS)
    try:
        rules = rules_for(variant, house, player_count=count, round=round_)
    except UnknownVariantError as e:
        raise RequestError("UNKNOWN_VARIANT", str(e)) from None
    except InvalidHouseRuleError as e:
        raise RequestError("INVALID_HOUSE_RULE", str(e), key=e.key) from None
    if variant == "three_thirteen" and req.get("check") not in ("standings", "settlement", None):
        last = rules.house.rounds or 11
        if round_ is None:
            raise RequestError("INVALID_REQUEST", "three_thirteen needs \"round\" (1 to 11): "
                               "it sets the wild rank and the cards dealt")
        if round_ > last:
            raise RequestError("INVALID_REQUEST", f"three_thirteen has rounds 1 to {last}")
    return rules


def _whole(value: Any, where: str, low: int, high: int) -> int:
    """``value`` if it is a whole number from ``low`` to ``high`` (a bool is none)."""
    if not is_whole(value) or not low <= value <= high:
        raise RequestError("INVALID_REQUEST",
                           f"{where} must be a whole number from {low:,} to {high:,}")
    return value


def _name(value: Any, where: str) -> str:
    """``value`` if it can be a player's name (:func:`~scorepad.rules.limits.name_error`)."""
    problem = name_error(value)
    if problem is not None:
        raise RequestError("INVALID_REQUEST", f"{where}: {problem}")
    return str(value)


def _names(value: Any, where: str) -> list[str]:
    if not isinstance(value, list):
        raise RequestError("INVALID_REQUEST", f"{where} must be a list of names")
    return [_name(n, f"{where}[{i}]") for i, n in enumerate(value)]


def _totals(req: dict[str, Any]) -> dict[str, int]:
    """``totals``: each player's name to a whole number within ±MAX_NUMBER."""
    totals = req.get("totals")
    if not isinstance(totals, dict) or not totals:
        raise RequestError("INVALID_REQUEST", "totals must map each player's name to a whole number")
    if len(totals) > MAX_PLAYERS:
        raise RequestError("INVALID_REQUEST", f"totals may name at most {MAX_PLAYERS} players")
    return {_name(name, "totals"): _whole(value, f"totals[{brief(name)}]", -MAX_NUMBER, MAX_NUMBER)
            for name, value in totals.items()}


def _list(req: Any, key: str) -> list[Any]:
    value = req.get(key) if isinstance(req, dict) else None
    if not isinstance(value, list):
        raise RequestError("INVALID_REQUEST", f"the field {key!r} must be a list")
    return value


def _bool(obj: dict[str, Any], key: str, where: str) -> bool:
    value = obj.get(key, False)
    if not isinstance(value, bool):
        raise RequestError("INVALID_REQUEST", f"{where} must be true or false")
    return value


def _card(value: Any, where: str, position: int) -> Card:
    if not isinstance(value, str):
        shown = brief(value)
        raise RequestError("INVALID_CARD", f"{where}: card {position} must be a string, "
                           f"not {shown}", token=shown, position=position)
    try:
        return parse_card(value, position)
    except InvalidCardError as e:
        raise RequestError("INVALID_CARD", f"{where}: {e}", token=e.token,
                           position=position) from None


def _cards(value: Any, where: str) -> list[Card]:
    if isinstance(value, str):
        try:
            cards = parse_cards(value)
        except InvalidCardError as e:
            raise RequestError("INVALID_CARD", f"{where}: {e}", token=e.token,
                               position=e.position) from None
        return _few(cards, where)
    if not isinstance(value, list):
        raise RequestError("INVALID_REQUEST", f"{where} must be a list of cards")
    return [_card(v, where, i) for i, v in enumerate(_few(value, where), 1)]


def _few(items: list[Any], where: str) -> list[Any]:
    """``items`` if they are no more cards than the biggest pack holds."""
    if len(items) > MAX_CARDS:
        raise RequestError("INVALID_REQUEST", f"{where} holds {len(items)} cards; no pack "
                           f"has more than {MAX_CARDS}")
    return items


def _meld(obj: Any, key: str | None, where: str) -> tuple[list[MeldCard], list[Card] | None]:
    """A meld: a list of card entries, or ``{"cards": [...], "jokers_as": [...]}``."""
    value = obj.get(key) if key is not None and isinstance(obj, dict) else obj
    declared = None
    if isinstance(value, dict):
        if "jokers_as" in value:
            declared = _cards(value["jokers_as"], f"{where}.jokers_as")
        value = value.get("cards")
    if isinstance(value, str):
        return [MeldCard(c) for c in _cards(value, where)], declared
    if not isinstance(value, list):
        raise RequestError("INVALID_REQUEST", f"{where} must be a list of cards")
    out = []
    for i, entry in enumerate(_few(value, where), 1):
        if isinstance(entry, dict):
            by = entry.get("by")
            if by is not None:
                by = _name(by, f"{where}: \"by\" of card {i}")
            out.append(MeldCard(_card(entry.get("card"), where, i), by))
        else:
            out.append(MeldCard(_card(entry, where, i)))
    return out, declared


def _players(req: dict[str, Any]) -> list[PlayerRound]:
    return read_players(_list(req, "players"))


def read_players(raw: Any) -> list[PlayerRound]:
    """The players of a round entry as the contract writes them (a request's ``players``,
    a stored round's entry): the engine's typed :class:`PlayerRound` each, for
    :func:`score_round`. Raises :class:`RequestError` with the contract's code and
    message for an entry the engine cannot read.

    >>> anna, ben = read_players([
    ...     {"name": "Anna", "went_out": True, "melds": [["Qh", "Kh", "Ah"]], "hand": []},
    ...     {"name": "Ben", "melds": [{"cards": [{"card": "Jh", "by": "Anna"}, "Js", "Jd"]}],
    ...      "hand": "JK 5h"}])
    >>> anna.went_out, anna.melds[0].plain == tuple(parse_cards("Qh Kh Ah"))
    (True, True)
    >>> ben.melds[0].cards[0].by, [c.code() for c in ben.hand or ()]
    ('Anna', ['JK', '5h'])
    >>> read_players([{"name": "Anna", "hand_points": -3}])
    Traceback (most recent call last):
    ...
    scorepad.rules.contract.RequestError: players[0].hand_points must be a whole number from 0 to 100,000
    """
    if not isinstance(raw, list):
        raise RequestError("INVALID_REQUEST", "the field 'players' must be a list")
    if not raw:
        raise RequestError("INVALID_REQUEST", "a round needs players")
    if len(raw) > MAX_PLAYERS:
        raise RequestError("INVALID_REQUEST", f"a round has at most {MAX_PLAYERS} players")
    players, seen = [], set()
    for i, p in enumerate(raw):
        where = f"players[{i}]"
        if not isinstance(p, dict):
            raise RequestError("INVALID_REQUEST", f"{where} must be an object")
        if "name" not in p:
            raise RequestError("INVALID_REQUEST", f"{where} needs a name")
        name = _name(p["name"], f"{where}.name")
        if name in seen:
            raise RequestError("INVALID_REQUEST", f"two players are called {name!r}")
        seen.add(name)
        melds_raw = p.get("melds", [])
        if not isinstance(melds_raw, list):
            raise RequestError("INVALID_REQUEST", f"{where}.melds must be a list of melds")
        melds = []
        for j, m in enumerate(melds_raw):
            cards, declared = _meld(m, None, f"{where}.melds[{j}]")
            melds.append(Meld(tuple(cards), tuple(declared) if declared is not None else None))
        numbers: dict[str, int | None] = {}
        for key, low in (("meld_points", -MAX_NUMBER), ("hand_points", 0)):
            value = p.get(key)
            numbers[key] = None if value is None else _whole(value, f"{where}.{key}", low,
                                                             MAX_NUMBER)
        melded = p.get("melded")
        if melded is not None and not isinstance(melded, bool):
            raise RequestError("INVALID_REQUEST", f"{where}.melded must be true or false")
        players.append(PlayerRound(
            name=name,
            melds=tuple(melds),
            hand=None if p.get("hand") is None else tuple(_cards(p["hand"], f"{where}.hand")),
            went_out=_bool(p, "went_out", f"{where}.went_out"),
            hand_win=_bool(p, "hand_win", f"{where}.hand_win"),
            meld_points=numbers["meld_points"],
            hand_points=numbers["hand_points"],
            melded=melded,
        ))
    return players


# -- a turn (check: "turn") --------------------------------------------------------------


def _choice(req: dict[str, Any], key: str, options: tuple[str, ...], default: str | None
            ) -> str | None:
    value = req.get(key)
    if value is None:
        return default
    if not isinstance(value, str) or value not in options:
        raise RequestError("INVALID_REQUEST", f"{key} must be one of " + ", ".join(options))
    return value


def _plain(entries: list[MeldCard]) -> tuple[Card, ...]:
    return tuple(c.card for c in entries)


def _optional_cards(value: list[Card] | None) -> tuple[Card, ...] | None:
    return tuple(value) if value is not None else None


def _lay_off_entry(obj: Any, where: str) -> LayOff:
    if not isinstance(obj, dict):
        raise RequestError("INVALID_REQUEST", f"{where} must be an object with onto, cards "
                           "and owner")
    onto, onto_declared = _meld(obj, "onto", f"{where}.onto")
    cards, declared = _meld(obj, "cards", f"{where}.cards")
    owner = _choice(obj, "owner", ("self", "other"), "other")
    assert owner is not None
    return LayOff(_plain(onto), _plain(cards), owner, _optional_cards(onto_declared),
                  _optional_cards(declared))


def _turn(req: dict[str, Any], rules: Rules, lang: str) -> dict[str, Any]:
    action = _choice(req, "action", ACTIONS, None)
    if action is None:
        raise RequestError("INVALID_REQUEST", "the field \"action\" is required: one of "
                           + ", ".join(ACTIONS))
    initial = _choice(req, "initial_meld", INITIAL_STATES, None)
    if action == "take_discard":
        count = req.get("hand_count")
        hand_count = None if count is None else _whole(count, "hand_count", 0, MAX_CARDS)
        if "discards" not in req:
            raise RequestError("INVALID_REQUEST", "take_discard needs \"discards\": the "
                               "pile as it lies, oldest first")
        discards = _cards(req["discards"], "discards")
        take = _whole(req.get("take", 1), "take", 1, MAX_CARDS)
        if take > len(discards):
            raise RequestError("INVALID_REQUEST", f"take is {take}, but the pile holds only "
                               f"{len(discards)} cards")
        raw_melds = req.get("melds", [])
        if not isinstance(raw_melds, list):
            raise RequestError("INVALID_REQUEST", "melds must be a list of melds")
        melds = [_meld(m, None, f"melds[{i}]") for i, m in enumerate(raw_melds)]
        raw_lay = req.get("lay_offs", [])
        if not isinstance(raw_lay, list):
            raise RequestError("INVALID_REQUEST", "lay_offs must be a list of lay-offs")
        return check_take_discard(
            discards, rules, take=take, initial_meld=initial, hand_count=hand_count,
            melds=[_plain(m) for m, _ in melds], melds_jokers_as=[d for _, d in melds],
            lay_offs=[_lay_off_entry(lo, f"lay_offs[{i}]") for i, lo in enumerate(raw_lay)],
        ).to_json(lang)
    if action == "lay_off":
        for key in ("onto", "cards"):
            if key not in req:
                raise RequestError("INVALID_REQUEST", f"lay_off needs \"{key}\"")
        onto, onto_declared = _meld(req, "onto", "onto")
        cards, declared = _meld(req, "cards", "cards")
        owner = _choice(req, "owner", ("self", "other"), "other")
        assert owner is not None
        return check_lay_off(_plain(onto), _plain(cards), rules, owner=owner,
                             initial_meld=initial, onto_jokers_as=onto_declared,
                             jokers_as=declared).to_json(lang)
    for key in ("meld", "cards"):
        if key not in req:
            raise RequestError("INVALID_REQUEST", f"exchange_joker needs \"{key}\"")
    meld, meld_declared = _meld(req, "meld", "meld")
    offered = _cards(req["cards"], "cards")
    joker_to = _choice(req, "joker_to", ("hand", "new_meld"), None)
    new_meld: tuple[Card, ...] | None = None
    new_declared = None
    if req.get("new_meld") is not None:
        new_entries, new_declared = _meld(req, "new_meld", "new_meld")
        new_meld = _plain(new_entries)
    return check_exchange_joker(_plain(meld), offered, rules, initial_meld=initial,
                                joker_to=joker_to, new_meld=new_meld,
                                meld_jokers_as=meld_declared,
                                new_meld_jokers_as=new_declared).to_json(lang)
