"""``python -m scorepad.rules``: the adjudication contract on standard input and output.

One JSON request, or JSON Lines (one request per line), in; one answer per
request out, in order. Exit status: 0 when every request was understood, 1
when any answer is an error, 2 when the input is not JSON.

Input and output are UTF-8 whatever the locale: JSON is UTF-8 (RFC 8259),
and cards (``♥Q``), rules (``§2.1``) and German messages are not ASCII.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from .contract import RequestError, adjudicate_text


def answer_bytes(raw: bytes) -> tuple[bytes, int]:
    """The answers to raw standard input, as UTF-8 JSON Lines, and the exit status.

    >>> answer_bytes('{"variant": "romme_de", "check": "hand", "cards": "♠A"}'.encode())
    (b'{"points": 11, "melds": [], "deadwood": ["As"]}\\n', 0)
    >>> answer_bytes(b"\\xff{")[1]
    2
    """
    try:
        # utf-8-sig: a byte order mark, as some Windows editors write, is no error
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        answers = [RequestError("INVALID_JSON", f"the input is not UTF-8 text: {e}").to_json()]
        status = 2
    else:
        answers, status = adjudicate_text(text)
    return b"".join(_line(answer) for answer in answers), status


def _line(answer: dict[str, Any]) -> bytes:
    """One answer as a UTF-8 JSON line; text that is no UTF-8 (a lone surrogate
    from a ``\\ud800`` escape in the request, quoted back) stays escaped."""
    try:
        return (json.dumps(answer, ensure_ascii=False) + "\n").encode("utf-8")
    except UnicodeEncodeError:
        return (json.dumps(answer) + "\n").encode("ascii")


def main() -> int:
    """Read stdin, answer on stdout, return the exit status."""
    out, status = answer_bytes(sys.stdin.buffer.read())
    sys.stdout.buffer.write(out)
    sys.stdout.buffer.flush()
    return status


if __name__ == "__main__":
    sys.exit(main())
