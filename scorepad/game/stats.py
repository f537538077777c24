"""Players across the games a browser knows: recognised by name (no accounts).

Figures per player and variant (games, wins, average per round, best and worst
round, closes and hand wins), head to head between two players, and each
player's places game by game for a small chart. Everything is derived from the
stored rounds through :func:`scorepad.game.scoreboard.scoreboard`; the caller loads the
games with their players and rounds in a fixed number of queries.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scorepad.game.models import Game
from scorepad.game.scoreboard import Scoreboard, scoreboard

BAR, GAP, HEIGHT = 14, 4, 60


@dataclass
class Figures:
    """One player's figures in one variant."""

    name: str
    variant: str
    higher_wins: bool
    games: int = 0
    wins: int = 0
    rounds: int = 0
    points: int = 0
    best: int | None = None
    worst: int | None = None
    closes: int = 0
    hand_wins: int = 0

    @property
    def average(self) -> float | None:
        return self.points / self.rounds if self.rounds else None

    def add_round(self, score: int) -> None:
        self.rounds += 1
        self.points += score
        better, worse = (max, min) if self.higher_wins else (min, max)
        self.best = score if self.best is None else better(self.best, score)
        self.worst = score if self.worst is None else worse(self.worst, score)


@dataclass
class Place:
    """Where a player finished (or stands) in one game: 1 is first."""

    game: Game
    place: int
    of: int
    won: bool


@dataclass
class Stats:
    names: list[str]
    figures: list[Figures]
    places: dict[str, list[Place]] = field(default_factory=dict)
    boards: list[Scoreboard] = field(default_factory=list)


def _place(board: Scoreboard, name: str) -> int:
    mine = board.totals[name]
    ahead = [n for n in board.names
             if (board.totals[n] > mine if board.higher_wins else board.totals[n] < mine)]
    return len(ahead) + 1


def collect(games: list[Game]) -> Stats:
    """Figures of every player of ``games`` (oldest first), names matched without case."""
    spelling: dict[str, str] = {}
    figures: dict[tuple[str, str], Figures] = {}
    places: dict[str, list[Place]] = {}
    boards = []
    for game in sorted(games, key=lambda g: (g.created_at, g.id)):
        board = scoreboard(game)
        boards.append(board)
        for name in board.names:
            who = spelling.setdefault(name.casefold(), name)
            line = figures.setdefault((who, game.variant),
                                      Figures(who, game.variant, board.higher_wins))
            line.games += 1
            won = board.finished and name in board.winners
            line.wins += won
            if board.rows:
                places.setdefault(who, []).append(
                    Place(game, _place(board, name), len(board.names), won))
            for row in board.rows:
                score = row.scores.get(name)
                if score is not None:
                    line.add_round(score)
                if row.closer == name:
                    line.closes += 1
                    line.hand_wins += row.hand_win
    names = sorted(spelling.values(), key=str.casefold)
    ordered = sorted(figures.values(), key=lambda f: (f.name.casefold(), f.variant))
    return Stats(names, ordered, places, boards)


@dataclass
class HeadToHead:
    a: str
    b: str
    games: int = 0
    a_ahead: int = 0
    b_ahead: int = 0
    level: int = 0


def head_to_head(stats: Stats, a: str, b: str) -> HeadToHead:
    """How often each of two players finished ahead of the other in games both played."""
    result = HeadToHead(a, b)
    for board in stats.boards:
        by_fold = {n.casefold(): n for n in board.names}
        if a.casefold() not in by_fold or b.casefold() not in by_fold or not board.rows:
            continue
        ta, tb = board.totals[by_fold[a.casefold()]], board.totals[by_fold[b.casefold()]]
        result.games += 1
        if ta == tb:
            result.level += 1
        elif (ta > tb) == board.higher_wins:
            result.a_ahead += 1
        else:
            result.b_ahead += 1
    return result


def place_chart(places: list[Place]) -> dict[str, object]:
    """Bars, one per game, oldest first: the higher the bar, the better the place."""
    bars = []
    for i, p in enumerate(places):
        height = round(HEIGHT * (p.of - p.place + 1) / p.of)
        bars.append({"x": i * (BAR + GAP), "y": HEIGHT - height, "height": height,
                     "won": p.won, "place": p.place, "of": p.of})
    return {"width": max(1, len(places) * (BAR + GAP) - GAP), "height": HEIGHT, "bars": bars,
            "bar": BAR}
