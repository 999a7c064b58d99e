"""`companion career page GLADIATOR`: a gladiator's career as a page for a forum post,
in Markdown, BBCode or HTML: his sheet in his game's words, his record, and every fight
he fought, each with its day and its result."""

from __future__ import annotations

import argparse
import html
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from companion.core.words import plural
from companion.errors import UserError

FORMATS = ("markdown", "bbcode", "html")


def register(sub: argparse._SubParsersAction) -> None:
    """The `page` action of `companion career`."""
    p_page = sub.add_parser(
        "page", help="a gladiator's career as a page for a forum post",
        description="Write a gladiator's career (his sheet, his record and every fight he "
        "fought, from the stable) as Markdown, BBCode or an HTML page, to paste into a "
        "forum post.")
    p_page.add_argument("gladiator", metavar="GLADIATOR",
                        help="his name, or his number in the stable (#3)")
    p_page.add_argument("--format", choices=FORMATS, default="markdown",
                        help="markdown (Discord, GitHub), bbcode (most forums) or html")
    p_page.add_argument("--game", help="his game's id, for two of one name in two games")
    p_page.add_argument("--out", type=Path, metavar="FILE",
                        help="write it to FILE instead of printing it")
    p_page.set_defaults(func=_page)


@dataclass(frozen=True)
class Career:
    """What a career page says, in words, before any format."""

    title: str
    status: str
    sheet: list[str]
    record: str
    fights: list[str]


def _career(who: str, game: str | None) -> Career:
    from companion.commands.gladiators import find
    from companion.stable.parts import game_part, title
    from companion.stable.store import Stable

    with Stable.open(create=False) as stable:
        g = find(stable, who, game)
        fought = stable.fights_of(g.id)
        manager = stable.manager(g.manager_id) if g.manager_id is not None else None
    results = [entrant.result for _, entrant in fought]
    wins, losses = results.count("win"), results.count("loss")
    status = ", ".join(p for p in ("alive" if g.alive else "dead",
                                   "starred" if g.starred else "",
                                   f"{manager.name}'s" if manager else "no manager") if p)
    record = (f"{plural(len(fought), 'fight')} in the stable: {plural(wins, 'win')}, "
              f"{plural(losses, 'loss', 'losses')}")
    return Career(f"{g.name}, of {title(g.game)}", status,
                  game_part(g.game).lines(g.sheet), record,
                  [f"{fight.played[:10]}: {entrant.result}; {fight.result}"
                   for fight, entrant in fought])


def markdown(c: Career) -> str:
    from companion.reports.markdown import escape

    return "\n".join([f"## {escape(c.title)}", f"*{escape(c.status)}*", "",
                      *(f"- {escape(line)}" for line in c.sheet), "",
                      f"**{escape(c.record)}**", "",
                      *(f"1. {escape(line)}" for line in c.fights)]) + "\n"


def bbcode(c: Career) -> str:
    from companion.reports.bbcode import escape

    def listed(lines: list[str], kind: str = "") -> list[str]:
        return ([f"[list{kind}]", *(f"[*]{escape(line)}" for line in lines), "[/list]"]
                if lines else [])

    return "\n".join([f"[size=150][b]{escape(c.title)}[/b][/size]",
                      f"[i]{escape(c.status)}[/i]", *listed(c.sheet),
                      f"[b]{escape(c.record)}[/b]", *listed(c.fights, "=1")]) + "\n"


def html_page(c: Career) -> str:
    e = html.escape

    def listed(lines: list[str], tag: str) -> str:
        return f"<{tag}>" + "".join(f"<li>{e(line)}</li>" for line in lines) + f"</{tag}>"

    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{e(c.title)}</title></head><body>\n<h1>{e(c.title)}</h1>\n"
            f"<p><em>{e(c.status)}</em></p>\n{listed(c.sheet, 'ul')}\n"
            f"<p><strong>{e(c.record)}</strong></p>\n{listed(c.fights, 'ol')}\n"
            "</body></html>\n")


WRITERS: dict[str, Callable[[Career], str]] = {
    "markdown": markdown, "bbcode": bbcode, "html": html_page}


def _page(args: argparse.Namespace) -> int:
    from companion.files.atomic import atomic_write
    from companion.files.pathwords import in_words, shown_path

    text = WRITERS[args.format](_career(args.gladiator, args.game))
    if args.out is None:
        print(text, end="")
        return 0
    try:
        atomic_write(args.out, text)
    except OSError as err:
        raise UserError(f"{shown_path(args.out)}: cannot write it: {in_words(err)}",
                        exit_code=1) from None
    print(f"wrote {args.out}")
    return 0
