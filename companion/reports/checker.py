"""`companion-check.html`, the page that checks a verifiable match's dice in a browser
with nothing installed: shipped inside the package (a wheel carries it) and written
beside every exported report of a verifiable match."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

NAME = "companion-check.html"


def page() -> str:
    return resources.files("companion.reports").joinpath(NAME).read_text("utf-8")


def write_beside(report: Path) -> Path:
    """Write the page in the report's folder (again: it may be of an older version)."""
    from companion.files.atomic import atomic_write

    path = report.parent / NAME
    atomic_write(path, page())
    return path
