"""List how the French catalog renders each key card-table term.

Usage: .venv/bin/python tools/fr_terms.py [term ...]

For every English key term (matched in the msgid, case-insensitive) the script prints the French
words found in the msgstr of those entries, with counts, so drift ("rami sec" vs "sortie d'un coup")
shows at a glance.  It also flags entries that break the catalog's typography: a plain space instead
of a no-break space (U+00A0) before ; : ! ? or inside « », and "tu" forms where the catalog says "vous".
"""

from __future__ import annotations

import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

from babel.messages.pofile import read_po

PO = Path(__file__).resolve().parent.parent / "scorepad/translations/fr/LC_MESSAGES/messages.po"

# English pattern in the msgid -> French candidate renderings looked for in the msgstr.
TERMS: dict[str, tuple[str, list[str]]] = {
    "hand rummy": (r"hand[- ]?rumm|from the hand|in one (go|turn)|handglatt|\\brummy\\b",
                   ["rami sec", "sortie d'un coup", "d'un coup", "en une fois", "main pleine", "rami"]),
    "go out": (r"\bgo(es|ing)? out|\bwent out|\bout\b",
               ["sort", "fini", "termin", "clôtur"]),
    "meld": (r"\bmeld", ["combinaison", "pose", "meld", "série", "suite", "figure"]),
    "lay off": (r"lay(s|ing)?[- ]off|laid off|\badd(s|ed|ing)? to\b",
                ["rajout", "ajout", "poser sur", "compléter", "placer"]),
    "discard": (r"discard", ["défausse", "écart", "rebut", "jeter"]),
    "stock": (r"\bstock\b|draw pile", ["pioche", "talon", "stock"]),
    "round": (r"\bround", ["manche", "tour", "partie", "donne"]),
    "game": (r"\bgames?\b", ["partie", "jeu"]),
    "deal": (r"\bdeal(s|t|ing)?\b", ["donne", "distribu", "donner"]),
    "dealer": (r"\bdealer", ["donneur", "donneuse", "distribut"]),
    "house rules": (r"house[- ]rule", ["règles maison", "règle maison", "règles de la maison", "variante"]),
    "stake": (r"\bstake", ["mise", "enjeu", "pari"]),
    "pot": (r"\bpot\b", ["cagnotte", "pot", "caisse"]),
    "surcharge": (r"surcharge", ["majoration", "supplément", "surcharge"]),
    "penalty": (r"penalt", ["points de pénalité", "pénalité", "malus", "amende"]),
    "joker": (r"joker|wild", ["joker", "jocker", "frime"]),
    "hand": (r"\bhand\b", ["main", "jeu"]),
    "draw": (r"\bdraw", ["piocher", "pioche", "tirer", "prendre"]),
    "player": (r"\bplayer", ["joueur", "joueuse"]),
    "score sheet": (r"score ?sheet", ["feuille de marque", "feuille de score", "feuille de points"]),
    "evening": (r"\bevening", ["soirée", "soir"]),
    "settle": (r"settle", ["régler", "règlement", "comptes", "solder"]),
}


def entries() -> list[tuple[str, str]]:
    with PO.open("rb") as fh:
        cat = read_po(fh)
    out = []
    for m in cat:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, (list, tuple)) else (m.id,)
        strs = m.string if isinstance(m.string, (list, tuple)) else (m.string,)
        out.append((" | ".join(ids), " | ".join(s for s in strs if s)))
    return out


def main(argv: list[str]) -> None:
    want = argv or list(TERMS)
    data = entries()
    for term in want:
        pattern, cands = TERMS[term]
        hits = [(i, s) for i, s in data if re.search(pattern, i, re.I)]
        counts: Counter[str] = Counter()
        where: dict[str, list[str]] = defaultdict(list)
        for i, s in hits:
            low = s.lower()
            for c in cands:
                if c in low:
                    counts[c] += 1
                    where[c].append(i[:70])
        print(f"== {term}: {len(hits)} entries")
        for rank, (c, n) in enumerate(counts.most_common()):
            print(f"   {n:4d}  {c}")
            if rank:  # the less common renderings: show where they are
                for i in where[c][:5]:
                    print(f"           {i}")
    typo = []
    for i, s in data:
        if re.search(r"[^\u00a0\s%(){}][;:!?](\s|$)", s.replace("%(name)s:", "")):
            typo.append(("missing space before ;:!?", i, s))
        elif re.search(r" [;:!?](\s|$)", s):
            typo.append(("plain space before ;:!?", i, s))
        if re.search(r"«[^\u00a0]|[^\u00a0]»", s):
            typo.append(("« » without no-break space", i, s))
        if re.search(r"\b(tu|ton|ta|tes|toi)\b", s, re.I):
            typo.append(("tu form?", i, s))
    print(f"== typography: {len(typo)} entries")
    for kind, i, s in typo:
        print(f"   [{kind}] {i[:60]!r} -> {s[:100]!r}")


if __name__ == "__main__":
    main(sys.argv[1:])
