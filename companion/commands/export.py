"""`companion export FILE --format markdown|bbcode|discord|html [--out FILE] [--json]`:
a session's fight report, for a forum post, a chat channel or a web page."""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import Any

from companion.errors import UserError

# The names `--format` takes; each is a renderer in `companion.reports.formats`.
FORMAT_NAMES = ("markdown", "bbcode", "discord", "html")


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "export", help="write a session's fight report for a forum, Discord or the web",
        description="Replay a session file (finished or running) and write its report, "
        "turn by turn: the narration, every roll labelled, the combatants' sheets and "
        "the outcome. Printed unless --out is given; the session file is never changed.",
        epilog="examples:\n"
        "  companion export match.json --format bbcode --out match.bbcode\n"
        "  companion export match.json --format discord --json   # the messages, for a bot",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("file", type=Path, metavar="FILE", help="a session file")
    p.add_argument("--format", required=True, choices=FORMAT_NAMES, metavar="FORMAT",
                   help="markdown, bbcode (forums), discord or html (one page)")
    p.add_argument("--out", type=Path, metavar="FILE", help="write the report to FILE")
    p.add_argument("--pictures", metavar="MOMENTS",
                   help="with --format html: the moments pictured, start, end and turn "
                   "numbers joined by commas (default start,end; none for no pictures)")
    p.add_argument("--json", action="store_true",
                   help="with --format discord: the messages as one JSON list of strings")
    p.set_defaults(func=cmd_export)


def cmd_export(args: argparse.Namespace) -> int:
    if args.json and args.format != "discord":
        raise UserError(f"--json goes with --format discord only, not {args.format}")
    if args.pictures is not None and args.format != "html":
        raise UserError(f"--pictures goes with --format html only, not {args.format}")
    from companion.commands.session import load
    from companion.files.atomic import atomic_write
    from companion.reports.build import build_report
    from companion.reports.formats import FORMATS

    render = FORMATS.get(args.format)
    if render is None:
        raise UserError(f"the {args.format} format is not available in this version")
    session = load(args.file)
    report = build_report(session)
    if args.format == "html":
        text = _html(session, report, args.pictures)
    elif args.json:
        from companion.reports.discord import messages

        text = json.dumps(messages(report), ensure_ascii=False, indent=1) + "\n"
    else:
        text = render(report)
    if args.out is None:
        print(text, end="")
    else:
        atomic_write(args.out, text)
        if session.seed is not None:
            from companion.reports.checker import write_beside

            # Players check the dice with it, in a browser, nothing installed.
            write_beside(args.out)
    return 0


def _html(session: Any, report: Any, pictures: str | None) -> str:
    """The page, with pictures of the moments asked for, drawn headless: the drawing
    is the window's, imported only here, so no other format loads pygame."""
    from companion.reports import html
    from companion.reports.moments import DEFAULT, parse_moments

    moments = parse_moments(DEFAULT if pictures is None else pictures)
    if not moments:
        return html.render(report)
    # pygame greets on import, on stdout, where the page itself may be going.
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from companion.ui.reports.pictures import pictures as draw

    return html.render(report, draw(session, moments))
