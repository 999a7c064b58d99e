"""A round's post for the forum, the chat or the web: the pairings and their deadline,
the results (each with a link to its report, and a verifiable match's commitment),
the standings under their named tie-breaks, and an event's purse changes, in
Markdown, BBCode, Discord (each message at most 2,000 characters) and HTML.

The post is built from the league's records only, never from a match's setup: what a
manager coached his gladiator to do stays in the session file, so no post can show it
before the match is over (and a played match's post shows only its result)."""

from __future__ import annotations

import html as html_text
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

DISCORD_LIMIT = 2000


@dataclass(frozen=True)
class Post:
    title: str  # "Summer Games, round 2"
    deadline: str
    pairings: list[str] = field(default_factory=list)  # "Brutus v Crixus (file)"
    results: list[tuple[str, str]] = field(default_factory=list)  # (line, report file)
    header: list[str] = field(default_factory=list)  # the standings' columns
    rows: list[list[str]] = field(default_factory=list)
    tiebreaks: str = ""  # "ranked by points, then wins, then ..."
    purse: list[str] = field(default_factory=list)  # "Livia +150: ..." a manager each
    money: str = ""  # an event's: "entry fee 50, prize 200 each match"


def markdown(post: Post) -> str:
    out = [f"## {post.title}", ""]
    if post.pairings:
        out += ["### Pairings" + (f" (deadline: {post.deadline})" if post.deadline else ""),
                "", *(f"- {p}" for p in post.pairings), ""]
    if post.results:
        out += ["### Results", "", *(f"- {r}" + (f" ([report]({f}))" if f else "")
                                     for r, f in post.results), ""]
    out += ["### Standings", "", f"_{post.tiebreaks}_", "",
            "| " + " | ".join(post.header) + " |",
            "|" + "|".join("---" for _ in post.header) + "|",
            *("| " + " | ".join(row) + " |" for row in post.rows)]
    if post.purse:
        out += ["", "### Purses" + (f" ({post.money})" if post.money else ""), "",
                *(f"- {p}" for p in post.purse)]
    return "\n".join(out) + "\n"


def bbcode(post: Post) -> str:
    out = [f"[size=150][b]{post.title}[/b][/size]", ""]
    if post.pairings:
        out += ["[b]Pairings[/b]" + (f" (deadline: {post.deadline})" if post.deadline
                                     else ""), "[list]",
                *(f"[*]{p}" for p in post.pairings), "[/list]"]
    if post.results:
        out += ["[b]Results[/b]", "[list]",
                *(f"[*]{r}" + (f" ([url={f}]report[/url])" if f else "")
                  for r, f in post.results), "[/list]"]
    out += ["[b]Standings[/b]", f"[i]{post.tiebreaks}[/i]", "[code]",
            *_columns(post.header, post.rows), "[/code]"]
    if post.purse:
        out += ["[b]Purses[/b]" + (f" ({post.money})" if post.money else ""), "[list]",
                *(f"[*]{p}" for p in post.purse), "[/list]"]
    return "\n".join(out) + "\n"


def discord_messages(post: Post) -> list[str]:
    """The post as Discord messages, in order, each at most 2,000 characters: the
    pairings, the results, the purses, then the table in code blocks."""
    blocks: list[list[str]] = [[f"**{post.title}**"]]
    if post.pairings:
        blocks.append(["__Pairings__" + (f" (deadline: {post.deadline})" if post.deadline
                                         else ""), *(f"• {p}" for p in post.pairings)])
    if post.results:
        blocks.append(["__Results__", *(f"• {r}" + (f" ([report](<{f}>))" if _web(f)
                                                    else f" (report: `{f}`)" if f else "")
                                        for r, f in post.results)])
    if post.purse:
        blocks.append(["__Purses__" + (f" ({post.money})" if post.money else ""),
                       *(f"• {p}" for p in post.purse)])
    out: list[str] = []
    for block in blocks:
        _pack(block, out, lambda lines: "\n".join(lines))
    table = _columns(post.header, post.rows)
    out.append(f"__Standings__ ({post.tiebreaks})"[:DISCORD_LIMIT])
    _pack(table, out, lambda lines: "```\n" + "\n".join(lines) + "\n```", fresh=True)
    return out


def discord(post: Post) -> str:
    return "\n\n".join(discord_messages(post)) + "\n"


def html(post: Post) -> str:
    e = html_text.escape
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           f"<title>{e(post.title)}</title></head><body>", f"<h1>{e(post.title)}</h1>"]
    if post.pairings:
        out += ["<h2>Pairings</h2>" + (f"<p>Deadline: {e(post.deadline)}</p>"
                                        if post.deadline else ""), "<ul>",
                *(f"<li>{e(p)}</li>" for p in post.pairings), "</ul>"]
    if post.results:
        out += ["<h2>Results</h2>", "<ul>",
                *(f"<li>{e(r)}" + (f' (<a href="{e(f)}">report</a>)' if f else "")
                  + "</li>" for r, f in post.results), "</ul>"]
    out += ["<h2>Standings</h2>", f"<p><em>{e(post.tiebreaks)}</em></p>", "<table>",
            "<tr>" + "".join(f"<th>{e(h)}</th>" for h in post.header) + "</tr>",
            *("<tr>" + "".join(f"<td>{e(c)}</td>" for c in row) + "</tr>"
              for row in post.rows), "</table>"]
    if post.purse:
        out += ["<h2>Purses</h2>" + (f"<p>{e(post.money)}</p>" if post.money else ""),
                "<ul>", *(f"<li>{e(p)}</li>" for p in post.purse), "</ul>"]
    out.append("</body></html>")
    return "\n".join(out) + "\n"


RENDER: dict[str, Callable[[Post], str]] = {"markdown": markdown, "bbcode": bbcode,
                                            "discord": discord, "html": html}


def _web(link: str) -> bool:
    return link.startswith(("http://", "https://"))


def _columns(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    widths = [max(len(str(c)) for c in col) for col in zip(header, *rows, strict=True)]
    return ["  ".join(str(c).ljust(w) for c, w in zip(row, widths, strict=True)).rstrip()
            for row in [header, *rows]]


def _pack(lines: Sequence[str], out: list[str], wrap: Callable[[list[str]], str], *,
          fresh: bool = False) -> None:
    """Add `lines` to the messages, a new message whenever the next line would take
    the last past the limit (a line longer than the limit is cut)."""
    chunk: list[str] = []
    for line in lines:
        line = line[:DISCORD_LIMIT - 10]
        if chunk and len(wrap([*chunk, line])) > DISCORD_LIMIT:
            out.append(wrap(chunk))
            chunk = []
        chunk.append(line)
    if not chunk:
        return
    text = wrap(chunk)
    if out and not fresh and len(out[-1]) + 2 + len(text) <= DISCORD_LIMIT:
        out[-1] += "\n\n" + text
    else:
        out.append(text)
