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
#: Left out (glob patterns), fewer files to unpack at every kernel start: IPython's
#: Sphinx directive and doctest plugin; the terminal's shortcuts and GUI event loops
#: (they need prompt_toolkit, a stand-in here) and Qt loaders; anywidget's front-end
#: bundles (the page loads its own copy); psygnal's PyInstaller hook, Qt and test helpers;
#: the project's benchmarks, fuzzer, dev tools, Voila server hook, self-check, catalog
#: compiler and ``.po`` sources (the app reads the ``.mo`` files). tests/site checks that
#: no module the app keeps imports one of the project's.
UNUSED = ("IPython/sphinxext", "IPython/testing/plugin", "IPython/terminal/shortcuts",
          "IPython/external/qt_*.py", "anywidget/labextension", "anywidget/nbextension",
          "anywidget-*.data", "psygnal/_pyinstaller_util", "psygnal/qt.py",
          "psygnal/testing.py", "skipbo_widgets/bench", "skipbo_widgets/fuzz",
          "skipbo_widgets/devtools.py", "skipbo_widgets/server.py",
          "skipbo_widgets/selfcheck.py", "skipbo_widgets/i18n/build.py",
          "skipbo_widgets/i18n/locale/*/LC_MESSAGES/*.po")
#: Folders of which only these modules are kept: IPython colours Python (tracebacks,
#: object help) and nothing else in an app page; Pygments' other 250 lexers are 1.5 MB.
#: The terminal's modules need prompt_toolkit; the kernel imports only the two packages.
ONLY = {"pygments/lexers": ("__init__.py", "_mapping.py", "python.py", "special.py"),
        "IPython/terminal": ("__init__.py",),
        "IPython/terminal/pt_inputhooks": ("__init__.py",)}
#: Imports moved from a module's start to where they are used, as (old, new) edits that
#: must each match once (else the build stops): code a kernel in a browser never or only
#: rarely runs. ``IPython/__init__`` imports the terminal's ``embed`` (prompt_toolkit, a
#: fifth of IPython's import); ``%pastebin`` urllib.request (with http.client and email);
#: ``%prun`` cProfile and pstats; tracebacks' ``text_repr`` pydoc (for long reprs); and
#: ipywidgets compiles, in pure Python, a regular expression of all CSS colour names and
#: Unicode ranges that only a colour such as ``var(--x, red)`` needs (about 20 ms of
#: CPU under Node): compiled at the first such colour. Two steps are left out: the kernel's
#: warm-up of ``strptime`` (for threads; the kernel never calls it) and the ``%%bash``,
#: ``%%perl``... magics, whose argument parsers IPython builds at start (a sixth of the
#: shell's making) for programs a browser cannot run (``%%script`` stays).
LAZY = {
    "IPython/__init__.py": ((
        "from .terminal.embed import embed\n",
        "def embed(**kwargs):  # skipbo site: the terminal only when asked for\n"
        "    from .terminal.embed import embed as terminal_embed\n\n"
        "    return terminal_embed(**kwargs)\n",
    ),),
    "IPython/core/magics/code.py": (
        ("from urllib.request import Request, urlopen\n", ""),
        ("        request = Request(\n",
         "        from urllib.request import Request, urlopen  # skipbo site: lazily\n\n"
         "        request = Request(\n"),
    ),
    "IPython/core/magics/execution.py": (
        ("import cProfile as profile\n", ""),
        ("import pstats\n", ""),
        ("        prof = profile.Profile()\n",
         "        import cProfile as profile, pstats  # skipbo site: lazily\n\n"
         "        prof = profile.Profile()\n"),
    ),
    "ipywidgets/widgets/trait_types.py": (
        ("_color_var_re = re.compile(_css_var_fallback_color)\n",
         "def _color_var_match(value):  # skipbo site: compiled when first needed\n"
         "    return re.match(_css_var_fallback_color, value)\n"),
        ("_color_var_re.match(value)", "_color_var_match(value)"),
    ),
    "IPython/core/magics/script.py": ((
        "        return defaults\n",
        "        return []  # skipbo site: a browser runs no other programs\n",
    ),),
    "pyodide_kernel/jsonutil.py": ((
        'datetime.strptime("1", "%d")\n',
        "# skipbo site: no threads, and the kernel calls no strptime\n",
    ),),
    "IPython/core/tbtools.py": (
        ("import pydoc\n", ""),
        ("        return pydoc.text.repr(value)",
         "        import pydoc  # skipbo site: lazily\n\n"
         "        return pydoc.text.repr(value)"),
    ),
}
#: Bytecode used as it is, whatever the sources' times after unpacking (PEP 552).
UNCHECKED = py_compile.PycInvalidationMode.UNCHECKED_HASH


def make_lazy(root: Path) -> list[str]:
    """Apply LAZY's edits to the modules under ``root``; return the modules edited."""
    edited = []
    for name, edits in LAZY.items():
        source = root / name
        if source.exists():
            text = source.read_text()
            for old, new in edits:
                if text.count(old) != 1:
                    raise SystemExit(f"{name} no longer has {old!r} once: see LAZY in pycompile.py")
                text = text.replace(old, new)
            source.write_text(text)
            edited.append(name)
    return edited


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


def compile_archive(path: Path) -> list[str]:
    """Compile one archive in place; return the modules LAZY edited in it."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        with zipfile.ZipFile(path) as archive:
            archive.extractall(root)
        for pattern in UNUSED:
            for unused in root.glob(pattern):
                if unused.is_dir():
                    shutil.rmtree(unused)
                else:
                    unused.unlink()
        for folder, kept in ONLY.items():
            for module in (root / folder).glob("*.py"):
                if module.name not in kept:
                    module.unlink()
        edited = make_lazy(root)
        compile_tree(root)
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
            for file in sorted(root.rglob("*")):
                if file.is_file():
                    archive.write(file, file.relative_to(root))
    return edited


def main() -> None:
    archives = sorted([*WHEELS.glob("*.whl"), *WHEELS.glob(STDLIB)])
    edited = [name for archive in archives for name in compile_archive(archive)]
    if sorted(edited) != sorted(LAZY):
        raise SystemExit(f"LAZY's modules not found: {sorted(set(LAZY) - set(edited))}")
    print(f"compiled {len(archives)} archives for Python 3.13")


if __name__ == "__main__":  # as pycompile.mjs runs it; tests/site imports it
    main()
