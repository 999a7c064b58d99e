"""Open challenges: a manager books a match against another when both agree, with no
round at all. The one rule the league keeps is who may be booked."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def refusal(sides: Sequence[T], members: set[T], alive: set[T]) -> str | None:
    """Why this booking cannot be made, in words; None when it can."""
    if len(sides) < 2:
        return "a match needs two gladiators or more"
    if len(set(sides)) != len(sides):
        return "a gladiator cannot be booked against himself"
    outsiders = [s for s in sides if s not in members]
    if outsiders:
        return f"{outsiders[0]} is not in the league"
    dead = [s for s in sides if s not in alive]
    if dead:
        return f"{dead[0]} is dead: a dead gladiator fights no more"
    return None
