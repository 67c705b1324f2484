/* skipbo-widgets: put first into pyodide-kernel's worker script by tools/site/build.py
 * (early_kernel). The app page's progress page makes this worker at once and posts it
 * `skipboEarly` (Pyodide's address and options, the Python to run): Pyodide starts,
 * loads the wheels and makes the kernel's and the app's imports while the page's own
 * JavaScript still loads. The worker's start (`initRuntime`) then takes this Pyodide
 * through `self.skipboEarly.take(options)` if its options are the same. */
(() => {
  let early = null;
  self.addEventListener("message", (event) => {
    const start = event.data && event.data.skipboEarly;
    if (!start) return;
    event.stopImmediatePropagation();
    if (early) return;
    importScripts(start.pyodideUrl);
    const loading = self.loadPyodide({ indexURL: start.indexUrl, ...start.loadPyodideOptions });
    early = { start, pyodide: loading.then(async (pyodide) => {
      // The same imports the worker makes next; a failure is left to them to report.
      try { await pyodide.runPythonAsync(start.python); } catch (error) { console.warn(error); }
      return pyodide;
    }) };
  });
  self.skipboEarly = { take(options) {
    const taken = early;
    early = null;
    if (!taken) return undefined;
    const asked = JSON.stringify(options.loadPyodideOptions || {});
    const same = new URL(options.pyodideUrl, self.location).href === taken.start.pyodideUrl
      && asked === JSON.stringify(taken.start.loadPyodideOptions);
    if (!same) console.warn("skipbo: the kernel's options differ from the early start's", options);
    return same ? taken.pyodide : undefined;
  } };
})();
