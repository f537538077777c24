"""Round entry by numbers, corrections and the history of changes."""

from __future__ import annotations

from typing import Any

from flask import (
    Blueprint,
    abort,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _

from scorepad.game.cardtext import CardTextError, parse_typed
from scorepad.game.checks import arg, whole
from scorepad.game.errors import AlreadySaved, Conflict, RoundGone, RoundInvalid, ServiceError
from scorepad.game.models import Game, Round
from scorepad.game.scoreboard import (
    Scoreboard,
    Scored,
    rules_of,
    score_entry,
    scoreboard,
    variant_of,
)
from scorepad.game.service import (
    add_round,
    correct_round,
    delete_round,
    restore_round,
    was_version,
    written,
)
from scorepad.rules import MAX_CARDS, Breakdown, check_initial_meld
from scorepad.web.device import (
    entry_modes,
    form_write_id,
    game_or_404,
    phone_player,
    posted_write_id,
    remember_modes,
    this_device,
)
from scorepad.web.errors import status_of
from scorepad.web.forms import (
    CardSlot,
    PlayerCards,
    RoundBase,
    check_slot,
    game_names,
    place_layoffs,
    read_cards,
    round_form,
)
from scorepad.web.outbox import write_form
from scorepad.web.taken import already_saved, lost_to_another_phone, stale_link
from scorepad.words.problems import problem_shown
from scorepad.words.round_notes import number_notes, surcharge_words

bp = Blueprint("rounds", __name__, url_prefix="/g/<key:key>/rounds")

# Problems shown at a field of the form rather than above it.
_AT_CLOSER = {"CLOSER_MISSING", "CLOSER_NOT_UNIQUE", "CLOSER_COUNT"}
_AT_HAND_WIN = {"HAND_WIN_NOT_ALLOWED"}
_AT_HAND = {"CLOSER_HOLDS_CARDS", "WRONG_CARD_COUNT", "HAND_MISSING", "HAND_EMPTY"}


def _is_htmx() -> bool:
    return request.headers.get("HX-Request") == "true"


def _place_problems(form: RoundBase, problems: list[dict[str, Any]],
                    cards: list[PlayerCards]) -> list[dict[str, Any]]:
    """Attach each problem to the field it is about; return the ones for the whole round."""
    general = []
    for p in problems:
        code, player = p["code"], p.get("player")
        index = form.names.index(player) if player in form.names else None
        if code == "ILLEGAL_MELD" and index is not None and cards[index].by_cards:
            filled = [slot for slot in cards[index].melds if slot.typed and slot.onto is None]
            number = int(p.get("meld", 0)) - 1
            shown = filled[number].answer if 0 <= number < len(filled) else None
            if shown is not None and not shown.get("legal", True):
                continue  # the meld's own check shows it at the meld (and in the summary)
            general.append(p)
        elif code in _AT_HAND and index is not None and cards[index].by_cards:
            cards[index].hand.error = p["message"]  # at the cards (and in the summary)
        elif code in _AT_CLOSER:
            form.closer.errors = list(form.closer.errors) + [p["message"]]
        elif code in _AT_HAND_WIN:
            form.hand_win.errors = list(form.hand_win.errors) + [p["message"]]
        elif code == "NET_CLOSER" and index is not None and form.net:
            field = form.row(index)["net"]
            field.errors = list(field.errors) + [p["message"]]
        elif code == "TOTAL_TOO_LARGE" and index is not None and _points_field(form, index):
            field = _points_field(form, index)
            field.errors = list(field.errors) + [p["message"]]
        elif code in _AT_HAND and index is not None and form.row(index)["hand"] is not None:
            field = form.row(index)["hand"]
            field.errors = list(field.errors) + [p["message"]]
        else:
            general.append(p)
    return general


def _inline_problems(form: RoundBase, cards: list[PlayerCards]) -> list[tuple[str, str, str]]:
    """Every problem shown at a field of cards, as (whose field, message, rule), so that the
    summary above Save lists it too (the number fields are in ``form.problem_list``)."""
    out: list[tuple[str, str, str]] = []
    for pc in cards:
        if not pc.by_cards:
            continue
        name = form.names[pc.index]
        places = [(_("Meld %(n)d", n=k), slot) for k, slot in enumerate(pc.melds, 1)]
        for place, slot in places + [(_("Hand"), pc.hand)]:
            answer = slot.answer or {}
            if slot.error:
                out.append((f"{name}, {place}", slot.error, ""))
            elif answer and not answer.get("legal", True):
                out += [(f"{name}, {place}", q["message"], q.get("rule", ""))
                        for q in answer.get("problems", [])]
    return out


def _points_field(form: RoundBase, index: int) -> Any:
    """The field of a player's points in the round: the net number, else the melds, else
    the hand."""
    row = form.row(index)
    return row["net"] or row["meld"] or row["hand"]


def _render(game: Game, board: Scoreboard, form: RoundBase, number: int,
            cards: list[PlayerCards], *,
            preview: Scored | None = None, problems: list[dict[str, Any]] | None = None,
            editing: Round | None = None, conflict: Round | None = None, status: int = 200) -> Any:
    rules = rules_of(game, number)
    initial = initial_check(game, number, request.form.get("initial_melds", "")[:2000],
                            request.form.get("initial_whole") == "y",
                            ask=request.form.get("action") == "check_initial")
    surcharges = {name: surcharge_words(d.surcharge_parts)
                  for name, d in (preview.details if preview else {}).items()
                  if isinstance(d, Breakdown)}
    context = dict(game=game, board=board, form=form, number=number, preview=preview,
                   surcharges=surcharges, notes=number_notes(rules, net=form.net),
                   inline=(_inline_problems(form, cards)
                           if request.form.get("action") in ("preview", "save") else []),
                   initial=initial,
                   problems=problems or [], editing=editing, conflict=conflict, cards=cards,
                   rules=rules, wild_rank=rules.wild_rank,
                   write_id=form_write_id(),
                   layoffs=board.variant.has_layoffs)
    if _is_htmx() and request.form.get("action") == "preview":
        return render_template("rounds/_check.html", **context), status
    return render_template("rounds/form.html", **context), status


def _check_cards(game: Game, number: int, names: list[str], cards: list[PlayerCards]) -> None:
    rules = rules_of(game, number)
    for pc in cards:
        if not pc.by_cards:
            continue
        for slot in pc.melds:
            check_slot(slot, rules, list(game_names(game)), is_hand=False)
        check_slot(pc.hand, rules, names, is_hand=True)
    place_layoffs(cards, names, rules)


def _handle(game: Game, board: Scoreboard, form: RoundBase, number: int,
            cards: list[PlayerCards], *, score: bool = True
            ) -> tuple[Scored | None, list[dict[str, Any]]]:
    """Validate the form and (``score``) score the round; return it (if valid) and the
    problems. A round to save is scored by the service alone, which says why it refuses."""
    _check_cards(game, number, form.names, cards)
    numbers_ok = form.validate_numbers(cards, rules_of(game, number).most_points)
    slots = [s for pc in cards if pc.by_cards for s in pc.melds + [pc.hand]]
    if not numbers_ok or any(s.error for s in slots):
        return None, []
    if not score and not any(s.answer and not s.answer["legal"] for s in slots):
        return None, []  # to be saved: the service scores it, or says why not
    scored = score_entry(game, number, form.entry(cards))
    if scored.error is not None:
        return None, [problem_shown(scored.error)]
    if not scored.valid:
        return None, _place_problems(form, [problem_shown(p) for p in scored.problems],
                                     cards)
    return scored, []


@bp.route("/new", methods=["GET", "POST"])
@write_form
def new(key: str) -> Any:
    game = game_or_404(key)
    board = scoreboard(game)
    number = board.next_number
    posting = request.method == "POST"
    # A form of a round saved meanwhile is compared with that round, with its players (the
    # last round before a play-off or the end of the game had everyone).
    entered = _entered_as(number) if posting else number
    if board.finished and entered == number:
        flash(_("The game is over. Correct a round if a score was wrong."))
        return redirect(url_for("games.show", key=key))
    names = board.playing if entered == number else _players_of(game, entered)
    form = round_form(names, board.variant, request.form if posting else None,
                      net=game.counting == "net")
    cards = read_cards(names, request.form if posting else None,
                       modes=None if posting else starting_modes(game, board.playing))
    if not posting and (stale := stale_link(game, board, arg(request.args, "number", 0))):
        return stale
    if posting and (again := _sent_again(game)) is not None:
        return again
    if not posting or _only_looking():
        _check_cards(game, number, form.names, cards)
        return _render(game, board, form, number, cards)
    saving = request.form.get("action") == "save"
    answer, problems = _handle(game, board, form, entered, cards, score=not saving)
    status = _status(answer, problems, form, cards)
    if not saving or status != 200:
        return _render(game, board, form, number, cards, preview=answer, problems=problems,
                       status=status)
    posted_number = arg(request.form, "number", 0)
    try:
        add_round(game.key, number if posted_number is None else posted_number,
                  form.entry(cards), by=phone_player(game), write_id=posted_write_id(),
                  device=this_device())
    except AlreadySaved as e:
        return already_saved(key, e)
    except Conflict:
        # Another phone saved a round since this form was opened: keep this input, say so.
        answer = _scored(game, entered, form, cards)
        game = game_or_404(key)
        lost = lost_to_another_phone(
            game, posted_number, answer.scores if answer else None, request.form,
            url_for("rounds.new", key=key),
            entry=form.entry(cards),
            replace=url_for("rounds.edit", key=key, number=posted_number or 0))
        if lost is not None:
            return lost
        board = scoreboard(game)
        if board.finished:
            flash(_("Another phone saved the last round: the game is over. Your entry is kept "
                    "below; correct a round if a score was wrong."), "warning")
        else:
            flash(_("Round %(n)d was just saved on another phone. Your entry is kept below as "
                    "round %(m)d: check it and save again.", n=board.next_number - 1,
                    m=board.next_number), "warning")
        return _render(game, board, form, board.next_number, cards, preview=answer, status=409)
    except ServiceError as e:
        return _refused(game_or_404(key), form, number, cards, e)
    _keep_modes(game, form.names, cards)
    # The next round's button is the first thing the table sees after saving.
    return redirect(url_for("games.show", key=key, _anchor="next"))


def _sent_again(game: Game) -> Any | None:
    """A form that was saved already, posted again (Back, then Check or Save): say so at
    once rather than show its entry as a form for the next round. htmx previews are left
    alone (they only show a breakdown)."""
    if _is_htmx():
        return None
    change = written(game, posted_write_id())
    return None if change is None else already_saved(game.key, AlreadySaved(change))


def _refused(game: Game, form: RoundBase, number: int, cards: list[PlayerCards],
             e: ServiceError, editing: Round | None = None) -> Any:
    """The service refused what the page had checked a moment ago (the engine or the table
    changed meanwhile): show why, keep the input."""
    problems = (_place_problems(form, [problem_shown(p) for p in e.problems], cards)
                if isinstance(e, RoundInvalid)
                else [{"code": e.code, "message": str(e.message)}])
    return _render(game, scoreboard(game), form, number, cards, problems=problems,
                   editing=editing, status=status_of(e))


@bp.route("/<int:number>/edit", methods=["GET", "POST"])
@write_form
def edit(key: str, number: int) -> Any:
    game = game_or_404(key)
    rnd = next((r for r in game.rounds if r.number == number), None)
    posting = request.method == "POST"
    if rnd is None:
        # A form of a round another phone deleted since: a lost race, not an unknown round.
        if posting and was_version(game, number, whole(request.form.get("version"), 0)):
            return _deleted_meanwhile(game, number)
        abort(404)
    board = scoreboard(game)
    names = [p["name"] for p in rnd.entry["players"]]
    form = round_form(names, board.variant, request.form if posting else None,
                      data=None if posting else _form_data(rnd, names),
                      net=all("net" in p for p in rnd.entry["players"]))
    cards = read_cards(names, request.form if posting else None, rnd.entry["players"],
                       melds_in_hand=board.variant.melds_in_hand)
    if posting and (again := _sent_again(game)) is not None:
        return again
    if not posting or _only_looking():
        _check_cards(game, number, names, cards)
        return _render(game, board, form, number, cards, editing=rnd)
    saving = request.form.get("action") == "save"
    answer, problems = _handle(game, board, form, number, cards, score=not saving)
    status = _status(answer, problems, form, cards)
    if not saving or status != 200:
        return _render(game, board, form, number, cards, preview=answer, problems=problems,
                       editing=rnd, status=status)
    try:
        correct_round(game.key, number, whole(form.version.data, 0), form.entry(cards),
                      by=phone_player(game), write_id=posted_write_id(), device=this_device())
    except AlreadySaved as e:
        return already_saved(key, e)
    except RoundGone:
        return _deleted_meanwhile(game_or_404(key), number)
    except Conflict:
        return _corrected_elsewhere(game_or_404(key), number, form, cards,
                                    _scored(game, number, form, cards))
    except ServiceError as e:
        return _refused(game_or_404(key), form, number, cards, e, editing=rnd)
    _keep_modes(game, names, cards)
    return redirect(url_for("games.show", key=key, _anchor=f"round-{number}"))


def _deleted_meanwhile(game: Game, number: int) -> Any:
    """The round this correction was for was deleted on another phone meanwhile: say so (409)
    and keep the entry in the form of the game's next round."""
    flash(_("Round %(n)d was deleted on another phone meanwhile. Your entry is kept "
            "below: enter it as a new round if it belongs to the game.", n=number), "warning")
    board = scoreboard(game)
    names = board.playing
    form = round_form(names, board.variant, request.form, net=game.counting == "net")
    cards = read_cards(names, request.form, None, melds_in_hand=board.variant.melds_in_hand)
    answer = _scored(game, board.next_number, form, cards)
    return _render(game, board, form, board.next_number, cards, preview=answer, status=409)


def starting_modes(game: Game, names: list[str]) -> dict[str, str]:
    """How a new round starts each player: as this phone last entered them; otherwise
    by cards in 3-13 (the cards are the point there) and by numbers elsewhere."""
    first = "cards" if variant_of(game).starts_by_cards else "numbers"
    kept = entry_modes(game)
    return {name: kept.get(name, first) for name in names}


def _keep_modes(game: Game, names: list[str], cards: list[PlayerCards]) -> None:
    """Remember the posted numbers/cards choice of each player for this phone's next round,
    once the round is saved (a preview, a check while typing, writes nothing); a post
    without the choice (the net form, a script) or with the choice kept already writes
    nothing either."""
    if not any(f"mode_{pc.index}" in request.form for pc in cards):
        return
    kept = entry_modes(game)
    modes = kept | {names[pc.index]: pc.mode for pc in cards}
    if modes != kept:
        remember_modes(game, modes)


def _scored(game: Game, number: int, form: RoundBase, cards: list[PlayerCards]
            ) -> Scored | None:
    """This phone's entry scored, to set beside the round another phone saved first; None
    where it does not score."""
    scored = score_entry(game, number, form.entry(cards))
    return scored if scored.valid else None


def _corrected_elsewhere(game: Game, number: int, form: RoundBase, cards: list[PlayerCards],
                         answer: Scored | None) -> Any:
    """Another phone corrected the round first: show theirs, keep this phone's input."""
    flash(_("Another phone corrected this round meanwhile. Their version is shown; "
            "yours is kept in the form: save again to replace theirs."), "warning")
    rnd = next(r for r in game.rounds if r.number == number)
    form.version.data = str(rnd.version)
    return _render(game, scoreboard(game), form, number, cards, preview=answer, editing=rnd,
                   conflict=rnd, status=409)


@bp.post("/<int:number>/delete")
def delete(key: str, number: int) -> Any:
    game = game_or_404(key)
    delete_round(game.key, number, arg(request.form, "version", 0),
                 by=phone_player(game), device=this_device())  # refused: web.errors
    # The game page shows the deletion with its one-tap undo.
    return redirect(url_for("games.show", key=key)), 303


@bp.post("/restore/<int:change>")
def restore(key: str, change: int) -> Any:
    """Undo a deletion from the history (one tap)."""
    game = game_or_404(key)
    rnd = restore_round(game.key, change, by=phone_player(game),
                        device=this_device())  # refused: a flash on the game (web.errors)
    flash(_("Round %(n)d was restored.", n=rnd.number))
    return redirect(url_for("games.show", key=key, _anchor=f"round-{rnd.number}")), 303


def _only_looking() -> bool:
    """A post that adds a meld field or checks a first meld: no attempt to score the round."""
    action = request.form.get("action", "")
    return action == "check_initial" or action.startswith("add_meld_")


def _status(answer: Scored | None, problems: list[dict[str, Any]], form: RoundBase,
            cards: list[PlayerCards]) -> int:
    if answer is not None:
        return 200
    slots = [s for pc in cards if pc.by_cards for s in pc.melds + [pc.hand]]
    typing = any(s.error or (s.answer and not s.answer.get("legal", True)) for s in slots)
    if problems or typing or any(f.errors for f in form):
        return 422
    return 200


@bp.post("/check-meld")
def check_meld(key: str) -> Any:
    """One meld of the round form, checked as it is typed (htmx)."""
    game = game_or_404(key)
    number = arg(request.form, "number", 1) or scoreboard(game).next_number
    rules = rules_of(game, number)
    name = request.form.get("field", "")
    slot = CardSlot(name, request.form.get(name, "")[:400], request.form.get(f"{name}_reading", "")[:4])
    check_slot(slot, rules, game_names(game), is_hand=name.endswith("_hand"))
    return render_template("rounds/_slot_check.html", slot=slot, is_hand=name.endswith("_hand"))


def initial_check(game: Game, number: int, text: str, whole: bool, *,
                  ask: bool = True) -> dict[str, Any]:
    """Ask the engine whether these melds may open (threshold, clean run); one meld per line.

    With ``ask`` false only the form's fields and the variant's thresholds are returned."""
    rules = rules_of(game, number)
    result: dict[str, Any] = {"text": text, "whole": whole, "answer": None, "error": None,
                              "minimum": rules.house.initial_min_points,
                              "clean": rules.house.initial_clean_run}
    if not ask:
        return result
    melds = []
    for line in text.replace(";", "\n").splitlines():
        if not line.strip():
            continue
        try:
            melds.append([t.card for t in parse_typed(line, [], allow_by=False)])
        except CardTextError as e:
            result["error"] = str(e)
            return result
    if not melds:
        return result
    if too_many := next((m for m in melds if len(m) > MAX_CARDS), None):
        # As the engine's contract refuses it: a meld longer than any pack.
        result["answer"] = {"error": {"message": f"melds[{melds.index(too_many)}] holds "
                                                 f"{len(too_many)} cards; no pack has more "
                                                 f"than {MAX_CARDS}"}}
        return result
    check = check_initial_meld(melds, rules, whole_hand=whole)
    result["answer"] = {"legal": check.legal, "points": check.points, "melds": check.melds,
                        "problems": [problem_shown(p) for p in check.problems]}
    return result


@bp.route("/check-initial", methods=["GET", "POST"])
def check_initial(key: str) -> Any:
    """Check a first meld before laying it down: the variant's threshold and clean run."""
    game = game_or_404(key)
    board = scoreboard(game)
    text = request.values.get("initial_melds", request.values.get("melds", ""))[:2000]
    whole = request.values.get("initial_whole", request.values.get("whole_hand")) == "y"
    result = initial_check(game, board.next_number, text, whole, ask=request.method == "POST")
    if _is_htmx():
        return render_template("rounds/_initial_result.html", initial=result)
    return render_template("rounds/initial.html", game=game, board=board, initial=result), (
        422 if result["error"] else 200)


def _form_data(rnd: Round, names: list[str]) -> dict[str, Any]:
    data: dict[str, Any] = {"version": str(rnd.version), "hand_win": False}
    for i, p in enumerate(rnd.entry["players"]):
        if p.get("went_out"):
            data["closer"] = str(i)
            data["hand_win"] = bool(p.get("hand_win"))
        if "net" in p:
            data[f"net_{i}"] = str(p["net"])
        data[f"hand_{i}"] = str(p.get("hand_points", ""))
        if "meld_points" in p:
            data[f"meld_{i}"] = str(p["meld_points"])
        if "melded" in p:
            data[f"melded_{i}"] = bool(p["melded"])
    return data


def _players_of(game: Game, number: int) -> list[str]:
    """Who played round ``number`` (saved), in seat order."""
    rnd = next(r for r in game.rounds if r.number == number)
    return [p["name"] for p in rnd.entry["players"]]


def _entered_as(next_number: int) -> int:
    """The round a posted round form was entering: its number when that round was saved
    meanwhile on another phone (its entry is then compared with the saved one), else the
    next. 3-13 deals another number of cards each round: an entry of round 2 checked as
    round 3 was refused for its card count instead of being compared."""
    posted = request.form.get("number", type=int)
    return posted if posted is not None and 1 <= posted < next_number else next_number
