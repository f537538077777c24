"""The deciding sentences of the original (German) rule texts, quoted on the rules page
(:mod:`scorepad.words.rulebook`) beside the app's own sentences: a quotation stays German
in every language. Copied here with each text's seed id, so the app never reads the shared
rule texts at run time.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["QUOTES", "TURN_QUOTES", "Quote"]


@dataclass(frozen=True, slots=True)
class Quote:
    """A deciding sentence of an original (German) rule text."""

    seed: str
    text: str


# The deciding sentence of each topic of a rule text: (seed, topic) -> its quote.
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
