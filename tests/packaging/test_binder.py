"""Binder serves the app as `make app` does: the same Voilà executor timeouts."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_binder_gives_voila_the_executor_timeouts_of_make_app() -> None:
    """On Binder, Voilà is Jupyter server's extension and reads them from the server's
    configuration, which binder/postBuild merges binder/jupyter_server_config.json into."""
    flags = dict(re.findall(r"--VoilaExecutor\.(\w+)=(\S+)", (ROOT / "Makefile").read_text()))
    config = json.loads((ROOT / "binder" / "jupyter_server_config.json").read_text())
    assert {"iopub_timeout", "timeout"} <= set(flags)
    assert {name: str(value) for name, value in config["VoilaExecutor"].items()} == flags
    assert "binder/jupyter_server_config.json" in (ROOT / "binder" / "postBuild").read_text()
