// The class view's table: drawn from the kernel's HTML; a click or tap on a pupil's row
// (or Enter/Space on the name, a button) asks for their details. Clock times are said in
// the teacher's own time zone: the kernel may run in another one.
function render({ model, el }) {
  const box = document.createElement("div");
  el.append(box);
  const draw = () => {
    const focused = box.contains(document.activeElement)
      ? document.activeElement.closest("tr[data-pupil]")?.getAttribute("data-pupil") : null;
    box.innerHTML = model.get("value");
    const lang = model.get("lang") || undefined;
    for (const time of box.querySelectorAll("time[data-clock]")) {
      const at = new Date(Number(time.getAttribute("data-clock")) * 1000);
      time.textContent = at.toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit" });
    }
    // The rules' names stick below the games' names, however tall a projector makes those.
    const first = box.querySelector("thead tr");
    if (first) box.style.setProperty("--sb-class-head", `${first.getBoundingClientRect().height}px`);
    if (focused) {
      box.querySelector(`tr[data-pupil="${CSS.escape(focused)}"] button`)?.focus();
    }
  };
  const clicked = (event) => {
    const row = event.target.closest("tr[data-pupil]");
    if (row && box.contains(row)) model.send({ type: "pick", pupil: row.getAttribute("data-pupil") });
  };
  box.addEventListener("click", clicked);
  model.on("change:value", draw);
  model.on("change:lang", draw);
  draw();
  return () => {
    box.removeEventListener("click", clicked);
    model.off("change:value", draw);
    model.off("change:lang", draw);
  };
}

export default { render };
