"""Copies of a session's state kept along its journal, so that undo, redo and a failed
action replay a few entries from the nearest copy instead of the whole journal.

A copy must be what `copy.deepcopy` makes of the state: the rule systems change their
states in place and say, by their `__deepcopy__`, what every copy shares (the tables).
`copy.deepcopy` is the reference, but it is slow (80-130 us a state here, against 3-200 us
an action). A state that is a plain object (a dataclass) is instead put away as the
pickle of its attributes, with the attributes that `copy.deepcopy` shares held as they
are: pickle and deepcopy take an object apart by the same `__reduce_ex__`, so they make
the same copy, in a third of the time and a fraction of the memory (1-4 KB a state). Any
object on the way whose copy pickle could make differently (one with its own
`__deepcopy__`, but for enums and pydantic models, which both copy alike), or that pickle
cannot take, sends that store back to `copy.deepcopy`.

The bytes `pickle.loads` reads here are only ever the ones `freeze` made a moment
before, in this process, from a state the rules built: they live in memory, are never
written to a file and never come from one, so no data from outside reaches the loader.
"""

from __future__ import annotations

import copy
import copyreg
import io
import pickle
from bisect import bisect_right, insort
from enum import Enum
from typing import Any

from pydantic import BaseModel


class _NotPlain(Exception):
    """An object pickle might copy otherwise than `copy.deepcopy`."""


class _Pickler(pickle.Pickler):
    def reducer_override(self, obj: Any) -> Any:
        if getattr(type(obj), "__deepcopy__", None) is not None \
                and not isinstance(obj, Enum | BaseModel):
            raise _NotPlain(type(obj).__qualname__)
        return NotImplemented


def _plain(state: Any) -> bool:
    """An object `copy.deepcopy` copies as its class and its attributes, nothing more."""
    cls = type(state)
    return (hasattr(state, "__dict__") and cls not in copyreg.dispatch_table
            and cls.__reduce_ex__ is object.__reduce_ex__
            and cls.__reduce__ is object.__reduce__
            and getattr(cls, "__getstate__", None) is object.__getstate__
            and not hasattr(cls, "__setstate__") and not hasattr(cls, "__deepcopy__")
            and not any("__slots__" in vars(k) for k in cls.__mro__[:-1]))


class Frozen:
    """A state put away: `thaw` makes a new copy of it each time. Either the pickle of
    its attributes but `shared`, which every copy holds as they are, or a deepcopy."""

    __slots__ = ("_cls", "_copy", "_data", "_order", "_shared")

    def __init__(self, cls: Any, order: tuple[str, ...], shared: dict[str, Any],
                 data: bytes | None, copied: Any = None) -> None:
        self._cls, self._order, self._shared = cls, order, shared
        self._data, self._copy = data, copied

    def thaw(self) -> Any:
        if self._data is None:
            return copy.deepcopy(self._copy)
        # Our own bytes, made by freeze in this process (see the module's note).
        loaded, shared = pickle.loads(self._data), self._shared
        state = self._cls.__new__(self._cls)
        state.__dict__.update({name: shared[name] if name in shared else loaded[name]
                               for name in self._order})
        return state

    @property
    def size(self) -> int:
        """The bytes it holds (0 for a deepcopy, whose size is not known)."""
        return 0 if self._data is None else len(self._data)


class Snapshots:
    """The state after every `every`-th entry of a journal (and before the first), by
    the number of entries it follows. `every` 0 keeps none."""

    def __init__(self, every: int) -> None:
        self.every = every
        self._kept: dict[int, Frozen] = {}
        self._counts: list[int] = []  # the keys of _kept, in order
        # Pickle until a state it cannot take is met; deepcopy from then on.
        self._pickles = True
        self._shared: dict[int, tuple[Any, bool]] = {}

    def due(self, count: int) -> bool:
        return self.every > 0 and count % self.every == 0 and count not in self._kept

    def freeze(self, state: Any) -> Frozen:
        """A copy of `state` as `copy.deepcopy` makes it, put away."""
        if self._pickles and _plain(state):
            attrs = vars(state)
            shared = {name: value for name, value in attrs.items()
                      if hasattr(type(value), "__deepcopy__") and self._shares(value)}
            out = io.BytesIO()
            try:
                _Pickler(out, pickle.HIGHEST_PROTOCOL).dump(
                    {name: value for name, value in attrs.items() if name not in shared})
            except (_NotPlain, pickle.PicklingError, TypeError, AttributeError):
                self._pickles = False
            else:
                return Frozen(type(state), tuple(attrs), shared, out.getvalue())
        return Frozen(type(state), (), {}, None, copy.deepcopy(state))

    def _shares(self, value: Any) -> bool:
        """`copy.deepcopy` hands `value` back as it is (the tables): every copy shares
        it. Asked once a value, which the store keeps (its id is then never another's)."""
        if id(value) not in self._shared:
            self._shared[id(value)] = (value, copy.deepcopy(value) is value)
        return bool(self._shared[id(value)][1])

    def keep(self, count: int, state: Any) -> None:
        """Keep a copy of `state`, the state after `count` entries."""
        if count not in self._kept:
            insort(self._counts, count)
        self._kept[count] = self.freeze(state)

    def nearest(self, count: int) -> tuple[int, Any] | None:
        """The kept state nearest before or at `count` entries, as a new copy."""
        at = bisect_right(self._counts, count)
        if not at:
            return None
        found = self._counts[at - 1]
        return found, self._kept[found].thaw()

    def forget_after(self, count: int) -> None:
        """Drop the states after `count` entries: the journal past it is gone."""
        at = bisect_right(self._counts, count)
        for gone in self._counts[at:]:
            del self._kept[gone]
        del self._counts[at:]

    @property
    def counts(self) -> list[int]:
        return list(self._counts)

    @property
    def size(self) -> int:
        return sum(frozen.size for frozen in self._kept.values())
