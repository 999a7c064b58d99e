"""The report in Markdown: headings, names in bold, the rolls as lists."""

from __future__ import annotations

import re

from companion.reports.model import Report, ReportRoll


def roll_line(roll: ReportRoll) -> str:
    return f"**{escape(roll.who)}**, {escape(roll.text())}"


def render(report: Report) -> str:
    out = [f"# {escape(report.title)}", "", f"*{escape(report.system)}*", ""]
    if report.sheets:
        out += ["## The combatants", ""]
        for sheet in report.sheets:
            out.append(f"- **{escape(sheet.name)}**")
            out += [f"  - {escape(line)}" for line in sheet.lines]
        out.append("")
    for turn in report.turns:
        out += [f"## {escape(turn.title)}", ""]
        out += [f"{escape(line)}  " for line in turn.lines]
        if turn.rolls:
            out += ["", "Rolls:", ""]
            out += [f"- {roll_line(r)}" for r in turn.rolls]
        out.append("")
    if report.secrets:
        out += ["## Coaching (kept secret until now)", ""]
        for secret in report.secrets:
            out.append(f"- **{escape(secret.name)}**")
            out += [f"  - {escape(line)}" for line in secret.lines]
        out.append("")
    out += _footer(report)
    return "\n".join(out).rstrip("\n") + "\n"


def _footer(report: Report) -> list[str]:
    out = ["## Outcome" if report.over else "## Where it stands", ""]
    out += [f"- {escape(line)}" for line in report.outcome]
    closing = report.closing()
    if closing:
        out += ["", f"*{escape(closing)}*"]
    if report.footnotes:
        out += [""] + [f"{escape(line)}  " for line in report.footnotes]
    return out


_SPECIAL = "\\`*_[]<>|#~"
# What makes a line a list item or a heading where it begins: "- ", "+ ", "1. ".
_LEADING = re.compile(r"^\s*(?:[-+=]|\d+[.)])")


def escape(text: str) -> str:
    """Text shown as itself, never as Markdown: a name with a star, a narrator's line
    that begins with a dash (which would make it a list item)."""
    out = "".join("\\" + c if c in _SPECIAL else c for c in text)
    head = _LEADING.match(out)
    if head:
        out = out[:head.end() - 1] + "\\" + out[head.end() - 1:]
    return out
