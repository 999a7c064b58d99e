"""The report for Discord: Markdown, the secrets in ||spoilers||, cut into messages of
at most 2,000 characters (Discord's limit) at turn boundaries. A turn too long for one
message is cut between its lines; a spoiler or a roll is never cut."""

from __future__ import annotations

from companion.reports.markdown import escape
from companion.reports.model import Report, ReportRoll

LIMIT = 2000
# A part that is never cut: one line, a roll, or one spoiler.
Part = str


def roll_line(roll: ReportRoll) -> str:
    return f"- **{escape(roll.who)}**, {escape(roll.text())}"


def messages(report: Report) -> list[str]:
    """The report as Discord messages, in order, each at most LIMIT characters."""
    out: list[str] = []
    for block in _blocks(report):
        _pack(block, out)
    return out


def render(report: Report) -> str:
    """The messages one after another, a blank line apart (for a file)."""
    return "\n\n".join(messages(report)) + "\n"


def _blocks(report: Report) -> list[list[Part]]:
    """The report as blocks (the header, each turn, the secrets, the outcome), each a
    list of parts that are never cut."""
    head: list[Part] = [f"# {escape(report.title)}", f"*{escape(report.system)}*"]
    for sheet in report.sheets:
        head.append(f"**{escape(sheet.name)}**: " + "; ".join(map(escape, sheet.lines)))
    blocks = [head]
    for turn in report.turns:
        block: list[Part] = [f"## {escape(turn.title)}"]
        block += [f"> {escape(line)}" for line in turn.lines]
        block += [roll_line(r) for r in turn.rolls]
        blocks.append(block)
    if report.secrets:
        secret: list[Part] = ["## Coaching (kept secret until now)"]
        for s in report.secrets:
            secret += _spoilers(f"**{escape(s.name)}**", [escape(line) for line in s.lines])
        blocks.append(secret)
    end: list[Part] = ["## Outcome" if report.over else "## Where it stands"]
    end += [f"- {escape(line)}" for line in report.outcome]
    closing = report.closing()
    if closing:
        end.append(f"*{escape(closing)}*")
    end += [escape(line) for line in report.footnotes]
    blocks.append(end)
    return blocks


def _spoilers(name: str, lines: list[str]) -> list[Part]:
    """One spoiler of a man's secret lines, or several (each whole) when one would not
    fit a message."""
    parts: list[Part] = []
    chunk: list[str] = []
    for line in lines:
        if chunk and len(_spoiler(name, [*chunk, line])) > LIMIT:
            parts.append(_spoiler(name, chunk))
            chunk = []
        chunk.append(line)
    if chunk:
        parts.append(_spoiler(name, chunk))
    return parts


def _spoiler(name: str, lines: list[str]) -> str:
    return f"{name}: ||" + "\n".join(lines) + "||"


def _pack(block: list[Part], out: list[str]) -> None:
    """Put a block in the last message if it fits whole, else begin a new one; a
    block longer than a message fills messages part by part."""
    text = "\n".join(block)
    if out and len(out[-1]) + 2 + len(text) <= LIMIT:
        out[-1] += "\n\n" + text
        return
    if len(text) <= LIMIT:
        out.append(text)
        return
    current = ""
    for part in block:
        for piece in _fit(part):
            if current and len(current) + 1 + len(piece) > LIMIT:
                out.append(current)
                current = ""
            current = f"{current}\n{piece}" if current else piece
    if current:
        out.append(current)


def _fit(part: Part) -> list[str]:
    """A part too long for any message (a line of thousands of characters) cut at
    spaces; nothing the rules write is so long, but a name typed in could be."""
    if len(part) <= LIMIT:
        return [part]
    pieces, line = [], ""
    for word in part.split(" "):
        while len(word) > LIMIT:
            if line:
                pieces.append(line)
                line = ""
            pieces.append(word[:LIMIT])
            word = word[LIMIT:]
        if line and len(line) + 1 + len(word) > LIMIT:
            pieces.append(line)
            line = ""
        line = f"{line} {word}" if line else word
    if line:
        pieces.append(line)
    return pieces
