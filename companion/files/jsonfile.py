"""Reading a JSON file a user gave: one message naming the file and the place for
every way it can fail, never a traceback, and never a write.

Every kind of file has a size limit, checked before anything is read; the text must
be UTF-8 JSON nested at most MAX_DEPTH deep, its numbers within MAX_NUMBER and its
text free of control characters (tabs and line breaks aside); a file of another kind
is named as what it is ("this is a session, not a gladiator sheet").

Kept free of pydantic: the settings are read through here before the window opens.

One long module on purpose: every file the app reads goes through these checks, and
keeping them in one place is what stops a loader from skipping one."""

from __future__ import annotations

import errno
import json
import math
import re
import stat
from collections.abc import Iterator, Mapping, Sequence, Sized
from pathlib import Path

from companion.errors import UserError, json_path
from companion.files.pathwords import os_words, shown_path

# Spelt here, not imported: the tables load without importing `typing` (mypy takes any
# name TYPE_CHECKING as true).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

MB = 1_000_000
MAX_DEPTH = 64  # the built-in tables and real sessions nest 7 deep at most
MAX_NUMBER = 10**15  # any number bigger than this is a mistake in every companion file
_MAX_DIGITS = 16  # more digits than MAX_NUMBER has: refused before int() reads them
SHOWN = 40  # characters of a value quoted in a message


class FileKind:
    """What a file is meant to be: how messages name it, the "format" its envelope
    carries (None: a file without one) and the most bytes it may hold. (A plain class,
    not a dataclass or a NamedTuple: the tables load without importing `dataclasses`
    or `typing`.)"""

    __slots__ = ("format", "limit", "name", "refuses_others")

    def __init__(self, name: str, limit: int, format: str | None = None,
                 refuses_others: bool = True) -> None:
        self.name, self.limit, self.format = name, limit, format
        self.refuses_others = refuses_others  # False: any kind of file is welcome (`check`)

    def _fields(self) -> tuple[str, int, str | None, bool]:
        return self.name, self.limit, self.format, self.refuses_others

    def __eq__(self, other: object) -> bool:
        return isinstance(other, FileKind) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return f"FileKind{self._fields()!r}"


# Generous: a long bout's session is a few hundred KB (eight gladiators fought out on
# the largest board: 92 KB), the largest built-in table 42 KB, a sheet or a kit 1 KB.
SESSION = FileKind("a session", 20 * MB, "companion-session")
SHEET = FileKind("a gladiator sheet", 1 * MB, "companion-gladiator")
KIT = FileKind("a kit", 1 * MB, "companion-kit")
TABLE = FileKind("a rules table", 2 * MB)
SETTINGS = FileKind("the settings", 1 * MB)
SCENARIO = FileKind("a scenario", 1 * MB)
OTHER = FileKind("a JSON file", 1 * MB, refuses_others=False)
KINDS = (SESSION, SHEET, KIT, TABLE, SETTINGS, SCENARIO)


class JsonFileError(UserError):
    """A file that cannot be read as what it should be: `where` is the place (a line
    and column, or a field; empty for the whole file), `what` what is wrong there."""

    def __init__(self, path: Path, where: str, what: str) -> None:
        shown = shown_path(path)
        super().__init__(f"{shown}: {where}: {what}" if where else f"{shown}: {what}")
        self.path, self.where, self.what = Path(path), where, what


class FolderError(JsonFileError):
    """A folder given where a file of some kind should be: said as a sentence ("'/' is
    a folder, not a session"), the path being the whole of the mistake."""

    def __init__(self, path: Path, kind: FileKind) -> None:
        super().__init__(path, "", f"this is a folder, not {kind.name}")
        self.args = (f"'{shown_path(path)}' is a folder, not {kind.name}",)


def read_json(path: Path, error: type[UserError] = UserError, broken: str = "", *,
              kind: FileKind = OTHER) -> Any:
    """The JSON data in the file, checked as `read_file` does; `error` carries the
    message (with `broken` added when the file is not valid JSON)."""
    try:
        return read_file(path, kind, broken)
    except JsonFileError as err:
        raise error(str(err)) from None


def read_json_object(path: Path, what: str) -> dict[str, Any]:
    """A file that must hold one JSON object (`what` says what it is: "a scenario")."""
    kind = next((k for k in KINDS if k.name == what), FileKind(what, OTHER.limit))
    data = read_json(path, kind=kind)
    if not isinstance(data, dict):
        raise UserError(f"{path}: {what} is a JSON object, not {describe(data)}")
    return data


def read_file(path: Path, kind: FileKind = OTHER, broken: str = "") -> Any:
    """The data of a file of `kind`; JsonFileError naming the place of any problem."""
    path = Path(path)
    return parse_json(path, _decode(path, _read_bytes(path, kind)), kind, broken)


def read_bytes(path: Path, kind: FileKind = OTHER) -> bytes:
    """The bytes of a file of `kind`, read as `read_file` reads them (never past its
    size limit); JsonFileError when it cannot be."""
    return _read_bytes(Path(path), kind)


def parse_bytes(path: Path, raw: bytes, kind: FileKind = OTHER) -> Any:
    """The data of bytes `read_bytes` gave, checked as `read_file` checks them."""
    return parse_json(path, _decode(path, raw), kind)


def parse_json(path: Path, text: str, kind: FileKind = OTHER, broken: str = "") -> Any:
    """The data of the text of a file of `kind` (`path` names it in messages), checked
    as `read_file` checks it, the size aside."""
    data = _parse(path, text, broken)
    _check_nesting(path, text, data)
    _check_text(path, text, data)
    check_kind(path, data, kind)
    return data


# --- the steps --------------------------------------------------------------------------
def check_file(path: Path, kind: FileKind = OTHER) -> int:
    """The size of the plain file at `path`; JsonFileError saying what is there
    instead (nothing, a folder, a device) or why the system cannot tell (the name is
    too long, a loop of links, no permission)."""
    path = Path(path)
    try:
        info = path.stat()
    except (FileNotFoundError, NotADirectoryError):
        raise JsonFileError(path, "", "no such file") from None
    except (OSError, ValueError) as err:
        raise JsonFileError(path, "", _cannot(err)) from None
    if stat.S_ISDIR(info.st_mode):
        raise FolderError(path, kind)
    if not stat.S_ISREG(info.st_mode):
        raise JsonFileError(path, "", "not a plain file (a device or a pipe)")
    return info.st_size


def _read_bytes(path: Path, kind: FileKind) -> bytes:
    # The size is looked at before reading, and no more than the limit is ever read:
    # a huge file (or one growing as it is read) costs nothing.
    size = check_file(path, kind)
    if size > kind.limit:
        raise JsonFileError(path, "", _too_large(size, kind))
    try:
        with path.open("rb") as file:
            raw = file.read(kind.limit + 1)
    except OSError as err:
        raise JsonFileError(path, "", _cannot(err)) from None
    if len(raw) > kind.limit:
        raise JsonFileError(path, "", _too_large(len(raw), kind, more=True))
    return raw


def _too_large(size: int, kind: FileKind, more: bool = False) -> str:
    shown, most = _size(size), _size(kind.limit)
    if shown == most and not more:  # just over the limit, rounded they would read alike
        shown, most = f"{size:,} bytes", f"{kind.limit:,} bytes"
    return (f"{'more than ' if more else ''}{shown} is too large (at most {most} for "
            f"{kind.name})")


def _size(n: int) -> str:
    if n >= 1000 * MB:
        return f"{n / (1000 * MB):.1f} GB".replace(".0 GB", " GB")
    if n >= MB:
        return f"{n / MB:.1f} MB".replace(".0 MB", " MB")
    return f"{n / 1000:.1f} KB".replace(".0 KB", " KB") if n >= 1000 else f"{n} bytes"


def _cannot(err: Exception) -> str:
    """Why a file cannot be read: what is wrong with its name, or what the system says
    of reading it."""
    words = os_words(err)
    return words if isinstance(err, ValueError) or getattr(err, "errno", None) in _NAMING \
        else f"cannot be read ({words})"


# Errors that say what is wrong with the path itself, not with reading the file.
_NAMING = (errno.ENAMETOOLONG, errno.ELOOP)


def decode_text(path: Path, raw: bytes) -> str:
    """The text of bytes `read_bytes` gave: UTF-8, a byte-order mark dropped."""
    return _decode(path, raw)


def _decode(path: Path, raw: bytes) -> str:
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]  # a byte-order mark, as some Windows editors write
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:
        before = raw[: err.start].decode("utf-8", errors="replace")
        line = before.count("\n") + 1
        column = len(before) - (before.rfind("\n") + 1) + 1
        raise JsonFileError(path, f"line {line}, column {column}",
                            f"not UTF-8 text (byte 0x{raw[err.start]:02x}); save the file "
                            "as UTF-8") from None


class _BadNumber(Exception):
    def __init__(self, literal: str) -> None:
        super().__init__(literal)
        self.literal = literal


def _int(literal: str) -> int:
    # The digits are counted before int() sees them: Python refuses more than 4300.
    if len(literal.lstrip("-")) > _MAX_DIGITS:
        raise _BadNumber(literal)
    value = int(literal)
    if abs(value) > MAX_NUMBER:
        raise _BadNumber(literal)
    return value


def _float(literal: str) -> float:
    value = float(literal)
    if not math.isfinite(value) or abs(value) > MAX_NUMBER:
        raise _BadNumber(literal)
    return value


def _constant(literal: str) -> float:
    raise _BadNumber(literal)  # NaN, Infinity and -Infinity are not JSON


def _parse(path: Path, text: str, broken: str) -> Any:
    if not text.strip():
        raise JsonFileError(path, "line 1, column 1", "the file is empty")
    try:
        return json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except json.JSONDecodeError as err:
        raise JsonFileError(path, f"line {err.lineno}, column {err.colno}",
                            f"not valid JSON ({err.msg}){broken}") from None
    except RecursionError:
        raise JsonFileError(path, _place(text, _too_deep_at(text)), _TOO_DEEP) from None
    except _BadNumber as bad:
        raise JsonFileError(path, _place(text, _number_at(text, bad.literal)),
                            _bad_number(bad.literal)) from None


def _bad_number(literal: str) -> str:
    if literal in ("NaN", "Infinity", "-Infinity"):
        return f"{literal} is not a number JSON allows"
    digits = literal.lstrip("-")
    number = (f"the number {literal}" if len(literal) <= 20
              else f"a number of {len(digits)} digits" if digits.isdigit()
              else f"the number {literal[:17]}...")
    return f"{number} is too large (numbers here are at most {MAX_NUMBER:,} either way)"


_TOO_DEEP = f"nested too deep (at most {MAX_DEPTH} levels of lists and objects)"

# Patterns, not compiled ones: `re` compiles each the first time it is used (and keeps
# it), which spares every start that reads no file needing it a few milliseconds.
# A JSON string (escapes included), an opening or closing bracket, or a number.
_TOKEN = (r'"(?:[^"\\]|\\.)*"|[\[{]|[\]}]|-?(?:\d+\.?\d*(?:[eE][-+]?\d+)?)'
          r"|NaN|-?Infinity")


def _too_deep_at(text: str) -> int:
    """Where the first list or object deeper than MAX_DEPTH opens."""
    depth = 0
    for token in re.finditer(_TOKEN, text):
        first = token.group()[0]
        if first in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return token.start()
        elif first in "]}":
            depth -= 1
    return 0


def _number_at(text: str, literal: str) -> int:
    for token in re.finditer(_TOKEN, text):
        if token.group() == literal:
            return token.start()
    return 0


def _place(text: str, offset: int) -> str:
    line = text.count("\n", 0, offset) + 1
    return f"line {line}, column {offset - (text.rfind(chr(10), 0, offset) + 1) + 1}"


def _check_nesting(path: Path, text: str, data: Any) -> None:
    # json.loads only stops at its recursion limit (about 1000 levels); everything that
    # later walks the data recursively (copies, pydantic, saving) needs far less.
    level: list[Any] = [data]
    for _ in range(MAX_DEPTH):
        level = [child for node in level if isinstance(node, dict | list)
                 for child in (node.values() if isinstance(node, dict) else node)
                 if isinstance(child, dict | list)]
        if not level:
            return
    raise JsonFileError(path, _place(text, _too_deep_at(text)), _TOO_DEEP)


# Control characters (tab, line feed and carriage return aside) and halves of UTF-16
# pairs: the window cannot draw a NUL, a terminal obeys escapes, no file holds them.
_BAD_CHAR = "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]"
_CONTROL = "[\x00-\x1f\x7f-\x9f\ud800-\udfff]"


# What a text must hold for _BAD_CHAR to be found in its data: such a character
# itself (JSON refuses raw control characters below U+0020) or its escape.
_RAW_BAD = "[\x7f-\x9f]"
_ESCAPED_BAD = r"\\u(?:00[0189]|007[fF]|[dD][89a-fA-F])"
_ESCAPED_SPACE = r"\\[tnr]"


def _check_text(path: Path, text: str, data: Any) -> None:
    # Searching the text first spares nearly every file the walk through its strings
    # (a field name with a tab or line break in it must hold its escape).
    raw = "\x7f" in text or (not text.isascii() and re.search(_RAW_BAD, text))
    escaped = "\\" in text and (re.search(_ESCAPED_BAD, text) or re.search(_ESCAPED_SPACE, text))
    if not raw and not escaped:
        return
    for loc, value, is_key in _texts(data, ()):
        # A field name is never more than a word: not even a tab or a line break
        # (messages quote field names, each on one line).
        found = re.search(_CONTROL if is_key else _BAD_CHAR, value)
        if found:
            what = "a field name holds" if is_key else "the text holds"
            raise JsonFileError(path, place(loc), f"{what} {_char(found.group())}")


def check_one_line(path: Path, data: Any, loc: tuple[Any, ...] = ()) -> None:
    """Refuse a tab or line break anywhere in the text of `data` (`loc`: where it is in
    the file): for what a program wrote, which messages quote (a session's actions)."""
    for at, value, _ in _texts(data, loc):
        found = re.search(_CONTROL, value)
        if found:
            raise JsonFileError(path, place(at), f"the text holds {_char(found.group())}")


def _texts(data: Any, loc: tuple[Any, ...]) -> Iterator[tuple[tuple[Any, ...], str, bool]]:
    """Every string of the data with its place, and whether it is a field name; without
    recursion, as the data may be as deep as the reader allows."""
    stack: list[tuple[Any, tuple[Any, ...]]] = [(data, loc)]
    while stack:
        node, at = stack.pop()
        if isinstance(node, str):
            yield at, node, False
        elif isinstance(node, dict):
            for key, value in node.items():
                yield at, key, True
                stack.append((value, (*at, key)))
        elif isinstance(node, list):
            stack.extend((value, (*at, i)) for i, value in enumerate(node))


_SPACES = {"\n": "a line break", "\t": "a tab", "\r": "a carriage return"}


def _char(char: str) -> str:
    code = ord(char)
    if char in _SPACES:
        return _SPACES[char]
    if 0xD800 <= code <= 0xDFFF:
        return f"half of a character pair (\\u{code:04x}), which is not text"
    return f"a control character (U+{code:04X})"


def check_name(value: str) -> str:
    """A name for a pydantic validator: one line of text without control characters
    (a name is drawn in the window and printed in one-line messages)."""
    found = re.search(_CONTROL, value)
    if found:
        raise ValueError(f"a name is one line of text; this one holds {_char(found.group())}")
    return value


# --- kinds of file ----------------------------------------------------------------------
def kind_of(data: Any) -> FileKind | None:
    """The kind of companion file the data looks like, by its envelope."""
    if not isinstance(data, dict):
        return None
    form = data.get("format")
    for kind in KINDS:
        if kind.format is not None and form == kind.format:
            return kind
    if form is not None:
        return None
    keys = set(data)
    if {"id", "kind", "entries"} <= keys:
        return TABLE
    if "gladiators" in keys and "journal" not in keys:
        return SCENARIO
    if keys and keys <= {"ui_scale", "recent_files"}:
        return SETTINGS
    return None


def check_kind(path: Path, data: Any, kind: FileKind) -> None:
    """Refuse a companion file of another kind, saying what it is; refuse an envelope
    whose "format" is none of ours."""
    if not kind.refuses_others:
        return
    found = kind_of(data)
    # A kind of file of its own (a setup) refuses only the files with an envelope.
    ours = kind in KINDS or (found is not None and (found.format or found == TABLE))
    if found is not None and found != kind and ours:
        raise JsonFileError(path, "", f"this is {found.name}, not {kind.name}")
    if kind.format is not None and isinstance(data, dict) and "format" in data \
            and data["format"] != kind.format:
        raise JsonFileError(path, "format", f"not {kind.name} ({shown(data['format'])})")


# --- words for messages -----------------------------------------------------------------
def shown(value: Any) -> str:
    """A value of a file as a message quotes it: short, on one line."""
    if isinstance(value, str):
        text = "".join(c if c.isprintable() else f"\\u{ord(c):04x}" for c in value[:SHOWN])
        return f"'{text}{'...' if len(value) > SHOWN else ''}'"
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, int | float) and len(text := str(value)) <= SHOWN:
        return text
    return describe(value)


def describe(value: Any) -> str:
    """What sort of JSON value it is: "a list", "text", "a number"."""
    if isinstance(value, bool):
        return "true or false"
    if value is None:
        return "null"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, Mapping):
        return "an object"
    if isinstance(value, Sequence):
        return "a list"
    return "something else"


def place(loc: Sequence[Any]) -> str:
    """A place in a file (`entries[3].damage`), its field names cut short and made
    printable: they come from the file."""
    return json_path([part if isinstance(part, int) else shown(str(part))[1:-1]
                      for part in loc if part != "[key]"])  # pydantic's mark of a key


_TYPES = {"int_parsing": "a whole number", "int_type": "a whole number",
          "int_from_float": "a whole number", "string_type": "text",
          "bool_type": "true or false", "bool_parsing": "true or false",
          "dict_type": "an object", "model_type": "an object", "list_type": "a list",
          "float_type": "a number", "float_parsing": "a number"}


def problem(error: Mapping[str, Any]) -> str:
    """What one pydantic error says, in words a player reads (with the bound, and the
    value it was given, for a number or text out of bounds)."""
    kind, ctx, given = error.get("type"), error.get("ctx") or {}, error.get("input")
    if kind == "less_than_equal":
        return f"at most {ctx.get('le')} (not {shown(given)})"
    if kind == "greater_than_equal":
        return f"at least {ctx.get('ge')} (not {shown(given)})"
    if kind == "string_too_long":
        return f"at most {ctx.get('max_length')} characters (this has {len(str(given))})"
    if kind == "too_long":
        count = len(given) if isinstance(given, Sized) else ctx.get("actual_length")
        return f"at most {ctx.get('max_length')} items (this has {count})"
    if kind in _TYPES:
        return f"must be {_TYPES[str(kind)]} (not {shown(given)})"
    if kind == "extra_forbidden":
        return "unknown field"
    if kind == "missing":
        return "missing: a required field"
    if kind == "union_tag_invalid":
        return (f"{ctx.get('discriminator')}: {shown(ctx.get('tag'))} is none of "
                f"{ctx.get('expected_tags')}").replace("'type'", "type")
    text = str(error.get("msg", "")).removeprefix("Value error, ")
    if text.startswith("Input should be "):
        text = "must be " + text.removeprefix("Input should be ")
    # Messages quote the file; each stays on one line.
    return re.sub(_CONTROL, lambda c: f"\\u{ord(c.group()):04x}", text)
