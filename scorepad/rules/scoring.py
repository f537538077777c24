"""Rounds and standings: who scores what, and when the game is over.

:func:`score_round` takes what lies on the table and in each hand at the end
of a round (as cards, or as the numbers a hurried table counted itself) and
answers every player's score with its breakdown, or every problem that stops
the round from being scored. :func:`standings` says whether the game is over
and who won. The formulas are those of RULES.md §6.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Sequence

from .arrange import Arrangement, arrange_hand
from .cards import Card, format_cards
from .melds import MeldCheck, check_meld
from .problems import Problem
from .table import Rules

__all__ = [
    "Breakdown",
    "Meld",
    "MeldCard",
    "PlayerRound",
    "RoundResult",
    "Standings",
    "evaluate_hand",
    "score_round",
    "standings",
]


@dataclass(frozen=True, slots=True)
class MeldCard:
    """A card in a meld; ``by`` names the player who laid it off, if not the owner."""

    card: Card
    by: str | None = None


@dataclass(frozen=True, slots=True)
class Meld:
    """A meld as it lies in front of its owner, in table order."""

    cards: tuple[MeldCard, ...]
    jokers_as: tuple[Card, ...] | None = None

    @classmethod
    def of(cls, items: Iterable[Card | MeldCard],
           jokers_as: Sequence[Card] | None = None) -> Meld:
        """A meld from cards (and lay-offs already wrapped in :class:`MeldCard`).

        >>> from scorepad.rules import parse_cards
        >>> len(Meld.of(parse_cards("6c 7c 8c")).cards)
        3
        """
        wrapped = tuple(i if isinstance(i, MeldCard) else MeldCard(i) for i in items)
        return cls(wrapped, tuple(jokers_as) if jokers_as is not None else None)

    @property
    def plain(self) -> tuple[Card, ...]:
        """The cards without who laid them."""
        return tuple(m.card for m in self.cards)


@dataclass(frozen=True, slots=True)
class PlayerRound:
    """What one player has at the end of a round.

    ``hand`` is ``None`` when the cards left in the hand were not given (an
    empty tuple says the hand is empty). For an entry by numbers,
    ``meld_points`` (everything the player scores plus: own melds and
    lay-offs), ``hand_points`` and ``melded`` stand in for the cards.
    """

    name: str
    melds: tuple[Meld, ...] = ()
    hand: tuple[Card, ...] | None = None
    went_out: bool = False
    hand_win: bool = False
    meld_points: int | None = None
    hand_points: int | None = None
    melded: bool | None = None

    @property
    def hand_cards(self) -> tuple[Card, ...]:
        """The cards left in the hand; none when they were not given."""
        return self.hand or ()

    @property
    def has_melded(self) -> bool:
        """Whether any meld lies in front of this player (or the table said so)."""
        if self.melded is not None:
            return self.melded
        return bool(self.melds) or bool(self.meld_points)


@dataclass(frozen=True, slots=True)
class Breakdown:
    """How a player's round score is made up."""

    melds: int
    layoffs: int
    hand: int
    bonus: int
    factor: int
    surcharge: int
    total: int
    arrangement: Arrangement | None = None
    surcharge_parts: tuple[tuple[str, int], ...] = ()
    """Rami's ``surcharge`` in its parts, each named after its house rule: ``unmelded``
    (never melded), ``rummy`` (the closer won from the hand), ``rummy_no_melds`` (and
    nobody else had melded); they add up to ``surcharge``. Not in :meth:`to_json`."""

    def to_json(self) -> dict[str, Any]:
        """The contract's ``details`` entry for one player."""
        out: dict[str, Any] = {
            "melds": self.melds, "layoffs": self.layoffs, "hand": self.hand,
            "bonus": self.bonus, "factor": self.factor, "surcharge": self.surcharge,
            "total": self.total,
        }
        if self.arrangement is not None:
            out["arrangement"] = {
                "melds": [[c.code() for c in m] for m in self.arrangement.melds],
                "deadwood": [c.code() for c in self.arrangement.deadwood],
            }
        return out


@dataclass(frozen=True, slots=True)
class RoundResult:
    """The ruling on a round: scores and breakdowns, or why it cannot be scored."""

    valid: bool
    scores: dict[str, int]
    details: dict[str, Breakdown]
    problems: tuple[Problem, ...]
    melds: dict[str, tuple[MeldCheck, ...]] = field(default_factory=dict)

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        """The contract's answer to ``check: "round"``."""
        out: dict[str, Any] = {"valid": self.valid}
        if self.valid:
            out["scores"] = dict(self.scores)
            out["details"] = {name: b.to_json() for name, b in self.details.items()}
        out["problems"] = [p.to_json(lang) for p in self.problems]
        return out


def evaluate_hand(cards: Sequence[Card], rules: Rules) -> Arrangement:
    """What a hand costs at the end of a round.

    In 3-13 the cards are first arranged into the combinations that leave the
    least penalty; elsewhere every card is charged.

    >>> from scorepad.rules import parse_cards, rules_for
    >>> evaluate_hand(parse_cards("JK 5h"), rules_for("jolly_at")).points
    55
    >>> evaluate_hand(parse_cards("9s 10s Js 10h 10d"), rules_for("three_thirteen", round=3)).points
    19
    """
    return arrange_hand(cards, rules)


def score_round(players: Sequence[PlayerRound], rules: Rules) -> RoundResult:
    """Score one round, or say every reason it cannot be scored.

    >>> from scorepad.rules import parse_cards, rules_for
    >>> anna = PlayerRound("Anna", melds=(Meld.of(parse_cards("Qh Kh Ah")),), went_out=True)
    >>> ben = PlayerRound("Ben", melds=(), hand=tuple(parse_cards("JK 5h")))
    >>> score_round([anna, ben], rules_for("jolly_at", player_count=2)).scores
    {'Anna': 61, 'Ben': -55}
    """
    return _RoundScorer(players, rules).score()


class _RoundScorer:
    def __init__(self, players: Sequence[PlayerRound], rules: Rules) -> None:
        self.players = list(players)
        self.rules = rules
        self.v = rules.variant
        self.h = rules.house
        self.names = {p.name for p in self.players}
        self.problems: list[Problem] = []
        self.checks: dict[str, tuple[MeldCheck, ...]] = {
            p.name: tuple(check_meld(m.plain, rules, jokers_as=m.jokers_as) for m in p.melds)
            for p in self.players
        }
        self.melds_in_hand = self.v.melds_in_hand
        self.arrangements: dict[str, Arrangement] = {}

    def problem(self, code: str, topic: str, **params: Any) -> None:
        self.problems.append(Problem(code, self.v.rule(topic), params))

    # -- checks ----------------------------------------------------------

    def score(self) -> RoundResult:
        self.check_layoffs()
        self.check_melds()
        self.check_copies()
        self.check_closer()
        self.check_hands()
        self.check_hand_wins()
        self.check_card_counts()
        if self.problems:
            return RoundResult(False, {}, {}, tuple(self.problems), self.checks)
        details = {p.name: self.breakdown(p) for p in self.players}
        scores = {name: b.total for name, b in details.items()}
        return RoundResult(True, scores, details, (), self.checks)

    def check_layoffs(self) -> None:
        for p in self.players:
            for m in p.melds:
                for mc in m.cards:
                    if mc.by is None or mc.by == p.name:
                        continue
                    # ``card`` is the canonical code for the answer's field,
                    # ``shown`` the card as players read it in the message.
                    card, shown = mc.card.code(), mc.card.display()
                    if mc.by not in self.names:
                        self.problem("UNKNOWN_PLAYER", "layoff", card=card, shown=shown,
                                     by=mc.by, player=p.name)
                    elif self.melds_in_hand:
                        self.problem("LAYOFF_NOT_ALLOWED", "layoff", card=card, shown=shown,
                                     by=mc.by, player=p.name)

    def check_melds(self) -> None:
        for p in self.players:
            for index, check in enumerate(self.checks[p.name], 1):
                if not check.legal:
                    self.problems.append(Problem(
                        "ILLEGAL_MELD", check.problems[0].rule,
                        {"player": p.name, "index": index,
                         "cards": format_cards(check.cards, display=True)},
                        check.problems))

    def check_copies(self) -> None:
        pack = self.rules.pack
        counts: Counter[Card] = Counter()
        # Where each card lies: (player, meld number or 0 for the hand) -> copies there.
        places: dict[Card, Counter[tuple[str, int]]] = {}
        for p in self.players:
            for index, cards in enumerate([p.hand_cards] + [m.plain for m in p.melds]):
                counts.update(cards)
                for card in cards:
                    places.setdefault(card, Counter())[(p.name, index)] += 1
        for card, count in sorted(counts.items(), key=lambda kv: kv[0].sort_key()):
            if count > pack.copies(card):
                held = tuple((name, index, n) for (name, index), n in places[card].items())
                self.problem("TOO_MANY_COPIES", "cards", card=card.code(), shown=card.display(),
                             count=count, max=pack.copies(card), held=held,
                             held_by=list(dict.fromkeys(name for name, _i, _n in held)))

    def check_closer(self) -> None:
        closers = [p for p in self.players if p.went_out]
        if not closers:
            self.problem("CLOSER_MISSING", "going_out")
            return
        if len(closers) > 1:
            self.problem("CLOSER_NOT_UNIQUE", "going_out",
                         players=", ".join(p.name for p in closers))
        for p in closers:
            if self.melds_in_hand:
                left = self.arrange(p).deadwood
            else:
                left = p.hand_cards
            if left:
                self.problem("CLOSER_HOLDS_CARDS", "going_out", player=p.name,
                             cards=format_cards(left, display=True))
            elif p.hand_points:
                self.problem("CLOSER_HOLDS_CARDS", "going_out", player=p.name,
                             cards=str(p.hand_points))

    def check_hands(self) -> None:
        """Every player who did not go out gives a hand, and a score is never guessed
        as 0 (RULES.md §3). In 3-13 the melds are cards of the hand the engine
        arranges, and an empty hand (all cards in melds) is legal; elsewhere a
        player who did not go out still holds at least one card."""
        for p in self.players:
            if p.went_out:
                continue
            if p.hand_points is not None:
                empty = p.hand_points == 0
            elif p.hand is not None:
                empty = not p.hand
            elif self.melds_in_hand and p.melds:
                empty = False
            else:
                self.problem("HAND_MISSING", "score", player=p.name)
                continue
            if empty and not self.melds_in_hand:
                self.problem("HAND_EMPTY", "going_out", player=p.name)

    def check_hand_wins(self) -> None:
        win = self.v.hand_win
        for p in self.players:
            if not p.hand_win:
                continue
            if win is None:
                self.problem("HAND_WIN_NOT_ALLOWED", "hand_win", reason="variant", player=p.name)
            elif not p.went_out:
                self.problem("HAND_WIN_NOT_ALLOWED", "hand_win", reason="not_closer",
                             player=p.name)
            elif self.laid_off_by(p.name):
                self.problem("HAND_WIN_NOT_ALLOWED", "hand_win", reason="laid_off",
                             player=p.name)
            elif any(mc.by not in (None, p.name) for m in p.melds for mc in m.cards):
                self.problem("HAND_WIN_NOT_ALLOWED", "hand_win", reason="received_layoffs",
                             player=p.name)
            elif win.before_others_meld and (others := self.others_melded(p)):
                self.problem("HAND_WIN_NOT_ALLOWED", "hand_win", reason="others_melded",
                             player=p.name, players=", ".join(others))
            elif win.needs_clean_run and p.melds and not self.has_clean_run(p):
                self.problem("HAND_WIN_NOT_ALLOWED", "hand_win", reason="no_clean_run",
                             player=p.name)

    def check_card_counts(self) -> None:
        if not self.melds_in_hand:
            return
        dealt = self.rules.pack.hand_size
        for p in self.players:
            count = len(p.hand_cards) + sum(len(m.cards) for m in p.melds)
            by_numbers = p.hand_points is not None and not count
            cards_given = p.hand is not None or bool(p.melds)
            if not p.went_out and cards_given and not by_numbers and count != dealt:
                self.problem("WRONG_CARD_COUNT", "cards", player=p.name, count=count,
                             expected=dealt, round=self.rules.round)

    # -- helpers ---------------------------------------------------------

    def laid_off_by(self, name: str) -> list[MeldCard]:
        return [mc for p in self.players if p.name != name
                for m in p.melds for mc in m.cards if mc.by == name]

    def others_melded(self, closer: PlayerRound) -> list[str]:
        return [p.name for p in self.players if p is not closer and p.has_melded]

    def has_clean_run(self, p: PlayerRound) -> bool:
        mode = self.h.initial_clean_run
        if mode == "off":
            return True
        return any(c.is_clean_run or (mode == "any_run" and c.legal and c.kind == "run")
                   for c in self.checks[p.name])

    def never_melded(self, p: PlayerRound) -> bool:
        return not p.has_melded and not self.laid_off_by(p.name)

    def arrange(self, p: PlayerRound) -> Arrangement:
        if p.name not in self.arrangements:
            cards = list(p.hand_cards) + [c for m in p.melds for c in m.plain]
            self.arrangements[p.name] = arrange_hand(cards, self.rules)
        return self.arrangements[p.name]

    # -- scores ----------------------------------------------------------

    def meld_credit(self) -> tuple[Counter[str], Counter[str]]:
        """Points of melds for their owners, and of lay-offs for the layers."""
        own: Counter[str] = Counter()
        layoffs: Counter[str] = Counter()
        to_layer = self.h.layoff_credit == "layer"
        for p in self.players:
            for m, check in zip(p.melds, self.checks[p.name]):
                for mc, value in zip(m.cards, check.values or ()):
                    if mc.by not in (None, p.name) and to_layer:
                        layoffs[mc.by] += value
                    else:
                        own[p.name] += value
        return own, layoffs

    def breakdown(self, p: PlayerRound) -> Breakdown:
        h = self.h
        closer = next(q for q in self.players if q.went_out)
        won_from_hand = closer.hand_win and closer is not p
        factor = h.hand_win_factor if won_from_hand and "hand_win_factor" in self.v.defaults else 1
        bonus = 0
        if p.went_out:
            bonus = h.closer_bonus
            if p.hand_win and h.hand_win_bonus is not None:
                bonus = h.hand_win_bonus
        arrangement = None
        if p.hand_points is not None:
            hand = p.hand_points
        elif self.melds_in_hand:
            arrangement = self.arrange(p)
            hand = 0 if p.went_out else arrangement.points
        else:
            hand = sum(self.rules.hand_value(c) for c in p.hand_cards)
        if self.v.scoring == "plus_minus":
            if p.meld_points is not None:
                melds, layoffs = p.meld_points, 0
            else:
                own, laid = self.meld_credit()
                melds, layoffs = own[p.name], laid[p.name]
            total = melds + layoffs - hand * factor + bonus
            return Breakdown(melds, layoffs, hand, bonus, factor, 0, total)
        parts: tuple[tuple[str, int], ...] = ()
        if not p.went_out:
            parts = self.surcharge(p, closer)
            surcharge = sum(n for _part, n in parts)
            total = hand * factor + surcharge
        else:
            surcharge, total = 0, -bonus
        return Breakdown(0, 0, hand, bonus, factor, surcharge, total, arrangement, parts)

    def surcharge(self, p: PlayerRound, closer: PlayerRound) -> tuple[tuple[str, int], ...]:
        """Rami's surcharges on ``p``, in their parts (see :attr:`Breakdown.surcharge_parts`)."""
        h = self.h
        if self.v.id != "rami_fr":
            return ()
        never = [("unmelded", h.unmelded_surcharge)] if self.never_melded(p) else []
        parts = never
        if closer.hand_win:
            nobody = not self.others_melded(closer)
            rummy = (("rummy_no_melds", h.rummy_no_melds_surcharge) if nobody
                     else ("rummy", h.rummy_surcharge))
            parts = [rummy] if nobody and h.rummy_no_melds_replaces == "both" else [rummy] + never
        return tuple((part, n) for part, n in parts if n)


@dataclass(frozen=True, slots=True)
class Standings:
    """Whether the game is over, who won, and who must play off a tie."""

    finished: bool
    winners: tuple[str, ...]
    playoff: tuple[str, ...]
    leaders: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        """The contract's answer to ``check: "standings"``."""
        return {"finished": self.finished, "winners": list(self.winners),
                "playoff": list(self.playoff), "leaders": list(self.leaders)}


def standings(totals: Mapping[str, int], rounds_played: int, rules: Rules, *,
              playoff: Sequence[str] | None = None) -> Standings:
    """Decide the game from the running totals, by the variant's end and tie rules.

    ``playoff`` names the tied leaders of an earlier decision; only they are
    compared while they play on.

    >>> from scorepad.rules import rules_for
    >>> standings({"Anna": 612, "Ben": 140}, 11, rules_for("jolly_at")).winners
    ('Anna',)
    >>> standings({"Anna": 510, "Ben": 510}, 9, rules_for("jolly_at")).playoff
    ('Anna', 'Ben')
    """
    h = rules.house
    higher = rules.variant.higher_wins
    contenders = {n: t for n, t in totals.items() if not playoff or n in playoff}
    if not contenders:
        return Standings(False, (), (), ())
    best = max(contenders.values()) if higher else min(contenders.values())
    leaders = tuple(n for n, t in contenders.items() if t == best)
    if playoff:
        over = True
    elif h.rounds is not None:
        over = rounds_played >= h.rounds
    elif h.target is not None:
        target = h.target
        if h.target_reached_when == ">=":
            over = any(t >= target for t in totals.values())
        else:
            over = any(t > target for t in totals.values())
    else:
        over = False
    if not over:
        return Standings(False, (), (), leaders)
    if len(leaders) > 1 and h.tie == "playoff":
        return Standings(False, (), leaders, leaders)
    return Standings(True, leaders, (), leaders)
