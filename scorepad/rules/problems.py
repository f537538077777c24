"""Problems: what is wrong, in words a player understands, and which rule says so.

Every problem has a stable ``code`` (RULES.md §3), the ``rule`` that decides
it, and parameters from which :meth:`Problem.message` writes a sentence in
English or German.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["CODES", "Problem", "WORDINGS", "template"]

# code -> (English, German). ``{wild}`` is "jokers" or "wild cards".
_MESSAGES: dict[str, tuple[str, str]] = {
    "TOO_FEW_CARDS": (
        "A meld needs at least 3 cards; this one has {count}.",
        "Eine Meldung braucht mindestens 3 Karten; diese hat {count}.",
    ),
    "TOO_FEW_NATURALS": (
        "A meld needs at least {min} natural cards (not {wild}); this one has {count}.",
        "Eine Meldung braucht mindestens {min} echte Karten (keine {wild}); diese hat {count}.",
    ),
    "TOO_MANY_JOKERS": (
        "At most {max} of the {wild} may be in one meld; this one has {count}.",
        "Höchstens {max} {wild} pro Meldung sind erlaubt; diese hat {count}.",
    ),
    "SET_DUPLICATE_SUIT": (
        "A set may hold each suit only once, but {suits} appears more than once.",
        "Ein Satz darf jede Farbe nur einmal enthalten, aber {suits} kommt mehrfach vor.",
    ),
    "SET_TOO_LARGE": (
        "A set has at most {max} cards; this one has {count}.",
        "Ein Satz hat höchstens {max} Karten; dieser hat {count}.",
    ),
    "MIXED_RANKS_AND_SUITS": (
        "Neither a set nor a run: the cards differ in rank and in suit ({cards}).",
        "Weder Satz noch Folge: Die Karten unterscheiden sich in Wert und Farbe ({cards}).",
    ),
    "JOKERS_ADJACENT": (
        "At most {max} {wild} may lie side by side in a run; here {count} do.",
        "In einer Folge dürfen höchstens {max} {wild} nebeneinander liegen; hier sind es {count}.",
    ),
    "RUN_WRAP_AROUND": (
        "A run may not go round the corner from king to ace to two ({cards}).",
        "Eine Folge darf nicht vom König über das Ass zur Zwei um die Ecke gehen ({cards}).",
    ),
    "ACE_HIGH_NOT_ALLOWED": (
        "The ace is low only here: it may come before the 2, not after the king ({cards}).",
        "Das Ass ist hier nur niedrig: Es darf vor der 2 liegen, nicht nach dem König ({cards}).",
    ),
    "RUN_TOO_LONG": (
        "A run has at most {max} cards; this one has {count}.",
        "Eine Folge hat höchstens {max} Karten; diese hat {count}.",
    ),
    "NOT_CONSECUTIVE": (
        "The cards of a run must follow each other without gaps or repeats ({cards}).",
        "Die Karten einer Folge müssen lückenlos und ohne Wiederholung aufeinander folgen ({cards}).",
    ),
    "ALL_WILD_NOT_ALLOWED": (
        "A meld may not consist of wild cards only; it needs a natural card.",
        "Eine Meldung darf nicht nur aus Wildcards bestehen; sie braucht eine echte Karte.",
    ),
    "DECLARATION_IMPOSSIBLE": (
        "The jokers cannot stand for {declared} in this meld.",
        "Die Joker können in dieser Meldung nicht für {declared} stehen.",
    ),
    "JOKER_READING_AMBIGUOUS": (
        "Say which card each joker stands for: the cards are not in table order and "
        "they can be read as {options}.",
        "Bitte ansagen, für welche Karte jeder Joker steht: Die Karten liegen nicht in "
        "Reihenfolge und lassen sich lesen als {options}.",
    ),
    "NO_CLEAN_RUN": (
        "The first meld needs a run of at least 3 cards without a joker.",
        "Die erste Meldung braucht eine Folge aus mindestens 3 Karten ohne Joker.",
    ),
    "BELOW_MIN_POINTS": (
        "The first meld is worth {points} points; it needs at least {min}.",
        "Die erste Meldung zählt {points} Punkte; nötig sind mindestens {min}.",
    ),
    "ILLEGAL_MELD": (
        "{player}'s meld {index} ({cards}) is not legal.",
        "Meldung {index} von {player} ({cards}) ist nicht gültig.",
    ),
    "CLOSER_MISSING": (
        "Nobody went out: mark the player who ended the round.",
        "Niemand ist ausgegangen: Bitte den Spieler markieren, der die Runde beendet hat.",
    ),
    "CLOSER_NOT_UNIQUE": (
        "Only one player can go out, but {players} are marked.",
        "Nur ein Spieler kann ausgehen, markiert sind aber {players}.",
    ),
    "CLOSER_HOLDS_CARDS": (
        "{player} went out but still holds {cards}.",
        "{player} ist ausgegangen, hat aber noch {cards} auf der Hand.",
    ),
    "TOO_MANY_COPIES": (
        "This round has {count} × {shown}, but the pack holds only {max}{where}.",
        "In dieser Runde liegen {count} × {shown}, das Spiel hat aber nur {max}{where}.",
    ),
    "UNKNOWN_PLAYER": (
        "{shown} in {player}'s meld was laid off by “{by}”, who is not at the table.",
        "{shown} in der Meldung von {player} wurde von „{by}“ angelegt, der nicht mitspielt.",
    ),
    "LAYOFF_NOT_ALLOWED": (
        "Nobody lays off onto another player's meld in this game ({shown} by {by} "
        "onto {player}'s meld).",
        "In diesem Spiel wird nicht bei anderen angelegt ({shown} von {by} an die "
        "Meldung von {player}).",
    ),
    "HAND_MISSING": (
        "{player} did not go out: enter the cards left in {player}'s hand or their points "
        "(a missing hand is never counted as 0).",
        "{player} ist nicht ausgegangen: Bitte die Karten auf der Hand von {player} oder "
        "ihre Punkte eingeben (eine fehlende Hand zählt nie als 0).",
    ),
    "HAND_EMPTY": (
        "{player} did not go out, so {player} still holds at least one card: an empty "
        "hand or 0 hand points cannot be right.",
        "{player} ist nicht ausgegangen und hat also noch mindestens eine Karte auf der "
        "Hand: Eine leere Hand oder 0 Handpunkte können nicht stimmen.",
    ),
    "WRONG_CARD_COUNT": (
        "{player} has {count} cards, but round {round} deals {expected}.",
        "{player} hat {count} Karten, in Runde {round} werden aber {expected} ausgeteilt.",
    ),
    # -- a turn (RULES.md §8) --
    "TAKE_BEFORE_INITIAL_MELD": (
        "Before your first meld you draw from the talon only, not from the discard pile.",
        "Vor dem ersten Auslegen wird nur vom Talon gezogen, nicht vom Ablagestapel.",
    ),
    "TAKE_ONLY_TOP": (
        "Only the top card of the discard pile may be taken, not {count} cards.",
        "Vom Ablagestapel darf nur die oberste Karte genommen werden, nicht {count} Karten.",
    ),
    "PILE_TOO_LOW": (
        "The discard pile is worth {points}; nobody takes from it before it is worth at "
        "least {min}.",
        "Der Ablagestapel ist {points} Punkte wert; aufgenommen wird erst ab {min} Punkten.",
    ),
    # Jolly with discard row (Vorratsreihe): its cards lie in a row, taken from the right end.
    "TAKE_BEFORE_INITIAL_MELD:row": (
        "Before your first meld you draw from the talon only, not from the discard row.",
        "Vor dem ersten Auslegen wird nur vom Talon gezogen, nicht aus der Vorratsreihe.",
    ),
    "TAKE_ONLY_TOP:row": (
        "Only the card at the right end of the discard row may be taken, not {count} cards.",
        "Aus der Vorratsreihe darf nur die Karte am rechten Ende genommen werden, nicht "
        "{count} Karten.",
    ),
    "PILE_TOO_LOW:row": (
        "The discard row is worth {points}; nobody takes from it before it is worth at "
        "least {min}.",
        "Die Vorratsreihe ist {points} Punkte wert; aufgenommen wird erst ab {min} Punkten.",
    ),
    "TAKE_WITH_ONE_CARD:row": (
        "With only one card in the hand you draw from the talon, not from the discard row.",
        "Wer nur noch eine Karte hat, zieht vom Talon, nicht aus der Vorratsreihe.",
    ),
    "HAND_LIMIT": (
        "With {take} more cards the hand would hold {count}; at most {max} are allowed.",
        "Mit {take} Karten mehr hätte die Hand {count} Karten; erlaubt sind höchstens {max}.",
    ),
    "TAKE_WITH_ONE_CARD": (
        "With only one card in the hand you draw from the talon, not from the discard pile.",
        "Wer nur noch eine Karte hat, zieht vom Talon, nicht vom Ablagestapel.",
    ),
    "TAKEN_CARD_NOT_USED": (
        "At least one card taken must go at once into a new meld or onto a meld on the table.",
        "Mindestens eine aufgenommene Karte muss sofort in eine neue Meldung oder an eine "
        "Meldung auf dem Tisch.",
    ),
    "TAKEN_CARD_NOT_USED:new_meld": (
        "The card taken must go at once into a new meld.",
        "Die aufgenommene Karte muss sofort in eine neue Meldung.",
    ),
    "TAKEN_CARD_MUST_BE_MELDED": (
        "The card taken may only go into a new meld, not onto a meld on the table.",
        "Die aufgenommene Karte darf nur in eine neue Meldung, nicht an eine Meldung auf dem "
        "Tisch angelegt werden.",
    ),
    "LAYOFF_BEFORE_INITIAL_MELD": (
        "You may lay off only after your first meld.",
        "Anlegen darf man erst nach dem ersten Auslegen.",
    ),
    "LAYOFF_SAME_TURN": (
        "You may lay off only from the turn after your first meld, not in the same turn.",
        "Anlegen darf man erst ab dem Zug nach dem ersten Auslegen, nicht im selben Zug.",
    ),
    "LAYOFF_NOT_ALLOWED:turn": (
        "Nobody lays off in this game: melds come only from your own hand.",
        "In diesem Spiel wird nicht angelegt: Meldungen kommen nur aus der eigenen Hand.",
    ),
    "MELD_COMPLETED": (
        "This meld is complete ({count} cards) and turned over: nothing more goes onto it.",
        "Diese Meldung ist vollständig ({count} Karten) und umgedreht: Es wird nichts mehr "
        "angelegt.",
    ),
    "EXCHANGE_NOT_ALLOWED": (
        "Jokers are not exchanged in this game.",
        "In diesem Spiel werden Joker nicht ausgetauscht.",
    ),
    "EXCHANGE_NOT_ALLOWED:wild": (
        "Nothing is exchanged in this game: wild cards are ranks, and melds come only from "
        "your own hand.",
        "In diesem Spiel wird nichts ausgetauscht: Wildcards sind ein Rang, und Meldungen "
        "kommen nur aus der eigenen Hand.",
    ),
    "EXCHANGE_BEFORE_INITIAL_MELD": (
        "You may exchange a joker only after your first meld.",
        "Einen Joker austauschen darf man erst nach dem ersten Auslegen.",
    ),
    "EXCHANGE_SAME_TURN": (
        "You may exchange a joker only from the turn after your first meld, not in the same "
        "turn.",
        "Einen Joker austauschen darf man erst ab dem Zug nach dem ersten Auslegen, nicht im "
        "selben Zug.",
    ),
    "NO_JOKER_IN_MELD": (
        "This meld holds no joker, so there is nothing to exchange.",
        "In dieser Meldung liegt kein Joker, es gibt nichts auszutauschen.",
    ),
    "EXCHANGE_WRONG_CARD": (
        "{cards} cannot take the joker's place: it stands for {wanted}.",
        "{cards} kann den Joker nicht ersetzen: Er steht für {wanted}.",
    ),
    "EXCHANGE_WRONG_CARD:too_many": (
        "One card goes in for each joker: this meld has {jokers}, but {count} cards are "
        "offered.",
        "Für jeden Joker kommt eine Karte: Diese Meldung hat {jokers}, angeboten sind aber "
        "{count} Karten.",
    ),
    "EXCHANGE_SET_NOT_FOUR": (
        "A joker in a set may be exchanged only in a set of four; this one has {count} cards.",
        "Ein Joker in einem Satz darf erst bei einem Vierling ausgetauscht werden; dieser hat "
        "{count} Karten.",
    ),
    "EXCHANGE_NEEDS_BOTH_SUITS": (
        "In a set of three the joker is exchanged only for both missing suits at once "
        "({wanted}), leaving a four without a joker.",
        "In einem Dreier-Satz wird der Joker nur gegen beide fehlenden Farben zugleich "
        "getauscht ({wanted}); dann liegt ein Vierling ohne Joker.",
    ),
    "JOKER_MUST_BE_MELDED": (
        "The freed joker must go at once into a new meld, not into the hand.",
        "Der frei gewordene Joker muss sofort in eine neue Meldung, nicht auf die Hand.",
    ),
}

# HAND_WIN_NOT_ALLOWED says why, by ``reason``.
_HAND_WIN: dict[str, tuple[str, str]] = {
    "not_closer": (
        "{player} did not go out, so {player} cannot have won from the hand.",
        "{player} ist nicht ausgegangen und kann daher nicht aus der Hand gewonnen haben.",
    ),
    "variant": (
        "This game has no win from the hand.",
        "In diesem Spiel gibt es keinen Sieg aus der Hand.",
    ),
    "laid_off": (
        "{player} laid off onto other players' melds, so this was no win from the hand.",
        "{player} hat bei anderen angelegt, also war das kein Sieg aus der Hand.",
    ),
    "received_layoffs": (
        "Others laid off onto {player}'s melds, so they lay on the table before: no win "
        "from the hand.",
        "Andere haben an die Meldungen von {player} angelegt; sie lagen also schon vorher "
        "aus: kein Sieg aus der Hand.",
    ),
    "others_melded": (
        "Hand-Rommé needs that no other player has melded yet, but {players} had.",
        "Hand-Rommé setzt voraus, dass noch kein anderer Spieler gemeldet hat, aber {players} "
        "hatte gemeldet.",
    ),
    "no_clean_run": (
        "Going rummy still needs a run of at least 3 cards without a joker.",
        "Auch wer Rummy geht, braucht eine Folge aus mindestens 3 Karten ohne Joker.",
    ),
}

CODES: tuple[str, ...] = tuple(c for c in _MESSAGES if ":" not in c) + ("HAND_WIN_NOT_ALLOWED",)
"""Every problem code the engine reports."""

WORDINGS: tuple[tuple[str, str | None], ...] = (
    *((code, reason or None) for code, _, reason in (key.partition(":") for key in _MESSAGES)),
    *(("HAND_WIN_NOT_ALLOWED", reason) for reason in _HAND_WIN),
)
"""Every wording the engine has: a code, and the ``reason`` that words it otherwise (``None``:
the code's own sentence). Each has one :func:`template`."""


def template(code: str, reason: str | None = None, lang: str = "en") -> str:
    """The sentence the engine fills in for a problem ``code`` (in other words for some
    ``reason``s, :data:`WORDINGS`), in ``en`` or ``de``: its ``{name}`` parts are the
    problem's parameters, ``{wild}`` (jokers or wild cards) and ``{where}`` (who holds the
    copies of a card). A code the engine does not know is a :class:`KeyError`.

    >>> template("SET_TOO_LARGE")
    'A set has at most {max} cards; this one has {count}.'
    >>> template("SET_TOO_LARGE", "any reason it has no words of its own for", "de")
    'Ein Satz hat höchstens {max} Karten; dieser hat {count}.'
    >>> template("HAND_WIN_NOT_ALLOWED") == template("HAND_WIN_NOT_ALLOWED", "variant")
    True
    """
    i = 1 if lang == "de" else 0
    if code == "HAND_WIN_NOT_ALLOWED":
        return _HAND_WIN[reason or "variant"][i]
    # A code may say it in other words for a ``reason`` ("CODE:reason").
    worded = f"{code}:{reason}"
    return _MESSAGES[worded if worded in _MESSAGES else code][i]


_WILD = {("en", False): "jokers", ("en", True): "wild cards",
         ("de", False): "Joker", ("de", True): "Wildcards"}


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing that is wrong, with the rule that decides it.

    >>> p = Problem("SET_TOO_LARGE", "RULES.md §2.1 jolly_at, Meld: set", {"max": 4, "count": 5})
    >>> p.message("en")
    'A set has at most 4 cards; this one has 5.'
    >>> p.message("de")
    'Ein Satz hat höchstens 4 Karten; dieser hat 5.'
    """

    code: str
    rule: str
    params: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)
    problems: tuple[Problem, ...] = ()
    """For ``ILLEGAL_MELD``: the meld's own problems."""

    def message(self, lang: str = "en") -> str:
        """The sentence for the players, in ``en`` or ``de``."""
        i = 1 if lang == "de" else 0
        wild = _WILD[("de" if i else "en", bool(self.params.get("wild_cards")))]
        return self.template(lang).format_map(_Defaulting(self.params, wild=wild,
                                                          where=_where(self.params.get("held"), i)))

    def template(self, lang: str = "en") -> str:
        """The engine's sentence for this problem before it is filled in (:func:`template`
        of its code and ``reason``).

        >>> Problem("HAND_WIN_NOT_ALLOWED", "r", {"reason": "not_closer"}).template()
        '{player} did not go out, so {player} cannot have won from the hand.'
        """
        reason = self.params.get("reason")
        return template(self.code, None if reason is None else str(reason), lang)

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        """The contract's problem object: code, message, rule, and where it was found.

        >>> Problem("CLOSER_MISSING", "r").to_json()
        {'code': 'CLOSER_MISSING', 'message': 'Nobody went out: mark the player who ended the round.', 'rule': 'r'}
        """
        out: dict[str, Any] = {"code": self.code, "message": self.message(lang), "rule": self.rule}
        for key in ("player", "held_by", "meld", "card"):
            if key in self.params and key != "meld":
                out[key] = self.params[key]
        if "index" in self.params:
            out["meld"] = self.params["index"]
        if self.problems:
            out["problems"] = [p.to_json(lang) for p in self.problems]
        return out


def _where(held: Any, i: int) -> str:
    """Who holds the copies of a card and where, as `` (Anna: meld 1; Ben: hand 2×)``;
    ``held`` is ``(player, meld number or 0 for the hand, copies)``, ``i`` 0 English, 1 German.

    >>> _where((("Anna", 1, 1), ("Ben", 0, 2), ("Anna", 0, 1)), 1)
    ' (Anna: Meldung 1, Hand; Ben: Hand 2×)'
    >>> _where(None, 0)
    ''
    """
    if not held:
        return ""
    words = (("meld", "hand"), ("Meldung", "Hand"))[i]
    by_player: dict[str, list[str]] = {}
    for name, index, copies in held:
        place = f"{words[0]} {index}" if index else words[1]
        by_player.setdefault(name, []).append(place + (f" {copies}×" if copies > 1 else ""))
    return " (" + "; ".join(f"{name}: {', '.join(p)}" for name, p in by_player.items()) + ")"


class _Defaulting(dict[str, Any]):
    def __init__(self, params: dict[str, Any], **extra: Any) -> None:
        super().__init__(params, **extra)

    def __missing__(self, key: str) -> str:
        return "?"
