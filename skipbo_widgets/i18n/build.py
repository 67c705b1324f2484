"""Compile the ``.po`` catalogs into the ``.mo`` files read at run time.

Run ``make catalogs`` (or ``python -m skipbo_widgets.i18n.build``) after
editing a ``.po`` file; ``--check`` only reports stale ``.mo`` files. Needs
Babel (the ``test`` extra); the package itself reads ``.mo`` files with the
standard library alone.
"""

from __future__ import annotations

import importlib
import io
import sys
from pathlib import Path
from typing import Any

from .messages import DOMAIN, LANGUAGES, LOCALE_DIR


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_po(lang: str) -> Any:
    """The Babel catalog of one ``.po`` file."""
    pofile = importlib.import_module("babel.messages.pofile")
    with po_path(lang).open("rb") as f:
        return pofile.read_po(f, locale=lang, domain=DOMAIN)


def compiled(lang: str) -> bytes:
    """The ``.mo`` bytes for one language's ``.po`` file."""
    mofile = importlib.import_module("babel.messages.mofile")
    out = io.BytesIO()
    mofile.write_mo(out, read_po(lang), use_fuzzy=False)
    return out.getvalue()


def messages(catalog: Any) -> dict[str, tuple[str, ...]]:
    """Key -> text of a Babel catalog (every form of a plural message), without the header.

    Babel reads a plural message as a tuple from a ``.po`` file and as a list from
    a ``.mo`` file; both become the same tuple here.
    """
    def forms(value: Any) -> tuple[str, ...]:
        return tuple(map(str, value)) if isinstance(value, (list, tuple)) else (str(value),)

    return {forms(m.id)[0]: forms(m.string) for m in catalog if m.id}


def is_up_to_date(lang: str) -> bool:
    """Whether the ``.mo`` file holds exactly the messages of the ``.po`` file.

    Compared message by message: Babel stamps the build time into the header,
    so the bytes change on every build.
    """
    target = po_path(lang).with_suffix(".mo")
    if not target.exists():
        return False
    mofile = importlib.import_module("babel.messages.mofile")
    with target.open("rb") as f:
        return messages(mofile.read_mo(f)) == messages(read_po(lang))


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = [lang for lang in LANGUAGES if not is_up_to_date(lang)]
    for lang in stale:
        target = po_path(lang).with_suffix(".mo")
        if not check:
            target.write_bytes(compiled(lang))
        print(("stale: " if check else "wrote: ") + str(target))
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
