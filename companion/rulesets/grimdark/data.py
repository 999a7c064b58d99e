"""The Grimdark tables, read once into one frozen record the builder and the forum
sheet share: the general figures of `grimdark-rules`, and the moves, abilities and
equipment by key and by name. Nothing else reads these tables."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, Literal

from companion.rulesets.grimdark.table_models import (
    GrimdarkAbilityEntry,
    GrimdarkCritEntry,
    GrimdarkEquipmentEntry,
    GrimdarkMoveEntry,
    GrimdarkRuleEntry,
)
from companion.tables.loader import TableSet, load_tables
from companion.tables.table import TableDataError

TABLE_IDS = ("grimdark-rules", "grimdark-moves", "grimdark-abilities", "grimdark-equipment",
             "grimdark-crit")
RULES = "grimdark-rules"

FigureKind = Literal["value", "die", "stat", "reading"]
# The figures the builder reads, and what each must give: a user's override that
# drops one or gives the wrong kind is refused when the tables are read, not later.
NEEDED: dict[str, FigureKind] = {
    "stat-points": "value", "stat-spread": "value", "ability-points": "value",
    "ability-points-stat": "stat", "ability-level-most": "value",
    "repertoire-fewest": "value", "repertoire-most": "value", "move-copies-most": "value",
    "equipment-slots": "value", "hp-base": "value", "hp-stat": "stat", "hp-die": "die",
    "init-stat": "stat", "init-die": "die", "jack-of-all-trades-opens": "reading",
    "starred-most": "value",
    # the fight's
    "tie-band": "value", "critical-advantage": "value", "critical-severity-offset": "value",
    "critical-base-damage": "value", "ranged-vs-melee-bonus": "value",
    "ranged-vs-melee-penalty": "value", "out-of-position-bonus": "value",
    "extra-attacker-bonus": "value", "extra-attacker-bonus-most": "value",
    "extra-attacker-bonus-goes-to": "reading", "half-damage-rounds": "reading",
    # the match's
    "hand-size": "value", "as-change-penalty": "value", "stunned-defence-bonus": "value",
    "weapon-in-use": "reading", "on-hit-affects": "reading", "tie-cz": "value",
    "wounded-at-hp": "value", "defeated-at-hp": "value", "cz-floor": "value",
    "finisher-tie-cz": "reading", "gruesome-demise": "reading",
    "situational-bonuses-against": "reading", "poison-defeat": "reading",
    "toxic-dose-on": "reading", "face-off-binds": "reading", "natural-weapon-use": "reading",
    "curse-die": "die", "curse-breaks-on": "value",
    "curse-damage": "value", "execution-cz-lead": "value", "execution-die": "die",
    "execution-spared-on": "value", "death-die": "die", "death-die-late": "die",
    "death-die-late-from-match": "value", "death-on": "value", "fame-win": "value",
    "fame-loss": "value",
}


class GrimdarkDataError(TableDataError):
    """The Grimdark tables (usually a user's override) say something the builder
    cannot use."""


def name_key(text: str) -> str:
    """The key a table entry has for a name as a player writes it ("Flurry of blows")."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


@dataclass(frozen=True)
class Figures:
    entries: dict[str, GrimdarkRuleEntry]
    # Readings held whatever the table says: a match saved by an earlier engine replays
    # with the readings of its day (`engine.py`).
    pinned: Mapping[str, str] = field(default_factory=dict)
    # The figures read so far: a match reads the same few many times a turn. Of the
    # table alone, so copies with other readings pinned may share it.
    read: dict[tuple[str, FigureKind], object] = field(default_factory=dict, compare=False,
                                                       repr=False)

    def _get(self, key: str, kind: FigureKind) -> object:
        found = self.read.get((key, kind))
        if found is not None:
            return found
        entry = self.entries.get(key)
        value = None if entry is None else getattr(entry, kind)
        if value is None:
            raise GrimdarkDataError(f"{RULES}: '{key}' needs a {kind}", RULES)
        self.read[(key, kind)] = value
        return value

    def value(self, key: str) -> int:
        found = self._get(key, "value")
        assert isinstance(found, int)
        return found

    def die(self, key: str) -> str:
        return str(self._get(key, "die"))

    def stat(self, key: str) -> str:
        return str(self._get(key, "stat"))

    def reading(self, key: str) -> str:
        held = self.pinned.get(key)
        return held if held is not None else str(self._get(key, "reading"))


@dataclass(frozen=True, eq=False)
class GrimdarkData:
    figures: Figures
    moves: dict[str, GrimdarkMoveEntry]
    abilities: dict[str, GrimdarkAbilityEntry]
    equipment: dict[str, GrimdarkEquipmentEntry]
    # The critical table by (d8 roll, severity); the last severity column is open above.
    crits: dict[tuple[int, int], GrimdarkCritEntry] = field(default_factory=dict)
    # What is worked out from these tables alone and asked again and again (a weapon's
    # properties, an ability's chances, the computer player's fight odds by the two
    # sides): pure, so every match played with these tables may share it.
    memo: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def load(cls, tables: TableSet | None = None) -> GrimdarkData:
        tables = load_tables() if tables is None else tables
        # Each table of its own kind: one saved under another's id is refused here,
        # named, when the tables load, never met in the middle of a match.
        figures = Figures({e.key: e for e in tables.get(RULES).typed(GrimdarkRuleEntry)})
        for key, kind in NEEDED.items():
            figures._get(key, kind)
        data = cls(
            figures,
            {e.key: e for e in tables.get("grimdark-moves").typed(GrimdarkMoveEntry)},
            {e.key: e for e in tables.get("grimdark-abilities").typed(GrimdarkAbilityEntry)},
            {e.key: e for e in tables.get("grimdark-equipment").typed(GrimdarkEquipmentEntry)},
            _crits(tables),
        )
        # A gladiator can always assess the situation: with a hand he cannot play, it
        # is the move the rules leave him.
        assess = data.moves.get("assess-the-situation")
        if assess is None or not assess.always_available:
            raise GrimdarkDataError("grimdark-moves needs Assess the Situation "
                                    "(assess-the-situation), always available: the move "
                                    "every hand holds", "grimdark-moves")
        # What a match and the builder always need of the equipment table.
        data.unarmed()
        data.armour()
        for weight in ("light", "heavy"):
            for reach in ("melee", "ranged"):
                data.weapon_kind(weight, reach)
        return data

    def with_readings(self, readings: Mapping[str, str]) -> GrimdarkData:
        """The same tables with these readings held, whatever the table says."""
        pinned = {**self.figures.pinned, **readings}
        return replace(self, figures=replace(self.figures, pinned=pinned), memo={})

    @cached_property
    def bonuses_own_target(self) -> bool:
        """Situational bonuses count only against the move's own target (the reading
        `situational-bonuses-against`), read once: every side of every fight asks."""
        return self.figures.reading("situational-bonuses-against") != "every opponent"

    @cached_property
    def group_bonus_to_target(self) -> bool:
        """The group bonus is the one ganged's (`extra-attacker-bonus-goes-to`)."""
        return self.figures.reading("extra-attacker-bonus-goes-to") == "target"

    @cached_property
    def crit_sides(self) -> int:
        """The die the critical table's rows are rolled on (its d8)."""
        return max(roll for roll, _ in self.crits)

    @cached_property
    def _most_severity(self) -> int:
        return max(s for _, s in self.crits)

    def crit(self, roll: int, severity: int) -> GrimdarkCritEntry:
        """The critical table's cell; a severity past the last column reads the last."""
        return self.crits[(roll, min(severity, self._most_severity))]

    def move_named(self, name: str) -> GrimdarkMoveEntry | None:
        return self.moves.get(name_key(name))

    def ability_named(self, name: str) -> GrimdarkAbilityEntry | None:
        return self.abilities.get(name_key(name))

    def property_named(self, name: str) -> GrimdarkEquipmentEntry | None:
        found = self.equipment.get(name_key(name))
        return found if found is not None and found.category == "property" else None

    def weapon_kind(self, weight: str, reach: str) -> GrimdarkEquipmentEntry:
        """The equipment entry of a light or heavy, melee or ranged weapon."""
        for entry in self.equipment.values():
            if entry.category == "weapon" and entry.weight == weight and \
                    (entry.melee if reach == "melee" else entry.ranged):
                return entry
        raise GrimdarkDataError(f"grimdark-equipment has no {weight} {reach} weapon",
                                "grimdark-equipment")

    def unarmed(self) -> GrimdarkEquipmentEntry:
        """What he fights with in melee when he holds no melee weapon: his fists."""
        for entry in self.equipment.values():
            if entry.category == "weapon" and entry.weight is None and entry.melee:
                return entry
        raise GrimdarkDataError("grimdark-equipment has no unarmed attack",
                                "grimdark-equipment")

    def armour(self) -> GrimdarkEquipmentEntry:
        for entry in self.equipment.values():
            if entry.category == "armour":
                return entry
        raise GrimdarkDataError("grimdark-equipment has no armour", "grimdark-equipment")


def _crits(tables: TableSet) -> dict[tuple[int, int], GrimdarkCritEntry]:
    table = tables.get("grimdark-crit")
    table.typed(GrimdarkCritEntry)
    if len(table.axes) != 2:
        raise GrimdarkDataError("grimdark-crit is read by its d8 roll and its severity: "
                                f"it has {len(table.axes)} axes, not 2", "grimdark-crit")
    rolls, severities = table.axes
    out: dict[tuple[int, int], GrimdarkCritEntry] = {}
    for roll in range(rolls.min or 1, (rolls.max or 8) + 1):
        for severity in range(severities.min or 1, (severities.max or 6) + 1):
            entry = table.lookup(roll, severity)
            if not isinstance(entry, GrimdarkCritEntry):
                raise GrimdarkDataError("grimdark-crit holds a cell of another kind",
                                        "grimdark-crit")
            out[(roll, severity)] = entry
    return out
