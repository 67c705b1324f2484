// Keeps the game in the browser's localStorage so a reload or a kernel restart
// can offer to resume it. Python validates whatever comes back like any save file.
function render({ model, el }) {
  el.classList.add("sb-store");
  el.setAttribute("data-testid", "store");
  const key = () => model.get("key");
  let stored = "";
  try {
    stored = window.localStorage.getItem(key()) || "";
  } catch (err) {
    stored = "";
  }
  model.send({ type: "stored", value: stored });

  // A write the browser refuses (storage full, blocked, or no localStorage at all, as in
  // some private modes) is reported once, and so is the first one that works again:
  // Python tells the learner that nothing is kept, and offers the file instead.
  let failing = false;
  const write = () => {
    const value = model.get("value");
    try {
      if (value) window.localStorage.setItem(key(), value);
      else window.localStorage.removeItem(key());
    } catch (err) {
      if (!failing) model.send({ type: "store-failed" });
      failing = true;
      return;
    }
    if (failing && value) {
      failing = false;
      model.send({ type: "store-ok" });
    }
  };
  model.on("change:value", write);

  // Another tab of this browser wrote the key (the event never reaches the writer):
  // Python says so and lets the learner choose, so no game is lost silently.
  const onStorage = (ev) => {
    if (ev.storageArea !== window.localStorage || ev.key !== key()) return;
    const value = ev.newValue || "";
    if (value !== model.get("value")) model.send({ type: "written-elsewhere", value });
  };
  window.addEventListener("storage", onStorage);

  model.on("msg:custom", (msg) => {
    if (msg && msg.type === "write") write(); // the same value again, after another tab's
    if (!msg || msg.type !== "download") return;
    const blob = new Blob([String(msg.text)], { type: "application/json" });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = String(msg.filename || "skipbo.json");
    el.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  });
  return () => {
    window.removeEventListener("storage", onStorage);
    model.off("change:value", write);
  };
}

export default { render };
