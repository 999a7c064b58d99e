"""The Grimdark builder: a gladiator edited section by section (stats, abilities,
moves, equipment, story), every build rule he breaks listed at once in the panel and
counted on the screen as he changes; saved to the roster, or exported as the forum
sheet the roster thread takes.

One long module: its five sections edit one draft and show one list of problems; each
section's drawing is short, and splitting them would pass the draft and its checks
around."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import pygame

from companion.core.words import plural
from companion.dice.sources import DiceSource, SeededDice
from companion.errors import UserError
from companion.files.atomic import atomic_write
from companion.rulesets.grimdark import build, career
from companion.rulesets.grimdark.data import GrimdarkData
from companion.rulesets.grimdark.forum import write_forum
from companion.rulesets.grimdark.sheet import (
    STAT_NAMES,
    Gladiator,
    Grant,
    SheetError,
    Weapon,
    parse_gladiator,
    roster_path,
    save_gladiator,
)
from companion.rulesets.grimdark.table_models import STATS
from companion.ui import keys
from companion.ui.grimdark.keys import BUILDER
from companion.ui.grimdark.panel import Line
from companion.ui.grimdark.paste import TextArea, to_clipboard
from companion.ui.grimdark.roster import export_path
from companion.ui.grimdark.rows import ChoiceRow, NumberRow, Row, draw_lines
from companion.ui.theme import Theme
from companion.ui.widgets.controls import Button, Ink, Label, ScrollList, TextField, flow

SECTIONS = ("Stats", "Abilities", "Moves", "Equipment", "Story")
ELEMENTS = (None, "acid", "electric", "fire", "ice")
# F1's list, from the one key map.
KEYS = tuple(keys.screen_lines(BUILDER))
_RESTRICTION = {"heavy-only": "heavy only", "light-only": "light only",
                "ranged-only": "ranged only", "melee-only": "melee only"}


def blank_draft(data: GrimdarkData) -> dict[str, Any]:
    """A new gladiator: his stat points spread as evenly as they go, nothing else."""
    points = data.figures.value("stat-points")
    each, extra = divmod(points, len(STATS))
    stats = {s: each + (1 if i < extra else 0) for i, s in enumerate(STATS)}
    return {"name": "", "description": "", **stats, "active_stat": None, "abilities": {},
            "moves": {}, "weapons": [], "armour": 0, "fame": 0, "wins": 0, "losses": 0,
            "starred": False}


class BuilderView:
    def __init__(self, theme: Theme, data: GrimdarkData, gladiator: Gladiator | None,
                 path: Path | None, done: Callable[[Path | None], None],
                 dice: DiceSource | None = None) -> None:
        self.theme = theme
        self.data = data
        self.path = path
        self.done = done
        # Rolls what an ability gives him as he is saved (Veteran's wins).
        self.dice = dice if dice is not None else SeededDice()
        if gladiator is None:
            self.draft = blank_draft(data)
        else:
            self.draft = gladiator.model_dump(mode="json", exclude={"format", "version"})
        self.section = 0
        self.dirty = False
        self.leaving = False  # Esc once with unsaved changes: the second leaves
        self.message = ""
        self.good = False
        self.message_for_screen = ""
        self.exported = ""
        self.notes: list[str] = []
        self.rect = pygame.Rect(0, 0, 0, 0)
        self._make_widgets()
        self.changed(edit=False)

    # --- the draft ----------------------------------------------------------------------
    def loose(self) -> Gladiator:
        """The draft as a gladiator, unchecked: what the counters and the build rules
        read even while a field is wrong (an empty name)."""
        d = dict(self.draft)
        d["weapons"] = [Weapon.model_construct(**w) for w in d["weapons"]]
        if d.get("career_start"):  # from a gladiator read whole: only its shape to make
            d["career_start"] = {k: [Grant.model_construct(**x) for x in v]
                                 for k, v in d["career_start"].items()}
        return Gladiator.model_construct(**d)

    def changed(self, edit: bool = True) -> None:
        """The draft changed: check it again (every rule at once)."""
        if edit:
            self.dirty = True
            self.leaving = False
            self.exported = ""
        self.file_problems: list[str] = []
        self.gladiator: Gladiator | None = None
        if not self.draft["name"].strip():
            self.file_problems.append("he has no name: type one in the Name field")
        else:
            try:
                self.gladiator = parse_gladiator(self.draft, "the builder")
            except SheetError as err:
                self.file_problems += [p.removeprefix("the builder: ") for p in err.problems]
        self.problems = build.problems(self.loose(), self.data)
        self.notes_found = build.notes(self.loose(), self.data)

    def all_problems(self) -> list[str]:
        return [*self.file_problems, *self.problems]

    def say(self, text: str, good: bool = False) -> None:
        self.message, self.good = text, good

    def _set(self, key: str, value: Any) -> None:
        self.draft[key] = value
        self.changed()

    # --- the widgets --------------------------------------------------------------------
    def _make_widgets(self) -> None:
        t = self.theme
        self.name_field = TextField(t, "his name", lambda _t: self.unfocus(), size=18,
                                    on_change=lambda text: self._set("name", text.strip()))
        self.name_field.text = self.draft["name"]
        self.tabs = [Button(t, f"{name} ({i + 1})", partial(self.show_section, i), size=16,
                            short=(name, name[:5]))
                     for i, name in enumerate(SECTIONS)]
        self.bottom = [
            Button(t, "Save to the roster (Ctrl+S)", self.save, size=17, selected=True,
                   short=("Save (Ctrl+S)",)),
            Button(t, "Export forum sheet (Ctrl+E)", self.export, size=17,
                   short=("Export (Ctrl+E)",)),
            Button(t, "Back (Esc)", self.back, size=17),
        ]
        numbers = {s: STAT_NAMES[s] for s in STATS}
        self.stat_rows: list[Row] = [self._number(key, label) for key, label in numbers.items()]
        self.stat_rows.append(ChoiceRow(t, "Active stat", self._active_text, self._step_active))
        self.stat_rows += [self._number("fame", "Fame"), self._number("wins", "Wins"),
                           self._number("losses", "Losses")]
        self.stat_rows.append(ChoiceRow(
            t, "Starred", lambda: "yes" if self.draft["starred"] else "no",
            lambda _n: self._set("starred", not self.draft["starred"])))
        self.stat_choice = 0
        self.abilities = ScrollList(t, size=17)
        self.ability_keys = sorted(self.data.abilities, key=lambda k: self.data.abilities[k].name)
        self.ability_buttons = [Button(t, "- level (-)", partial(self.step_ability, -1), size=16,
                                       short=("- (-)",)),
                                Button(t, "+ level (+)", partial(self.step_ability, 1), size=16,
                                       short=("+ (+)",))]
        self.search = TextField(t, "search moves by name or category", self._search_done,
                                size=17, short=("search",),
                                on_change=lambda _t: self._refilter())
        self.only_his = False
        self.moves = ScrollList(t, size=17)
        self.move_keys: list[str] = []
        self.move_buttons = [
            Button(t, "All moves (H)", self.toggle_only_his, size=16, short=("All (H)",)),
            Button(t, "- copy (-)", partial(self.step_move, -1), size=16, short=("- (-)",)),
            Button(t, "+ copy (+)", partial(self.step_move, 1), size=16, short=("+ (+)",))]
        self._refilter()
        self.weapons = ScrollList(t, size=17)
        self.properties = ScrollList(t, size=16)
        self.property_keys = [k for k, e in self.data.equipment.items()
                              if e.category == "property"]
        self.properties.on_select = lambda _i: self.toggle_property()
        self.weapon_name = TextField(t, "the weapon's name", lambda _t: self.unfocus(), size=17,
                                     on_change=self._rename_weapon)
        self.armour_row = self._number("armour", "Armour slots")
        self.weapon_buttons = {
            "add": Button(t, "Add weapon (W)", self.add_weapon, size=16, short=("Add (W)",)),
            "remove": Button(t, "Remove (Delete)", self.remove_weapon, size=16,
                             short=("Remove",)),
            "weight": Button(t, "", self.toggle_weight, size=16),
            "reach": Button(t, "", self.toggle_reach, size=16),
            "element": Button(t, "", self.step_element, size=16),
        }
        self.story = TextArea(t, "His story: who he is, why he fights (shown to the players "
                              "with his sheet)", size=17, numbered=False)
        self.story.text = self.draft["description"]
        self.story.on_change = lambda text: self._set("description", text.strip())

    def _number(self, key: str, label: str) -> NumberRow:
        return NumberRow(self.theme, label, lambda: int(self.draft[key]),
                         lambda v: self._set(key, v))

    def _active_text(self) -> str:
        chosen = self.draft["active_stat"]
        if chosen is None:
            return f"{STAT_NAMES[self.loose().active()]} (auto)"
        return STAT_NAMES[chosen]

    def _step_active(self, n: int) -> None:
        options: list[str | None] = [None, *STATS]
        at = options.index(self.draft["active_stat"])
        self._set("active_stat", options[(at + n) % len(options)])

    def show_section(self, index: int) -> None:
        self.unfocus()
        self.section = index
        self.layout(self.rect)

    # --- abilities ----------------------------------------------------------------------
    def _ability_rows(self) -> list[str]:
        rows = []
        for key in self.ability_keys:
            a = self.data.abilities[key]
            level = self.draft["abilities"].get(key, 0)
            mark = f"[{level}]" if level and a.per_level else "[✓]" if level else "[  ]"
            cost = f"{plural(a.cost, 'pt')} a level" if a.per_level else plural(a.cost, "pt")
            rows.append(f"{mark} {a.name}  ·  {cost}")
        return rows

    def step_ability(self, n: int) -> None:
        key = self.ability_keys[self.abilities.selected]
        ability = self.data.abilities[key]
        have = dict(self.draft["abilities"])
        if not ability.per_level and n > 0 and have.get(key, 0):
            self.say(f"{ability.name} has no levels: he has it or not (- takes it away)")
            return
        level = have.get(key, 0) + n
        if not ability.per_level:
            level = min(level, 1)
        if level <= 0:
            have.pop(key, None)
        else:
            have[key] = level
        self._set("abilities", have)

    def _ability_detail(self) -> str:
        a = self.data.abilities[self.ability_keys[self.abilities.selected]]
        parts = [a.description]
        if a.prerequisite is not None:
            parts.append(f"Needs {STAT_NAMES[a.prerequisite.stat]} {a.prerequisite.min}.")
        if a.cap is not None:
            limit = (f"his {STAT_NAMES[str(a.cap.stat)]}" if a.cap.kind == "stat"
                     else str(a.cap.value))
            parts.append(f"Levels up to {limit}.")
        if a.unlocks_moves:
            parts.append(f"Opens the {a.unlocks_moves.title()} moves.")
        given = (self.draft.get("career_start") or {}).get(a.key)
        if given is not None:
            grants = [Grant.model_validate(x) for x in given]
            parts.append(f"He was given {career.grant_words(grants)} when he was made; "
                         "dropped, he keeps them, and it is never rolled again.")
        elif career.career_starts(a):
            parts.append("Rolled once, when he is saved with it (Ctrl+S).")
        return " ".join(parts)

    # --- moves --------------------------------------------------------------------------
    def _refilter(self) -> None:
        """The moves the list shows: every one a repertoire may hold, grouped by
        category in the table's order, narrowed by the search and by "only his"."""
        words = self.search.text.lower().split()
        order: dict[str, int] = {}
        for m in self.data.moves.values():
            order.setdefault(m.category, len(order))
        keys = [k for k, m in self.data.moves.items() if not m.special
                and not m.always_available]
        keys.sort(key=lambda k: order[self.data.moves[k].category])
        shown = []
        for key in keys:
            m = self.data.moves[key]
            text = f"{m.name} {m.category}".lower()
            if words and not all(w in text for w in words):
                continue
            if self.only_his and key not in self.draft["moves"]:
                continue
            shown.append(key)
        current = self.move_keys[self.moves.selected] if self.move_keys and \
            self.moves.selected < len(self.move_keys) else None
        self.move_keys = shown
        self.moves.rows = self._move_rows()
        self.moves.select(shown.index(current) if current in shown else 0, notify=False)

    def _move_rows(self) -> list[str]:
        rows = []
        for key in self.move_keys:
            m = self.data.moves[key]
            copies = self.draft["moves"].get(key, 0)
            mark = f"[{copies}]" if copies else "[  ]"
            modifier = f" {m.modifier:+d}" if m.modifier else ""
            need = ""
            if m.requires_ability and m.requires_ability not in self.draft["abilities"]:
                ability = self.data.abilities.get(m.requires_ability)
                need = f"  ·  needs {ability.name if ability else m.requires_ability}"
            rows.append(f"{mark} {m.category.title()}: {m.name}{modifier}{need}")
        return rows

    def _search_done(self, _text: str) -> None:
        self.search.focused = False

    def toggle_only_his(self) -> None:
        self.only_his = not self.only_his
        self._refilter()

    def step_move(self, n: int) -> None:
        if not self.move_keys:
            return
        key = self.move_keys[self.moves.selected]
        have = dict(self.draft["moves"])
        copies = have.get(key, 0) + n
        if copies <= 0:
            have.pop(key, None)
        else:
            have[key] = copies
        self._set("moves", have)
        self.moves.rows = self._move_rows()

    def _move_detail(self) -> str:
        if not self.move_keys:
            return "No move matches the search." if not self.only_his else \
                "He has no moves yet: press H to see them all."
        m = self.data.moves[self.move_keys[self.moves.selected]]
        return m.description

    # --- equipment ----------------------------------------------------------------------
    def _weapon(self) -> dict[str, Any] | None:
        weapons = self.draft["weapons"]
        return weapons[min(self.weapons.selected, len(weapons) - 1)] if weapons else None

    def _edit_weapon(self, **change: Any) -> None:
        weapons = [dict(w) for w in self.draft["weapons"]]
        if not weapons:
            return
        index = min(self.weapons.selected, len(weapons) - 1)
        weapons[index].update(change)
        if weapons[index].get("element") is None:
            weapons[index].pop("element", None)
        self._set("weapons", weapons)

    def add_weapon(self) -> None:
        n = len(self.draft["weapons"]) + 1
        weapons = [*self.draft["weapons"], {"name": f"Weapon {n}", "weight": "light",
                                            "reach": "melee", "properties": []}]
        self._set("weapons", weapons)
        self.weapons.rows = self._weapon_rows()
        self.weapons.select(len(weapons) - 1, notify=False)
        self.weapon_name.text = weapons[-1]["name"]

    def remove_weapon(self) -> None:
        weapons = list(self.draft["weapons"])
        if not weapons:
            return
        del weapons[min(self.weapons.selected, len(weapons) - 1)]
        self._set("weapons", weapons)
        self.weapons.rows = self._weapon_rows()
        self.weapons.select(self.weapons.selected, notify=False)

    def toggle_weight(self) -> None:
        w = self._weapon()
        if w is not None:
            self._edit_weapon(weight="heavy" if w["weight"] == "light" else "light")

    def toggle_reach(self) -> None:
        w = self._weapon()
        if w is not None:
            self._edit_weapon(reach="ranged" if w["reach"] == "melee" else "melee")

    def step_element(self) -> None:
        w = self._weapon()
        if w is not None:
            at = ELEMENTS.index(w.get("element"))
            self._edit_weapon(element=ELEMENTS[(at + 1) % len(ELEMENTS)])

    def toggle_property(self) -> None:
        w = self._weapon()
        if w is None:
            return
        key = self.property_keys[self.properties.selected]
        props = list(w["properties"])
        if key in props:
            props.remove(key)
        else:
            props.append(key)
        self._edit_weapon(properties=props)

    def _rename_weapon(self, text: str) -> None:
        if self._weapon() is not None and text.strip():
            self._edit_weapon(name=text.strip())

    def _weapon_rows(self) -> list[str]:
        rows = []
        for w in self.draft["weapons"]:
            props = [p.name for k in w["properties"] if (p := self.data.property_named(k))]
            rows.append(", ".join([f"{w['name']}: {w['weight']} {w['reach']}", *props]))
        return rows

    def _property_rows(self) -> list[str]:
        w = self._weapon()
        on = set(w["properties"]) if w is not None else set()
        rows = []
        for key in self.property_keys:
            p = self.data.equipment[key]
            only = f"  ·  {_RESTRICTION[p.restriction]}" if p.restriction else ""
            rows.append(f"{'[✓]' if key in on else '[  ]'} {p.name}{only}")
        return rows

    # --- saving -------------------------------------------------------------------------
    def save(self) -> None:
        self.unfocus()
        g = self.gladiator
        if g is None:
            self.say(f"cannot save him yet: {self.file_problems[0]}")
            return
        target = self.path or roster_path(g)
        if target.exists() and target != self.path:
            self.say(f"{target.name} on your roster holds another gladiator of that name: "
                     "rename this one, or open that one from the roster")
            return
        try:
            g, made = career.make(g, self.data, self.dice)
            self.path = save_gladiator(g, target)
        except UserError as err:  # his wins past the most a sheet holds
            self.say(f"cannot save him: {err}")
            return
        except OSError as err:
            self.say(f"cannot save to {target}: {err.strerror}")
            return
        if made:  # the roll is his now: the draft shows it, and saving again keeps it
            self.draft = g.model_dump(mode="json", exclude={"format", "version"})
            self.changed(edit=False)
        self.dirty = False
        broken = len(self.problems)
        # The roll first: a long path is cut short on a narrow screen.
        given = "".join(f"{m.words()}; " for m in made)
        saved = f"{given}saved to {self.path}" if made else f"Saved to {self.path}"
        tail = f"; he still breaks {plural(broken, 'build rule')}" if broken else ""
        self.say(f"{saved}{tail}", good=not broken)

    def export(self) -> None:
        self.unfocus()
        g = self.gladiator
        if g is None:
            self.say(f"cannot export him yet: {self.file_problems[0]}")
            return
        text = write_forum(g, self.data)
        self.exported = text
        target = export_path(g)
        try:
            atomic_write(target, text)
        except OSError as err:
            self.say(f"cannot write {target}: {err.strerror}")
            return
        copied = "copied to the clipboard and " if to_clipboard(text) else ""
        self.say(f"Forum sheet {copied}written to {target} (the panel shows it)", good=True)

    def back(self) -> None:
        if self.dirty and not self.leaving:
            self.leaving = True
            self.say("He has unsaved changes: Ctrl+S saves them; Esc again leaves without "
                     "saving")
            return
        self.done(self.path if not self.dirty else None)

    # --- the panel ----------------------------------------------------------------------
    def counters(self) -> list[tuple[str, bool]]:
        """Points and slots, spent against what he has: (words, within the rules)."""
        g, f = self.loose(), self.data.figures
        stats = sum(g.stats().values())
        spent, have = build.points_spent(g, self.data), build.ability_points(g, self.data)
        moves = sum(g.moves.values())
        fewest, most = f.value("repertoire-fewest"), f.value("repertoire-most")
        slots, slots_have = build.slots_used(g, self.data).total, f.value("equipment-slots")
        return [(f"Stats {stats}/{f.value('stat-points')}", stats == f.value("stat-points")),
                # Red too while an ability's prerequisite or cap is broken.
                (f"Points {spent}/{have}", not build.ability_problems(g, self.data)),
                (f"Moves {moves} ({fewest}-{most})", fewest <= moves <= most),
                (f"Slots {slots}/{slots_have}", slots <= slots_have)]

    def panel_lines(self) -> list[Line]:
        g, f = self.loose(), self.data.figures
        name = self.draft["name"] or "A new gladiator"
        lines = [Line(name, "heading")]
        stats = sum(g.stats().values())
        spent, have = build.points_spent(g, self.data), build.ability_points(g, self.data)
        stat = f.stat("ability-points-stat")
        slots = build.slots_used(g, self.data)
        lines += [
            Line(f"Stat points: {stats} of {f.value('stat-points')}, highest at most "
                 f"{f.value('stat-spread')} above lowest"),
            Line(f"Ability points: {spent} of {have} ({f.value('ability-points')} + "
                 f"{STAT_NAMES[stat]} {g.stats()[stat]})"),
            Line(f"Moves: {sum(g.moves.values())}, {f.value('repertoire-fewest')} to "
                 f"{f.value('repertoire-most')}"),
            Line(f"Equipment slots: {slots.total} of {f.value('equipment-slots')}"),
        ]
        start = build.start_figures(g, self.data)
        lines.append(Line(f"In a match: HP {start.hp}, Init {start.init}, melee damage "
                          f"{build.melee_damage(g, self.data)}", "dim"))
        lines += [Line(text) for text in career.career_lines(g, self.data)]
        broken = self.all_problems()
        if broken:
            lines.append(Line(f"Breaks {plural(len(broken), 'rule')}", "heading"))
            lines += [Line(p[0].upper() + p[1:], "bad") for p in broken]
        else:
            lines.append(Line("Keeps every build rule", "good"))
        if self.notes_found or self.notes:
            lines.append(Line("Worth a look", "heading"))
            lines += [Line(n[0].upper() + n[1:], "dim") for n in [*self.notes, *self.notes_found]]
        if self.exported:
            lines.append(Line("Forum sheet", "heading"))
            lines += [Line(text or " ", "dim") for text in self.exported.splitlines()]
        return lines

    # --- layout and drawing -------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        px, fonts = self.theme.px, self.theme.fonts
        x, w = rect.x + px(20), rect.width - px(40)
        self._x, self._w = x, w
        y = rect.y + px(10)
        name_w = fonts.get(17, bold=True).size("Name")[0]
        self._name_y = y
        self.name_field.rect = pygame.Rect(x + name_w + px(10), y,
                                           w - name_w - px(10), px(36))
        y += px(42)
        self._counter_y = y
        y += fonts.get(16, bold=True).get_linesize() + px(6)
        y = flow(self.tabs, x, y, w, px(36), px(6)) + px(10)
        top = y
        rows_h = flow(self.bottom, x, 0, w, px(40), px(8))
        bottom_y = rect.bottom - px(8) - rows_h
        flow(self.bottom, x, bottom_y, w, px(40), px(8))
        self._summary_y = bottom_y - px(6) - fonts.get(17, bold=True).get_linesize()
        self.body = pygame.Rect(x, top, w, max(px(60), self._summary_y - px(8) - top))
        [self._layout_stats, self._layout_abilities, self._layout_moves,
         self._layout_equipment, self._layout_story][self.section](self.body)

    def _layout_stats(self, body: pygame.Rect) -> None:
        px = self.theme.px
        font = self.theme.fonts.get(17, bold=True)
        label_w = max(font.size(r.label)[0] for r in self.stat_rows) + px(6)
        row_h, gap = px(34), px(6)
        two = body.width >= 2 * (label_w + px(150)) + px(20)
        col_w = (body.width - px(20)) // 2 if two else body.width
        for i, row in enumerate(self.stat_rows):
            # Two columns: the stats and the record side by side, the active stat below
            # across both (its value is the longest); else one column in list order.
            if not two:
                col, at, width = 0, i, min(col_w - px(4), label_w + px(250))
            elif i == 4:
                col, at, width = 0, 4, min(body.width - px(4), label_w + px(320))
            else:
                col, at = (0, i) if i < 4 else (1, i - 5)
                width = min(col_w - px(4), label_w + px(250))
            y = body.y + at * (row_h + gap)
            x = body.x + px(4) + col * (col_w + px(20))
            row.place(x, y, width, row_h, label_w)
        self._stats_bottom = max(r.rect.bottom for r in self.stat_rows)

    def _layout_abilities(self, body: pygame.Rect) -> None:
        px = self.theme.px
        detail_h = self.theme.fonts.get(16).get_linesize() * 3 + px(4)
        rows_h = flow(self.ability_buttons, body.x, 0, body.width, px(36), px(6))
        list_h = max(px(60), body.height - rows_h - detail_h - px(16))
        self.abilities.rect = pygame.Rect(body.x, body.y, body.width, list_h)
        flow(self.ability_buttons, body.x, self.abilities.rect.bottom + px(8), body.width,
             px(36), px(6))
        self._detail_y = self.abilities.rect.bottom + px(8) + rows_h + px(6)

    def _layout_moves(self, body: pygame.Rect) -> None:
        px = self.theme.px
        self.search.rect = pygame.Rect(body.x, body.y, body.width, px(34))
        detail_h = self.theme.fonts.get(16).get_linesize() * 2 + px(4)
        rows_h = flow(self.move_buttons, body.x, 0, body.width, px(36), px(6))
        top = body.y + px(40)
        list_h = max(px(60), body.bottom - top - rows_h - detail_h - px(16))
        self.moves.rect = pygame.Rect(body.x, top, body.width, list_h)
        flow(self.move_buttons, body.x, self.moves.rect.bottom + px(8), body.width, px(36),
             px(6))
        self._detail_y = self.moves.rect.bottom + px(8) + rows_h + px(6)

    def _layout_equipment(self, body: pygame.Rect) -> None:
        px = self.theme.px
        gap = px(14)
        left_w = (body.width - gap) * 9 // 20
        right_x, right_w = body.x + left_w + gap, body.width - left_w - gap
        b = self.weapon_buttons
        font = self.theme.fonts.get(17, bold=True)
        armour_w = font.size(self.armour_row.label)[0] + px(6)
        self.armour_row.place(body.x, body.bottom - px(34), left_w, px(34), armour_w)
        rows_h = flow([b["add"], b["remove"]], body.x, 0, left_w, px(36), px(6))
        list_bottom = self.armour_row.rect.y - px(8) - rows_h - px(8)
        self.weapons.rect = pygame.Rect(body.x, body.y, left_w, max(px(40), list_bottom - body.y))
        flow([b["add"], b["remove"]], body.x, self.weapons.rect.bottom + px(8), left_w, px(36),
             px(6))
        self.weapon_name.rect = pygame.Rect(right_x, body.y, right_w, px(34))
        self._label_weapon_buttons()
        y = flow([b["weight"], b["reach"], b["element"]], right_x, body.y + px(40), right_w,
                 px(34), px(6)) + px(6)
        self.properties.rect = pygame.Rect(right_x, y, right_w, max(px(40), body.bottom - y))

    def _layout_story(self, body: pygame.Rect) -> None:
        self.story.rect = pygame.Rect(body)

    def _label_weapon_buttons(self) -> None:
        w = self._weapon()
        b = self.weapon_buttons
        if w is None:
            b["weight"].label, b["reach"].label, b["element"].label = \
                "Light (L)", "Melee (M)", "No element (E)"
        else:
            b["weight"].label = f"{w['weight'].title()} (L)"
            b["reach"].label = f"{w['reach'].title()} (M)"
            element = w.get("element")
            b["element"].label = f"{element.title()} (E)" if element else "No element (E)"
        for key in ("remove", "weight", "reach", "element"):
            b[key].enabled = w is not None

    def draw(self, surface: pygame.Surface, ink: Ink) -> None:
        pal, px = self.theme.palette, self.theme.px
        x, w = self._x, self._w
        name = Label(self.theme, "Name", 17, bold=True)
        name.place(x, self._name_y, None, px(36))
        ink.label(surface, name)
        ink.widget(surface, self.name_field)
        cx = x
        font = self.theme.fonts.get(16, bold=True)
        for text, fine in self.counters():
            if cx + font.size(text)[0] > x + w:
                break
            label = Label(self.theme, text, 16, bold=True, colour=pal.good if fine else pal.bad)
            label.place(cx, self._counter_y)
            ink.label(surface, label)
            cx = label.rect.right + px(18)
        for i, tab in enumerate(self.tabs):
            tab.selected = i == self.section
            ink.widget(surface, tab)
        [self._draw_stats, self._draw_abilities, self._draw_moves, self._draw_equipment,
         self._draw_story][self.section](surface, ink)
        for button in self.bottom:
            ink.widget(surface, button)
        broken = self.all_problems()
        if self.message:
            text, colour = self.message, pal.good if self.good else pal.bad
        elif broken:
            text = f"{plural(len(broken), 'rule')} broken (the panel lists all): {broken[0]}"
            colour = pal.bad
        else:
            text, colour = "Keeps every build rule: a legal gladiator.", pal.good
        ink.text(surface, text, (x, self._summary_y), w, size=17, bold=True, colour=colour,
                 wrap=False, elide=True)

    def _draw_stats(self, surface: pygame.Surface, ink: Ink) -> None:
        for i, row in enumerate(self.stat_rows):
            row.draw(surface, ink, i == self.stat_choice)

    def _draw_abilities(self, surface: pygame.Surface, ink: Ink) -> None:
        self.abilities.rows = self._ability_rows()
        ink.widget(surface, self.abilities)
        for button in self.ability_buttons:
            ink.widget(surface, button)
        draw_lines(surface, ink, self.theme, self._ability_detail(), self.body.x,
                   self._detail_y, self.body.width, self.body.bottom,
                   colour=self.theme.palette.text_dim)

    def _draw_moves(self, surface: pygame.Surface, ink: Ink) -> None:
        self.moves.rows = self._move_rows()
        ink.widget(surface, self.search)
        ink.widget(surface, self.moves)
        self.move_buttons[0].label = "Only his (H)" if not self.only_his else "All moves (H)"
        self.move_buttons[0].short = ("His (H)",) if not self.only_his else ("All (H)",)
        for button in self.move_buttons:
            ink.widget(surface, button)
        draw_lines(surface, ink, self.theme, self._move_detail(), self.body.x, self._detail_y,
                   self.body.width, self.body.bottom, colour=self.theme.palette.text_dim)

    def _draw_equipment(self, surface: pygame.Surface, ink: Ink) -> None:
        self.weapons.rows = self._weapon_rows()
        self.properties.rows = self._property_rows()
        self._label_weapon_buttons()
        if self.draft["weapons"]:
            ink.widget(surface, self.weapons)
        else:
            pal = self.theme.palette
            pygame.draw.rect(surface, pal.field, self.weapons.rect)
            pygame.draw.rect(surface, pal.panel_edge, self.weapons.rect, 1)
            ink.text(surface, "No weapon: he fights with his fists. W adds one.",
                     (self.weapons.rect.x + self.theme.px(8), self.weapons.rect.y +
                      self.theme.px(6)), self.weapons.rect.width - self.theme.px(16), size=16,
                     colour=self.theme.palette.text_dim)
        weapon = self._weapon()
        if weapon is not None and not self.weapon_name.focused:
            self.weapon_name.text = weapon["name"]
        if weapon is not None:
            ink.widget(surface, self.weapon_name)
            ink.widget(surface, self.properties)
        for key, button in self.weapon_buttons.items():
            if key in ("add", "remove") or weapon is not None:
                ink.widget(surface, button)
        self.armour_row.draw(surface, ink, False)

    def _draw_story(self, surface: pygame.Surface, ink: Ink) -> None:
        ink.widget(surface, self.story)

    # --- input --------------------------------------------------------------------------
    def _fields(self) -> list[Any]:
        fields: list[Any] = [self.name_field]
        if self.section == 0:
            fields += [r for r in self.stat_rows if isinstance(r, NumberRow)]
        elif self.section == 2:
            fields.append(self.search)
        elif self.section == 3:
            fields += [self.armour_row]
            if self._weapon() is not None:
                fields.append(self.weapon_name)
        elif self.section == 4:
            fields.append(self.story)
        return fields

    @property
    def typing(self) -> bool:
        return any(f.focused for f in self._fields())

    def unfocus(self) -> None:
        for field_ in (self.name_field, self.search, self.weapon_name, self.story):
            field_.focused = False
        for row in (self.armour_row, *self.stat_rows):
            row.unfocus()

    def keys(self) -> list[str]:
        return list(KEYS)

    def status(self) -> str:
        return "1-5 sections  +/- change  Ctrl+S save  Ctrl+E export  Esc back  F1 keys"

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            done = keys.screen_action(BUILDER, event)
            if done in ("save", "export"):
                (self.save if done == "save" else self.export)()
                return True
            if self.typing and (done == "back" or keys.pressed(event, "Tab")):
                self.unfocus()
                return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            return self._click(event)
        for field_ in self._fields():
            if field_.focused and field_.handle(event):
                return True
        if event.type == pygame.MOUSEWHEEL:
            lists = [None, self.abilities, self.moves, self.properties, self.story]
            target = lists[self.section]
            if self.section == 3 and self.weapons.rect.collidepoint(pygame.mouse.get_pos()):
                target = self.weapons
            return target is not None and target.handle(event)
        if event.type == pygame.KEYDOWN and not self.typing:
            return self._key(event)
        return False

    def _click(self, event: pygame.event.Event) -> bool:
        # A click on a field takes the keyboard; anywhere else lets it go.
        for field_ in self._fields():
            if field_.handle(event):
                for other in self._fields():
                    if other is not field_:
                        other.unfocus() if isinstance(other, Row) else \
                            setattr(other, "focused", False)
                return True
        self.unfocus()
        widgets: list[Any] = [*self.tabs, *self.bottom]
        if self.section == 0:
            widgets += self.stat_rows
        elif self.section == 1:
            widgets += [*self.ability_buttons, self.abilities]
        elif self.section == 2:
            widgets += [*self.move_buttons, self.moves]
        elif self.section == 3:
            widgets += [*self.weapon_buttons.values(), self.weapons, self.armour_row]
            if self._weapon() is not None:
                widgets.append(self.properties)
        for widget in widgets:
            if widget.handle(event):
                if widget is self.weapons:
                    self.weapon_name.text = (self._weapon() or {"name": ""})["name"]
                if self.section == 0:
                    self.stat_choice = next((i for i, r in enumerate(self.stat_rows)
                                             if r.rect.collidepoint(event.pos)),
                                            self.stat_choice)
                return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        done = keys.screen_action(BUILDER, event) or ""
        sections = ("stats", "abilities", "moves", "equipment", "story")
        if done in sections:
            self.show_section(sections.index(done))
            return True
        if done == "back":
            self.back()
            return True
        step = {"more": 1, "less": -1}.get(done, 0)
        updown = {"up": -1, "down": 1}.get(done, 0)
        if self.section == 0:
            if updown:
                self.stat_choice = (self.stat_choice + updown) % len(self.stat_rows)
                return True
            if step:
                self.stat_rows[self.stat_choice].step(step)
                return True
        elif self.section == 1:
            if step:
                self.step_ability(step)
                return True
            return self.abilities.handle_key(event.key)
        elif self.section == 2:
            if step:
                self.step_move(step)
                return True
            if done == "only_his":
                self.toggle_only_his()
                return True
            return self.moves.handle_key(event.key)
        elif self.section == 3:
            return self._equipment_key(done, updown)
        return False

    def _equipment_key(self, done: str, updown: int) -> bool:
        actions = {"add_weapon": self.add_weapon, "remove_weapon": self.remove_weapon,
                   "weight": self.toggle_weight, "reach": self.toggle_reach,
                   "element": self.step_element, "property": self.toggle_property}
        if done in actions:
            actions[done]()
            return True
        if updown and self.draft["weapons"]:
            self.weapons.rows = self._weapon_rows()
            self.weapons.select(self.weapons.selected + updown, notify=False)
            self.weapon_name.text = (self._weapon() or {"name": ""})["name"]
            return True
        if done in ("property_before", "property_after"):
            n = len(self.property_keys)
            at = self.properties.selected + (1 if done == "property_after" else -1)
            self.properties.select(at % n, notify=False)
            return True
        return False
