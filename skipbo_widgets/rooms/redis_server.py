"""A throwaway ``redis-server`` on a Unix socket, for the tests and the benchmark.

It runs without a service manager, in a folder of its own, with the append-only
file on (so a restart keeps its data), and is stopped by its pid.

>>> import shutil, tempfile
>>> if shutil.which("redis-server"):
...     with RedisServer(tempfile.mkdtemp()) as server:
...         server.url.startswith("unix://")
... else:
...     True
True
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path
from types import TracebackType

EXECUTABLE = "redis-server"


def redis_server_available() -> bool:
    return shutil.which(EXECUTABLE) is not None


class RedisServer:
    """``redis-server --port 0 --unixsocket DIR/r.sock --appendonly yes …`` in ``folder``."""

    def __init__(self, folder: Path | str) -> None:
        self.folder = Path(folder)
        self.socket = self.folder / "r.sock"
        self.pidfile = self.folder / "r.pid"

    @property
    def url(self) -> str:
        return f"unix://{self.socket}"

    def start(self, wait: float = 10.0) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            [EXECUTABLE, "--port", "0", "--unixsocket", str(self.socket),
             "--unixsocketperm", "700", "--appendonly", "yes", "--appendfsync", "always",
             "--dir", str(self.folder), "--daemonize", "yes", "--pidfile", str(self.pidfile),
             "--save", "", "--logfile", str(self.folder / "redis.log")],
            check=True, stdout=subprocess.DEVNULL)
        end = time.monotonic() + wait
        while not self._answers():
            if time.monotonic() > end:
                raise RuntimeError(f"redis-server did not start in {self.folder}")
            time.sleep(0.02)

    def _answers(self) -> bool:
        try:
            with socket.socket(socket.AF_UNIX) as s:
                s.settimeout(1.0)
                s.connect(str(self.socket))
                s.sendall(b"PING\r\n")
                return s.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def stop(self, wait: float = 10.0) -> None:
        """Stop the server and return once its process has ended: redis-server removes its
        pid file and only then its socket, so a server started again as soon as the pid
        file is gone could have its new socket removed by the old process."""
        try:
            pid = int(self.pidfile.read_text().strip())
        except FileNotFoundError:  # not started, or already exiting (it removes the file)
            return
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            return
        end = time.monotonic() + wait
        while _running(pid) and time.monotonic() < end:
            time.sleep(0.01)
        if _running(pid):
            raise RuntimeError(f"redis-server {pid} did not stop in {wait} s")
        self.pidfile.unlink(missing_ok=True)

    def __enter__(self) -> RedisServer:
        self.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.stop()


def _running(pid: int) -> bool:
    """Whether the process still runs. A daemon that has exited stays a zombie until its
    adoptive parent reaps it (which a container's first process may never do): ended too."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        if Path("/proc/self/stat").exists():
            return False
        try:  # no /proc on this system: ask the kernel (a zombie counts as running here)
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        return True
    return stat.rpartition(")")[2].split()[0] not in ("Z", "X")
