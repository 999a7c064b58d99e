"""The skirmish's tab of the right-hand panel: a card per gladiator, the odds card of
the attack about to be made, and the log."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Protocol

import pygame

from companion.rulesets.skirmish.events import BlowRolled
from companion.rulesets.skirmish.state import FIGHTING, State, wound_levels
from companion.rulesets.skirmish.words import item_words, modifier_words, weapon_words
from companion.ui.theme import Theme
from companion.ui.tools.log_panel import LogPanel
from companion.ui.widgets.controls import Button, Label
from companion.ui.widgets.tokens import side_colour

if TYPE_CHECKING:
    from companion.rulesets.skirmish.odds import AttackOdds
    from companion.session.session import Session


class Shown(Protocol):
    """What the panel shows of the screen: its session and the odds card's attack."""

    session: Session
    odds: AttackOdds | None

    @property
    def league_chance(self) -> str: ...
    def export_dialog(self) -> None: ...


def pct(p: Fraction) -> str:
    value = float(p) * 100
    return f"{value:.0f}%" if value >= 10 or value == 0 else f"{value:.1f}%"


def last_blow(session: Session) -> BlowRolled | None:
    """The blow of the latest action, if it struck one."""
    if not session.outcomes:
        return None
    blows = [e for e in session.outcomes[-1].events if isinstance(e, BlowRolled)]
    return blows[-1] if blows else None


def _term(sign: int, words: str, amount: int) -> str:
    return f"{'-' if sign * amount < 0 else '+'} {words} {abs(amount)}"


def blow_sum(state: State, e: BlowRolled) -> str:
    """"Blow: attack 2 - defence 5 + front 0 - disadvantaged 1 makes a margin of -4": every term
    of the margin with the sign it is added with (the defender's modifiers count
    against the attack)."""
    terms = [_term(1, modifier_words(state, reason), amount) for reason, amount in e.modifiers]
    terms += [_term(-1, modifier_words(state, reason), amount)
              for reason, amount in e.defence_modifiers]
    return (f"Blow: attack {e.attack} - defence {e.defence} {' '.join(terms)}".rstrip()
            + f" makes a margin of {e.margin:+d}")


STATUS_WORDS = {"beaten": "beaten", "spared": "spared", "killed": "killed"}


class SkirmishPanel(LogPanel):
    """The gladiators' cards, the odds card of the attack about to be made, the log."""

    def __init__(self, theme: Theme, screen: Shown) -> None:
        super().__init__(theme, screen.session)
        self.screen = screen
        # The board has no room for buttons: the bout's Export stands above its log.
        self.export = Button(theme, "Export (Ctrl+E)", screen.export_dialog, size=16,
                             short=("Export",))

    def handle(self, event: pygame.event.Event) -> bool:
        return self.export.handle(event)

    def draw_key(self) -> object:
        """What the tab shows changes with the session's state (its revision counts
        every action, undo and redo; the log is made from the same), the odds card's
        attack and the tab's rectangle, and with nothing else."""
        session = self.screen.session
        return (session, session.revision, self.screen.odds, tuple(self.rect))

    # --- drawing --------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        state: State = self.screen.session.state
        px = self.theme.px
        self.ink.clear()
        x, y = self.rect.x + px(12), self.rect.y + px(4)
        width = self.rect.width - px(24)
        for g in state.gladiators:
            y = self._card(surface, state, g, x, y, width) + px(6)
        odds = self.screen.odds
        if odds is not None:
            y = self._odds_card(surface, state, odds, x, y + px(4), width) + px(6)
        else:
            blow = last_blow(self.screen.session)
            if blow is not None:
                # The log's line lists the modifiers after the defence, where they read
                # as the defence's own: the sum here shows every term with its sign.
                y = self.ink.text(surface, blow_sum(state, blow), (x, y + px(2)), width,
                                  size=16, colour=self.theme.palette.hover) + px(4)
        # Export at the foot of the tab, the log above it; left out (Ctrl+E still
        # works) where the cards leave no room, at the largest scale in a small window.
        button = pygame.Rect(0, 0, min(width, px(200)), px(34))
        button.bottomright = (x + width, self.rect.bottom - px(6))
        bottom = None
        if button.y >= y + px(4):
            self.export.rect = button
            self.ink.widget(surface, self.export)
            bottom = button.y - px(4)
        else:
            self.export.rect = pygame.Rect(0, 0, 0, 0)
        self.draw_log(surface, x, y + px(4), width, bottom=bottom)

    def _card(self, surface: pygame.Surface, state: State, g, x: int, y: int, width: int) -> int:
        pal, px = self.theme.palette, self.theme.px
        active = state.current()
        is_active = active is not None and active.id == g.id and state.phase in ("ap", "act")
        sides = list(dict.fromkeys(o.side for o in state.gladiators))
        colour = side_colour(g.side, sides.index(g.side))
        height = px(78)
        card = pygame.Rect(x, y, width, height)
        pygame.draw.rect(surface, pal.field, card, border_radius=px(6))
        pygame.draw.rect(surface, colour, (x, y, px(8), height), border_radius=px(3))
        if is_active:
            pygame.draw.rect(surface, pal.hover, card, px(3), border_radius=px(6))
        type_name = state.data.types[g.type].name if g.type in state.data.types else "custom"
        who = "" if g.human else "  (computer)"
        name = self.screen.shown_name(g) if hasattr(self.screen, "shown_name") else g.name
        label = name if g.name == type_name else f"{name} - {type_name}"
        shown = f"{g.strength}/{g.full_strength}"
        strength = Label(self.theme, shown, 17, bold=True)
        # As wide as full strength, so the bar stays put; wider below 0 ("-3/9").
        value_w = max(strength.font.size(s)[0] for s in
                      (shown, f"{g.full_strength}/{g.full_strength}"))
        bar_w = max(px(40), min(px(90), width // 4))
        right = card.right - px(10)
        strength.place(right - value_w, y + px(6), value_w)
        # Strength bar, right-aligned on the first line, before his strength in figures.
        bar = pygame.Rect(right - value_w - px(6) - bar_w, y + px(10), bar_w, px(16))
        bar.centery = strength.rect.centery
        # The letter his token carries, so a card and a token are matched at a glance.
        badge = (g.side or "?")[:1].upper()
        title = Label(self.theme, f"{badge}  {label}{who}", 19, bold=True, elide=True,
                      short=(f"{badge}  {name}{who}", f"{badge}  {name}"))
        title.place(x + px(16), y + px(6), max(0, bar.x - px(10) - x - px(16)))
        self.ink.label(surface, title)
        pygame.draw.rect(surface, pal.panel_edge, bar, border_radius=px(3))
        if g.full_strength > 0 and g.strength > 0:
            fill = bar.copy()
            fill.width = round(bar.width * min(1, g.strength / g.full_strength))
            levels = wound_levels(state.data, g)
            tone = pal.good if not levels else (pal.luck if len(levels) == 1 else pal.bad)
            pygame.draw.rect(surface, tone, fill, border_radius=px(3))
        self.ink.label(surface, strength)

        levels = wound_levels(state.data, g)
        facts = [levels[-1].replace("-", " ") if levels else "unhurt"]
        if g.status != FIGHTING:
            facts = [STATUS_WORDS.get(g.status, g.status)]
        if who and who.strip() not in "".join(title.lines):
            facts.insert(0, "computer")  # his title had no room to say so
        if is_active and state.phase == "act":
            facts.insert(0, f"AP {g.ap}")
        if g.off_balance:
            facts.append("off balance")
        if g.entangled is not None:
            facts.append(f"entangled ({item_words(state, g.entangled.weapon)})")
        if state.options.fatigue:
            facts.append(f"fatigue {g.fatigue}")
        line1 = "  ·  ".join(facts)
        # "left" only tells a pair apart (two swords); a net is just his net.
        pair = [h.weapon for h in g.weapons]
        kit = [(f"{h.side} " if pair.count(h.weapon) > 1 else "")
               + item_words(state, h.weapon, "weapon") for h in g.weapons]
        if g.shield:
            kit.append(state.data.kit[g.shield].name.lower())
        if g.darts:
            kit.append(f"{g.darts} darts")
        if g.arrows:
            kit.append(f"{g.arrows} arrows")
        line2 = ", ".join(kit) or "unarmed"
        at = state.label(g.hex)
        if at:
            line2 = f"{at}  {line2}"
        colour = pal.hover if is_active else pal.text
        self.ink.text(surface, line1, (x + px(16), y + px(32)), width - px(24), size=16,
                      colour=colour, wrap=False, elide=True)
        self.ink.text(surface, line2, (x + px(16), y + px(54)), width - px(24), size=16,
                      colour=pal.text_dim, wrap=False, elide=True)
        return card.bottom

    def _odds_card(self, surface: pygame.Surface, state: State, odds: AttackOdds, x: int,
                   y: int, width: int) -> int:
        pal, fonts, px = self.theme.palette, self.theme.fonts, self.theme.px
        attacker, target = state.find(odds.attacker), state.find(odds.target)
        lines = [
            (f"{attacker.name} strikes {target.name}: {weapon_words(state, odds.weapon)}, "
             f"{odds.hexside} hexside, {odds.distance} hex", 17, True, pal.text),
        ]
        mods = ", ".join(f"{modifier_words(state, name)} {amount:+d}"
                         for name, amount in odds.attack_modifiers)
        lines.append((f"Attack {odds.modifier:+d}" + (f" ({mods})" if mods else "")
                      + f"; save +{odds.save}", 16, False, pal.text_dim))
        if odds.kind == "cast":
            body = (f"Entangle {pct(odds.p_entangle)}   miss & push back {pct(odds.p_pushback)}"
                    f"   off balance {pct(odds.p_off_balance)}")
            if odds.p_shredded:
                body += f"   net shredded {pct(odds.p_shredded)}"
        else:
            body = (f"Hit {pct(odds.p_hit)}   wounded {pct(odds.p_wounded)}   expected wounds "
                    f"{float(odds.expected_wounds):.2f}   beaten {pct(odds.p_beaten)}")
        lines.append((body, 18, True, pal.hover))
        if odds.kind != "cast":
            lines.append((f"Miss: pushed back {pct(odds.p_pushback)}, off balance "
                          f"{pct(odds.p_off_balance)}", 16, False, pal.text))
        events = "  ".join(f"D{face} {odds.event_names.get(face, '')} {pct(p)}"
                           for face, p in sorted(odds.events.items(), reverse=True))
        if events:
            lines.append((f"Doubles: {events}", 15, False, pal.text_dim))
        chance = self.screen.league_chance
        if chance:
            lines.append((chance, 16, False, pal.text))
        lines.append(("Enter or click him again to attack; Esc to cancel", 15, False,
                      pal.text_dim))
        height = sum(len(self.wrapped(text, fonts.get(size, bold), width - px(20)))
                     * fonts.get(size, bold).get_linesize()
                     for text, size, bold, _ in lines) + px(16)
        card = pygame.Rect(x, y, width, height)
        pygame.draw.rect(surface, pal.field, card, border_radius=px(6))
        pygame.draw.rect(surface, (235, 70, 60), card, px(2), border_radius=px(6))
        ty = y + px(8)
        for text, size, bold, colour in lines:
            ty = self.ink.text(surface, text, (x + px(10), ty), width - px(20), size=size,
                               bold=bold, colour=colour)
        return card.bottom
