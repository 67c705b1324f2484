"""tools/site/build.py's choices without building: which wheels, stand-ins, staleness."""

from __future__ import annotations

import zipfile
from pathlib import Path
from typing import Any

import pytest

from skipbo_widgets.devtools import site_build_module

build = site_build_module()


def entry(name: str, depends: list[str], compiled: bool = False) -> dict[str, Any]:
    tag = "cp313-cp313-pyodide_2025_0_wasm32" if compiled else "py3-none-any"
    return {"name": name, "version": "1.0", "depends": depends,
            "file_name": f"{name.replace('-', '_')}-1.0-{tag}.whl"}


LOCK = {
    "ipython": entry("ipython", ["prompt_toolkit", "sqlite3", "matplotlib-inline"]),
    "prompt-toolkit": entry("prompt_toolkit", ["wcwidth"]),
    "wcwidth": entry("wcwidth", []),
    "sqlite3": entry("sqlite3", [], compiled=True),
    "matplotlib-inline": entry("matplotlib-inline", ["matplotlib"]),
    "matplotlib": entry("matplotlib", ["numpy", "pillow"], compiled=True),
    "numpy": entry("numpy", [], compiled=True),
    "pillow": entry("pillow", [], compiled=True),
    "unrelated": entry("unrelated", []),
}


def test_the_kernels_needs_are_followed_but_not_below_a_stand_in() -> None:
    """A compiled package and one unused at start become empty stand-ins: numpy, Pillow
    and prompt_toolkit's wcwidth are not needed."""
    assert "prompt-toolkit" in build.UNUSED_AT_START
    used = build.needed(LOCK, ("ipython",))
    assert used == ["ipython", "matplotlib", "matplotlib-inline", "prompt-toolkit", "sqlite3"]
    assert [n for n in used if not build.is_real(n, LOCK[n])] == [
        "matplotlib", "prompt-toolkit", "sqlite3"]


def test_a_stand_in_is_a_wheel_with_metadata_and_nothing_to_import(tmp_path: Path) -> None:
    path = build.stand_in("sqlite3", "1.0.0", tmp_path)
    assert path.name == "sqlite3-1.0.0-py3-none-any.whl"
    with zipfile.ZipFile(path) as whl:
        names = whl.namelist()
        metadata = whl.read("sqlite3-1.0.0.dist-info/METADATA").decode()
    assert "Name: sqlite3\nVersion: 1.0.0" in metadata
    assert all(name.startswith("sqlite3-1.0.0.dist-info/") for name in names)


def test_the_piplite_stand_in_has_only_what_the_kernels_worker_sets(tmp_path: Path) -> None:
    path = build.stand_in("piplite", "0.7.0", tmp_path, build.PIPLITE)
    with zipfile.ZipFile(path) as whl:
        module = whl.read("piplite/piplite.py").decode()
        names = whl.namelist()
    assert "piplite/__init__.py" in names
    assert "_PIPLITE_DISABLE_PYPI" in module and "_PIPLITE_URLS" in module
    # nothing more to import at the kernel's start
    assert [line for line in module.splitlines() if line.startswith(("import ", "from "))] == [
        "import sys"]


def test_a_lock_entry_names_its_file_and_hash(tmp_path: Path) -> None:
    path = build.stand_in("typing-extensions", "4.16.0", tmp_path)
    made = build.entry(path, ["x"])
    assert (made["name"], made["version"], made["file_name"]) == (
        "typing-extensions", "4.16.0", "typing_extensions-4.16.0-py3-none-any.whl")
    assert made["sha256"] == build.sha256(path) and made["depends"] == ["x"]


@pytest.mark.parametrize("page", [
    '<link rel="stylesheet" href="https://cdnjs.cloudflare.com/ajax/libs/font-awesome/x.css">\n',
    '<LINK href="https://cdn.jsdelivr.net/npm/font-awesome/css/all.css" rel="stylesheet" />',
])
def test_links_to_a_cdn_are_removed_and_local_ones_kept(page: str) -> None:
    local = '<link rel="stylesheet" href="../build/style.css">'
    assert build.CDN_LINK.sub("", page + local) == local


def test_the_build_is_stale_when_an_input_changes(monkeypatch: pytest.MonkeyPatch,
                                                  tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("one")
    monkeypatch.setattr(build, "ROOT", tmp_path)
    monkeypatch.setattr(build, "INPUTS", ("a.txt",))
    before = build.inputs_digest()
    assert build.inputs_digest() == before
    (tmp_path / "a.txt").write_text("two")
    assert build.inputs_digest() != before


def test_the_service_worker_is_left_only_its_own_requests(tmp_path: Path) -> None:
    old, new = build.SERVICE_WORKER_EDIT
    for name in build.SERVICE_WORKER:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(f"a(){{{old},n&&e.respondWith(n)}}")
    build.quiet_service_worker(tmp_path)
    for name in build.SERVICE_WORKER:
        assert (tmp_path / name).read_text() == f"a(){{{new},n&&e.respondWith(n)}}"
    with pytest.raises(SystemExit, match="service worker has changed"):
        build.quiet_service_worker(tmp_path)  # a worker without the line: the build stops


#: What pyodide-kernel 0.7.0's built page and worker scripts say where early_kernel edits.
KERNEL_PAGE = ("initWorker(e){return crossOriginIsolated?new Worker(new URL(n.p+n.u(620),n.b),"
               "{type:void 0}):new Worker(new URL(n.p+n.u(352),n.b),{type:void 0})}")
KERNEL_WORKER = ("async initRuntime(e){this._pyodide=await t({indexURL:s,stdout:o,"
                 "...e.loadPyodideOptions}),this._pyodide._api.on_fatal=f}")


def kernel_extension(root: Path, worker: str = KERNEL_WORKER) -> Path:
    static = root / build.KERNEL_STATIC
    static.mkdir(parents=True)
    (static / "872.aaaa.js").write_text(f"x;{KERNEL_PAGE};y")
    (static / "352.bbbb.js").write_text(f"z;{worker};w")
    return static


def test_the_page_starts_the_kernels_worker_which_takes_the_early_pyodide(tmp_path: Path
                                                                          ) -> None:
    static = kernel_extension(tmp_path)
    url = build.early_kernel(tmp_path)
    assert url == "../../extensions/@jupyterlite/pyodide-kernel-extension/static/352.bbbb.js"
    page = (static / "872.aaaa.js").read_text()
    assert ("(globalThis.skipboEarlyWorker?.take()||new Worker(new URL(n.p+n.u(352),n.b),"
            "{type:void 0}))}") in page
    assert "n.u(620)" in page  # a cross-origin isolated page makes its own worker, as before
    worker = (static / "352.bbbb.js").read_text()
    assert worker.startswith((build.HERE / "early_worker.js").read_text())
    assert ("this._pyodide=await(self.skipboEarly.take(e)??t({indexURL:s,stdout:o,"
            "...e.loadPyodideOptions})),this._pyodide._api.on_fatal=f") in worker


def test_the_build_stops_if_the_kernels_worker_has_changed(tmp_path: Path) -> None:
    kernel_extension(tmp_path, KERNEL_WORKER.replace("indexURL:s", "indexURL:r"))
    with pytest.raises(SystemExit, match="kernel's worker has changed"):
        build.early_kernel(tmp_path)


def test_the_early_start_imports_what_the_app_notebook_imports() -> None:
    import importlib.util

    names = build.app_imports()
    assert names == ["skipbo_widgets.widgets.page.voila_request",
                     "skipbo_widgets.widgets.shell.app"]
    assert all(importlib.util.find_spec(name) for name in names)
