"""What stored games settle to and add up to, without HTTP, on SQLite and PostgreSQL: a game
played for money settled at its end or as if it ended now (``scorepad/game/money.py``), an
evening's games settled in one set of payments, and the players' figures across the games a
browser knows (``scorepad/game/stats.py``).
"""

from __future__ import annotations

from flask import Flask

from scorepad.game import evenings, service
from scorepad.game.money import settle_evening, settle_game
from scorepad.game.scoreboard import scoreboard
from scorepad.game.stats import collect, head_to_head, place_chart
from scorepad.rules import Transfer

from ..support.service import PLAYERS, by_numbers, net, play, stored


def _for_money(mode: str, cents: int, *rounds: list[dict[str, object]], target: int | None = 100,
               names: list[str] | None = None, evening_of: str | None = None) -> str:
    evening = evenings.start_evening(evening_of) if evening_of else None
    key = service.create_game("jolly_at", {"target": target}, names or PLAYERS, stakes_mode=mode,
                              stakes_cents=cents, currency="EUR", evening=evening).key
    play(key, *[r if names is None else [p | {"name": n} for p, n in zip(r, names)]
                for r in rounds])
    return key


def _paid(balances: dict[str, int], transfers: tuple[Transfer, ...]) -> dict[str, int]:
    """The balances the payments make: what each receives less what each pays."""
    out = dict.fromkeys(balances, 0)
    for t in transfers:
        assert t.cents > 0
        out[t.payee] += t.cents
        out[t.payer] -= t.cents
    return out


def test_a_finished_pot_game_pays_the_winner_every_others_stake(game_app: Flask) -> None:
    board = scoreboard(stored(_for_money("pot", 100, net(0, 130, 40, -20))))
    settlement = settle_game(board)
    assert settlement is not None and board.finished
    assert (settlement.currency, settlement.winners) == ("EUR", ("Anna",))
    assert settlement.balances == {"Anna": 200, "Ben": -100, "Cleo": -100}
    assert _paid(settlement.balances, settlement.transfers) == settlement.balances


def test_a_running_game_settles_as_if_it_ended_with_these_totals(game_app: Flask) -> None:
    board = scoreboard(stored(_for_money("per_point", 2, net(0, 40, 10, -20), target=None)))
    settlement = settle_game(board)
    assert settlement is not None and not board.finished
    assert settlement.winners == ("Anna",)
    assert sum(settlement.balances.values()) == 0 and settlement.balances["Anna"] > 0
    assert settlement.balances["Ben"] > settlement.balances["Cleo"]


def test_a_game_not_played_for_money_settles_to_nothing(game_app: Flask) -> None:
    key = service.create_game("jolly_at", {}, PLAYERS).key
    play(key, net(0, 10, 0, 0))
    assert settle_game(scoreboard(stored(key))) is None


def test_an_evening_sums_its_games_by_name_in_any_case_and_settles_once(game_app: Flask) -> None:
    first = _for_money("pot", 100, net(0, 130, 40, -20))
    second = _for_money("pot", 100, net(1, 0, 150, 10), names=["anna", "BEN", "Dora"],
                        evening_of=first)
    free = service.create_game("jolly_at", {}, PLAYERS, evening=evenings.start_evening(first)).key
    play(free, net(0, 10, 0, 0))
    evening = stored(first).evening
    assert evening is not None and [g.key for g in evening.games] == [first, second, free]
    result = settle_evening(evening, [scoreboard(g) for g in evening.games])
    assert result.currency == "EUR"
    assert result.balances == {"Anna": 200 - 100, "Ben": -100 + 200, "Cleo": -100, "Dora": -100}
    assert [g.settlement is None for g in result.games] == [False, False, True]
    assert result.transfers is not None
    assert _paid(result.balances, result.transfers) == result.balances


def test_figures_count_each_players_games_wins_rounds_and_closes_across_games(
        game_app: Flask) -> None:
    jolly = service.create_game("jolly_at", {"target": 100}, PLAYERS).key
    play(jolly, by_numbers(0, (60, 0), (20, 15), (0, 40)),
         [p | {"hand_win": p["name"] == "Anna"} for p in by_numbers(0, (90, 0), (10, 5), (0, 8))])
    romme = service.create_game("romme_de", {}, ["anna", "Ben"]).key
    play(romme, by_numbers(1, (0, 12), (0, 0), names=["anna", "Ben"]))
    stats = collect([stored(jolly), stored(romme)])
    assert stats.names == ["Anna", "Ben", "Cleo"]  # "anna" is Anna: the first spelling stays
    figures = {(f.name, f.variant): f for f in stats.figures}
    anna = figures[("Anna", "jolly_at")]
    first_round, second_round = stored(jolly).rounds[0].scores, stored(jolly).rounds[1].scores
    assert (anna.games, anna.wins, anna.rounds, anna.closes, anna.hand_wins) == (1, 1, 2, 2, 1)
    assert anna.points == first_round["Anna"] + second_round["Anna"]
    assert (anna.best, anna.worst) == (max(first_round["Anna"], second_round["Anna"]),
                                       min(first_round["Anna"], second_round["Anna"]))
    penalty = figures[("Anna", "romme_de")]
    assert (penalty.games, penalty.wins, penalty.points, penalty.best, penalty.worst,
            penalty.higher_wins) == (1, 0, 12, 12, 12, False)
    assert figures[("Ben", "romme_de")].closes == 1
    assert [(p.place, p.of, p.won) for p in stats.places["Anna"]] == [(1, 3, True), (2, 2, False)]


def test_head_to_head_counts_the_games_both_played_each_way_of_winning(game_app: Flask) -> None:
    jolly = service.create_game("jolly_at", {}, PLAYERS).key
    play(jolly, net(0, 50, 20, 0))
    romme = service.create_game("romme_de", {}, ["Anna", "Ben"]).key
    play(romme, by_numbers(1, (0, 30), (0, 0), names=["Anna", "Ben"]))
    empty = service.create_game("romme_de", {}, ["Anna", "Ben"]).key
    level = service.create_game("jolly_at", {}, ["ANNA", "Ben"]).key
    play(level, net(0, 10, 10, names=["ANNA", "Ben"]))
    stats = collect([stored(k) for k in (jolly, romme, empty, level)])
    result = head_to_head(stats, "anna", "Ben")
    assert (result.games, result.a_ahead, result.b_ahead, result.level) == (3, 1, 1, 1)


def test_the_place_chart_draws_a_higher_bar_for_a_better_place(game_app: Flask) -> None:
    games = []
    for totals in (net(0, 50, 20, 0), net(1, 0, 50, 20), net(2, 20, 0, 50)):
        key = service.create_game("jolly_at", {}, PLAYERS).key
        play(key, totals)
        games.append(stored(key))
    chart = place_chart(collect(games).places["Anna"])
    bars = chart["bars"]
    assert [b["place"] for b in bars] == [1, 3, 2]  # type: ignore[index]
    heights = [b["height"] for b in bars]  # type: ignore[index]
    assert heights[0] == chart["height"] and heights[0] > heights[2] > heights[1] > 0
    assert chart["width"] == 3 * 14 + 2 * 4
