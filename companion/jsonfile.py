"""Reading a JSON file a user gave: one message naming the file and the place for
every way it can fail, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from companion.errors import UserError


def read_json(path: Path, error: type[UserError] = UserError, broken: str = "") -> Any:
    """The JSON data in the file; `error` for a missing, unreadable or broken one (with
    `broken` added to the message of a file that is not JSON)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise error(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as err:
        raise error(f"{path}: cannot be read: {err}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise error(f"{path}: line {err.lineno}, column {err.colno}: not valid JSON "
                    f"({err.msg}){broken}") from None


def read_json_object(path: Path, what: str) -> dict[str, Any]:
    """A file that must hold one JSON object (`what` says what it is: "a scenario")."""
    data = read_json(path)
    if not isinstance(data, dict):
        raise UserError(f"{path}: {what} is a JSON object")
    return data
