"""The seeded random generator of a game, and its state as one line of save text.

Every game owns one :class:`random.Random`, seeded from the game's seed; its
state goes into save files so that a loaded game shuffles exactly as the
original would have.

>>> rng = random.Random(5)
>>> copy = random.Random(); copy.setstate(parse_rng(rng_text(rng)))
>>> copy.random() == rng.random()
True
"""

from __future__ import annotations

import base64
import binascii
import math
import random
import struct
from typing import Any

from .errors import SaveError, SaveReason

_RNG_VERSION = 3
_MT_WORDS = 625  # 624 state words and the position in them
_MT_BYTES = 4 * _MT_WORDS
_MT_PACK = struct.Struct(f">{_MT_WORDS}I")
_MT_UPPER = 0x80000000


def new_seed() -> int:
    """A fresh seed for a game whose caller gave none."""
    return random.SystemRandom().randrange(2**63)


def copy_rng(rng: random.Random) -> random.Random:
    """An independent generator in the same state (for a game's ``copy``)."""
    copy = random.Random.__new__(random.Random)  # unseeded: setstate replaces the state
    copy.setstate(rng.getstate())
    return copy


def rng_text(rng: random.Random) -> str:
    """The state of ``rng`` as ``"3:<base64>"`` (and ``":<float.hex>"`` if a gauss is pending)."""
    version, words, gauss = rng.getstate()
    text = f"{version}:{base64.b64encode(_MT_PACK.pack(*words)).decode('ascii')}"
    return text if gauss is None else f"{text}:{float(gauss).hex()}"


def parse_rng(text: str, field: str = "rng") -> tuple[Any, ...]:
    """Inverse of :func:`rng_text`: a state for ``random.Random.setstate``.

    Anything else raises :class:`SaveError` naming ``field``.
    """
    bad = SaveError(SaveReason.BAD_FIELD, field=field, problem="value")
    parts = text.split(":") if isinstance(text, str) else []
    if len(parts) not in (2, 3) or parts[0] != str(_RNG_VERSION):
        raise bad
    try:
        raw = base64.b64decode(parts[1], validate=True)
    except (binascii.Error, ValueError):
        raise bad from None
    if len(raw) != _MT_BYTES or base64.b64encode(raw).decode("ascii") != parts[1]:
        raise bad
    words = _MT_PACK.unpack(raw)
    if words[-1] > _MT_WORDS - 1 or not (words[0] & _MT_UPPER or any(words[1:-1])):
        raise bad  # position out of range, or the all-zero state
    gauss = None
    if len(parts) == 3:
        try:
            gauss = float.fromhex(parts[2])
        except (ValueError, OverflowError):
            raise bad from None
        if not math.isfinite(gauss) or gauss.hex() != parts[2]:
            raise bad
    return (_RNG_VERSION, words, gauss)
