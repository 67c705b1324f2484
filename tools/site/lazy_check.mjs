// What tools/site/pycompile.py's LAZY edits leave out of the kernel's start, and that the
// code they moved still runs when called: `node lazy_check.mjs SITE_FOLDER` prints one
// JSON object (tests/site/test_lazy.py reads it).
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { loadPyodide } from "pyodide";

const site = resolve(process.argv[2]);
const config = JSON.parse(readFileSync(`${site}/jupyter-lite.json`, "utf8"));
const kernel = config["jupyter-config-data"].litePluginSettings["@jupyterlite/pyodide-kernel-extension:kernel"];
const pyodide = await loadPyodide({ indexURL: `${site}/static/pyodide/`, stdout: () => {}, stderr: () => {} });
await pyodide.loadPackage(kernel.loadPyodideOptions.packages, { messageCallback: () => {} });
const result = await pyodide.runPythonAsync(`
import json, sys
import piplite.piplite, pyodide_kernel
import skipbo_widgets.widgets.page.voila_request, skipbo_widgets.widgets.shell.app

LEFT_OUT = ["prompt_toolkit", "urllib.request", "http.client", "pstats",
            "cProfile", "pydoc", "_strptime", "skipbo_widgets.bench", "skipbo_widgets.devtools"]
loaded_at_start = [name for name in LEFT_OUT if name in sys.modules]

import traitlets
from ipywidgets.widgets.trait_types import Color
from IPython.core import tbtools, ultratb
from IPython.core.magics.code import CodeMagics

class Styled(traitlets.HasTraits):
    colour = Color(None, allow_none=True)

colours = []
for colour in ("red", "#a80", "var(--sb-accent, red)", "var(nonsense"):
    try:
        colours.append(Styled(colour=colour).colour)
    except traitlets.TraitError:
        colours.append(None)
try:
    1 / 0
except ZeroDivisionError:
    traceback = ultratb.VerboseTB(theme_name="nocolor").text(*sys.exc_info())
shell = pyodide_kernel.ipython_shell
profile = shell.run_line_magic("prun", "-q -r sum(range(10))")
from datetime import datetime
json.dumps({
    "loaded_at_start": loaded_at_start,
    "colours": colours,
    "text_repr": tbtools.text_repr(list(range(3))),
    "traceback": "ZeroDivisionError" in traceback,
    "prun": type(profile).__name__,
    "strptime": datetime.strptime("2026-11-28", "%Y-%m-%d").day,
    "cell_magics": sorted(n for n in ("bash", "script", "html") if shell.find_cell_magic(n)),
    "pastebin_imports": sorted(set(CodeMagics.pastebin.__code__.co_names) & {"Request", "urlopen"}),
})
`);
console.log(result);
