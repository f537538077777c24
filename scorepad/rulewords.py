"""House rules in words: a label, the values and a one-line explanation of every switch,
in English and German, for the new-game form, the game page and the sheets.

The engine keeps its keys (``min_naturals``, ``tie``); players never see them.
"""

from __future__ import annotations

from typing import Any

from .rules import SWITCHES

# key: (English label, German label)
LABELS: dict[str, tuple[str, str]] = {
    "decks": ("Packs of cards", "Kartenspiele"),
    "jokers": ("Jokers", "Joker"),
    "hand_size": ("Cards per player", "Karten pro Spieler"),
    "min_naturals": ("Natural cards per meld", "Echte Karten pro Meldung"),
    "max_jokers_per_meld": ("Jokers per meld", "Joker pro Meldung"),
    "max_adjacent_jokers": ("Jokers side by side", "Joker nebeneinander"),
    "all_wild_meld": ("Melds of wild cards only", "Meldungen nur aus Wildcards"),
    "set_max_size": ("Largest set", "Größter Satz"),
    "set_distinct_suits": ("Sets in different suits", "Sätze in verschiedenen Farben"),
    "ace_high": ("Ace may follow the king", "Ass darf auf den König folgen"),
    "wraparound": ("Runs round the corner", "Folgen um die Ecke"),
    "ace_both_ends": ("An ace at each end", "Ein Ass an jedem Ende"),
    "max_run_length": ("Longest run", "Längste Folge"),
    "initial_min_points": ("First meld: minimum points", "Erstes Auslegen: Mindestpunkte"),
    "initial_clean_run": ("First meld: a run", "Erstes Auslegen: eine Folge"),
    "hand_win_waives_minimum": ("From the hand: no minimum", "Aus der Hand: ohne Mindestpunkte"),
    "joker_declaration": ("Saying what a joker stands for", "Ansagen, wofür ein Joker steht"),
    "layoff_credit": ("Laid-off cards count for", "Angelegte Karten zählen für"),
    "ace_in_set": ("Value of an ace in a set", "Wert eines Asses im Satz"),
    "ace_low_run_value": ("Value of an ace before the 2", "Wert eines Asses vor der 2"),
    "ace_high_run_value": ("Value of an ace after the king", "Wert eines Asses nach dem König"),
    "closer_bonus": ("Bonus for going out", "Bonus fürs Ausgehen"),
    "hand_win_bonus": ("Bonus for going out from the hand", "Bonus fürs Ausgehen aus der Hand"),
    "hand_win_factor": ("Hand points after a win from the hand", "Handpunkte nach Handsieg"),
    "ace_in_hand": ("Ace left in the hand", "Ass auf der Hand"),
    "joker_in_hand": ("Joker left in the hand", "Joker auf der Hand"),
    "wild_in_hand": ("Wild card left in the hand", "Wildcard auf der Hand"),
    "court_values": ("Jack, queen, king in the hand", "Bube, Dame, König auf der Hand"),
    "unmelded_surcharge": ("Surcharge: never melded", "Zuschlag: nie gemeldet"),
    "rummy_surcharge": ("Surcharge: rummy", "Zuschlag: Rummy"),
    "rummy_no_melds_surcharge": ("Surcharge: rummy before anyone melded",
                                 "Zuschlag: Rummy, bevor jemand gemeldet hat"),
    "rummy_no_melds_replaces": ("The larger rummy surcharge replaces",
                                "Der größere Rummy-Zuschlag ersetzt"),
    "target": ("Target", "Zielpunktzahl"),
    "target_reached_when": ("The target is reached with", "Das Ziel ist erreicht mit"),
    "rounds": ("Number of rounds", "Anzahl der Runden"),
    "tie": ("A tie for the win", "Gleichstand um den Sieg"),
}

# Values of the choices: key -> value -> (English, German)
VALUES: dict[str, dict[str, tuple[str, str]]] = {
    "initial_clean_run": {"off": ("not needed", "nicht nötig"),
                          "strict": ("a run without a joker", "eine Folge ohne Joker"),
                          "any_run": ("any run", "irgendeine Folge")},
    "joker_declaration": {"auto": ("from the order of the cards", "aus der Reihenfolge"),
                          "required": ("said when unsorted", "bei ungeordneten Karten ansagen")},
    "layoff_credit": {"layer": ("the player who lays them off", "den, der anlegt"),
                      "owner": ("the meld's owner", "den Besitzer der Meldung")},
    "rummy_no_melds_replaces": {"rummy_only": ("only the rummy surcharge",
                                               "nur den Rummy-Zuschlag"),
                                "both": ("also the never-melded surcharge",
                                         "auch den Zuschlag für nie gemeldet")},
    "target_reached_when": {">": ("more than the target", "mehr als dem Ziel"),
                            ">=": ("the target or more", "dem Ziel oder mehr")},
    "tie": {"playoff": ("is played off", "wird ausgespielt"),
            "shared": ("is a shared win", "ist ein geteilter Sieg")},
    "wild_in_hand": {"face": ("its face value", "ihr Kartenwert")},
}

# One-line explanations where the engine's own line names values by their keys.
HELP: dict[str, tuple[str, str]] = {
    "initial_clean_run": ("Whether a player's first meld must include a run, and whether "
                          "that run may hold a joker.",
                          "Ob das erste Auslegen eine Folge enthalten muss und ob diese "
                          "Folge einen Joker haben darf."),
    "joker_declaration": ("Whether a joker's card follows from the order of the cards or "
                          "must be said when the cards lie unsorted.",
                          "Ob sich die Karte eines Jokers aus der Reihenfolge ergibt oder "
                          "bei ungeordneten Karten angesagt werden muss."),
    "layoff_credit": ("Who scores a card laid off onto another player's meld.",
                      "Wer die Punkte einer an fremde Meldungen angelegten Karte bekommt."),
    "wild_in_hand": ("A wild card left in the hand costs its face value or a fixed number "
                     "(leave “face” for its face value).",
                     "Eine Wildcard auf der Hand kostet ihren Kartenwert oder eine feste "
                     "Zahl (für den Kartenwert „face“ stehen lassen)."),
    "rummy_no_melds_replaces": ("When nobody else had melded, the larger rummy surcharge "
                                "replaces only the rummy surcharge or also the never-melded one.",
                                "Hatte noch niemand gemeldet, ersetzt der größere "
                                "Rummy-Zuschlag nur den Rummy-Zuschlag oder auch den für "
                                "nie gemeldet."),
    "target_reached_when": ("Whether the target is passed with more than it or with the "
                            "target itself.",
                            "Ob das Ziel erst mit mehr Punkten oder schon mit genau der "
                            "Zielpunktzahl erreicht ist."),
    "tie": ("Whether the players tied for the win play on until one leads, or share the win.",
            "Ob die Gleichplatzierten weiterspielen, bis einer führt, oder sich den Sieg "
            "teilen."),
}

_YES_NO = {True: ("yes", "ja"), False: ("no", "nein")}
_NONE = ("no limit", "beliebig")
_BY_COUNT = ("by player count", "nach Spielerzahl")


def _pick(pair: tuple[str, str], lang: str) -> str:
    return pair[1] if lang == "de" else pair[0]


def label(key: str, lang: str) -> str:
    """The switch's name in words.

    >>> label("min_naturals", "de")
    'Echte Karten pro Meldung'
    """
    return _pick(LABELS[key], lang) if key in LABELS else key.replace("_", " ")


def explain(key: str, lang: str) -> str:
    """One line on what the switch does, without any key or code name.

    >>> explain("tie", "en")
    'Whether the players tied for the win play on until one leads, or share the win.'
    """
    if key in HELP:
        return _pick(HELP[key], lang)
    s = SWITCHES[key]
    return s.help_de if lang == "de" else s.help_en


def value_words(key: str, value: Any, lang: str) -> str:
    """A switch's value in words.

    >>> value_words("tie", "shared", "de")
    'ist ein geteilter Sieg'
    >>> value_words("set_distinct_suits", True, "en")
    'yes'
    >>> value_words("court_values", [10, 10, 10], "de")
    'Bube 10, Dame 10, König 10'
    """
    if isinstance(value, bool):
        return _pick(_YES_NO[value], lang)
    if value is None:
        return _pick(_BY_COUNT if key in ("decks", "jokers", "hand_size") else _NONE, lang)
    if key == "court_values" and isinstance(value, (list, tuple)) and len(value) == 3:
        names = ("Bube", "Dame", "König") if lang == "de" else ("jack", "queen", "king")
        return ", ".join(f"{n} {v}" for n, v in zip(names, value))
    if key in VALUES and str(value) in VALUES[key]:
        return _pick(VALUES[key][str(value)], lang)
    return str(value)


def choice_labels(key: str, lang: str) -> list[tuple[str, str]]:
    """(value, words) for every value of a choice switch, for a select field.

    >>> choice_labels("tie", "en")[0]
    ('playoff', 'is played off')
    """
    return [(c, value_words(key, c, lang)) for c in SWITCHES[key].choices]


def changed_in_words(changed: dict[str, Any], lang: str) -> list[tuple[str, str]]:
    """The house rules a table changed, as (label, value) in words.

    >>> changed_in_words({"target": 100}, "de")
    [('Zielpunktzahl', '100')]
    """
    return [(label(k, lang), value_words(k, v, lang)) for k, v in changed.items()]
