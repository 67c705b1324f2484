"""Write binder/constraints.txt: the exact versions of the app's dependencies in .venv.

The file lists every distribution that ``pip install '.[app]'`` brings, at the version
installed here, where the tests ran. Binder's ``postBuild`` and the Makefile's installs
pass it to pip with ``-c``, so Binder, ``make app`` and ``make test`` get the same
versions. To move to newer ones: ``.venv/bin/pip install -U NAME``, ``make pins``,
``make test``, and commit the file.

    .venv/bin/python tools/pins.py            # write the file (`make pins`)
    .venv/bin/python tools/pins.py --check    # exit 1 if .venv differs from the file
"""

from __future__ import annotations

import sys
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
CONSTRAINTS = ROOT / "binder" / "constraints.txt"
PROJECT = "skipbo-widgets"
HEADER = """\
# The app's dependencies at the versions the tests ran with; written by `make pins`
# (tools/pins.py) from .venv. Used as pip constraints (-c) by binder/postBuild and by
# the Makefile's installs.
"""


def closure(name: str = PROJECT, extras: frozenset[str] = frozenset({"app"})) -> dict[str, str]:
    """Canonical name -> installed version of everything ``name[extras]`` needs."""
    found: dict[str, str] = {}
    todo = [(name, extras)]
    seen: set[tuple[str, frozenset[str]]] = set()
    while todo:
        current, wanted = todo.pop()
        if (current, wanted) in seen:
            continue
        seen.add((current, wanted))
        dist = metadata.distribution(current)
        found[canonicalize_name(current)] = dist.version
        for line in dist.requires or []:
            req = Requirement(line)
            if req.marker is None or any(req.marker.evaluate({"extra": e})
                                         for e in wanted | {""}):
                todo.append((req.name, frozenset(req.extras)))
    found.pop(canonicalize_name(name))
    return found


def text() -> str:
    return HEADER + "".join(f"{n}=={v}\n" for n, v in sorted(closure().items()))


def main(argv: list[str]) -> int:
    if "--check" in argv:
        same = CONSTRAINTS.exists() and CONSTRAINTS.read_text() == text()
        print("binder/constraints.txt matches .venv" if same else
              "binder/constraints.txt differs from .venv: run `make pins` (see tools/pins.py)")
        return 0 if same else 1
    CONSTRAINTS.write_text(text())
    print(f"wrote {CONSTRAINTS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
