"""The game at the table: rounds scored by the engine, totals, dealer, standings.

This is the only place where stored games meet the rules engine. A stored entry is
read by :func:`scorepad.rules.read_players` and scored by
:func:`scorepad.rules.score_round`, the functions behind the CLI's and the API's
answers; the app reads their typed results.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from scorepad.game.models import Game, Round
from scorepad.game.points import NOT_A_NUMBER, points_rules
from scorepad.rules import (
    MAX_NUMBER,
    Arrangement,
    Breakdown,
    Problem,
    RequestError,
    Rules,
    Standings,
    Variant,
    find_variant,
    read_players,
    rules_for,
    score_round,
    standings,
)
from scorepad.rules.cards import Card, Rank


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


def _(template: str) -> str:
    """Marks ``template`` as a message id for the catalogs (``pybabel extract``); the words
    themselves are made where they are shown (:mod:`scorepad.words.problems`)."""
    return template


@dataclass(frozen=True)
class TableProblem:
    """A problem Scorepad finds in a round beside the engine's rules (a number out of range,
    a total past the bound, a round counted net): its code, its message id and parameters
    (the id is the English template, as gettext's are: :mod:`scorepad.words.problems`
    words it in a page's language) and the player it is about.

    >>> TableProblem("NET_CLOSER", _("%(name)s went out."), {"name": "Anna"}, "Anna").english()
    'Anna went out.'
    """

    code: str
    template: str
    params: Mapping[str, Any] = field(default_factory=dict)
    player: str | None = None

    def english(self) -> str:
        """The problem in English (a game file's words): the template filled in, as gettext
        fills a message id it has no translation for (a whole number in a ``%(n)s`` place
        grouped by thousands, as Babel's ``format_number`` writes it in English)."""
        return self.template % {key: f"{value:,}" if _grouped(self.template, key, value)
                                else value for key, value in self.params.items()}

    def to_json(self, message: str | None = None) -> dict[str, Any]:
        """As the engine's problems are answered: code, player, ``message`` (its words in the
        language shown, by default English; NET_CLOSER names the player last, as the API has
        always answered it)."""
        out: dict[str, Any] = {"code": self.code}
        if self.player is not None and self.code != "NET_CLOSER":
            out["player"] = self.player
        out["message"] = self.english() if message is None else message
        if self.player is not None and self.code == "NET_CLOSER":
            out["player"] = self.player
        return out


def _grouped(template: str, key: str, value: Any) -> bool:
    """Whether ``value`` is a whole number written in a ``%(key)s`` place of ``template``
    (a number shown grouped by thousands, where ``%(key)d`` is written as it is)."""
    return isinstance(value, int) and not isinstance(value, bool) and f"%({key})s" in template


AnyProblem = Problem | TableProblem | RequestError
"""What stops a round: a rule of the engine, one of Scorepad's, or an entry the engine
cannot read (its contract's error, in English)."""


def problem_english(problem: AnyProblem) -> str:
    """A problem's sentence in English, as a game file says it (the engine's English
    template, or a :class:`TableProblem`'s message id filled in)."""
    if isinstance(problem, RequestError):
        return str(problem)
    if isinstance(problem, TableProblem):
        return problem.english()
    return problem.message("en")


@dataclass(frozen=True)
class Net:
    """A player's score in a round the table counted net: the number as typed."""

    net: int

    @property
    def total(self) -> int:
        return self.net

    def to_json(self) -> dict[str, Any]:
        return {"net": self.net, "total": self.net}


@dataclass(frozen=True)
class Scored:
    """A round as entered, scored: each player's :class:`~scorepad.rules.Breakdown` from
    the engine (or :class:`Net` number), or why it cannot be scored: ``error``, the entry
    cannot be read at all; ``problems``, it breaks the rules."""

    details: dict[str, Breakdown | Net] = field(default_factory=dict)
    problems: tuple[Problem | TableProblem, ...] = ()
    error: RequestError | TableProblem | None = None

    @property
    def valid(self) -> bool:
        return self.error is None and not self.problems and bool(self.details)

    @property
    def scores(self) -> dict[str, int]:
        return {name: d.total for name, d in self.details.items()}

    def details_json(self) -> dict[str, Any]:
        """The details as a round stores them."""
        return {name: d.to_json() for name, d in self.details.items()}


def saved_details(rnd: Round) -> dict[str, Breakdown | Net]:
    """A saved round's breakdowns as the engine gave them when it was saved (the stored
    ``Round.details``), typed: a :class:`~scorepad.rules.Breakdown` (with its 3-13
    arrangement) or a :class:`Net` number per player. A Breakdown read back has no
    ``surcharge_parts`` (the stored details keep the surcharge whole).

    >>> saved = Round(details={"A": {"net": 30, "total": 30}, "B": {
    ...     "melds": 0, "layoffs": 0, "hand": 12, "bonus": 0, "factor": 1, "surcharge": 0,
    ...     "total": 12, "arrangement": {"melds": [["3h", "3s", "3d"]], "deadwood": ["Kc"]}}})
    >>> details = saved_details(saved)
    >>> details["A"], details["B"].total, details["B"].arrangement.deadwood
    (Net(net=30), 12, (Card('Kc'),))
    """
    out: dict[str, Breakdown | Net] = {}
    for name, d in rnd.details.items():
        if "net" in d:
            out[name] = Net(d["net"])
            continue
        arranged = d.get("arrangement")
        arrangement = None if not isinstance(arranged, dict) else Arrangement(
            tuple(tuple(Card.parse(c) for c in m) for m in arranged.get("melds", [])),
            tuple(Card.parse(c) for c in arranged.get("deadwood", [])), d.get("hand", 0))
        out[name] = Breakdown(d.get("melds", 0), d.get("layoffs", 0), d.get("hand", 0),
                              d.get("bonus", 0), d.get("factor", 1), d.get("surcharge", 0),
                              d["total"], arrangement)
    return out


BREAKDOWN_PARTS = ("melds", "layoffs", "hand", "bonus", "factor", "surcharge")
"""The parts of a :class:`~scorepad.rules.Breakdown` before its total, in its order (the
CSV's columns)."""


def score_entry(game: Game, number: int, players: Any) -> Scored:
    """Round ``number`` of ``game`` as entered (the stored entry's ``players``), scored by
    the engine's :func:`~scorepad.rules.score_round`.

    A round a plus/minus table counted itself (every player ``{"net": n}``) is taken as
    typed: see :func:`score_net`.
    """
    if isinstance(players, list) and any(isinstance(p, dict) and "net" in p for p in players):
        return score_net(game, players)
    out_of_range = points_problems(game, number, players if isinstance(players, list) else [])
    if out_of_range:
        return Scored(problems=tuple(out_of_range))
    try:
        result = score_round(read_players(players), rules_of(game, number))
    except RequestError as e:
        return Scored(error=e)
    return Scored(dict(result.details) if result.valid else {}, result.problems)


# The largest total a player may reach, either way: the engine's bound on every number
# (``MAX_NUMBER``). A round that would carry a total past it is refused, so a game can
# always be decided and go on.
MAX_TOTAL = MAX_NUMBER


def totals_problems(board: Scoreboard) -> list[TableProblem]:
    """A problem for every player whose total passes :data:`MAX_TOTAL`."""
    return [TableProblem("TOTAL_TOO_LARGE", _(
        "%(name)s's total would pass %(n)s points, more than a game can hold: check the "
        "points of this round."), {"name": name, "n": MAX_TOTAL}, name)
        for name, total in board.totals.items() if abs(total) > MAX_TOTAL]


def points_problems(game: Game, number: int, players: list[Any]) -> list[TableProblem]:
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
            if set(points_rules(value, limit)) - {NOT_A_NUMBER}:
                problems.append(TableProblem("POINTS_OUT_OF_RANGE", _(
                    "%(name)s: points are a whole number from 0 to %(n)d (the whole pack)."),
                    {"name": str(p.get("name"))[:40], "n": limit}, p.get("name")))
    return problems


NET_KEYS = frozenset({"name", "net", "went_out", "hand_win"})
NET_LIMIT = 10_000


def score_net(game: Game, players: list[Any]) -> Scored:
    """A round the table counted on its own: one net number per player.

    The engine splits a round into melds, hand, factor and bonus; a table counting
    net has done that itself (Handglatt doubling included), so the net number is
    the player's score and is stored as typed. Still checked: a plus/minus variant,
    every player a whole number, exactly one closer, the closer not below zero.
    """
    if not variant_of(game).higher_wins:
        return _net_refused(_("Only a plus/minus game takes one net number per player."))
    for p in players:
        if not isinstance(p, dict) or set(p) - NET_KEYS or "net" not in p:
            return _net_refused(_("A round counted net gives every player a net number "
                                  "and nothing else."))
        net = p["net"]
        if isinstance(net, bool) or not isinstance(net, int) or abs(net) > NET_LIMIT:
            return _net_refused(_("%(name)s's net number must be a whole number from "
                                  "-%(n)d to %(n)d."),
                                {"name": str(p.get("name"))[:40], "n": NET_LIMIT})
    closers = [p for p in players if p.get("went_out") is True]
    if len(closers) != 1:
        return Scored(problems=(TableProblem("CLOSER_COUNT",
                                             _("Mark the one player who went out.")),))
    if closers[0]["net"] < 0:
        return Scored(problems=(TableProblem("NET_CLOSER", _(
            "%(name)s went out and cannot lose points in the round."),
            {"name": closers[0]["name"]}, closers[0]["name"]),))
    return Scored({p["name"]: Net(p["net"]) for p in players})


def _net_refused(template: str, params: Mapping[str, Any] | None = None) -> Scored:
    return Scored(error=TableProblem("INVALID_REQUEST", template, params or {}))


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
    version: int = 0
    """The game's version the board was tallied at: still the game's board while the game
    has that version (:func:`scorepad.game.service.add_round` takes the board its view read)."""
    tally: _Tally | None = field(default=None, repr=False)
    """Where :func:`with_round` goes on from."""

    @property
    def higher_wins(self) -> bool:
        return self.variant.higher_wins

    @property
    def target(self) -> int | None:
        return self.rules.house.target if self.rules.house.rounds is None else None


def scoreboard(game: Game) -> Scoreboard:
    """The game's board, from its stored rounds."""
    names = [p.name for p in game.players]
    return _tallied(game, _Tally(dict.fromkeys(names, 0)), game.rounds)


def with_round(board: Scoreboard, rnd: Round) -> Scoreboard:
    """``board`` with ``rnd`` added as the game's next round: the board a round's save
    leaves, without tallying the rounds before it again."""
    if board.tally is None:
        return scoreboard(board.game)
    tally = _Tally(dict(board.totals), list(board.rows), list(board.tally.playoff),
                   board.tally.decision)
    return _tallied(board.game, tally, [rnd], played=len(board.rows))


@dataclass
class _Tally:
    """The rounds summed so far: totals, rows, the play-off running and the last decision."""

    totals: dict[str, int]
    rows: list[Row] = field(default_factory=list)
    playoff: list[str] = field(default_factory=list)
    decision: Standings | None = None


def _tallied(game: Game, tally: _Tally, rounds: list[Round], played: int = 0) -> Scoreboard:
    variant = variant_of(game)
    names = [p.name for p in game.players]
    totals, rows, playoff = tally.totals, tally.rows, tally.playoff
    decision = tally.decision or _UNDECIDED
    for rnd in rounds:
        for name, score in rnd.scores.items():
            if name in totals:
                totals[name] += score
        closer = next((p["name"] for p in rnd.entry["players"] if p.get("went_out")), None)
        hand_win = any(p.get("hand_win") for p in rnd.entry["players"])
        rows.append(Row(rnd.number, names[rnd.dealer % len(names)],
                        {n: rnd.scores.get(n) for n in names}, dict(totals), closer, hand_win, rnd))
        decision = standings_of(game, totals, rnd.number, playoff)
        if decision.playoff:
            playoff = list(decision.playoff)
    played += len(rounds)
    if not played:
        decision = standings_of(game, totals, 0, [])
    number = played + 1
    rules = rules_of(game, number)
    target = rules.house.target if rules.house.rounds is None else None
    # Points a player still needs before their total ends the game: one more than the
    # target where it must be passed (">"), the target itself where reaching it is enough;
    # 0 or less: the total has ended it. (A penalty game ends so too, lost by that player.)
    step = 1 if rules.house.target_reached_when == ">" else 0
    distance = {n: None if target is None else target + step - totals[n] for n in names}
    dealer_seat = (game.first_dealer + played) % len(names)
    pack = rules.pack
    return Scoreboard(
        game=game, variant=variant, rules=rules, names=names, rows=rows, totals=totals,
        finished=decision.finished, winners=list(decision.winners),
        playoff=list(decision.playoff), leaders=list(decision.leaders),
        next_number=number, next_dealer=names[dealer_seat],
        next_cards=pack.hand_size, next_wild=rules.wild_rank,
        playing=list(decision.playoff) or names, distance=dict(distance),
        version=game.version, tally=_Tally(dict(totals), list(rows), list(playoff), decision),
    )


_UNDECIDED = Standings(False, (), (), ())


def standings_of(game: Game, totals: dict[str, int], rounds_played: int,
                 playoff: list[str]) -> Standings:
    """The engine's :func:`~scorepad.rules.standings` of the game after ``rounds_played``
    rounds; undecided while a total is past the bound (stored before totals were bounded)."""
    if any(abs(t) > MAX_NUMBER for t in totals.values()):
        return _UNDECIDED
    return standings(totals, rounds_played, rules_of(game), playoff=playoff or None)
