"""Text in the window: what typing may add to a field, and what a font is given to draw.

Typed text comes from the keyboard, a paste or an input method, and may carry control
characters; drawn text also comes from files (a gladiator's name, a table entry, a
path in an error). pygame's font raises on a NUL, on a lone surrogate (a file name
that was not UTF-8) and on text that renders zero pixels wide, and a raise while
drawing repeats on every later frame. So every font the window uses cleans what it is
given (`SafeFont`), and the text fields take only what `typed` keeps.
"""

from __future__ import annotations

import os
from collections import OrderedDict
from pathlib import Path
from typing import Any

import pygame

from companion.errors import UserError
from companion.files.pathwords import shown_path

REPLACEMENT = "\ufffd"
# Whitespace controls stand for a gap: "a\nb" drawn on one line reads "a b".
_GAPS = {"\n": " ", "\r": " ", "\t": " ", "\v": " ", "\f": " ", "\x85": " "}


def is_control(ch: str) -> bool:
    """Below U+0020, and U+007F to U+009F: the C0 and C1 controls and DEL."""
    code = ord(ch)
    return code < 0x20 or 0x7F <= code <= 0x9F


def _is_surrogate(ch: str) -> bool:
    return 0xD800 <= ord(ch) <= 0xDFFF


def typed(text: str) -> str:
    """What a text field keeps of typed text: no control characters (Enter, Tab and
    Backspace act as keys, never as characters) and no lone surrogates."""
    if text.isprintable():  # the common case, and it has none of either
        return text
    return "".join(ch for ch in text if not is_control(ch) and not _is_surrogate(ch))


def drawable(text: str) -> str:
    """`text` as a font can draw it on one line: whitespace controls become spaces,
    other controls go, a lone surrogate shows as the replacement character."""
    if text.isascii() and text.isprintable():
        return text
    out = []
    for ch in text:
        if is_control(ch):
            gap = _GAPS.get(ch)
            if gap is not None:
                out.append(gap)
        elif _is_surrogate(ch):
            out.append(REPLACEMENT)
        else:
            out.append(ch)
    return "".join(out)


class SafeFont(pygame.font.Font):
    """A font that never raises on what it is asked to draw or measure.

    It also keeps what it drew and measured last: the panels lay out and draw the same
    few dozen texts on every frame, and measuring and rendering them again was most of a
    frame. Nothing changes a font once made (no code sets its bold, italic or size), and
    a drawn text is only ever blitted, never drawn on, so sharing it is safe."""

    RENDERED = 256  # texts kept drawn, the least recently used going first
    MEASURED = 4096  # texts kept measured (a pair of ints each); all go when full

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._rendered: OrderedDict[tuple[Any, ...], pygame.Surface] = OrderedDict()
        self._measured: dict[str, tuple[int, int]] = {}

    def render(self, text: str | bytes | None, antialias: bool, color: Any,
               bgcolor: Any = None, wraplength: int = 0) -> pygame.Surface:
        if isinstance(text, bytes):
            text = text.decode("utf-8", "replace")
        clean = drawable(text or "")
        key = (clean, bool(antialias), _colour_key(color), _colour_key(bgcolor), wraplength)
        drawn = self._rendered.get(key)
        if drawn is not None:
            self._rendered.move_to_end(key)
            return drawn
        try:
            drawn = super().render(clean, antialias, color, bgcolor, wraplength)
        except pygame.error:
            # "Text has zero width": only marks that take no room (a zero-width space,
            # a joiner). pygame draws "" as nothing, which is what they look like.
            drawn = super().render("", antialias, color, bgcolor, wraplength)
        self._rendered[key] = drawn
        if len(self._rendered) > self.RENDERED:
            self._rendered.popitem(last=False)
        return drawn

    def size(self, text: str | bytes, /) -> tuple[int, int]:
        if isinstance(text, bytes):
            text = text.decode("utf-8", "replace")
        measured = self._measured.get(text)
        if measured is None:
            if len(self._measured) >= self.MEASURED:
                self._measured.clear()
            measured = self._measured[text] = super().size(drawable(text))
        return measured


def _colour_key(colour: Any) -> Any:
    """A colour as a dict key: pygame.Color and lists are not hashable, their values are."""
    if colour is None or isinstance(colour, (str, int, tuple)):
        return colour
    return tuple(pygame.Color(colour))


def typed_path(text: str) -> Path:
    """The file a player typed (`~` for the home folder); UserError when it cannot be
    one: `~someone` for an unknown user, a character no file name can hold."""
    text = text.strip()
    if not text:
        raise UserError("type the path of a file")
    if "\x00" in text:
        raise UserError("a file name cannot hold a NUL character")
    try:
        path = Path(text).expanduser()
    except RuntimeError:  # `~name` of a user this computer does not know
        home = text.split("/")[0]
        raise UserError(f"'{shown_path(home)}': no user of that name on this computer, "
                        "whose home folder it would be") from None
    return checked_path(path)


def checked_path(path: Path) -> Path:
    """`path`, or UserError when the system cannot name it (a lone surrogate, which a
    settings file's JSON can hold): opening it would raise, not fail."""
    try:
        os.fsencode(path)
    except UnicodeError:
        raise UserError(f"'{shown_path(path)}' holds characters no file name can hold") \
            from None
    return path


def save_path(text: str) -> Path:
    """The file a player typed to save in: UserError for a folder, or for a file whose
    folder does not exist (a mistyped path must not make folders), or is a file, or a
    name the file system cannot take."""
    from companion.files.atomic import unsaveable
    from companion.files.pathwords import os_problem

    raw = text.strip()
    path = typed_path(raw)
    # os.path's tests, not Path's: they say False where Path's raise (a name too long).
    if raw.endswith(("/", os.sep)) or os.path.isdir(path):
        raise UserError(f"'{shown_path(path)}' is a folder: type the name of a file in it")
    folder = path.parent
    if not os.path.exists(folder):
        raise UserError(f"there is no folder {shown_path(folder)}: type a folder "
                        "that exists (it is not made for you)")
    if not os.path.isdir(folder):
        raise UserError(f"{shown_path(folder)} is a file, not a folder")
    refused = unsaveable(path)
    if refused is not None:
        raise UserError(os_problem(refused))
    return path
