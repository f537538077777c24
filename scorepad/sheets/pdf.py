"""Score sheets: a Jinja template rendered by WeasyPrint.

Two sheets: the score sheet of a game (rounds × players, running totals,
standings, optionally each round's cards) and a blank pen-and-paper sheet for
a variant, whose scoring summary is read from the engine (house-rule
defaults, :meth:`Rules.meld_value`, :meth:`Rules.hand_value`), never typed.

The only font is the one in ``static/fonts`` (via ``@font-face``), so a sheet
looks the same on every machine.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from flask import current_app, render_template
from flask_babel import gettext as _
from werkzeug.exceptions import ServiceUnavailable

from scorepad.game.models import Round
from scorepad.game.scoreboard import Net, Scoreboard, saved_details
from scorepad.rules import JOKER, Breakdown, Card, InvalidCardError, Rank, Rules, Suit, parse_card, parse_cards
from scorepad.sheets.render import Renderer, RenderError, renderer
from scorepad.words.cards import card_face, rank_label

PAPERS = {"a4": "A4", "letter": "letter"}
ORIENTATIONS = ("portrait", "landscape")
LANDSCAPE_FROM = 5
BLANK_ROWS = {"portrait": 22, "landscape": 14}


def page_size(paper: str | None, orientation: str | None, players: int) -> tuple[str, str]:
    """The CSS page size and orientation; ``ValueError`` for an unknown one.

    Landscape is the default from five players on, so that each player keeps a
    readable column.
    """
    paper = (paper or "a4").lower()
    if paper not in PAPERS:
        raise ValueError(paper)
    if not orientation:
        orientation = "landscape" if players >= LANDSCAPE_FROM else "portrait"
    if orientation not in ORIENTATIONS:
        raise ValueError(orientation)
    return PAPERS[paper], orientation


def static_uri() -> str:
    """The static folder as a file: URL, where a sheet's relative addresses resolve."""
    return Path(current_app.static_folder or "static").resolve().as_uri() + "/"


def sheet_renderer() -> Renderer:
    """This process's sheet renderer (:mod:`scorepad.sheets.render`), warmed with the sheets' font."""
    static = static_uri()
    font_face = "".join(
        f'@font-face {{ font-family: "Scorepad Sans"; font-weight: {weight}; '
        f'src: url("{static}fonts/{name}"); }}'
        for weight, name in (("normal", "DejaVuSans.ttf"), ("bold", "DejaVuSans-Bold.ttf")))
    # A name may hold an emoji ("Amélie 🎴") that DejaVu lacks: the system's symbol font
    # draws it (Debian's fonts-symbola, in the Makefile's RUN_PACKAGES; a colour emoji font
    # where one is installed), never an empty box.
    return renderer(font_face + ' html { font-family: "Scorepad Sans", "Symbola", '
                                '"Noto Color Emoji"; }')


def write_pdf(html: str) -> bytes:
    """The PDF of a rendered sheet, made in the renderer process; relative addresses resolve
    in the static folder. A sheet that cannot be made in time is a 503, never a 500."""
    try:
        return sheet_renderer().render(html, static_uri())
    except RenderError:
        current_app.logger.exception("no score sheet")
        raise ServiceUnavailable() from None


# -- cards of an entry ---------------------------------------------------------

@dataclass(frozen=True, slots=True)
class ShownCard:
    text: str
    red: bool
    by: str | None = None
    wild: bool = False
    """A card of 3-13's wild rank this round (jokers say what they are)."""


def _shown(value: Any, by: str | None = None, wild_rank: Rank | None = None) -> ShownCard:
    if isinstance(value, str):
        try:
            card = parse_card(value)
        except InvalidCardError:
            return ShownCard(value, False, by)
        return ShownCard(card_face(card), card.suit is not None and card.suit.is_red, by,
                         wild_rank is not None and card.rank == wild_rank)
    return ShownCard(str(value), False, by)


def shown_cards(value: Any) -> list[ShownCard]:
    """The cards of a meld or a hand as entered, for display with suit symbols.

    A meld is a list of card strings or ``{"card", "by"}`` objects, a
    ``{"cards": [...], "jokers_as": [...]}`` object, or a string of cards.
    """
    if isinstance(value, dict):
        value = value.get("cards", [])
    if isinstance(value, str):
        try:
            return [_shown(c.code()) for c in parse_cards(value)]
        except InvalidCardError:
            return [ShownCard(value, False)]
    if not isinstance(value, list):
        return []
    out = []
    for item in value:
        if isinstance(item, dict):
            out.append(_shown(item.get("card"), item.get("by")))
        else:
            out.append(_shown(item))
    return out


@dataclass
class PlayerDetail:
    name: str
    by_cards: bool
    melds: list[list[ShownCard]]
    hand: list[ShownCard]
    entered: dict[str, Any]
    breakdown: Breakdown | Net | None
    score: int | None
    points: str = ""
    arrangement: tuple[list[list[ShownCard]], list[ShownCard]] | None = None
    """3-13: the best arrangement the engine found (melds, cards charged)."""


def points_text(b: Breakdown | Net | None, higher_wins: bool) -> str:
    """The parts of a round score that are not zero, in words: ``melds 52 · bonus +30``."""
    if isinstance(b, Net):
        return str(_("counted by the table: %(n)s", n=f"{b.net:+d}"))
    if b is None:
        return "0"
    parts = []
    if b.melds:
        parts.append(_("melds %(n)d", n=b.melds))
    if b.layoffs:
        parts.append(_("lay-offs %(n)d", n=b.layoffs))
    if b.hand:
        hand = _("hand %(n)s", n=("−" if higher_wins else "") + str(b.hand))
        parts.append(hand + (f" ×{b.factor}" if b.factor != 1 else ""))
    if b.bonus:
        parts.append(_("bonus %(n)s", n=f"{b.bonus:+d}"))
    if b.surcharge:
        parts.append(_("surcharge %(n)s", n=f"{b.surcharge:+d}"))
    return " · ".join(parts) or "0"


def round_details(rnd: Round, names: list[str], higher_wins: bool,
                  wild_rank: Rank | None = None) -> list[PlayerDetail]:
    """Each player's entry of a round: cards (by cards) or numbers, and the engine's breakdown;
    in 3-13 the best arrangement, its cards of ``wild_rank`` marked."""
    entered = {p.get("name"): p for p in rnd.entry.get("players", [])}
    details = saved_details(rnd)
    out = []
    for name in names:
        p = entered.get(name)
        if p is None:
            continue
        by_cards = "melds" in p or "hand" in p
        out.append(PlayerDetail(
            name=name, by_cards=by_cards,
            melds=[shown_cards(m) for m in p.get("melds", [])],
            hand=shown_cards(p.get("hand", [])),
            entered=p, breakdown=details.get(name), score=rnd.scores.get(name),
            points=points_text(details.get(name), higher_wins),
            arrangement=_arrangement(details.get(name), wild_rank)))
    return out


def _arrangement(b: Breakdown | Net | None, wild_rank: Rank | None
                 ) -> tuple[list[list[ShownCard]], list[ShownCard]] | None:
    if not isinstance(b, Breakdown) or b.arrangement is None:
        return None
    melds = [[_shown(c.code(), wild_rank=wild_rank) for c in m] for m in b.arrangement.melds]
    return melds, [_shown(c.code(), wild_rank=wild_rank) for c in b.arrangement.deadwood]


def ranking(board: Scoreboard) -> list[tuple[int, str, int]]:
    """(place, name, total) from the best to the worst; equal totals share a place."""
    ordered = sorted(board.names, key=lambda n: -board.totals[n] if board.higher_wins
                     else board.totals[n])
    out: list[tuple[int, str, int]] = []
    for i, name in enumerate(ordered, 1):
        place = out[-1][0] if out and out[-1][2] == board.totals[name] else i
        out.append((place, name, board.totals[name]))
    return out


# -- the variant's scoring, read from the engine -----------------------------

def _ranks(ranks: list[Rank]) -> str:
    if len(ranks) <= 2:
        return ", ".join(rank_label(r.text) for r in ranks)
    return f"{rank_label(ranks[0].text)}–{rank_label(ranks[-1].text)}"


def _candidates(rank: Rank, value: int) -> set[str]:
    return {"face", str(value)} if value == int(rank) else {str(value)}


def card_values(rules: Rules) -> list[tuple[str, str, str]]:
    """Rows of (cards, value in a meld, value in the hand), grouped where they agree.

    Neighbouring ranks share a row while each column is either the same number
    or each card's face value.
    """
    face = _("face value")
    rows: list[tuple[str, str, str]] = []
    group: list[Rank] = []
    columns: list[set[str]] = []

    def close() -> None:
        if group:
            # A single card whose value is its face: say the number.
            said = [min(c, key=lambda x: x == "face") for c in columns]
            meld, hand = (face if s == "face" else s for s in said)
            rows.append((_ranks(group), meld, hand))

    for rank in list(Rank)[1:]:
        card = Card(rank, Suit.SPADES)
        these = [_candidates(rank, rules.meld_value(card, in_set=False, position=int(rank))),
                 _candidates(rank, rules.hand_value(card))]
        joined = [a & b for a, b in zip(columns, these)]
        if group and all(joined):
            group.append(rank)
            columns = joined
        else:
            close()
            group, columns = [rank], these
    close()

    h = rules.house
    ace = Card(Rank.ACE, Suit.SPADES)
    in_meld = [_("%(n)d low in a run", n=rules.meld_value(ace, in_set=False, position=1))]
    if h.ace_high:
        in_meld.append(_("%(n)d after the king", n=rules.meld_value(ace, in_set=False,
                                                                       position=14)))
    in_meld.append(_("%(n)d in a set", n=rules.meld_value(ace, in_set=True)))
    rows.append((_("Ace"), " · ".join(in_meld), str(rules.hand_value(ace))))
    if rules.pack.jokers:
        rows.append((_("Joker"), _("as the card it stands for"), str(rules.hand_value(JOKER))))
    if rules.wild_word:
        wild = (_("face value") if h.wild_in_hand == "face" else str(h.wild_in_hand))
        rows.append((_("Wild card (the round's rank)"), _("as the card it stands for"), wild))
    return rows


def scoring_rules(rules: Rules) -> list[str]:
    """The variant's scoring, end and tie rules as sentences, from the house rules."""
    h, v = rules.house, rules.variant
    lines = []
    if h.initial_min_points:
        first = _("First meld: at least %(n)d points", n=h.initial_min_points)
        if h.initial_clean_run == "strict":
            first += _(", with a run without a joker")
        elif h.initial_clean_run == "any_run":
            first += _(", with a run")
        lines.append(first + ".")
    if v.higher_wins:
        lines.append(_("Round score: own melds and lay-offs minus the cards left in the hand."))
    else:
        lines.append(_("Penalty: the cards left in the hand; whoever went out scores 0."))
    if h.layoff_credit == "owner":
        lines.append(_("Laid-off cards score for the meld's owner."))
    if h.closer_bonus:
        lines.append(_("+%(n)d for going out.", n=h.closer_bonus))
    if h.hand_win_bonus is not None and h.hand_win_bonus != h.closer_bonus:
        lines.append(_("+%(n)d for going out from the hand.", n=h.hand_win_bonus))
    if h.hand_win_factor > 1:
        lines.append(_("Going out from the hand: the others' hand points ×%(n)d.",
                       n=h.hand_win_factor))
    if h.unmelded_surcharge:
        lines.append(_("+%(n)d for a player who never melded.", n=h.unmelded_surcharge))
    if h.rummy_surcharge:
        lines.append(_("+%(n)d for everyone when the winner went rummy.", n=h.rummy_surcharge))
    if h.rummy_no_melds_surcharge:
        lines.append(_("+%(n)d instead when nobody else had melded.",
                       n=h.rummy_no_melds_surcharge))
    if h.rounds is not None:
        lines.append(_("The game ends after %(n)d rounds.", n=h.rounds))
    elif h.target is not None:
        if h.target_reached_when == ">=":
            lines.append(_("The game ends after the round in which someone reaches %(n)d.",
                           n=h.target))
        else:
            lines.append(_("The game ends after the round in which someone passes %(n)d.",
                           n=h.target))
    lines.append(_("The highest total wins.") if v.higher_wins else _("The lowest total wins."))
    lines.append(_("A tie for the win is played off by the tied players.") if h.tie == "playoff"
                 else _("A tie for the win is a shared win."))
    return lines


def deal(rules: Rules) -> str:
    """The pack and the deal, as a sentence."""
    pack = rules.pack
    text: str = (_("%(decks)d packs of 52", decks=pack.decks) if pack.decks != 1
                 else _("1 pack of 52"))
    if pack.jokers:
        text += " + " + _("%(n)d jokers", n=pack.jokers)
    if rules.wild_word:
        return text + str(_("; round 1 deals 3 cards, each round one more."))
    text += _("; %(n)d cards each", n=pack.hand_size)
    if pack.dealer_extra:
        text += _(", the dealer %(n)d", n=pack.hand_size + pack.dealer_extra)
    return text + "."


def blank_rows(rules: Rules, orientation: str) -> list[dict[str, Any]]:
    """The rows of a blank sheet: 3-13's rounds with cards and wild rank, else empty rows."""
    if rules.wild_word:
        rows = []
        for n in rules.variant.deals[:rules.house.rounds]:  # a game of fewer rounds ends early
            r = rules.with_round(n)
            rows.append({"number": n, "cards": r.pack.hand_size,
                         "wild": rank_label(r.wild_rank.text) if r.wild_rank else ""})
        return rows
    count = rules.house.rounds or BLANK_ROWS[orientation]
    return [{"number": n, "cards": None, "wild": ""} for n in range(1, count + 1)]


def sheet_html(board: Scoreboard, *, details: bool, paper: str, orientation: str) -> str:
    """The score sheet of a game as HTML for WeasyPrint."""
    rounds = [(row, round_details(row.round, board.names, board.higher_wins,
                                  board.rules.with_round(row.number).wild_rank
                                  if board.rules.wild_rank else None))
              for row in board.rows] if details else []
    from scorepad.game.money import money, settle_game

    return render_template(
        "export/sheet.html", board=board, game=board.game, paper=paper, orientation=orientation,
        details=details, rounds=rounds, ranking=ranking(board),
        changed=board.variant.changed(board.rules.house),
        switches={s.key: s for s in board.variant.switches},
        settlement=settle_game(board), money=money, trail=trail(board.game))


def trail(game: Any) -> list[Any]:
    """The changes a printed sheet must show besides the rounds as they stand: every
    correction, deletion and restoration, oldest first (entering a round is the grid itself)."""
    return [c for c in game.history if c.action in ("corrected", "deleted", "restored")]


def melds_count(rules: Rules) -> bool:
    """Whether what a card is worth in a meld matters: for the score, or for the first meld."""
    return rules.variant.higher_wins or rules.house.initial_min_points > 0


def blank_html(rules: Rules, names: list[str], *, paper: str, orientation: str) -> str:
    """A blank sheet for ``names`` playing ``rules``' variant, as HTML for WeasyPrint."""
    return render_template(
        "export/blank.html", rules=rules, variant=rules.variant, names=names, paper=paper,
        orientation=orientation, rows=blank_rows(rules, orientation), values=card_values(rules),
        melds_count=melds_count(rules), scoring=scoring_rules(rules), deal=deal(rules))
