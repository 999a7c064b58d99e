"""The report as one standalone HTML page: the combatants, each turn's narration and
its rolls (each die drawn as a small square), the coaching behind a click, the
outcome, and pictures of chosen moments where they fall.

The page needs nothing beside itself: the style is inline, the pictures are PNG bytes
embedded as data: URIs, and no script or outside resource is named, so it can be
mailed, uploaded or opened from a disk. Every text is escaped. Pure: the pictures are
drawn elsewhere (`companion.ui.reports.pictures`) and given here as bytes."""

from __future__ import annotations

import base64
from collections.abc import Sequence
from html import escape

from companion.dice.rolls import Die
from companion.reports.build import BEFORE
from companion.reports.model import Report, ReportRoll, Turn
from companion.reports.moments import Picture

STYLE = """
body{font-family:"DejaVu Sans",Verdana,sans-serif;background:#181a1f;color:#ecece8;
margin:0 auto;max-width:940px;padding:16px 20px 40px;line-height:1.45}
h1{margin:0 0 2px;font-size:1.9em}h2{margin:28px 0 8px;color:#ffe278;font-size:1.3em}
h3{margin:0 0 4px;font-size:1.05em}.system{color:#a0a5af;margin:0 0 12px}
.sheets{display:flex;flex-wrap:wrap;gap:12px}
.sheet{background:#22252c;border:1px solid #464c58;border-radius:8px;padding:10px 14px;
flex:1 1 260px}.sheet ul,.outcome ul{margin:0;padding-left:18px}
blockquote{margin:0 0 8px;padding:6px 14px;border-left:4px solid #3465a4;background:#1e2026}
blockquote p{margin:2px 0}
table.rolls{border-collapse:collapse;width:100%;font-size:.92em}
.rolls th,.rolls td{text-align:left;padding:4px 8px;border-bottom:1px solid #33373f;
vertical-align:top}.rolls th{color:#a0a5af;font-weight:normal}
.die{display:inline-block;min-width:1.5em;padding:0 2px;margin:1px 2px 1px 0;
text-align:center;border-radius:4px;background:#f5f5f0;color:#141414;font-weight:bold}
.die.success{outline:2px solid #6ec878}.die.luck{background:#f0c43c}
.die.dropped{opacity:.4;text-decoration:line-through}.total{font-weight:bold;font-size:1.1em}
.typed{color:#eb645a;font-style:italic}
figure{margin:18px 0;text-align:center}figure img{max-width:100%;height:auto;
border:1px solid #464c58;border-radius:6px}figcaption{color:#a0a5af;margin-top:4px}
details{background:#22252c;border:1px solid #464c58;border-radius:8px;padding:8px 14px}
summary{cursor:pointer;font-weight:bold}.footnotes{color:#a0a5af;font-size:.9em;
word-break:break-all}
""".strip()


def render(report: Report, pictures: Sequence[Picture] = ()) -> str:
    """The whole page. A picture of the start stands before the first turn, one after
    turn N after the report's Nth turn, and one of the end after the last turn."""
    out = ["<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           f"<title>{_text(report.title)}</title>", f"<style>\n{STYLE}\n</style>",
           "</head>", "<body>", f"<h1>{_text(report.title)}</h1>",
           f'<p class="system">{_text(report.system)}</p>']
    out += _sheets(report)
    start = [p for p in pictures if p.moment.turn is None and not p.moment.end]
    end = [p for p in pictures if p.moment.end]
    after = {p.moment.turn: p for p in pictures if p.moment.turn is not None}
    out += [_figure(p) for p in start]
    count = 0
    for turn in report.turns:
        out += _turn(turn)
        if turn.title != BEFORE:
            count += 1
            if count in after:
                out.append(_figure(after.pop(count)))
    out += [_figure(p) for p in after.values()]  # a turn the report has no section for
    out += [_figure(p) for p in end]
    out += _secrets(report)
    out += _footer(report)
    out += ["</body>", "</html>"]
    return "\n".join(out) + "\n"


def _text(text: str) -> str:
    return escape(text, quote=True)


def _sheets(report: Report) -> list[str]:
    if not report.sheets:
        return []
    out = ["<h2>The combatants</h2>", '<div class="sheets">']
    for sheet in report.sheets:
        out.append(f'<div class="sheet"><h3>{_text(sheet.name)}</h3>')
        if sheet.lines:
            out.append("<ul>" + "".join(f"<li>{_text(line)}</li>" for line in sheet.lines)
                       + "</ul>")
        out.append("</div>")
    out.append("</div>")
    return out


def _turn(turn: Turn) -> list[str]:
    out = ['<section class="turn">', f"<h2>{_text(turn.title)}</h2>"]
    if turn.lines:
        out.append("<blockquote>" + "".join(f"<p>{_text(line)}</p>" for line in turn.lines)
                   + "</blockquote>")
    if turn.rolls:
        out.append('<table class="rolls"><tr><th>Who</th><th>What for</th><th>Dice</th>'
                   "<th>Result</th></tr>")
        out += [_roll(r) for r in turn.rolls]
        out.append("</table>")
    out.append("</section>")
    return out


def _roll(roll: ReportRoll) -> str:
    dice = " ".join(_die(d) for d in roll.roll.dice) or "no dice"
    parts = []
    if roll.roll.total is not None:
        parts.append(f'<span class="total">{roll.roll.total}</span>')
    if roll.roll.detail:
        parts.append(_text(roll.roll.detail))
    if roll.typed:
        parts.append('<span class="typed">typed at the table</span>')
    return (f"<tr><td>{_text(roll.who)}</td><td>{_text(roll.purpose)}</td>"
            f"<td>{dice}</td><td>{'; '.join(parts)}</td></tr>")


def _die(die: Die) -> str:
    kinds = ["die"]
    if die.success:
        kinds.append("success")
    if die.luck:
        kinds.append("luck")
    if not die.kept:
        kinds.append("dropped")
    words = " ".join([f"d{die.sides}", *kinds[1:]])
    return f'<span class="{" ".join(kinds)}" title="{words}">{die.face}</span>'


def _figure(picture: Picture) -> str:
    data = base64.b64encode(picture.png).decode("ascii")
    caption = _text(picture.moment.caption)
    return (f'<figure><img src="data:image/png;base64,{data}" width="{picture.width}" '
            f'height="{picture.height}" alt="{caption}"><figcaption>{caption}</figcaption>'
            "</figure>")


def _secrets(report: Report) -> list[str]:
    if not report.secrets:
        return []
    out = ["<h2>Coaching</h2>", "<details><summary>Coaching (kept secret until now: "
           "click to read)</summary>"]
    for secret in report.secrets:
        out.append(f"<h3>{_text(secret.name)}</h3>")
        out.append("<ul>" + "".join(f"<li>{_text(line)}</li>" for line in secret.lines)
                   + "</ul>")
    out.append("</details>")
    return out


def _footer(report: Report) -> list[str]:
    out = [f"<h2>{'Outcome' if report.over else 'Where it stands'}</h2>",
           '<div class="outcome"><ul>'
           + "".join(f"<li>{_text(line)}</li>" for line in report.outcome) + "</ul></div>"]
    closing = report.closing()
    if closing:
        out.append(f"<p><em>{_text(closing)}</em></p>")
    if report.any_typed:
        out.append('<p class="typed">Some dice were typed in at the table: they replay, '
                   "but nothing can vouch for them.</p>")
    if report.footnotes:
        out.append('<div class="footnotes">'
                   + "".join(f"<p>{_text(line)}</p>" for line in report.footnotes) + "</div>")
    return out
