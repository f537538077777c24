"""The totals over the rounds as a small server-rendered SVG line chart."""

from __future__ import annotations

from typing import Any

from scorepad.game.scoreboard import Scoreboard

COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2"]
WIDTH, HEIGHT, PAD = 320, 160, 24


def totals_chart(board: Scoreboard) -> dict[str, Any] | None:
    """Polylines of each player's running total; ``None`` before the first round."""
    if not board.rows:
        return None
    series = {n: [0] + [row.totals[n] for row in board.rows] for n in board.names}
    values = [v for s in series.values() for v in s]
    low, high = min(values + [0]), max(values + [0])
    if board.target is not None and abs(board.target - high) < (high - low + 1) * 0.5:
        high = max(high, board.target)
    span = (high - low) or 1
    steps = len(board.rows)

    def x(i: int) -> float:
        return round(PAD + (WIDTH - 2 * PAD) * i / max(steps, 1), 1)

    def y(v: int) -> float:
        return round(HEIGHT - PAD - (HEIGHT - 2 * PAD) * (v - low) / span, 1)

    lines = [{"name": n, "colour": COLOURS[i % len(COLOURS)],
              "points": " ".join(f"{x(j)},{y(v)}" for j, v in enumerate(s)),
              "end": (x(steps), y(s[-1]))}
             for i, (n, s) in enumerate(series.items())]
    target = None
    if board.target is not None and low <= board.target <= high:
        target = y(board.target)
    return {"width": WIDTH, "height": HEIGHT, "lines": lines, "zero": y(0), "target": target,
            "low": low, "high": high, "top": y(high), "bottom": y(low), "left": PAD,
            "right": WIDTH - PAD}
