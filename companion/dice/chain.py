"""A season's hash chain of secret seeds: the GM posts its end once, and each match
of the season takes the next link as its seed, in order. Game-free: a league calls it.

A chain of length N: seed_{N-1} is 32 random bytes; seed_i = sha256(seed_{i+1}) (of
the 32 bytes, not of their hex); its end, posted before the season, is
sha256(seed_0). Match k (from 0) takes seed_k. Revealing seed_k (its report does, once
the match is over) reveals the seeds before it, all used already, and none after it;
hashing it k + 1 times gives the end, which places it in the chain: nobody, the GM
included, can choose which seed goes to which match once the end is posted.

The chain's file: {"format": "companion-chain", "version": 1, "length": N, "top":
seed_{N-1} in hex, "end": the end in hex, "used": how many links are taken}. It holds
every seed of the season: the GM keeps it to himself.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from companion.dice.derived import SEED_BYTES, check_seed
from companion.errors import UserError

FORMAT = "companion-chain"
MAX_LENGTH = 100_000  # links: hashing this many takes a fraction of a second


def step(seed: str) -> str:
    return hashlib.sha256(bytes.fromhex(seed)).hexdigest()


@dataclass(frozen=True)
class Chain:
    length: int
    top: str
    end: str
    used: int = 0

    def link(self, k: int) -> str:
        """seed_k."""
        if not 0 <= k < self.length:
            raise UserError(f"the chain has links 0 to {self.length - 1}, not {k}")
        seed = self.top
        for _ in range(self.length - 1 - k):
            seed = step(seed)
        return seed

    def take(self) -> tuple[Chain, str, int]:
        """The chain with its next link taken, that link's seed, and its number."""
        if self.used >= self.length:
            raise UserError(f"every one of the chain's {self.length} links is used: make "
                            "a new chain for a new season")
        return replace(self, used=self.used + 1), self.link(self.used), self.used

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": 1, "length": self.length, "top": self.top,
                "end": self.end, "used": self.used}


def new_chain(length: int) -> Chain:
    if not 1 <= length <= MAX_LENGTH:
        raise UserError(f"--length: a chain has 1 to {MAX_LENGTH:,} links")
    top = secrets.token_hex(SEED_BYTES)
    seed = top
    for _ in range(length - 1):
        seed = step(seed)
    return Chain(length, top, step(seed))


def read_chain(path: Path) -> Chain:
    try:
        data = json.loads(path.read_text("utf-8"))
        if data.get("format") != FORMAT:
            raise ValueError
        chain = Chain(int(data["length"]), check_seed(data["top"]), check_seed(data["end"]),
                      int(data["used"]))
    except OSError as err:
        raise UserError(f"{path}: {err.strerror or err}") from None
    except (ValueError, KeyError, TypeError, AttributeError, UserError):
        raise UserError(f"{path}: not a chain file (companion chain new makes one)") from None
    if not 0 <= chain.used <= chain.length <= MAX_LENGTH:
        raise UserError(f"{path}: its count of links used is out of its length")
    if step(chain.link(0)) != chain.end:
        raise UserError(f"{path}: the chain does not hash to its end: the file is damaged")
    return chain


def write_chain(path: Path, chain: Chain) -> None:
    from companion.files.atomic import atomic_write

    atomic_write(path, json.dumps(chain.to_json(), indent=1) + "\n")


def place_of(seed: str, end: str, most: int = MAX_LENGTH) -> int | None:
    """The link k whose seed `seed` is in the chain that ends at `end` (it hashes to
    it k + 1 times); None when it does not within `most` links."""
    end = end.strip().lower()
    for k in range(most):
        seed = step(seed)
        if seed == end:
            return k
    return None
