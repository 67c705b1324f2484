"""What a user installs: the built wheel, in a fresh virtual environment, outside the checkout.

Binder's ``postBuild`` runs ``pip install -c binder/constraints.txt '.[app]'``,
which builds a wheel and installs it: a data file missing from ``package-data``
is missing there while every test against the editable ``.venv`` passes. This
test installs the wheel the same way (with its ``app`` extra, at the same
versions) and, from a folder outside the checkout,
runs the package's own self-check (every lesson of every game in every
language, the static files, the home screen, the lessons and a table) and
executes the app notebook with nbclient, as Voilà does.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CONSTRAINTS = ROOT / "binder" / "constraints.txt"
pytestmark = [pytest.mark.slow, pytest.mark.shipped]


def _run(cmd: list[str], cwd: Path, **kw: object) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    proc = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=900, **kw)  # type: ignore[call-overload]
    assert proc.returncode == 0, f"{' '.join(cmd)}\n{proc.stdout[-4000:]}\n{proc.stderr[-4000:]}"
    return proc  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Built from a clean copy: setuptools leaves a ``build/`` folder in the source tree,
    whose stale modules would otherwise end up in the next wheel."""
    source = tmp_path_factory.mktemp("source") / "skipbo-widgets"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".*_cache"))
    dist = tmp_path_factory.mktemp("dist")
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dist), str(source)],
         cwd=dist)
    (found,) = dist.glob("skipbo_widgets-*.whl")
    return found


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The python of a fresh venv holding the wheel and its ``app`` extra, at Binder's
    versions."""
    venv = tmp_path_factory.mktemp("shipped") / "venv"
    _run([sys.executable, "-m", "venv", str(venv)], cwd=venv.parent)
    python = venv / "bin" / "python"
    _run([str(python), "-m", "pip", "install", "-q", "-c", str(CONSTRAINTS), f"{wheel}[app]"],
         cwd=venv.parent)
    yield python


def test_the_wheel_lists_every_file_the_package_reads(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    package = ROOT / "skipbo_widgets"
    needed = [p for p in package.rglob("*") if p.is_file()
              and "__pycache__" not in p.parts and p.suffix not in (".pyc", ".pyo")]
    missing = [str(p.relative_to(ROOT)) for p in needed
               if str(p.relative_to(ROOT)) not in names]
    assert needed and not missing


def test_the_installed_package_passes_its_self_check(installed: Path, tmp_path: Path) -> None:
    out = _run([str(installed), "-m", "skipbo_widgets.selfcheck"], cwd=tmp_path).stdout
    assert f"from {installed.parent.parent}" in out, out  # not the checkout
    assert "FAIL" not in out and out.count("\nok ") == 3, out


NOTEBOOK_RUN = """
import sys, nbformat, nbclient
nb = nbformat.read(sys.argv[1], as_version=4)
nb.cells.append(nbformat.v4.new_code_cell(
    "import skipbo_widgets, sys; assert skipbo_widgets.__file__.startswith(sys.prefix)"))
nbclient.NotebookClient(nb, kernel_name="python3", timeout=120).execute()
errors = [o for c in nb.cells for o in c.get("outputs", []) if o.get("output_type") == "error"]
widgets = [o for c in nb.cells for o in c.get("outputs", [])
           if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
assert not errors and widgets, (errors, widgets)
print("notebook ok")
"""


def test_the_installed_package_runs_the_app_notebook(installed: Path, tmp_path: Path) -> None:
    out = _run([str(installed), "-c", NOTEBOOK_RUN, str(ROOT / "notebooks" / "app.ipynb")],
               cwd=tmp_path).stdout
    assert "notebook ok" in out
