// The rule sheet opens from a link (not a button through the kernel): a tab opened by
// the learner's own click passes every popup blocker, and a blob: address works the
// same under Voilà, in JupyterLab and on a static site.
function render({ model, el }) {
  const link = document.createElement("a");
  link.className = "jupyter-button widget-button sb-sheet-link";
  link.target = "_blank";
  link.rel = "noopener";
  link.setAttribute("data-testid", "rule-sheet");
  el.append(link);
  let address = "";
  const show = () => {
    if (address) URL.revokeObjectURL(address);
    address = URL.createObjectURL(new Blob([model.get("html")], { type: "text/html;charset=utf-8" }));
    link.href = address;
    link.textContent = model.get("label");
  };
  model.on("change:html", show);
  model.on("change:label", show);
  show();
  return () => {
    model.off("change:html", show);
    model.off("change:label", show);
    if (address) URL.revokeObjectURL(address);
  };
}

export default { render };
