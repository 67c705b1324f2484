// Compiles the site's wheels to Python 3.13 bytecode with Pyodide's own Python (see
// pycompile.py): `node pycompile.mjs FOLDER`.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { loadPyodide } from "pyodide";

const folder = resolve(process.argv[2]);
const pyodide = await loadPyodide();
pyodide.FS.mkdirTree("/wheels");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: folder }, "/wheels");
pyodide.runPython(readFileSync(new URL("pycompile.py", import.meta.url), "utf8"));
