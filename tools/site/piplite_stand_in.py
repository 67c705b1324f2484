"""The static site's stand-in for piplite (tools/site/build.py): pyodide-kernel's worker
imports this module first, right after making the browser's file store (``/drive``)
the current folder, sets the two names below and asks ``install`` for the kernel's
packages. The site installs nothing: every package it needs is preloaded and PyPI is
disabled.

Python's path starts with the current folder (``''``), so every module imported while
the kernel starts would first be looked for in ``/drive``, each look a request to the
site's service worker; it is taken off the path here. IPython puts it back, after the
standard library, once its shell is made (``InteractiveShellApp.init_path``)."""

import sys

#: Set by the worker from the site's configuration; nothing here reads them.
_PIPLITE_DISABLE_PYPI = True
_PIPLITE_URLS: list[str] = []

if "" in sys.path:
    sys.path.remove("")


async def install(requirements: str | list[str], **options: object) -> None:
    """Nothing to do for packages already there (the worker asks for the kernel's own,
    spelt ``pyodide_kernel`` where the site preloads ``pyodide-kernel``)."""
    from importlib.metadata import PackageNotFoundError, distribution

    for name in [requirements] if isinstance(requirements, str) else requirements:
        try:
            distribution(name)
        except PackageNotFoundError:
            raise RuntimeError(f"{name}: this page installs no packages") from None
