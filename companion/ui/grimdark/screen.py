"""A Grimdark Gladiators match in the window: each gladiator's card with his hand as
cards, a turn at a time (Enter) or straight to the end (End), the GM's own choice of any
gladiator's move (a click on a card of his hand), the exact odds of the moves chosen
before the dice, and each turn explained from its events.

The rules choose and decide everything: this screen asks `choose`, `odds` and
`summary`, sends the turn to the session and draws what comes back. Coaching is shown
only while the GM asks for it (C): the screen may be on a shared display.

One long module: the match view's cards, hand clicks, explanation and export share the
GM's pending choices; the card, the explanation and the rows are in card.py, explain.py
and rows.py."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from companion.core.hexgrid import Hex
from companion.dice.sources import DiceSource
from companion.errors import UserError
from companion.files.pathwords import in_words
from companion.rulesets.base import Due, Event, Outcome
from companion.rulesets.grimdark.actions import MoveGiven, StartAction, TurnAction
from companion.rulesets.grimdark.data import GrimdarkData
from companion.rulesets.grimdark.events import TurnBegan
from companion.rulesets.grimdark.odds_words import damage_lines, odds_lines
from companion.session.fair import strict_moves
from companion.session.session import Session, still_made
from companion.ui import keys
from companion.ui.grimdark.card import ASSESS, CardLook, GladiatorCard, Pending
from companion.ui.grimdark.coaching_words import coaching_lines
from companion.ui.grimdark.explain import Line, Words, explain, turn_of
from companion.ui.host import Host
from companion.ui.session.careers import careers_choice
from companion.ui.session.screen import SessionScreen
from companion.ui.tools.log_panel import LogPanel
from companion.ui.widgets.controls import Button, Ink, Label, Widget, flow
from companion.ui.widgets.dialogs import Choice, Dialog
from companion.ui.widgets.side_panel import PanelView

# A match that goes on longer than this many turns when played straight to the end is
# stopped there, for the GM to look at: no real match lasts so long.
MOST_TURNS = 300
STATS = ("brutality", "style", "mind", "weird")

# The match's own lines of F1's list: the mouse (its keys come from companion.ui.keys).
MOUSE_HELP = (
    "Click a card of a gladiator's hand: the GM chooses his next move; click it again: "
    "forget it",
    "Then click the gladiator he aims at, when he has more than one to choose from",
)
MATCH_HELP = tuple(keys.help_lines("grimdark", MOUSE_HELP))


def k(action: str) -> str:
    """The match's key for an action, as a button or a hint names it."""
    return keys.name("grimdark", action)


class GrimdarkScreen(SessionScreen):
    help_lines = MATCH_HELP
    default_file = "match.json"
    noun = "match"

    def __init__(self, host: Host, session: Session, dice: DiceSource,
                 save_path: Path | None = None, physical: bool = False) -> None:
        super().__init__(host, session, dice, save_path, physical)
        self.data = GrimdarkData.load(session.tables)
        self.wounded_at = self.data.figures.value("wounded-at-hp")
        # The GM's choices for the next turn: gladiator id -> his move, as the turn
        # action takes it (without "why": the GM's, not the coaching's).
        self.pending: dict[str, MoveGiven] = {}
        self.awaiting: str | None = None  # whose chosen move still needs its target
        self.last_picked: str | None = None
        self.show_coaching = False
        self.explain_view = False
        self.picked_turn: int | None = None  # index into turns(); None: the last
        self.scroll = 0
        self._summary_key: tuple[int, int] | None = None
        self._summary: dict[str, Any] = {}
        self._odds_key: tuple[Any, ...] | None = None
        self._odds: list[str] = []
        self._choice_key: tuple[Any, ...] | None = None
        self._coached: dict[str, MoveGiven] = {}
        # See explained_turns: each outcome's turn, and the turns played.
        self._turn_of: list[tuple[Outcome, int | None]] = []
        self._turns: list[tuple[int, int]] = []
        self._ended = self.due().over
        self._make_widgets()

    def _make_widgets(self) -> None:
        theme = self.host.theme
        self.ink = Ink(theme)
        self.cards: dict[str, GladiatorCard] = {}
        self.buttons: dict[str, Button] = {
            "next": Button(theme, "Next turn (Enter)", self.next_turn, size=18,
                           short=("Next (Enter)",)),
            "end": Button(theme, f"To the end ({k('to_the_end')})", self.to_the_end,
                          size=17, short=(f"End ({k('to_the_end')})",)),
            "explain": Button(theme, "Turn explained (X)", self.toggle_explain, size=17,
                              short=("Explain (X)",)),
            "coaching": Button(theme, f"Show coaching ({k('coaching')})", self.toggle_coaching,
                               size=17,
                               short=(f"Coaching ({k('coaching')})",)),
            "export": Button(theme, "Export (Ctrl+E)", self.export_dialog, size=17,
                             short=("Export",)),
            "commit": Button(theme, f"Commit ({k('commit')})", self.commit_match, size=17),
            "leave": Button(theme, "Menu (Esc)", self.leave_dialog, size=17),
        }

    def panel(self) -> PanelView | None:
        # The screen may be on a display the managers see: the log says why the
        # coaching chose a move only while the GM shows the coaching.
        return LogPanel(self.host.theme, self.session, lambda: self.session.log
                        if self.show_coaching else self.session.public_log)

    def rescale(self) -> None:
        self._make_widgets()

    # --- what the rules say -----------------------------------------------------------
    @property
    def state(self) -> Any:
        return self.session.state

    def _key(self) -> tuple[int, int]:
        """Changes whenever the state does: an action, an undo, a redo. (The session
        changes its state in place: its identity says nothing.)"""
        return (id(self.session), self.session.revision)

    def summary(self) -> dict[str, Any]:
        key = self._key()
        if key != self._summary_key:
            self._summary = self.session.ruleset.summary(self.state)
            self._summary_key = key
        return self._summary

    def gladiators(self) -> list[dict[str, Any]]:
        return list(self.summary().get("gladiators") or [])

    def gladiator(self, who: str) -> dict[str, Any]:
        for g in self.gladiators():
            if g.get("id") == who:
                return g
        raise UserError(f"no gladiator '{who}' in this match")

    def shown_name(self, who: str) -> str:
        try:
            g = self.gladiator(who)
        except UserError:
            return who
        return str(g.get("display_name") or g.get("name") or who)

    def move_name(self, key: str) -> str:
        move = self.data.moves.get(key) or self.data.move_named(key)
        return move.name if move is not None else key.replace("-", " ")

    def due(self) -> Due:
        return self.session.ruleset.due(self.state)

    def coached_moves(self) -> dict[str, MoveGiven]:
        """The coaching's moves for the whole next turn (`choose`), remembered until
        the state changes."""
        key = self._key()
        if key != self._choice_key:
            chosen = self.session.ruleset.choose(self.state)
            self._coached = dict(chosen.get("moves") or {}) if chosen is not None else {}
            self._choice_key = key
        return self._coached

    def turn_action(self) -> TurnAction:
        """The next turn: the coaching's choices with the GM's put in their place."""
        moves = {who: m.copy() for who, m in self.coached_moves().items()}
        moves.update({who: m.copy() for who, m in self.pending.items()})
        return TurnAction(type="turn", moves=moves)

    # --- acting -----------------------------------------------------------------------
    def next_turn(self) -> None:
        """Enter: what the rules say is due (the start, or the next turn)."""
        step = self.due().step
        if step == "start":
            self.act(StartAction(type="start"))
        elif step == "over":
            self.say("the match is over: Ctrl+Z undoes its last turn", error=True)
        elif self.awaiting is not None:
            self.say(f"first click the gladiator {self.shown_name(self.awaiting)} aims at",
                     error=True)
        else:
            self.act(self.turn_action())

    def to_the_end(self) -> None:
        """E: turn after turn until the match is over (the GM's choices go with the
        first)."""
        if self.awaiting is not None:
            self.next_turn()  # says what is missing
            return
        played = 0
        while played < MOST_TURNS and not self.due().over:
            before = len(self.session.journal)
            self.next_turn()
            if len(self.session.journal) == before:
                return  # refused: the message says why
            played += 1
        if not self.due().over:
            self.say(f"stopped after {played} turns: the match is not over yet", error=True)

    def after_success(self, outcome: Outcome) -> None:
        if any(isinstance(e, TurnBegan) for e in outcome.events):
            self.pending.clear()
            self.awaiting = self.last_picked = None
        self.picked_turn = None
        self.scroll = 0

    def after_action(self) -> None:
        if self.due().over and self.dialog is None and not self._ended:
            self._ended = True
            self._end_dialog()

    def after_undo(self) -> None:
        self._ended = self.due().over
        self.pending.clear()
        self.awaiting = self.last_picked = None
        self.picked_turn = None
        self.scroll = 0

    # --- the GM's choices ---------------------------------------------------------------
    def hand_card(self, who: str, key: str) -> dict[str, Any] | None:
        if key == ASSESS:
            return {"key": ASSESS, "playable": True, "targets": [], "reaches": []}
        for card in self.gladiator(who).get("hand") or []:
            if card.get("key") == key:
                return dict(card)
        return None

    def pick(self, who: str, key: str) -> None:
        """The GM clicked a card of `who`'s hand."""
        if self.due().step != "turn":
            self.say("moves are chosen once the match has started and until it is over",
                     error=True)
            return
        fair = self.session.fair
        if fair is not None and fair.strict:
            self.say(strict_moves([self.shown_name(who)]), error=True)
            return
        chosen = self.pending.get(who)
        if chosen is not None and chosen["move"] == key:
            del self.pending[who]
            if self.awaiting == who:
                self.awaiting = None
            self.say(f"{self.shown_name(who)}'s move is left to his coaching")
            return
        card = self.hand_card(who, key)
        if card is None or not card.get("playable"):
            why = card.get("why_not") if card else None
            self.say(f"{self.shown_name(who)} cannot play {self.move_name(key)}"
                     + (f": {why}" if why else ""), error=True)
            return
        move: MoveGiven = {"move": key}
        targets = list(card.get("targets") or [])
        if len(targets) == 1:
            move["target"] = targets[0]
        reaches = list(card.get("reaches") or [])
        if len(reaches) > 1:
            move["reach"] = reaches[0]
        if self._sets_any_stat(key):
            move["as"] = self._stat_options(who)[0]
        self.pending[who] = move
        self.last_picked = who
        if self.awaiting == who:
            self.awaiting = None
        if len(targets) > 1:
            self.awaiting = who
            self.say(f"{self.move_name(key)}: now click the gladiator "
                     f"{self.shown_name(who)} aims at")
        else:
            self.say(f"{self.shown_name(who)} will play {self.move_name(key)} (the GM's "
                     "choice)")

    def aim(self, target: str) -> bool:
        """A click on a gladiator's card while a chosen move waits for its target."""
        who = self.awaiting
        if who is None:
            return False
        card = self.hand_card(who, self.pending[who]["move"])
        if card is None or target not in (card.get("targets") or []):
            self.say(f"{self.shown_name(who)} cannot aim "
                     f"{self.move_name(self.pending[who]['move'])} at "
                     f"{self.shown_name(target)}", error=True)
            return True
        self.pending[who]["target"] = target
        self.awaiting = None
        self.say(f"{self.shown_name(who)} will play "
                 f"{self.move_name(self.pending[who]['move'])} at "
                 f"{self.shown_name(target)}")
        return True

    def _sets_any_stat(self, key: str) -> bool:
        move = self.data.moves.get(key)
        return move is not None and move.sets_active_stat == "any"

    def _stat_options(self, who: str) -> list[str]:
        """The stats Basic Adjustment may set, his strongest first, his AS now last."""
        g = self.gladiator(who)
        stats: dict[str, int] = dict(g.get("stats") or {})
        order = sorted(STATS, key=lambda s: -int(stats.get(s, 0)))
        now = g.get("active_stat")
        return [s for s in order if s != now] + ([str(now)] if now in STATS else [])

    def other_option(self) -> None:
        """R: the other reach, or the other stat, of the move chosen last."""
        who = self.last_picked
        move = self.pending.get(who or "")
        if who is None or move is None:
            self.say("choose a move by clicking a card of a hand first", error=True)
            return
        card = self.hand_card(who, move["move"]) or {}
        if "reach" in move:
            reaches = list(card.get("reaches") or [])
            move["reach"] = reaches[(reaches.index(move["reach"]) + 1) % len(reaches)]
            self.say(f"{self.move_name(move['move'])}: {move['reach']}")
        elif "as" in move:
            options = self._stat_options(who)
            move["as"] = options[(options.index(move["as"]) + 1) % len(options)]
            self.say(f"{self.move_name(move['move'])}: the active stat becomes "
                     f"{move['as'].title()}")
        else:
            self.say(f"{self.move_name(move['move'])} has no other way to be made",
                     error=True)

    def forget_choices(self) -> None:
        self.pending.clear()
        self.awaiting = self.last_picked = None
        self.say("every move is left to the coaching")

    def pending_words(self, who: str) -> Pending | None:
        move = self.pending.get(who)
        if move is not None:
            key = move["move"]
            text = f"Next turn: {self.move_name(key)}"
            if move.get("target"):
                text += f" at {self.shown_name(str(move['target']))}"
            if move.get("reach"):
                text += f", {move['reach']}"
            if move.get("as"):
                text += f", AS to {str(move['as']).title()}"
            if who == self.awaiting:
                card = self.hand_card(who, key) or {}
                names = [self.shown_name(t) for t in card.get("targets") or []]
                return Pending(key, f"{text}: click his target ({' or '.join(names)})", True)
            return Pending(key, text + " (GM's choice)")
        if not self.show_coaching or self.due().step != "turn":
            return None
        coached = self.coached_moves().get(who)
        if not coached:
            return None
        text = f"Coaching picks {self.move_name(coached['move'])}"
        if coached.get("target"):
            text += f" at {self.shown_name(str(coached['target']))}"
        why = self.why_words(coached.get("why") or [])
        return Pending(coached["move"], text + (f" ({why})" if why else ""))

    def why_words(self, why: list[str]) -> str:
        from companion.rulesets.grimdark.coaching import why_words

        return why_words(why, self.data) if why else ""

    def coaching_of(self, who: str) -> list[str]:
        if not self.show_coaching:
            return []
        ids = [str(g.get("id")) for g in self.gladiators()]
        entries = list(self.session.setup.get("gladiators") or [])
        index = ids.index(who) if who in ids else -1
        coaching = entries[index].get("coaching") if 0 <= index < len(entries) else None
        return coaching_lines(coaching, self.move_name)

    def toggle_coaching(self) -> None:
        self.show_coaching = not self.show_coaching
        self.say("coaching shown: the screen shows each gladiator's secret instructions"
                 if self.show_coaching else "coaching hidden")

    # --- the odds and the turn explained -----------------------------------------------
    def odds(self) -> list[str]:
        """The exact odds of the next turn's fights, as lines."""
        if self.due().step != "turn" or self.awaiting is not None:
            return []
        key = (self._key(), json.dumps(self.pending, sort_keys=True))
        if key != self._odds_key:
            self._odds_key = key
            try:
                odds = self.session.ruleset.odds(self.state, self.turn_action())
            except UserError as err:
                self._odds = [f"No odds: {err}"]
            else:
                found = odds.to_json() if odds is not None else None
                self._odds = odds_lines(found, self.shown_name) + \
                    damage_lines(found, self.shown_name)
        return [self.league_chance, *self._odds] if self.league_chance else self._odds

    def explained_turns(self) -> list[tuple[int, int]]:
        """`turns` of the session's outcomes. Asked every frame: each outcome's turn is
        read once, and kept for the outcomes an undo leaves (a 5,000-turn match's
        events took 15 ms a frame to read again)."""
        outcomes, known, played = self.session.outcomes, self._turn_of, self._turns
        same = still_made(known, outcomes)
        del known[same:]
        while played and played[-1][1] >= same:
            played.pop()
        for i in range(same, len(outcomes)):
            turn = turn_of(outcomes[i])
            known.append((outcomes[i], turn))
            if turn is not None:
                played.append((turn, i))
        return list(played)

    def explained(self) -> tuple[int | None, list[Line]]:
        """The turn picked (the last by default) and its lines."""
        played = self.explained_turns()
        if not played:
            return None, []
        index = len(played) - 1 if self.picked_turn is None else self.picked_turn
        index = max(0, min(index, len(played) - 1))
        turn, at = played[index]
        return turn, explain(self.session.outcomes[at].events, self._words())

    def _words(self) -> Words:
        from companion.rulesets.grimdark.words import reason_words

        ruleset, state = self.session.ruleset, self.state

        def narrate(e: Event) -> list[str]:
            shown = e if self.show_coaching else ruleset.report_public(state, e)
            return ruleset.narrate(state, [shown])

        def stat(key: str) -> str | None:
            move = self.data.moves.get(key)
            return move.stat if move is not None else None

        return Words(self.shown_name, self.move_name, stat, reason_words, narrate)

    def step_turn(self, step: int) -> None:
        played = self.explained_turns()
        if not played:
            self.say("no turn has been played yet", error=True)
            return
        now = len(played) - 1 if self.picked_turn is None else self.picked_turn
        self.picked_turn = max(0, min(len(played) - 1, now + step))
        self.scroll = 0
        self.say(f"turn {played[self.picked_turn][0]} explained")

    def toggle_explain(self) -> None:
        self.explain_view = not self.explain_view
        self.scroll = 0

    # --- the end ---------------------------------------------------------------------------
    def result_lines(self) -> list[str]:
        result = self.summary().get("result") or {}
        winners = [self.shown_name(w) for w in result.get("winners") or []]
        lines = []
        if winners:
            lines.append(f"{' and '.join(winners)} won the match.")
        else:
            lines.append("Nobody is left standing.")
        dead = [self.shown_name(d) for d in result.get("dead") or []]
        beaten = [self.shown_name(d) for d in result.get("defeated") or []
                  if d not in (result.get("dead") or [])]
        if beaten:
            lines.append(f"Defeated and alive: {', '.join(beaten)}.")
        if dead:
            lines.append(f"Dead: {', '.join(dead)}.")
        record = result.get("record") or {}
        fame = result.get("fame") or {}
        if record:
            lines.append("Record: " + ", ".join(
                f"{self.shown_name(w)} {r} (fame {fame.get(w, 0)})" for w, r in record.items()))
        return lines

    def _end_dialog(self) -> None:
        self.dialog = Dialog(
            self.host.theme, "The match is over", self.result_lines(),
            [Choice("Record fame and results in the roster", pygame.K_r, self.record),
             careers_choice(self), *self.way_out(), Choice("Close", pygame.K_ESCAPE, self.dismiss)],
        )
        self.end_dialog = self.dialog

    def record(self) -> None:
        from companion.rulesets.grimdark.death import record_in_roster

        self.dismiss()
        try:
            changed = record_in_roster(self.state)
        except (UserError, OSError) as err:
            self.say(f"cannot record the results: {in_words(err)}", error=True)
            return
        self.say("recorded in the roster: " + ("; ".join(changed) if changed else
                                                "no gladiator of the roster fought"))

    def commit_match(self) -> None:
        """K: the commitment to post before the match (companion.session.commitment), shown and
        copied to the clipboard. A match with only its start played is made verifiable
        first: the start is rolled again from a new secret seed, kept in its file."""
        from companion.session.commitment import commit_session
        from companion.ui.grimdark.paste import to_clipboard

        try:
            line, note = commit_session(self.session)
        except UserError as err:
            self.say(f"cannot commit to this match: {err}", error=True)
            return
        if self.session.unsaved is not None:  # made verifiable, but not autosaved
            self.say(f"not autosaved: {in_words(self.session.unsaved)}", error=True)
            return
        if note is not None:
            self.after_undo()
        copied = to_clipboard(line)
        lines = [line, "Post it before the match; the seed and a replay code come with "
                 "the report when it is over, and anyone can check them with companion "
                 "verify."]
        if note is not None:
            lines.append(f"This match: {note}.")
        if self.session.fair is not None:  # salted: no die until the salts are closed
            lines.append(f"The managers' salts: {self.session.fair.state_words()}.")
        self.dialog = Dialog(
            self.host.theme, "Copied to the clipboard" if copied else "The line to post",
            lines, [Choice("Close", pygame.K_ESCAPE, self.dismiss)])

    # --- layout and drawing ---------------------------------------------------------------
    def widgets(self) -> list[Widget]:
        if self.explain_view:
            return list(self.ink.drawn)
        return [*self.ink.drawn, *(w for c in self.cards.values() for w in c.widgets())]

    def areas(self) -> list[tuple[str, pygame.Rect, list[Widget]]]:
        if self.explain_view:
            return []
        return [(f"the card of {self.shown_name(who)}", pygame.Rect(card.rect),
                 card.widgets()) for who, card in self.cards.items()]

    def shown_buttons(self) -> list[Button]:
        b = self.buttons
        over = self.due().over
        b["next"].label = "Start the match (Enter)" if self.due().step == "start" else \
            "The match is over" if over else "Next turn (Enter)"
        b["next"].enabled = b["end"].enabled = not over
        b["next"].selected = not over
        b["explain"].label = "Back to the cards (X)" if self.explain_view else \
            "Turn explained (X)"
        b["explain"].short = ("Cards (X)",) if self.explain_view else ("Explain (X)",)
        b["coaching"].label = \
            f"{'Hide' if self.show_coaching else 'Show'} coaching ({k('coaching')})"
        b["coaching"].selected = self.show_coaching
        if self.explain_view:
            return [b["explain"], b["leave"]]
        shown = [b["next"], b["end"], b["explain"], b["coaching"], b["export"]]
        # Committing is for before the first turn, or to show a verifiable match's line.
        if self.session.seed is not None or len(self.session.journal) <= 1:
            shown.append(b["commit"])
        return [*shown, b["leave"]]

    def _looks(self, compact: bool) -> dict[str, CardLook]:
        glads = self.gladiators()
        teams = [str(g.get("team")) for g in glads]
        shared = len(set(teams)) < len(teams)
        order = list(dict.fromkeys(teams))
        awaiting_targets: list[str] = []
        if self.awaiting is not None:
            card = self.hand_card(self.awaiting, self.pending[self.awaiting]["move"])
            awaiting_targets = list((card or {}).get("targets") or [])
        assess = self.data.moves.get(ASSESS)
        looks = {}
        for g in glads:
            who, team = str(g.get("id")), str(g.get("team"))
            looks[who] = CardLook(
                team=f"Team {team}" if shared else None, team_index=order.index(team),
                pending=self.pending_words(who), coaching=self.coaching_of(who),
                target_mark=who in awaiting_targets, compact=compact,
                assess_name=assess.name if assess is not None else "Assess the Situation")
        return looks

    def _grid(self, count: int, width: int) -> int:
        px = self.host.theme.px
        if count <= 3 and width >= count * px(190):
            return count
        return max(1, min(count, width // px(190), 2 if count == 4 else count))

    def _arrange(self) -> int:
        """Place the cards and the buttons; the y below them."""
        rect, px = self.rect, self.host.theme.px
        gap = px(10)
        glads = self.gladiators()
        for g in glads:
            who = str(g.get("id"))
            if who not in self.cards:
                self.cards[who] = GladiatorCard(self.host.theme, who)
        columns = self._grid(len(glads), rect.width - 2 * gap)
        card_w = (rect.width - gap * (columns + 1)) // columns
        buttons = self.shown_buttons()
        buttons_h = flow(buttons, 0, 0, rect.width - 2 * gap, px(38), px(6))
        room = rect.height - buttons_h - 3 * gap
        rows = [glads[i:i + columns] for i in range(0, len(glads), columns)]

        def heights(compact: bool) -> list[int]:
            looks = self._looks(compact)
            return [max(self.cards[str(g["id"])].measure(g, looks[str(g["id"])], card_w,
                                                         self.wounded_at) for g in row)
                    for row in rows]

        compact = False
        row_h = heights(False)
        if sum(row_h) + gap * (len(rows) - 1) > room * 0.75:
            compact = True
            row_h = heights(True)
        total = sum(row_h) + gap * (len(rows) - 1)
        if total > room:  # squeezed: each row its share; the card leaves out what won't fit
            row_h = [max(px(60), (room - gap * (len(rows) - 1)) // len(rows))] * len(rows)
        self._compact = compact
        y = rect.y + gap
        for row, h in zip(rows, row_h, strict=True):
            for i, g in enumerate(row):
                self.cards[str(g["id"])].layout(pygame.Rect(rect.x + gap + i * (card_w + gap),
                                                            y, card_w, h))
            y += h + gap
        for who in list(self.cards):
            if who not in {str(g.get("id")) for g in glads}:
                del self.cards[who]
        return flow(buttons, rect.x + gap, y, rect.width - 2 * gap, px(38), px(6)) + gap

    _compact = False

    def draw(self, surface: pygame.Surface, hover: Hex | None = None) -> None:
        theme = self.host.theme
        pal = theme.palette
        self.ink.clear()
        pygame.draw.rect(surface, pal.background, self.rect)
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        if self.explain_view:
            self._draw_explain(surface)
        else:
            y = self._arrange()
            looks = self._looks(self._compact)
            for g in self.gladiators():
                who = str(g.get("id"))
                self.cards[who].draw(surface, g, looks[who], self.wounded_at)
            for button in self.shown_buttons():
                self.ink.widget(surface, button)
            self._draw_below(surface, y)
        surface.set_clip(clip)

    def _lines(self, surface: pygame.Surface, lines: list[tuple[str, int, bool, Any]],
               x: int, y: int, w: int, bottom: int) -> tuple[int, bool]:
        """Draw lines (text, size, bold, colour) while they fit above `bottom`; the y
        below, and whether every line was drawn."""
        for text, size, bold, colour in lines:
            label = Label(self.host.theme, text, size, bold, colour, wrap=True)
            below = label.place(x, y, w)
            if below > bottom:
                return y, False
            self.ink.label(surface, label)
            y = below
        return y, True

    def _styled(self, lines: list[Line]) -> list[tuple[str, int, bool, Any]]:
        pal = self.host.theme.palette
        look = {"head": (18, True, pal.hover), "fight": (16, True, pal.text),
                "plain": (15, False, pal.text), "effect": (15, False, pal.text_dim)}
        return [(line.text, *look.get(line.style, look["plain"])) for line in lines]

    def _draw_below(self, surface: pygame.Surface, y: int) -> None:
        """The odds of the next turn, then as much of the last turn explained as fits."""
        theme = self.host.theme
        pal, px = theme.palette, theme.px
        x, w = self.rect.x + px(12), self.rect.width - px(24)
        bottom = self.rect.bottom - px(4)
        odds = self.odds()
        if odds:
            head = [("Odds of the moves chosen, before the dice", 16, True, pal.hover)]
            y, _ = self._lines(surface, head + [(t, 15, False, pal.text) for t in odds],
                               x, y, w, bottom)
            y += px(6)
        turn, lines = self.explained()
        if turn is None:
            return
        more = Label(theme, "X: the whole turn explained", 15, colour=pal.text_dim)
        room = bottom - more.font.get_linesize()
        y, whole = self._lines(surface, self._styled(lines), x, y, w, room)
        if not whole and y + more.font.get_linesize() <= bottom:
            more.place(x, y, w)
            self.ink.label(surface, more)

    def _draw_explain(self, surface: pygame.Surface) -> None:
        """The whole left side: the turn picked, explained, from its scroll."""
        theme = self.host.theme
        pal, px = theme.palette, theme.px
        gap = px(10)
        buttons = self.shown_buttons()
        y = flow(buttons, self.rect.x + gap, self.rect.y + gap, self.rect.width - 2 * gap,
                 px(38), px(6)) + gap
        for button in buttons:
            self.ink.widget(surface, button)
        x, w = self.rect.x + px(12), self.rect.width - px(24)
        played = self.explained_turns()
        turn, lines = self.explained()
        if turn is None:
            self.ink.text(surface, "No turn has been played yet: Enter plays the first.",
                          (x, y), w, size=18)
            return
        index = len(played) - 1 if self.picked_turn is None else self.picked_turn
        head = (f"Turn {turn} explained ({index + 1} of {len(played)})   "
                f"{k('earlier')} and {k('later')}: earlier, later   "
                f"{k('scroll_up')} / {k('scroll_down')}: scroll")
        y = self.ink.text(surface, head, (x, y), w, size=16, bold=True,
                          colour=pal.text_dim) + px(4)
        self.scroll = max(0, min(self.scroll, max(0, len(lines) - 1)))
        self._lines(surface, self._styled(lines[self.scroll:]), x, y, w,
                    self.rect.bottom - px(4))

    def status(self) -> str:
        step = self.due().step
        if self.explain_view:
            return (f"The turn explained  {k('earlier')} and {k('later')} earlier or later  "
                    f"{k('scroll_up')} and {k('scroll_down')} scroll  {k('explain')} back  "
                    "Esc menu  F1 keys")
        if step == "start":
            return "Enter starts the match  Esc menu  F1 keys"
        if step == "over":
            return (f"The match is over  {k('undo')} undoes its last turn  {k('explain')} "
                    "explained  Esc menu  F1 keys")
        if self.awaiting is not None:
            return (f"Click the gladiator {self.shown_name(self.awaiting)} aims at  "
                    f"{k('forget')} forgets the choices  F1 keys")
        turn = int(self.summary().get("turn") or 0) + 1
        return (f"Turn {turn} is next  Enter plays it  {k('to_the_end')} to the end  Click a "
                f"hand card: the GM's choice  {k('explain')} explained  {k('coaching')} "
                "coaching  Esc menu  F1 keys")

    # --- input ------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if self.dialog is not None:
            return self.handle_dialog(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._click(event)
        if event.type == pygame.MOUSEWHEEL and self.explain_view:
            self.scroll = max(0, self.scroll - event.y)
            return True
        if event.type == pygame.KEYDOWN:
            return self._keydown(event)
        return False

    def _click(self, event: pygame.event.Event) -> bool:
        if any(b.handle(event) for b in self.shown_buttons()):
            return True
        if self.explain_view:
            return False
        for who, card in self.cards.items():
            if not card.rect.collidepoint(event.pos):
                continue
            key = card.move_at(event.pos)
            if self.awaiting is not None and who != self.awaiting:
                return self.aim(who)
            if key is not None:
                self.pick(who, key)
                return True
        return False

    def _keydown(self, event: pygame.event.Event) -> bool:
        if self.undo_key(event):
            return True
        actions: dict[str, Callable[[], object]] = {
            "next_turn": self.next_turn,
            "to_the_end": self.to_the_end,
            "other_option": self.other_option,
            "forget": self.forget_choices,
            "explain": self.toggle_explain,
            "coaching": self.toggle_coaching,
            "commit": self.commit_match,
            "earlier": lambda: self.step_turn(-1),
            "later": lambda: self.step_turn(1),
        }
        if self.explain_view:
            actions["scroll_up"] = lambda: self._scroll(-1)
            actions["scroll_down"] = lambda: self._scroll(1)
        if keys.pressed(event, "Esc"):
            if self.explain_view:
                self.toggle_explain()
            elif self.awaiting is not None:
                del self.pending[self.awaiting]
                self.awaiting = None
                self.say("the move waiting for its target is forgotten")
            else:
                self.leave_dialog()
            return True
        chosen = keys.action("grimdark", event)
        if chosen in actions:
            actions[chosen]()
            return True
        return False

    def _scroll(self, step: int) -> None:
        self.scroll = max(0, self.scroll + step)
