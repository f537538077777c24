"""Score sheets are rendered by WeasyPrint in a process of their own.

Why a process: a detail sheet costs WeasyPrint a second or more of CPU, all of
it holding the GIL, and each sheet leaves a few hundred KB behind that
WeasyPrint (Pango, fontconfig) never gives back. In the process that serves
the pages, two sheets would stall every other request and the memory would
grow for ever. Here the pages' threads only wait on a pipe: the renderer is a
separate process at a lower CPU priority, one sheet at a time, and it is
replaced by a fresh one after :data:`SHEETS_PER_PROCESS` sheets, which returns
whatever it leaked.

Each app process (a waitress process, every gunicorn worker) has one renderer,
made when it is first needed or when the server warms it at start. New
renderers are forked from multiprocessing's fork server, which has WeasyPrint
imported already, and draw a small sheet before their first real one, so no
sheet waits for the imports or the fonts.

WeasyPrint writes the fonts of every sheet into a temporary folder that only its
``FontConfiguration.__del__`` removes, which never runs in a process that ends
by ``os._exit`` (as multiprocessing's do) or is killed: 1.5 MB left in ``/tmp``
by every renderer, in memory where ``/tmp`` is a tmpfs. So each renderer gets a
temporary folder of its own from the app, which removes it when the renderer
has ended, however it ended.

This module imports neither Flask nor WeasyPrint in the calling process.
``concurrent.futures.ProcessPoolExecutor`` would do the same work, but with
``max_tasks_per_child`` it hangs on Python 3.11 once a worker is replaced
while sheets are queued.
"""

from __future__ import annotations

import atexit
import contextlib
import multiprocessing
import os
import shutil
import signal
import tempfile
import threading
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess

SHEETS_PER_PROCESS = 40
TIMEOUT = 60.0
# How much lower the renderer's CPU priority is than the app's. The test suite sets
# SCOREPAD_RENDER_NICE=0: there the caller only waits for the sheet, and on a busy machine
# a renderer at nice 10 (19 under a niced pytest) waited seconds for each sheet.
NICE = int(os.environ.get("SCOREPAD_RENDER_NICE", "10"))
# A renderer's folder is named after the app process it renders for, so that a server
# started after a killed one finds the folders nobody will remove (remove_stale_folders).
FOLDER_PREFIX = "scorepad-pdf-"
_WARM_UP = "<table><tr><th>Σ</th><td>10♥ J♠ <b>+12</b></td></tr></table>"


class RenderError(RuntimeError):
    """The sheet could not be rendered: the renderer failed, died twice or took too long."""


def _context() -> multiprocessing.context.BaseContext:
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["weasyprint", "scorepad.sheets.render"])
        return context
    return multiprocessing.get_context("spawn")


def _stop_by_exception(signum: int, _frame: object) -> None:
    raise SystemExit(128 + signum)


def _serve(connection: Connection, font_face: str, folder: str) -> None:
    """The renderer's loop: (html, base_url) in, (True, pdf) or (False, reason) out.

    Temporary files go to ``folder``, removed here when the app closes the pipe (also
    when the app itself has died) and by the app when it had to kill this process."""
    tempfile.tempdir = folder
    # multiprocessing ends the daemon processes of an app that exits with SIGTERM: as an
    # exception here, so that the folder goes too.
    signal.signal(signal.SIGTERM, _stop_by_exception)
    try:
        with contextlib.suppress(OSError):
            os.nice(NICE)  # the pages' threads come first on a busy machine
        from weasyprint import HTML

        HTML(string=f"<style>{font_face}</style>{_WARM_UP}").write_pdf()
        while True:
            try:
                html, base_url = connection.recv()
            except (EOFError, OSError):
                return  # the app closed the pipe: stop
            try:
                answer: tuple[bool, bytes | str] = (True, HTML(string=html, base_url=base_url).write_pdf())
            except Exception as e:
                answer = (False, f"{type(e).__name__}: {e}")
            connection.send(answer)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


class Renderer:
    """One renderer process, used by one sheet at a time; replaced after ``sheets_per_process``.

    >>> renderer = Renderer(sheets_per_process=2)
    >>> renderer.render("<p>Anna 110</p>", "file:///").startswith(b"%PDF")
    True
    >>> renderer.stop()
    """

    def __init__(self, sheets_per_process: int = SHEETS_PER_PROCESS, timeout: float = TIMEOUT,
                 font_face: str = "") -> None:
        self.sheets_per_process = sheets_per_process
        self.timeout = timeout
        self.font_face = font_face
        self._lock = threading.Lock()
        self._process: BaseProcess | None = None
        self._connection: Connection | None = None
        self._folder: str | None = None
        self._rendered = 0
        self.owner = os.getpid()

    @property
    def pid(self) -> int | None:
        """The renderer process's id, or None while there is none."""
        return self._process.pid if self._process is not None else None

    @property
    def folder(self) -> str | None:
        """The renderer process's temporary folder, or None while there is none."""
        return self._folder

    def start(self) -> None:
        """Start the renderer now (it warms up on its own) instead of at the first sheet."""
        with self._lock:
            self._ensure()

    def render(self, html: str, base_url: str) -> bytes:
        """The PDF of ``html``; raises :class:`RenderError` when it cannot be had in time."""
        if not self._lock.acquire(timeout=self.timeout):
            raise RenderError("every renderer is busy")
        try:
            for _attempt in range(2):  # a renderer that died is replaced once
                connection = self._ensure()
                try:
                    connection.send((html, base_url))
                    if not connection.poll(self.timeout):
                        self._replace(kill=True)
                        raise RenderError(f"no sheet after {self.timeout:.0f} s")
                    ok, value = connection.recv()
                except (EOFError, OSError):
                    self._replace()
                    continue
                self._rendered += 1
                if self._rendered >= self.sheets_per_process:
                    self._replace()
                if ok:
                    return bytes(value)
                raise RenderError(str(value))
            raise RenderError("the renderer stopped twice")
        finally:
            self._lock.release()

    def stop(self, wait: float = -1) -> None:
        """Stop the renderer process (a new one starts with the next sheet). With ``wait``,
        give up after that many seconds if a sheet is being rendered."""
        if not self._lock.acquire(timeout=wait):
            return
        try:
            self._stop()
        finally:
            self._lock.release()

    def _at_exit(self) -> None:
        # A renderer busy with a sheet is not waited for: it reads the end of the pipe when
        # this process is gone, and removes its folder itself.
        self.stop(wait=1.0)

    def _ensure(self) -> Connection:
        if self._process is None or self._connection is None or not self._process.is_alive():
            self._stop()
            context = _context()
            mine, theirs = context.Pipe()
            self._folder = tempfile.mkdtemp(prefix=f"{FOLDER_PREFIX}{os.getpid()}-")
            process = context.Process(target=_serve,  # type: ignore[attr-defined]
                                      args=(theirs, self.font_face, self._folder),
                                      name="scorepad-pdf", daemon=True)
            process.start()
            theirs.close()
            self._process, self._connection, self._rendered = process, mine, 0
        return self._connection

    def _replace(self, kill: bool = False) -> None:
        self._stop(kill)
        self._ensure()

    def _stop(self, kill: bool = False) -> None:
        process, connection, folder = self._process, self._connection, self._folder
        self._process = self._connection = self._folder = None
        if connection is not None:
            connection.close()  # the renderer reads EOF and returns
        if process is not None:
            process.join(timeout=0 if kill else 2)
            if process.is_alive():
                process.kill()
                process.join(timeout=2)
        if folder is not None:
            shutil.rmtree(folder, ignore_errors=True)


def remove_stale_folders(where: str | None = None) -> list[str]:
    """Remove the renderer folders of app processes that are gone (killed with their
    renderers, by ``kill -9`` or a power cut: nothing of theirs could remove them; 1.5 MB
    each); the serve command calls it as the server starts. Returns what it removed.

    >>> import tempfile, pathlib
    >>> top = tempfile.mkdtemp()
    >>> pathlib.Path(top, FOLDER_PREFIX + "999999999-x").mkdir()
    >>> pathlib.Path(top, f"{FOLDER_PREFIX}{os.getpid()}-y").mkdir()
    >>> [os.path.basename(f) for f in remove_stale_folders(top)]
    ['scorepad-pdf-999999999-x']
    >>> shutil.rmtree(top)
    """
    where = where or tempfile.gettempdir()
    removed: list[str] = []
    try:
        names = os.listdir(where)
    except OSError:
        return removed
    for name in names:
        if not name.startswith(FOLDER_PREFIX):
            continue
        pid_text = name[len(FOLDER_PREFIX):].split("-", 1)[0]
        if not pid_text.isascii() or not pid_text.isdigit() or _alive(int(pid_text)):
            continue
        path = os.path.join(where, name)
        if os.path.isdir(path) and not os.path.islink(path):
            shutil.rmtree(path, ignore_errors=True)
            removed.append(path)
    return removed


def _alive(pid: int) -> bool:
    """Whether process ``pid`` runs. A killed process whose parent went too stays a zombie
    until something reaps it: dead as far as its folder goes."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True  # another user's process (or no pid at all): not ours to judge
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            return stat.read().rsplit(b")", 1)[1].split()[0] != b"Z"
    except (OSError, IndexError):
        return True  # no /proc (macOS): os.kill has answered


_renderer: Renderer | None = None
_renderer_lock = threading.Lock()


def renderer(font_face: str = "") -> Renderer:
    """This process's renderer, made at the first call (``font_face`` is drawn when warming).

    >>> renderer() is renderer()
    True
    """
    global _renderer
    with _renderer_lock:
        # A forked server process (a gunicorn worker) makes its own, never shares its parent's.
        if _renderer is None or _renderer.owner != os.getpid():
            _renderer = Renderer(font_face=font_face)
            atexit.register(_renderer._at_exit)  # the renderer and its folder end with the app
        return _renderer
