// What the card tables share. anywidget gives the page one module's text, loaded where
// "./fly.js" names nothing, so Python puts this file in place of a table's import line
// (widgets/table/esm.py) and drops its `export`s.

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

// A node scrolled into sight: smoothly, unless the learner asked for less motion.
export const scrollIntoSight = (node) =>
  node.scrollIntoView({ block: "nearest", behavior: reducedMotion() ? "auto" : "smooth" });

// The part of the table with test id `id` (a lesson names what it lights by test id).
export const byTestid = (root, id) =>
  (/^[a-z0-9-]+$/.test(id || "") ? root.querySelector(`[data-testid="${id}"]`) : null);

// The line under the table; `prefix` is the table's class prefix (`sb`, `sj`). It is drawn
// anew with the table: a screen reader hears it in the table's live region (`mount`).
export const statusLine = (prefix, v) => h("div", { class: `${prefix}-status ${prefix}-${v.status_kind || "info"}`,
  "data-testid": "status", text: v.status });

// Text for a screen reader only: on the page, not on the screen (marked `data-unseen`:
// a check of what the screen shows passes it over).
const UNSEEN = "position:absolute;width:1px;height:1px;margin:-1px;padding:0;border:0;"
  + "overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap";
export const unseen = (text, attrs = {}) => h("span", { ...attrs, style: UNSEEN, "data-unseen": true, text });

// A control's name as a screen reader says it ("Middle row, column 1: 5"), in place of
// an aria-label: the card drawn in it (its corners, "5 5 5") is no part of the name.
export const named = (label) => unseen(label || "");

// The table's live region: kept across redraws (a region drawn anew is not heard), it says
// each new thing once, a line each, the newest few kept for a while (not for the next
// person of a hot seat). `say(what, text)`: `text` is said when it is not what was said
// last of `what` (the status line, the phase, the result).
function liveRegion(el) {
  const region = h("div", { role: "log", "aria-live": "polite", "data-testid": "table-said", style: UNSEEN,
    "data-unseen": true });
  el.append(region);
  const last = {};
  const waiting = [];
  // A line is added once the region is on the page (a table just made is not yet), a
  // moment later: a screen reader hears the changes of a region it already knows.
  const flush = () => {
    if (!region.isConnected) return void setTimeout(flush, 100);
    for (const text of waiting.splice(0)) {
      const line = h("p", { text });
      region.append(line);
      setTimeout(() => line.remove(), 20000);
    }
    while (region.childElementCount > 4) region.firstElementChild.remove();
  };
  return (what, text) => {
    if (!text || text === last[what]) return;
    last[what] = text;
    if (waiting.push(text) === 1) setTimeout(flush, region.isConnected ? 0 : 100);
  };
}

// The table's root in anywidget's element. The host is marked as drawing itself: the
// page's test-id copier (widgets/page/testids.js) has nothing to do in it.
// `root.say(what, text)` says a line once in the table's live region.
export function mount(el, hostClass, attrs) {
  const root = h("div", { ...attrs, tabindex: "-1" });
  el.classList.add(hostClass);
  el.setAttribute("data-draws-itself", "");
  el.append(root);
  root.say = liveRegion(el);
  return root;
}

// A table redraws all of itself from the view on every change: `start(v)` … `end(v)`
// around each draw keep what the learner holds across it. `redraw()` draws the table anew.
export function redraws(root, redraw, { lit }) {
  let hadFocus;
  let lastBounce = 0; // the last wrong try whose card was flown back
  // The element a drag started from, while the drag is on. Replaced by its new copy, it
  // would leave the page, and the browser's drag with it: no dragend reaches the table
  // and a browser may drop the drag. So a redraw puts it back in place of its copy (made
  // to look like the copy), and when the drag is over the table is drawn once more, so
  // that every element listens with the new view.
  let dragged = null;
  const over = () => {
    if (!dragged) return;
    dragged = null;
    redraw();
  };
  root.addEventListener("drop", over); // after the pile's own drop handler: the move is sent
  root.addEventListener("dragend", over); // the drag cancelled, or dropped elsewhere

  return {
    // Empties the table and says its language: a view without one leaves none behind.
    start(v) {
      hadFocus = root.contains(document.activeElement) ? document.activeElement.dataset?.testid || "" : null;
      root.replaceChildren();
      if (v.lang) root.setAttribute("lang", v.lang);
      else root.removeAttribute("lang");
    },
    // After the table is built: the dragged card back in its place, a lesson's lit parts
    // (by test id) lit unless `lit.never` matches, the focus back where it was. Returns a
    // lesson's wrong try whose card is to fly back, once.
    end(v) {
      const copy = dragged && byTestid(root, dragged.dataset.testid);
      if (copy && copy !== dragged) {
        for (const name of dragged.getAttributeNames()) dragged.removeAttribute(name);
        for (const name of copy.getAttributeNames()) dragged.setAttribute(name, copy.getAttribute(name));
        dragged.replaceChildren(...copy.childNodes);
        copy.replaceWith(dragged);
      }
      for (const name of v.highlight || []) {
        const node = byTestid(root, name);
        if (node && !(lit.never && node.matches(lit.never))) node.classList.add(lit.cls);
      }
      // The focus stays on the table: on the same place, or on the table when the place
      // is gone (a card played from the hand).
      if (hadFocus != null) (byTestid(root, hadFocus) || root).focus({ preventScroll: true });
      root.say("status", v.status);
      if (!v.bounce || v.bounce.id === lastBounce) return null;
      lastBounce = v.bounce.id;
      return v.bounce;
    },
    // Drag and drop, as attributes for h(): a card with a `source` (`can`: now) can be
    // dragged, and `pick(source)` is called when it is; `drop(source)` receives the name of
    // a card dropped here (empty if the browser kept none); no `drop`, nothing goes here.
    drag({ source = null, can = true, pick, drop = null }) {
      return {
        draggable: source && can ? "true" : null,
        ondragstart: (ev) => {
          if (!source) return;
          dragged = ev.currentTarget;
          pick(source);
          ev.dataTransfer.setData("text/plain", source);
          ev.dataTransfer.effectAllowed = "move";
          requestAnimationFrame(redraw); // the picked-up card's places light up
        },
        ondragover: (ev) => {
          if (!drop) return;
          ev.preventDefault();
          ev.dataTransfer.dropEffect = "move";
        },
        ondrop: (ev) => {
          if (!drop) return;
          ev.preventDefault();
          drop(ev.dataTransfer.getData("text/plain"));
        },
      };
    },
  };
}

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
