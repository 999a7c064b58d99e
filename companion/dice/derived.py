"""The dice of a verifiable session: drawn from a secret seed, one stream an action.

The seed is 32 random bytes (64 hex digits), made with `secrets`. The dice of the
action at index `i` of the journal are `DerivedDice(seed, i)`: its n-th die (n from 0)
is read from HMAC-SHA256(key=seed, message="i:n"): the first 8 bytes as a big-endian
number v, the face v mod sides + 1, and a v at or above the largest multiple of
`sides` below 2**64 skipped for the next n (so every face is equally likely). Anyone
with the seed can draw the same dice, in any language; nobody without it can guess
them. Undo then act again draws the same dice again: undoing never rerolls.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Sequence

from companion.dice.sources import DiceSource, RollRequest
from companion.errors import UserError

SEED_BYTES = 32
_SEED = re.compile(r"^[0-9a-f]{64}$")
_SPAN = 1 << 64


def new_seed() -> str:
    return secrets.token_hex(SEED_BYTES)


def check_seed(seed: object, where: str = "seed") -> str:
    """The seed as written in files and reports: 64 lowercase hex digits."""
    if not isinstance(seed, str) or not _SEED.match(seed):
        raise UserError(f"{where}: a seed is 64 hex digits (0-9, a-f)")
    return seed


class DerivedDice(DiceSource):
    """The dice of one action of a verifiable session (see the module's note)."""

    def __init__(self, seed: str, index: int) -> None:
        super().__init__()
        self._key = bytes.fromhex(check_seed(seed))
        self.index = index
        self._drawn = 0

    def _draw(self, request: RollRequest) -> Sequence[int]:
        return [self._face(request.sides) for _ in range(request.count)]

    def _face(self, sides: int) -> int:
        limit = _SPAN - _SPAN % sides
        while True:
            message = f"{self.index}:{self._drawn}".encode("ascii")
            self._drawn += 1
            block = hmac.new(self._key, message, hashlib.sha256).digest()
            value = int.from_bytes(block[:8], "big")
            if value < limit:
                return value % sides + 1
