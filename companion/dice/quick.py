"""Seeded dice that keep no roll records, for computer-against-computer games played in
bulk (the balance lab, the bench) that nobody will replay: a record costs more than the
roll. Every system's bulk player uses these."""

from __future__ import annotations

import random
from typing import NamedTuple


class _Rolled(NamedTuple):
    faces: tuple[int, ...]


# One D6's six results, made once: a roll only reads them.
_ONE_D6 = tuple(_Rolled((face,)) for face in range(1, 7))


class QuickDice:
    """Seeded dice without roll records, for simulations nobody will replay."""

    def __init__(self, rng: random.Random) -> None:
        self._random = rng.random

    def roll(self, sides: int, count: int = 1, *, purpose: str = "",
             roller: str = "") -> _Rolled:
        r = self._random
        return _Rolled(tuple(int(r() * sides) + 1 for _ in range(count)))

    def d6(self, count: int = 1, *, purpose: str = "", roller: str = "") -> _Rolled:
        r = self._random
        if count == 1:
            return _ONE_D6[int(r() * 6)]
        return _Rolled(tuple(int(r() * 6) + 1 for _ in range(count)))
