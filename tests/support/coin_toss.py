"""A tiny third rule system that lives only in the tests, to prove the shape: a coin-
toss duel. The player whose turn it is calls heads or tails and a coin (a d2: 1 heads,
2 tails) is tossed; a right call scores a point, and the first to the target wins.
Registering it is one line in each registry; the window, the session and the command
line know nothing of it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

import pygame

from companion.core.hexgrid import Hex
from companion.dice.sources import DiceSource
from companion.errors import UserError
from companion.rulesets.base import Action, Due, Event, Outcome, Ruleset, SetupOption, event
from companion.tables.loader import TableSet
from companion.ui.host import Host, Screen
from companion.ui.session.screen import SessionScreen
from companion.ui.widgets.controls import draw_text

FACES = {1: "heads", 2: "tails"}


@dataclass
class CoinState:
    players: list[str]
    target: int
    points: list[int] = field(default_factory=list)
    turn: int = 0  # whose call: an index into players
    tosses: int = 0
    winner: int | None = None


class CoinRules(Ruleset[CoinState]):
    id = "coin"
    title = "coin-toss duel"
    table_ids = ()
    setup_options = (SetupOption("players", "two names, comma-separated", metavar="NAMES"),
                     SetupOption("target", "points to win", kind="int", metavar="N"))
    short_forms = MappingProxyType({"toss": ("call",)})

    def new_state(self, setup: Mapping[str, Any], tables: TableSet) -> CoinState:
        players, target = setup.get("players"), setup.get("target", 3)
        if not isinstance(players, list) or len(players) != 2 or not all(
                isinstance(p, str) and p for p in players):
            raise UserError("players: give two names")
        if not isinstance(target, int) or not 1 <= target <= 99:
            raise UserError("target: a number of points from 1 to 99")
        return CoinState(list(players), target, [0, 0])

    def parse_action(self, data: Any) -> Action:
        if not isinstance(data, dict) or data.get("type") not in ("toss", "concede"):
            raise UserError("type: the actions are toss and concede")
        if data["type"] == "toss" and data.get("call") not in ("heads", "tails"):
            raise UserError("call: heads or tails")
        return dict(data)

    def apply(self, state: CoinState, action: Mapping[str, Any], dice: DiceSource) -> Outcome:
        if state.winner is not None:
            raise UserError("the duel is over")
        who = str(state.turn)
        if action["type"] == "concede":
            state.winner = 1 - state.turn
            return Outcome((event("conceded", who), event("won", str(state.winner))))
        face = dice.roll(2, purpose="coin", roller=state.players[state.turn]).faces[0]
        right = FACES[face] == action["call"]
        found = [event("tossed", who, call=action["call"], face=face, right=right)]
        state.tosses += 1
        if right:
            state.points[state.turn] += 1
            found.append(event("scored", who, points=state.points[state.turn]))
            if state.points[state.turn] >= state.target:
                state.winner = state.turn
                found.append(event("won", who))
        state.turn = 1 - state.turn
        return Outcome(tuple(found))

    def due(self, state: CoinState) -> Due:
        if state.winner is not None:
            return Due("over", turn=state.tosses)
        return Due("toss", str(state.turn), ("toss", "concede"), state.tosses)

    def legal_actions(self, state: CoinState) -> list[Action]:
        if state.winner is not None:
            return []
        return [{"type": "toss", "call": "heads"}, {"type": "toss", "call": "tails"},
                {"type": "concede"}]

    def summary(self, state: CoinState) -> dict[str, Any]:
        return {"players": state.players, "points": state.points, "target": state.target,
                "turn": state.turn, "winner": state.winner}

    def narrate(self, state: CoinState, events: Sequence[Event]) -> list[str]:
        lines = []
        for e in events:
            name = state.players[int(e.who or 0)]
            if e.kind == "tossed":
                lines.append(f"{name} calls {e.data['call']}: {FACES[e.data['face']]}")
            elif e.kind == "scored":
                lines.append(f"{name} has {e.data['points']}")
            elif e.kind == "won":
                lines.append(f"{name} wins the toss-up")
            elif e.kind == "conceded":
                lines.append(f"{name} concedes")
        return lines

    def describe(self, state: CoinState) -> list[str]:
        score = ", ".join(f"{p} {n}" for p, n in zip(state.players, state.points, strict=True))
        if state.winner is not None:
            return [score, f"over: {state.players[state.winner]} won"]
        return [score, f"{state.players[state.turn]} to call"]

    def make_setup(self, options: Mapping[str, Any]) -> dict[str, Any]:
        players = [p.strip() for p in (options.get("players") or "").split(",") if p.strip()]
        return {"players": players, "target": options.get("target") or 3}

    def choose(self, state: CoinState) -> Action | None:
        return None if state.winner is not None else {"type": "toss", "call": "heads"}


class CoinSetup(Screen):
    """Two fixed players; Enter starts."""

    def draw(self, surface: pygame.Surface, hover: Hex | None = None) -> None:
        theme = self.host.theme
        pygame.draw.rect(surface, theme.palette.background, self.rect)
        draw_text(surface, "Coin-toss duel: Enter to start", theme.fonts.get(24),
                  theme.palette.text, (self.rect.x + 20, self.rect.y + 20))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN:
            self.message = self.host.start_session(
                "coin", {"players": ["Ann", "Bob"], "target": 2}) or ""
            return True
        return False

    def status(self) -> str:
        return "Enter start"


class CoinScreen(SessionScreen):
    def __init__(self, host: Host, session: Any, dice: DiceSource, save_path: Any = None,
                 physical: bool = False) -> None:
        super().__init__(host, session, dice, save_path, physical)

    def draw(self, surface: pygame.Surface, hover: Hex | None = None) -> None:
        theme = self.host.theme
        pygame.draw.rect(surface, theme.palette.background, self.rect)
        for i, line in enumerate(self.session.ruleset.describe(self.session.state)):
            draw_text(surface, line, theme.fonts.get(24), theme.palette.text,
                      (self.rect.x + 20, self.rect.y + 20 + 40 * i))

    def handle(self, event: pygame.event.Event) -> bool:
        if self.dialog is not None:
            return self.handle_dialog(event)
        if event.type != pygame.KEYDOWN:
            return False
        if self.undo_key(event):
            return True
        calls = {pygame.K_h: "heads", pygame.K_t: "tails"}
        if event.key in calls:
            self.act({"type": "toss", "call": calls[event.key]})
            return True
        return False

    def status(self) -> str:
        return "H heads  T tails  Ctrl+Z undo"
