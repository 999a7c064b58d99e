"""Which screens play which rule system: a ruleset id -> its `SystemScreens`, the
screen classes named by "module:Class" and imported when first shown. Adding a game
to the window is one line here. The first entry's set-up screen is the start screen."""

from __future__ import annotations

import importlib
from typing import Any

from companion.errors import UserError
from companion.ui.host import SystemScreens

SCREENS: dict[str, SystemScreens] = {
    "skirmish": SystemScreens("skirmish", "companion.ui.skirmish.setup:SkirmishSetup",
                              "companion.ui.skirmish.screen:SkirmishScreen",
                              "Hex skirmish", "k"),
    "battle": SystemScreens("battle", "companion.ui.battle.setup:BattleSetup",
                            "companion.ui.battle.screen:BattleScreen",
                            "Battle-system duel or trackers", "b",
                            ("Battle-system duel", "Battle system")),
    "grimdark": SystemScreens("grimdark", "companion.ui.grimdark.setup:GrimdarkSetup",
                              "companion.ui.grimdark.screen:GrimdarkScreen",
                              "Grimdark Gladiators match", "g", ("Grimdark match", "Grimdark")),
    # Not a rule system: the balance lab plays no session, so it names no play screen.
    "lab": SystemScreens("lab", "companion.ui.lab.screen:LabScreen", "", "The balance lab", "l",
                         ("Balance lab", "Lab")),
    # Nor is the stable: it reads the managers' gladiators, of every game.
    "stable": SystemScreens("stable", "companion.ui.stable.screen:StableScreen", "",
                            "The stable", "t", ("Stable",)),
    # Nor are the leagues: their matches are played on their games' screens.
    "league": SystemScreens("league", "companion.ui.league.screen:LeagueScreen", "",
                            "Events and leagues", "e", ("Leagues",)),
}

# What each system shows on the player's window ("module:Class" of a PlayerView).
PLAYER_VIEWS: dict[str, str] = {
    "skirmish": "companion.ui.skirmish.player_view:SkirmishPlayerView",
    "battle": "companion.ui.battle.player_view:BattlePlayerView",
    "grimdark": "companion.ui.grimdark.player_view:GrimdarkPlayerView",
}


# What a game's report pictures at its chosen moments ("module:function" of a drawer,
# `(session, state, theme) -> Surface`); a game not named has no pictures.
PICTURES: dict[str, str] = {
    "skirmish": "companion.ui.skirmish.picture:draw_arena",
    "battle": "companion.ui.battle.picture:draw_tracker_cards",
    "grimdark": "companion.ui.grimdark.picture:draw_grimdark_cards",
}

# How a league's HTML post gets its bracket's picture ("module:function" of
# `(page, companion.league.bracket.Bracket) -> page`), for the command line to call
# without importing pygame itself.
BRACKET = "companion.ui.league.bracket:html_with_bracket"

# Each game's own keys on its play screen ("module:attribute" of a `keys.GameKeys`).
KEY_MAPS: dict[str, str] = {
    "skirmish": "companion.ui.skirmish.keys:KEYS",
    "battle": "companion.ui.battle.keys:KEYS",
    "grimdark": "companion.ui.grimdark.keys:KEYS",
}


# A game's training between fights over the Stable screen ("module:Class" of an
# `ui.stable.actions.Overlay`, made with the theme and the stable's gladiator id); a
# game not named trains no one.
TRAINERS: dict[str, str] = {
    "battle": "companion.ui.battle.training:TrainingView",
}


def trainer_for(ruleset_id: str) -> str | None:
    return TRAINERS.get(ruleset_id)


def picture_for(ruleset_id: str) -> str | None:
    return PICTURES.get(ruleset_id)


def systems() -> list[SystemScreens]:
    return list(SCREENS.values())


def screens_for(ruleset_id: str) -> SystemScreens:
    found = SCREENS.get(ruleset_id)
    if found is None:
        raise UserError(f"the window has no screens for '{ruleset_id}' sessions")
    return found


def player_view_for(ruleset_id: str) -> str | None:
    """The player's window's view of a system's sessions; None: it shows none."""
    return PLAYER_VIEWS.get(ruleset_id)


def load(target: str) -> Any:
    """The class "module:Class" names."""
    module, _, name = target.partition(":")
    return getattr(importlib.import_module(module), name)
