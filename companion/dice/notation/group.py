"""The dice of one group (`4d6kh3`, `3d6rr1e6`) as they are rolled and its
operators act on them, left to right: every face drawn, kept or dropped, rerolled or
exploded, and how each is shown."""

from __future__ import annotations

from dataclasses import dataclass

from companion.dice.notation import limits
from companion.dice.notation.operators import Op
from companion.dice.notation.words import ShownDie
from companion.dice.sources import DiceSource


@dataclass
class GroupDie:
    """A die of a group as its operators act on it."""

    draws: list[int]  # indexes of its faces in the group's draws, first to last
    value: int
    kept: bool = True


class Group:
    """The dice of one group as they are rolled: every face drawn through the source
    goes into one record, in the order drawn."""

    def __init__(self, source: DiceSource, count: int, sides: int, purpose: str,
                 roller: str) -> None:
        self.source = source
        self.sides = sides
        self.record = source.roll(sides, count, purpose=purpose, roller=roller)
        self.faces: list[int] = list(self.record.faces)
        self.exploded: set[int] = set()  # draws that made another die roll
        self.dice = [GroupDie([i], face) for i, face in enumerate(self.faces)]

    def draw(self, count: int) -> list[int]:
        """Draw `count` more faces: their indexes."""
        self.record = self.source.roll_more(self.record, count)
        start = len(self.faces)
        self.faces.extend(self.record.faces[start:])
        return list(range(start, len(self.faces)))

    def kept(self) -> list[GroupDie]:
        return [die for die in self.dice if die.kept]

    def apply(self, op: Op) -> None:
        name = op.name
        if name in ("mi", "ma"):
            bound = op.selectors[0].number
            for die in self.kept():
                die.value = max(die.value, bound) if name == "mi" else min(die.value, bound)
        elif name == "rr":
            # Every picked die at once, pass after pass, as d20 does; each die at most
            # MAX_REROLLS times.
            times: dict[int, int] = {}
            while True:
                picked = [d for d in self.kept() if op.picks(d.value)
                          and times.get(id(d), 0) < limits.MAX_REROLLS]
                if not picked:
                    break
                self._reroll(picked)
                for die in picked:
                    times[id(die)] = times.get(id(die), 0) + 1
        elif name == "ro":
            self._reroll([d for d in self.kept() if op.picks(d.value)])
        elif name == "e":
            # Each picked die adds one, which may be picked in turn; a chain of dice
            # from one die adds MAX_EXPLOSIONS at most.
            depth = {id(d): 0 for d in self.dice}
            todo = [d for d in self.kept() if op.picks(d.value)]
            while todo:
                self.exploded.update(d.draws[-1] for d in todo)
                added = [GroupDie([i], self.faces[i]) for i in self.draw(len(todo))]
                for parent, child in zip(todo, added, strict=True):
                    depth[id(child)] = depth[id(parent)] + 1
                self.dice.extend(added)
                todo = [d for d in added if op.picks(d.value)
                        and depth[id(d)] < limits.MAX_EXPLOSIONS]
        elif name == "ra":
            picked = [d for d in self.kept() if op.picks(d.value)][:1]
            if picked:
                self.exploded.add(picked[0].draws[-1])
                (index,) = self.draw(1)
                self.dice.append(GroupDie([index], self.faces[index]))
        else:
            chosen = self._chosen(op)
            for die in self.kept():
                if (id(die) in chosen) != (name == "k"):
                    die.kept = False

    def _reroll(self, dice: list[GroupDie]) -> None:
        if not dice:
            return
        for die, index in zip(dice, self.draw(len(dice)), strict=True):
            die.draws.append(index)
            die.value = self.faces[index]

    def _chosen(self, op: Op) -> set[int]:
        """The dice of a keep or drop that any of its selectors picks (by id)."""
        kept = self.kept()
        # One order for h and l, highest first and equal faces in the order rolled,
        # so that the highest and the lowest are never the same die: 4d6kh1kl1 keeps
        # two dice whatever they show.
        ranked = sorted(kept, key=lambda d: -d.value)
        chosen: set[int] = set()
        for selector in op.selectors:
            if selector.by_rank:
                chosen.update(id(d) for d in selector.of_ranked(ranked))
            else:
                chosen.update(id(d) for d in kept if selector.picks(d.value))
        return chosen

    def shown(self, target: int | None) -> list[ShownDie]:
        last = {die.draws[-1]: die for die in self.dice}
        out = []
        for index, face in enumerate(self.faces):
            die = last.get(index)
            counted = die is not None and die.kept
            value = die.value if die is not None else face
            out.append(ShownDie(self.sides, face, value, counted, index in self.exploded,
                                counted and target is not None and value >= target))
        return out
