// Where the kernel's start-up spends its time, step by step as pyodide-kernel's worker
// takes them, here under Node with the site's own runtime and wheels (the site
// benchmark runs it): `node startup.mjs SITE_FOLDER` prints one JSON object of seconds.
// With `--cpu` the seconds are the process's CPU time rather than the clock's; under
// `node --single-threaded` (V8's compilers and collector on the one thread) they survive
// a busy machine, as wall time does not: `node --single-threaded startup.mjs SITE --cpu`.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { loadPyodide } from "pyodide";

const site = resolve(process.argv[2]);
const config = JSON.parse(readFileSync(`${site}/jupyter-lite.json`, "utf8"));
const kernel = config["jupyter-config-data"].litePluginSettings["@jupyterlite/pyodide-kernel-extension:kernel"];
const parts = {};
const clock = process.argv[3] === "--cpu"
  ? () => { const { user, system } = process.cpuUsage(); return (user + system) / 1000; }
  : () => performance.now();
let last = clock();
const lap = (name) => {
  const now = clock();
  parts[name] = Math.round(now - last) / 1000;
  last = now;
};
const pyodide = await loadPyodide({ indexURL: `${site}/static/pyodide/`, stdout: () => {}, stderr: () => {} });
lap("runtime");
await pyodide.loadPackage(kernel.loadPyodideOptions.packages, { messageCallback: () => {} });
lap("unpack_wheels");
await pyodide.runPythonAsync("import piplite.piplite");
lap("import_piplite");
// The worker asks piplite for the kernel's packages it was not told are preloaded.
const preloaded = kernel.loadPyodideOptions.packages;
const asked = ["sqlite3", "ipykernel", "comm", "pyodide_kernel", "jedi", "ipython"]
  .filter((name) => !preloaded.includes(name))
  .map((name) => `await piplite.install('${name}', keep_going=True)`);
await pyodide.runPythonAsync([...asked, "import pyodide_kernel"].join("\n"));
lap("import_kernel");
// What the notebook imports before it builds the app: the imports the site's progress page
// has its early kernel make (tools/site/build.py reads them from notebooks/app.ipynb).
const page = readFileSync(`${site}/voici/render/app.html`, "utf8");
const early = JSON.parse(page.match(/^\s*const CONFIG = (.*);$/m)[1]).kernel.python.split("\n");
await pyodide.runPythonAsync(early.filter((line) => !/^import (piplite|pyodide_kernel)\b/.test(line)).join("\n"));
lap("import_app");
console.log(JSON.stringify(parts));
