"""The adjudication contract (ADJUDICATION.md): one JSON request in, one answer out.

:func:`adjudicate` is the single function behind ``python -m scorepad.rules``,
the web API and the referee pages. It never raises on bad input: a request
it cannot answer gets ``{"error": {"code", "message"}}``.
"""

from __future__ import annotations

import json
from typing import Any

from .cards import Card, InvalidCardError, parse_card, parse_cards
from .melds import check_initial_meld, check_meld
from .scoring import Meld, MeldCard, PlayerRound, evaluate_hand, score_round, standings
from .variants import InvalidHouseRuleError, Rules, UnknownVariantError, rules_for

__all__ = ["CHECKS", "RequestError", "adjudicate", "adjudicate_text"]

CHECKS = ("meld", "initial_meld", "hand", "round", "standings")


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


def adjudicate_text(text: str) -> tuple[list[dict[str, Any]], int]:
    """Answer a text of one JSON request or JSON Lines; return the answers and exit status.

    The status is 0 when every request was understood, 1 when an answer is an
    error, 2 when the input is not JSON.

    >>> answers, status = adjudicate_text('{"variant": "romme_de", "check": "hand", "cards": ["As"]}')
    >>> answers[0]["points"], status
    (11, 0)
    >>> adjudicate_text("{not json")[1]
    2
    """
    try:
        whole = json.loads(text)
    except ValueError:
        whole = None
        requests: list[Any] = []
        bad_json = False
        for line in text.splitlines():
            if not line.strip():
                continue
            try:
                requests.append(json.loads(line))
            except ValueError as e:
                bad_json = True
                requests.append(RequestError("INVALID_JSON", f"not JSON: {e}"))
    else:
        requests, bad_json = [whole], False
    if not requests:
        return [RequestError("INVALID_JSON", "no request in the input").to_json()], 2
    answers = [r.to_json() if isinstance(r, RequestError) else adjudicate(r) for r in requests]
    if bad_json:
        return answers, 2
    return answers, 1 if any("error" in a for a in answers) else 0


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
    if check == "round":
        players = _players(req)
        if "player_count" not in req:
            rules = Rules(rules.variant, rules.house, len(players), rules.round)
        return score_round(players, rules).to_json(lang)
    totals = req.get("totals")
    if not isinstance(totals, dict) or not all(_is_int(v) for v in totals.values()):
        raise RequestError("INVALID_REQUEST", "totals must map each player's name to a whole number")
    played = req.get("rounds_played", 0)
    if not _is_int(played) or played < 0:
        raise RequestError("INVALID_REQUEST", "rounds_played must be a whole number ≥ 0")
    playoff = req.get("playoff")
    if playoff is not None and (not isinstance(playoff, list)
                                or not all(isinstance(n, str) for n in playoff)):
        raise RequestError("INVALID_REQUEST", "playoff must be a list of names")
    if playoff and (unknown := [n for n in playoff if n not in totals]):
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
    round_ = req.get("round")
    if round_ is not None and (not _is_int(round_) or round_ < 1):
        raise RequestError("INVALID_REQUEST", "round must be a whole number ≥ 1")
    count = req.get("player_count")
    if count is None:
        players = req.get("players")
        count = len(players) if isinstance(players, list) and players else 4
    elif not _is_int(count) or not 1 <= count <= 20:
        raise RequestError("INVALID_REQUEST", "player_count must be a whole number from 1 to 20")
    try:
        rules = rules_for(variant, house, player_count=count, round=round_)
    except UnknownVariantError as e:
        raise RequestError("UNKNOWN_VARIANT", str(e)) from None
    except InvalidHouseRuleError as e:
        raise RequestError("INVALID_HOUSE_RULE", str(e), key=e.key) from None
    if variant == "three_thirteen" and req.get("check") not in ("standings", None):
        last = rules.house.rounds or 11
        if round_ is None:
            raise RequestError("INVALID_REQUEST", "three_thirteen needs \"round\" (1 to 11): "
                               "it sets the wild rank and the cards dealt")
        if round_ > last:
            raise RequestError("INVALID_REQUEST", f"three_thirteen has rounds 1 to {last}")
    return rules


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


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
        raise RequestError("INVALID_CARD", f"{where}: card {position} must be a string, "
                           f"not {json.dumps(value)[:40]}", token=str(value)[:40],
                           position=position)
    try:
        return parse_card(value, position)
    except InvalidCardError as e:
        raise RequestError("INVALID_CARD", f"{where}: {e}", token=e.token,
                           position=position) from None


def _cards(value: Any, where: str) -> list[Card]:
    if isinstance(value, str):
        try:
            return parse_cards(value)
        except InvalidCardError as e:
            raise RequestError("INVALID_CARD", f"{where}: {e}", token=e.token,
                               position=e.position) from None
    if not isinstance(value, list):
        raise RequestError("INVALID_REQUEST", f"{where} must be a list of cards")
    return [_card(v, where, i) for i, v in enumerate(value, 1)]


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
    for i, entry in enumerate(value, 1):
        if isinstance(entry, dict):
            by = entry.get("by")
            if by is not None and not isinstance(by, str):
                raise RequestError("INVALID_REQUEST", f"{where}: \"by\" of card {i} must be a name")
            out.append(MeldCard(_card(entry.get("card"), where, i), by))
        else:
            out.append(MeldCard(_card(entry, where, i)))
    return out, declared


def _players(req: dict[str, Any]) -> list[PlayerRound]:
    raw = _list(req, "players")
    if not raw:
        raise RequestError("INVALID_REQUEST", "a round needs players")
    players, seen = [], set()
    for i, p in enumerate(raw):
        where = f"players[{i}]"
        if not isinstance(p, dict):
            raise RequestError("INVALID_REQUEST", f"{where} must be an object")
        name = p.get("name")
        if not isinstance(name, str) or not name.strip():
            raise RequestError("INVALID_REQUEST", f"{where} needs a name")
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
        numbers = {}
        for key in ("meld_points", "hand_points"):
            value = p.get(key)
            if value is not None and not _is_int(value):
                raise RequestError("INVALID_REQUEST", f"{where}.{key} must be a whole number")
            numbers[key] = value
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
