"""Developer tools shared by the browser tests, the app benchmark and the screenshots.

A Voilà server on a free local port, and Debian's Chromium launched for
Playwright with the flags this environment needs. Nothing here is used by the
app itself; Playwright is imported only when a browser is launched.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from .skipbo.engine import Game
from .widgets.skipbo.settings import GameSettings

ROOT = Path(__file__).resolve().parent.parent
APP_NOTEBOOK = ROOT / "notebooks" / "app.ipynb"
#: The app's Voilà template (share/jupyter/voila/templates/skipbo-widgets: Voilà's "lab"
#: page without its CDN links), found through ``JUPYTER_PATH`` as `make app` finds it.
TEMPLATE_ROOT = ROOT / "share" / "jupyter"
TEMPLATE_FLAG = "--template=skipbo-widgets"
#: The kernel's websocket with Nagle's algorithm off (skipbo_widgets/server.py), as
#: `make app` serves it: without it a click's answer comes about 40 ms late.
NODELAY_CLASS = "skipbo_widgets.server.NoDelayConnection"
NODELAY_FLAG = f"--Voila.kernel_websocket_connection_class={NODELAY_CLASS}"
#: The static site that `make site` builds (tools/site/build.py).
SITE = ROOT / "site"
CHROMIUM = os.environ.get("SKIPBO_CHROMIUM", "/usr/bin/chromium")
#: Without the background-networking flags Chromium floods the closed network.
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]
#: Every host but this machine is refused at Chromium's resolver, below Playwright's
#: routing, so the site's Web Worker (the Python kernel) cannot reach one either.
OFFLINE_ARGS = ["--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]
#: Console errors that are not ours: Voilà's page asks a CDN for Font Awesome.
HARMLESS_CONSOLE = ("net::ERR_NAME_NOT_RESOLVED", "Failed to load resource",
                    "Unsatisfied version")


def find_deal(wanted: Callable[[Game], bool], *, players: int = 2,
              levels: tuple[str, ...] = ("medium",), tries: int = 2000) -> tuple[str, Game]:
    """The first deal number (and its new game) where the learner, in seat 0, moves
    first and ``wanted(game)`` holds: what the app deals for that number."""
    for seed in range(1, tries + 1):
        game = GameSettings(players=players, levels=levels, seed=str(seed)).new_match().game
        if game.current == 0 and wanted(game):
            return str(seed), game
    raise RuntimeError(f"no suitable deal among the first {tries}")


def start_game(page: Any, address: str, seed: str, *, players: int | None = None,
               timeout: float = 90_000, replace: bool = False) -> None:
    """In a Playwright page: open the app at ``address``, go through the new-game form
    (the number of players if given, the deal number) and wait for the learner's hand.
    ``replace``: the browser keeps a game in progress, so the app asks first; answer
    "Start the new game"."""
    page.goto(address)
    page.click('[data-testid="play"]', timeout=timeout)
    if players is not None:
        page.click(f'[data-testid="players"] >> text="{players}"')
    page.fill('[data-testid="seed"]', seed)
    page.click('[data-testid="start-game"]')
    if replace:
        page.click('[data-testid="confirm-new-game"]')
    page.wait_for_selector('[data-testid="hand-card-0"]')


#: Clicks ``selector`` (if given) and resolves true once the page has changed and then
#: nothing in it has changed for ``frames`` animation frames in a row; false after
#: ``limit`` milliseconds. Without a selector the page need not change first.
_SETTLED = """([selector, frames, limit]) => new Promise((resolve) => {
  let changed = selector === null, quiet = 0;
  const observer = new MutationObserver(() => { changed = true; quiet = 0; });
  observer.observe(document.body,
                   {subtree: true, childList: true, attributes: true, characterData: true});
  const stop = setTimeout(() => { observer.disconnect(); resolve(false); }, limit);
  const tick = () => {
    if (changed && ++quiet >= frames) { clearTimeout(stop); observer.disconnect(); resolve(true); }
    else requestAnimationFrame(tick);
  };
  if (selector !== null) document.querySelector(selector).click();
  requestAnimationFrame(tick);
})"""


def wait_until_settled(page: Any, click: str | None = None, *, frames: int = 5,
                       limit: float = 10_000) -> None:
    """In a Playwright page: wait until the widgets stop changing the page (rendered,
    laid out), instead of sleeping for a guessed time. With ``click``, first click that
    element and wait for the page's answer (a round trip through the kernel)."""
    if not page.evaluate(_SETTLED, [click, frames, limit]):
        raise TimeoutError(f"no settled page within {limit / 1000:g} s (click: {click})")


def fresh_site(*, log: Path | None = None) -> Path:
    """The static site, built with ``make site`` unless ``site/`` was built from the
    sources as they are now (tools/site/build.py writes the digest of its inputs)."""
    build = site_build_module()
    stamp = SITE / build.STAMP
    if not (stamp.exists() and stamp.read_text().strip() == build.inputs_digest()):
        out = log.open("wb") if log else subprocess.DEVNULL
        try:
            done = subprocess.run(["make", "site"], cwd=ROOT, stdout=out,
                                  stderr=subprocess.STDOUT, check=False)
        finally:
            if log and hasattr(out, "close"):
                out.close()
        if done.returncode:
            tail = log.read_text()[-3000:] if log else ""
            raise RuntimeError(f"`make site` failed ({done.returncode})\n{tail}")
    return SITE


#: axe-core's script, from the npm package pinned in tools/a11y (``make axe``).
AXE = ROOT / "tools" / "a11y" / "node_modules" / "axe-core" / "axe.min.js"


def axe_script() -> str:
    """axe-core's script for a page, fetched with ``make axe`` (``npm ci``) if needed."""
    done = subprocess.run(["make", "-s", "axe"], cwd=ROOT, capture_output=True, text=True,
                          check=False)
    if done.returncode:
        raise RuntimeError(f"`make axe` failed ({done.returncode})\n{done.stdout}{done.stderr}")
    return AXE.read_text()


def site_build_module() -> Any:
    """tools/site/build.py, which runs in its own venv but imports only the standard library."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("site_build", ROOT / "tools/site/build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def chromium_available() -> bool:
    return shutil.which(CHROMIUM) is not None


def browser_available() -> bool:
    """Chromium installed and Playwright importable: a real page can be driven."""
    try:
        import playwright  # noqa: F401
    except ImportError:
        return False
    return chromium_available()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def voila_server(target: Path = APP_NOTEBOOK, *, log: Path | None = None,
                 timeout: float = 90, flags: Sequence[str] = ()
                 ) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """Serve a notebook (or a folder of notebooks) with Voilà; yield its URL and process.

    ``flags`` are further command-line options, such as the Makefile's ``VOILA_FLAGS``.
    The server counts as up when it serves Voilà's script: asking for the page would
    take a kernel (one of the pre-heated ones, with ``--preheat_kernel=True``)."""
    port = free_port()
    # The app's template unless ``flags`` name one (Voilà refuses a second --template),
    # and its websocket unless they name it (the Makefile's flags do).
    own = [] if any(f.startswith("--template") for f in flags) else [TEMPLATE_FLAG]
    own += [] if NODELAY_FLAG in flags else [NODELAY_FLAG]
    cmd = [sys.executable, "-m", "voila", "--no-browser", f"--port={port}",
           "--Voila.ip=127.0.0.1", *own, *flags, str(target)]
    url = f"http://127.0.0.1:{port}/"
    with _serve(cmd, url, url + "voila/static/voila.js", log, timeout) as proc:
        yield url, proc


@contextlib.contextmanager
def binder_like_server(*, log: Path | None = None, timeout: float = 90
                       ) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """A Jupyter server with Voilà's server extension, as Binder runs it; yield its base
    URL (the app is at ``voila/render/notebooks/app.ipynb`` below it) and process."""
    port = free_port()
    cmd = [sys.executable, "-m", "jupyter", "server", "--no-browser", "--allow-root",
           f"--port={port}", "--ServerApp.ip=127.0.0.1", "--IdentityProvider.token=",
           f"--ServerApp.root_dir={ROOT}", "--VoilaConfiguration.template=skipbo-widgets",
           f"--ServerApp.kernel_websocket_connection_class={NODELAY_CLASS}"]
    url = f"http://127.0.0.1:{port}/"
    with _serve(cmd, url, url + "api", log, timeout) as proc:
        yield url, proc


@contextlib.contextmanager
def static_server(folder: Path = SITE, *, timeout: float = 30) -> Iterator[str]:
    """Serve a folder (the static site) as any web host would; yield its URL."""
    port = free_port()
    cmd = [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", str(port),
           "--directory", str(folder)]
    url = f"http://127.0.0.1:{port}/"
    with _serve(cmd, url, url, None, timeout):
        yield url


@contextlib.contextmanager
def _serve(cmd: list[str], url: str, ready: str, log: Path | None,
           timeout: float) -> Iterator[subprocess.Popen[bytes]]:
    """Run a server until the block ends; wait until ``ready`` answers first."""
    out = log.open("wb") if log else subprocess.DEVNULL
    env = {**os.environ, "JUPYTER_PATH": os.pathsep.join(
        [str(TEMPLATE_ROOT), *filter(None, [os.environ.get("JUPYTER_PATH")])])}
    proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, cwd=ROOT, env=env)
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                with urllib.request.urlopen(ready, timeout=2):
                    break
            except OSError:
                if time.monotonic() > deadline or _exited_within(proc, 0.2):
                    tail = log.read_text()[-3000:] if log else ""
                    raise RuntimeError(f"no server on {url}\n{tail}") from None
        yield proc
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        if log and hasattr(out, "close"):
            out.close()


def _exited_within(proc: subprocess.Popen[bytes], seconds: float) -> bool:
    """Wait up to ``seconds`` for the server to die: a crash ends the wait at once."""
    try:
        proc.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        return False
    return True


def launch_chromium(playwright: Any, *, offline: bool = False) -> Any:
    """Debian's Chromium through Playwright (Playwright cannot download browsers here);
    ``offline``: every host but 127.0.0.1 refused."""
    args = CHROMIUM_ARGS + (OFFLINE_ARGS if offline else [])
    return playwright.chromium.launch(executable_path=CHROMIUM, args=args)


def child_pids(pid: int) -> list[int]:
    """All descendants of a process (Linux ``/proc``), e.g. Voilà's kernels."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(ppid, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def rss_mb(pid: int) -> float:
    """Resident memory of a process in MB (from ``/proc/<pid>/status``)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0
