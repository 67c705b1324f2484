// The Skip-Bo card table: draws the `view` traitlet, turns clicks, drags and
// keys into move requests. It knows no rule and no notation: the view gives every
// pile's source and target name, the legal targets of every source and the faces of
// the cards (docs/table-view.md); the page sends those names back and Python checks
// every request again.

import { byTestid, flyCard, h, mount, named, redraws, scrollIntoSight, statusLine } from "../table/fly.js";

// A card's face as printed, from the view (letters in the learner's language: B for Bube).
function face(card, view) {
  return (view.card_faces || {})[String(card)] || { text: "", corner: "", band: "" };
}

// One card face. `card` is null for an empty slot, "back" for a face-down card.
function cardNode(card, view, extra = {}) {
  const faces = view.faces;
  if (card === null || card === undefined) {
    return h("div", { class: "sb-card sb-empty", "aria-hidden": "true" });
  }
  if (card === "back") {
    return h("div", { class: "sb-card sb-back", "aria-hidden": "true" },
      h("span", { class: "sb-back-logo", text: view.card_back || "" }));
  }
  const { text, corner, band } = face(card, view);
  const cls = `sb-card sb-face sb-${band} sb-faces-${faces}` + (band === "wild" ? " sb-wild" : "");
  // A number card's band is also a shape under the number (table.css), not only its colour.
  // A screen reader hears the card in its pile's name ("Hand: 5"), not its corners.
  return h("div", { class: cls, "data-card": card, "aria-hidden": "true", ...extra },
    h("span", { class: "sb-corner sb-tl", text: corner }),
    h("span", { class: "sb-value", text }),
    band === "wild" ? null : h("span", { class: "sb-mark", "data-band": band, "aria-hidden": "true" }),
    h("span", { class: "sb-corner sb-br", text: corner }));
}

function render({ model, el }) {
  let selected = null; // a source's name, as the view gives it
  let drawnWith; // the selection the table was last drawn with
  let lastStatus = "";
  let lastScene; // a lesson's table number (a new step, or the step started again)
  const root = mount(el, "sb-host", { class: "sb-table", "data-testid": "table" });
  const frame = redraws(root, () => draw(), { lit: { cls: "sb-hinted" } });
  // The keys that play the table, in a line under it (not on the felt: it takes no room
  // from the cards).
  const keys = h("p", { class: "sb-keys", "data-testid": "keys-help" });
  el.append(keys);

  const view = () => model.get("view") || {};
  const legalTargets = (source) => (view().legal || {})[source] || [];

  // After a click's request the table is drawn again at once only if the click changed
  // what is picked up (the kernel's answer draws it anyway): drawing the whole table for
  // nothing held that answer back as long again.
  const drawIfPicked = () => { if (selected !== drawnWith) draw(); };

  function request(source, targetId) {
    selected = null;
    model.send({ type: "move", source, target: targetId });
    drawIfPicked();
  }

  function select(source) {
    // Nothing is picked up while the table only shows (someone else's turn, a lesson
    // step without a task); Python still hears of the click and can say why.
    const interactive = view().interactive;
    selected = selected === source || !interactive ? null : source;
    model.send({ type: "select", source: interactive ? selected : source });
    drawIfPicked();
    if (selected) root.querySelector(".sb-legal")?.focus();
  }

  // Piles nobody plays from (an opponent's, the draw pile, the completed piles) are no
  // source, but a click on one is answered: Python says whose or what it is.
  function look(pile) {
    return () => {
      selected = null;
      model.send({ type: "look", pile });
      drawIfPicked();
    };
  }

  // Every pile or card one can act on is one real <button>: focusable, read by
  // screen readers, usable with Enter/Space. It can be a source (pick the card
  // up), a target (put the selected card here), or both (a discard pile).
  // `empty`: the source this pile would be if it had a card (a click on it is answered).
  function pileButton({ source = null, targetId = null, empty = null, content, label, testid, cls = "" }) {
    const v = view();
    const classes = ["sb-pile-button", cls];
    if (source && selected === source) classes.push("sb-selected");
    const hinted = v.highlight || [];
    if ((source && hinted.includes(source)) || (targetId && hinted.includes(targetId))) {
      classes.push("sb-hinted");
    }
    if (targetId && selected && selected !== source) {
      classes.push("sb-armed");
      if (legalTargets(selected).includes(targetId)) classes.push("sb-legal");
    }
    return h("button", {
      type: "button",
      class: classes.join(" "),
      "data-testid": testid,
      "data-source": source,
      "data-target": targetId,
      "aria-pressed": source ? String(selected === source) : null,
      onclick: () => {
        if (selected && targetId && selected !== source) request(selected, targetId);
        else if (source) select(source);
        else if (targetId) model.send({ type: "target", target: targetId });
        else if (empty) model.send({ type: "select", source: empty });
      },
      ...frame.drag({
        source, can: v.interactive, pick: (picked) => { selected = picked; },
        drop: targetId && ((dragged) => {
          const from = dragged || selected;
          if (from && from !== source) request(from, targetId);
        }),
      }),
    }, content, named(label));
  }

  function stack(cards, v, max = 6) {
    const shown = cards.slice(-max);
    return h("div", { class: "sb-stack" },
      shown.length ? shown.map((c) => cardNode(c, v)) : [cardNode(null, v)]);
  }

  function playerPanel(p, v) {
    const L = v.labels || {};
    const mine = p.seat === v.me;
    // The learner's or the partner's: an opponent's piles are no sources. A static site's
    // kernel (Pyodide) sends Python's None as undefined, Voilà's as null: `!= null` is both.
    const ours = p.stock_source != null;
    const classes = ["sb-player", mine ? "sb-me" : "sb-other"];
    if (p.is_current) classes.push("sb-current");
    if (p.is_partner) classes.push("sb-partner");

    const stockCard = p.stock_count ? p.stock_top : null;
    // What a pile is called, and the card on top of it (a screen reader hears no picture).
    const topped = (label, card) => (card != null ? `${label}: ${face(card, v).text}` : label);
    const stockLabel = topped(`${mine ? "" : p.name + ": "}${L.stock_pile || ""}, ${p.stock_count}`, stockCard);
    let stock;
    if (!ours) {
      stock = h("div", { class: "sb-stock-pile", "data-testid": `stock-${p.seat}`, title: stockLabel,
        role: "img", "aria-label": stockLabel, onclick: look(`stock-${p.seat}`) }, cardNode(stockCard, v));
    } else if (stockCard != null) {
      stock = pileButton({ source: p.stock_source, content: cardNode(stockCard, v), label: stockLabel,
        testid: `stock-${p.seat}`, cls: "sb-stock-pile" });
    } else {
      // An empty stock pile is no source, but a click on it still reaches Python,
      // which says why nothing can come from it.
      stock = h("button", {
        type: "button", class: "sb-pile-button sb-stock-pile sb-stock-empty",
        "data-testid": `stock-${p.seat}`,
        onclick: () => {
          selected = null;
          model.send({ type: "select", source: p.stock_source });
          drawIfPicked();
        },
      }, cardNode(null, v), named(stockLabel));
    }

    const discards = p.discards.map((pile, i) => {
      const label = topped(`${mine ? "" : p.name + ": "}${(v.discard_labels || [])[i] || ""}`, pile.at(-1));
      const testid = `discard-${p.seat}-${i}`;
      if (!ours) {
        return h("div", { class: "sb-discard", "data-testid": testid, title: label, role: "img", "aria-label": label,
          onclick: look(testid) }, stack(pile, v, 4));
      }
      const button = pileButton({
        source: pile.length ? p.discard_sources[i] : null,
        empty: p.discard_sources[i],
        targetId: p.discard_targets ? p.discard_targets[i] : null,
        content: stack(pile, v, mine ? 6 : 4), label, testid, cls: "sb-discard",
      });
      // The learner's piles are numbered as the lessons and messages name them.
      return mine ? h("div", { class: "sb-numbered" },
        h("span", { class: "sb-pile-no", "aria-hidden": "true", text: String(i + 1) }), button) : button;
    });

    const header = h("header", {},
      h("span", { class: "sb-name", text: p.name }),
      p.is_partner ? h("span", { class: "sb-badge", text: L.partner || "" }) : null,
      mine ? null : h("span", { class: "sb-hand-count", text: p.hand_label || "" }));
    const caption = (text) => (mine ? h("div", { class: "sb-label", text }) : null);
    return h("section", { class: classes.join(" "), "data-testid": `player-${p.seat}`, "aria-label": p.name },
      header,
      h("div", { class: "sb-row" },
        h("div", { class: "sb-stock" }, caption(L.stock_pile || ""), stock,
          h("span", { class: "sb-count", "data-testid": `stock-count-${p.seat}`, text: String(p.stock_count) })),
        h("div", { class: "sb-discard-area" }, caption(L.discard_piles || ""),
          h("div", { class: "sb-discards" }, discards))));
  }

  function draw() {
    const v = view();
    const L = v.labels || {};
    frame.start(v);
    if (!v.players) return;
    root.classList.toggle("sb-waiting", !v.interactive);
    if (!v.interactive || v.scene !== lastScene) selected = null; // a new table drops the card
    drawnWith = selected;
    lastScene = v.scene;

    root.append(h("div", { class: "sb-others" },
      v.players.filter((p) => p.seat !== v.me).map((p) => playerPanel(p, v))));

    const building = v.building.map((pile, i) => h("div", { class: "sb-build" },
      h("span", { class: "sb-pile-no", "aria-hidden": "true", text: String(i + 1) }),
      pileButton({
        targetId: pile.target,
        content: stack(pile.cards, v, 1),
        label: `${pile.label || ""}, ${pile.needs_label || ""}`,
        testid: `build-${i}`, cls: "sb-building-pile",
      }),
      h("span", { class: "sb-needs", "data-testid": `build-needs-${i}`, text: pile.needs_label || "" })));
    root.append(h("div", { class: "sb-center" },
      h("div", { class: "sb-side-pile", "data-testid": "draw-pile", title: L.draw_pile || "",
        onclick: look("draw-pile") },
        cardNode(v.draw_count ? "back" : null, v),
        h("span", { class: "sb-count", text: v.draw_label || "" })),
      h("div", { class: "sb-building" }, building),
      h("div", { class: "sb-side-pile", "data-testid": "completed", title: L.completed || "",
        onclick: look("completed") },
        cardNode(v.completed_top, v),
        h("span", { class: "sb-count", text: v.completed_label || "" }))));

    const me = v.players[v.me];
    const hand = v.hand.map((card, i) => pileButton({
      source: v.hand_sources[i],
      content: cardNode(card, v),
      label: `${L.hand || ""}: ${face(card, v).text}`,
      testid: `hand-card-${i}`, cls: "sb-hand-card",
    }));
    root.append(h("div", { class: "sb-mine" },
      playerPanel(me, v),
      h("section", { class: "sb-hand", "data-testid": "hand", "aria-label": L.hand || "" },
        h("div", { class: "sb-label", text: L.hand || "" }),
        h("div", { class: "sb-hand-cards" }, hand),
        v.can_end ? h("button", { type: "button", class: "sb-end", "data-testid": "end-turn",
          onclick: () => model.send({ type: "move", move: v.end_move }), text: L.end_turn || "" }) : null)));

    if (v.status) {
      const status = statusLine("sb", v);
      root.append(status);
      // A new message below the fold (a phone) is scrolled into sight; a lesson's task
      // ("todo") is not: the learner first reads the step's text above the table.
      if (v.status !== lastStatus && v.status_kind !== "todo" && status.offsetParent !== null) {
        requestAnimationFrame(() => scrollIntoSight(status));
      }
    }
    lastStatus = v.status || "";
    keys.textContent = L.keys || "";
    const bounce = frame.end(v);
    if (bounce) flyBack(bounce, v);
  }

  // A wrong try in a lesson is taken back: a copy of the card flies from where it was put
  // to where it came from, so the learner sees it go back.
  function flyBack(bounce, v) {
    const from = byTestid(root, bounce.from);
    const card = cardNode(bounce.card, v, { "data-testid": "bounce", "aria-hidden": "true" });
    flyCard(card, from?.querySelector(".sb-card") || from, byTestid(root, bounce.to), root);
  }

  function onKey(ev) {
    if (ev.key === "Escape" && selected) {
      selected = null;
      draw();
    }
  }

  root.addEventListener("keydown", onKey);
  model.on("change:view", draw);
  draw();
  return () => root.removeEventListener("keydown", onKey);
}

export default { render };
