// ipywidgets cannot set arbitrary attributes, so Python marks a widget with the
// class `sb-testid-NAME` and this invisible widget copies NAME into a
// `data-testid`: on the widget's <button>/<input> when it has exactly one.
// It also writes the `lang` traitlet on the app around it (`.sb-app`): the page's own
// <html lang> (Voilà's, or a JupyterLab notebook's) stays as it is.
// And it sends the page's query (?lang=fr) to Python: a static site's kernel, in a
// Web Worker, cannot see it.
const PREFIX = "sb-testid-";
const MARKED = `[class*="${PREFIX}"]`;
const CONTROL = "button, input, select, textarea";
const APP = ".sb-app";
// A card table draws itself, test ids and all (widgets/table/fly.js marks its element),
// and redraws on every move: nothing in it is Python's to mark.
const DRAWS_ITSELF = "[data-draws-itself]";

// `node` itself if it matches `selector`, and what under it does.
const within = (node, selector) => [...(node.matches(selector) ? [node] : []), ...node.querySelectorAll(selector)];

// A toggle says whether it is on: ipywidgets marks a chosen toggle button (a row of
// them, or one alone: the projector switch) with the class `mod-active` only.
const TOGGLES = ".widget-toggle-button";

// A button's icon (a Font Awesome glyph) is no part of its name: a screen reader would
// say a private-use character before "Play".
const ICONS = "button > i.fa";

// A toggle that opens a menu (the header's settings on a phone) says it is open instead.
const DISCLOSURE = "sb-disclosure";

function pressed(root) {
  for (const node of within(root, TOGGLES)) {
    const on = String(node.classList.contains("mod-active"));
    const state = node.classList.contains(DISCLOSURE) ? "aria-expanded" : "aria-pressed";
    if (node.getAttribute(state) !== on) node.setAttribute(state, on);
  }
  for (const icon of within(root, ICONS)) {
    if (!icon.hasAttribute("aria-hidden")) icon.setAttribute("aria-hidden", "true");
  }
}

function apply(root) {
  pressed(root); // and icons hidden
  for (const node of within(root, MARKED)) {
    for (const cls of node.classList) {
      if (!cls.startsWith(PREFIX)) continue;
      // One control (a button, a text box): the id goes on it. Several (a row
      // of toggle buttons): the id stays on the group, whose buttons have text.
      const controls = node.matches(CONTROL) ? [node] : node.querySelectorAll(CONTROL);
      const target = controls.length === 1 ? controls[0] : node;
      const name = cls.slice(PREFIX.length);
      if (target.getAttribute("data-testid") !== name) target.setAttribute("data-testid", name);
    }
  }
}

// The app's texts are in the learner's language: said on the app's root, a screen
// reader reads them with the right voice and the browser hyphenates them right.
function showLang(el, lang) {
  const app = el.closest(APP);
  if (app && lang && app.getAttribute("lang") !== lang) app.setAttribute("lang", lang);
}

// A message the learner must see at once (this browser cannot keep the game) is scrolled
// into sight when it appears, once: on a phone the page may be far below the top, where
// it stands. (The attribute it gets is not watched: no loop.)
function showAlerts(root) {
  for (const node of within(root, "[data-scroll-into-view]:not([data-scrolled])")) {
    if (!node.parentElement?.closest(APP)) continue;
    node.setAttribute("data-scrolled", "");
    requestAnimationFrame(() => node.scrollIntoView({ block: "nearest", behavior: "smooth" }));
  }
}

// Voilà's page is the app alone: its tab says the app's title in the learner's
// language instead of the notebook's ("Skip-Bo" from its metadata). A notebook's
// own tab title (JupyterLab's) is left alone.
function showTitle(el, title) {
  if (title && document.body.dataset.voila !== undefined && el.closest(APP)) document.title = title;
}

// The address too: Python builds the class link from it (a static site's kernel
// cannot know where the page was served from).
function sendQuery(model) {
  const query = location.search.replace(/^\?/, "");
  const address = location.origin + location.pathname;
  if (model.get("query") !== query || model.get("address") !== address) {
    model.set("address", address);
    model.set("query", query);
    model.save_changes();
  }
}

// Python asks for the focus on a control of a screen it has just built: the control
// appears (and gets its test id) a few frames later, so look for it for a while.
function focusWhenShown(name, scope) {
  const until = performance.now() + 5000;
  const look = () => {
    apply(scope());
    const target = document.querySelector(`[data-testid="${CSS.escape(name)}"]`);
    if (target && target.offsetParent !== null) {
      target.focus();
      target.scrollIntoView({ block: "nearest" });
    } else if (performance.now() < until) {
      requestAnimationFrame(look);
    }
  };
  look();
}

// Python showed a new screen: the focus goes to its heading (the first heading in the
// screen's box, `.sb-screen`, that was not on the page before, or once the screen is
// drawn its first; a screen without one of its own, the game's, gets the app's title), so
// a screen reader starts reading there and Tab goes on from it. A control Python asks to
// focus afterwards (`focus`) wins.
let headingWanted = 0;
// How long a line said stays in a live region.
const SAID_MS = 20000;
function focusHeading(scope) {
  const asked = ++headingWanted;
  const shown = (where) => [...scope().querySelectorAll(where)].filter((n) => n.offsetParent !== null);
  const inScreen = () => shown(".sb-screen h1, .sb-screen h2");
  const before = new Set(inScreen());
  const until = performance.now() + 600;
  const look = () => {
    if (asked !== headingWanted) return;
    const late = performance.now() > until;
    const heading = inScreen().find((n) => !before.has(n)) || (late ? inScreen()[0] || shown("h1")[0] : null);
    if (heading) {
      heading.setAttribute("tabindex", "-1");
      heading.focus({ preventScroll: true });
    } else if (!late) {
      requestAnimationFrame(look);
    }
  };
  look();
}

// What the app says to a screen reader (a bot's move, a hint, a turn's review): a line
// each in one live region of the app, kept there while the screens change; a line goes
// once it has been said (a hot seat's next person must not find the last one's hint).
function say(scope, text) {
  let region = scope.querySelector(':scope > [data-testid="app-said"]');
  if (!region) {
    region = document.createElement("div");
    region.setAttribute("role", "log");
    region.setAttribute("aria-live", "polite");
    region.setAttribute("data-testid", "app-said");
    region.setAttribute("data-unseen", ""); // not on the screen: a check of it passes it over
    region.style.cssText = "position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;"
      + "clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap";
    scope.append(region);
  }
  const line = document.createElement("p");
  line.textContent = text;
  region.append(line);
  setTimeout(() => line.remove(), SAID_MS);
  while (region.childElementCount > 6) region.firstElementChild.remove();
}

// Python asks for the class link to be copied (the click on its Copy button came first,
// so the browser still counts the copy as the learner's). The clipboard API needs a secure
// page (https or this machine); a school's plain http address gets the older command.
async function copyField(model, name) {
  const field = document.querySelector(`[data-testid="${CSS.escape(name)}"]`);
  let ok = false;
  if (field && "value" in field) {
    field.focus();
    field.select();
    try {
      if (navigator.clipboard && window.isSecureContext) {
        await navigator.clipboard.writeText(field.value);
        ok = true;
      } else {
        ok = document.execCommand("copy");
      }
    } catch (err) {
      try { ok = document.execCommand("copy"); } catch (err2) { ok = false; }
    }
  }
  model.send({ type: "copied", testid: name, ok: Boolean(ok) });
}

// What changed in the app that may need a test id or an alert's scroll: added elements,
// a class changed, or a control added into a marked group; never a card table's redraw.
function changed(record) {
  const node = record.target;
  if (node.closest(DRAWS_ITSELF)) return;
  const added = record.type === "childList" ? [...record.addedNodes].filter((n) => n.nodeType === 1) : [node];
  const group = record.type === "childList" ? node.closest(MARKED) : null;
  for (const root of group ? [group, ...added] : added) {
    if (root.matches(DRAWS_ITSELF)) continue; // a table just shown gives its own ids
    apply(root);
    showAlerts(root);
  }
}

function render({ model, el }) {
  el.style.display = "none";
  sendQuery(model);
  // The app around this widget (or the page, for a widget shown outside an app); watched
  // from when `el` joins the page, which is only after render.
  let scope = null;
  let stopped = false;
  const onLang = () => {
    showLang(el, model.get("lang"));
    showTitle(el, model.get("title"));
  };
  const observer = new MutationObserver((records) => records.forEach(changed));
  const join = () => {
    if (stopped) return;
    if (!el.isConnected) {
      requestAnimationFrame(join);
      return;
    }
    scope = el.closest(APP) || document.body;
    apply(scope);
    showAlerts(scope);
    onLang();
    observer.observe(scope, { subtree: true, childList: true, attributes: true, attributeFilter: ["class"] });
  };
  model.on("change:lang", onLang);
  model.on("change:title", onLang);
  const onMessage = (msg) => {
    const app = () => scope || document.body;
    if (msg && msg.type === "focus" && typeof msg.testid === "string") {
      headingWanted++;
      focusWhenShown(msg.testid, app);
    }
    if (msg && msg.type === "heading") focusHeading(app);
    if (msg && msg.type === "say" && typeof msg.text === "string") say(app(), msg.text);
    if (msg && msg.type === "copy" && typeof msg.testid === "string") copyField(model, msg.testid);
  };
  model.on("msg:custom", onMessage);
  join();
  return () => {
    stopped = true;
    observer.disconnect();
    model.off("change:lang", onLang);
    model.off("change:title", onLang);
    model.off("msg:custom", onMessage);
  };
}

export default { render };
