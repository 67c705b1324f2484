// What the card tables share. anywidget gives the page one module's text, loaded where
// "./fly.js" names nothing, so Python puts this file in place of a table's import line
// (widgets/esm.py) and drops its `export`s.

// An element: `attrs` sets its class, text, listeners (`onclick`) and attributes.
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) if (child) node.append(child);
  return node;
}

export const reducedMotion = () => !!globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches;

// A copy of a card (`card`, a new node) flies from element `from` to element `to`, then
// goes. Decoration only: without motion, or without either place on the page, nothing
// flies. `host` holds it in flight; `fade`: it shrinks and fades as it lands on a pile.
export function flyCard(card, from, to, host, { duration = 600, fade = false } = {}) {
  if (!from || !to || !card.animate || reducedMotion()) return;
  const a = from.getBoundingClientRect(), b = to.getBoundingClientRect();
  Object.assign(card.style, { position: "fixed", zIndex: "10", pointerEvents: "none", margin: "0",
    left: "0px", top: "0px", width: `${a.width}px`, height: `${a.height}px` });
  host.append(card);
  // Where "fixed" starts depends on the page around the table: measure it, then place the card.
  const origin = card.getBoundingClientRect();
  Object.assign(card.style, { left: `${a.left - origin.left}px`, top: `${a.top - origin.top}px` });
  const dx = b.left + b.width / 2 - (a.left + a.width / 2), dy = b.top + b.height / 2 - (a.top + a.height / 2);
  const landing = fade ? { transform: `translate(${dx}px, ${dy}px) scale(0.8)`, opacity: 0.4 }
    : { transform: `translate(${dx}px, ${dy}px)` };
  card.animate([{ transform: "translate(0, 0)", opacity: 1 }, landing],
    { duration, easing: fade ? "ease-in" : "ease-in-out" }).finished.finally(() => card.remove());
}
