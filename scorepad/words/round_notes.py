"""A round typed by numbers, in words: what the numbers must hold and what Scorepad adds
itself (the notes of the round form), and Rami's surcharge in its parts.

The scoreboard (:mod:`scorepad.game.scoreboard`) and the engine give the values (the
table's :class:`~scorepad.rules.Rules`, a breakdown's
:attr:`~scorepad.rules.Breakdown.surcharge_parts`); here they become sentences in the
page's language.
"""

from __future__ import annotations

from flask_babel import gettext as _

from scorepad.rules import Rules
from scorepad.words.variants import hand_win_after

__all__ = ["number_notes", "surcharge_words"]


def surcharge_words(parts: tuple[tuple[str, int], ...]) -> list[tuple[str, int]]:
    """Rami's surcharge in its parts as the engine computed them
    (:attr:`~scorepad.rules.Breakdown.surcharge_parts`), each with its words."""
    words = {"unmelded": _("never melded"), "rummy": _("rummy"),
             "rummy_no_melds": _("rummy, nobody else had melded")}
    return [(words.get(part, _("surcharge")), n) for part, n in parts]


def number_notes(rules: Rules, *, net: bool) -> list[str]:
    """What a round typed by numbers must hold and what Scorepad adds itself, in words for
    this table's house rules: one number per player (``net``) holds everything (the bonus
    for going out, the doubling after a win from the hand); separate numbers hold only the
    points on the table, and Scorepad adds the bonus, the doubling and Rami's surcharges."""
    h, variant = rules.house, rules.variant
    win = hand_win_after(variant)
    factor = h.hand_win_factor if win else 1
    other_bonus = (h.hand_win_bonus if win and h.hand_win_bonus is not None
                   and h.hand_win_bonus != h.closer_bonus else None)
    notes: list[str] = []
    if net:
        # One short sentence: the round form of one number per player fits one screen.
        held = []
        if h.closer_bonus:
            held.append(_("the %(n)d for going out", n=h.closer_bonus) if other_bonus is None
                        else _("the %(n)d for going out (%(win)s: %(m)d)", n=h.closer_bonus,
                                                                    win=win, m=other_bonus))
        if factor == 2:
            held.append(_("the doubled hands after %(win)s", win=win))
        elif factor != 1:
            held.append(_("the hands ×%(f)d after %(win)s", f=factor, win=win))
        if not held:
            return [_("Each number is the player's whole score for the round.")]
        return [_("Each number already includes %(what)s.", what=held[0] if len(held) == 1
                  else _("%(one)s and %(other)s", one=held[0], other=held[1]))]
    if variant.higher_wins:
        notes.append(_("Type the points as they lie on the table."))
    elif not variant.melds_in_hand:
        notes.append(_("Type only the points of the cards left in the hand."))
    if h.closer_bonus:
        notes.append(_("Scorepad adds the %(n)d for going out itself.", n=h.closer_bonus)
                     if variant.higher_wins else
                     _("Scorepad takes %(n)d off the total of who went out itself.",
                       n=h.closer_bonus))
    if other_bonus is not None:
        notes.append(_("After %(win)s it gives %(n)d instead.", win=win, n=other_bonus))
    if factor == 2:
        notes.append(_("After %(win)s Scorepad doubles the others' hand points itself.",
                       win=win))
    elif factor != 1:
        notes.append(_("After %(win)s Scorepad counts the others' hand points %(f)d times "
                       "itself.", win=win, f=factor))
    if h.unmelded_surcharge or h.rummy_surcharge:
        notes.append(_("Scorepad adds the surcharges itself: +%(never)d for who never melded, "
                       "+%(rummy)d after a rummy (+%(alone)d when nobody else had melded).",
                       never=h.unmelded_surcharge, rummy=h.rummy_surcharge,
                       alone=h.rummy_no_melds_surcharge))
    return notes
