// A button that opens one file. The page checks the size before sending: a
// message over the server's websocket limit (10 MiB) would close the connection
// and leave the learner without any answer. A file too big is reported by size.
function render({ model, el }) {
  const input = document.createElement("input");
  input.type = "file";
  input.hidden = true;
  input.setAttribute("data-testid", "load-file-input");
  const button = document.createElement("button");
  button.type = "button";
  button.className = "jupyter-button widget-button sb-file-picker";
  button.setAttribute("data-testid", "load-file");
  const show = () => {
    button.textContent = model.get("label");
    input.accept = model.get("accept");
  };
  button.addEventListener("click", () => input.click());
  input.addEventListener("change", async () => {
    const file = input.files && input.files[0];
    input.value = ""; // the same file can be chosen again
    if (!file) return;
    const head = { name: file.name.slice(0, 255), size: file.size };
    if (file.size > model.get("max_size")) {
      model.send({ type: "too-big", ...head });
      return;
    }
    const data = await file.arrayBuffer();
    model.send({ type: "file", name: head.name, size: data.byteLength }, undefined, [data]);
  });
  model.on("change:label", show);
  model.on("change:accept", show);
  show();
  el.append(button, input);
  return () => {
    model.off("change:label", show);
    model.off("change:accept", show);
  };
}

export default { render };
