"""The engine's examples in docs/engine.md run and print what the page says."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

from scorepad.rules import SWITCHES

ENGINE_DOC = Path(__file__).resolve().parents[2] / "docs" / "engine.md"


def test_engine_doc_python_examples_run_as_written() -> None:
    text = ENGINE_DOC.read_text(encoding="utf-8")
    # Only the ```pycon blocks are sessions; a blank line ends each block's last output.
    blocks = re.findall(r"```pycon\n(.*?)```", text, flags=re.S)
    assert len(blocks) >= 6
    test = doctest.DocTestParser().get_doctest("\n\n".join(blocks), {}, "engine.md", str(ENGINE_DOC), 0)
    assert len(test.examples) >= 30
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    failures = []
    runner.run(test, out=failures.append)
    assert runner.failures == 0, "".join(failures)


def test_engine_doc_names_the_acceptance_command() -> None:
    text = ENGINE_DOC.read_text(encoding="utf-8")
    assert '{"variant":"jolly_at","check":"meld","cards":["Qh","Kh","Ah"]}' in text


def test_engine_doc_ranges_of_the_house_rules_are_those_of_the_switch_table() -> None:
    text = ENGINE_DOC.read_text(encoding="utf-8")
    listed = {key: (int(low), int(high))
              for key, low, high in re.findall(r"\| `(\w+)` \| (\d+)–(\d+)", text)}
    numbers = {k: (s.minimum, s.maximum) for k, s in SWITCHES.items()
               if s.kind in ("int", "int?", "face_or_int", "court")}
    assert listed == numbers
