"""A coaching as the editor holds it while it is made: every field chosen from the
choices the coaching file allows (moves from his repertoire, the vocabulary of rules),
checked as it changes with the same `parse_coaching` and `check_coaching` the match
uses, and written as the same JSON file the game reads. Nothing here draws."""

from __future__ import annotations

import json
from typing import Any, get_args

from companion.files.sheetfile import SheetError
from companion.rulesets.grimdark.coachfile import (
    MOST_OPENING,
    WEIGHT_MOST,
    WHEN_WITH_VALUE,
    Do,
    Posture,
    TargetPolicy,
    When,
    reachable_moves,
)
from companion.rulesets.grimdark.coaching import (
    FORMAT,
    Coaching,
    check_coaching,
    parse_coaching,
)
from companion.rulesets.grimdark.data import GrimdarkData
from companion.rulesets.grimdark.sheet import STAT_NAMES, Gladiator
from companion.rulesets.grimdark.table_models import STATS
from companion.ui.grimdark.coaching_words import DO_WORDS, WHEN_WORDS

POSTURES: tuple[str, ...] = get_args(Posture)
WHENS: tuple[str, ...] = get_args(When)
DOS: tuple[str, ...] = get_args(Do)
TARGETS: tuple[str, ...] = get_args(TargetPolicy)
KINDS = ("prefer", "avoid", "do", "target")
# What a rule's number starts at when its condition takes one: below half a typical
# starting HP; two CZ ahead.
FIRST_VALUE = {"hp-below": 10, "cz-ahead": 2}
MOST_VALUE = 10_000
ANYONE = ""


def _cycle(options: list[Any], current: Any, step: int) -> Any:
    at = options.index(current) if current in options else -1 if step > 0 else 0
    return options[(at + step) % len(options)]


class CoachingDraft:
    """One gladiator's coaching being edited: his opening, posture, weights, rules,
    active stat and notes, as move keys."""

    def __init__(self, gladiator: Gladiator, data: GrimdarkData,
                 coaching: Coaching | None = None) -> None:
        self.gladiator = gladiator
        self.data = data
        found = coaching if coaching is not None else Coaching(gladiator=gladiator.name)
        self.name = found.gladiator
        self.opening: list[str | None] = [*found.opening[:MOST_OPENING]]
        self.opening += [None] * (MOST_OPENING - len(self.opening))
        self.posture: str = found.posture
        self.prefer: dict[str, int] = dict(found.prefer)
        self.rules: list[dict[str, Any]] = [r.model_dump(exclude_none=True)
                                            for r in found.rules]
        self.active_stat: str | None = found.active_stat
        self.notes = found.notes

    # --- the choices ---------------------------------------------------------------------
    def move_name(self, key: str | None) -> str:
        if key is None:
            return "drawn"
        move = self.data.moves.get(key)
        return move.name if move is not None else key

    def opening_moves(self) -> list[str]:
        """The moves of his repertoire a hand may open with, by name."""
        keys = [k for k in self.gladiator.moves if (m := self.data.moves.get(k)) is not None
                and not m.special and not m.always_available]
        return sorted(keys, key=self.move_name)

    def reachable(self) -> set[str]:
        return reachable_moves(self.gladiator, self.data)

    def coachable_moves(self) -> list[str]:
        """Every move that can come into his hand, by name; then any the coaching names
        that cannot (so that it can be seen and taken away)."""
        reachable = sorted(self.reachable(), key=self.move_name)
        ruled = [str(r.get("prefer") or r.get("avoid") or "") for r in self.rules]
        named = [k for k in (*self.opening, *self.prefer, *ruled)
                 if k is not None and k and k not in reachable]
        return reachable + sorted(set(named), key=self.move_name)

    def names(self) -> list[str]:
        """Whom the coaching is for: him, or anyone (and the name it came with)."""
        found = [self.gladiator.name, ANYONE]
        if self.name not in found:
            found.append(self.name)
        return found

    # --- the edits -----------------------------------------------------------------------
    def step_name(self, step: int) -> None:
        self.name = _cycle(self.names(), self.name, step)

    def step_opening(self, slot: int, step: int) -> None:
        self.opening[slot] = _cycle([None, *self.opening_moves()], self.opening[slot], step)

    def step_posture(self, step: int) -> None:
        self.posture = _cycle(list(POSTURES), self.posture, step)

    def step_active(self, step: int) -> None:
        self.active_stat = _cycle([None, *STATS], self.active_stat, step)

    def step_weight(self, key: str, step: int) -> None:
        weight = max(-WEIGHT_MOST, min(WEIGHT_MOST, self.prefer.get(key, 0) + step))
        if weight:
            self.prefer[key] = weight
        else:
            self.prefer.pop(key, None)

    def add_rule(self) -> int:
        """A new rule at the end ("always: assess"), to be changed; its index."""
        self.rules.append({"when": "always", "do": "assess"})
        return len(self.rules) - 1

    def remove_rule(self, index: int) -> None:
        if 0 <= index < len(self.rules):
            del self.rules[index]

    def move_rule(self, index: int, step: int) -> int:
        """The rule one earlier or later (an earlier rule outweighs a later one); its
        new index."""
        to = index + step
        if 0 <= index < len(self.rules) and 0 <= to < len(self.rules):
            self.rules[index], self.rules[to] = self.rules[to], self.rules[index]
            return to
        return index

    def step_when(self, index: int, step: int) -> None:
        rule = self.rules[index]
        rule["when"] = _cycle(list(WHENS), rule["when"], step)
        if rule["when"] in WHEN_WITH_VALUE:  # a number of HP is no number of CZ
            rule["value"] = FIRST_VALUE[rule["when"]]
        else:
            rule.pop("value", None)

    def step_value(self, index: int, step: int) -> bool:
        """The rule's number one up or down; False when its condition takes none."""
        rule = self.rules[index]
        if rule["when"] not in WHEN_WITH_VALUE:
            return False
        rule["value"] = max(0, min(MOST_VALUE, int(rule.get("value", 0)) + step))
        return True

    def kind(self, index: int) -> str:
        rule = self.rules[index]
        return next((k for k in KINDS if k in rule), "do")

    def what_options(self, kind: str) -> list[str]:
        if kind in ("prefer", "avoid"):
            return self.coachable_moves()
        return list(DOS if kind == "do" else TARGETS)

    def step_kind(self, index: int, step: int) -> None:
        rule = self.rules[index]
        kind = self.kind(index)
        new = _cycle(list(KINDS), kind, step)
        rule.pop(kind, None)
        rule[new] = self.what_options(new)[0]

    def step_what(self, index: int, step: int) -> None:
        rule = self.rules[index]
        kind = self.kind(index)
        rule[kind] = _cycle(self.what_options(kind), rule.get(kind), step)

    # --- in words ------------------------------------------------------------------------
    def name_words(self) -> str:
        """Whom it is for, in a stepper's room: his own name may be long."""
        if self.name == self.gladiator.name:
            return "him"
        return self.name or "anyone"

    def opening_words(self, slot: int) -> str:
        key = self.opening[slot]
        return "drawn" if key is None else self.move_name(key)

    def active_words(self) -> str:
        if self.active_stat is None:
            return f"{STAT_NAMES[self.gladiator.active()]} (his strongest)"
        return STAT_NAMES[self.active_stat]

    def when_words(self, index: int) -> str:
        rule = self.rules[index]
        return WHEN_WORDS[rule["when"]].replace("{v}", str(rule.get("value", "")))

    def condition_words(self, index: int) -> str:
        """The rule's condition in a stepper's room: "his HP is below 10"."""
        return self.when_words(index).removeprefix("when ")

    def value_words(self, index: int) -> str:
        rule = self.rules[index]
        return str(rule["value"]) if rule["when"] in WHEN_WITH_VALUE else "none"

    def kind_words(self, index: int) -> str:
        return {"prefer": "prefer a move", "avoid": "avoid a move", "do": "do",
                "target": "target"}[self.kind(index)]

    def what_words(self, index: int) -> str:
        kind = self.kind(index)
        value = str(self.rules[index][kind])
        if kind in ("prefer", "avoid"):
            return self.move_name(value)
        if kind == "do":
            return DO_WORDS[value]
        return "the " + value.replace("-", " ")

    def rule_words(self, index: int) -> str:
        kind = self.kind(index)
        what = self.what_words(index)
        does = f"{kind} {what}" if kind in ("prefer", "avoid") else \
            what if kind == "do" else f"target {what}"
        when = self.when_words(index)
        return f"{index + 1}. {when[0].upper()}{when[1:]}: {does}"

    # --- the file ------------------------------------------------------------------------
    def as_data(self) -> dict[str, Any]:
        """The coaching file's JSON, moves by name as a manager reads them."""
        data: dict[str, Any] = {"format": FORMAT, "version": 1}
        if self.name:
            data["gladiator"] = self.name
        data["opening"] = [self.move_name(k) for k in self.opening if k is not None]
        data["posture"] = self.posture
        data["prefer"] = {self.move_name(k): w for k, w in self.prefer.items()}
        data["rules"] = [{k: self.move_name(v) if k in ("prefer", "avoid") else v
                          for k, v in rule.items()} for rule in self.rules]
        if self.active_stat is not None:
            data["active_stat"] = self.active_stat
        if self.notes.strip():
            data["notes"] = self.notes.strip()
        return data

    def text(self) -> str:
        return json.dumps(self.as_data(), indent=2, ensure_ascii=False) + "\n"

    def problems(self) -> list[str]:
        """What keeps the coaching from fitting him, in words: what the file reader
        refuses, then what `check_coaching` finds. Empty: it fits."""
        try:
            coaching = parse_coaching(self.as_data(), "the coaching", self.data)
        except SheetError as err:
            return [p.removeprefix("the coaching: ") for p in err.problems]
        return check_coaching(coaching, self.gladiator, self.data)
