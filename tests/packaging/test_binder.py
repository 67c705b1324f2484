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


def test_binder_make_app_and_the_tests_serve_the_app_with_its_own_template() -> None:
    """Voilà's page without its CDN links (share/jupyter/voila/templates/skipbo-widgets):
    `make app` and `make classroom` name it and find it through JUPYTER_PATH, Binder's
    server configuration names it and postBuild copies it where Jupyter looks."""
    from skipbo_widgets.devtools import TEMPLATE_FLAG, TEMPLATE_ROOT

    name = TEMPLATE_FLAG.split("=", 1)[1]
    template = TEMPLATE_ROOT / "voila" / "templates" / name
    assert (template / "index.html.j2").exists()  # tests/browser/test_screens.py serves it
    assert json.loads((template / "conf.json").read_text())["base_template"] == "lab"
    makefile = (ROOT / "Makefile").read_text()
    assert TEMPLATE_FLAG in re.search(r"VOILA_FLAGS := \\\n((?:.*\\\n)+.*)", makefile)[1]
    assert "export JUPYTER_PATH := $(CURDIR)/share/jupyter" in makefile
    config = json.loads((ROOT / "binder" / "jupyter_server_config.json").read_text())
    assert config["VoilaConfiguration"]["template"] == name
    assert f"cp -r share/jupyter/voila/templates/{name}" in (ROOT / "binder" / "postBuild") \
        .read_text()


def test_binder_make_app_and_the_tests_send_to_the_page_without_nagles_delay() -> None:
    """The kernel's websocket with Nagle's algorithm off (skipbo_widgets/server.py), named
    in `make app`'s flags (and so `make classroom`'s), Binder's server configuration and
    the tests' servers."""
    from skipbo_widgets.devtools import NODELAY_CLASS, NODELAY_FLAG

    makefile = (ROOT / "Makefile").read_text()
    assert NODELAY_FLAG in re.search(r"VOILA_FLAGS := \\\n((?:.*\\\n)+.*)", makefile)[1]
    config = json.loads((ROOT / "binder" / "jupyter_server_config.json").read_text())
    assert config["ServerApp"]["kernel_websocket_connection_class"] == NODELAY_CLASS
    from jupyter_server.services.kernels.connection.channels import (
        ZMQChannelsWebsocketConnection,
    )

    from skipbo_widgets.server import NoDelayConnection

    assert f"{NoDelayConnection.__module__}.{NoDelayConnection.__name__}" == NODELAY_CLASS
    assert issubclass(NoDelayConnection, ZMQChannelsWebsocketConnection)
