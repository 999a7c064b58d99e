"""Exact distributions of one group of dice with operators: 4d6kh3, 3d6rr1, d6e6,
8d6mi2, 2d6ra6, 6d6e6>=5 (the notation's meaning of each is in companion.dice.notation).

Results are whole-number counts of ways over one total: `(counts, total)`, each chance
`counts[v] / total`. The total is a power of the die's sides, because every die drawn
is one of `sides` equally likely faces (the caps on rerolls and explosions make the
draws finite), so no count is longer than the bits of sides ** (the dice drawn at
worst): what `companion.dice.odds.size` bounds before any work.

Two methods, by what the operators need:

* Each die on its own (no choice by rank, h or l): the operators act on every die
  alone, so a die and the dice it adds (its "family") make one small distribution,
  worked out face by face (`_Pipeline`), and the group is its power: the N-th power
  of a polynomial by its coefficients' recurrence (`power`), O(totals x terms)
  big-integer steps instead of products of huge packed integers. `ra`, which adds one
  die to the whole group if any die is picked, is the one link between dice: each
  way is kept in two parts, none picked or some picked, and the added die joins the
  second.
* Choosing by rank (kh3, pl1, ...): the order statistics of N dice, counted over the
  sorted faces as icepool does: going down the faces, how many of the dice show each
  one (a multinomial count), the positions those dice take in the sorted order, so
  which of them are kept, and what each kept die adds (`_ranked`). The notation lets
  h and l choose only among a number of dice known before the roll, so the positions
  kept are known from the operators alone. Only the positions the choices look at
  are followed, from the end they are nearer (the highest for kh3, the lowest for
  kl1); once those are placed the other dice only count how they can fall, summed
  in closed form, so 1000d6kh1 costs what 1d6 does, and the work goes with the
  square of the dice looked at.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import comb, lcm
from typing import NamedTuple

from companion.dice.notation.limits import MAX_EXPLOSIONS, MAX_REROLLS
from companion.dice.notation.operators import Op

Counts = dict[int, int]


class Pair(NamedTuple):
    """Ways over `total`, split by whether a die was picked by the group's `ra`:
    `none` (all the ways when there is no ra) and `some`."""

    none: Counts
    some: Counts
    total: int


def _conv(a: Counts, b: Counts) -> Counts:
    """Counts of the sum of two independent outcomes (small tables)."""
    if not a or not b:
        return {}
    if len(a) == 1:
        ((va, ca),) = a.items()
        return {va + v: ca * c for v, c in b.items()}
    if len(b) == 1:
        ((vb, cb),) = b.items()
        return {vb + v: cb * c for v, c in a.items()}
    out: Counts = {}
    for va, ca in a.items():
        for vb, cb in b.items():
            out[va + vb] = out.get(va + vb, 0) + ca * cb
    return out


def _add(into: Counts, counts: Counts, factor: int = 1) -> None:
    for v, c in counts.items():
        into[v] = into.get(v, 0) + c * factor


def _sub(a: Counts, b: Counts) -> Counts:
    out = dict(a)
    for v, c in b.items():
        out[v] = out.get(v, 0) - c
    return {v: c for v, c in out.items() if c}


def point(value: int) -> Pair:
    return Pair({value: 1}, {}, 1)


def mul(a: Pair, b: Pair) -> Pair:
    """Two independent parts added together: some die is picked if one is in either."""
    none = _conv(a.none, b.none)
    if not a.some and not b.some:
        return Pair(none, {}, a.total * b.total)
    every_a, every_b = dict(a.none), dict(b.none)
    _add(every_a, a.some)
    _add(every_b, b.some)
    return Pair(none, _sub(_conv(every_a, every_b), none), a.total * b.total)


def mix(parts: Sequence[tuple[int, Pair]], weight: int) -> Pair:
    """Each part with chance `w / weight`, over one common total."""
    common = lcm(*(p.total for _, p in parts))
    none: Counts = {}
    some: Counts = {}
    for w, p in parts:
        scale = w * (common // p.total)
        _add(none, p.none, scale)
        _add(some, p.some, scale)
    return Pair({v: c for v, c in none.items() if c}, {v: c for v, c in some.items() if c},
                weight * common)


def picked(p: Pair) -> Pair:
    every = dict(p.none)
    _add(every, p.some)
    return Pair({}, every, p.total)


def power_counts(counts: Counts, n: int) -> Counts:
    """The counts of the sum of `n` independent copies.

    For P = sum p_i x^i (p_0 > 0 once shifted to its lowest term), Q = P^n satisfies
    P Q' = n P' Q, so k p_0 q_k = sum_i ((n + 1) i - k) p_i q_(k-i): each coefficient
    from a few earlier ones, one big-integer product for each term of P.
    """
    if n == 0:
        return {0: 1}
    if not counts:
        return {}
    if n == 1:
        return dict(counts)
    low = min(counts)
    span = max(counts) - low
    if span == 0:
        return {low * n: counts[low] ** n}
    p = [counts.get(low + i, 0) for i in range(span + 1)]
    terms = [(i, p[i]) for i in range(1, span + 1) if p[i]]
    top = span * n
    q = [0] * (top + 1)
    q[0] = p[0] ** n
    p0 = p[0]
    for k in range(1, top + 1):
        ways = 0
        for i, pi in terms:
            if i > k:
                break
            if q[k - i]:
                ways += ((n + 1) * i - k) * pi * q[k - i]
        q[k] = ways // (k * p0)
    return {low * n + k: c for k, c in enumerate(q) if c}


def power(p: Pair, n: int) -> Pair:
    none = power_counts(p.none, n)
    if not p.some:
        return Pair(none, {}, p.total ** n)
    every = dict(p.none)
    _add(every, p.some)
    return Pair(none, _sub(power_counts(every, n), none), p.total ** n)


DROPPED = 0  # not a face: a die a keep or a drop took out of the group


class _Pipeline:
    """One die through operators `ops` (none of them choosing by rank): what it, and
    the dice it adds, count for at the end, face by face, remembered."""

    def __init__(self, sides: int, ops: Sequence[Op], score: Callable[[int], int]) -> None:
        self.sides = sides
        self.ops = tuple(ops)
        self.score = score  # what a die counts for: its face, or 1 for a success
        self._at: dict[tuple[int, int], Pair] = {}
        self._fresh: dict[int, Pair] = {}
        self._chain: dict[tuple[int, int], Pair] = {}
        self._rerolled: dict[int, Pair] = {}

    def fresh(self, i: int) -> Pair:
        """A die just rolled, before operator `i`."""
        if i not in self._fresh:
            self._fresh[i] = mix([(1, self.at(i, f)) for f in range(1, self.sides + 1)],
                                 self.sides)
        return self._fresh[i]

    def at(self, i: int, face: int) -> Pair:
        """A die showing `face` (or DROPPED) before operator `i`."""
        key = (i, face)
        found = self._at.get(key)
        if found is None:
            found = self._at[key] = self._work(i, face)
        return found

    def _work(self, i: int, face: int) -> Pair:
        if face == DROPPED:
            return point(0)
        if i == len(self.ops):
            return point(self.score(face))
        op = self.ops[i]
        name = op.name
        if op.by_rank:
            raise ValueError(f"{op.describe()} chooses by rank: not a die on its own")
        if name == "mi":
            return self.at(i + 1, max(face, op.selectors[0].number))
        if name == "ma":
            return self.at(i + 1, min(face, op.selectors[0].number))
        if name in ("k", "p"):
            stays = op.picks(face) == (name == "k")
            return self.at(i + 1, face if stays else DROPPED)
        if not op.picks(face):
            return self.at(i + 1, face)
        if name == "ro":
            return self.fresh(i + 1)
        if name == "rr":
            return self.rerolled(i)
        if name == "ra":
            return picked(self.at(i + 1, face))
        return mul(self.at(i + 1, face), self.chain(i, 1))  # e

    def rerolled(self, i: int) -> Pair:
        """A die picked by rr (operator `i`): rerolled until it is not, MAX_REROLLS
        times at most, the last one standing whatever it shows. Over sides^C, a face
        not picked comes sum_t m^t sides^(C-1-t) ways (t picked rerolls before it), a
        picked one m^(C-1) ways (every reroll picked), m the faces picked."""
        if i not in self._rerolled:
            op, sides, cap = self.ops[i], self.sides, MAX_REROLLS
            faces = range(1, sides + 1)
            m = sum(1 for f in faces if op.picks(f))
            stays = sum(m**t * sides ** (cap - 1 - t) for t in range(cap))
            self._rerolled[i] = mix(
                [(m ** (cap - 1) if op.picks(f) else stays, self.at(i + 1, f)) for f in faces],
                sides**cap,
            )
        return self._rerolled[i]

    def chain(self, i: int, depth: int) -> Pair:
        """The die an explosion (operator `i`) adds, the `depth`-th of its chain: it
        explodes in turn while the chain has added fewer than MAX_EXPLOSIONS."""
        key = (i, depth)
        if key not in self._chain:
            op = self.ops[i]
            parts = []
            for f in range(1, self.sides + 1):
                part = self.at(i + 1, f)
                if op.picks(f) and depth < MAX_EXPLOSIONS:
                    part = mul(part, self.chain(i, depth + 1))
                parts.append((1, part))
            self._chain[key] = mix(parts, self.sides)
        return self._chain[key]


def _ra_index(ops: Sequence[Op]) -> int | None:
    return next((i for i, op in enumerate(ops) if op.name == "ra"), None)


def _with_added(group: Pair, pipeline: _Pipeline, ra: int | None) -> tuple[Counts, int]:
    """The group's ways, with the die `ra` adds where one was picked."""
    if ra is None:
        return group.none, group.total
    added = pipeline.fresh(ra + 1)
    counts = {v: c * added.total for v, c in group.none.items()}
    _add(counts, _conv(group.some, added.none))
    return {v: c for v, c in counts.items() if c}, group.total * added.total


def group_counts(count: int, sides: int, ops: Sequence[Op],
                 score: Callable[[int], int]) -> tuple[Counts, int]:
    """The ways each total of `count`d`sides` with `ops` comes, over their total;
    `score` is what a kept die counts for (its face; for a pool, 1 for a success)."""
    if any(op.by_rank for op in ops):
        return _ranked(count, sides, tuple(ops), score)
    pipeline = _Pipeline(sides, ops, score)
    group = power(pipeline.fresh(0), count)
    return _with_added(group, pipeline, _ra_index(ops))


def _rank_plan(count: int, ops: Sequence[Op]) -> tuple[list[int], Op | None, list[bool]]:
    """Which sorted positions (0 the highest) the choices by rank keep: the positions
    kept whatever the faces, the last choice if it also picks by face, and for each
    position whether that choice weighs it (kept by the face for k, taken out by the
    face for p)."""
    kept = list(range(count))
    ranked = [i for i, op in enumerate(ops) if op.by_rank]
    for i in ranked:
        op = ops[i]
        if op.name not in ("k", "p"):
            raise ValueError(f"{op.describe()} cannot choose by rank")
        chosen: set[int] = set()
        for s in op.selectors:
            if s.kind == "h":
                chosen.update(kept[:s.number])
            elif s.kind == "l":
                chosen.update(kept[-s.number:])
        if op.by_face:
            if i != ranked[-1]:
                raise ValueError("a choice by rank after one by face")
            # Kept whatever the face: chosen by rank for k; never for p.
            certain = [p for p in kept if p in chosen] if op.name == "k" else []
            weighed = [p in set(kept) and p not in chosen for p in range(count)]
            return certain, op, weighed
        kept = [p for p in kept if (p in chosen) == (op.name == "k")]
    return kept, None, [False] * count


def rank_reach(count: int, ops: Sequence[Op]) -> tuple[int, bool]:
    """How many sorted positions, from one end, the choices by rank of a group of
    `count` dice look at (what they keep, or weigh by the face), and whether that end
    is the lowest: 3 from the highest for 8d6kh3, 1 from the lowest for 2d20kl1. The
    dice beyond them only count how they can fall, so the work goes with this, not
    with `count`."""
    last = max(i for i, op in enumerate(ops) if op.by_rank)
    certain, _, weighed = _rank_plan(count, ops[:last + 1])
    looked_at = set(certain) | {p for p in range(count) if weighed[p]}
    if not looked_at:
        return 0, False
    from_top, from_bottom = max(looked_at) + 1, count - min(looked_at)
    return (from_bottom, True) if from_bottom < from_top else (from_top, False)


def _ranked(count: int, sides: int, ops: tuple[Op, ...],
            score: Callable[[int], int]) -> tuple[Counts, int]:
    ranked = [i for i, op in enumerate(ops) if op.by_rank]
    first, last = ranked[0], ranked[-1]
    between = ops[first:last + 1]
    for op in ops[:first] + tuple(op for op in between if not op.by_rank):
        allowed = ("rr", "ro", "mi", "ma") if op in ops[:first] else ("mi", "ma")
        if op.name not in allowed:
            raise ValueError(f"{op.describe()} before a choice by rank")
    # Each die's face once the operators before the first choice are done.
    faces = _Pipeline(sides, ops[:first], lambda f: f).fresh(0)
    weights = sorted(faces.none.items(), reverse=True)  # highest face first
    each_total = faces.total

    def moved(face: int) -> int:  # the mi and ma among the choices, in order
        for op in between:
            if op.name == "mi":
                face = max(face, op.selectors[0].number)
            elif op.name == "ma":
                face = min(face, op.selectors[0].number)
        return face

    after = _Pipeline(sides, ops[last + 1:], score)
    certain, by_face, weighed = _rank_plan(count, ops[:last + 1])
    reach, lowest_first = rank_reach(count, ops)
    if lowest_first:
        # The same count from the other end: the lowest face first, the positions
        # turned round (equal faces are alike, whichever of them a position takes).
        weights.reverse()
        certain = [count - 1 - p for p in certain]
        weighed = weighed[::-1]
    adds = {f: after.at(0, moved(f)) for f, _ in weights}
    per_kept = lcm(*(p.total for p in adds.values()))
    adds = {f: _scaled(p, per_kept // p.total) for f, p in adds.items()}
    is_certain = [False] * count
    for p in certain:
        is_certain[p] = True
    # Prefix sums: how many of the positions a..a+n-1 are kept whatever the face, and
    # how many the last choice weighs by the face.
    certain_before = [0]
    weighed_before = [0]
    for p in range(count):
        certain_before.append(certain_before[-1] + is_certain[p])
        weighed_before.append(weighed_before[-1] + weighed[p])
    powers: dict[tuple[int, int], Pair] = {}

    def kept_adds(face: int, j: int) -> Pair:
        key = (face, j)
        if key not in powers:
            powers[key] = power(adds[face], j)
        return powers[key]

    # states[a]: the ways of the dice placed so far, the a first in the order counted,
    # and what they add; kept only while a < reach. Once the positions looked at are
    # all placed, the rest of the dice fall on the faces still to come in any way,
    # kept by none: those ways go into `done` at once, summed in closed form.
    done_none: Counts = {}
    done_some: Counts = {}

    def finish(part: Pair, factor: int) -> None:
        _add(done_none, part.none, factor)
        _add(done_some, part.some, factor)

    states: list[Pair | None] = [point(0)] + [None] * (reach - 1)
    left = sum(weight for _, weight in weights)  # of the faces still to come
    if reach == 0:
        finish(point(0), (left * per_kept) ** count)
        states = []
    for face, weight in weights:
        left -= weight
        faced = moved(face)
        picks = by_face is not None and by_face.picks(faced)
        # For k a weighed die stays if the face is picked; for p if it is not.
        weighed_stay = by_face is not None and picks == (by_face.name == "k")

        def kept_between(a: int, b: int, stay: bool = weighed_stay) -> int:
            j = certain_before[b] - certain_before[a]
            return j + (weighed_before[b] - weighed_before[a] if stay else 0)

        new: list[Pair | None] = [None] * len(states)
        for a, state in enumerate(states):
            if state is None:
                continue
            rest = count - a
            for n in range(reach - a):  # still short of the positions looked at
                j = kept_between(a, a + n)
                factor = comb(rest, n) * weight**n * per_kept ** (n - j)
                part = mul(state, kept_adds(face, j)) if n else state
                if factor != 1:
                    part = _scaled(part, factor)
                new[a + n] = part if new[a + n] is None else _merge(new[a + n], part)
            # n from reach - a to rest: the same dice kept (j), the other rest - n on
            # the faces to come, so sum_n C(rest, n) w^n P^(n-j) (left P)^(rest-n)
            # = P^(rest-j) ((w + left)^rest - sum_(n < reach-a) C(rest, n) w^n left^(rest-n)).
            j = kept_between(a, reach)
            short = sum(comb(rest, n) * weight**n * left ** (rest - n)
                        for n in range(reach - a))
            factor = per_kept ** (rest - j) * ((weight + left) ** rest - short)
            if factor:
                finish(mul(state, kept_adds(face, j)), factor)
        # Ways still short after the last face leave dice with no face: none.
        states = new
    final = Pair({v: c for v, c in done_none.items() if c},
                 {v: c for v, c in done_some.items() if c}, 1)
    # Every die weighs each_total x per_kept, whether kept or not.
    total = (each_total * per_kept) ** count
    group = Pair(final.none, final.some, total)
    return _with_added(group, after, _ra_index(ops[last + 1:]))


def _scaled(p: Pair, factor: int) -> Pair:
    if factor == 1:
        return p
    return Pair({v: c * factor for v, c in p.none.items()},
                {v: c * factor for v, c in p.some.items()}, p.total * factor)


def _merge(a: Pair | None, b: Pair) -> Pair:
    assert a is not None
    none, some = dict(a.none), dict(a.some)
    _add(none, b.none)
    _add(some, b.some)
    return Pair(none, some, a.total)
