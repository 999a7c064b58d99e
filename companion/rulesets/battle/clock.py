"""Times as the battle reads them: the ISO times actions carry in "now"."""

from __future__ import annotations

from datetime import datetime

from companion.errors import UserError


def parse_time(text: str) -> datetime:
    try:
        return datetime.fromisoformat(text)
    except ValueError:
        shown = " ".join(text.split())[:40]  # a message stays on one line
        raise UserError(f"'{shown}' is not an ISO time like 2025-03-01T20:15:00") from None
