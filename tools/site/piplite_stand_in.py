"""The static site's stand-in for piplite (tools/site/build.py): pyodide-kernel's worker
imports this module at start, sets the two names below and asks ``install`` for the
kernel's packages. The site installs nothing: every package it needs is preloaded and
PyPI is disabled."""

#: Set by the worker from the site's configuration; nothing here reads them.
_PIPLITE_DISABLE_PYPI = True
_PIPLITE_URLS: list[str] = []


async def install(requirements: str | list[str], **options: object) -> None:
    """Nothing to do for packages already there (the worker asks for the kernel's own,
    spelt ``pyodide_kernel`` where the site preloads ``pyodide-kernel``)."""
    from importlib.metadata import PackageNotFoundError, distribution

    for name in [requirements] if isinstance(requirements, str) else requirements:
        try:
            distribution(name)
        except PackageNotFoundError:
            raise RuntimeError(f"{name}: this page installs no packages") from None
