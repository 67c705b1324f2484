"""What the app asks of the Jupyter server that serves it (Voilà, or Jupyter's own on Binder).

:class:`NoDelayConnection` is the kernel's websocket with Nagle's algorithm off. With it on
(Tornado's default, which Jupyter's server keeps), a small message to the page (the
kernel's "busy") holds back the next one (the table's new view) until the browser has
acknowledged the first, and a browser waits up to 40 ms before it does: every click's
answer came about 40 ms late (docs/benchmarks.md, "The app"). ``make app``, ``make
classroom``, Binder's configuration and the tests' servers name it
(:data:`~skipbo_widgets.devtools.NODELAY_FLAG`).
"""

from __future__ import annotations

from typing import Any

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection


class NoDelayConnection(ZMQChannelsWebsocketConnection):
    """Jupyter's kernel websocket, each message sent as soon as it is written."""

    # Any: Jupyter's server types it a coroutine in the base class, a future here.
    def connect(self) -> Any:
        self.websocket_handler.set_nodelay(True)
        return super().connect()
