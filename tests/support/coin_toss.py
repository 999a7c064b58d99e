"""A tiny third rule system that lives only in the tests, to prove the shape: a coin-
toss duel. The player whose turn it is calls heads or tails and a coin (a d2: 1 heads,
2 tails) is tossed; a right call scores the points its face is worth (1, or what the
`coin-faces` table says), and the first to the target wins.

It is a whole game in one module: its rules, its table's model and words, its lab
part and its report picture, with its screens. Registering it is one entry in each
registry (`COIN` in `companion.games.registry.GAMES`, its screens and picture in
`companion.ui.registry`); the window, the session, the tables, the lab and the
command line know nothing of it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar, Literal

import pygame
from pydantic import Field

from companion.core.hexgrid import Hex
from companion.dice.sources import DiceSource, SeededDice
from companion.errors import UserError
from companion.games.registry import Game
from companion.rulesets.base import Action, Due, Event, Outcome, Ruleset, SetupOption
from companion.rulesets.labs import Bout, Entrant, LabPart, Layout
from companion.tables.loader import TableSet
from companion.tables.model import Entry
from companion.ui.host import Host, Screen
from companion.ui.session.screen import SessionScreen
from companion.ui.widgets.controls import draw_text

FACES = {1: "heads", 2: "tails"}


# Its events: one typed record a kind.
@dataclass(frozen=True, slots=True)
class Tossed(Event):
    kind: ClassVar[str] = "tossed"
    call: Literal["heads", "tails"]
    face: int
    right: bool


@dataclass(frozen=True, slots=True)
class Scored(Event):
    kind: ClassVar[str] = "scored"
    points: int


@dataclass(frozen=True, slots=True)
class Won(Event):
    kind: ClassVar[str] = "won"


@dataclass(frozen=True, slots=True)
class Conceded(Event):
    kind: ClassVar[str] = "conceded"

# Its entry in the games' registry: every part of it is named here.
COIN = Game("support.coin_toss:CoinRules", table_models="support.coin_toss:ENTRY_MODELS",
            table_words="support.coin_toss", lab="support.coin_toss:CoinLab")


# --- its table: what each face is worth ---------------------------------------------------
class CoinFaceEntry(Entry):
    name: str = Field(min_length=1)
    points: int = Field(ge=1, le=9)


ENTRY_MODELS: dict[str, type[Entry]] = {"coin-face": CoinFaceEntry}
COIN_FACES_TABLE: dict[str, Any] = {
    "id": "coin-faces", "title": "Coin faces", "source": "the tests", "system": "coin",
    "roll": "d2", "kind": "coin-face", "axes": [{"name": "face", "kind": "range", "min": 1,
                                                 "max": 2}],
    "entries": [{"key": 1, "name": "Heads", "points": 1},
                {"key": 2, "name": "Tails", "points": 1}]}

# --- and its words, as `companion.tables.words` reads a game's --------------------------
FACTS = {"coin-face:points": lambda v, d, n: f"{v} {'point' if v == 1 else 'points'} for a "
                                             "right call"}
RULES: dict[str, str] = {}
NAMES_FIRST: tuple[str, ...] = ()
BROWSED_FIRST = False


def points_of(tables: TableSet) -> dict[int, int]:
    """What a right call on each face scores, as its table says."""
    return {int(e.key): int(e.points)  # type: ignore[attr-defined]
            for e in tables.get("coin-faces").entries}


@dataclass
class CoinState:
    players: list[str]
    target: int
    points: list[int] = field(default_factory=list)
    worth: dict[int, int] = field(default_factory=lambda: {1: 1, 2: 1})
    turn: int = 0  # whose call: an index into players
    tosses: int = 0
    winner: int | None = None


class CoinRules(Ruleset[CoinState]):
    id = "coin"
    title = "coin-toss duel"
    table_ids = ("coin-faces",)
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
        return CoinState(list(players), target, [0, 0], points_of(tables))

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
            return Outcome((Conceded(who), Won(str(state.winner))))
        face = dice.roll(2, purpose="coin", roller=state.players[state.turn]).faces[0]
        right = FACES[face] == action["call"]
        found: list[Event] = [Tossed(who, call=action["call"], face=face, right=right)]
        state.tosses += 1
        if right:
            state.points[state.turn] += state.worth[face]
            found.append(Scored(who, points=state.points[state.turn]))
            if state.points[state.turn] >= state.target:
                state.winner = state.turn
                found.append(Won(who))
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
            match e:
                case Tossed():
                    lines.append(f"{name} calls {e.call}: {FACES[e.face]}")
                case Scored():
                    lines.append(f"{name} has {e.points}")
                case Won():
                    lines.append(f"{name} wins the toss-up")
                case Conceded():
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


# --- its lab part: a heads-caller against a tails-caller ---------------------------------
class CoinLab(LabPart):
    id = "coin"
    title = "coin-toss duel"
    help = "the coin-toss duel: a player who always calls heads and one who calls tails"
    sets_first_move = True

    def check_tables(self, tables: TableSet) -> None:
        points_of(tables)

    def entrants(self, tables: TableSet, options: Any) -> tuple[list[Entrant], list[str]]:
        return [Entrant("heads", "Heads-caller", "heads"),
                Entrant("tails", "Tails-caller", "tails")], []

    def play(self, row: Entrant, col: Entrant, seed: int, layout: Layout,
             tables: TableSet) -> Bout:
        rules = CoinRules()
        first, second = (row, col) if layout.row_first else (col, row)
        state = rules.new_state({"players": [first.name, second.name], "target": 3}, tables)
        dice = SeededDice(seed)
        calls = [first.spec, second.spec]
        while state.winner is None:
            rules.apply(state, {"type": "toss", "call": calls[state.turn]}, dice)
        row_won = (state.winner == 0) == layout.row_first
        return Bout(1 if row_won else -1, state.tosses, False)


# --- its picture in a report: the score ------------------------------------------------
def draw_coin(session: Any, state: CoinState, theme: Any) -> pygame.Surface:
    surface = pygame.Surface((320, 90))
    surface.fill(theme.palette.background)
    for i, line in enumerate(session.ruleset.describe(state)):
        draw_text(surface, line, theme.fonts.get(20), theme.palette.text, (12, 12 + 36 * i))
    return surface
