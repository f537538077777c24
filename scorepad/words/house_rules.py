"""House rules in words: a label, the values and a one-line explanation of every switch,
in English and German, for the new-game form, the game page and the sheets.

The engine keeps its keys (``min_naturals``, ``tie``); players never see them.
"""

from __future__ import annotations

from typing import Any

from scorepad.rules import SWITCHES, Variant

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
    # the turn (RULES.md §8)
    "take_before_initial_meld": ("Take the discard before the first meld",
                                 "Aufnehmen vor dem ersten Auslegen"),
    "take_depth": ("Cards taken from the discard pile", "Vom Ablagestapel genommen wird"),
    "take_must_use": ("A card taken from the discard pile", "Eine aufgenommene Karte"),
    "take_min_pile_value": ("The discard pile is worth at least",
                            "Der Ablagestapel ist mindestens wert"),
    "take_with_one_card": ("Take the discard with one card left",
                           "Aufnehmen mit nur einer Karte auf der Hand"),
    "hand_limit": ("Most cards in the hand", "Höchstens Karten auf der Hand"),
    "layoff_from": ("Laying off is allowed", "Anlegen ist erlaubt"),
    "completed_melds_closed": ("Complete melds are turned over",
                               "Vollständige Meldungen werden umgedreht"),
    "joker_exchange": ("Exchanging a joker", "Joker austauschen"),
    "exchange_from": ("A joker may be exchanged", "Ein Joker darf getauscht werden"),
    "exchanged_joker_to": ("The freed joker goes", "Der frei gewordene Joker kommt"),
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
    "take_depth": {"top": ("the top card only", "nur die oberste Karte"),
                   "any": ("any card with every card above it",
                           "jede Karte mit allen darüber")},
    "take_must_use": {"off": ("goes anywhere", "darf überallhin"),
                      "new_meld": ("goes at once into a new meld",
                                   "muss sofort in eine neue Meldung"),
                      "meld_or_layoff": ("goes at once into a meld or a lay-off",
                                         "muss sofort in eine Meldung oder angelegt werden")},
    "layoff_from": {"any_time": ("at any time", "jederzeit"),
                    "initial_meld": ("from the first meld on", "ab dem ersten Auslegen"),
                    "next_turn": ("from the turn after the first meld",
                                  "ab dem Zug nach dem ersten Auslegen")},
    "joker_exchange": {"off": ("not allowed", "nicht erlaubt"),
                       "four_only": ("in a set only in a four", "im Satz erst beim Vierling"),
                       "any_missing_suit": ("in a set of three for either missing suit",
                                            "im Dreier-Satz gegen jede fehlende Farbe"),
                       "both_missing": ("in a set of three only for both missing suits",
                                        "im Dreier-Satz nur gegen beide fehlenden Farben")},
    "exchange_from": {"initial_meld": ("from the first meld on", "ab dem ersten Auslegen"),
                      "next_turn": ("from the turn after the first meld",
                                    "ab dem Zug nach dem ersten Auslegen")},
    "exchanged_joker_to": {"hand": ("into the hand", "auf die Hand"),
                           "new_meld": ("at once into a new meld",
                                        "sofort in eine neue Meldung")},
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
    "wild_in_hand": ("A wild card left in the hand costs its face value or a fixed number. "
                     "Empty: its face value.",
                     "Eine Wildcard auf der Hand kostet ihren Kartenwert oder eine feste "
                     "Zahl. Leer: ihr Kartenwert."),
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
    "take_depth": ("Whether only the top card of the discard pile may be taken, or a deeper "
                   "card with every card above it.",
                   "Ob nur die oberste Karte des Ablagestapels genommen werden darf oder auch "
                   "eine tiefere mit allen Karten darüber."),
    "take_must_use": ("Whether a card taken from the discard pile must go at once into a "
                      "new meld, or into a meld or onto one on the table.",
                      "Ob eine aufgenommene Karte sofort in eine neue Meldung muss, oder in "
                      "eine Meldung oder an eine Meldung auf dem Tisch."),
    "layoff_from": ("When a player may lay off: at any time, from the first meld on, or from "
                    "the turn after it.",
                    "Wann man anlegen darf: jederzeit, ab dem ersten Auslegen oder erst ab dem "
                    "Zug danach."),
    "joker_exchange": ("Whether a joker on the table may be exchanged for the card it stands "
                       "for, and in a set of three how.",
                       "Ob ein Joker auf dem Tisch gegen die Karte getauscht werden darf, für "
                       "die er steht, und wie im Dreier-Satz."),
    "exchange_from": ("From when a player may exchange a joker: the first meld, or the turn "
                      "after it.",
                      "Ab wann man einen Joker tauschen darf: ab dem ersten Auslegen oder erst "
                      "ab dem Zug danach."),
    "exchanged_joker_to": ("Whether the freed joker goes into the hand or must go at once "
                           "into a new meld.",
                           "Ob der frei gewordene Joker auf die Hand kommt oder sofort in eine "
                           "neue Meldung muss."),
}

_YES_NO = {True: ("yes", "ja"), False: ("no", "nein")}
_NONE = ("no limit", "beliebig")
_BY_COUNT = ("by player count", "nach Spielerzahl")
# What an empty (null) switch means where it is not "no limit".
_NONE_MEANS: dict[str, tuple[str, str]] = {
    "hand_win_bonus": ("as for going out", "wie fürs Ausgehen"),
    "target": ("no target", "kein Ziel"),
    "rounds": ("until the target", "bis zum Ziel"),
}
_PACK_KEYS = ("decks", "jokers", "hand_size")
# key: ((English one, English many), (German one, German many))
_UNITS: dict[str, tuple[tuple[str, str], tuple[str, str]]] = {
    "decks": (("pack", "packs"), ("Kartenspiel", "Kartenspiele")),
    "jokers": (("joker", "jokers"), ("Joker", "Joker")),
    "hand_size": (("card", "cards"), ("Karte", "Karten")),
}
# Where a pack switch's own line would only repeat its label: what it does, then its default.
_PACK_HELP: dict[str, tuple[str, str]] = {
    "decks": ("How many packs of 52 cards are shuffled together. Empty: %s.",
              "Wie viele Kartenspiele zu 52 Karten zusammengemischt werden. Leer: %s."),
    "jokers": ("How many jokers are in the pack. Empty: %s.",
               "Wie viele Joker im Spiel sind. Leer: %s."),
    "hand_size": ("How many cards each player is dealt. Empty: %s.",
                  "Wie viele Karten jeder Spieler bekommt. Leer: %s."),
}


def _pick(pair: tuple[str, str], lang: str) -> str:
    return pair[1] if lang == "de" else pair[0]


def label(key: str, lang: str) -> str:
    """The switch's name in words.

    >>> label("min_naturals", "de")
    'Echte Karten pro Meldung'
    """
    return _pick(LABELS[key], lang) if key in LABELS else key.replace("_", " ")


def explain(key: str, lang: str, variant: Variant | None = None) -> str:
    """One line on what the switch does, without any key or code name; for the pack
    (decks, jokers, cards) with what an empty field means in ``variant``.

    >>> explain("tie", "en")
    'Whether the players tied for the win play on until one leads, or share the win.'
    >>> from scorepad.rules import VARIANTS
    >>> jolly, vorrat, three, romme, rami = VARIANTS.values()
    >>> explain("hand_size", "de", jolly)
    'Wie viele Karten jeder Spieler bekommt. Leer: 13 Karten, mit 5–6 Spielern 11.'
    """
    if key in _PACK_HELP and variant is not None:
        return _pick(_PACK_HELP[key], lang) % pack_words(key, variant, lang)
    if key in HELP:
        return _pick(HELP[key], lang)
    s = SWITCHES[key]
    return s.help_de if lang == "de" else s.help_en


def _counts(counts: list[int], lang: str) -> str:
    """Player counts as a reader says them: "5–6", "4 or 6", "2"."""
    if len(counts) > 1 and counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}–{counts[-1]}"
    if len(counts) > 1:
        return ", ".join(map(str, counts[:-1])) + (" oder " if lang == "de" else " or ") + str(
            counts[-1])
    return str(counts[0])


def amount(key: str, n: int, lang: str, unit: bool = True) -> str:
    """A number of packs, jokers or cards in words.

    >>> amount("decks", 1, "de"), amount("jokers", 0, "en"), amount("hand_size", 13, "en")
    ('1 Kartenspiel', 'no jokers', '13 cards')
    """
    one, many = _UNITS[key][1 if lang == "de" else 0]
    if n == 0 and key == "jokers":
        return ("keine Joker" if lang == "de" else "no jokers") if unit else (
            "keine" if lang == "de" else "none")
    return f"{n} {one if n == 1 else many}" if unit else str(n)


def pack_words(key: str, variant: Variant, lang: str, unit: bool = True) -> str:
    """What the rule book deals for ``decks``, ``jokers`` or ``hand_size`` left empty,
    by the number of players, in words.

    >>> from scorepad.rules import VARIANTS
    >>> jolly, vorrat, three, romme, rami = VARIANTS.values()
    >>> pack_words("decks", rami, "de")
    '2 Kartenspiele, mit 5–6 Spielern 3'
    >>> pack_words("hand_size", rami, "en")
    '14 cards, with 4 or 6 players 12'
    >>> pack_words("hand_size", romme, "de")
    '13 Karten, der Geber 14'
    >>> pack_words("decks", three, "en")
    '2 packs, with 2 players 1, with 8 players 3'
    >>> pack_words("jokers", rami, "en", unit=False)
    '4, with 5–6 players 6'
    """
    if key == "hand_size" and variant.round_count:
        return ("Rundennummer + 2: 3 in Runde 1 bis 13 in Runde 11" if lang == "de"
                else "the round number + 2: 3 in round 1 up to 13 in round 11")
    house = variant.house_rules()
    by_value: dict[int, list[int]] = {}
    extra = 0
    for n in range(variant.min_players, variant.max_players + 1):
        pack = variant.pack(house, n)
        by_value.setdefault(getattr(pack, key), []).append(n)
        extra = pack.dealer_extra
    base = max(by_value, key=lambda value: len(by_value[value]))
    words = [amount(key, base, lang, unit)]
    for value, counts in by_value.items():
        if value != base:
            words.append(f"mit {_counts(counts, lang)} Spielern {value}" if lang == "de"
                         else f"with {_counts(counts, lang)} players {value}")
    if key == "hand_size" and extra:
        words.append(f"der Geber {base + extra}" if lang == "de"
                     else f"the dealer {base + extra}")
    return ", ".join(words)


def value_words(key: str, value: Any, lang: str, variant: Variant | None = None) -> str:
    """A switch's value in words, in ``variant`` where an empty value means its default.

    >>> value_words("tie", "shared", "de")
    'ist ein geteilter Sieg'
    >>> value_words("set_distinct_suits", True, "en")
    'yes'
    >>> value_words("court_values", [10, 10, 10], "de")
    'Bube 10, Dame 10, König 10'
    >>> from scorepad.rules import VARIANTS
    >>> value_words("jokers", None, "de", next(iter(VARIANTS.values())))
    '6 Joker'
    >>> value_words("target_reached_when", ">", "en")
    'more than the target'
    """
    if isinstance(value, bool):
        return _pick(_YES_NO[value], lang)
    if value is None and key in _PACK_KEYS:
        return pack_words(key, variant, lang) if variant is not None else _pick(_BY_COUNT, lang)
    if value is None:
        return _pick(_NONE_MEANS.get(key, _NONE), lang)
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


def changed_in_words(changed: dict[str, Any], lang: str,
                     variant: Variant | None = None) -> list[tuple[str, str]]:
    """The house rules a table changed, as (label, value) in words.

    >>> changed_in_words({"target": 100}, "de")
    [('Zielpunktzahl', '100')]
    >>> changed_in_words({"tie": "shared", "target_reached_when": ">="}, "en")
    [('A tie for the win', 'is a shared win'), ('The target is reached with', 'the target or more')]
    """
    return [(label(k, lang), value_words(k, v, lang, variant)) for k, v in changed.items()]
