"""Build the static site (``make site``): notebooks/app.ipynb as a Voici page whose
Python runs in the visitor's browser (Pyodide), every file it needs inside ``site/``.

Run with the build venv's Python (``.venv-site``, from tools/site/requirements.txt) after
``npm ci`` in tools/site (the Pyodide runtime). The steps and why each is needed are in
docs/site.md.
"""

from __future__ import annotations

import ast
import gettext
import hashlib
import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
WORK = ROOT / ".site-build"
OUT = ROOT / "site"
PYODIDE = HERE / "node_modules" / "pyodide"

#: The standard library, which pycompile.py compiles to bytecode as it does the wheels.
STDLIB = "python_stdlib.zip"
#: The runtime's files the kernel's worker loads; the ES module, source maps, typings and
#: demo consoles stay out.
RUNTIME = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", STDLIB)
#: What the kernel imports at start (pyodide-kernel's worker installs these through
#: piplite unless they are preloaded), then the app and what it needs.
KERNEL_START = ("micropip", "piplite", "sqlite3", "ipykernel", "comm", "pyodide-kernel",
                "jedi", "ipython")
#: What pyodide-kernel's worker names at start but an app page never imports: code
#: completion (jedi), the terminal (prompt_toolkit; IPython imports it lazily in the
#: site, see pycompile.py) and installing packages (micropip: the site installs nothing,
#: every package is preloaded and PyPI is disabled). Each becomes an empty stand-in
#: wheel, so the worker finds the name and unpacks and imports nothing (nor what only
#: they need: parso, wcwidth).
UNUSED_AT_START = ("jedi", "prompt-toolkit", "micropip")
#: The worker imports ``piplite.piplite``, sets two of its names and asks
#: ``piplite.install`` for the kernel's packages; this stand-in has only those (the real
#: one imports micropip and unittest.mock, a tenth of the kernel's start).
PIPLITE = {"piplite/__init__.py": "from .piplite import install\n",
           "piplite/piplite.py": (HERE / "piplite_stand_in.py").read_text()}
PROJECT = "skipbo-widgets"
APP = (PROJECT, "ipywidgets", "comm", "anywidget", "psygnal", "typing-extensions")
#: What the site is built from: when one of them changes, a build is stale.
INPUTS = ("skipbo_widgets", "notebooks/app.ipynb", "pyproject.toml", "tools/site/build.py",
          "tools/site/pycompile.py", "tools/site/pycompile.mjs", "tools/site/piplite_stand_in.py",
          "tools/site/requirements.txt",
          "tools/site/package-lock.json", "tools/site/progress.html", "tools/site/early_worker.js")
#: Written into the site: the digest of INPUTS it was built from (tests/site reads it).
STAMP = "build-inputs.sha256"
#: Pages of the Voici build that link Font Awesome from a CDN (the widget manager
#: bundles the font the buttons use).
CDN_LINK = re.compile(r'<link[^>]*(?:cdnjs|cdn\.jsdelivr|unpkg)[^>]*>\s*', re.IGNORECASE)
LABEXTENSIONS = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
#: The page extensions the app needs; the build venv has others (Voilà's JupyterLab
#: preview, Pygments' styles) that no page here uses.
EXTENSIONS = ("@jupyter-widgets/jupyterlab-manager", "@jupyterlite/pyodide-kernel-extension",
              "anywidget")
KERNEL_WHEELS = LABEXTENSIONS / "@jupyterlite" / "pyodide-kernel-extension" / "static" / "pypi"


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def wheel_name(filename: str) -> str:
    return canonical(filename.split("-", 1)[0])


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def inputs_digest() -> str:
    digest = hashlib.sha256()
    for name in INPUTS:
        top = ROOT / name
        for path in sorted([top] if top.is_file() else top.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def run(*cmd: str | Path, cwd: Path = ROOT) -> None:
    print("+", " ".join(str(c) for c in cmd), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, cwd=cwd)


def needed(lock: dict[str, Any], roots: tuple[str, ...]) -> list[str]:
    """The lock's entries that ``roots`` need, dependencies included; a compiled or
    unused entry becomes a stand-in without dependencies, so nothing below it is needed."""
    seen: list[str] = []
    todo = [canonical(r) for r in roots if canonical(r) in lock]
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.append(name)
            if is_real(name, lock[name]):
                todo += [canonical(d) for d in lock[name]["depends"]]
    return sorted(seen)


def is_pure(entry: dict[str, Any]) -> bool:
    return str(entry["file_name"]).endswith("-none-any.whl")


def is_real(name: str, entry: dict[str, Any]) -> bool:
    """Whether the site ships the package itself rather than a stand-in."""
    return is_pure(entry) and name not in UNUSED_AT_START


def stand_in(name: str, version: str, folder: Path, modules: dict[str, str] | None = None
             ) -> Path:
    """A wheel without the package's code (only ``modules``, if given) for a package
    that is named as a dependency but never imported here: a compiled one (only
    Pyodide's CDN has the real ones) or one of UNUSED_AT_START."""
    dist = f"{name.replace('-', '_')}-{version}"
    path = folder / f"{dist}-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as whl:
        for module, text in (modules or {}).items():
            whl.writestr(module, text)
        whl.writestr(f"{dist}.dist-info/METADATA",
                     f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
        whl.writestr(f"{dist}.dist-info/WHEEL",
                     "Wheel-Version: 1.0\nGenerator: skipbo-site\nRoot-Is-Purelib: true\n"
                     "Tag: py3-none-any\n")
        whl.writestr(f"{dist}.dist-info/RECORD", "")
    return path


def download(pins: list[str], folder: Path) -> None:
    """Pure-Python wheels from PyPI for Pyodide's Python (3.13)."""
    run(sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
        "--platform", "any", "--python-version", "3.13", "--implementation", "py",
        "-d", folder, *pins)


def app_pins() -> list[str]:
    """The app's runtime packages (but the project) at the build venv's pinned versions."""
    pins = {}
    for line in (HERE / "requirements.txt").read_text().splitlines():
        if "==" in line:
            name, version = line.split("#")[0].strip().split("==")
            pins[canonical(name)] = f"{name}=={version}"
    return [pins[name] for name in APP if name != PROJECT]


def clean_copy() -> Path:
    """What the project's wheel is built from, without what a build left in the checkout
    (setuptools' ``build/`` folder would put stale modules into the wheel)."""
    source = WORK / "src"
    shutil.rmtree(source, ignore_errors=True)
    shutil.copytree(ROOT / "skipbo_widgets", source / "skipbo_widgets",
                    ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source)
    return source


def entry(path: Path, depends: list[str]) -> dict[str, Any]:
    version = path.name.split("-")[1]
    return {"name": wheel_name(path.name), "version": version, "file_name": path.name,
            "install_dir": "site", "sha256": sha256(path), "package_type": "package",
            "imports": [], "depends": depends, "unvendored_tests": False}


def wheels(target: Path) -> list[str]:
    """Fill ``target`` with the runtime, the wheels and a lock naming only them; return
    the packages to load at kernel start."""
    original = json.loads((PYODIDE / "pyodide-lock.json").read_text())
    lock = {canonical(k): v for k, v in original["packages"].items()}
    folder = WORK / "wheels"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    used = needed(lock, KERNEL_START)
    download([f"{lock[n]['name']}=={lock[n]['version']}" for n in used if is_real(n, lock[n])]
             + app_pins(), folder)
    for whl in KERNEL_WHEELS.glob("*.whl"):
        if wheel_name(whl.name) in KERNEL_START and wheel_name(whl.name) != "piplite":
            shutil.copy(whl, folder)
    run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", folder, clean_copy())
    shutil.copy(PYODIDE / STDLIB, folder)
    run("node", HERE / "pycompile.mjs", folder)

    packages: dict[str, Any] = {}
    for name in used:
        if not is_real(name, lock[name]):
            path = stand_in(name, lock[name]["version"], folder)
            packages[name] = entry(path, [])
    piplite = stand_in("piplite", "0.7.0", folder, PIPLITE)
    packages["piplite"] = entry(piplite, [])
    for path in sorted(folder.glob("*.whl")):
        name = wheel_name(path.name)
        if name in packages:
            continue
        depends = [canonical(d) for d in lock[name]["depends"]] if name in lock else []
        packages[name] = entry(path, depends) | (
            {"imports": lock[name]["imports"]} if name in lock else {})
    missing = [d for e in packages.values() for d in e["depends"] if d not in packages]
    if missing:
        raise SystemExit(f"the lock names packages with no wheel: {sorted(set(missing))}")

    target.mkdir(parents=True)
    for name in RUNTIME:
        shutil.copy((folder if name == STDLIB else PYODIDE) / name, target)
    for e in packages.values():
        shutil.copy(folder / e["file_name"], target)
    (target / "pyodide-lock.json").write_text(
        json.dumps({"info": original["info"], "packages": packages}, indent=1))
    return [n for n in dict.fromkeys((*KERNEL_START, *APP)) if n in packages]


def lite_config(preload: list[str]) -> Path:
    lite = WORK / "lite"
    shutil.rmtree(lite, ignore_errors=True)
    lite.mkdir(parents=True)
    kernel = {
        "pyodideUrl": "./static/pyodide/pyodide.js",
        "disablePyPIFallback": True,
        "loadPyodideOptions": {"packages": preload},
    }
    config = {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": kernel}}}
    (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=1))
    for name in EXTENSIONS:
        shutil.copytree(LABEXTENSIONS / name, lite / "labextensions" / name)
    build = {"LiteBuildConfig": {"ignore_sys_prefix": ["federated_extensions"]},
             "FederatedExtensionAddon": {"extra_labextensions_path": [
                 str(lite / "labextensions")]}}
    (lite / "jupyter_lite_config.json").write_text(json.dumps(build, indent=1))
    return lite


def trim(out: Path) -> None:
    """Drop what no page of the site loads, and every link to another host."""
    shutil.rmtree(out / "build")  # JupyterLab's own app: Voici brings its own in voici/
    for page in out.rglob("*.html"):
        text = page.read_text()
        if CDN_LINK.search(text):
            page.write_text(CDN_LINK.sub("", text))


#: The progress page's texts (``site.loading.<name>`` in the catalogs) and its languages.
PROGRESS_TEXTS = ("title", "note", "page", "download", "python", "app", "bar")
LOCALES = ROOT / "skipbo_widgets" / "i18n" / "locale"
#: Where the app's page is, and the runtime seen from it.
APP_PAGE = Path("voici") / "render" / "app.html"
RUNTIME_URL = "../../static/pyodide/"


def add_progress_page(out: Path, runtime: Path, kernel: dict[str, Any]) -> None:
    """Put the progress page (tools/site/progress.html) first into the app's body, with
    every language's texts, the files the kernel's worker will load and what it needs
    to start that worker (``kernel``, see early_kernel)."""
    texts = {}
    for mo in sorted(LOCALES.glob("*/LC_MESSAGES/skipbo.mo")):
        with mo.open("rb") as f:
            catalog = gettext.GNUTranslations(f)
        texts[mo.parts[-3]] = {k: catalog.gettext(f"site.loading.{k}") for k in PROGRESS_TEXTS}
        texts[mo.parts[-3]]["play"] = catalog.gettext("home.play")  # the home screen's button
    files = [[RUNTIME_URL + p.name, p.stat().st_size] for p in sorted(runtime.iterdir())
             if p.name in RUNTIME or p.suffix == ".whl"]
    config = json.dumps({"texts": texts, "files": files, "kernel": kernel}, ensure_ascii=False)
    fragment = (HERE / "progress.html").read_text().replace("__SKIPBO_PROGRESS__", config)
    page = out / APP_PAGE
    html = page.read_text()
    body = re.search(r"<body[^>]*>", html)
    if body is None:
        raise SystemExit(f"no <body> in {page}")
    page.write_text(html[:body.end()] + "\n" + fragment + html[body.end():])


INDEX = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Skip-Bo</title>
<!-- The app keeps the query (?lang=fr and later ?game=, ?deal=, ?view=). -->
<script>location.replace("voici/render/app.html" + location.search + location.hash);</script>
<noscript><meta http-equiv="refresh" content="0; url=voici/render/app.html"></noscript>
</head>
<body><a href="voici/render/app.html">Skip-Bo</a></body>
</html>
"""


#: JupyterLite's service worker (Voici registers it) answers every request of a page it
#: controls by fetching it itself, its cache being off: a second visit, which it controls,
#: got every file through it. It is left to answer only its own requests (the file store's
#: and stdin's): (what the built worker says, what it says instead).
SERVICE_WORKER = ("service-worker.js", "voici/build/service-worker.js")
SERVICE_WORKER_EDIT = ("shouldDrop(t,a)||(n=maybeFromCache(e))",
                       "shouldDrop(t,a)||!enableCache||(n=maybeFromCache(e))")


def quiet_service_worker(out: Path) -> None:
    """Leave the browser to fetch what the service worker would only fetch for it."""
    old, new = SERVICE_WORKER_EDIT
    for name in SERVICE_WORKER:
        path = out / name
        text = path.read_text()
        if text.count(old) != 1:
            raise SystemExit(f"{path}: the service worker has changed; see SERVICE_WORKER_EDIT")
        path.write_text(text.replace(old, new))


#: pyodide-kernel's extension, in the site.
KERNEL_STATIC = Path("extensions") / "@jupyterlite" / "pyodide-kernel-extension" / "static"
#: Where the page's kernel makes its worker (the second one: Voici's page is not
#: cross-origin isolated); group 2 is the worker script's chunk.
WORKER_NEW = re.compile(r"initWorker\(e\)\{return crossOriginIsolated\?new Worker\(.*?\):"
                        r"(new Worker\(new URL\(n\.p\+n\.u\((\d+)\),n\.b\),\{type:void 0\}\))\}")
#: The worker's start, in its script: Pyodide's ``loadPyodide`` call, which the worker
#: makes once the page's JavaScript (a second, on a second visit) has asked for a kernel.
WORKER_LOAD = ("this._pyodide=await t({indexURL:s,", "...e.loadPyodideOptions}),")


def early_kernel(out: Path) -> str:
    """Let the progress page start the kernel's worker at once: Pyodide, the wheels and
    the kernel's and the app's imports then run while the page's own JavaScript loads,
    on the second core; return the worker script's address from the app page."""
    static = out / KERNEL_STATIC
    makers = [(p, m) for p in static.glob("*.js") for m in WORKER_NEW.finditer(p.read_text())]
    if len(makers) != 1:
        raise SystemExit(f"{static}: the kernel makes its worker elsewhere; see WORKER_NEW")
    page, made = makers[0]
    workers = list(static.glob(f"{made[2]}.*.js"))
    text = workers[0].read_text() if len(workers) == 1 else ""
    start, end = WORKER_LOAD
    if text.count(start) != 1 or text.count(end) != 1:
        raise SystemExit(f"{static}: the kernel's worker has changed; see WORKER_LOAD")
    # tools/site/early_worker.js first; its Pyodide taken where the worker would load one.
    text = text.replace(start, start.replace("await t(", "await(self.skipboEarly.take(e)??t("))
    workers[0].write_text((HERE / "early_worker.js").read_text()
                          + text.replace(end, end[:-1] + "),"))
    page.write_text(page.read_text().replace(
        made[1], f"(globalThis.skipboEarlyWorker?.take()||{made[1]})"))
    return "../../" + (KERNEL_STATIC / workers[0].name).as_posix()


def app_imports() -> list[str]:
    """The modules the app notebook imports, which the kernel's early start imports."""
    cells = json.loads((ROOT / "notebooks" / "app.ipynb").read_text())["cells"]
    names: list[str] = []
    for cell in cells:
        if cell["cell_type"] == "code":
            for node in ast.walk(ast.parse("".join(cell["source"]))):
                if isinstance(node, ast.ImportFrom) and node.module:
                    names.append(node.module)
                elif isinstance(node, ast.Import):
                    names += [alias.name for alias in node.names]
    return names


def main() -> int:
    if not (PYODIDE / "pyodide-lock.json").exists():
        raise SystemExit(f"no Pyodide runtime in {PYODIDE}: run `npm ci` in {HERE}")
    digest = inputs_digest()  # before building: an edit made meanwhile makes it stale
    shutil.rmtree(OUT, ignore_errors=True)
    WORK.mkdir(exist_ok=True)
    staging = WORK / "pyodide"
    shutil.rmtree(staging, ignore_errors=True)
    preload = wheels(staging)
    lite = lite_config(preload)
    run(Path(sys.executable).parent / "voici", "build", "--lite-dir", lite,
        "--contents", ROOT / "notebooks" / "app.ipynb", "--output-dir", OUT,
        "--no-sourcemaps", "--no-unused-shared-packages", cwd=lite)
    trim(OUT)
    quiet_service_worker(OUT)
    worker = early_kernel(OUT)
    shutil.copytree(staging, OUT / "static" / "pyodide")
    # The worker's own first Python (pyodide-kernel's initPackageManager and initKernel),
    # then the notebook's imports.
    python = "\n".join(["import piplite.piplite", "import pyodide_kernel",
                        *(f"import {name}" for name in app_imports())])
    add_progress_page(OUT, staging, {"worker": worker, "pyodide": RUNTIME_URL + "pyodide.js",
                                     "options": {"packages": preload}, "python": python})
    (OUT / "index.html").write_text(INDEX)
    (OUT / STAMP).write_text(digest + "\n")
    size = sum(p.stat().st_size for p in OUT.rglob("*") if p.is_file())
    print(f"site/: {size / 1e6:.1f} MB, preloaded: {', '.join(preload)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
