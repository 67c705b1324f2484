// The Skyjo card table: draws the `view` traitlet, turns clicks, drags and keys into
// requests. Like the Skip-Bo table it knows no rule and no notation: the view gives
// every card's place name, the move sources, the legal places of each source and the
// faces of the cards (docs/table-view.md, Skyjo section); the page sends those names
// back and Python checks every request again.

import { byTestid, flyCard, h, mount, named, reducedMotion, redraws, scrollIntoSight, statusLine } from "../table/fly.js";

// One card: a value (face up), "back" (face down), or null (a cleared place, an empty pile).
function cardNode(card, view, extra = {}) {
  if (card === "back") {
    return h("div", { class: "sj-card sj-back", "aria-hidden": "true" },
      h("span", { class: "sj-logo", text: "SKYJO" }));
  }
  if (card == null) return h("div", { class: "sj-card sj-gone", "aria-hidden": "true" });
  const face = (view.card_faces || {})[String(card)] || { text: String(card), band: "" };
  // Its colour group is also a shape under the number (table.css), not only its colour.
  return h("div", { class: `sj-card sj-face sj-${face.band}`, "data-card": card, "aria-hidden": "true", ...extra },
    h("span", { class: "sj-corner sj-tl", text: face.text }),
    h("span", { class: "sj-value", text: face.text }),
    h("span", { class: "sj-mark", "data-band": face.band }),
    h("span", { class: "sj-corner sj-br", text: face.text }));
}

function render({ model, el }) {
  let selected = null; // a source's name from view.sources: take, swap or drop
  let drawnWith; // the selection the table was last drawn with
  let previous = null; // the last view drawn: what changed is animated
  let lastStatus = "";
  // What a draw brought into sight (the round's result, a new message) and until when: the
  // next draw, often 20 ms later (the message, then the card flying back), replaces the
  // table's nodes, and the page around the table may still grow (a lesson's answer and
  // buttons), so the draws of the next second ask again and each looks once more when its
  // scroll is over (a phone: a wrong try's reason stayed 14 px under the screen's foot).
  let sight = null;
  const intoSight = (node, what, isNew) => {
    const now = performance.now();
    if (isNew) sight = { what, until: now + 1000 };
    else if (sight?.what !== what || now > sight.until) return;
    const show = () => {
      const box = node.getBoundingClientRect();
      if (node.isConnected && (box.top < 0 || box.bottom > innerHeight)) {
        scrollIntoSight(node);
      }
    };
    requestAnimationFrame(show);
    setTimeout(show, 600);
  };
  let lastScene;
  const root = mount(el, "sj-host", { class: "sj-table", "data-testid": "skyjo-table" });
  // A glow never stays on a place whose column was cleared, nor on the empty drawn card place.
  const frame = redraws(root, () => draw(), { lit: { cls: "sj-hinted", never: ".sj-cleared, .sj-empty" } });
  // The keys that play the table, in a line under it (not on the felt: it takes no room
  // from the cards).
  const keys = h("p", { class: "sj-keys", "data-testid": "keys-help" });
  el.append(keys);

  const view = () => model.get("view") || {};
  const S = () => view().sources || {};

  // A click's request; the table is drawn again at once only if the click changed what is
  // picked up (the kernel's answer draws it anyway): drawing the whole table for nothing
  // held that answer back as long again.
  function send(message) {
    model.send(message);
    if (selected !== drawnWith) draw();
  }

  function move(source, place) {
    // A drop stays chosen until it is made: a refused place (a face-up card) leaves the
    // drawn card on the discard pile, waiting for a face-down card, not back in the hand.
    if (source !== S().drop) selected = null;
    send({ type: "move", source, target: place });
  }

  function choose(source) {
    // Nothing is picked up while the table only shows; Python still hears of the click.
    const v = view();
    selected = v.interactive ? (selected === source && source === S().discard ? null : source) : null;
    send({ type: "select", source: v.interactive ? selected : source });
  }

  // The learner's card at `place`: put the picked-up card there, turn it in the set-up,
  // or ask Python what a click on it means now.
  function clickPlace(place) {
    const v = view();
    if (selected) move(selected, place);
    else if (v.phase === "setup") move(S().reveal, place);
    else send({ type: "target", target: place });
  }

  function clickDiscard() {
    const v = view();
    // With the drawn card in hand, the discard pile takes it: then a face-down card is turned.
    if (v.interactive && v.drawn != null) choose(S().drop);
    else choose(S().discard);
  }

  const lit = (place) => !!selected && ((view().legal || {})[selected] || []).includes(place);
  const hinted = (...names) => names.some((n) => (view().highlight || []).includes(n));

  function button({ testid, label, cls = "", source = null, onclick, ondrop = null, content }) {
    return h("button", {
      type: "button", class: `sj-button ${cls}`, "data-testid": testid,
      "aria-pressed": source ? String(selected === source) : null,
      onclick,
      ...frame.drag({ source, can: view().interactive, pick: (picked) => { selected = picked; },
        drop: ondrop && ((dragged) => ondrop(dragged || selected)) }),
    }, content, named(label));
  }

  function grid(p, v) {
    const mine = p.is_me;
    const before = previous?.players?.[p.seat]?.cards;
    const cards = p.cards.map((c, i) => {
      const testid = `grid-${p.seat}-${i}`;
      const shown = cardNode(c.state === "down" ? "back" : c.state === "up" ? c.card : null, v);
      // A card that was face down a moment ago is turned over where it lies.
      if (before && before[i]?.state === "down" && c.state === "up" && !reducedMotion()) shown.classList.add("sj-flip");
      if (!mine) {
        return h("div", { class: "sj-slot", "data-testid": testid, title: c.label, role: "img", "aria-label": c.label,
          onclick: () => send({ type: "look", pile: testid }) }, shown);
      }
      const classes = ["sj-slot"];
      if (c.state === "cleared") classes.push("sj-cleared");
      if (lit(c.place) || (v.interactive && v.phase === "setup" && (v.legal?.[S().reveal] || []).includes(c.place))) {
        classes.push("sj-legal");
      }
      // A glow never stays on a place whose column was cleared.
      if (hinted(c.place) && c.state !== "cleared") classes.push("sj-hinted");
      return button({
        testid, label: c.label, cls: classes.join(" "), content: shown,
        onclick: () => clickPlace(c.place),
        ondrop: (source) => { if (source) move(source, c.place); },
      });
    });
    const classes = ["sj-player", mine ? "sj-me" : "sj-other"];
    if (p.is_current) classes.push("sj-current");
    const result = v.result && p.round_label ? h("div", { class: "sj-round-score", "data-testid": `round-score-${p.seat}` },
      p.round_label) : null;
    return h("section", { class: classes.join(" "), "data-testid": `player-${p.seat}`, "aria-label": p.grid_label },
      h("header", {},
        h("span", { class: "sj-name", text: p.name }),
        h("span", { class: "sj-score", "data-testid": `score-${p.seat}`, text: p.score_label })),
      h("div", { class: "sj-grid", role: mine ? "group" : null, "aria-label": p.grid_label,
        onkeydown: mine ? arrows : null }, cards),
      result);
  }

  // An opponent's grid is drawn once and kept while it looks the same (its cards, names and
  // labels, the faces, the lit parts, the round's end): a click of the learner's drew seven
  // opponents' grids anew, over eighty cards, for nothing. A card's turn is shown once.
  const kept = new Map(); // seat -> { key, node }
  function otherGrid(p, v) {
    const key = JSON.stringify([p, v.card_faces, v.highlight, !!v.result, v.lang]);
    const old = kept.get(p.seat);
    if (old?.key === key) {
      for (const card of old.node.querySelectorAll(".sj-flip")) card.classList.remove("sj-flip");
      return old.node;
    }
    const node = grid(p, v);
    kept.set(p.seat, { key, node });
    return node;
  }

  // Arrow keys move the focus across the learner's grid, row by row (four cards a row).
  function arrows(ev) {
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -4, ArrowDown: 4 }[ev.key];
    const id = document.activeElement?.dataset?.testid || "";
    const match = /^grid-(\d+)-(\d+)$/.exec(id);
    if (!step || !match) return;
    const next = root.querySelector(`[data-testid="grid-${match[1]}-${Number(match[2]) + step}"]`);
    if (!next) return; // the grid's edge
    ev.preventDefault();
    next.focus();
  }

  function center(v) {
    const L = v.labels || {};
    const holding = v.drawn != null;
    const pile = (caption, node) => h("div", { class: "sj-pile" }, h("div", { class: "sj-caption", text: caption }), node);
    const drawPile = button({
      testid: "skyjo-draw", label: v.draw_label,
      cls: ["sj-draw", v.can_draw ? "sj-can" : "", hinted(v.draw_move, "skyjo-draw") ? "sj-hinted" : ""].join(" "),
      content: [cardNode(v.draw_count ? "back" : null, v), h("span", { class: "sj-count", "aria-hidden": "true", text: String(v.draw_count) })],
      onclick: () => { selected = null; send({ type: "move", move: v.draw_move }); },
    });
    const dropping = selected === S().drop;
    // The discard pile's card picked up is held as a drawn card is: lifted, outlined, and
    // said to be in hand (to a screen reader too: the view's held_label).
    const held = selected === S().discard && v.discard_top != null;
    // The drawn card dropped shows on the discard pile while a face-down card is chosen.
    const discard = button({
      testid: "skyjo-discard", label: held && v.held_label ? v.held_label : v.discard_label,
      source: holding ? null : S().discard,
      cls: ["sj-discard", (v.legal || {})[S().discard] && !holding ? "sj-can" : "",
        selected === S().discard || dropping ? "sj-selected" : "", held ? "sj-held" : "",
        holding && v.interactive && !dropping ? "sj-legal" : "",
        hinted(S().discard, S().drop, "skyjo-discard") ? "sj-hinted" : ""].join(" "),
      content: [cardNode(dropping ? v.drawn : v.discard_top, v),
        held ? h("span", { class: "sj-held-tag", "data-testid": "skyjo-held", "aria-hidden": "true", text: L.held || "" }) : null],
      onclick: clickDiscard,
      ondrop: (source) => { if (source === S().drawn) { selected = S().drop; send({ type: "select", source: selected }); } },
    });
    const inHand = dropping ? null : holding ? v.drawn : v.holder != null ? "back" : null;
    // A glow (a hint of "swap" or "drop") goes with the drawn card: never on its empty place.
    const drawn = button({
      testid: "skyjo-drawn", label: v.drawn_label || L.drawn || "", source: holding ? S().drawn : null,
      cls: ["sj-drawn", selected === S().drawn ? "sj-selected" : "", inHand == null ? "sj-empty" : "",
        inHand != null && hinted(S().drawn, S().drop, "skyjo-drawn") ? "sj-hinted" : ""].join(" "),
      content: cardNode(inHand, v),
      onclick: () => (holding ? choose(S().drawn) : send({ type: "select", source: S().drawn })),
    });
    return h("div", { class: "sj-center" },
      pile(L.draw_pile || "", drawPile), pile(L.discard_pile || "", discard), pile(L.drawn || "", drawn));
  }

  function draw() {
    const v = view();
    frame.start(v);
    if (!v.players) return;
    if (!v.interactive || v.scene !== lastScene) selected = null;
    // A lesson's new table (the next step, or the step again) is no move: nothing on it
    // turns over or flies away.
    if (previous?.scene !== v.scene) previous = null;
    // The drawn card is in the learner's hand until it is placed or dropped.
    if (v.interactive && v.drawn != null && selected !== S().drop) selected = S().drawn;
    if (v.drawn == null && (selected === S().drawn || selected === S().drop)) selected = null;
    drawnWith = selected;
    lastScene = v.scene;
    root.classList.toggle("sj-waiting", !v.interactive);
    root.say("phase", v.phase_label);
    const others = v.players.filter((p) => !p.is_me);
    root.style.setProperty("--sj-others", String(others.length));
    // Five opponents or more take two rows on a projector: the learner's grid gives way.
    root.classList.toggle("sj-crowded", others.length >= 5);

    root.append(
      h("div", { class: `sj-phase sj-phase-${v.phase}`, "data-testid": "skyjo-phase", text: v.phase_label }),
      h("div", { class: "sj-others" }, others.map((p) => otherGrid(p, v))),
      h("div", { class: "sj-bottom" }, center(v), grid(v.players[v.me], v)));
    if (v.result) {
      const result = h("div", { class: "sj-result", "data-testid": "skyjo-result" },
        h("strong", { text: v.result.label }), " ", v.result.doubled_label);
      root.say("result", result.textContent.trim());
      root.append(result);
      // A round just ended: its scores grow the table past a laptop's screen (1280 x 800),
      // the learner's own score and the result under the fold. Bring them into sight.
      intoSight(result, "result", !!previous && !previous.result);
    }
    if (v.status) {
      const status = statusLine("sj", v);
      root.append(status);
      if (v.status_kind !== "todo" && status.offsetParent !== null) {
        intoSight(status, "status:" + v.status, v.status !== lastStatus);
      }
    }
    lastStatus = v.status || "";
    keys.textContent = (v.labels || {}).keys || "";
    const bounce = frame.end(v);
    if (previous && previous !== v) clearedColumns(previous, v);
    previous = v;
    // A wrong try in a lesson is taken back: its card flies from where it was put to its pile.
    if (bounce) fly(byTestid(root, bounce.from), byTestid(root, bounce.to), bounce.card, v, { testid: "bounce" });
  }

  // A column of three equal cards leaves for the discard pile: copies of its cards fly
  // from where they lay onto the pile.
  function clearedColumns(before, v) {
    const target = root.querySelector('[data-testid="skyjo-discard"]');
    for (const p of v.players) {
      const old = before.players?.[p.seat]?.cards;
      if (!old) continue;
      p.cards.forEach((c, i) => {
        if (c.state !== "cleared" || old[i]?.state === "cleared") return;
        const from = root.querySelector(`[data-testid="grid-${p.seat}-${i}"]`);
        fly(from, target, v.discard_top, v, { duration: 900, fade: true });
      });
    }
  }

  // Beside the table, not in it: the next view (a bot's move a moment later) redraws the
  // table. `sj-flying` marks it for the browser tests.
  function fly(from, to, card, v, { testid, ...options } = {}) {
    const start = from?.querySelector(".sj-card") || from;
    const node = cardNode(card, v, { "data-testid": testid });
    node.classList.add("sj-flying");
    if (start) node.style.setProperty("--sj-w", `${start.getBoundingClientRect().width}px`);
    flyCard(node, start, to, el, options);
  }

  function onKey(ev) {
    // The discard pile's card is put down again (Python hears of it: it no longer says
    // the card is held); a drawn card dropped goes back into the hand.
    if (ev.key === "Escape" && selected === S().discard) choose(S().discard);
    else if (ev.key === "Escape" && selected && selected !== S().drawn) {
      selected = view().drawn != null ? S().drawn : null;
      draw();
    }
  }

  // On a projector the room sees the whole table: one that is laid out anew (shown, or
  // grown: two rows of opponents, the round's result) and runs past the screen while it
  // would fit is scrolled to the screen's top, the app's title and language row above it
  // scrolled away (a demo of 7 or 8 players ran 20 to 90 px past 1080). A table the
  // teacher scrolled away from stays where it is until its size changes.
  const fit = new ResizeObserver(() => {
    if (!root.closest(".sb-projector")) return;
    const box = root.getBoundingClientRect();
    if (box.height === 0 || box.height > innerHeight + 1) return;
    if (box.top < -1 || box.bottom > innerHeight + 1) root.scrollIntoView({ block: "start", behavior: "auto" });
  });
  fit.observe(root);

  root.addEventListener("keydown", onKey);
  model.on("change:view", draw);
  draw();
  return () => {
    fit.disconnect();
    root.removeEventListener("keydown", onKey);
  };
}

export default { render };
