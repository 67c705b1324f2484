// What building the app's home screen costs under Pyodide (issue 26), with the site's own
// runtime and wheels: Node's CPU seconds of importing the app and of App("en") (the first,
// with the imports it makes, and a second), the comm messages the first sends (their JSON
// size), the app's modules. The app's package comes from SRC (a checkout's folder, its
// sources compiled to bytecode first, as the site's wheels are), so two checkouts compare
// on one site:   node tools/home_start.mjs SITE SRC   (tools/home_start.py: the same in
// CPython; Pyodide comes from tools/site's node_modules, `npm ci` there).
import { readFileSync, writeSync } from "node:fs";
import { resolve } from "node:path";
import { createRequire } from "node:module";
const { loadPyodide } = createRequire(new URL("./site/package.json", import.meta.url))("pyodide");
const site = resolve(process.argv[2]);
const src = resolve(process.argv[3]);
const config = JSON.parse(readFileSync(`${site}/jupyter-lite.json`, "utf8"));
const kernel = config["jupyter-config-data"].litePluginSettings["@jupyterlite/pyodide-kernel-extension:kernel"];
const pyodide = await loadPyodide({ indexURL: `${site}/static/pyodide/`, stdout: () => {}, stderr: () => {} });
const run = async (code) => {
  const wrapped = "import traceback as _tb\n_err = ''\ntry:\n" + code.split("\n").map((l) => "    " + l).join("\n")
    + "\nexcept BaseException:\n    _err = _tb.format_exc()\n_err";
  const err = await pyodide.runPythonAsync(wrapped);
  if (err) { writeSync(1, err.slice(-3000) + "\n"); process.exit(1); }
};
await pyodide.loadPackage(kernel.loadPyodideOptions.packages, { messageCallback: () => {} });
await run("import piplite.piplite");
const preloaded = kernel.loadPyodideOptions.packages;
const asked = ["sqlite3", "ipykernel", "comm", "pyodide_kernel", "jedi", "ipython"]
  .filter((name) => !preloaded.includes(name))
  .map((name) => `await piplite.install('${name}', keep_going=True)`);
await run([...asked, "import pyodide_kernel", "import ipywidgets, anywidget"].join("\n"));
pyodide.FS.mkdirTree("/src");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: src }, "/src");
await run(`import sys, compileall
for m in [m for m in sys.modules if m.startswith("skipbo_widgets")]: del sys.modules[m]
sys.path.insert(0, "/src")
compileall.compile_dir("/src/skipbo_widgets", quiet=2)
import json
from IPython.core.getipython import get_ipython
from IPython.core.interactiveshell import InteractiveShell
shell = get_ipython() or InteractiveShell.instance()
sent = []
def send_comm(msg_type, content, metadata, topic, buffers):
    sent.append(len(json.dumps(content, default=str)))  # what the worker posts
shell.send_comm = send_comm
assert get_ipython() is shell`);
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };
const parts = {};
let t = cpu();
await run("import skipbo_widgets.widgets.page.voila_request, skipbo_widgets.widgets.shell.app as a\nassert a.__file__.startswith('/src'), a.__file__");
parts.import_app_cpu_s = +(cpu() - t).toFixed(3); t = cpu();
await run("sent.clear()\nfrom skipbo_widgets.widgets.shell.app import App\napp = App('en')\nfirst = list(sent)");
parts.first_app_cpu_s = +(cpu() - t).toFixed(3); t = cpu();
await run("App('en')");
parts.second_app_cpu_s = +(cpu() - t).toFixed(3);
parts.messages = pyodide.runPython("len(first)");
parts.kb = pyodide.runPython("round(sum(first) / 1000, 1)");
parts.modules = pyodide.runPython("len([m for m in sys.modules if m.startswith('skipbo_widgets')])");
writeSync(1, JSON.stringify(parts) + "\n");
