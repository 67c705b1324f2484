"""What the browser tests of both card tables watch in a page (added with
``page.add_init_script(WATCH_TABLE)`` before the page loads)."""

from __future__ import annotations

from typing import Any

#: The element a drag starts from (``window.dragged``), how each scrollIntoView of a
#: table's part was asked to move (``window.tableScrolls``), and each scan for the page's
#: test-id marks that walks through a table (``window.tableScans``).
WATCH_TABLE = """
const TABLE = '[data-testid="table"], [data-testid="skyjo-table"]';
document.addEventListener("dragstart", (e) => { window.dragged = e.target; }, true);
window.tableScrolls = [];
const scroll = Element.prototype.scrollIntoView;
Element.prototype.scrollIntoView = function (options) {
  if (this.closest(TABLE)) window.tableScrolls.push(options?.behavior || "auto");
  return scroll.call(this, options);
};
window.tableScans = 0;
const scan = Element.prototype.querySelectorAll;
Element.prototype.querySelectorAll = function (selector) {
  if (String(selector).includes("sb-testid-") && this.querySelector(TABLE)) window.tableScans += 1;
  return scan.call(this, selector);
};
"""


def middle(page: Any, selector: str) -> tuple[float, float]:
    """The middle of the element ``selector``, where the mouse drops a card."""
    box = page.locator(selector).bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
