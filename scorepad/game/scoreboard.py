"""The game at the table: rounds scored by the engine, totals, dealer, standings.

This is the only place where stored games meet the rules engine. Rounds are
scored through the engine's JSON contract (:func:`scorepad.rules.adjudicate`),
the same answers the CLI and the API give.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from flask_babel import force_locale, format_number
from flask_babel import gettext as _

from scorepad.game.models import Game, Round
from scorepad.rules import MAX_NUMBER, Rules, Variant, adjudicate, find_variant, rules_for
from scorepad.rules.cards import Rank


def variant_of(game: Game) -> Variant:
    return find_variant(game.variant)


def rules_of(game: Game, round_number: int | None = None) -> Rules:
    variant = variant_of(game)
    return rules_for(variant, game.house_rules, player_count=len(game.players),
                     round=deal_of(game, round_number))


def deal_of(game: Game, round_number: int | None) -> int | None:
    """The deal (cards, wild rank) of a game's round where deals change by round (3-13),
    else ``None``: a play-off after the last round replays the last deal
    (:meth:`~scorepad.rules.Variant.deal_of`). Round 3 of a two-round 3-13 game was once
    refused as having "rounds 1 to 2".
    """
    return variant_of(game).deal_of(round_number, game.house_rules.get("rounds"))


def contract_lang(lang: str) -> str:
    """The language to ask the engine's JSON contract in: its own English or German; for
    another language of the app (French), English, which the contract always speaks.

    Until the round pages read the engine's typed problems (and word them with
    ``scorepad.words.problems.problem_text``), a French round page shows the engine's
    problems in English rather than failing with "lang must be en or de".

    >>> contract_lang("de"), contract_lang("fr")
    ('de', 'en')
    """
    return lang if lang in ("en", "de") else "en"


def score_entry(game: Game, number: int, players: list[dict[str, Any]],
                lang: str = "en") -> dict[str, Any]:
    """The engine's answer for one round as entered (``valid``, ``scores``, ``details``, ``problems``).

    A round a plus/minus table counted itself (every player ``{"net": n}``) is taken as
    typed: see :func:`score_net`.
    """
    if any(isinstance(p, dict) and "net" in p for p in players):
        return score_net(game, players, lang)
    with force_locale(lang):
        out_of_range = points_problems(game, number, players)
    if out_of_range:
        return {"valid": False, "problems": out_of_range}
    request: dict[str, Any] = {
        "variant": game.variant,
        "check": "round",
        "house_rules": game.house_rules,
        "player_count": len(game.players),
        "players": players,
        "lang": contract_lang(lang),
    }
    if (deal := deal_of(game, number)) is not None:
        request["round"] = deal
    return adjudicate(request)


# The largest total a player may reach, either way: the engine's bound on every number
# (``MAX_NUMBER``). A round that would carry a total past it is refused, so a game can
# always be decided and go on.
MAX_TOTAL = MAX_NUMBER


def totals_problems(board: Scoreboard) -> list[dict[str, Any]]:
    """A problem for every player whose total passes :data:`MAX_TOTAL`."""
    return [{"code": "TOTAL_TOO_LARGE", "player": name, "message": _(
        "%(name)s's total would pass %(n)s points, more than a game can hold: check the "
        "points of this round.", name=name, n=format_number(MAX_TOTAL))}
        for name, total in board.totals.items() if abs(total) > MAX_TOTAL]


def points_problems(game: Game, number: int, players: list[Any]) -> list[dict[str, Any]]:
    """The typed meld and hand points the round form would refuse: negative, or more than
    the whole pack is worth (:attr:`~scorepad.rules.Rules.most_points`). The API and an import are held to the
    same bounds as the form."""
    limit = rules_of(game, number).most_points
    problems = []
    for p in players:
        if not isinstance(p, dict):
            continue
        for key in ("meld_points", "hand_points"):
            value = p.get(key)
            if isinstance(value, int) and not isinstance(value, bool) and not 0 <= value <= limit:
                problems.append({"code": "POINTS_OUT_OF_RANGE", "player": p.get("name"),
                                 "message": _("%(name)s: points are a whole number from 0 to "
                                              "%(n)d (the whole pack).",
                                              name=str(p.get("name"))[:40], n=limit)})
    return problems


NET_KEYS = frozenset({"name", "net", "went_out", "hand_win"})
NET_LIMIT = 10_000


def score_net(game: Game, players: list[dict[str, Any]], lang: str = "en") -> dict[str, Any]:
    """A round the table counted on its own: one net number per player.

    The engine splits a round into melds, hand, factor and bonus; a table counting
    net has done that itself (Handglatt doubling included), so the net number is
    the player's score and is stored as typed. Still checked: a plus/minus variant,
    every player a whole number, exactly one closer, the closer not below zero.
    Answers in the engine's shape, so that the service and an import treat it alike.
    """
    with force_locale(lang):
        if not variant_of(game).higher_wins:
            return _net_refused(_("Only a plus/minus game takes one net number per player."))
        for p in players:
            if not isinstance(p, dict) or set(p) - NET_KEYS or "net" not in p:
                return _net_refused(_("A round counted net gives every player a net number "
                                      "and nothing else."))
            net = p["net"]
            if isinstance(net, bool) or not isinstance(net, int) or abs(net) > NET_LIMIT:
                return _net_refused(_("%(name)s's net number must be a whole number from "
                                      "-%(n)d to %(n)d.", name=str(p.get("name"))[:40],
                                      n=NET_LIMIT))
        closers = [p for p in players if p.get("went_out") is True]
        if len(closers) != 1:
            return {"valid": False, "problems": [{"code": "CLOSER_COUNT", "message": _(
                "Mark the one player who went out.")}]}
        if closers[0]["net"] < 0:
            return {"valid": False, "problems": [{"code": "NET_CLOSER", "message": _(
                "%(name)s went out and cannot lose points in the round.",
                name=closers[0]["name"]), "player": closers[0]["name"]}]}
    return {"valid": True, "problems": [],
            "scores": {p["name"]: p["net"] for p in players},
            "details": {p["name"]: {"net": p["net"], "total": p["net"]} for p in players}}


def _net_refused(message: str) -> dict[str, Any]:
    return {"error": {"code": "INVALID_REQUEST", "message": message}}


@dataclass
class Row:
    number: int
    dealer: str
    scores: dict[str, int | None]
    totals: dict[str, int]
    closer: str | None
    hand_win: bool
    round: Round


@dataclass
class Scoreboard:
    """Everything the game page shows, derived from the stored rounds."""

    game: Game
    variant: Variant
    rules: Rules
    names: list[str]
    rows: list[Row]
    totals: dict[str, int]
    finished: bool
    winners: list[str]
    playoff: list[str]
    leaders: list[str]
    next_number: int
    next_dealer: str
    next_cards: int
    next_wild: Rank | None
    playing: list[str]
    distance: dict[str, int | None] = field(default_factory=dict)
    """Points each player still needs before their total ends the game (see scoreboard)."""

    @property
    def higher_wins(self) -> bool:
        return self.variant.higher_wins

    @property
    def target(self) -> int | None:
        return self.rules.house.target if self.rules.house.rounds is None else None


def scoreboard(game: Game) -> Scoreboard:
    variant = variant_of(game)
    names = [p.name for p in game.players]
    totals = dict.fromkeys(names, 0)
    rows: list[Row] = []
    playoff: list[str] = []
    decision: dict[str, Any] = {"finished": False, "winners": [], "playoff": [], "leaders": []}
    for rnd in game.rounds:
        for name, score in rnd.scores.items():
            if name in totals:
                totals[name] += score
        closer = next((p["name"] for p in rnd.entry["players"] if p.get("went_out")), None)
        hand_win = any(p.get("hand_win") for p in rnd.entry["players"])
        rows.append(Row(rnd.number, names[rnd.dealer % len(names)],
                        {n: rnd.scores.get(n) for n in names}, dict(totals), closer, hand_win, rnd))
        decision = standings_of(game, totals, rnd.number, playoff)
        if "error" in decision:  # a total past the bound, stored before totals were bounded
            decision = {"finished": False, "winners": [], "playoff": [], "leaders": []}
        elif decision["playoff"]:
            playoff = decision["playoff"]
    if not game.rounds:
        decision = standings_of(game, totals, 0, [])
    number = len(game.rounds) + 1
    rules = rules_of(game, number)
    target = rules.house.target if rules.house.rounds is None else None
    # Points a player still needs before their total ends the game: one more than the
    # target where it must be passed (">"), the target itself where reaching it is enough;
    # 0 or less: the total has ended it. (A penalty game ends so too, lost by that player.)
    step = 1 if rules.house.target_reached_when == ">" else 0
    distance = {n: None if target is None else target + step - totals[n] for n in names}
    dealer_seat = (game.first_dealer + len(game.rounds)) % len(names)
    pack = rules.pack
    return Scoreboard(
        game=game, variant=variant, rules=rules, names=names, rows=rows, totals=totals,
        finished=bool(decision["finished"]), winners=list(decision["winners"]),
        playoff=list(decision["playoff"]), leaders=list(decision.get("leaders", [])),
        next_number=number, next_dealer=names[dealer_seat],
        next_cards=pack.hand_size, next_wild=rules.wild_rank,
        playing=list(decision["playoff"]) or names, distance=dict(distance),
    )


def standings_of(game: Game, totals: dict[str, int], rounds_played: int,
                 playoff: list[str]) -> dict[str, Any]:
    request: dict[str, Any] = {
        "variant": game.variant, "check": "standings", "house_rules": game.house_rules,
        "totals": totals, "rounds_played": rounds_played,
    }
    if playoff:
        request["playoff"] = playoff
    return adjudicate(request)


def surcharge_parts(rules: Rules, players: list[dict[str, Any]], name: str,
                    surcharge: int) -> list[tuple[str, int]]:
    """Rami's surcharge of ``name`` in its parts, in words: never melded +100, rummy +100
    (or +200 when nobody else had melded). ``players`` is the round's entry; the parts
    always add up to ``surcharge`` (where they would not, it stays one part)."""
    if not surcharge:
        return []
    h = rules.house
    closer = next((p for p in players if p.get("went_out")), None)
    lump = [(_("surcharge"), surcharge)]
    never = [(_("never melded"), h.unmelded_surcharge)]
    if closer is None or not closer.get("hand_win"):
        return never if surcharge == h.unmelded_surcharge else lump

    def melded(p: dict[str, Any]) -> bool:
        return bool(p["melded"]) if "melded" in p else bool(p.get("melds") or p.get("meld_points"))

    nobody = not any(melded(p) for p in players if p is not closer)
    if nobody:
        rummy = [(_("rummy, nobody else had melded"), h.rummy_no_melds_surcharge)]
        if h.rummy_no_melds_replaces == "both":
            return rummy if surcharge == h.rummy_no_melds_surcharge else lump
    else:
        rummy = [(_("rummy"), h.rummy_surcharge)]
    for parts in (rummy, rummy + never):
        if sum(n for _label, n in parts) == surcharge:
            return parts
    return lump


def number_notes(rules: Rules, *, net: bool) -> list[str]:
    """What a round typed by numbers must hold and what Scorepad adds itself, in words for
    this table's house rules: one number per player (``net``) holds everything (the bonus
    for going out, the doubling after a win from the hand); separate numbers hold only the
    points on the table, and Scorepad adds the bonus, the doubling and Rami's surcharges."""
    h, variant = rules.house, rules.variant
    win = _(variant.hand_win.after) if variant.hand_win else ""
    factor = h.hand_win_factor if win else 1
    other_bonus = (h.hand_win_bonus if win and h.hand_win_bonus is not None
                   and h.hand_win_bonus != h.closer_bonus else None)
    notes: list[str] = []
    if net:
        # One short sentence: the round form of one number per player fits one screen.
        held = []
        if h.closer_bonus:
            held.append(_("the %(n)d for going out", n=h.closer_bonus) if other_bonus is None
                        else _("the %(n)d for going out (%(win)s: %(m)d)", n=h.closer_bonus,
                                                                    win=win, m=other_bonus))
        if factor == 2:
            held.append(_("the doubled hands after %(win)s", win=win))
        elif factor != 1:
            held.append(_("the hands ×%(f)d after %(win)s", f=factor, win=win))
        if not held:
            return [_("Each number is the player's whole score for the round.")]
        return [_("Each number already includes %(what)s.", what=held[0] if len(held) == 1
                  else _("%(one)s and %(other)s", one=held[0], other=held[1]))]
    if variant.higher_wins:
        notes.append(_("Type the points as they lie on the table."))
    elif not variant.melds_in_hand:
        notes.append(_("Type only the points of the cards left in the hand."))
    if h.closer_bonus:
        notes.append(_("Scorepad adds the %(n)d for going out itself.", n=h.closer_bonus)
                     if variant.higher_wins else
                     _("Scorepad takes %(n)d off the total of who went out itself.",
                       n=h.closer_bonus))
    if other_bonus is not None:
        notes.append(_("After %(win)s it gives %(n)d instead.", win=win, n=other_bonus))
    if factor == 2:
        notes.append(_("After %(win)s Scorepad doubles the others' hand points itself.",
                       win=win))
    elif factor != 1:
        notes.append(_("After %(win)s Scorepad counts the others' hand points %(f)d times "
                       "itself.", win=win, f=factor))
    if h.unmelded_surcharge or h.rummy_surcharge:
        notes.append(_("Scorepad adds the surcharges itself: +%(never)d for who never melded, "
                       "+%(rummy)d after a rummy (+%(alone)d when nobody else had melded).",
                       never=h.unmelded_surcharge, rummy=h.rummy_surcharge,
                       alone=h.rummy_no_melds_surcharge))
    return notes
