"""Small records of named values, compared and shown by their values.

What typing.NamedTuple gives, for the few classes the window makes at every start:
NamedTuple builds each class's methods from text, about 0.13 ms a class, where a plain
class with slots costs a tenth of that."""

from __future__ import annotations


class Record:
    """Values named by the subclass's `__slots__`; equal when of the same class with
    equal values, hashed by them (when they all hash)."""

    __slots__: tuple[str, ...] = ()

    def _values(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Record)
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__name__}({shown})"
