"""The coaching editor: one gladiator's coaching made or changed in four sections
(opening and posture, weights, rules, notes), every choice taken from a stepper or a
list, the problems `check_coaching` finds listed as it changes, and saved as the
coaching file the match reads (issue 29: "Nobody writes coaching JSON by hand").

One long module: as in the builder, its four sections edit one draft and show one
list of problems; each section's layout and drawing is short, and the draft itself
(its choices, its words, its file) is in coaching_draft.py."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import pygame

from companion.core.words import plural
from companion.files.atomic import atomic_write
from companion.rulesets.grimdark.coaching import Coaching
from companion.rulesets.grimdark.data import GrimdarkData
from companion.rulesets.grimdark.sheet import Gladiator
from companion.ui import keys
from companion.ui.grimdark.coaching_draft import CoachingDraft
from companion.ui.grimdark.coaching_words import coaching_lines
from companion.ui.grimdark.keys import COACHING
from companion.ui.grimdark.panel import Line
from companion.ui.grimdark.paste import TextArea
from companion.ui.grimdark.roster import coaching_target
from companion.ui.grimdark.rows import ChoiceRow, draw_lines
from companion.ui.theme import Theme
from companion.ui.widgets.controls import Button, Ink, ScrollList, flow, wrap

SECTIONS = ("Opening", "Weights", "Rules", "Notes")
# F1's list, from the one key map.
KEYS = tuple(keys.screen_lines(COACHING))


class CoachingView:
    """The editor of one gladiator's coaching; `done(path)` when he leaves (the file
    saved, or None)."""

    def __init__(self, theme: Theme, data: GrimdarkData, gladiator: Gladiator,
                 coaching: Coaching | None, own: Path | None, source: Path | None,
                 done: Callable[[Path | None], None]) -> None:
        self.theme = theme
        self.data = data
        self.draft = CoachingDraft(gladiator, data, coaching)
        self.path = own  # the user's file it saves to; None: a new one (or a sample's copy)
        self.source = source
        self.done = done
        self.section = 0
        self.dirty = False
        self.leaving = False
        self.message = ""
        self.good = False
        self.message_for_screen = ""
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.body = pygame.Rect(0, 0, 0, 0)
        self._make_widgets()
        self.changed(edit=False)

    # --- the draft ----------------------------------------------------------------------
    def changed(self, edit: bool = True) -> None:
        if edit:
            self.dirty = True
            self.leaving = False
            self.message = ""
        self.problems = self.draft.problems()

    def _edit(self, change: Callable[[], Any]) -> None:
        change()
        self.changed()

    def say(self, text: str, good: bool = False) -> None:
        self.message, self.good = text, good

    # --- the widgets --------------------------------------------------------------------
    def _make_widgets(self) -> None:
        t, d = self.theme, self.draft
        self.tabs = [Button(t, f"{name} ({i + 1})", partial(self.show_section, i), size=16,
                            short=(name, name[:4]))
                     for i, name in enumerate(SECTIONS)]
        self.bottom = [
            Button(t, "Save coaching (Ctrl+S)", self.save, size=17, selected=True,
                   short=("Save (Ctrl+S)",)),
            Button(t, "Back (Esc)", self.back, size=17),
        ]

        def row(label: str, value: Callable[[], str], step: Callable[[int], Any]) -> ChoiceRow:
            return ChoiceRow(t, label, value, lambda n: self._edit(partial(step, n)))

        self.opening_rows = [
            row("For", d.name_words, d.step_name),
            *(row(f"Opening {i + 1}", partial(d.opening_words, i), partial(d.step_opening, i))
              for i in range(len(d.opening))),
            row("Posture", lambda: d.posture, d.step_posture),
            row("Active stat", d.active_words, d.step_active),
        ]
        self.weights = ScrollList(t, size=17)
        self.weight_keys: list[str] = []
        self.weight_buttons = [
            Button(t, "- weight (-)", partial(self.step_weight, -1), size=16, short=("- (-)",)),
            Button(t, "+ weight (+)", partial(self.step_weight, 1), size=16, short=("+ (+)",)),
            Button(t, "Clear (Delete)", self.clear_weight, size=16, short=("Clear",)),
        ]
        self.rules = ScrollList(t, size=17)
        self.rule_buttons = [
            Button(t, "Add rule (A)", self.add_rule, size=16, short=("Add (A)",)),
            Button(t, "Remove (Delete)", self.remove_rule, size=16, short=("Remove",)),
            Button(t, "Earlier (Ctrl+Up)", partial(self.move_rule, -1), size=16,
                   short=("Earlier",)),
            Button(t, "Later (Ctrl+Down)", partial(self.move_rule, 1), size=16,
                   short=("Later",)),
        ]
        self.rule_rows = [
            self._rule_row("When", d.condition_words, d.step_when),
            ChoiceRow(t, "Number", self._value_text, self.step_value),
            self._rule_row("Then", d.kind_words, d.step_kind),
            self._rule_row("What", d.what_words, d.step_what),
        ]
        self.choice = 0  # the row chosen in the opening or the rules section
        self.notes = TextArea(t, "Notes for the GM: how to portray him, the combos you have "
                              "in mind", size=17, numbered=False)
        self.notes.text = d.notes
        self.notes.on_change = lambda text: self._edit(partial(setattr, d, "notes", text))

    def _rule_row(self, label: str, value: Callable[[int], str],
                  step: Callable[[int, int], Any]) -> ChoiceRow:
        def shown() -> str:
            index = self._rule()
            return "—" if index is None else value(index)

        def stepped(n: int) -> None:
            index = self._rule()
            if index is None:
                self.say("no rule yet: A adds one")
                return
            self._edit(partial(step, index, n))
        return ChoiceRow(self.theme, label, shown, stepped)

    def _value_text(self) -> str:
        index = self._rule()
        return "—" if index is None else self.draft.value_words(index)

    def show_section(self, index: int) -> None:
        self.unfocus()
        self.section = index
        self.choice = 0
        self.layout(self.rect)

    # --- weights ------------------------------------------------------------------------
    def _weight_rows(self) -> list[str]:
        d = self.draft
        self.weight_keys = keys = d.coachable_moves()
        reachable = d.reachable()
        rows = []
        for key in keys:
            weight = d.prefer.get(key)
            mark = f"[{weight:+d}]" if weight else "[  ]"
            held = d.gladiator.moves.get(key, 0)
            where = f"  ·  ×{held} in his repertoire" if held else \
                "" if key in reachable else "  ·  not his"
            rows.append(f"{mark} {d.move_name(key)}{where}")
        return rows

    def _weight_key(self) -> str | None:
        if not self.weight_keys:
            return None
        return self.weight_keys[min(self.weights.selected, len(self.weight_keys) - 1)]

    def step_weight(self, n: int) -> None:
        key = self._weight_key()
        if key is not None:
            self._edit(partial(self.draft.step_weight, key, n))

    def clear_weight(self) -> None:
        key = self._weight_key()
        if key is not None and key in self.draft.prefer:
            self._edit(partial(self.draft.prefer.pop, key))

    # --- rules --------------------------------------------------------------------------
    def _rule(self) -> int | None:
        n = len(self.draft.rules)
        return min(self.rules.selected, n - 1) if n else None

    def _sync_rules(self) -> None:
        self.rules.rows = [self.draft.rule_words(i) for i in range(len(self.draft.rules))]

    def add_rule(self) -> None:
        index = self.draft.add_rule()
        self.changed()
        self._sync_rules()
        self.rules.select(index, notify=False)
        self.choice = 0

    def remove_rule(self) -> None:
        index = self._rule()
        if index is not None:
            self._edit(partial(self.draft.remove_rule, index))
            self._sync_rules()
            self.rules.select(max(0, index - 1), notify=False)

    def move_rule(self, step: int) -> None:
        index = self._rule()
        if index is not None:
            to = self.draft.move_rule(index, step)
            if to != index:
                self.changed()
            self._sync_rules()
            self.rules.select(to, notify=False)

    def step_value(self, n: int) -> None:
        index = self._rule()
        if index is None:
            self.say("no rule yet: A adds one")
        elif self.draft.step_value(index, n):
            self.changed()
        else:
            self.say(f"'{self.draft.when_words(index)}' takes no number")

    # --- saving -------------------------------------------------------------------------
    def save(self) -> None:
        self.unfocus()
        target = coaching_target(self.draft.gladiator, self.path)
        try:
            atomic_write(target, self.draft.text())
        except OSError as err:
            self.say(f"cannot save to {target}: {err.strerror}")
            return
        self.path = target
        self.dirty = False
        self.leaving = False
        n = len(self.problems)
        tail = f"; it still has {plural(n, 'problem')}" if n else ""
        self.say(f"Saved to {target}{tail}", good=not n)

    def back(self) -> None:
        if self.dirty and not self.leaving:
            self.leaving = True
            self.say("The coaching has unsaved changes: Ctrl+S saves them; Esc again leaves "
                     "without saving")
            return
        self.done(self.path if not self.dirty else None)

    # --- the panel ----------------------------------------------------------------------
    def panel_lines(self) -> list[Line]:
        d = self.draft
        lines = [Line(f"Coaching for {d.gladiator.name}", "heading")]
        where = self.path or self.source
        if where is not None:
            copy = " (a sample: saving makes your own copy)" if self.path is None else ""
            lines.append(Line(f"{where.name}{copy}", "dim"))
        # What does not fit him first: it is what the manager edits to fix.
        if self.problems:
            lines.append(Line(f"{plural(len(self.problems), 'problem')}", "heading"))
            lines += [Line(p[0].upper() + p[1:], "bad") for p in self.problems]
        else:
            lines.append(Line(f"Fits {d.gladiator.name}", "good"))
        lines.append(Line("The coaching", "heading"))
        # The file's data names its moves already; the rules as the list shows them.
        said = coaching_lines({**d.as_data(), "rules": []}, lambda name: name)
        rules = [d.rule_words(i) for i in range(len(d.rules))]
        head = 2 if d.prefer else 1  # the posture and opening, then the weights
        lines += [Line(text) for text in [*said[:head], *rules, *said[head:]]]
        return lines

    # --- layout and drawing -------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        px, fonts = self.theme.px, self.theme.fonts
        x, w = rect.x + px(20), rect.width - px(40)
        self._x, self._w = x, w
        y = rect.y + px(10)
        self._title_y = y
        # A long name wraps: the title is the one place that names him whole.
        title = fonts.get(24, bold=True)
        y += len(wrap(self._title(), title, w)) * title.get_linesize() + px(6)
        y = flow(self.tabs, x, y, w, px(36), px(6)) + px(10)
        top = y
        rows_h = flow(self.bottom, x, 0, w, px(40), px(8))
        bottom_y = rect.bottom - px(8) - rows_h
        flow(self.bottom, x, bottom_y, w, px(40), px(8))
        self._summary_y = bottom_y - px(6) - fonts.get(17, bold=True).get_linesize()
        self.body = pygame.Rect(x, top, w, max(px(60), self._summary_y - px(8) - top))
        [self._layout_opening, self._layout_weights, self._layout_rules,
         self._layout_notes][self.section](self.body)

    def _title(self) -> str:
        return f"Coaching for {self.draft.gladiator.name}"

    def _label_w(self, rows: list[ChoiceRow]) -> int:
        font = self.theme.fonts.get(17, bold=True)
        return max(font.size(r.label)[0] for r in rows) + self.theme.px(6)

    def _place_rows(self, rows: list[ChoiceRow], x: int, y: int, width: int,
                    two: bool) -> int:
        """The rows one under another from y, or in two columns; the y below."""
        px = self.theme.px
        label_w = self._label_w(rows)
        row_h, gap = px(34), px(6)
        per_col = (len(rows) + 1) // 2 if two else len(rows)
        col_w = (width - px(20)) // 2 if two else width
        for i, row in enumerate(rows):
            col, at = divmod(i, per_col)
            row.place(x + px(4) + col * (col_w + px(20)), y + at * (row_h + gap),
                      min(col_w - px(4), label_w + px(420)), row_h, label_w)
        return y + per_col * (row_h + gap)

    def _two_columns(self, rows: list[ChoiceRow], width: int) -> bool:
        # A value needs room for "his hand holds no attack" between its buttons.
        return width >= 2 * (self._label_w(rows) + self.theme.px(330)) + self.theme.px(20)

    def _layout_opening(self, body: pygame.Rect) -> None:
        rows = self.opening_rows
        one_h = len(rows) * self.theme.px(40)
        two = one_h > body.height and self._two_columns(rows, body.width)
        self._place_rows(rows, body.x, body.y, body.width, two)

    def _layout_weights(self, body: pygame.Rect) -> None:
        px = self.theme.px
        detail_h = self.theme.fonts.get(16).get_linesize() * 3 + px(4)
        rows_h = flow(self.weight_buttons, body.x, 0, body.width, px(36), px(6))
        list_h = max(px(60), body.height - rows_h - detail_h - px(16))
        self.weights.rect = pygame.Rect(body.x, body.y, body.width, list_h)
        flow(self.weight_buttons, body.x, self.weights.rect.bottom + px(8), body.width, px(36),
             px(6))
        self._detail_y = self.weights.rect.bottom + px(8) + rows_h + px(6)

    def _layout_rules(self, body: pygame.Rect) -> None:
        px = self.theme.px
        rows_h = flow(self.rule_buttons, body.x, 0, body.width, px(36), px(6))
        two = self._two_columns(self.rule_rows, body.width)
        fields_h = (2 if two else 4) * px(40)
        list_h = max(px(40), body.height - rows_h - fields_h - px(16))
        self.rules.rect = pygame.Rect(body.x, body.y, body.width, list_h)
        flow(self.rule_buttons, body.x, self.rules.rect.bottom + px(8), body.width, px(36),
             px(6))
        y = self.rules.rect.bottom + px(8) + rows_h + px(8)
        self._place_rows(self.rule_rows, body.x, y, body.width, two)

    def _layout_notes(self, body: pygame.Rect) -> None:
        self.notes.rect = pygame.Rect(body)

    def draw(self, surface: pygame.Surface, ink: Ink) -> None:
        pal = self.theme.palette
        x, w = self._x, self._w
        ink.text(surface, self._title(), (x, self._title_y), w, size=24, bold=True)
        for i, tab in enumerate(self.tabs):
            tab.selected = i == self.section
            ink.widget(surface, tab)
        [self._draw_opening, self._draw_weights, self._draw_rules,
         self._draw_notes][self.section](surface, ink)
        for button in self.bottom:
            ink.widget(surface, button)
        short: tuple[str, ...] = ()
        if self.message:
            text, colour = self.message, pal.good if self.good else pal.bad
        elif self.problems:
            counted = plural(len(self.problems), "problem")
            text = f"{counted} (the panel lists all): {self.problems[0]}"
            short = (f"{counted}: the panel on the right lists them", counted)
            colour = pal.bad
        else:
            text, colour = "It fits him: Ctrl+S saves it.", pal.good
        ink.text(surface, text, (x, self._summary_y), w, size=17, bold=True, colour=colour,
                 wrap=False, elide=True, short=short)

    def _draw_opening(self, surface: pygame.Surface, ink: Ink) -> None:
        for i, row in enumerate(self.opening_rows):
            row.draw(surface, ink, i == self.choice)
        y = max(r.rect.bottom for r in self.opening_rows) + self.theme.px(10)
        draw_lines(surface, ink, self.theme, "The opening moves make his first hand; "
                   "the rest are drawn. A posture weighs the damage he deals against the "
                   "damage he takes.", self.body.x, y, self.body.width, self.body.bottom,
                   colour=self.theme.palette.text_dim)

    def _draw_weights(self, surface: pygame.Surface, ink: Ink) -> None:
        self.weights.rows = self._weight_rows()
        ink.widget(surface, self.weights)
        for button in self.weight_buttons:
            ink.widget(surface, button)
        key = self._weight_key()
        move = self.data.moves.get(key) if key is not None else None
        text = move.description if move is not None else ""
        draw_lines(surface, ink, self.theme, text, self.body.x, self._detail_y,
                   self.body.width, self.body.bottom, colour=self.theme.palette.text_dim)

    def _draw_rules(self, surface: pygame.Surface, ink: Ink) -> None:
        pal, px = self.theme.palette, self.theme.px
        self._sync_rules()
        if self.draft.rules:
            ink.widget(surface, self.rules)
        else:
            pygame.draw.rect(surface, pal.field, self.rules.rect)
            pygame.draw.rect(surface, pal.panel_edge, self.rules.rect, 1)
            ink.text(surface, "No rule: he goes by his posture and weights. A adds one.",
                     (self.rules.rect.x + px(8), self.rules.rect.y + px(6)),
                     self.rules.rect.width - px(16), size=16, colour=pal.text_dim)
        for button in self.rule_buttons:
            button.enabled = bool(self.draft.rules) or button is self.rule_buttons[0]
            ink.widget(surface, button)
        for i, row in enumerate(self.rule_rows):
            row.draw(surface, ink, i == self.choice)

    def _draw_notes(self, surface: pygame.Surface, ink: Ink) -> None:
        ink.widget(surface, self.notes)

    # --- input --------------------------------------------------------------------------
    @property
    def typing(self) -> bool:
        return self.section == 3 and self.notes.focused

    def unfocus(self) -> None:
        self.notes.focused = False

    def keys(self) -> list[str]:
        return list(KEYS)

    def status(self) -> str:
        return "1-4 sections  +/- change  Ctrl+S save  Esc back  F1 keys"

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            done = keys.screen_action(COACHING, event)
            if done == "save":
                self.save()
                return True
            if self.typing and (done == "back" or keys.pressed(event, "Tab")):
                self.unfocus()
                return True
            if self.section == 2 and done in ("rule_earlier", "rule_later"):
                self.move_rule(-1 if done == "rule_earlier" else 1)
                return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            return self._click(event)
        if self.typing and self.notes.handle(event):
            return True
        if event.type == pygame.MOUSEWHEEL:
            if self.section == 3:
                return self.notes.handle(event)
            target = {1: self.weights, 2: self.rules}.get(self.section)
            return target is not None and target.handle(event)
        if event.type == pygame.KEYDOWN and not self.typing:
            return self._key(event)
        return False

    def _click(self, event: pygame.event.Event) -> bool:
        if self.section == 3 and self.notes.handle(event):
            return True
        self.unfocus()
        rows = self._rows()
        widgets: list[Any] = [*self.tabs, *self.bottom, *rows]
        if self.section == 1:
            widgets += [*self.weight_buttons, self.weights]
        elif self.section == 2:
            widgets += [*self.rule_buttons, self.rules]
        for widget in widgets:
            if widget.handle(event):
                self.choice = next((i for i, r in enumerate(rows)
                                    if r.rect.collidepoint(event.pos)), self.choice)
                return True
        return False

    def _rows(self) -> list[ChoiceRow]:
        return {0: self.opening_rows, 2: self.rule_rows}.get(self.section, [])

    def _key(self, event: pygame.event.Event) -> bool:
        done = keys.screen_action(COACHING, event)
        sections = ("opening", "weights", "rules", "notes")
        if done in sections:
            self.show_section(sections.index(done))
            return True
        if done == "back":
            self.back()
            return True
        step = {"more": 1, "less": -1}.get(done or "", 0)
        updown = {"up": -1, "down": 1}.get(done or "", 0)
        rows = self._rows()
        if self.section == 1:
            if step:
                self.step_weight(step)
                return True
            if done == "delete":
                self.clear_weight()
                return True
            return self.weights.handle_key(event.key)
        if self.section == 2:
            actions = {"add_rule": self.add_rule, "delete": self.remove_rule}
            if done in actions:
                actions[done]()
                return True
            # Page Up and Down as well, as in every list.
            before = done == "rule_before" or event.key == pygame.K_PAGEUP
            after = done == "rule_after" or event.key == pygame.K_PAGEDOWN
            if (before or after) and self.draft.rules:
                self.rules.select((self.rules.selected + (1 if after else -1))
                                  % len(self.draft.rules), notify=False)
                return True
        if self.section == 3 and done == "type_notes":
            self.notes.focused = True
            return True
        if rows and updown:
            self.choice = (self.choice + updown) % len(rows)
            return True
        if rows and step:
            rows[self.choice].step(step)
            return True
        return False
