"""Where a click's time goes in the app, read off the kernel's own messages in the page.

A script put into the page before the app's own (:data:`WIRE_PROBE`) notes every
message on the kernel's websocket (Jupyter's v1 binary framing): what the page sends,
when, and what comes back, when, with the kernel's own time stamps. The kernel says
``busy`` as it starts on a message and ``idle`` when it is done, each stamped with its
clock (the same machine's as the page's), so for one click:

- ``python_ms``: from the kernel's ``busy`` to its ``idle`` for the click's message, all
  the Python the click costs, every message it sends serialised;
- ``python_to_view_ms``: from ``busy`` to the table's new ``view`` leaving the kernel
  (what the learner waits for; the rest, the log, Undo's state, the session kept in the
  browser, comes after it);
- ``to_kernel_ms``: from the page's message leaving to the kernel's ``busy`` (the
  websocket, Jupyter's server, its ZeroMQ socket to the kernel and the kernel's wait);
- ``to_page_ms``: from the ``view`` leaving the kernel to its arrival in the page;
- ``handler_ms``: the page's own work at the click, before anything reaches the kernel
  (the table's click handler: its request sent and the table drawn again);
- ``page_ms``: from the ``view``'s arrival in the page to the table changed on screen
  (ipywidgets' decoding and the table's drawing);
- ``messages`` and ``kb``: how many messages the kernel sent for the click, and their size.
"""

from __future__ import annotations

import statistics
from typing import Any

#: Put in the page before anything else (``page.add_init_script``).
WIRE_PROBE = """(() => {
  const Socket = window.WebSocket;
  const now = () => performance.timeOrigin + performance.now();
  const text = new TextDecoder();
  // The kernel's ISO stamp in milliseconds since 1970, its microseconds kept.
  const stamp = (iso) => Date.parse(iso) + (Number(((/\\.\\d{3}(\\d*)/.exec(iso) || [])[1] || "0")
    .padEnd(3, "0").slice(0, 3)) / 1000);
  const parts = (data) => {
    if (!(data instanceof ArrayBuffer)) return null;
    const view = new DataView(data);
    const n = Number(view.getBigUint64(0, true));
    const at = [...Array(n).keys()].map((i) => Number(view.getBigUint64(8 * (i + 1), true)));
    const json = (i) => JSON.parse(text.decode(data.slice(at[i], at[i + 1])));
    return { header: json(1), parent: json(2), content: json(4), bytes: data.byteLength };
  };
  const sent = [], got = [];
  window.__wire = { sent, got };
  window.WebSocket = class extends Socket {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (ev) => {
        const t = now(), m = parts(ev.data);
        if (!m) return;
        const state = m.content?.data?.state;
        got.push({ parent: m.parent?.msg_id, type: m.header.msg_type, t, date: stamp(m.header.date),
                   exec: m.content?.execution_state, view: !!(state && "view" in state),
                   bytes: m.bytes });
      });
    }
    send(data) {
      const m = parts(data);
      if (m && m.header.msg_type === "comm_msg") sent.push({ id: m.header.msg_id, t: now() });
      return super.send(data);
    }
  };
})()"""

#: Resolves with the parts of the first message the page sent at or after ``since`` (ms
#: since 1970), once the kernel is idle after it (null after 10 s): see the module's text.
_PARTS = """([since, shown]) => new Promise((resolve) => {
  const t0 = Date.now();
  const look = () => {
    const { sent, got } = window.__wire;
    const out = sent.find((m) => m.t >= since - 1);
    const back = out ? got.filter((m) => m.parent === out.id) : [];
    const busy = back.find((m) => m.exec === "busy"), idle = back.find((m) => m.exec === "idle");
    if (!busy || !idle) {
      if (Date.now() - t0 > 10000) resolve(null); else setTimeout(look, 20);
      return;
    }
    const sentBack = back.filter((m) => m.type !== "status");
    const view = sentBack.find((m) => m.view);
    resolve({
      handler_ms: window.__handlerMs,
      python_ms: idle.date - busy.date,
      python_to_view_ms: view ? view.date - busy.date : null,
      to_kernel_ms: busy.date - out.t,
      to_page_ms: view ? view.t - view.date : null,
      page_ms: view ? shown - view.t : null,
      messages: sentBack.length,
      kb: sentBack.reduce((sum, m) => sum + m.bytes, 0) / 1024,
    });
  };
  look();
})"""

Parts = dict[str, float | None]
PART_KEYS = ("handler_ms", "python_ms", "python_to_view_ms", "to_kernel_ms", "to_page_ms",
             "page_ms", "messages", "kb")


def click_parts(page: Any, clicked_at: float, shown_at: float) -> Parts:
    """The parts of the click made at ``clicked_at`` whose table showed it at ``shown_at``
    (both in ms since 1970, the page's clock); ``RuntimeError`` if the kernel never
    answered it."""
    parts = page.evaluate(_PARTS, [clicked_at, shown_at])
    if parts is None:
        raise RuntimeError("the kernel did not finish a click's message within 10 s")
    return dict(parts)


def summary(parts: list[Parts]) -> dict[str, float | None]:
    """Each part's median over the clicks (``None`` where no click had it), and the
    slowest click's Python time."""
    out: dict[str, float | None] = {}
    for key in PART_KEYS:
        values = [v for p in parts if (v := p[key]) is not None]
        out[f"{key}_p50"] = round(float(statistics.median(values)), 1) if values else None
    pythons = [v for p in parts if (v := p["python_ms"]) is not None]
    out["python_ms_max"] = round(max(pythons), 1) if pythons else None
    return out


class Clicks:
    """The clicks timed in one page: each one's round trip in ms, and with ``parts`` (the
    page opened after :data:`WIRE_PROBE` was put in it) its parts added there."""

    def __init__(self, page: Any, parts: list[Parts] | None = None) -> None:
        self.page = page
        self.ms: list[float] = []
        self.parts = parts

    def time(self, script: str, arg: Any, selector: str) -> None:
        """Run ``script`` (it clicks ``selector`` and resolves with the round trip in ms,
        -1 for none, then when the click was made and its answer shown)."""
        result = self.page.evaluate(script, arg)
        if result[0] < 0:
            raise RuntimeError(f"clicking {selector} changed nothing within 10 s")
        self.ms.append(float(result[0]))
        if self.parts is not None:
            self.parts.append(click_parts(self.page, result[1], result[2]))
