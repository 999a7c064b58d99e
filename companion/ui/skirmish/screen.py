"""Playing a hex skirmish in the window: clicks and keys become actions for the
session; the session's state is drawn. The rules decide everything; this screen only
asks them (reachable hexes, targets, odds, the computer's choice) and shows answers.

One long module: clicks, drags, keys, hover cards and the computer's turn all read the
same selection and overlay; the board, the panel and the player's view are in their own
modules."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

import pygame

from companion.core.hexgrid import Hex, distance, neighbour
from companion.dice.sources import DiceSource
from companion.rulesets.base import Outcome
from companion.rulesets.skirmish.actions import (
    AppealAction,
    AttackAction,
    CutFreeAction,
    DiscardShieldAction,
    EndTurnAction,
    KickAction,
    MoveAction,
    PathAction,
    PickUpAction,
    RollAPAction,
    SkirmishAction,
    StartAction,
    TurnAction,
)
from companion.rulesets.skirmish.events import PushedBack, SpecialEvent, Wounded
from companion.rulesets.skirmish.legal import Target
from companion.rulesets.skirmish.odds import AttackOdds
from companion.rulesets.skirmish.rules import SkirmishRules
from companion.rulesets.skirmish.state import Gladiator, State
from companion.rulesets.skirmish.words import weapon_words
from companion.session.session import Session
from companion.ui import keys
from companion.ui.events import AI_STEP, ANIMATE
from companion.ui.host import Host
from companion.ui.session.careers import careers_choice
from companion.ui.session.names import told_apart
from companion.ui.session.screen import SessionScreen
from companion.ui.skirmish.board import Float, Overlay, SkirmishBoard, Slide
from companion.ui.skirmish.panel import SkirmishPanel
from companion.ui.turns import turn_part
from companion.ui.widgets.controls import Ink, Label, Widget, wrap
from companion.ui.widgets.dialogs import Choice, ContextMenu, Dialog
from companion.ui.widgets.side_panel import PanelView

AI_DELAY_MS = 650
FRAME_MS = 30

# Keyboard steps relative to his facing, by the key map's action: W ahead, S back,
# A/D front-left/right, Shift+A/D rear-left/right.
STEPS = {"step_ahead": 0, "step_front_right": 1, "step_rear_right": 2, "step_back": 3,
         "step_rear_left": 4, "step_front_left": 5}

# The arena's own lines of F1's list: the mouse (its keys come from companion.ui.keys).
MOUSE_HELP = (
    "Mouse: click a blue hex to see the path, click again to walk it; or drag him there",
    "Click a foe outlined in red to see the odds; click again or Enter to attack",
    "Right-click: menu of every action here (nets, pick up, kick, discard shield...)",
    "Turn him with the mouse wheel    Hover a gladiator: his arcs and weapon ranges",
)
KEY_HELP = tuple(keys.help_lines("skirmish", MOUSE_HELP))


class SkirmishScreen(SessionScreen):
    help_lines = KEY_HELP
    default_file = "skirmish.json"
    noun = "bout"
    reports_soil = True  # draw() adds to the window's Soil all it draws beyond the board

    def __init__(self, host: Host, session: Session, dice: DiceSource,
                 save_path: Path | None = None, physical: bool = False) -> None:
        super().__init__(host, session, dice, save_path, physical)
        self.board = SkirmishBoard(host.board_view, host.theme)
        self.overlay = Overlay()
        self.odds: AttackOdds | None = None
        self.chosen: Target | None = None
        self.show_arcs = False
        self.ink = Ink(host.theme)
        # A drag of his token: the hex it began on, and the hex it is over now.
        self.drag_from: Hex | None = None
        self.drag_over: Hex | None = None
        # Clicks on the board made while an animation plays: done when it ends.
        self.pending: list[pygame.event.Event] = []
        # Each gladiator's hover card as last laid out, and for what (see _hover_card).
        self._cards: dict[str, tuple[object, tuple[pygame.Rect, list[Label]]]] = {}
        self.refresh()

    @property
    def state(self) -> State:
        return self.session.state

    @property
    def rules(self) -> SkirmishRules:
        """The session's rule system: every rule the screen asks (reach, targets, odds,
        the computer's move) is asked of it."""
        rules = self.session.ruleset
        assert isinstance(rules, SkirmishRules)
        return rules

    @property
    def uses_board(self) -> bool:
        return True

    def rescale(self) -> None:
        self.board = SkirmishBoard(self.host.board_view, self.host.theme)
        self.ink = Ink(self.host.theme)

    def widgets(self) -> list[Widget]:
        return list(self.ink.drawn)

    def close(self) -> None:
        pygame.time.set_timer(AI_STEP, 0)
        pygame.time.set_timer(ANIMATE, 0)

    def panel(self) -> PanelView | None:
        return SkirmishPanel(self.host.theme, self)

    # --- who decides now --------------------------------------------------------------
    def decider(self) -> Gladiator | None:
        state = self.state
        if state.phase == "appeal" and state.appeals:
            return state.glad(state.appeals[0])
        if state.phase in ("ap", "act"):
            return state.current()
        return None

    def human_turn(self) -> bool:
        g = self.decider()
        return g is not None and g.human and self.state.phase in ("ap", "act")

    # --- acting -----------------------------------------------------------------------
    def after_success(self, outcome: Outcome) -> None:
        self._animate(outcome)
        self.chosen, self.odds = None, None
        self.overlay.path = []
        self.refresh()

    def act_path(self, actions: Sequence[PathAction]) -> None:
        for action in actions:
            if not self.act(action) or self.dialog is not None:
                break

    def _animate(self, outcome: Outcome) -> None:
        """A pushed-back token slides, wounds float over the wounded, a double shows
        its banner."""
        board = self.state.board
        for e in outcome.events:
            if isinstance(e, PushedBack):
                self.overlay.slides.append(Slide(str(e.who), board.from_label(e.at),
                                                 board.from_label(e.to)))
            elif isinstance(e, Wounded) and e.at is not None and e.wounds:
                self.overlay.floats.append(Float(board.from_label(e.at), f"-{e.wounds}",
                                                 self.host.theme.palette.bad))
            elif isinstance(e, SpecialEvent):
                name = self.state.data.events[e.face].name
                self.overlay.banner = f"Double {e.face}: {name}"
                self.overlay.banner_ticks = 50
        if self.overlay.animating:
            pygame.time.set_timer(ANIMATE, FRAME_MS)

    def after_action(self) -> None:
        state = self.state
        if state.phase == "appeal" and state.appeals and self.dialog is None:
            self._appeal_dialog()
        elif state.phase == "over" and self.dialog is None and not self._ended:
            self._end_dialog()
        self._schedule_ai()

    _ended = False
    # An undo into the computer's turn leaves it to the player (Space plays it), or
    # the computer would play again what was just undone.
    _ai_paused = False

    def _schedule_ai(self) -> None:
        g = self.decider()
        waiting = g is not None and not g.human and self.state.phase in ("ap", "act")
        self._ai_paused = False
        pygame.time.set_timer(AI_STEP, AI_DELAY_MS if waiting and self.dialog is None else 0)

    def ai_step(self) -> None:
        g = self.decider()
        action = None if g is None or g.human or self.dialog is not None or \
            self.state.phase not in ("ap", "act") else self.session.ruleset.choose(self.state)
        if action is None:
            pygame.time.set_timer(AI_STEP, 0)
            return
        self.act(action)

    def skip_ahead(self) -> None:
        """Play the computer's moves at once, up to the next human decision."""
        for _ in range(2000):
            g = self.decider()
            if g is None or g.human or self.dialog is not None:
                break
            action = self.session.ruleset.choose(self.state) \
                if self.state.phase in ("ap", "act") else None
            if action is None or not self.act(action):
                break

    # --- dialogs ----------------------------------------------------------------------
    def _appeal_dialog(self) -> None:
        state = self.state
        g = state.glad(state.appeals[0])
        mods = self.rules.appeal_modifiers(state, g.id)
        lines = [f"{self.shown_name(g)} is beaten: strength {g.strength} of {g.full_strength}.",
                 "2D6 + modifiers: 7 or more, spared; 6 or less, killed. A natural 12 is "
                 "always spared, a natural 2 always killed."]
        lines += [f"  {name}: {amount:+d}" for name, amount in mods] or ["  no modifiers"]
        lines.append(f"  total modifier: {sum(m for _, m in mods):+d}")

        def roll() -> None:
            self.dialog = None
            if self.act(AppealAction(type="appeal", gladiator=g.id)):
                verdict = self.state.glad(g.id).status
                self.dialog = Dialog(
                    self.host.theme, f"{self.shown_name(g)} is {verdict}",
                    [*self._appeal_dice(), self.message],
                    [Choice("Continue", pygame.K_RETURN, self._close_then)],
                )

        self.dialog = Dialog(self.host.theme, "Appeal to the crowd", lines,
                             [Choice("Roll 2D6", pygame.K_RETURN, roll)])

    def _appeal_dice(self) -> list[str]:
        """The crowd's 2D6 as the roll log has them: the faces, then the total."""
        events = self.session.outcomes[-1].events
        found = [r for r in self.session.ruleset.rolls(self.state, events)
                 if r.purpose == "appeal to the crowd"]
        return [f"2D6: {' and '.join(map(str, r.faces))} (natural {sum(r.faces)}), "
                f"total {r.total}" for r in found]

    def _close_then(self) -> None:
        self.dialog = None
        self.after_action()

    def _end_dialog(self) -> None:
        state = self.state
        winners = [self.shown_name(g) for g in state.gladiators if g.side == state.winner]
        lines = [f"{', '.join(winners) or 'Nobody'} won." if winners else "No winner."]
        for g in state.gladiators:
            fate = {"fighting": "stands", "spared": "was spared", "killed": "was killed",
                    "beaten": "was beaten"}.get(g.status, g.status)
            extra = f"; gained {', '.join(g.skills_gained)}" if g.skills_gained else ""
            lines.append(f"  {self.shown_name(g)}: {fate}, strength {g.strength}/"
                         f"{g.full_strength}, wounds dealt {g.wounds_inflicted}{extra}")
        self.dialog = Dialog(
            self.host.theme, "The bout is over", lines,
            [careers_choice(self), *self.way_out(),
             Choice("Board", pygame.K_ESCAPE, self._to_board)],
        )
        self.end_dialog = self.dialog

    def _to_board(self) -> None:
        """Closed for good: the board to look at, and Ctrl+Z to undo."""
        self._ended = True
        self.dismiss()

    # --- selection and highlights -------------------------------------------------------
    def refresh(self) -> None:
        state = self.state
        self.overlay.reach, self.overlay.targets = {}, set()
        if self.human_turn() and state.phase == "act":
            g = state.current()
            assert g is not None
            self.overlay.reach = self.rules.reach(state, g.id)
            self.overlay.targets = {t.target for t in self.rules.targets(state)}
        active = state.current()
        if self.chosen is not None and active is not None:
            found = self.rules.odds(state, AttackAction(type="attack", target=self.chosen.target,
                                                        weapon=self.chosen.weapon))
            self.odds = found if isinstance(found, AttackOdds) else None
        self.overlay.chosen = self.chosen.target if self.chosen else None

    def choose_target(self, gid: str, step: int = 0) -> None:
        """Show the odds of striking `gid`; again on the same foe: the next weapon."""
        options = [t for t in self.rules.targets(self.state) if t.target == gid]
        if not options:
            return
        index = 0
        if self.chosen is not None and self.chosen.target == gid:
            current = [i for i, t in enumerate(options) if t.weapon == self.chosen.weapon]
            index = ((current[0] if current else 0) + step) % len(options)
        self.chosen = options[index]
        self.refresh()
        foe = self.shown_name(self.chosen.target)
        what = weapon_words(self.state, self.chosen.weapon)
        self.say(f"{what} at {foe}: {self.chosen.cost} AP. "
                 "Enter to strike, Tab for another weapon or foe.")

    def cycle_target(self) -> None:
        options = self.rules.targets(self.state)
        if not options:
            self.say("no foe in reach of any weapon", error=True)
            return
        index = 0
        if self.chosen is not None:
            same = [i for i, t in enumerate(options)
                    if t.target == self.chosen.target and t.weapon == self.chosen.weapon]
            index = (same[0] + 1) % len(options) if same else 0
        self.chosen = options[index]
        self.refresh()
        foe = self.shown_name(self.chosen.target)
        what = weapon_words(self.state, self.chosen.weapon)
        self.say(f"{what} at {foe}: {self.chosen.cost} AP. "
                 "Enter to strike, Tab for the next.")

    # --- input ------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == AI_STEP:
            self.ai_step()
            return True
        if event.type == ANIMATE:
            self.overlay.tick()
            if not self.overlay.animating:
                pygame.time.set_timer(ANIMATE, 0)
                pending, self.pending = self.pending, []
                for click in pending:  # what was clicked while it played
                    self.handle(click)
            return True
        if self.dialog is not None:
            return self.handle_dialog(event)
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
            return self._drag(event)
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and self.overlay.animating and self.host.board_view.hex_at(event.pos)):
            self.pending.append(event)  # not lost: done when the animation ends
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.KEYUP and keys.action("skirmish", event) == "arcs":
            self.show_arcs = False
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            hex_ = self.host.board_view.hex_at(event.pos)
            if hex_ is None:
                return False
            if event.button == 1:
                if self._own_token(hex_):
                    self.drag_from, self.drag_over = hex_, hex_
                    return True
                self._click(hex_)
            else:
                self._menu(hex_, event.pos)
            return True
        if event.type == pygame.MOUSEWHEEL and self.host.board_view.rect.collidepoint(
            pygame.mouse.get_pos()
        ):
            self.act(TurnAction(type="turn", steps=1 if event.y < 0 else -1))
            return True
        return False

    def _own_token(self, hex_: Hex) -> bool:
        """The hex of the gladiator whose turn it is, when he can move: a drag may
        begin there."""
        g = self.state.current()
        return (self.human_turn() and self.state.phase == "act" and g is not None
                and g.hex == hex_)

    def _drag(self, event: pygame.event.Event) -> bool:
        """Dragging his token: the path to the hex under it and its AP cost show;
        dropped on a hex he can reach, he walks there."""
        if self.drag_from is None:
            return False
        hex_ = self.host.board_view.hex_at(event.pos)
        if event.type == pygame.MOUSEMOTION:
            if hex_ == self.drag_over:
                return False
            self.drag_over = hex_
            if hex_ is not None and hex_ != self.drag_from:
                self._preview(hex_)
            return True
        start, self.drag_from, self.drag_over = self.drag_from, None, None
        if hex_ is None or hex_ == start:
            self.overlay.path = []
            return True
        label = self.state.board.to_label(hex_)
        reach = self.overlay.reach.get(label)
        if reach is None or reach.cost == 0:
            self.overlay.path = []
            self.say(f"he cannot get to {label} this turn", error=True)
            return True
        self.act_path(reach.path)
        return True

    def _preview(self, hex_: Hex) -> None:
        state = self.state
        label = state.board.to_label(hex_)
        reach = self.overlay.reach.get(label)
        g = state.current()
        if reach is None or reach.cost == 0 or g is None or g.hex is None:
            self.overlay.path = []
            self.say(f"{label}: out of his reach this turn", error=True)
            return
        self.overlay.path = [state.board.to_label(g.hex)] + [
            a["to"] for a in reach.path if a["type"] == "move"]
        self.say(f"to {label}: {reach.cost} AP; let go to walk there")

    def _click(self, hex_: Hex) -> None:
        state = self.state
        if not self.human_turn():
            self.say("it is not your turn to act" if state.phase != "over" else
                     "the bout is over", error=True)
            return
        if state.phase == "ap":
            self.say(f"roll for AP first: Space or {keys.name('skirmish', 'roll_ap')}",
                     error=True)
            return
        other = state.occupant(hex_)
        if other is not None and other.id in self.overlay.targets:
            if self.chosen is not None and self.chosen.target == other.id:
                self.act(self.chosen.action())
            else:
                self.choose_target(other.id)
            return
        label = state.board.to_label(hex_)
        reach = self.overlay.reach.get(label)
        if reach is None or reach.cost == 0:
            why = "occupied" if other is not None else "out of his reach this turn"
            self.say(f"{label} is {why}", error=True)
            return
        g = state.current()
        assert g is not None
        if self.overlay.path and self.overlay.path[-1] == label:
            self.act_path(reach.path)
            return
        self.chosen, self.odds, self.overlay.chosen = None, None, None
        assert g.hex is not None
        path = [state.board.to_label(g.hex)] + [a["to"] for a in reach.path if a["type"] == "move"]
        self.overlay.path = path
        steps = len(reach.path)
        self.say(f"to {label}: {reach.cost} AP, {steps} {'step' if steps == 1 else 'steps'}; "
                 "click again or Enter to go")

    def _key(self, event: pygame.event.Event) -> bool:
        if self.undo_key(event):
            return True
        key = keys.action("skirmish", event)
        if key == "arcs":
            self.show_arcs = True
            return True
        if keys.pressed(event, "Esc"):
            if self.chosen is None and not self.overlay.path:
                self.leave_dialog()  # nothing chosen to cancel: the way out
                return True
            self.chosen, self.odds, self.overlay.path = None, None, []
            self.say("")
            self.refresh()
            return True
        g = self.decider()
        if g is not None and not g.human:
            if keys.pressed(event, "Space"):
                self.skip_ahead()
            return True
        state = self.state
        # Enter, Space and R all roll what is due before he acts.
        rolls = key in ("roll_ap", "confirm")
        if state.phase == "setup" and rolls:
            # Not begun: its opening rolls were cancelled (physical dice), or undone.
            self.act(StartAction(type="start"))
            return True
        if state.phase == "ap" and rolls:
            self.act(RollAPAction(type="roll_ap"))
            return True
        if state.phase != "act" or key is None:
            return False
        return self._act_key(key)

    def _act_key(self, key: str) -> bool:
        state = self.state
        g = state.current()
        assert g is not None and g.hex is not None
        if key == "confirm":
            if self.chosen is not None:
                self.act(self.chosen.action())
            elif self.overlay.path:
                reach = self.overlay.reach.get(self.overlay.path[-1])
                if reach is not None:
                    self.act_path(reach.path)
            return True
        if key == "next_target":
            self.cycle_target()
            return True
        if key in ("turn_left", "turn_right"):
            self.act(TurnAction(type="turn", steps=-1 if key == "turn_left" else 1))
            return True
        if key in STEPS:
            dest = neighbour(g.hex, (g.facing + STEPS[key]) % 6)
            label = state.board.to_label(dest) if state.board.contains(dest) else None
            if label is None:
                self.say("that step would leave the arena", error=True)
            else:
                self.act(MoveAction(type="move", to=label))
            return True
        here = [i for i in state.items if i.hex == g.hex]
        simple: dict[str, SkirmishAction] = {
            "end_turn": EndTurnAction(type="end_turn"),
            "cut_free": CutFreeAction(type="cut_free"),
            "discard_shield": DiscardShieldAction(type="discard_shield"),
        }
        if key in simple:
            self.act(simple[key])
            return True
        if key in ("pick_up", "kick"):
            if not here:
                self.say("nothing lies in his hex", error=True)
            elif key == "pick_up":
                self.act(PickUpAction(type="pick_up", item=here[0].id))
            else:
                ahead = neighbour(g.hex, g.facing)
                if not state.board.contains(ahead):
                    self.say("he cannot kick it off the arena", error=True)
                else:
                    self.act(KickAction(type="kick", item=here[0].id,
                                        to=state.board.to_label(ahead)))
            return True
        return False

    def after_undo(self) -> None:
        self._ended = self.state.phase == "over"
        self._ai_paused = True
        pygame.time.set_timer(AI_STEP, 0)
        self.chosen, self.odds, self.overlay.path = None, None, []
        self.refresh()

    def _menu(self, hex_: Hex, pos: tuple[int, int]) -> None:
        state = self.state
        if not self.human_turn() or state.phase != "act":
            self.say("the menu has actions only on your turn", error=True)
            return
        g = state.current()
        assert g is not None and g.hex is not None
        label = state.board.to_label(hex_)
        entries: list[tuple[str, Any]] = []
        other = state.occupant(hex_)
        if other is not None:
            for t in self.rules.targets(state):
                if t.target == other.id:
                    what = weapon_words(state, t.weapon)
                    entries.append((f"{what} at {self.shown_name(t.target)} ({t.cost} AP)",
                                    lambda t=t: self.act(t.action())))
        reach = self.overlay.reach.get(label)
        if reach is not None and reach.cost > 0:
            entries.append((f"Walk to {label} ({reach.cost} AP)",
                            lambda: self.act_path(reach.path)))
        for item in state.items:
            if item.hex == g.hex:
                entries.append((f"Pick up {item.name}", lambda i=item: self.act(
                    PickUpAction(type="pick_up", item=i.id))))
                if hex_ != g.hex and _adjacent(g.hex, hex_):
                    entries.append((f"Kick {item.name} to {label}", lambda i=item: self.act(
                        KickAction(type="kick", item=i.id, to=label))))
        if g.entangled is not None:
            entries.append(("Cut free", lambda: self.act(CutFreeAction(type="cut_free"))))
        if g.shield is not None:
            entries.append(("Discard shield (for good)",
                            lambda: self.act(DiscardShieldAction(type="discard_shield"))))
        entries.append(("End turn", lambda: self.act(EndTurnAction(type="end_turn"))))
        self.dialog = ContextMenu(self.host.theme, pos, entries[:9])

    # --- drawing ----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, hover: Hex | None) -> None:
        state = self.state
        active = state.current()
        home = active.id if self.show_arcs and active is not None else None
        arcs_of = home  # with the mouse on no gladiator
        if hover is not None and (g := state.occupant(hover)) is not None:
            arcs_of = g.id
        self.overlay.arcs_of = arcs_of
        soil = self.host.soil
        self.board.draw(surface, state, self.overlay, hover, self.session.revision, home,
                        soil)
        self.ink.clear()
        # Under an open dialog the mouse is on the dialog, not on the gladiator.
        if hover is not None and (g := state.occupant(hover)) is not None \
                and self.drag_from is None and self.dialog is None:
            soil.add(self._hover_card(surface, g))

    def _hover_card(self, surface: pygame.Surface, g: Gladiator) -> pygame.Rect:
        """His state beside his token: strength and wounds, AP, weapons, conditions.
        Laid out once for what it says (his state: the session's revision) and where
        (the screen's rect and the layout), drawn each frame."""
        theme = self.host.theme
        pal, px = theme.palette, theme.px
        key = (self.session.revision, tuple(self.rect), self.host.board_view.layout,
               theme.scale)
        kept = self._cards.get(g.id)
        if kept is None or kept[0] != key:  # one card per gladiator of the bout, at most
            kept = self._cards[g.id] = (key, self._lay_out_card(g))
        box, labels = kept[1]
        pygame.draw.rect(surface, pal.field, box, border_radius=px(6))
        pygame.draw.rect(surface, pal.hover, box, 1, border_radius=px(6))
        for label in labels:
            self.ink.label(surface, label)
        return box.inflate(2, 2)  # the labels stay inside; the border's antialiasing may not

    def _lay_out_card(self, g: Gladiator) -> tuple[pygame.Rect, list[Label]]:
        from companion.rulesets.skirmish.state import wound_levels

        theme, state = self.host.theme, self.state
        px = theme.px
        type_info = state.data.types.get(g.type)
        type_name = type_info.name if type_info else "custom kit"
        side = f" ({g.side.title()})" if g.side else ""
        name = self.shown_name(g)
        # "Samnite (Red)", not "Samnite: Samnite, Red".
        title = name if name.lower() == type_name.lower() else f"{name}: {type_name}"
        levels = wound_levels(state.data, g)
        lines = [(f"{title}{side}", True),
                 (f"strength {g.strength} of {g.full_strength}"
                  + (f", {levels[-1].replace('-', ' ')}" if levels else ", unhurt"), False)]
        if g is state.current() and state.phase == "act":
            lines.append((f"{g.ap} AP left", False))
        kit = [h.weapon + (" (left)" if h.side == "left" else "") for h in g.weapons]
        if g.shield:
            kit.append(state.data.kit[g.shield].name.lower())
        lines.append((", ".join(kit) or "unarmed", False))
        conditions = [c for c, on in (("off balance", g.off_balance),
                                      ("entangled", g.entangled is not None),
                                      (g.status, g.status != "fighting")) if on]
        if state.options.fatigue:
            conditions.append(f"fatigue {g.fatigue}")
        if conditions:
            lines.append((", ".join(conditions), False))
        layout = self.host.board_view.layout
        assert layout is not None and g.hex is not None
        font = theme.fonts.get(16)
        width = min(px(300), self.rect.width - px(20))
        labels = [Label(theme, text, 16, bold=bold, wrap=True) for text, bold in lines]
        height = sum(len(wrap(text, font, width - px(16))) for text, _ in lines) \
            * font.get_linesize() + px(12)
        x, y = layout.hex_to_pixel(g.hex)
        # Beyond the ring of hexes round him, where his arcs are labelled.
        beyond = layout.size * 2.7
        box = pygame.Rect(round(x + beyond), round(y - height / 2), width, height)
        if box.right > self.rect.right - px(6):
            box.right = round(x - beyond)
        box.clamp_ip(self.rect)
        ty = box.y + px(6)
        for label in labels:
            ty = label.place(box.x + px(8), ty, width - px(16))
        return box, labels

    def status(self) -> str:
        """What he can do now and the keys (the last result is shown beside it); parts
        two spaces apart, the last dropped where the bar is short of room."""
        state = self.state
        g = self.decider()
        k = partial(keys.name, "skirmish")
        if state.phase == "over":
            return f"The bout is over  {k('undo')} undoes the last action  Esc menu  F1 keys"
        if state.phase == "setup":
            return "Space or Enter: roll the strengths and the initiative, and begin  " \
                "Esc menu  F1 keys"
        if g is None:
            return "Esc menu  F1 keys"
        return turn_part(self.session.ruleset, state) + self._doing(state, g, k)

    def _doing(self, state: State, g: Gladiator, k: Callable[[str], str]) -> str:
        """What the gladiator whose turn it is can do now, and the keys."""
        name = self.shown_name(g)
        if not g.human:
            if self._ai_paused:
                return f"{name} (computer) waits: Space plays his turn  {k('undo')} undoes " \
                    "more  F1 keys"
            return f"{name} (computer) is thinking  Space: skip ahead  F1 keys"
        if state.phase == "ap":
            return f"{name}: Space or {k('roll_ap')} rolls for AP  Esc menu  F1 keys"
        paid = [ap for ap in state.data.ap_costs.values() if ap > 0]
        if state.phase == "act" and paid and g.ap < min(paid):
            return f"{name}: no AP left for a step  {k('end_turn')} ends the turn  Esc menu  " \
                "F1 keys"
        if state.phase == "act":
            cost = state.data.ap_costs
            steps = ", ".join(k(a) for a in ("step_front_left", "step_back",
                                              "step_front_right"))
            return (f"{name}: {g.ap} AP left  Blue hex: move there  Red foe: attack  "
                    f"{k('turn_left')} and {k('turn_right')} turn ({cost['turn']} AP)  "
                    f"{k('step_ahead')} ahead ({cost['move-straight']} AP)  "
                    f"{steps} step ({cost['move-other-direction']} AP)  "
                    f"{k('end_turn')} ends the turn  Esc menu  F1 keys")
        return f"{name} appeals to the crowd  F1 keys"

    def shown_name(self, g: Gladiator | str) -> str:
        """A gladiator's name (or his id's) as the cards, dialogs and status bar show
        it: two who share a name are told apart by side."""
        people = self.state.gladiators
        gid = g if isinstance(g, str) else g.id
        shown = told_apart([(p.name, p.side) for p in people])
        return next(n for p, n in zip(people, shown, strict=True) if p.id == gid)


def _adjacent(a: Hex, b: Hex) -> bool:
    return distance(a, b) == 1
