"""Variants are data (issue 20, step 1): above the engine nothing asks for a variant by its id.

The app asks the engine's knobs (``Variant.has_layoffs``, ``hand_win``, ``round_count``,
``melds_in_hand`` …) instead; only ``scorepad/rules`` (and the edges that pass an id through
from a player, a file or the registry) knows which variant is which. The ids are read from
the registry, so a new variant is held to the same rule.
"""

from __future__ import annotations

import re
from pathlib import Path

from scorepad.rules import VARIANTS

REPO = Path(__file__).resolve().parents[2]
TEXT = {".py", ".html", ".js", ".css", ".txt", ".json", ".svg", ".webmanifest"}
ID = re.compile(r"\b(" + "|".join(re.escape(v) for v in VARIANTS) + r")\b")
DEFAULTS = re.compile(r"\.defaults\b")


def _files() -> list[Path]:
    """Every module outside the engine, every template and every static text file."""
    code = [p for p in (REPO / "scorepad").rglob("*.py")
            if (REPO / "scorepad/rules") not in p.parents]
    shown = [p for top in ("templates", "static") for p in (REPO / top).rglob("*")
             if p.suffix in TEXT and p.is_file()]
    return code + shown


def _lines(pattern: re.Pattern[str]) -> list[str]:
    return [f"{path.relative_to(REPO)}:{n}: {line.strip()}"
            for path in _files()
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if pattern.search(line)]


def test_the_scan_sees_the_app() -> None:
    seen = {str(p.relative_to(REPO)) for p in _files()}
    assert {"scorepad/game/scoreboard.py", "scorepad/web/views/referee.py",
            "templates/rounds/form.html", "templates/referee/_form_top.html"} <= seen
    assert "scorepad/rules/variants.py" not in seen
    assert ID.search('game.variant == "three_thirteen"')  # the pattern finds what it is for


def test_no_module_template_or_static_file_outside_the_engine_names_a_variant_id() -> None:
    assert _lines(ID) == []


def test_no_code_outside_the_engine_reads_a_variants_defaults_to_learn_what_it_is() -> None:
    assert _lines(DEFAULTS) == []
