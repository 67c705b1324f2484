"""What the site's kernel leaves out of its start (tools/site/pycompile.py: UNUSED files,
LAZY imports), that the build stops when an edited line changes, and, in the built site
under Node, that the moved code still runs when it is called."""

from __future__ import annotations

import ast
import json
import runpy
import shutil
import subprocess
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from skipbo_widgets import devtools
from skipbo_widgets.bench.site import kernel_start_parts

TOOLS = devtools.ROOT / "tools" / "site"


def pycompile() -> Any:
    """tools/site/pycompile.py (run inside Pyodide by the build; only the standard library)."""
    return SimpleNamespace(**runpy.run_path(str(TOOLS / "pycompile.py")))


def test_each_lazy_edit_is_made_once_and_the_build_stops_when_a_line_is_gone(
    tmp_path: Path,
) -> None:
    module = pycompile()
    name, edits = next(iter(module.LAZY.items()))
    source = tmp_path / name
    source.parent.mkdir(parents=True)
    source.write_text("".join(old for old, _ in edits) + "rest\n")
    assert module.make_lazy(tmp_path) == [name]
    assert source.read_text() == "".join(new for _, new in edits) + "rest\n"
    source.write_text("rest\n")
    with pytest.raises(SystemExit, match="no longer has"):
        module.make_lazy(tmp_path)


def test_no_module_the_site_keeps_imports_one_it_leaves_out() -> None:
    """UNUSED's project modules (skipbo_widgets.bench, .devtools, ...) are not in the site."""
    root = devtools.ROOT
    gone_paths = [p for pattern in pycompile().UNUSED for p in root.glob(pattern)
                  if p.suffix == ".py" or p.is_dir()]
    gone = [".".join(p.relative_to(root).with_suffix("").parts) for p in gone_paths]
    assert "skipbo_widgets.bench" in gone and "skipbo_widgets.devtools" in gone
    kept = [p for p in (root / "skipbo_widgets").rglob("*.py")
            if not any(p == g or p.is_relative_to(g) for g in gone_paths)]
    wrong = []
    for path in kept:
        package = ".".join(path.relative_to(root).parent.parts)
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1]
                                    + ([base] if base else []))
                names = [base] + [f"{base}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            wrong += [f"{path.name}: {n}" for n in names
                      if any(n == g or n.startswith(g + ".") for g in gone)]
    assert wrong == []


@pytest.mark.slow
@pytest.mark.site
def test_the_kernel_starts_without_them_and_the_moved_code_still_runs(
    tmp_path: Path,
) -> None:
    if shutil.which("npm") is None or shutil.which("node") is None:
        pytest.skip("no Node and npm for the Pyodide runtime")
    site = devtools.fresh_site(log=tmp_path / "make-site.log")
    done = subprocess.run(["node", "lazy_check.mjs", str(site)], cwd=TOOLS, check=True,
                          capture_output=True, text=True)
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["loaded_at_start"] == []
    # ipywidgets' colours: names, hex, a CSS variable with a fallback, and an error
    assert found["colours"] == ["red", "#a80", "var(--sb-accent, red)", None]
    assert found["text_repr"] == "[0, 1, 2]" and found["traceback"] is True
    assert found["strptime"] == 28 and found["cell_magics"] == ["html", "script"]  # no %%bash
    assert found["prun"] == "Stats" and found["pastebin_imports"] == ["Request", "urlopen"]


@pytest.mark.slow
@pytest.mark.site
def test_the_benchs_kernel_start_makes_the_notebooks_imports(tmp_path: Path) -> None:
    """tools/site/startup.mjs (the site bench's kernel-start parts) reads the notebook's
    imports from the built page's early start, as the page's own worker does."""
    if shutil.which("npm") is None or shutil.which("node") is None:
        pytest.skip("no Node and npm for the Pyodide runtime")
    site = devtools.fresh_site(log=tmp_path / "make-site.log")
    parts = kernel_start_parts(site)
    assert list(parts) == ["runtime", "unpack_wheels", "import_piplite", "import_kernel",
                           "import_app"]
    assert all(seconds >= 0 for seconds in parts.values())
