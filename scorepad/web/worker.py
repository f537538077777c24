"""A gunicorn worker that gives a thread only whole requests, so slow clients starve nobody.

gunicorn's threaded worker (``gthread``) hands a connection to one of its few threads as
soon as a byte arrives, and the thread then waits, with no time limit, for the rest of
the request. Sixteen connections that send one byte each held every thread of a
two-process server, and every phone waited until those sockets closed (issue 19).

:class:`WholeRequestWorker` is ``gthread`` with one change: the worker's own event loop
(the one that already accepts connections and watches kept-alive ones) reads each
request, head and body, without blocking, into a buffer of the connection; only a whole
request goes to a thread, which then parses it from that buffer and never waits for the
network. A request that has not arrived whole within :func:`allowed_seconds` of its
start is answered ``408`` and its connection closed. Reading costs the loop one
``recv`` per arriving piece; a slow or idle connection costs a buffer, not a thread.
"""

from __future__ import annotations

import contextlib
import re
import time
from collections import deque
from functools import partial
from selectors import EVENT_READ
from typing import Any

from gunicorn.workers.gthread import ThreadWorker

# Time for a request to arrive whole, from its first byte's turn (a new connection: from
# its accept; a kept-alive one: from its next byte), plus a second for every 50 kB of a
# body: a 1 MB game file from a phone on a poor connection has 30 s.
REQUEST_SECONDS = 10.0
BODY_BYTES_PER_SECOND = 50_000
# A head larger than this, or a body larger than the app takes, goes to a thread as it is:
# gunicorn refuses the head (431), the app the body (413), without reading it.
HEAD_LIMIT = 64 * 1024
BODY_LIMIT = 5 * 1024 * 1024  # the app's MAX_CONTENT_LENGTH
_TIMEOUT_ANSWER = (b"HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n"
                   b"Content-Type: text/plain\r\nContent-Length: 25\r\n\r\n"
                   b"The request took too long")
_LENGTH = re.compile(rb"^content-length:[ \t]*([0-9]+)[ \t]*$", re.IGNORECASE | re.MULTILINE)
_CHUNKED = re.compile(rb"^transfer-encoding:.*chunked", re.IGNORECASE | re.MULTILINE)


_API_TOO_LONG_BODY = (b'{"error": {"code": "URI_TOO_LONG", "message": '
                      b'"The request line is longer than the server reads."}}')
_API_TOO_LONG = (b"HTTP/1.1 414 Request-URI Too Long\r\nConnection: close\r\n"
                 b"Content-Type: application/json\r\nContent-Length: "
                 + str(len(_API_TOO_LONG_BODY)).encode() + b"\r\n\r\n" + _API_TOO_LONG_BODY)


def api_line_too_long(data: bytes | bytearray, limit: int) -> bool:
    """Whether ``data`` starts with a request line longer than ``limit`` for the JSON API,
    which answers in JSON (gunicorn's own 414 is an HTML page).

    >>> api_line_too_long(b"GET /api/v1/games/" + b"x" * 5000 + b" HTTP/1.1\\r\\n", 4094)
    True
    >>> api_line_too_long(b"GET /g/" + b"x" * 5000, 4094), api_line_too_long(b"GET /api/ HTTP/1.1", 4094)
    (False, False)
    """
    end = data.find(b"\r\n")
    line_length = len(data) if end < 0 else end
    if not limit or line_length <= limit:
        return False
    target = bytes(data[:64]).split(b" ", 2)
    return len(target) > 1 and target[1].startswith(b"/api/")


def too_large(data: bytes | bytearray) -> bool:
    """Whether the request in ``data`` (its head at least) declares a body larger than
    the app takes: its answer (413) closes the connection rather than read the body.

    >>> too_large(b"POST / HTTP/1.1\\r\\nContent-Length: 9999999\\r\\n\\r\\n")
    True
    >>> too_large(b"POST / HTTP/1.1\\r\\nContent-Length: 99\\r\\n\\r\\n")
    False
    """
    head = bytes(data[:max(0, data.find(b"\r\n\r\n"))])
    return any(int(n[:12]) > BODY_LIMIT for n in _LENGTH.findall(head))


def closing(data: bytearray) -> bytearray:
    """``data`` with ``Connection: close`` as its first header: gunicorn reads the first
    Connection header, so the answer says close, and the connection is closed after it
    (it said keep-alive and then closed, or read megabytes of a body nobody wanted).

    >>> bytes(closing(bytearray(b"POST / HTTP/1.1\\r\\nConnection: keep-alive\\r\\n\\r\\n")))
    b'POST / HTTP/1.1\\r\\nConnection: close\\r\\nConnection: keep-alive\\r\\n\\r\\n'
    """
    line_end = data.find(b"\r\n")
    return data[:line_end + 2] + b"Connection: close\r\n" + data[line_end + 2:]


def request_end(data: bytes | bytearray) -> int | None:
    """How many bytes of ``data`` make one whole HTTP/1 request (head and body), or None
    while more must arrive. A head or body too large to wait for counts as whole (the
    parser or the app refuses it), as does a head that is not HTTP (the parser says so).

    >>> request_end(b"GET / HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n")
    27
    >>> request_end(b"GET / HTTP/1.1\\r\\nHost: x\\r\\n") is None
    True
    >>> request_end(b"POST / HTTP/1.1\\r\\nContent-Length: 5\\r\\n\\r\\nab") is None
    True
    >>> request_end(b"POST / HTTP/1.1\\r\\nContent-Length: 5\\r\\n\\r\\nabcdeGET")
    43
    >>> request_end(b"POST / HTTP/1.1\\r\\nTransfer-Encoding: chunked\\r\\n\\r\\n3\\r\\nabc\\r\\n0\\r\\n\\r\\n")
    60
    """
    head_end = data.find(b"\r\n\r\n")
    if head_end < 0:
        return len(data) if len(data) > HEAD_LIMIT else None
    body_start = head_end + 4
    head = bytes(data[:head_end])
    if _CHUNKED.search(head):
        return _chunked_end(data, body_start)
    lengths = _LENGTH.findall(head)
    if not lengths:
        return body_start
    length = int(lengths[0][:12])
    if length > BODY_LIMIT or len(set(lengths)) > 1:
        return body_start
    end = body_start + length
    return end if len(data) >= end else None


def _chunked_end(data: bytes | bytearray, at: int) -> int | None:
    """The end of a chunked body starting at ``at`` (with its trailer), or None."""
    total = 0
    while True:
        line_end = data.find(b"\r\n", at)
        if line_end < 0:
            return None if len(data) - at <= 1024 else len(data)
        size_text = bytes(data[at:line_end]).split(b";", 1)[0].strip()
        try:
            size = int(size_text, 16)
        except ValueError:
            return len(data)  # not chunked encoding: the parser refuses it
        total += size
        if total > BODY_LIMIT:
            return len(data)
        if size == 0:
            trailer_end = data.find(b"\r\n\r\n", line_end)
            if data[line_end:line_end + 4] == b"\r\n\r\n":
                return line_end + 4
            return None if trailer_end < 0 else trailer_end + 4
        at = line_end + 2 + size + 2
        if len(data) < at:
            return None


def allowed_seconds(data: bytes | bytearray) -> float:
    """How long a request may take to arrive: :data:`REQUEST_SECONDS`, longer for a large
    declared body."""
    match = _LENGTH.search(bytes(data[:HEAD_LIMIT]))
    length = min(int(match.group(1)[:12]), BODY_LIMIT) if match else 0
    return REQUEST_SECONDS + length / BODY_BYTES_PER_SECOND


class WholeRequestWorker(ThreadWorker):  # type: ignore[misc]
    """``gthread``, but a thread is given a connection only once a whole request is in."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Connections whose request is being read, oldest start first.
        self.reading: deque[Any] = deque()

    def enqueue_req(self, conn: Any) -> None:
        """Every way a connection reaches a thread (accepted, kept alive and readable again,
        read ahead after a response) comes here: it goes on once its request is whole."""
        if getattr(conn, "whole", False) or self.cfg.is_ssl:
            conn.whole = False
            super().enqueue_req(conn)
            return
        buffered = conn.parser.unreader.take_buffered() if conn.parser is not None else b""
        conn.prefetched = bytearray(buffered)
        conn.started = time.monotonic()
        conn.sock.setblocking(False)
        if self._whole(conn):
            return
        self.reading.append(conn)
        self.poller.register(conn.sock, EVENT_READ, partial(self.on_request_bytes, conn))

    def on_request_bytes(self, conn: Any, client: Any) -> None:
        try:
            data = conn.sock.recv(65536)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:  # the client went away
            self._forget(conn)
            self._close(conn)
            return
        conn.prefetched += data
        if request_end(conn.prefetched) is not None:
            self._forget(conn)
            self._whole(conn)

    def _whole(self, conn: Any) -> bool:
        """Hand ``conn`` to a thread if its request is whole; whether it was."""
        if request_end(conn.prefetched) is None:
            return False
        if api_line_too_long(conn.prefetched, self.cfg.limit_request_line):
            with contextlib.suppress(OSError):
                conn.sock.send(_API_TOO_LONG)
            self._close(conn)
            return True
        if too_large(conn.prefetched):
            conn.prefetched = closing(conn.prefetched)
        conn.whole = True
        conn.data_ready = True  # gthread waits for no first byte: it is here
        super().enqueue_req(conn)
        return True

    def handle(self, conn: Any) -> Any:
        """In the thread: the request is parsed from the bytes read, then served."""
        prefetched = getattr(conn, "prefetched", None)
        if prefetched:
            conn.prefetched = None
            conn.sock.setblocking(True)
            conn.init()
            conn.parser.unreader.unread(bytes(prefetched))
        return super().handle(conn)

    def murder_keepalived(self, force: bool = False) -> None:
        """gthread's clean-up of idle kept-alive connections (run by its loop about once a
        second), and of requests that have not arrived whole in time: answered 408."""
        super().murder_keepalived(force)
        now = time.monotonic()
        for conn in list(self.reading):
            if force or now - conn.started > allowed_seconds(conn.prefetched):
                self._forget(conn)
                if conn.prefetched:
                    with contextlib.suppress(OSError):
                        conn.sock.send(_TIMEOUT_ANSWER)
                self._close(conn)

    def _forget(self, conn: Any) -> None:
        self.reading.remove(conn)
        with contextlib.suppress(KeyError, ValueError, OSError):
            self.poller.unregister(conn.sock)

    def _close(self, conn: Any) -> None:
        self.nr_conns -= 1
        conn.close()
