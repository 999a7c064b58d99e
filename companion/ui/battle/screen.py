"""A battle-system duel in the window: the two gladiators' tracker cards face to face,
the attack dialog with its exact odds, the roll that is due, and what happened, in
words. Used as plain trackers beside a paper game too: every tracker change is an
action of the session, so it is logged and undoable.

One long module: the duel's cards, buttons, attack dialog and computer turn share the
screen's state (what is chosen, what is due); the cards themselves are in
tracker_card.py."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pygame

from companion.core.hexgrid import Hex
from companion.dice.sources import DiceSource
from companion.errors import UserError
from companion.files.pathwords import in_words
from companion.rulesets.base import Outcome
from companion.rulesets.battle.actions import (
    ApplyEntryAction,
    AttackAction,
    BattleAction,
    ChooseFateAction,
    DeathDoorAction,
    DeclineAction,
    FateAction,
    FocusAction,
    HealAction,
    InitiativeAction,
    PlaceAction,
    RetrieveAction,
    StayConsciousAction,
)
from companion.rulesets.battle.odds import AttackOdds
from companion.rulesets.battle.state import SIDES, BattleState, Stance
from companion.session.session import Session
from companion.ui import keys
from companion.ui.battle.tracker_card import TrackerCard, battle_rules
from companion.ui.host import Host
from companion.ui.session.careers import careers_choice
from companion.ui.session.screen import SessionScreen
from companion.ui.theme import Fonts, Theme
from companion.ui.turns import turn_part
from companion.ui.widgets.controls import Button, Control, Ink, Label, Stepper, Widget, flow, wrap
from companion.ui.widgets.dialogs import Choice, Dialog

STANCES: tuple[Stance, ...] = ("normal", "berserk", "defensive")
# The duel's own lines of F1's list: the mouse (its keys come from companion.ui.keys).
MOUSE_HELP = (
    "Tracker cards: click the health track to set health, or type -7, +3, =12 and Enter",
    "Click a luck, heal or ammo pip to spend it (a filled one) or get it back (an empty one)",
    "Click the STUNNED badge to stun or wake him",
    "F4 tables: look up an entry, then 'Apply to' a gladiator (Ctrl+1 or Ctrl+2)",
    "On the board: click a hex to stand him there; Tab: the other one; Esc or G: back",
)
DUEL_HELP = tuple(keys.help_lines("battle", MOUSE_HELP))


# The most the cards grow beyond the UI scale in a large window.
ZOOM = 1.6


def k(action: str) -> str:
    """The duel's key for an action, as a button or a hint names it."""
    return keys.name("battle", action)


def pct(p: Fraction) -> str:
    return f"{float(p) * 100:.0f}%"


class BattleScreen(SessionScreen):
    help_lines = DUEL_HELP
    default_file = "duel.json"
    noun = "duel"

    def __init__(self, host: Host, session: Session, dice: DiceSource,
                 save_path: Path | None = None, physical: bool = False) -> None:
        super().__init__(host, session, dice, save_path, physical)
        self.rules = battle_rules(session)
        self.tables = self.state.tables
        theme = host.theme
        self._make_widgets(theme)

    def _make_widgets(self, theme: Any) -> None:
        self.ink = Ink(theme)
        # The cards have a theme of their own, to be drawn larger where the window has
        # room for it (`_zoom`): across a table, a big window's cards must read as big.
        self.card_theme = Theme(theme.scale, theme.palette)
        self._card_fonts: dict[float, Fonts] = {theme.scale: self.card_theme.fonts}
        self.cards = {side: TrackerCard(self.card_theme, side, self.rules, self.tables,
                                          self.act, self.shown_name)
                      for side in SIDES}
        self.weapon_index = 0
        self.thrown = False
        self.stance = 0
        self.luck = 0
        self.heal_dice = 1
        self.two_handed = False
        self.signature = False
        self.disarm = False
        self.last_lines: list[str] = []
        # The hex board, for positioning: free movement, melee needs adjacency.
        self.board_mode = False
        self.placing = "a"
        self.buttons: dict[str, Button] = {
            "weapon": Button(theme, "", lambda: self._step_weapon(1), size=17),
            "thrown": Button(theme, "", self._toggle_thrown, size=17),
            "stance": Button(theme, "", self._step_stance, size=17),
            "go": Button(theme, "", self.main_action, size=19),
            "heal": Button(theme, "", self.heal, size=17),
            "retrieve": Button(theme, f"Retrieve ({k('retrieve')})", self.retrieve, size=17),
            "decline": Button(theme, f"Decline ({k('decline')})", self.decline, size=17,
                              short=("Decline",)),
            "board": Button(theme, f"Board ({k('board')})", self.toggle_board, size=17),
            "typed": Button(theme, f"My dice ({k('typed')})", self.main_action_typed,
                            size=17),
            "two_handed": Button(theme, "", lambda: self._flip("two_handed"), size=16),
            "disarm": Button(theme, "", lambda: self._flip("disarm"), size=16),
            "signature": Button(theme, "", lambda: self._flip("signature"), size=16),
            "export": Button(theme, "Export (Ctrl+E)", self.export_dialog, size=17,
                             short=("Export",)),
            "leave": Button(theme, "Menu (Esc)", self.leave_dialog, size=17),
        }
        self.luck_stepper = Stepper(theme, "luck 0", lambda: self._step_luck(-1),
                                    lambda: self._step_luck(1), size=17)

    @property
    def state(self) -> BattleState:
        return self.session.state

    def widgets(self) -> list[Widget]:
        if self.board_mode:
            return list(self.ink.drawn)
        return [*self.ink.drawn, *(w for c in self.cards.values() for w in c.widgets())]

    def areas(self) -> list[tuple[str, pygame.Rect, list[Widget]]]:
        """The boxes within the screen whose widgets must stay inside them: the cards."""
        if self.board_mode:
            return []
        return [(f"the card of {self.shown_name(side)}", pygame.Rect(card.rect),
                 card.widgets()) for side, card in self.cards.items()]

    @property
    def uses_board(self) -> bool:
        return self.board_mode

    def rescale(self) -> None:
        keep = (self.weapon_index, self.thrown, self.stance, self.luck, self.heal_dice,
                self.two_handed, self.signature, self.disarm, self.board_mode, self.placing)
        self._make_widgets(self.host.theme)
        (self.weapon_index, self.thrown, self.stance, self.luck, self.heal_dice,
         self.two_handed, self.signature, self.disarm, self.board_mode, self.placing) = keep

    # --- the table browser's "Apply to ..." ---------------------------------------------
    def apply_targets(self) -> list[tuple[str, str]]:
        return [(side, self.shown_name(side)) for side in self.state.fighters]

    def apply_entry(self, who: str, table_id: str, keys: list[Any], sub_key: int | None) -> str:
        """Apply a table entry to a gladiator through the session (logged, undoable); a
        scar's sub-table die not rolled yet is rolled by the rules, with the session's
        dice."""
        action = ApplyEntryAction(type="apply_entry", who=who, table=table_id, keys=keys)
        if sub_key is not None:
            action["sub_key"] = sub_key
        if not self.act(action):
            raise UserError(self.message)
        return self.message

    # --- the attack being declared ------------------------------------------------------
    def weapons(self) -> list[str]:
        f = self.state.current if self.state.turn else None
        if f is None:
            return []
        held = [w for w, n in f.carried.items() if n > 0] + list(f.weapon_ranks)
        return list(dict.fromkeys([*held, self.tables.brawling]))

    def weapon(self) -> str | None:
        options = self.weapons()
        return options[self.weapon_index % len(options)] if options else None

    def attack_action(self) -> AttackAction:
        weapon = self.weapon()
        thrown = self.thrown
        if weapon is not None and self.tables.weapon(weapon).thrown == "must":
            thrown = True
        action = AttackAction(type="attack", weapon=weapon, stance=STANCES[self.stance],
                              luck=self.luck, thrown=thrown)
        # The declarations below are sent only when made, so that a plain attack's
        # journal entry stays plain.
        if self.two_handed:
            action["two_handed"] = True
        if self.signature:
            action["signature"] = True
        if self.disarm:
            action["called_shot"] = "disarm"
        return action

    def toggle_board(self) -> None:
        self.board_mode = not self.board_mode
        if self.state.turn is not None:
            self.placing = self.state.turn

    def place(self, label: str) -> None:
        self.act(PlaceAction(type="place", who=self.placing, at=label))

    def _step_weapon(self, step: int) -> None:
        self.weapon_index += step
        self.thrown = self.two_handed = self.disarm = False

    def _flip(self, name: str) -> None:
        setattr(self, name, not getattr(self, name))

    def _step_heal(self, step: int) -> None:
        self.heal_dice = max(1, self.heal_dice + step)

    def _toggle_thrown(self) -> None:
        self.thrown = not self.thrown

    def _step_stance(self) -> None:
        self.stance = (self.stance + 1) % len(STANCES)

    def _step_luck(self, step: int) -> None:
        self.luck = max(0, self.luck + step)

    # --- the main action: whatever is due -------------------------------------------------
    def due_now(self) -> str:
        """The step the rules say is due: what the cards show and what Enter does."""
        return self.session.ruleset.due(self.state).step

    def main_label(self) -> str:
        step = self.due_now()
        return {
            "initiative": "Roll initiative (Enter)",
            "fate": "Fate roll (Enter)",
            "fate_choice": "Choose fate (Enter)",
            "stay_conscious": "Try to stay conscious (Enter)",
            "death_door": "Death's door roll (Enter)",
            "focus": "Focus roll (Enter)",
            "act": "Attack (Enter)",
            "over": "The battle is over",
        }.get(step, step)

    def main_action(self, typed: bool = False) -> None:
        step = self.due_now()
        action: BattleAction
        if step == "act":
            action = self.attack_action()
        elif step == "stay_conscious":
            action = StayConsciousAction(type="stay_conscious", luck=self.luck)
        elif step == "death_door":
            action = DeathDoorAction(type="death_door", luck=self.luck)
        elif step == "initiative":
            action = InitiativeAction(type="initiative")
        elif step == "fate":
            action = FateAction(type="fate")
        elif step == "focus":
            action = FocusAction(type="focus")
        elif step == "fate_choice":
            action = ChooseFateAction(type="choose_fate", face=max(self.state.current.fate_choices))
        else:
            self.say("the battle is over", error=True)
            return
        self.act(action, typed)

    def main_action_typed(self) -> None:
        """The same roll, with the faces of the player's own dice typed in."""
        self.main_action(typed=True)

    def heal(self) -> None:
        self.act(HealAction(type="heal", dice=self.heal_dice))

    def retrieve(self) -> None:
        self.act(RetrieveAction(type="retrieve"))

    def decline(self) -> None:
        self.act(DeclineAction(type="decline"))

    def computer_step(self) -> None:
        """The computer player's choice for what is due, played with the session's
        dice; its reason goes to the status bar."""
        step = self.due_now()
        decision = self.session.ruleset.choice(self.state)
        if decision is None:
            self.say("the battle is over" if step == "over" else
                     "the computer stops: the duel has gone on too long", error=True)
            return
        who = self.shown_name(self.state.turn) if self.state.turn else "The computer"
        if self.act(decision.action):
            self.say(f"Computer: {who} {decision.why}")

    def odds_text(self) -> str:
        if self.due_now() != "act":
            return ""
        try:
            odds = self.session.ruleset.odds(self.state, self.attack_action())
        except UserError:
            return ""  # no attack possible so: no odds (Enter says why)
        if not isinstance(odds, AttackOdds):
            return ""
        return (f"whiff {pct(odds.whiff)}  miss {pct(odds.miss)}  blocked {pct(odds.blocked)}  "
                f"hit {pct(odds.hit)}  critical {pct(odds.critical)}")

    # --- session hooks --------------------------------------------------------------------
    def after_success(self, outcome: Outcome) -> None:
        self.last_lines = self.session.narrate(outcome)
        self.luck = 0
        self.signature = self.disarm = False

    def after_action(self) -> None:
        if self.state.phase == "over" and self.dialog is None and not self._ended:
            self._ended = True
            self._end_dialog()

    _ended = False

    def after_undo(self) -> None:
        self._ended = self.state.phase == "over"
        outcomes = self.session.outcomes
        self.last_lines = self.session.narrate(outcomes[-1]) if outcomes else []

    def _end_dialog(self) -> None:
        result = self.state.result
        lines = self.last_lines[-3:]
        if result is not None:
            winner = self.shown_name(result.winner)
            loser = self.shown_name(result.loser)
            lines = [f"{winner} wins; {loser} loses ({result.how})."] + (
                [f"Dead: {', '.join(self.state.fighters[d].name for d in result.dead)}"]
                if result.dead else [])
        self.dialog = Dialog(
            self.host.theme, "The battle is over", lines,
            [Choice("Write both sheets to the roster", pygame.K_w, self.write_sheets),
             careers_choice(self), *self.way_out(), Choice("Close", pygame.K_ESCAPE, self.dismiss)],
        )
        self.end_dialog = self.dialog

    def write_sheets(self) -> None:
        from companion.rulesets.battle.sheet import parse_sheet, save_sheet

        after = self.state.sheets_after or {}
        self.dismiss()
        try:
            saved = [save_sheet(parse_sheet(data)) for data in after.values()]
        except (UserError, OSError) as err:  # a roster folder that cannot be written
            self.say(f"cannot write the sheets: {in_words(err)}", error=True)
            return
        self.say("sheets written: " + ", ".join(str(p) for p in saved))

    # --- layout and drawing -----------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        """The cards and the buttons are placed as each frame is drawn (`_arrange`):
        which buttons show, and how tall the cards are, follow the duel."""
        self.rect = pygame.Rect(rect)

    def shown_name(self, side: str) -> str:
        """A gladiator's name as the cards and dialogs show it: the one place to change
        when two gladiators share a name."""
        return self.state.display_name(side)

    def shown_buttons(self) -> list[list[Control]]:
        """The buttons that apply now, in rows: the attack's declarations, its special
        declarations, then the actions."""
        b, state = self.buttons, self.state
        step = self.due_now()
        f = state.current if state.turn else None
        acting = step == "act" and f is not None
        weapon = self.weapon()
        info = self.tables.weapon(weapon) if weapon else None
        declare: list[Control] = []
        if acting:
            declare.append(b["weapon"])
            if info is not None and info.thrown == "may":
                declare.append(b["thrown"])
            declare.append(b["stance"])
        rolls_luck = step in ("act", "stay_conscious", "death_door")
        if rolls_luck and f is not None and (f.luck > 0 or self.luck > 0):
            declare.append(self.luck_stepper)
        special: list[Control] = []
        if acting and info is not None and info.two_handed_class is not None:
            special.append(b["two_handed"])
        if acting and info is not None and info.disarms:
            special.append(b["disarm"])
        if acting and f is not None and f.skill("signature-move") > 0:
            special.append(b["signature"])
        actions: list[Control] = [b["go"]]
        if step != "over":
            actions.append(b["typed"])
        if acting and f is not None and self._can_heal(f):
            actions.append(b["heal"])
        if acting and f is not None and self._lying(f):
            actions.append(b["retrieve"])
        if step == "stay_conscious":
            actions.append(b["decline"])
        actions += [b["board"], b["export"], b["leave"]]
        return [row for row in (declare, special, actions) if row]

    @staticmethod
    def _can_heal(f: Any) -> bool:
        """He has heal dice left and health to heal."""
        return bool(f.heal_dice > 0 and f.health < f.max_health)

    @staticmethod
    def _lying(f: Any) -> list[str]:
        """What he has on the ground to retrieve."""
        return [k for k, n in f.dropped.items() if n > 0] + (
            ["shield"] if f.shield == "dropped" else [])

    def _arrange(self) -> None:
        """Place the cards and the buttons that show now."""
        rect, px = self.rect, self.host.theme.px
        gap = px(12)
        card_w = (rect.width - 3 * gap) // 2
        width = rect.width - 2 * gap
        rows = self.shown_buttons()
        height, bgap = px(38), px(6)
        controls = sum(flow(row, 0, 0, width, height, bgap) + bgap for row in rows)
        font = self.theme_font(18, True)
        odds = sum(len(wrap(text, font, width)) * font.get_linesize()
                   for text in (self.odds_text(), self.league_chance) if text)
        room = rect.height - 2 * gap - px(10) - controls - odds
        natural = self._zoom(card_w, room)
        card_h = max(px(60), min(natural, room))
        for i, side in enumerate(SIDES):
            self.cards[side].layout(pygame.Rect(rect.x + gap + i * (card_w + gap),
                                                rect.y + gap, card_w, card_h))
        y = rect.y + gap + card_h + px(10)
        for row in rows:
            y = flow(row, rect.x + gap, y, width, height, bgap) + bgap
        self._text_y = y + px(2)

    def _zoom(self, card_w: int, room: int) -> int:
        """Draw the cards as large as the window lets them be, up to ZOOM times the UI
        scale, with both whole in their room; their natural height at that size."""
        base = self.host.theme.scale
        # A card reads well from about 360 pixels wide at 100 %: wider, it may grow.
        zoom = max(1.0, min(ZOOM, card_w / (360 * base)))
        for card in self.cards.values():
            card.shows_field = card.field_room = True
        while True:
            scale = round(base * zoom, 2)
            if self.card_theme.scale != scale:
                # Each size's letters are made once: a frame may try two or three.
                fonts = self._card_fonts.setdefault(scale, Fonts(scale=scale))
                self.card_theme.scale, self.card_theme.fonts = scale, fonts
            natural = max(card.measure(self.state, self._active(side), self.due_text(side),
                                       card_w) for side, card in self.cards.items())
            if natural <= room:
                return natural
            if zoom <= 1.0:
                break
            zoom = max(1.0, zoom - 0.1)
        # Still too tall: the cards leave out their typed-health field (a click on the
        # health track sets his health too), so that his ranks are read whole.
        for card in self.cards.values():
            if not card.entry.focused:
                card.shows_field = card.field_room = False
        return max(card.measure(self.state, self._active(side), self.due_text(side), card_w)
                   for side, card in self.cards.items())

    def theme_font(self, size: int, bold: bool = False) -> pygame.font.Font:
        return self.host.theme.fonts.get(size, bold)

    def _active(self, side: str) -> bool:
        return self.state.turn == side and self.state.phase != "over"

    def due_text(self, side: str) -> str | None:
        """What his card says his turn waits for: the roll Enter makes now, in the
        rules' words where they have them; None when it is not his turn or he acts."""
        state = self.state
        if not self._active(side):
            return None
        step = self.due_now()
        if step in ("stay_conscious", "death_door"):
            due = self.rules.due_roll(state, side)
            text = due.text if due is not None else self.main_label()
            return f"{text} (Enter)"
        if step == "focus":
            return "Stunned: a focus roll to act this turn (Enter)"
        if step in ("fate", "fate_choice"):
            return f"{self.main_label()}"
        return None

    def draw_board(self, surface: pygame.Surface, hover: Any) -> None:
        """The arena with the two gladiators where the players stood them."""
        from companion.ui.battle.board import draw_fighters

        theme = self.host.theme
        view = self.host.board_view
        who = self.shown_name(self.placing)
        line = (f"Placing {who}: click a hex.  Tab: the other gladiator.  G: the cards.  "
                f"{self.odds_text()}")
        font = theme.fonts.get(17, bold=True)
        width = self.rect.width - theme.px(24)
        strip = self.rect.copy()
        strip.height = len(wrap(line, font, width)) * font.get_linesize() + theme.px(8)
        # The board below the strip of words, so that they hide none of its letters.
        pygame.draw.rect(surface, theme.palette.background, self.rect)
        view.set_rect(pygame.Rect(self.rect.x, strip.bottom, self.rect.width,
                                  self.rect.height - strip.height))
        view.draw(surface, hover)
        assert view.layout is not None
        draw_fighters(surface, view.layout, view.board, self.state, self.tables, theme,
                      self.placing)
        pygame.draw.rect(surface, theme.palette.status, strip)
        self.ink.clear()
        self.ink.text(surface, line, (self.rect.x + theme.px(12), self.rect.y + theme.px(4)),
                      width, size=17, bold=True, colour=theme.palette.hover)

    def draw(self, surface: pygame.Surface, hover: Hex | None = None) -> None:
        if self.board_mode:
            self.draw_board(surface, hover)
            return
        theme = self.host.theme
        pal, px, ink = theme.palette, theme.px, self.ink
        self._label_buttons()
        self._arrange()
        ink.clear()
        pygame.draw.rect(surface, pal.background, self.rect)
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        state = self.state
        for side in SIDES:
            self.cards[side].draw(surface, state, self._active(side), self.due_text(side))
        for row in self.shown_buttons():
            for widget in row:
                ink.widget(surface, widget)
        x, w = self.rect.x + px(12), self.rect.width - px(24)
        y = self._text_y
        odds = self.odds_text()
        if odds:
            y = ink.text(surface, odds, (x, y), w, size=18, bold=True, colour=pal.hover,
                         wrap=False, elide=True)
        if self.league_chance and self.state.phase != "over":
            y = ink.text(surface, self.league_chance, (x, y), w, size=18, bold=True,
                         colour=pal.text_dim)
        # What happened last, as much as fits, while the log (F2) is not in sight beside.
        for line in [] if self.host.log_in_sight() else self.last_lines[-6:]:
            label = Label(theme, line, 17, wrap=True)
            bottom = label.place(x, y, w)
            if bottom > self.rect.bottom - px(4):
                break
            ink.label(surface, label)
            y = bottom
        surface.set_clip(clip)

    def _label_buttons(self) -> None:
        b = self.buttons
        weapon = self.weapon()
        named = self.tables.weapon(weapon).name if weapon else "none"
        b["weapon"].label = f"Weapon: {named} ({k('weapon')})"
        b["weapon"].short = (f"{named} ({k('weapon')})",)
        b["thrown"].label = f"Throw: {'yes' if self.thrown else 'no'} ({k('thrown')})"
        b["stance"].label = f"{STANCES[self.stance].title()} ({k('stance')})"
        b["go"].label = self.main_label()
        b["heal"].label = f"Heal {self.heal_dice} ({k('heal')})"
        b["two_handed"].label = \
            f"Two-handed: {'yes' if self.two_handed else 'no'} ({k('two_handed')})"
        b["disarm"].label = f"Disarm shot: {'yes' if self.disarm else 'no'} ({k('disarm')})"
        b["signature"].label = \
            f"Signature: {'yes' if self.signature else 'no'} ({k('signature')})"
        for key in ("two_handed", "disarm", "signature"):
            b[key].selected = getattr(self, key)
        b["go"].enabled = b["typed"].enabled = self.due_now() != "over"
        b["go"].selected = self.due_now() != "over"
        f = self.state.current if self.state.turn else None
        lying = self._lying(f) if f is not None else []
        got = k("retrieve")
        b["retrieve"].label = f"Retrieve the {lying[0]} ({got})" if lying else f"Retrieve ({got})"
        b["retrieve"].short = (f"Retrieve ({got})",)
        self.luck_stepper.value = f"luck {self.luck}"

    def status(self) -> str:
        """Parts two spaces apart: the status bar drops the last ones where it is short
        of room (see App.fewer_parts)."""
        state = self.state
        step = self.due_now()
        if step == "over":
            return f"The battle is over  {k('undo')} undoes the last action  Esc menu  F1 keys"
        if step == "initiative":
            return f"Roll initiative: Enter or {k('initiative')}  The trackers work at any " \
                "time  Esc menu  F1 keys"
        return turn_part(self.session.ruleset, state) + self._doing(step)

    def _doing(self, step: str) -> str:
        """What the fighter whose turn it is does now, and the keys."""
        state = self.state
        f = state.current
        name = self.shown_name(f.side)
        if step != "act":
            due = self.rules.due_roll(state, f.side)
            what = due.text if due is not None and step in ("stay_conscious", "death_door") \
                else self.main_label().removesuffix(" (Enter)")
            return (f"{name}: {what}. Enter rolls it  {k('typed')} with your own dice  "
                    "Esc menu  F1 keys")
        heal = f"  {k('heal')} heal" if self._can_heal(f) else ""
        retrieve = f"  {k('retrieve')} retrieve" if self._lying(f) else ""
        return (f"{name} to act: Enter attacks  {k('weapon')} weapon  {k('stance')} stance  "
                f"{k('luck_up')} and {k('luck_down')} luck{heal}{retrieve}  Esc menu  F1 keys")

    # --- input --------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if self.dialog is not None:
            return self.handle_dialog(event)
        if self.board_mode:
            return self._board_event(event)
        for card in self.cards.values():
            if card.handle(event):
                return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            shown = [w for row in self.shown_buttons() for w in row]
            return any(w.handle(event) for w in shown)
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _board_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hex_ = self.host.board_view.hex_at(event.pos)
            if hex_ is not None:
                self.place(self.host.board.to_label(hex_))
                return True
            return False
        if event.type == pygame.KEYDOWN and keys.action("battle", event) == "weapon":
            # Tab, the next choice: on the board, the other gladiator to stand.
            self.placing = "b" if self.placing == "a" else "a"
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def unfocus(self) -> None:
        for card in self.cards.values():
            card.entry.focused = False

    @property
    def typing(self) -> bool:
        return super().typing or (
            not self.board_mode and any(c.entry.focused for c in self.cards.values()))

    def _key(self, event: pygame.event.Event) -> bool:
        if self.undo_key(event):
            return True
        actions: dict[str, Callable[[], object]] = {
            "main": self.main_action,
            "initiative": lambda: self.act(InitiativeAction(type="initiative")),
            "weapon": lambda: self._step_weapon(1),
            "thrown": self._toggle_thrown,
            "stance": self._step_stance,
            "luck_up": lambda: self._step_luck(1),
            "luck_down": lambda: self._step_luck(-1),
            "heal": self.heal,
            "retrieve": self.retrieve,
            "decline": self.decline,
            "computer": self.computer_step,
            "board": self.toggle_board,
            "typed": self.main_action_typed,
            "two_handed": lambda: self._flip("two_handed"),
            "disarm": lambda: self._flip("disarm"),
            "signature": lambda: self._flip("signature"),
            "heal_down": lambda: self._step_heal(-1),
            "heal_up": lambda: self._step_heal(1),
        }
        if keys.pressed(event, "Esc"):
            if self.board_mode:
                self.toggle_board()
            else:
                self.leave_dialog()
            return True
        chosen = keys.action("battle", event)
        if chosen in actions:
            actions[chosen]()
            return True
        return False
