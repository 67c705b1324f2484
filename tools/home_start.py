"""What building the app's home screen costs in this Python (issue 26): CPU seconds of
importing the app and of ``App("en")`` (the first, with the imports it makes, and a
second), the widgets it makes and the comm messages it sends (their JSON size).

    .venv/bin/python tools/home_start.py        # prints one JSON object

Under Pyodide the same figures come from ``node tools/home_start.mjs SITE SRC``.
"""

from __future__ import annotations

import collections
import json
import sys
import time
from typing import Any

import comm
from comm.base_comm import BaseComm

SENT: list[int] = []


class CountingComm(BaseComm):  # type: ignore[misc]
    """A comm that counts what it would send, JSON-encoded as a kernel sends it."""

    def publish_msg(self, msg_type: str, data: Any = None, metadata: Any = None,
                    buffers: Any = None, **keys: Any) -> None:
        content = dict(data={} if data is None else data, comm_id=self.comm_id, **keys)
        SENT.append(len(json.dumps(content, default=str)))


def main() -> None:
    comm.create_comm = CountingComm
    cpu = time.process_time
    import anywidget  # noqa: F401
    import ipywidgets as w

    made: collections.Counter[str] = collections.Counter()
    init = w.Widget.__init__

    def counted(self: w.Widget, *args: Any, **kwargs: Any) -> None:
        made[type(self).__name__] += 1
        init(self, *args, **kwargs)

    w.Widget.__init__ = counted
    start = cpu()
    from skipbo_widgets.widgets.shell.app import App
    imported = cpu()
    App("en")
    first = cpu()
    made.clear()
    SENT.clear()
    App("en")
    second = cpu()
    print(json.dumps({
        "import_app_cpu_s": round(imported - start, 3),
        "first_app_cpu_s": round(first - imported, 3),
        "second_app_cpu_s": round(second - first, 3),
        "widgets": sum(made.values()),
        "anywidgets": sum(n for name, n in made.items() if name in _anywidget_names()),
        "messages": len(SENT),
        "kb": round(sum(SENT) / 1000, 1),
        "modules": sum(name.startswith("skipbo_widgets") for name in sys.modules),
    }))


def _anywidget_names() -> set[str]:
    import anywidget

    def below(kind: type) -> set[type]:
        return {kind} | {k for sub in kind.__subclasses__() for k in below(sub)}

    return {kind.__name__ for kind in below(anywidget.AnyWidget)}


if __name__ == "__main__":
    main()
