"""The report in forum BBCode: names in [b], the narration in [quote], the rolls as a
[list], and what the system keeps secret in [spoiler=Coaching]."""

from __future__ import annotations

from companion.reports.model import Report, ReportRoll


def roll_line(roll: ReportRoll) -> str:
    return f"[b]{escape(roll.who)}[/b], {escape(roll.text())}"


def render(report: Report) -> str:
    out = [f"[size=150][b]{escape(report.title)}[/b][/size]", f"[i]{escape(report.system)}[/i]",
           ""]
    if report.sheets:
        out.append("[b]The combatants[/b]")
        out.append("[list]")
        for sheet in report.sheets:
            out.append(f"[*][b]{escape(sheet.name)}[/b]: " + "; ".join(map(escape, sheet.lines)))
        out += ["[/list]", ""]
    for turn in report.turns:
        out.append(f"[b][u]{escape(turn.title)}[/u][/b]")
        if turn.lines:
            out += ["[quote]", *map(escape, turn.lines), "[/quote]"]
        if turn.rolls:
            out += ["[i]Rolls[/i]", "[list]", *(f"[*]{roll_line(r)}" for r in turn.rolls),
                    "[/list]"]
        out.append("")
    for secret in report.secrets:
        out += ["[spoiler=Coaching]", f"[b]{escape(secret.name)}[/b]",
                *map(escape, secret.lines), "[/spoiler]", ""]
    out.append("[b]Outcome[/b]" if report.over else "[b]Where it stands[/b]")
    out += ["[list]", *(f"[*]{escape(line)}" for line in report.outcome), "[/list]"]
    closing = report.closing()
    if closing:
        out.append(f"[i]{escape(closing)}[/i]")
    out += [escape(line) for line in report.footnotes]
    return "\n".join(out).rstrip("\n") + "\n"


def escape(text: str) -> str:
    """A bracket in a name or a line never opens a tag: an empty [i][/i] goes after
    each "[", so "[b]" shows as itself on the forum."""
    return text.replace("[", "[[i][/i]")
