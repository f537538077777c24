"""The rules page: what a table plays, in sentences made from the engine's variant tables.

Each topic of a variant (sets, runs, jokers, the first meld, ...) is written
from the table's house rules, in English and German, with the sentence of the
original German rule text that decides it (copied here with its seed id, so
the app never reads the shared rule texts at run time).

The engine names the rule behind every problem as a reference string
(:meth:`scorepad.rules.Variant.rule`: section, variant id, row, seed), kept as it is for tools;
:func:`rule_topic` reads it back to the topic, whose anchor is on this page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from scorepad.rules import HouseRules, Rules, Variant, find_variant
from scorepad.rules.variants import _TOPIC_ROWS
from scorepad.words.house_rules import amount, label, pack_words, value_words

__all__ = ["QUOTES", "TOPICS", "Quote", "Section", "rule_topic", "sections", "switch_rows"]


@dataclass(frozen=True, slots=True)
class Quote:
    """A deciding sentence of an original (German) rule text."""

    seed: str
    text: str


# topic -> (English title, German title), in the order of the rules page.
TOPICS: dict[str, tuple[str, str]] = {
    "cards": ("Cards and deal", "Karten und Geben"),
    "set": ("Sets", "Sätze"),
    "run": ("Runs", "Folgen"),
    "jokers": ("Jokers and wild cards", "Joker und Wildcards"),
    "meld_values": ("What melds are worth", "Was Meldungen zählen"),
    "initial": ("The first meld", "Die erste Meldung"),
    "take": ("Taking from the discard pile", "Vom Ablagestapel aufnehmen"),
    "layoff": ("Laying off", "Anlegen"),
    "exchange": ("Exchanging a joker", "Joker austauschen"),
    "going_out": ("Going out", "Ausgehen"),
    "hand_win": ("Going out from the hand", "Aus der Hand ausgehen"),
    "score": ("Scoring a round", "Abrechnung einer Runde"),
    "end": ("End of the game", "Spielende"),
}

QUOTES: dict[tuple[str, str], Quote] = {
    ("000", "set"): Quote("000", "Sätze sind 3 oder 4 gleichrangige Karten."),
    ("000", "run"): Quote("000", "Sequenzen können beliebig viele Karten des selben "
                          "Kartensymbols in Reihenfolge beinhalten, aber Sequenzen 'um die "
                          "Ecke' sind nicht erlaubt."),
    ("000", "jokers"): Quote("000", "Joker können jede beliebige Karte in Figuren ersetzen."),
    ("000", "meld_values"): Quote("000", "Asse zählen bei der Erstmeldung in Sequenzen 1 Punkte "
                                  "wenn als 1 benutzt und 11 Punkte wenn es nach dem König "
                                  "benutzt wird. In Sätzen zählen Asse immer 25 Punkte."),
    ("000", "initial"): Quote("000", "Er darf eine oder mehrere Figuren melden und offen vor "
                              "sich auf den Tisch legen, wenn die Punktsumme der gemeldeten "
                              "Karten zusammen 30 oder mehr Punkte beträgt."),
    ("000", "layoff"): Quote("000", "Die Karten in gemeldeten Figuren und ergänzte Karten "
                             "werden als Pluspunkte für den jeweiligen Melder notiert."),
    ("000", "going_out"): Quote("000", "Wenn ein Spieler ein Karte auf den Abwurfstapel abwirft "
                                "und danach keine Karten mehr in den Händen hält ist eine "
                                "Runde beendet."),
    ("000", "hand_win"): Quote("000", "Kann ein Spieler alle seine Karten auf einmal auslegen "
                               "ohne vorher Figuren gemelde oder Karten an Figuren ergänzt zu "
                               "haben, hat er Handglatt (Rummy gehen)."),
    ("000", "score"): Quote("000", "Der Spieler der eine Runde beendet, bekommt zusätzlich 30 "
                            "Punkte gutgeschrieben."),
    ("000", "end"): Quote("000", "Bei Gleichstand, spielen die Spieler mit dem selben "
                          "Punktestand weitere Runden, bis ein Sieger feststeht."),
    ("001", "set"): Quote("001", "Eine Gruppe besteht aus drei oder vier Karten desselben "
                          "Wertes in unterschiedlichen Farben. Achtung: Hier darf jede Farbe "
                          "nur ein Mal vorkommen."),
    ("001", "run"): Quote("001", "Eine Reihe besteht aus drei oder mehr aufsteigenden Karten "
                          "derselben Farbe."),
    ("001", "meld_values"): Quote("001", "Alle Karten mit den Werten 2 bis 9 zählen jeweils "
                                  "fünf Punkte. 10, Bube, Dame und König zählen jeweils zehn "
                                  "Punkte."),
    ("001", "layoff"): Quote("001", "Legt ein Spieler Karten an eine Reihe oder Gruppe eines "
                             "Mitspielers an, muss dieser ihn dafür in Form von der "
                             "entsprechenden Anzahl an Karten „bezahlen“."),
    ("001", "going_out"): Quote("001", "Hat ein Spieler die letzte Karte aus seiner Hand "
                                "abgeworfen, ist die Runde zu Ende."),
    ("001", "score"): Quote("001", "Der Spieler, welcher die Runde beendet hat, bekommt als "
                            "Bonus zusätzlich 50 Punkte."),
    ("002", "cards"): Quote("002", "In der ersten Runde werden jedem Spieler drei Karten "
                            "ausgeteilt, in der zweiten Runde werden vier Karten ausgeteilt und "
                            "so weiter bis zur elften und letzten Runde."),
    ("002", "set"): Quote("002", "Wenn Sie mit mehr als einem Deck spielen, ist es möglich, "
                          "dass ein Satz identische Karten enthält."),
    ("002", "run"): Quote("002", "Asse Rang niedrig in diesem Spiel, so A-2-3 ist eine gültige "
                          "Sequenz, aber Q-K-A ist es nicht."),
    ("002", "jokers"): Quote("002", "Sie können sogar ein Set erstellen, das nur aus Wild Cards "
                             "besteht, wenn Sie möchten."),
    ("002", "layoff"): Quote("002", "Kombinationen werden nur aus Ihrer eigenen Hand "
                             "hergestellt, und alle Karten, die nicht enthalten sind, sind "
                             "Strafkarten."),
    ("002", "going_out"): Quote("002", "Jeder der anderen Spieler darf noch eine Runde drehen."),
    ("002", "end"): Quote("002", "Die Punkte werden von Runde zu Runde gesammelt, und wer am "
                          "Ende der elften Runde die niedrigste Punktzahl hat, ist der "
                          "Gewinner."),
    ("003", "set"): Quote("003", "Sätze von drei oder vier gleichrangigen Karten in "
                          "verschiedenen Farben."),
    ("003", "jokers"): Quote("003", "Es ist nicht gestattet, eine Figur mit nur einer "
                             "natürlichen Karte und zwei Jokern auszulegen."),
    ("003", "meld_values"): Quote("003", "Ein Joker zählt bei der Erstmeldung so viele Punkte "
                                  "wie die Karte, die er ersetzt."),
    ("003", "initial"): Quote("003", "Für das erstmalige Auslegen müssen die insgesamt "
                              "gemeldeten Karten einen Wert von mindestens 40 Punkten "
                              "aufweisen."),
    ("003", "going_out"): Quote("003", "Der Spieler, der zuerst alle seine Karten auslegen kann "
                                "und seine letzte Karte – zum Zeichen des Spielendes – verdeckt "
                                "auf den Abwurfstoß ablegt, gewinnt das Spiel."),
    ("003", "hand_win"): Quote("003", "Kann ein Spieler alle seine Karten auf einmal auslegen, "
                               "bevor irgendein anderer Spieler Karten gemeldet hat, so ist "
                               "dies ein Hand-Rommé; bei Hand-Rommé ist die Mindesterfordernis "
                               "von 40 Punkten aufgehoben."),
    ("003", "score"): Quote("003", "Alle übrigen Spieler erhalten so viele Schlechtpunkte wie "
                            "sie noch an Augen in der Hand halten."),
    ("004", "initial"): Quote("004", "Die Punktsumme der Meldung muss 51 Punkte oder mehr "
                              "betragen und die Meldung muss mindestens eine 'echte' Sequenz aus "
                              "3 oder mehr Karten beinhalten, also eine 3er Sequenz ohne Joker."),
    ("004", "hand_win"): Quote("004", "'Rummy gehen' braucht keine Mindestpunktzahl, hingegen "
                               "benötigt es mindestens eine echte (3er oder höhere) Sequenz "
                               "ohne Joker."),
    ("004", "score"): Quote("004", "Hat er noch keine Figuren gemeldet, werden weitere 100 "
                            "Verlustpunkte notiert."),
    ("004", "end"): Quote("004", "Sobald ein Spieler die Marke überschritten hat ist die Partie "
                          "beendet und der Spieler mit den wenigsten Punkten hat gewonnen."),
}

# The turn rules (RULES.md §8): more deciding sentences of a topic, shown after its quote.
TURN_QUOTES: dict[tuple[str, str], tuple[Quote, ...]] = {
    ("000", "take"): (Quote("000", "Wenn der Spieler an der Reihe er noch keine Figuren gemeldet "
                            "hat, muss er eine Karte vom Talon ziehen. Hat er bereits Figuren "
                            "gemeldet, so muss er entweder die oberste Karte des Talons ziehen "
                            "oder eine oder mehrere Karten des Abwurfstapels. Nimmt er also eine "
                            "Karte unterhalb der obersten Karte des Abwurfstapels auf, so muss er "
                            "sämtliche darüber liegenden Karten aufnehmen. Ein Spieler darf "
                            "allerdings nicht mehr als 20 Karten in der Hand halten."),),
    ("000", "layoff"): (Quote("000", "Wenn er bereits seine erste Figur(en) in einem vorherigen "
                              "Spielzug melden konnte, darf er eine oder mehrere Karten an seinen "
                              "oder vom Gegner gemeldeten Figuren ergänzen, sofern er damit die "
                              "Figur regelkonform erweitert."),),
    ("000", "exchange"): (Quote("000", "Wenn ein Spieler bereits seine erste Figur/en "
                                "(Erstmeldung) in einem vorherigen Spielzug melden konnte, kann "
                                "er einen Joker in einer gemeldeten Figur irgend eines Spielers "
                                "durch die zutreffende natürliche Karte austauschen. Ein Joker in "
                                "einem Satz darf erst bei einem Vierling ausgetauscht werden."),),
    ("001", "take"): (Quote("001", "Aus dem Vorrat kann erst abgehoben werden, wenn dort Karten "
                            "mit einem Gesamtwert von mindestens 30 abliegen."),
                      Quote("001", "Es können auch mehrere Karten auf einmal aus der "
                            "Vorratsreihe abgehoben werden – allerdings immer nur von rechts "
                            "nach links."),
                      Quote("001", "Mindestens eine der abgehobenen Karten muss sofort in einer "
                            "Reihe oder Gruppe abgelegt werden.")),
    ("001", "layoff"): (Quote("001", "Wurde eine Reihe oder Gruppe vervollständigt, wird diese "
                              "umgedreht. Es können keine weiteren Karten an sie angelegt "
                              "werden."),),
    ("002", "take"): (Quote("002", "Eine Runde besteht darin, eine Karte zu ziehen – entweder "
                            "die oberste Karte des verdeckten Vorrats oder die oberste Karte "
                            "des Ablagestapels – und dann eine Karte offen auf den Ablagestapel "
                            "zu werfen."),),
    ("003", "take"): (Quote("003", "Manchmal wird so gespielt, dass ein Spieler nur dann die "
                            "oberste Karte des Abwurfstapels aufnehmen darf, wenn er sie sofort "
                            "in einer Meldung auslegt, sei es, dass er die Karte für seine "
                            "Erstmeldung verwendet – in diesem Fall zählt sie für das Erreichen "
                            "der erforderlichen 40 Punkte (s.u.) mit – sei es, dass er sie in "
                            "einer späteren Meldung benutzt."),),
    ("003", "layoff"): (Quote("003", "Hat ein Spieler seine Erstmeldung ausgelegt, so darf er, "
                              "wenn er am Zuge ist, jederzeit weitere Einzelkarten an bereits "
                              "ausgelegte Figuren anlegen; es spielt dabei keine Rolle, ob die "
                              "ausgelegte Figur vom betreffenden Spieler selbst oder einem seiner "
                              "Gegner gemeldet wurde."),),
    ("003", "exchange"): (Quote("003", "Der Joker muss sofort wieder in einer neuen Meldung "
                                "ausgelegt werden und darf nicht in das eigene Blatt aufgenommen "
                                "werden. Das Austauschen eines Jokers ist erst nach Auslage der "
                                "Erstmeldung erlaubt."),),
    ("004", "take"): (Quote("004", "Ein Spieler kann nur dann die oberste, offene Karte des "
                            "Abwurfstapels aufnehmen, wenn er damit sogleich eine Figur melden "
                            "kann. Wenn ein Spieler also nur noch eine Karte in den Händen hält, "
                            "kann er nur noch eine Karte des Talons aufnehmen. Zudem darf die "
                            "offene Karte des Abwurfstapels nicht aufgenommen werden, um eigene "
                            "gemeldete Figuren zu ergänzen."),),
    ("004", "exchange"): (Quote("004", "Ein Joker in einem gemeldeten Drilling darf nur "
                                "ausgetauscht werden, wenn er beide fehlenden Karten der selben "
                                "Ranghöhe auf einmal ergänzt werden, also nach dem Tausch ein "
                                "Vierling ohne Joker da liegt."),),
}

_REFERENCE = re.compile(r"§\S+ (?P<variant>\w+), (?P<row>.+?) \(seed \w+\)$")


def rule_topic(reference: str) -> tuple[str, str] | None:
    """The variant and topic behind an engine rule reference, or ``None``.

    >>> from scorepad.rules import VARIANTS
    >>> jolly, vorrat, three, romme, rami = VARIANTS.values()
    >>> rule_topic(jolly.rule("set")) == (jolly.id, "set")
    True
    >>> rule_topic(romme.rule("hand_win")) == (romme.id, "hand_win")
    True
    >>> rule_topic("somewhere else") is None
    True
    """
    m = _REFERENCE.search(reference or "")
    if m is None:
        return None
    try:
        variant = find_variant(m.group("variant"))
    except ValueError:
        return None
    row = m.group("row")
    for topic in TOPICS:
        if variant.topics.get(topic, _TOPIC_ROWS.get(topic)) == row:
            return variant.id, topic
    return None


@dataclass(frozen=True, slots=True)
class Section:
    """One topic of the rules page: its anchor, title, sentences and the quoted original."""

    topic: str
    title: str
    lines: tuple[str, ...]
    quote: Quote | None
    more: tuple[Quote, ...] = ()
    """Further deciding sentences (the turn rules of RULES.md §8)."""



def _pack_lines(rules: Rules) -> list[tuple[str, str]]:
    """The pack and the deal of a variant's rules page (no table yet): each by the number
    of players, where a house rule does not fix it."""
    v, h = rules.variant, rules.house

    def said(key: str, value: int | None, lang: str) -> str:
        if value is not None:
            return "keine" if (lang == "de" and key == "jokers" and value == 0) else str(value)
        return pack_words(key, v, lang, unit=False)

    out = [(f"Packs of 52 cards: {said('decks', h.decks, 'en')}.",
            f"Kartenspiele zu 52 Karten: {said('decks', h.decks, 'de')}."),
           (f"Jokers: {said('jokers', h.jokers, 'en')}.",
            f"Joker: {said('jokers', h.jokers, 'de')}.")]
    if v.round_count is None or h.hand_size is not None:
        out.append((f"Cards dealt to each player: {said('hand_size', h.hand_size, 'en')}.",
                    f"Karten pro Spieler: {said('hand_size', h.hand_size, 'de')}."))
    return out


def _lines(topic: str, rules: Rules, lang: str, table: bool = True) -> list[tuple[str, str]]:
    """The rule of ``topic`` at this table (``table``: a game with its players; else the
    variant's rules page), as (English, German) sentences."""
    v, h = rules.variant, rules.house
    out: list[tuple[str, str]] = []
    if topic == "cards":
        p = rules.pack
        if v.round_count:
            out.append(("11 rounds: round 1 deals 3 cards, each round one more, round 11 deals "
                        "13. The rank equal to the cards dealt is wild (round 1: threes).",
                        "11 Runden: In Runde 1 gibt es 3 Karten, jede Runde eine mehr, in Runde "
                        "11 sind es 13. Wild ist der Rang, der der Kartenzahl entspricht "
                        "(Runde 1: Dreier)."))
        if not table:
            out += _pack_lines(rules)
        else:
            pack = [f"{amount('decks', p.decks, lang)} zu 52 Karten und "
                    f"{amount('jokers', p.jokers, lang)}" if lang == "de" else
                    f"{amount('decks', p.decks, lang)} of 52 cards and "
                    f"{amount('jokers', p.jokers, lang)}" for lang in ("en", "de")]
            if v.round_count:
                out.append((f"{pack[0]} (at a table of {rules.player_count}).",
                            f"{pack[1]} (bei {rules.player_count} Spielern)."))
            else:
                out.append((f"{pack[0]}; {p.hand_size} cards each (at a table of "
                            f"{rules.player_count}).",
                            f"{pack[1]}; {p.hand_size} Karten pro Spieler (bei "
                            f"{rules.player_count} Spielern)."))
        out.append(("A round never holds more copies of a card than the pack has.",
                    "Eine Runde enthält nie mehr Exemplare einer Karte, als das Spiel hat."))
    elif topic == "set":
        most = h.set_max_size
        out.append((f"3 to {most} cards of one rank." if most else "3 or more cards of one rank.",
                    f"3 bis {most} Karten gleichen Rangs." if most
                    else "3 oder mehr Karten gleichen Rangs."))
        out.append(("Each suit only once in a set." if h.set_distinct_suits
                    else "A set may repeat a suit (with more than one pack).",
                    "Jede Farbe nur einmal pro Satz." if h.set_distinct_suits
                    else "Ein Satz darf eine Farbe wiederholen (bei mehr als einem Blatt)."))
    elif topic == "run":
        out.append(("3 or more cards of one suit in sequence.",
                    "3 oder mehr Karten einer Farbe in lückenloser Reihenfolge."))
        out.append(("The ace is low (A-2-3) or high (Q-K-A)." if h.ace_high
                    else "The ace is low only: A-2-3, not Q-K-A.",
                    "Das Ass ist niedrig (A-2-3) oder hoch (D-K-A)." if h.ace_high
                    else "Das Ass ist nur niedrig: A-2-3, nicht D-K-A."))
        out.append(("Runs may go round the corner (K-A-2)." if h.wraparound
                    else "No run goes round the corner (K-A-2).",
                    "Folgen dürfen um die Ecke gehen (K-A-2)." if h.wraparound
                    else "Keine Folge geht um die Ecke (K-A-2)."))
        if h.max_run_length:
            out.append((f"At most {h.max_run_length} cards in a run.",
                        f"Höchstens {h.max_run_length} Karten in einer Folge."))
    elif topic == "jokers":
        if v.wild_by_round:
            out.append(("Every card of the round's wild rank (and a joker, where the table "
                        "plays with them) stands for any card.",
                        "Jede Karte des wilden Rangs der Runde (und ein Joker, wo mit Jokern "
                        "gespielt wird) ersetzt jede Karte."))
        else:
            out.append(("A joker stands for any card; it is worth the card it stands for.",
                        "Ein Joker ersetzt jede Karte; er zählt so viel wie die ersetzte "
                        "Karte."))
        if h.min_naturals:
            out.append((f"Every meld needs at least {h.min_naturals} natural cards.",
                        f"Jede Meldung braucht mindestens {h.min_naturals} echte Karten."))
        if h.max_jokers_per_meld is not None:
            out.append((f"At most {h.max_jokers_per_meld} per meld.",
                        f"Höchstens {h.max_jokers_per_meld} pro Meldung."))
        if h.max_adjacent_jokers is not None:
            out.append((f"At most {h.max_adjacent_jokers} side by side in a run.",
                        f"Höchstens {h.max_adjacent_jokers} nebeneinander in einer Folge."))
        if v.has_switch("all_wild_meld"):
            out.append(("A meld may consist of wild cards only." if h.all_wild_meld
                        else "A meld needs a natural card.",
                        "Eine Meldung darf nur aus Wildcards bestehen." if h.all_wild_meld
                        else "Eine Meldung braucht eine echte Karte."))
        out.append(("When cards are typed out of order, the most valuable reading counts; "
                    "say which card a joker stands for to choose another.",
                    "Liegen die Karten nicht in Reihenfolge, gilt die wertvollste Lesart; wer "
                    "eine andere will, sagt an, welche Karte der Joker ersetzt."))
    elif topic == "meld_values":
        if v.small_cards_worth is not None:
            out.append(("2 to 9 are worth 5, 10 to K 10.", "2 bis 9 zählen 5, 10 bis K 10."))
        else:
            out.append(("2 to 10 are worth their face, J, Q and K 10.",
                        "2 bis 10 zählen ihre Augen, B, D und K 10."))
        out.append((f"An ace: {h.ace_low_run_value} in A-2-3, {h.ace_high_run_value} after "
                    f"the king, {h.ace_in_set} in a set.",
                    f"Ein Ass: {h.ace_low_run_value} in A-2-3, {h.ace_high_run_value} nach dem "
                    f"König, {h.ace_in_set} im Satz."))
    elif topic == "initial":
        if h.initial_min_points:
            out.append((f"A player's first melds (all laid in that turn) must be worth at "
                        f"least {h.initial_min_points} points; lay-offs do not count.",
                        f"Die ersten Meldungen eines Spielers (alle in diesem Zug) müssen "
                        f"mindestens {h.initial_min_points} Punkte zählen; Anlegen zählt nicht."))
        else:
            out.append(("The first meld needs no minimum points.",
                        "Die erste Meldung braucht keine Mindestpunkte."))
        if h.initial_clean_run == "strict":
            out.append(("It must hold a run of at least 3 cards without a joker.",
                        "Sie muss eine Folge aus mindestens 3 Karten ohne Joker enthalten."))
        elif h.initial_clean_run == "any_run":
            out.append(("It must hold a run.", "Sie muss eine Folge enthalten."))
    elif topic == "layoff":
        if not v.has_layoffs:
            out.append(("Nobody lays off onto another player's melds.",
                        "Niemand legt bei anderen an."))
        else:
            out.append(("Cards may be laid off onto any player's melds (when: below).",
                        "Angelegt werden darf an die Meldungen aller Spieler (wann: siehe "
                        "unten)."))
            if v.has_switch("layoff_credit"):
                out.append(("Laid-off cards score for the player who lays them off."
                            if h.layoff_credit == "layer"
                            else "Laid-off cards score for the meld's owner.",
                            "Angelegte Karten zählen für den, der anlegt."
                            if h.layoff_credit == "layer"
                            else "Angelegte Karten zählen für den Besitzer der Meldung."))
    elif topic == "going_out":
        if v.melds_in_hand:
            out.append(("Go out when, after drawing, all your cards but one form melds: you "
                        "throw that last card on the discard pile, and everyone else plays "
                        "one more turn.",
                        "Ausgehen darf, wer nach dem Ziehen alle Karten bis auf eine in "
                        "Meldungen legen kann: Diese letzte Karte wirft er auf den "
                        "Ablagestapel, dann spielen alle anderen noch einen Zug."))
        elif v.final_discard == "required":
            out.append(("A player goes out by laying down their cards and throwing the last "
                        "one on the discard pile; then the round ends. There is no going out "
                        "without that last discard.",
                        "Wer ausgeht, legt seine Karten ab und wirft die letzte auf den "
                        "Ablagestapel; damit endet die Runde. Ohne diese letzte Karte zum "
                        "Abwerfen kann niemand ausgehen."))
        else:
            out.append(("The round ends when a player has no cards left in the hand. The last "
                        "card may be thrown face down on the discard pile, but need not be: "
                        "laying every card down ends the round too.",
                        "Die Runde endet, wenn ein Spieler keine Karte mehr auf der Hand hat. "
                        "Die letzte Karte darf er verdeckt auf den Ablagestapel legen, muss "
                        "aber nicht: Auch wer alle Karten auslegt, beendet die Runde."))
    elif topic == "hand_win":
        if v.hand_win is None:
            out.append(("This game has no win from the hand.",
                        "In diesem Spiel gibt es keinen Sieg aus der Hand."))
        else:
            out.append(("Going out by laying down all cards in one turn, without having melded "
                        "or laid off before in the round.",
                        "Alle Karten auf einmal auslegen, ohne in der Runde vorher gemeldet "
                        "oder angelegt zu haben."))
            if v.hand_win.before_others_meld:
                out.append(("Only before any other player has melded.",
                            "Nur, solange noch kein anderer Spieler gemeldet hat."))
            if v.hand_win.needs_clean_run and h.initial_clean_run != "off":
                out.append(("It still needs a run of at least 3 cards without a joker.",
                            "Auch dann ist eine Folge aus mindestens 3 Karten ohne Joker "
                            "nötig."))
            if h.hand_win_waives_minimum and h.initial_min_points:
                out.append(("The minimum points of the first meld do not apply.",
                            "Die Mindestpunkte der ersten Meldung gelten nicht."))
            if h.hand_win_factor != 1:
                out.append((f"The others' hand points count {h.hand_win_factor} times.",
                            f"Die Handpunkte der anderen zählen {h.hand_win_factor}-fach."))
            if h.hand_win_bonus:
                out.append((f"Bonus {h.hand_win_bonus} instead of {h.closer_bonus}.",
                            f"Bonus {h.hand_win_bonus} statt {h.closer_bonus}."))
            if h.rummy_surcharge:
                out.append((f"Every other player pays {h.rummy_surcharge} more; "
                            f"{h.rummy_no_melds_surcharge} when nobody else had melded.",
                            f"Jeder andere zahlt {h.rummy_surcharge} mehr; "
                            f"{h.rummy_no_melds_surcharge}, wenn noch niemand gemeldet hatte."))
    elif topic == "score":
        jokers = f"{h.joker_in_hand}"
        if v.higher_wins:
            out.append(("Each player scores their melds and lay-offs minus the cards left "
                        "in the hand.",
                        "Jeder schreibt seine Meldungen und Anlagen, minus die Karten auf der "
                        "Hand."))
            if h.closer_bonus:
                out.append((f"Going out earns {h.closer_bonus}.",
                            f"Wer ausgeht, bekommt {h.closer_bonus} dazu."))
        else:
            out.append(("Whoever went out scores 0; the others score the cards left in their "
                        "hand as penalty points.",
                        "Wer ausgeht, schreibt 0; die anderen schreiben ihre Handkarten als "
                        "Minuspunkte."))
        if v.melds_in_hand:
            out.append(("The cards are first arranged into melds so that the fewest points "
                        "are left.",
                        "Die Karten werden zuerst so in Meldungen gelegt, dass am wenigsten "
                        "Punkte übrig bleiben."))
        out.append((f"In the hand: ace {h.ace_in_hand}, joker {jokers}.",
                    f"Auf der Hand: Ass {h.ace_in_hand}, Joker {jokers}."))
        if h.unmelded_surcharge:
            out.append((f"{h.unmelded_surcharge} more for a player who never melded.",
                        f"{h.unmelded_surcharge} mehr für einen Spieler, der nie gemeldet hat."))
    elif topic == "end":
        if h.rounds:
            out.append((f"The game ends after {h.rounds} rounds.",
                        f"Das Spiel endet nach {h.rounds} Runden."))
        elif h.target:
            word = ("more than", "mehr als") if h.target_reached_when == ">" else (
                "at least", "mindestens")
            out.append((f"The game ends after the round in which someone has {word[0]} "
                        f"{h.target} points.",
                        f"Das Spiel endet nach der Runde, in der jemand {word[1]} {h.target} "
                        f"Punkte hat."))
        out.append(("The highest total wins." if v.higher_wins else "The lowest total wins.",
                    "Die höchste Summe gewinnt." if v.higher_wins
                    else "Die niedrigste Summe gewinnt."))
        out.append(("Tied leaders play on until one leads." if h.tie == "playoff"
                    else "Tied leaders share the win.",
                    "Bei Gleichstand spielen die Führenden weiter, bis einer vorne liegt."
                    if h.tie == "playoff" else "Bei Gleichstand teilen sich die Führenden "
                    "den Sieg."))
    out += _turn_lines(topic, rules)
    return out


def _marked(line: tuple[str, str], rules: Rules, *keys: str) -> tuple[str, str]:
    """``line`` marked as a house rule when one of the switches ``keys`` differs from the
    variant's default."""
    defaults = rules.variant.house_rules()
    if any(getattr(rules.house, k) != getattr(defaults, k) for k in keys):
        return (line[0] + " (house rule)", line[1] + " (Hausregel)")
    return line


def _turn_lines(topic: str, rules: Rules) -> list[tuple[str, str]]:
    """The turn rules of RULES.md §8 on ``topic``, as (English, German) sentences."""
    v, h = rules.variant, rules.house
    out: list[tuple[str, str]] = []
    if topic == "take":
        if not h.take_before_initial_meld:
            out.append(_marked(("Before your first meld you draw from the talon only.",
                                "Vor dem ersten Auslegen wird nur vom Talon gezogen."),
                               rules, "take_before_initial_meld"))
        elif v.has_first_meld_rule:
            out.append(_marked(("You may take from the discard pile before your first meld "
                                "too.",
                                "Vom Ablagestapel aufnehmen darf man auch vor dem ersten "
                                "Auslegen."), rules, "take_before_initial_meld"))
        if h.take_depth == "any":
            out.append(_marked(("You may take a card deeper in the pile, with every card above "
                                "it.",
                                "Man darf auch eine tiefere Karte nehmen, dann mit allen "
                                "Karten darüber."), rules, "take_depth"))
        else:
            out.append(_marked(("Only the top card of the discard pile may be taken.",
                                "Vom Ablagestapel darf nur die oberste Karte genommen werden."),
                               rules, "take_depth"))
        if h.take_min_pile_value:
            out.append(_marked((f"Only when the pile is worth at least {h.take_min_pile_value} "
                                f"(counted as in the hand).",
                                f"Nur wenn der Stapel mindestens {h.take_min_pile_value} Punkte "
                                f"wert ist (gezählt wie auf der Hand)."),
                               rules, "take_min_pile_value"))
        if h.take_must_use == "new_meld":
            out.append(_marked(("The card taken must go at once into a new meld (not onto a "
                                "meld on the table); for a first meld it counts toward the "
                                "minimum.",
                                "Die aufgenommene Karte muss sofort in eine neue Meldung (nicht "
                                "an eine Meldung auf dem Tisch); beim ersten Auslegen zählt sie "
                                "zu den Mindestpunkten."), rules, "take_must_use"))
        elif h.take_must_use == "meld_or_layoff":
            out.append(_marked(("At least one card taken must go at once into a new meld or "
                                "onto a meld on the table.",
                                "Mindestens eine aufgenommene Karte muss sofort in eine neue "
                                "Meldung oder an eine Meldung auf dem Tisch."),
                               rules, "take_must_use"))
        else:
            out.append(_marked(("The cards taken may go anywhere, also into the hand.",
                                "Die aufgenommenen Karten dürfen überallhin, auch auf die "
                                "Hand."), rules, "take_must_use"))
        if h.hand_limit is not None:
            out.append(_marked((f"After taking, a hand holds at most {h.hand_limit} cards.",
                                f"Nach dem Aufnehmen hält eine Hand höchstens {h.hand_limit} "
                                f"Karten."), rules, "hand_limit"))
        if not h.take_with_one_card:
            out.append(_marked(("With only one card in the hand you draw from the talon.",
                                "Wer nur noch eine Karte hat, zieht vom Talon."),
                               rules, "take_with_one_card"))
    elif topic == "layoff" and v.has_layoffs:
        when = {"any_time": ("You may lay off at any time, onto anyone's meld.",
                             "Anlegen darf man jederzeit, an jede Meldung."),
                "initial_meld": ("You may lay off from your first meld on, in the same turn "
                                 "too.",
                                 "Anlegen darf man ab dem ersten Auslegen, auch im selben Zug."),
                "next_turn": ("You may lay off only from the turn after your first meld.",
                              "Anlegen darf man erst ab dem Zug nach dem ersten Auslegen.")}
        out.append(_marked(when[h.layoff_from], rules, "layoff_from"))
        out.append(("A run grows only at its ends and its jokers stay where they lie; a joker "
                    "laid off goes to the higher end unless you say its card.",
                    "Eine Folge wächst nur an ihren Enden, ihre Joker bleiben, wo sie liegen; "
                    "ein angelegter Joker kommt ans obere Ende, außer man sagt seine Karte an."))
        if h.completed_melds_closed:
            out.append(_marked(("A complete meld (a set of 4, a run of 13) is turned over and "
                                "takes nothing more.",
                                "Eine vollständige Meldung (Satz aus 4, Folge aus 13) wird "
                                "umgedreht und nimmt nichts mehr an."),
                               rules, "completed_melds_closed"))
        if v.owner_pays_layoffs:
            out.append(("The meld's owner pays you one card for each card you lay off onto it.",
                        "Der Besitzer der Meldung bezahlt für jede angelegte Karte eine Karte."))
    elif topic == "exchange":
        if not v.has_joker_exchange:
            out.append(("Nothing is exchanged: wild cards are ranks and melds come only from "
                        "your own hand.",
                        "Es wird nichts ausgetauscht: Wildcards sind ein Rang, Meldungen kommen "
                        "nur aus der eigenen Hand."))
            return out
        mode = {"off": ("Jokers are not exchanged.", "Joker werden nicht ausgetauscht."),
                "four_only": ("A joker is exchanged for the card it stands for; in a set only "
                              "in a four.",
                              "Ein Joker wird gegen die Karte getauscht, für die er steht; im "
                              "Satz erst bei einem Vierling."),
                "any_missing_suit": ("A joker is exchanged for the card it stands for; in a "
                                     "set of three for either missing suit.",
                                     "Ein Joker wird gegen die Karte getauscht, für die er "
                                     "steht; im Dreier-Satz gegen jede fehlende Farbe."),
                "both_missing": ("A joker is exchanged for the card it stands for; in a set of "
                                 "three only for both missing suits at once.",
                                 "Ein Joker wird gegen die Karte getauscht, für die er steht; im "
                                 "Dreier-Satz nur gegen beide fehlenden Farben zugleich.")}
        out.append(_marked(mode[h.joker_exchange], rules, "joker_exchange"))
        if h.joker_exchange == "off":
            return out
        out.append(_marked(("Only after your first meld, in the same turn too."
                            if h.exchange_from == "initial_meld"
                            else "Only from the turn after your first meld.",
                            "Erst nach dem ersten Auslegen, auch im selben Zug."
                            if h.exchange_from == "initial_meld"
                            else "Erst ab dem Zug nach dem ersten Auslegen."),
                           rules, "exchange_from"))
        out.append(_marked(("The freed joker goes into your hand."
                            if h.exchanged_joker_to == "hand"
                            else "The freed joker must go at once into a new meld, never into "
                                 "the hand.",
                            "Der frei gewordene Joker kommt auf die Hand."
                            if h.exchanged_joker_to == "hand"
                            else "Der frei gewordene Joker muss sofort in eine neue Meldung, nie "
                                 "auf die Hand."), rules, "exchanged_joker_to"))
    return out


def sections(rules: Rules, lang: str, table: bool = True) -> list[Section]:
    """The rules page of a table, topic by topic, in ``lang``.

    >>> from scorepad.rules import VARIANTS, rules_for
    >>> jolly, vorrat, three, romme, rami = VARIANTS.values()
    >>> s = {x.topic: x for x in sections(rules_for(romme), "de")}
    >>> s["initial"].lines[0]
    'Die ersten Meldungen eines Spielers (alle in diesem Zug) müssen mindestens 40 Punkte zählen; Anlegen zählt nicht.'
    >>> s["hand_win"].quote.seed
    '003'
    """
    i = 1 if lang == "de" else 0
    out = []
    for topic, titles in TOPICS.items():
        lines = _lines(topic, rules, lang, table)
        out.append(Section(topic, titles[i], tuple(line[i] for line in lines),
                           QUOTES.get((rules.variant.seed, topic)),
                           TURN_QUOTES.get((rules.variant.seed, topic), ())))
    return out


def switch_rows(variant: Variant, house: HouseRules, lang: str) -> list[dict[str, Any]]:
    """Every house rule of the variant in words: its name, its value here, and its default.

    >>> from scorepad.rules import VARIANTS
    >>> v = next(iter(VARIANTS.values()))
    >>> [r for r in switch_rows(v, v.house_rules({"target": 300}), "en") if r["changed"]][0]
    {'key': 'target', 'label': 'Target', 'value': '300', 'default': '500', 'changed': True}
    >>> switch_rows(v, v.house_rules(), "de")[0]["value"]
    '2 Kartenspiele'
    """
    defaults = variant.house_rules().as_dict()
    values = house.as_dict()
    rows = []
    for switch in variant.switches:
        key = switch.key
        rows.append({"key": key, "label": label(key, lang),
                     "value": value_words(key, values[key], lang, variant),
                     "default": value_words(key, defaults[key], lang, variant),
                     "changed": values[key] != defaults[key]})
    return rows
