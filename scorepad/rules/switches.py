"""The house-rule switches of RULES.md §4 and a validated set of them.

A :class:`Switch` is one switch (its key, the values it takes, what it does);
:data:`SWITCHES` lists them in the order of RULES.md §4; a :class:`HouseRules` is
a validated set of switches for one variant (:meth:`Variant.house_rules
<scorepad.rules.variant.Variant.house_rules>` builds it).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from .limits import MAX_NUMBER, MAX_PLAYED_ROUNDS, brief, is_whole

__all__ = ["HouseRules", "InvalidHouseRuleError", "SWITCHES", "Switch"]


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
        scorepad.rules.switches.InvalidHouseRuleError: house rule 'decks' must be a whole number, at least 1 and at most 4, or null
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

        >>> from scorepad.rules.variants import find_variant
        >>> find_variant("rami_fr").house_rules().as_dict()["joker_in_hand"]
        150
        """
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        out["court_values"] = list(self.court_values)
        return out
