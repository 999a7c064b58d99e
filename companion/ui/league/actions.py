"""What the League screen does besides showing, each a dialog over it or one change of
the stable, as the command line makes it: the next round made (`companion league
round`, by the same steps: `companion.league.making`), a match forfeited after a
question (`league forfeit`), a match opened to be played, the round's post written to
a file and the clipboard (`league post`), and the bracket saved as a PNG."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import pygame

from companion.errors import UserError, one_line
from companion.files.pathwords import in_words
from companion.ui.widgets.dialogs import Choice, Dialog

if TYPE_CHECKING:
    from companion.league.records import League
    from companion.stable.store import Stable
    from companion.ui.host import Host
    from companion.ui.league.view import LeagueCard, MatchRow
    from companion.ui.theme import Theme

POST_WORDS = {"markdown": "Markdown", "bbcode": "Forum BBCode", "discord": "Discord",
              "html": "HTML page, with the bracket"}
POST_KEYS = {"markdown": pygame.K_m, "bbcode": pygame.K_b, "discord": pygame.K_d,
             "html": pygame.K_h}


class Owner(Protocol):
    """What this reads and sets of the League screen."""

    theme: Theme
    host: Host
    dialog: Dialog | None

    def say(self, text: str, error: bool = False) -> None: ...
    def reread(self) -> None: ...


def _close(owner: Owner) -> None:
    owner.dialog = None


def _why(err: Exception) -> str:
    return in_words(err) if isinstance(err, OSError) else one_line(str(err))


def _opened(name: str) -> tuple[Stable, League]:
    from companion.league.records import league_named
    from companion.stable.store import Stable

    stable = Stable.open(create=False)
    try:
        if not stable.writable:
            raise UserError("the stable cannot be written to (another companion may hold "
                            "it, or its file is read-only)")
        return stable, league_named(stable, name)
    except BaseException:
        stable.close()
        raise


def next_round(owner: Owner, card: LeagueCard) -> None:
    """Ask for the round's deadline (none is fine), then make it."""
    def make(deadline: str) -> None:
        from companion.league.making import make_round
        from companion.stable.store import utc_now

        try:
            stable, league = _opened(card.name)
            with stable:
                made = make_round(stable, league, deadline.strip(), utc_now())
        except (UserError, OSError) as err:
            owner.dialog = None
            owner.say(f"no round made: {_why(err)}", error=True)
            return
        owner.dialog = None
        owner.reread()
        matches = sum(1 for path, _sides in made.matches if path)
        owner.say(f"{card.name}, round {made.number}: {matches} match"
                  f"{'es' if matches != 1 else ''} to play"
                  + (f", {len(made.rested)} bye" if made.rested else ""))

    owner.dialog = Dialog(
        owner.theme, f"The next round of {card.name}",
        ["Its pairings are made into match files in the league's folder, as companion "
         "league round makes them. Its deadline, if it has one (Sunday 20:00); Enter "
         "with none for no deadline."],
        [Choice("Cancel", pygame.K_ESCAPE, lambda: _close(owner))],
        field_hint="DEADLINE (optional)", on_text=make, submit="Make the round", width=760)


def forfeit(owner: Owner, card: LeagueCard, row: MatchRow) -> None:
    """Who did not appear, asked first; he loses the match (all of them: all lose)."""
    if row.done:
        owner.say(f"#{row.id} has its result: {row.result}")
        return

    def rule(absent: list[int]) -> None:
        from companion.league import records

        names = dict(row.gladiators)
        words = " & ".join(names[g] for g in absent) + " did not appear"
        try:
            stable, _league = _opened(card.name)
            with stable:
                records.forfeit(stable, row.id, absent, words)
        except (UserError, OSError) as err:
            owner.dialog = None
            owner.say(f"not forfeited: {_why(err)}", error=True)
            return
        owner.dialog = None
        owner.reread()
        owner.say(f"#{row.id} {row.words}: forfeit ({words})")

    keys = [pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6]
    choices = [Choice(f"{name} did not appear", keys[i] if i < len(keys) else None,
                      partial(rule, [g]))
               for i, (g, name) in enumerate(row.gladiators)]
    choices += [Choice("No one appeared", pygame.K_n,
                       partial(rule, [g for g, _n in row.gladiators])),
                Choice("Keep the match", pygame.K_ESCAPE, lambda: _close(owner))]
    owner.dialog = Dialog(
        owner.theme, f"Forfeit match #{row.id}?",
        [f"{row.words}: who did not appear loses it, the others win it (no one: "
         "all lose). A forfeit rates no one, and it cannot be taken back."],
        choices, width=820)


def play(owner: Owner, row: MatchRow) -> None:
    """The match's session file opened in the window to be played; a match with its
    result says it."""
    if row.done:
        owner.say(f"#{row.id} {row.result}")
        return
    if not row.path:
        owner.say(f"#{row.id} {row.words} has no match file to play")
        return
    path = Path(row.path)
    if not path.is_file():
        owner.say(f"#{row.id}: its match file is not there: {path}", error=True)
        return
    owner.host.open_file(path)


def post_dialog(owner: Owner, card: LeagueCard) -> None:
    """Choose a format: the round's post is written in the league's folder and, but for
    the HTML page, copied to the clipboard."""
    if card.round is None:
        owner.say(f"{card.name} has no round yet to post: N makes the first")
        return
    choices = [Choice(words, POST_KEYS[fmt], partial(write_post, owner, card, fmt))
               for fmt, words in POST_WORDS.items()]
    owner.dialog = Dialog(
        owner.theme, f"Post round {card.round} of {card.name}",
        [f"The post (pairings, results, standings) is written in {card.folder}; the "
         "text formats are copied to the clipboard as well, ready to paste into a forum "
         "or a chat."],
        [*choices, Choice("Cancel", pygame.K_ESCAPE, lambda: _close(owner))], width=760)


SUFFIXES = {"markdown": ".md", "bbcode": ".bbcode.txt", "discord": ".discord.txt",
            "html": ".html"}


def _slug(text: str) -> str:
    """A file name's part from a league's name, as its match files are named."""
    kept = "".join(c.lower() if c.isalnum() else "-" for c in text)
    return "-".join(part for part in kept.split("-") if part)[:40] or "league"


def post_path(card: LeagueCard, fmt: str) -> Path:
    return Path(card.folder) / f"{_slug(card.name)}-round-{card.round}-post{SUFFIXES[fmt]}"


def write_post(owner: Owner, card: LeagueCard, fmt: str) -> None:
    from companion.files.atomic import atomic_write
    from companion.league import post
    from companion.league.bracket import bracket
    from companion.league.posting import round_post
    from companion.ui.reports.export import to_clipboard

    owner.dialog = None
    path = post_path(card, fmt)
    try:
        stable, league = _opened(card.name)
        with stable:
            made = round_post(stable, league, card.round)
            drawn = bracket(stable, league)
        text = post.RENDER[fmt](made)
        if fmt == "html":
            from companion.ui.league.bracket import html_with_bracket

            text = html_with_bracket(text, drawn)
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, text)
    except (UserError, OSError) as err:
        owner.say(f"no post written: {_why(err)}", error=True)
        return
    where = f"{path.name} in {path.parent}"
    if fmt != "html" and to_clipboard(text):
        owner.say(f"{POST_WORDS[fmt]} post copied to the clipboard and written as {where}")
    elif fmt == "html":
        owner.say(f"post written as {where} (a file only: it carries the bracket)")
    else:
        owner.say(f"{POST_WORDS[fmt]} post written as {where} (no clipboard here)")


def save_bracket(owner: Owner, card: LeagueCard) -> None:
    """The bracket as a PNG in the league's folder."""
    from companion.ui.league.bracket import bracket_png

    if card.bracket is None:
        owner.say(f"{card.name}'s bracket cannot be drawn: {card.note}", error=True)
        return
    path = Path(card.folder) / f"{_slug(card.name)}-bracket.png"
    try:
        png, _w, _h = bracket_png(card.bracket)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(png)
    except OSError as err:
        owner.say(f"the bracket was not saved: {_why(err)}", error=True)
        return
    owner.say(f"the bracket saved as {path.name} in {path.parent}")
