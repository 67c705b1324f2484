"""Run inside Pyodide by pycompile.mjs: each wheel in /wheels, and the standard library's
zip, gets its modules as bytecode of Pyodide's own Python (3.13), as Pyodide does for the
wheels it publishes, so a visitor's browser does not compile IPython, the standard
library and the rest at every kernel start.

Other packages lose their sources (Pyodide's wheels have none either, and the site stays
small), their test folders and what UNUSED names; ``KEEP_SOURCE`` packages keep their
sources, with the bytecode beside them, so a traceback in the app still shows its lines.
LAZY edits a line of a package before it is compiled (the build stops if the line is
not there).
"""

import importlib.util
import py_compile
import shutil
import tempfile
import zipfile
from pathlib import Path

WHEELS = Path("/wheels")
#: The standard library as Pyodide ships it: sources only, so every module the kernel's
#: start imports from it (a few hundred) was compiled in the visitor's browser each time.
STDLIB = "python_stdlib.zip"
KEEP_SOURCE = ("skipbo_widgets",)
#: IPython's Sphinx directive serves documentation builds.
UNUSED = ("IPython/sphinxext",)
#: Folders of which only these modules are kept: IPython colours Python (tracebacks,
#: object help) and nothing else in an app page; Pygments' other 250 lexers are 1.5 MB.
ONLY = {"pygments/lexers": ("__init__.py", "_mapping.py", "python.py", "special.py")}
#: ``IPython/__init__`` imports the terminal's ``embed`` (prompt_toolkit, a fifth of
#: IPython's import) that a kernel in a browser never calls: imported when it is called.
LAZY = {
    "IPython/__init__.py": (
        "from .terminal.embed import embed\n",
        "def embed(**kwargs):  # skipbo site: the terminal only when asked for\n"
        "    from .terminal.embed import embed as terminal_embed\n\n"
        "    return terminal_embed(**kwargs)\n",
    ),
}
#: Bytecode used as it is, whatever the sources' times after unpacking (PEP 552).
UNCHECKED = py_compile.PycInvalidationMode.UNCHECKED_HASH


def make_lazy(root: Path) -> None:
    for name, (line, lazy) in LAZY.items():
        source = root / name
        if source.exists():
            text = source.read_text()
            if line not in text:
                raise SystemExit(f"{name} no longer has {line!r}: see LAZY in pycompile.py")
            source.write_text(text.replace(line, lazy))


def compile_tree(root: Path) -> None:
    for source in sorted(root.rglob("*.py")):
        name = source.relative_to(root)
        if any(part.endswith(".dist-info") for part in name.parts):
            continue
        keep = name.parts[0] in KEEP_SOURCE
        if not keep and "tests" in name.parts:
            source.unlink()
            continue
        target = (importlib.util.cache_from_source(str(source)) if keep
                  else source.with_suffix(".pyc"))
        try:
            py_compile.compile(str(source), cfile=str(target), dfile=str(name), doraise=True,
                               invalidation_mode=UNCHECKED)
        except py_compile.PyCompileError:
            continue  # not Python 3.13 (a test fixture, a template): left as it is
        if not keep:
            source.unlink()


def compile_archive(path: Path) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        with zipfile.ZipFile(path) as archive:
            archive.extractall(root)
        for folder in UNUSED:
            shutil.rmtree(root / folder, ignore_errors=True)
        for folder, kept in ONLY.items():
            for module in (root / folder).glob("*.py"):
                if module.name not in kept:
                    module.unlink()
        make_lazy(root)
        compile_tree(root)
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
            for file in sorted(root.rglob("*")):
                if file.is_file():
                    archive.write(file, file.relative_to(root))


ARCHIVES = sorted([*WHEELS.glob("*.whl"), *WHEELS.glob(STDLIB)])
for archive in ARCHIVES:
    compile_archive(archive)
print(f"compiled {len(ARCHIVES)} archives for Python 3.13")
