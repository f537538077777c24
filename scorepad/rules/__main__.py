"""``python -m scorepad.rules``: the adjudication contract on standard input and output.

One JSON request, or JSON Lines (one request per line), in; one answer per
request out, in order. Exit status: 0 when every request was understood, 1
when any answer is an error, 2 when the input is not JSON.
"""

from __future__ import annotations

import json
import sys

from .contract import adjudicate_text


def main() -> int:
    """Read stdin, answer on stdout, return the exit status."""
    answers, status = adjudicate_text(sys.stdin.read())
    for answer in answers:
        sys.stdout.write(json.dumps(answer, ensure_ascii=False) + "\n")
    return status


if __name__ == "__main__":
    sys.exit(main())
