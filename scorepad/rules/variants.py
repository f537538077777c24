"""The five variants of RULES.md, their house-rule switches, and card values.

A :class:`Variant` is a small definition with its defaults (RULES.md §4); a
:class:`HouseRules` is a validated set of switches for one variant; a
:class:`Rules` binds both to a table (player count) and, in 3-13, a round.
Everything that depends on those three (the pack, the wild rank, what a card
is worth in a meld or in the hand) is answered by :class:`Rules`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any, Literal, Mapping

from .cards import JOKER, Card, Rank, Suit
from .limits import MAX_NUMBER, MAX_PLAYED_ROUNDS, brief, is_whole

__all__ = [
    "HandWin",
    "HouseRules",
    "InvalidHouseRuleError",
    "Pack",
    "Rules",
    "SWITCHES",
    "Switch",
    "UnknownVariantError",
    "VARIANTS",
    "Variant",
    "find_variant",
    "rules_for",
]

Scoring = Literal["plus_minus", "penalty"]


class UnknownVariantError(ValueError):
    """A variant id that Scorepad does not know."""

    def __init__(self, name: object) -> None:
        self.name = name
        known = ", ".join(VARIANTS)
        super().__init__(f"unknown variant {name!r}; known variants: {known}")


class InvalidHouseRuleError(ValueError):
    """A house-rule key that does not exist for the variant, or a value of the wrong type."""

    def __init__(self, key: str, message: str) -> None:
        self.key = key
        super().__init__(message)


@dataclass(frozen=True, slots=True)
class Switch:
    """One house-rule switch: its key, the values it takes, and what it does.

    A number (``int``, ``int?``, the number of ``face_or_int``, each of the
    three ``court`` values) lies from ``minimum`` to ``maximum``: the range a
    table could sensibly choose, which the web forms offer too.
    """

    key: str
    kind: str  # int | int? | bool | face_or_int | court | choice
    choices: tuple[str, ...] = ()
    minimum: int = 0
    maximum: int = MAX_NUMBER
    help_en: str = ""
    help_de: str = ""

    def check(self, value: Any) -> Any:
        """``value`` as this switch holds it, or :class:`InvalidHouseRuleError` saying why not.

        >>> SWITCHES["decks"].check(3)
        3
        >>> SWITCHES["decks"].check(9)
        Traceback (most recent call last):
        ...
        scorepad.rules.variants.InvalidHouseRuleError: house rule 'decks' must be a whole number, at least 1 and at most 4, or null
        >>> SWITCHES["court_values"].check([11, 12, 13])
        (11, 12, 13)
        """
        key, kind = self.key, self.kind
        numbers = f"a whole number, at least {self.minimum} and at most {self.maximum}"
        if kind in ("int", "int?"):
            if value is None and kind == "int?":
                return None
            if not self.in_range(value):
                wanted = numbers + (", or null" if kind == "int?" else "")
                raise InvalidHouseRuleError(key, f"house rule {key!r} must be {wanted}")
            return value
        if kind == "bool":
            if not isinstance(value, bool):
                raise InvalidHouseRuleError(
                    key, f"house rule {key!r} must be true or false, not {brief(value)}")
            return value
        if kind == "choice":
            if not isinstance(value, str) or value not in self.choices:
                options = ", ".join(repr(c) for c in self.choices)
                raise InvalidHouseRuleError(
                    key, f"house rule {key!r} must be one of {options}, not {brief(value)}")
            return value
        if kind == "face_or_int":
            if value == "face" or self.in_range(value):
                return value
            raise InvalidHouseRuleError(key, f"house rule {key!r} must be \"face\" or {numbers}")
        if kind == "court":
            if (isinstance(value, (list, tuple)) and len(value) == 3
                    and all(self.in_range(v) for v in value)):
                return tuple(value)
            raise InvalidHouseRuleError(
                key, f"house rule {key!r} must be a list of three numbers [J, Q, K], each {numbers}")
        raise AssertionError(kind)  # pragma: no cover

    def in_range(self, value: object) -> bool:
        """A whole number (not a bool) from ``minimum`` to ``maximum``.

        >>> SWITCHES["hand_win_factor"].in_range(0), SWITCHES["hand_win_factor"].in_range(True)
        (False, False)
        """
        return is_whole(value) and self.minimum <= value <= self.maximum


def _s(key: str, kind: str, en: str, de: str, *, choices: tuple[str, ...] = (),
       minimum: int = 0, maximum: int = MAX_NUMBER) -> Switch:
    return Switch(key, kind, choices, minimum, maximum, en, de)


SWITCHES: dict[str, Switch] = {s.key: s for s in (
    _s("decks", "int?", "Packs of 52 cards (empty: by player count).",
       "Anzahl 52er-Blätter (leer: nach Spielerzahl).",
       minimum=1, maximum=4),
    _s("jokers", "int?", "Printed jokers in the pack (empty: by player count).",
       "Joker im Spiel (leer: nach Spielerzahl).",
       minimum=0, maximum=12),
    _s("hand_size", "int?", "Cards dealt to each player (empty: the variant's table).",
       "Karten pro Spieler (leer: laut Variante).",
       minimum=1, maximum=30),
    _s("min_naturals", "int", "Natural cards (not jokers) every meld needs.",
       "Mindestzahl echter Karten (keine Joker) in jeder Meldung.",
       minimum=0, maximum=3),
    _s("max_jokers_per_meld", "int?", "Most jokers in one meld (empty: no limit).",
       "Höchstens so viele Joker pro Meldung (leer: beliebig).",
       minimum=0, maximum=13),
    _s("max_adjacent_jokers", "int?", "Most jokers side by side in a run (empty: no limit).",
       "Höchstens so viele Joker nebeneinander in einer Folge (leer: beliebig).",
       minimum=0, maximum=13),
    _s("all_wild_meld", "bool", "A meld may consist of wild cards only.",
       "Eine Meldung darf nur aus Wildcards bestehen."),
    _s("set_max_size", "int?", "Most cards in a set (empty: no limit; never more than 4 "
       "when every suit may appear only once).",
       "Höchstens so viele Karten in einem Satz (leer: beliebig; nie mehr als 4, wenn jede "
       "Farbe nur einmal vorkommen darf).",
       minimum=3, maximum=30),
    _s("set_distinct_suits", "bool", "Every suit only once in a set.",
       "Jede Farbe nur einmal pro Satz."),
    _s("ace_high", "bool", "An ace may follow the king (Q-K-A).",
       "Ein Ass darf auf den König folgen (D-K-A)."),
    _s("wraparound", "bool", "Runs may go round the corner (K-A-2).",
       "Folgen dürfen um die Ecke gehen (K-A-2)."),
    _s("ace_both_ends", "bool", "With two packs, A-2-…-K-A (an ace at each end) is a run.",
       "Mit zwei Blättern ist A-2-…-K-A (je ein Ass an beiden Enden) eine Folge."),
    _s("max_run_length", "int?", "Most cards in a run (empty: no limit).",
       "Höchstens so viele Karten in einer Folge (leer: beliebig).",
       minimum=3, maximum=14),
    _s("initial_min_points", "int", "Points the first melds of a player must reach.",
       "Punkte, die das erste Auslegen eines Spielers (alle Meldungen des Zuges) erreichen muss.",
       minimum=0, maximum=1_000),
    _s("initial_clean_run", "choice",
       "The first meld needs a run without a joker (strict), any run, or nothing (off).",
       "Die erste Meldung braucht eine Folge ohne Joker (strict), irgendeine Folge (any_run) "
       "oder nichts (off).", choices=("off", "strict", "any_run")),
    _s("hand_win_waives_minimum", "bool", "Going out from the hand needs no minimum points.",
       "Wer aus der Hand ausgeht, braucht keine Mindestpunkte."),
    _s("joker_declaration", "choice",
       "auto: a joker's card follows from the order on the table; required: say it "
       "when the cards are unsorted.",
       "auto: die Karte eines Jokers ergibt sich aus der Reihenfolge; required: bei "
       "ungeordneten Karten ansagen, welche Karte der Joker ersetzt.", choices=("auto", "required")),
    _s("layoff_credit", "choice", "Laid-off cards score for the player who lays them off "
       "(layer) or for the meld's owner (owner).",
       "Angelegte Karten zählen für den, der anlegt (layer), oder für den Besitzer der "
       "Meldung (owner).", choices=("layer", "owner")),
    _s("ace_in_set", "int", "An ace in a set is worth…", "Ein Ass in einem Satz zählt…",
       minimum=0, maximum=100),
    _s("ace_low_run_value", "int", "An ace before the 2 (A-2-3) is worth…",
       "Ein Ass vor der 2 (A-2-3) zählt…",
       minimum=0, maximum=100),
    _s("ace_high_run_value", "int", "An ace after the king (Q-K-A) is worth…",
       "Ein Ass nach dem König (D-K-A) zählt…",
       minimum=0, maximum=100),
    _s("closer_bonus", "int", "Bonus for going out.", "Bonus fürs Ausgehen.",
       minimum=0, maximum=1_000),
    _s("hand_win_bonus", "int?", "Bonus for going out from the hand, instead of the closing "
       "bonus (empty: the closing bonus).",
       "Bonus fürs Ausgehen aus der Hand, statt des Ausgehbonus (leer: Ausgehbonus).",
       minimum=0, maximum=1_000),
    _s("hand_win_factor", "int", "Opponents' hand points are multiplied by this after a "
       "win from the hand.", "Die Handpunkte der Gegner werden nach einem Sieg aus der "
       "Hand damit multipliziert.",
       minimum=1, maximum=10),
    _s("ace_in_hand", "int", "An ace left in the hand costs…",
       "Ein Ass auf der Hand kostet…",
       minimum=0, maximum=1_000),
    _s("joker_in_hand", "int", "A joker left in the hand costs…",
       "Ein Joker auf der Hand kostet…",
       minimum=0, maximum=1_000),
    _s("wild_in_hand", "face_or_int", "A wild card left in the hand costs its face value "
       "(face) or a fixed number.", "Eine Wildcard auf der Hand kostet ihren Kartenwert "
       "(face) oder eine feste Zahl.",
       minimum=0, maximum=1_000),
    _s("court_values", "court", "What J, Q and K cost in the hand.",
       "Was Bube, Dame und König auf der Hand kosten.",
       minimum=0, maximum=100),
    _s("unmelded_surcharge", "int", "Extra penalty for a player who never melded.",
       "Zusatzstrafe für einen Spieler, der nie gemeldet hat.",
       minimum=0, maximum=1_000),
    _s("rummy_surcharge", "int", "Extra penalty for everyone when the winner went rummy.",
       "Zusatzstrafe für alle, wenn der Sieger Rummy gegangen ist.",
       minimum=0, maximum=1_000),
    _s("rummy_no_melds_surcharge", "int", "…instead, when nobody else had melded.",
       "…stattdessen, wenn noch niemand sonst gemeldet hatte.",
       minimum=0, maximum=1_000),
    _s("rummy_no_melds_replaces", "choice", "The 200 replaces only the rummy surcharge "
       "(rummy_only) or also the never-melded one (both).",
       "Die 200 ersetzen nur den Rummy-Zuschlag (rummy_only) oder auch den Zuschlag für "
       "Spieler, die nie gemeldet haben (both).", choices=("rummy_only", "both")),
    _s("target", "int?", "The game ends after a round in which someone passes this total.",
       "Das Spiel endet nach der Runde, in der jemand diese Punktzahl überschreitet.",
       minimum=1, maximum=100_000),
    _s("target_reached_when", "choice", "Passing means more than (>) or at least (>=) "
       "the target.", "Überschritten heißt: mehr als (>) oder mindestens (>=) die Zielpunktzahl.",
       choices=(">", ">=")),
    _s("rounds", "int?", "Play this many rounds instead of to a target (empty: to the "
       "target).", "So viele Runden spielen statt bis zum Ziel (leer: bis zum Ziel).",
       minimum=1, maximum=MAX_PLAYED_ROUNDS),
    _s("tie", "choice", "A tie for the win is played off by the tied players (playoff) "
       "or shared (shared).", "Ein Gleichstand um den Sieg wird ausgespielt (playoff) "
       "oder geteilt (shared).", choices=("playoff", "shared")),
    # -- the turn (RULES.md §8): they change no score --
    _s("take_before_initial_meld", "bool",
       "A player may take from the discard pile before their first meld.",
       "Vom Ablagestapel aufnehmen darf man auch vor dem ersten Auslegen."),
    _s("take_depth", "choice", "Only the top card of the discard pile (top), or any card "
       "with every card above it (any).",
       "Nur die oberste Karte des Ablagestapels (top) oder jede Karte mit allen Karten "
       "darüber (any).", choices=("top", "any")),
    _s("take_must_use", "choice", "A card taken from the discard pile goes anywhere (off), "
       "at once into a new meld (new_meld), or into a new meld or onto a meld on the table "
       "(meld_or_layoff).",
       "Eine aufgenommene Karte darf überallhin (off), muss sofort in eine neue Meldung "
       "(new_meld) oder in eine neue Meldung oder an eine Meldung auf dem Tisch "
       "(meld_or_layoff).", choices=("off", "new_meld", "meld_or_layoff")),
    _s("take_min_pile_value", "int", "The discard pile must be worth at least this much "
       "(hand values) before anyone takes from it.",
       "So viel muss der Ablagestapel (nach Handwerten) mindestens wert sein, bevor man "
       "aufnehmen darf.", minimum=0, maximum=1_000),
    _s("take_with_one_card", "bool",
       "A player holding one card may still take from the discard pile.",
       "Wer nur noch eine Karte hat, darf trotzdem vom Ablagestapel aufnehmen."),
    _s("hand_limit", "int?", "Most cards a hand may hold after taking (empty: no limit).",
       "Höchstens so viele Karten darf eine Hand nach dem Aufnehmen halten (leer: beliebig).",
       minimum=3, maximum=60),
    _s("layoff_from", "choice", "Laying off is allowed at any time (any_time), from the "
       "first meld on (initial_meld), or from the turn after it (next_turn).",
       "Anlegen darf man jederzeit (any_time), ab dem ersten Auslegen (initial_meld) oder "
       "erst ab dem Zug danach (next_turn).", choices=("any_time", "initial_meld", "next_turn")),
    _s("completed_melds_closed", "bool", "A complete meld (a set of 4, a run of 13) is "
       "turned over and takes nothing more.",
       "Eine vollständige Meldung (Satz aus 4, Folge aus 13) wird umgedreht; es wird nichts "
       "mehr angelegt."),
    _s("joker_exchange", "choice", "Jokers are not exchanged (off), in a set only in a four "
       "(four_only), in a set of three with either missing suit (any_missing_suit), or in a "
       "set of three only with both missing suits at once (both_missing).",
       "Joker werden nicht ausgetauscht (off), im Satz erst bei einem Vierling (four_only), "
       "im Dreier-Satz gegen jede fehlende Farbe (any_missing_suit) oder im Dreier-Satz nur "
       "gegen beide fehlenden Farben zugleich (both_missing).",
       choices=("off", "four_only", "any_missing_suit", "both_missing")),
    _s("exchange_from", "choice", "A joker may be exchanged from the first meld on "
       "(initial_meld) or from the turn after it (next_turn).",
       "Einen Joker austauschen darf man ab dem ersten Auslegen (initial_meld) oder erst ab "
       "dem Zug danach (next_turn).", choices=("initial_meld", "next_turn")),
    _s("exchanged_joker_to", "choice", "The freed joker goes into the hand (hand) or must "
       "go at once into a new meld (new_meld).",
       "Der frei gewordene Joker kommt auf die Hand (hand) oder muss sofort in eine neue "
       "Meldung (new_meld).", choices=("hand", "new_meld")),
)}


@dataclass(frozen=True, slots=True)
class HouseRules:
    """Every switch of RULES.md §4; build one with :meth:`Variant.house_rules`.

    ``None`` for ``decks``, ``jokers`` and ``hand_size`` means "as the variant
    says for this player count".
    """

    decks: int | None = None
    jokers: int | None = None
    hand_size: int | None = None
    min_naturals: int = 2
    max_jokers_per_meld: int | None = None
    max_adjacent_jokers: int | None = None
    all_wild_meld: bool = False
    set_max_size: int | None = 4
    set_distinct_suits: bool = True
    ace_high: bool = True
    wraparound: bool = False
    ace_both_ends: bool = True
    max_run_length: int | None = None
    initial_min_points: int = 0
    initial_clean_run: str = "off"
    hand_win_waives_minimum: bool = False
    joker_declaration: str = "auto"
    layoff_credit: str = "layer"
    ace_in_set: int = 11
    ace_low_run_value: int = 1
    ace_high_run_value: int = 11
    closer_bonus: int = 0
    hand_win_bonus: int | None = None
    hand_win_factor: int = 1
    ace_in_hand: int = 11
    joker_in_hand: int = 20
    wild_in_hand: str | int = "face"
    court_values: tuple[int, int, int] = (10, 10, 10)
    unmelded_surcharge: int = 0
    rummy_surcharge: int = 0
    rummy_no_melds_surcharge: int = 0
    rummy_no_melds_replaces: str = "rummy_only"
    target: int | None = None
    target_reached_when: str = ">"
    rounds: int | None = None
    tie: str = "shared"
    take_before_initial_meld: bool = True
    take_depth: str = "top"
    take_must_use: str = "off"
    take_min_pile_value: int = 0
    take_with_one_card: bool = True
    hand_limit: int | None = None
    layoff_from: str = "initial_meld"
    completed_melds_closed: bool = False
    joker_exchange: str = "off"
    exchange_from: str = "initial_meld"
    exchanged_joker_to: str = "hand"

    def as_dict(self) -> dict[str, Any]:
        """All switches as JSON-ready values.

        >>> find_variant("rami_fr").house_rules().as_dict()["joker_in_hand"]
        150
        """
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        out["court_values"] = list(self.court_values)
        return out


@dataclass(frozen=True, slots=True)
class Pack:
    """What is dealt at a table: packs of 52, jokers, cards per player."""

    decks: int
    jokers: int
    hand_size: int
    dealer_extra: int = 0

    def copies(self, card: Card) -> int:
        """How many copies of ``card`` the pack holds.

        >>> Pack(decks=2, jokers=6, hand_size=13).copies(Card.parse("7h"))
        2
        """
        return self.jokers if card.is_joker else self.decks


def N_(text: str) -> str:
    """``text`` unchanged: an English text the app shows through its gettext catalog, marked
    so that ``pybabel extract`` keeps it as a msgid (the engine itself imports no Babel)."""
    return text


@dataclass(frozen=True, slots=True)
class HandWin:
    """Going out from the hand as a win of its own (RULES.md §2): what the players call it
    and what it asks beyond laying every card down in one turn.

    The words are English (``name_de`` the German name the engine's own words use); the app
    shows ``name``, ``after`` and ``claim`` through its gettext catalog, where each is a msgid.
    """

    #: What it is called: "Handglatt", "Hand-Rommé", "rummy".
    name: str
    name_de: str
    #: The name as it follows "after" in a sentence: "Handglatt", "a rummy".
    after: str
    #: The check box of a round's closer: "Handglatt: went out from the hand".
    claim: str
    #: Only while no other player has melded (Rommé).
    before_others_meld: bool = False
    #: Still needs the first meld's run without a joker, where the table plays it (Rami).
    needs_clean_run: bool = False


@dataclass(frozen=True, slots=True)
class Variant:
    """One variant of RULES.md §2: what it is called, its defaults, its limits, and the
    knobs the app asks instead of the variant's id (``has_layoffs``, ``hand_win``,
    ``round_count``, ``melds_in_hand`` …)."""

    id: str
    name: str
    name_de: str
    summary_en: str
    summary_de: str
    seed: str
    section: str
    scoring: Scoring
    min_players: int
    max_players: int
    defaults: Mapping[str, Any]
    topics: Mapping[str, str] = field(default_factory=dict)
    #: Going out: ``"required"`` (the last card is thrown on the discard pile) or
    #: ``"optional"`` (a player may also meld every card). RULES.md §2.
    final_discard: str = "required"
    #: The win from the hand (Handglatt, Hand-Rommé, rummy), or ``None`` where going out
    #: from the hand is no win of its own.
    hand_win: HandWin | None = None
    #: A game is a fixed cycle of this many deals, each with its own cards dealt (3 in the
    #: first, one more in each next) and, with ``wild_by_round``, its own wild rank (3-13);
    #: ``None``: every round deals alike.
    round_count: int | None = None
    #: The rank equal to the cards dealt is wild (3-13: threes in the first deal).
    wild_by_round: bool = False
    #: Melds stay in the hand until the round ends: each hand is arranged into melds (worth
    #: no points) and the rest counts, the closer holds every card but the discard in melds,
    #: and nobody lays off (3-13).
    melds_in_hand: bool = False
    #: Whether each player has melded in the round changes the score, so a round typed by
    #: numbers asks it (Rommé: the win from the hand; Rami: the surcharges).
    asks_melded: bool = False
    #: The meld's owner pays the layer one card for each card laid off onto it (Jolly with
    #: Vorratsreihe).
    owner_pays_layoffs: bool = False
    #: What every card from 2 to 9 is worth, in a meld and in the hand (Jolly with
    #: Vorratsreihe: 5); ``None``: its face.
    small_cards_worth: int | None = None
    #: The discards lie in a row, taken from its right end, not in a pile (Jolly with
    #: Vorratsreihe, RULES.md §2.2): the pages call it the discard row.
    discard_row: bool = False

    def title(self, lang: str = "en") -> str:
        """The variant's name for the players.

        >>> find_variant("rami_fr").title("de")
        'Rami (Frankreich)'
        """
        return self.name_de if lang == "de" else self.name

    def summary(self, lang: str = "en") -> str:
        """One line on what makes the variant different."""
        return self.summary_de if lang == "de" else self.summary_en

    @property
    def switches(self) -> list[Switch]:
        """The switches this variant has, in the order of RULES.md §4."""
        return [SWITCHES[key] for key in SWITCHES if key in self.defaults]

    def has_switch(self, key: str) -> bool:
        """Whether a table of this variant has the house-rule switch ``key``.

        >>> find_variant("three_thirteen").has_switch("court_values"), find_variant("jolly_at").has_switch("court_values")
        (True, False)
        """
        return key in self.defaults

    @property
    def has_hand_win(self) -> bool:
        """Whether going out from the hand (Handglatt, Hand-Rommé, rummy) is a win of its own.

        >>> find_variant("romme_de").has_hand_win, find_variant("jolly_vorrat").has_hand_win
        (True, False)
        """
        return self.hand_win is not None

    def hand_win_name(self, lang: str = "en") -> str:
        """What a win from the hand is called here; empty where there is none.

        >>> find_variant("rami_fr").hand_win_name("de"), find_variant("three_thirteen").hand_win_name()
        ('Rummy', '')
        """
        if self.hand_win is None:
            return ""
        return self.hand_win.name_de if lang == "de" else self.hand_win.name

    @property
    def has_layoffs(self) -> bool:
        """Whether cards are laid off onto melds on the table.

        >>> find_variant("jolly_vorrat").has_layoffs, find_variant("three_thirteen").has_layoffs
        (True, False)
        """
        return "layoff_from" in self.defaults

    @property
    def has_joker_exchange(self) -> bool:
        """Whether a joker in a meld may ever be exchanged (a table may still switch it off).

        >>> find_variant("jolly_at").has_joker_exchange, find_variant("three_thirteen").has_joker_exchange
        (True, False)
        """
        return "joker_exchange" in self.defaults

    @property
    def has_first_meld_rule(self) -> bool:
        """Whether, by the variant's own defaults, a first meld must meet a condition
        (points or a run); a table's house rules may add one (:attr:`Rules.first_meld_rule`).

        >>> find_variant("romme_de").has_first_meld_rule, find_variant("jolly_vorrat").has_first_meld_rule
        (True, False)
        """
        d = self.defaults
        return bool(d.get("initial_min_points", 0)) or d.get("initial_clean_run", "off") != "off"

    @property
    def starts_by_cards(self) -> bool:
        """Whether a new round is best entered card by card: where each hand is arranged
        into melds (:attr:`melds_in_hand`), the cards are the point.

        >>> find_variant("three_thirteen").starts_by_cards, find_variant("rami_fr").starts_by_cards
        (True, False)
        """
        return self.melds_in_hand

    @property
    def deals(self) -> range:
        """The deal numbers of a game (1 to :attr:`round_count`); empty where every round
        deals alike.

        >>> find_variant("three_thirteen").deals, find_variant("jolly_at").deals
        (range(1, 12), range(1, 1))
        """
        return range(1, (self.round_count or 0) + 1)

    def deal_of(self, number: int | None, rounds: int | None = None) -> int | None:
        """The deal a game's round ``number`` plays, where deals change by round; ``None``
        elsewhere. A game of fewer ``rounds`` ends earlier; a round after the last (a
        play-off) replays the last deal (rule decision: RULES.md AMB-T9 leaves it open).

        >>> v = find_variant("three_thirteen")
        >>> v.deal_of(5), v.deal_of(14), v.deal_of(3, rounds=2), v.deal_of(0), v.deal_of(None)
        (5, 11, 2, 1, None)
        >>> find_variant("rami_fr").deal_of(3) is None
        True
        """
        if number is None or self.round_count is None:
            return None
        return max(1, min(number, rounds or self.round_count))

    def cards_dealt(self, deal: int) -> int:
        """The cards each player gets in ``deal`` where deals change by round: 3 in the
        first, one more in each next.

        >>> find_variant("three_thirteen").cards_dealt(11)
        13
        """
        return deal + 2

    def wild_rank(self, deal: int | None) -> Rank | None:
        """The rank that is wild in ``deal`` (the rank of the cards dealt), or ``None``.

        >>> find_variant("three_thirteen").wild_rank(9), find_variant("jolly_at").wild_rank(9)
        (<Rank.JACK: 11>, None)
        """
        if not self.wild_by_round or deal is None:
            return None
        return Rank(self.cards_dealt(deal))

    @property
    def higher_wins(self) -> bool:
        """Plus/minus games are won by the highest total, penalty games by the lowest."""
        return self.scoring == "plus_minus"

    def house_rules(self, overrides: Mapping[str, Any] | None = None) -> HouseRules:
        """The variant's defaults with a table's ``overrides``, validated.

        >>> find_variant("romme_de").house_rules({"initial_min_points": 30}).initial_min_points
        30
        >>> find_variant("romme_de").house_rules({"wild_in_hand": 5})
        Traceback (most recent call last):
        ...
        scorepad.rules.variants.InvalidHouseRuleError: romme_de has no house rule 'wild_in_hand'
        """
        values = dict(self.defaults)
        if overrides is None:
            overrides = {}
        if not isinstance(overrides, Mapping):
            raise InvalidHouseRuleError("", "house_rules must be an object of switches")
        for key, value in overrides.items():
            if not isinstance(key, str):
                raise InvalidHouseRuleError(brief(key), "a house rule is named by text")
            if key not in self.defaults:
                if key in SWITCHES:
                    raise InvalidHouseRuleError(key, f"{self.id} has no house rule {key!r}")
                raise InvalidHouseRuleError(key, f"unknown house rule {brief(key)}")
            values[key] = SWITCHES[key].check(value)
        rules = HouseRules(**values)
        most = self.round_count
        if most is not None and rules.rounds is not None and rules.rounds > most:
            raise InvalidHouseRuleError("rounds", f"{self.id} has at most {most} rounds")
        return rules

    def changed(self, rules: HouseRules) -> dict[str, Any]:
        """The switches of ``rules`` that differ from this variant's defaults.

        >>> v = find_variant("jolly_at")
        >>> v.changed(v.house_rules({"target": 300, "closer_bonus": 30}))
        {'target': 300}
        """
        base = self.house_rules().as_dict()
        return {k: v for k, v in rules.as_dict().items() if k in self.defaults and base[k] != v}

    def rule(self, topic: str) -> str:
        """A reference to the rule that decides ``topic`` in this variant.

        >>> find_variant("jolly_at").rule("set")
        'RULES.md §2.1 jolly_at, Meld: set (seed 000)'
        """
        row = self.topics.get(topic, _TOPIC_ROWS.get(topic, topic))
        return f"RULES.md §{self.section} {self.id}, {row} (seed {self.seed})"

    def turn_rule(self, topic: str) -> str:
        """A reference to the turn rule of RULES.md §8 on ``topic`` (``take``, ``layoff``,
        ``exchange``), named by the variant's row of §2 for the same thing.

        >>> find_variant("jolly_at").turn_rule("take")
        'RULES.md §8.1 jolly_at, Draw (seed 000)'
        >>> find_variant("three_thirteen").turn_rule("layoff")
        'RULES.md §8.2 three_thirteen, Lay-off (seed 002)'
        """
        row = self.topics.get(topic, _TOPIC_ROWS.get(topic, topic))
        return f"RULES.md §{_TURN_SECTIONS[topic]} {self.id}, {row} (seed {self.seed})"

    def pack(self, rules: HouseRules, player_count: int, round: int | None = None) -> Pack:
        """The pack and deal for ``player_count`` players (and a 3-13 round).

        >>> v = find_variant("rami_fr")
        >>> v.pack(v.house_rules(), 5)
        Pack(decks=3, jokers=6, hand_size=14, dealer_extra=0)
        """
        n = player_count
        decks, jokers, hand, extra = 2, 6, 13, 0
        if self.id == "jolly_at":
            hand = 11 if n >= 5 else 13
        elif self.id == "jolly_vorrat":
            hand = 12
        elif self.id == "three_thirteen":
            decks = 1 if n <= 2 else 2 if n <= 7 else 3
            jokers = 0
            hand = self.cards_dealt(round or 1)
        elif self.id == "romme_de":
            extra = 1
        elif self.id == "rami_fr":
            decks, jokers = (2, 4) if n <= 4 else (3, 6)
            hand = 14 if n in (2, 3, 5) else 12
        return Pack(
            decks=rules.decks if rules.decks is not None else decks,
            jokers=rules.jokers if rules.jokers is not None else jokers,
            hand_size=rules.hand_size if rules.hand_size is not None else hand,
            dealer_extra=extra,
        )


_TOPIC_ROWS = {
    "cards": "Card counts (§1)",
    "set": "Meld: set",
    "run": "Meld: run",
    "jokers": "Jokers in melds",
    "meld_values": "Values in melds",
    "initial": "Initial meld",
    "layoff": "Lay-off",
    "going_out": "Going out",
    "hand_win": "Handglatt",
    "score": "Round score",
    "end": "Game end",
    "take": "Draw",
    "exchange": "Joker exchange",
}

_TURN_SECTIONS = {"take": "8.1", "layoff": "8.2", "exchange": "8.3"}


_COMMON: dict[str, Any] = {
    "decks": None, "jokers": None, "hand_size": None, "joker_declaration": "auto",
    "wraparound": False, "max_jokers_per_meld": None, "rounds": None,
}

VARIANTS: dict[str, Variant] = {v.id: v for v in (
    Variant(
        id="jolly_at", name="Jolly (Austria)", name_de="Jolly (Österreich)", seed="000", section="2.1", scoring="plus_minus",
        summary_en="Plus/minus points, 30 to come out, +30 for closing, Handglatt doubles.",
        summary_de="Plus- und Minuspunkte, 30 zum Auslegen, +30 fürs Ausgehen, Handglatt verdoppelt.",
        min_players=2, max_players=6,
        hand_win=HandWin(N_("Handglatt"), "Handglatt", N_("Handglatt"),
                         N_("Handglatt: went out from the hand")),
        defaults=_COMMON | {
            "min_naturals": 2, "max_adjacent_jokers": None, "set_max_size": 4,
            "set_distinct_suits": True, "ace_high": True, "ace_both_ends": True,
            "max_run_length": None, "initial_min_points": 30, "initial_clean_run": "off",
            "hand_win_waives_minimum": True, "layoff_credit": "layer", "ace_in_set": 25,
            "ace_low_run_value": 1, "ace_high_run_value": 11, "closer_bonus": 30,
            "hand_win_bonus": 60, "hand_win_factor": 2, "ace_in_hand": 25, "joker_in_hand": 50,
            "target": 500, "target_reached_when": ">", "tie": "playoff",
            "take_before_initial_meld": False, "take_depth": "any", "take_must_use": "off",
            "take_min_pile_value": 0, "take_with_one_card": True, "hand_limit": 20,
            "layoff_from": "next_turn", "completed_melds_closed": False,
            "joker_exchange": "four_only", "exchange_from": "next_turn",
            "exchanged_joker_to": "hand",
        },
    ),
    Variant(
        id="jolly_vorrat", name="Jolly with Vorratsreihe", name_de="Jolly mit Vorratsreihe",
        seed="001", section="2.2",
        scoring="plus_minus",
        summary_en="A discard row to draw from, 5/10-point cards, laid-off cards score for "
                   "the meld's owner, +50 for closing.",
        summary_de="Vorratsreihe zum Aufnehmen, Karten zählen 5/10, angelegte Karten zählen "
                   "für den Besitzer der Meldung, +50 fürs Ausgehen.",
        min_players=2, max_players=6,
        topics={"set": "Meld: set (Gruppe)", "run": "Meld: run (Reihe)",
                "jokers": "Jollys in melds", "hand_win": "Handglatt"},
        owner_pays_layoffs=True, small_cards_worth=5, discard_row=True,
        defaults=_COMMON | {
            "min_naturals": 2, "max_adjacent_jokers": None, "set_max_size": 4,
            "set_distinct_suits": True, "ace_high": True, "ace_both_ends": False,
            "max_run_length": 13, "initial_min_points": 0, "initial_clean_run": "off",
            "layoff_credit": "owner", "ace_in_set": 25, "ace_low_run_value": 5,
            "ace_high_run_value": 10, "closer_bonus": 50, "ace_in_hand": 10,
            "joker_in_hand": 50, "target": 500, "target_reached_when": ">=", "tie": "playoff",
            "take_before_initial_meld": True, "take_depth": "any",
            "take_must_use": "meld_or_layoff", "take_min_pile_value": 30,
            "take_with_one_card": True, "hand_limit": None, "layoff_from": "any_time",
            "completed_melds_closed": True, "joker_exchange": "off", "exchange_from": "next_turn",
            "exchanged_joker_to": "hand",
        },
    ),
    Variant(
        id="three_thirteen", name="Three Thirteen (3-13)", name_de="3-13 (Three Thirteen)",
        seed="002", section="2.3",
        scoring="penalty",
        summary_en="11 rounds of 3 to 13 cards, a new wild rank each round, lowest total wins.",
        summary_de="11 Runden mit 3 bis 13 Karten, jede Runde ist ein anderer Rang wild, "
                   "die niedrigste Summe gewinnt.",
        min_players=2, max_players=8,
        topics={"set": "Set", "run": "Run", "jokers": "Wilds", "layoff": "Lay-off",
                "score": "Penalty", "hand_win": "Going out", "going_out": "Going out",
                "cards": "Rounds / deal", "take": "Turn"},
        round_count=11, wild_by_round=True, melds_in_hand=True,
        defaults=_COMMON | {
            "min_naturals": 0, "max_adjacent_jokers": None, "all_wild_meld": True,
            "set_max_size": None, "set_distinct_suits": False, "ace_high": False,
            "max_run_length": 13, "closer_bonus": 0, "ace_in_hand": 1, "joker_in_hand": 20,
            "wild_in_hand": "face", "court_values": (10, 10, 10), "target": None,
            "rounds": 11, "tie": "shared",
            "take_before_initial_meld": True, "take_depth": "top", "take_must_use": "off",
            "take_min_pile_value": 0, "take_with_one_card": True, "hand_limit": None,
        },
    ),
    Variant(
        id="romme_de", name="Rommé", name_de="Rommé", seed="003", section="2.4", scoring="penalty",
        final_discard="optional",  # "if need be" (en.wikipedia), RULES.md §2.4
        summary_en="Penalty points, 40 to come out, Hand-Rommé doubles the others' hands, "
                   "lowest total wins.",
        summary_de="Minuspunkte, 40 zum Auslegen, Hand-Rommé verdoppelt die anderen Hände, "
                   "die niedrigste Summe gewinnt.",
        min_players=2, max_players=6,
        topics={"set": "Set", "run": "Run", "jokers": "Jokers", "hand_win": "Hand-Rommé",
                "score": "Penalty", "meld_values": "Initial-meld values"},
        hand_win=HandWin(N_("Hand-Rommé"), "Hand-Rommé", N_("Hand-Rommé"),
                         N_("Hand-Rommé: went out from the hand"), before_others_meld=True),
        asks_melded=True,
        defaults=_COMMON | {
            "min_naturals": 2, "max_adjacent_jokers": 2, "set_max_size": 4,
            "set_distinct_suits": True, "ace_high": True, "ace_both_ends": True,
            "max_run_length": None, "initial_min_points": 40, "initial_clean_run": "off",
            "hand_win_waives_minimum": True, "ace_in_set": 11, "ace_low_run_value": 1,
            "ace_high_run_value": 11, "closer_bonus": 0, "hand_win_bonus": 0,
            "hand_win_factor": 2, "ace_in_hand": 11, "joker_in_hand": 20, "target": 500,
            "target_reached_when": ">", "tie": "shared",
            "take_before_initial_meld": True, "take_depth": "top", "take_must_use": "off",
            "take_min_pile_value": 0, "take_with_one_card": True, "hand_limit": None,
            "layoff_from": "initial_meld", "completed_melds_closed": False,
            "joker_exchange": "any_missing_suit", "exchange_from": "initial_meld",
            "exchanged_joker_to": "new_meld",
        },
    ),
    Variant(
        id="rami_fr", name="Rami (French)", name_de="Rami (Frankreich)", seed="004", section="2.5", scoring="penalty",
        final_discard="optional",  # as romme_de: 004 and rummy.ch are silent (AMB-F1)
        summary_en="51 with a clean run to come out, joker 150 in the hand, +100/+200 "
                   "surcharges, lowest total wins.",
        summary_de="51 mit einer echten Folge zum Auslegen, ein Joker auf der Hand kostet 150, "
                   "+100/+200 Zuschläge, die niedrigste Summe gewinnt.",
        min_players=2, max_players=6,
        topics={"set": "Melds", "run": "Melds", "jokers": "Melds",
                "meld_values": "Values in melds", "hand_win": "Rummy gehen",
                "score": "Penalty for each loser"},
        hand_win=HandWin(N_("rummy"), "Rummy", N_("a rummy"), N_("Rummy: went out in one turn"),
                         needs_clean_run=True),
        asks_melded=True,
        defaults=_COMMON | {
            "min_naturals": 2, "max_adjacent_jokers": 2, "set_max_size": 4,
            "set_distinct_suits": True, "ace_high": True, "ace_both_ends": True,
            "max_run_length": None, "initial_min_points": 51, "initial_clean_run": "strict",
            "hand_win_waives_minimum": True, "ace_in_set": 11, "ace_low_run_value": 1,
            "ace_high_run_value": 11, "closer_bonus": 0, "hand_win_bonus": 0,
            "hand_win_factor": 1, "ace_in_hand": 11, "joker_in_hand": 150,
            "unmelded_surcharge": 100, "rummy_surcharge": 100,
            "rummy_no_melds_surcharge": 200, "rummy_no_melds_replaces": "rummy_only",
            "target": 1000, "target_reached_when": ">", "tie": "shared",
            "take_before_initial_meld": True, "take_depth": "top", "take_must_use": "new_meld",
            "take_min_pile_value": 0, "take_with_one_card": False, "hand_limit": None,
            "layoff_from": "initial_meld", "completed_melds_closed": False,
            "joker_exchange": "both_missing", "exchange_from": "initial_meld",
            "exchanged_joker_to": "new_meld",
        },
    ),
)}


def find_variant(name: str) -> Variant:
    """The variant with id ``name``.

    >>> find_variant("jolly_at").scoring
    'plus_minus'
    >>> find_variant("gin_rummy")
    Traceback (most recent call last):
    ...
    scorepad.rules.variants.UnknownVariantError: unknown variant 'gin_rummy'; known variants: jolly_at, jolly_vorrat, three_thirteen, romme_de, rami_fr
    """
    try:
        return VARIANTS[name]
    except (KeyError, TypeError):
        raise UnknownVariantError(name) from None


_FACE_TEN = frozenset({Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING})


@dataclass(frozen=True, slots=True)
class Rules:
    """A variant with its house rules, at a table of ``player_count``, in a round.

    >>> r = rules_for("three_thirteen", round=5)
    >>> r.wild_rank, r.pack.hand_size
    (<Rank.SEVEN: 7>, 7)
    """

    variant: Variant
    house: HouseRules
    player_count: int = 4
    round: int | None = None

    @property
    def pack(self) -> Pack:
        """The pack and deal at this table."""
        return self.variant.pack(self.house, self.player_count, self.round)

    @property
    def wild_rank(self) -> Rank | None:
        """In 3-13, the rank that is wild this round (round + 2); elsewhere ``None``."""
        return self.variant.wild_rank(self.round)

    @property
    def wild_word(self) -> bool:
        """True where wild cards, not only jokers, are wild (3-13)."""
        return self.variant.wild_by_round

    def is_wild(self, card: Card) -> bool:
        """A joker, or in 3-13 a card of the round's wild rank.

        >>> rules_for("three_thirteen", round=1).is_wild(Card.parse("3s"))
        True
        """
        return card.is_joker or (card.rank is not None and card.rank == self.wild_rank)

    @property
    def set_limit(self) -> int | None:
        """Most cards a set may hold (``None``: no limit).

        ``set_max_size``, and where every suit may appear only once never more
        than the four suits, whatever ``set_max_size`` says: a joker in a set
        stands for a missing suit too.

        >>> rules_for("jolly_at", {"set_max_size": None}).set_limit
        4
        >>> rules_for("three_thirteen", round=1).set_limit is None
        True
        """
        size = self.house.set_max_size
        if self.house.set_distinct_suits:
            return 4 if size is None else min(size, 4)
        return size

    @property
    def first_meld_rule(self) -> bool:
        """Whether a player's first meld must meet a condition here (points or a run).

        >>> rules_for("rami_fr").first_meld_rule, rules_for("jolly_vorrat").first_meld_rule
        (True, False)
        >>> rules_for("jolly_vorrat", {"initial_min_points": 30}).first_meld_rule
        True
        """
        h = self.house
        return self.variant.has_switch("initial_min_points") and (
            h.initial_min_points > 0 or h.initial_clean_run != "off")

    @property
    def most_points(self) -> int:
        """More points than one player's number in a round can be: every card of the pack
        at its highest value (its hand value, or 25 for an ace in a set).

        >>> rules_for("rami_fr", player_count=4).most_points, rules_for("rami_fr", player_count=6).most_points
        (3200, 4800)
        """
        pack = self.pack
        naturals = sum(max(self.hand_value(Card(rank, suit)), 25) for rank in Rank for suit in Suit)
        return naturals * pack.decks + pack.jokers * max(self.hand_value(JOKER), 25)

    def with_round(self, round: int | None) -> Rules:
        """The same table in another round."""
        return replace(self, round=round)

    def meld_value(self, card: Card, *, in_set: bool, position: int = 0) -> int:
        """What ``card`` (a natural card, or the card a joker stands for) is worth in a meld.

        ``position`` is the card's place in a run: 1 for a low ace, 14 for a high one.

        >>> r = rules_for("jolly_at")
        >>> r.meld_value(Card.parse("Ah"), in_set=True), r.meld_value(Card.parse("Ah"), in_set=False, position=14)
        (25, 11)
        """
        rank = card.rank
        if rank is None:
            raise ValueError("a joker's meld value is the value of the card it stands for")
        h = self.house
        if rank == Rank.ACE:
            if in_set:
                return h.ace_in_set
            return h.ace_high_run_value if position == 14 else h.ace_low_run_value
        return self._face_value(rank)

    def _face_value(self, rank: Rank) -> int:
        """A card from 2 to king: 10 for the court cards and the ten, else its face or what
        the variant makes every small card worth."""
        if rank in _FACE_TEN:
            return 10
        small = self.variant.small_cards_worth
        return int(rank) if small is None else small

    def hand_value(self, card: Card) -> int:
        """What ``card`` costs when it is left in the hand at the end of the round.

        >>> r = rules_for("jolly_at")
        >>> r.hand_value(Card.parse("As")), r.hand_value(Card.parse("JK")), r.hand_value(Card.parse("10c"))
        (25, 50, 10)
        """
        h = self.house
        rank = card.rank
        if rank is None:
            return h.joker_in_hand
        if rank == self.wild_rank and h.wild_in_hand != "face":
            return int(h.wild_in_hand)
        if rank == Rank.ACE:
            return h.ace_in_hand
        if self.variant.id == "three_thirteen" and rank >= Rank.JACK:
            return h.court_values[rank - Rank.JACK]
        return self._face_value(rank)


def rules_for(variant: str | Variant, house_rules: Mapping[str, Any] | None = None, *,
              player_count: int = 4, round: int | None = None) -> Rules:
    """Bind a variant and a table's house rules to a player count and round.

    >>> rules_for("romme_de", {"joker_in_hand": 25}).hand_value(Card.parse("JK"))
    25
    """
    v = variant if isinstance(variant, Variant) else find_variant(variant)
    return Rules(v, v.house_rules(house_rules), player_count, round)
