"""The dice of a verifiable match of scheme 2: the GM's secret seed, salted by the
managers after his commitment. This docstring is the specification, byte for byte.

Inputs: the seed (32 bytes, written as 64 lowercase hex digits), the commitment's
digest H (64 lowercase hex digits, `companion.session.commitment`), and the salts: one
pair [MANAGER, SALT] for every manager of the match, sorted by MANAGER (Python's string
order, which is the order of Unicode code points), SALT his text as entered (stripped
of spaces at both ends) or null when he posted none.

The die at place (i, n), i the action's index in the journal (0 for the match's
start) and n the number of draws made before it in that action (from 0), is read from

    block = HMAC-SHA256(key = the seed's 32 bytes,
                        message = UTF-8 of the canonical JSON of
                                  ["companion-dice-v2", H, SALTS, i, n])

where canonical JSON has no spaces (separators "," and ":") and non-ASCII characters
as they are (JavaScript's `JSON.stringify` writes the same bytes for these arrays).
Example: `["companion-dice-v2","ab…",[["Alice","x y"],["Bob",null]],3,0]`.

From the block to a face of a die of `sides` sides: v is its first 8 bytes as a
big-endian unsigned number; limit is 2**64 - (2**64 mod sides); if v < limit the face
is v mod sides + 1, otherwise (a chance below sides / 2**64) the draw is rejected and
the next n is drawn, so that every face is equally likely. n counts every draw, kept
or rejected.

Nobody can steer these dice: the GM committed to H before the salts were posted, and
the managers never see the seed.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
from collections.abc import Iterable, Sequence

from companion.dice.derived import check_seed
from companion.dice.sources import DiceSource, RollRequest

LABEL = "companion-dice-v2"
SALT_BITS = 128
_SPAN = 1 << 64

Salts = tuple[tuple[str, str | None], ...]


def sorted_salts(salts: Iterable[tuple[str, str | None]]) -> Salts:
    return tuple(sorted(((m, s) for m, s in salts), key=lambda pair: pair[0]))


def die_message(digest: str, salts: Salts, index: int, drawn: int) -> bytes:
    data = [LABEL, digest, [[m, s] for m, s in salts], index, drawn]
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def face(key: bytes, message: bytes, sides: int) -> int | None:
    """The face a block gives on a die of `sides` sides; None when it is rejected."""
    block = hmac.new(key, message, hashlib.sha256).digest()
    value = int.from_bytes(block[:8], "big")
    return value % sides + 1 if value < _SPAN - _SPAN % sides else None


def new_salt() -> str:
    """A fresh salt of 128 bits: lowercase base32, in groups of five letters."""
    text = base64.b32encode(secrets.token_bytes(SALT_BITS // 8)).decode("ascii")
    text = text.rstrip("=").lower()
    return "-".join(text[i:i + 5] for i in range(0, len(text), 5))


class SaltedDice(DiceSource):
    """The dice of one action of a salted match (see the module's note); `places`
    keeps the place n of each face drawn, for the report's list of dice."""

    def __init__(self, seed: str, digest: str, salts: Salts, index: int) -> None:
        super().__init__()
        self._key = bytes.fromhex(check_seed(seed))
        self._digest = digest
        self._salts = salts
        self.index = index
        self._drawn = 0
        self.places: list[int] = []

    def _draw(self, request: RollRequest) -> Sequence[int]:
        return [self._face(request.sides) for _ in range(request.count)]

    def _face(self, sides: int) -> int:
        while True:
            n = self._drawn
            self._drawn += 1
            got = face(self._key, die_message(self._digest, self._salts, self.index, n),
                       sides)
            if got is not None:
                self.places.append(n)
                return got


def places(seed: str, digest: str, salts: Salts, index: int,
           sides: Sequence[int]) -> list[tuple[int, int]]:
    """(place n, face) of each die of an action, dice of these sides drawn in turn."""
    dice = SaltedDice(seed, digest, salts, index)
    faces = [dice._face(s) for s in sides]
    return list(zip(dice.places, faces, strict=True))
