"""The games the companion knows: one entry a game, naming each of its parts as
"module:attribute", imported only when first asked for, so one game's code and tables
load only when it is played or checked.

This is the one place outside a game's own folders (`rulesets/<game>/`, `ui/<game>/`)
that names a game; the window's screens and pictures are named in `ui/registry.py`.
Adding a game is a package, a folder of screens, and one entry here and there.

It imports nothing of the companion, so every layer may read it: the tables' loader
(the kinds of table a game brings), the rules' registry, the lab and the command line."""

from __future__ import annotations

import importlib

# Spelt here, not imported: the tables' loader reads this module at start-up, before
# anything has imported `typing` or `dataclasses` (mypy takes any TYPE_CHECKING as true).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


class Game:
    """A game's parts. Only `rules` is required; a game without a part goes without
    what it gives (kinds of table of its own, words for their fields, a lab run)."""

    __slots__ = ("careers", "lab", "league", "rules", "stable", "table_models", "table_words",
                 "verbs")

    def __init__(self, rules: str, *, table_models: str | None = None,
                 table_words: str | None = None, lab: str | None = None,
                 verbs: str | None = None, stable: str | None = None,
                 careers: str | None = None, league: str | None = None) -> None:
        self.rules = rules  # its Ruleset class
        self.table_models = table_models  # {kind: entry model} of the tables it brings
        self.table_words = table_words  # the module saying its tables' fields
        self.lab = lab  # its LabSystem class: bouts for the balance lab
        # The module of its own part of the command line: its verbs beside the ones
        # every game shares (`register(subparsers)`), and what `companion check`
        # reads of its files (`FILE_CHECKS`, `USERS_FOLDERS`, `check_tables`).
        self.verbs = verbs
        # Its sheet files for the stable (`companion.stable.parts.GameSheets`): read
        # into the stable, written back, told in a line and in full.
        self.stable = stable
        # What a finished fight does to its gladiators' careers
        # (`companion.stable.careers.GameCareers`).
        self.careers = careers
        # Its matches in a league: their setup from the stable's sheets, and its
        # tie-break (`companion.league.parts.GameLeague`).
        self.league = league

    def sources(self) -> list[str]:
        """The files of the companion its table models are read from (with the
        packages' own on the way), relative to the package: what the tables'
        validation record is keyed by."""
        if not self.table_models:
            return []
        module = self.table_models.partition(":")[0].split(".")
        if module[0] != "companion":
            return []  # a game from outside (the tests'), not part of the record
        inner = module[1:]
        return [*("/".join([*inner[:i], "__init__.py"]) for i in range(1, len(inner))),
                "/".join(inner) + ".py"]


GAMES: dict[str, Game] = {
    "skirmish": Game("companion.rulesets.skirmish.rules:SkirmishRules",
                     table_models="companion.rulesets.skirmish.table_models:ENTRY_MODELS",
                     table_words="companion.rulesets.skirmish.table_words",
                     lab="companion.rulesets.skirmish.lab:SkirmishLab",
                     verbs="companion.rulesets.skirmish.cli",
                     stable="companion.rulesets.skirmish.stable:SHEETS",
                     careers="companion.rulesets.skirmish.careers:CAREERS",
                     league="companion.rulesets.skirmish.league:LEAGUE"),
    "battle": Game("companion.rulesets.battle.rules:BattleRules",
                   table_models="companion.rulesets.battle.table_models:ENTRY_MODELS",
                   table_words="companion.rulesets.battle.table_words",
                   lab="companion.rulesets.battle.lab:BattleLab",
                   verbs="companion.rulesets.battle.cli",
                   stable="companion.rulesets.battle.stable:SHEETS",
                   careers="companion.rulesets.battle.careers:CAREERS",
                   league="companion.rulesets.battle.league:LEAGUE"),
    "grimdark": Game("companion.rulesets.grimdark.rules:GrimdarkRules",
                     table_models="companion.rulesets.grimdark.table_models:ENTRY_MODELS",
                     table_words="companion.rulesets.grimdark.table_words",
                     lab="companion.rulesets.grimdark.lab:GrimdarkLab",
                     verbs="companion.rulesets.grimdark.cli",
                     stable="companion.rulesets.grimdark.stable:SHEETS",
                     careers="companion.rulesets.grimdark.careers:CAREERS",
                     league="companion.rulesets.grimdark.league:LEAGUE"),
}


def part(target: str) -> Any:
    """The attribute "module:attribute" names, its module imported if it is not yet."""
    module, _, name = target.partition(":")
    return getattr(importlib.import_module(module), name)


def parts(kind: str) -> dict[str, Any]:
    """Each game's part of one kind ("table_models", "lab", ...), by game; games
    without one are left out."""
    found: dict[str, Any] = {}
    for game_id, game in GAMES.items():
        target = getattr(game, kind)
        if target:
            found[game_id] = part(target)
    return found
