"""The app's Export: a report of the session in a format the player chooses, always
written to a file (beside the session's file, or in the reports folder of the user's
data folder while the session is unsaved) and, for the text formats, copied to the
clipboard where the system allows it. The HTML page is a file only: it carries
pictures, which no clipboard pastes into a forum post."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pygame

from companion import paths
from companion.files.atomic import atomic_write
from companion.reports import html
from companion.reports.build import build_report
from companion.reports.formats import FORMATS
from companion.reports.moments import DEFAULT, Moment, parse_moments
from companion.session.session import Session

# What the player reads for each format; one not named here shows its name, capitalised.
FORMAT_WORDS = {"markdown": "Markdown", "bbcode": "Forum BBCode", "discord": "Discord",
                "html": "HTML page, with pictures"}
SUFFIXES = {"markdown": ".md", "bbcode": ".bbcode.txt", "discord": ".discord.txt",
            "html": ".html"}
FILE_ONLY = frozenset({"html"})


@dataclass(frozen=True)
class Exported:
    path: Path
    copied: bool  # the text is on the clipboard too

    def words(self, fmt: str) -> str:
        # The file's name before its folder: a status bar short of room cuts the end.
        what = format_words(fmt)
        where = f"{self.path.name} in {self.path.parent}"
        if self.copied:
            return f"{what} report copied to the clipboard and written as {where}"
        if fmt in FILE_ONLY:
            return f"report written as {where} (a file only: it carries pictures)"
        return f"{what} report written as {where} (no clipboard here)"


def format_words(fmt: str) -> str:
    return FORMAT_WORDS.get(fmt, fmt.replace("_", " ").capitalize())


def report_text(session: Session, fmt: str, moments: Sequence[Moment] | None = None) -> str:
    """The report in `fmt`; an HTML page with the pictures of `moments` (the start and
    the end unless told)."""
    report = build_report(session)
    if fmt == "html":
        from companion.ui.reports.pictures import pictures

        chosen = parse_moments(DEFAULT) if moments is None else moments
        return html.render(report, pictures(session, chosen))
    return FORMATS[fmt](report)


def report_path(fmt: str, save_path: Path | None, unsaved_name: str) -> Path:
    """Beside the session's file ("bout.json" gives "bout.md"); while it is unsaved,
    `unsaved_name` in the reports folder of the user's data folder."""
    suffix = SUFFIXES.get(fmt, f".{fmt}.txt")
    if save_path is not None:
        return save_path.with_name(save_path.stem + suffix)
    return reports_dir() / (unsaved_name + suffix)


def reports_dir() -> Path:
    return paths.user_data_dir() / "reports"


def export(session: Session, fmt: str, save_path: Path | None, unsaved_name: str) -> Exported:
    """Write the report (OSError when it cannot be written) and copy it where allowed."""
    text = report_text(session, fmt)
    path = report_path(fmt, save_path, unsaved_name)
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(path, text)
    copied = fmt not in FILE_ONLY and to_clipboard(text)
    return Exported(path, copied)


def to_clipboard(text: str) -> bool:
    """Put text on the clipboard; False where the system does not allow it (no
    clipboard under the dummy video driver, none before a window exists)."""
    with contextlib.suppress(pygame.error, AttributeError):
        pygame.scrap.put_text(text)
        return True
    return False
