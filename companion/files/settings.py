"""The user's settings (UI scale, recent files), kept in the user's config folder.

Plain JSON, read through the one reader (which loads nothing heavy: the window opens
before the rest of the machinery). A broken file gives the defaults, never an error.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from companion import paths
from companion.errors import UserError
from companion.files.atomic import atomic_write
from companion.files.jsonfile import SETTINGS, check_name, read_file

UI_SCALES = (1.0, 1.5, 2.0)
MAX_RECENT = 8
MAX_WINDOW = 16384  # pixels a side: larger than any display
MAX_PATH = 4096  # characters of a recent file's path (Linux's own limit)


class Settings:
    """The settings, never changed once made: each `with_...` gives new ones. (A plain
    class, not a frozen dataclass, which costs every start ~1 ms to make.)"""

    __slots__ = ("player_fullscreen", "player_odds", "player_place", "player_scale",
                 "recent_files", "ui_scale", "window_size")

    def __init__(self, ui_scale: float = 1.0, recent_files: list[str] | None = None,
                 window_size: tuple[int, int] | None = None,
                 player_place: tuple[int, int, int, int, int] | None = None,
                 player_scale: float = 1.0, player_odds: bool = False,
                 player_fullscreen: bool = False) -> None:
        put = object.__setattr__
        put(self, "ui_scale", ui_scale)
        put(self, "recent_files", [] if recent_files is None else recent_files)
        put(self, "window_size", window_size)  # the window's last size, when it closed
        # The player's window: where it was last (display, x and y from that display's
        # top left, width, height: in full screen, where it stood before), its own UI
        # scale, whether it shows the odds, and whether it was in full screen.
        put(self, "player_place", player_place)
        put(self, "player_scale", player_scale)
        put(self, "player_odds", player_odds)
        put(self, "player_fullscreen", player_fullscreen)

    # What the slots hold, for the type checker.
    ui_scale: float
    recent_files: list[str]
    window_size: tuple[int, int] | None
    player_place: tuple[int, int, int, int, int] | None
    player_scale: float
    player_odds: bool
    player_fullscreen: bool

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"settings are not changed in place: with_... makes new ones "
                             f"({name})")

    def _fields(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__slots__}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Settings) and self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]  # a list inside, as the dataclass had

    def __repr__(self) -> str:
        return "Settings(" + ", ".join(f"{k}={v!r}" for k, v in self._fields().items()) + ")"

    def __reduce__(self) -> tuple[type[Settings], tuple[Any, ...]]:
        # Copies and pickles are made through __init__, __setattr__ refusing them.
        return Settings, (self.ui_scale, self.recent_files, self.window_size,
                          self.player_place, self.player_scale, self.player_odds,
                          self.player_fullscreen)

    def _with(self, **changes: Any) -> Settings:
        return Settings(**{**self._fields(), **changes})

    def with_window_size(self, size: tuple[int, int]) -> Settings:
        return self._with(window_size=(int(size[0]), int(size[1])))

    def with_player_place(self, place: tuple[int, int, int, int, int]) -> Settings:
        display, x, y, width, height = (int(n) for n in place)
        return self._with(player_place=(display, x, y, width, height))

    def next_player_scale(self) -> Settings:
        i = UI_SCALES.index(self.player_scale) if self.player_scale in UI_SCALES else -1
        return self._with(player_scale=UI_SCALES[(i + 1) % len(UI_SCALES)])

    def with_player_odds(self, shown: bool) -> Settings:
        return self._with(player_odds=bool(shown))

    def with_player_fullscreen(self, full: bool) -> Settings:
        return self._with(player_fullscreen=bool(full))

    def with_recent(self, path: Path) -> Settings:
        name = str(Path(path).resolve())
        recent = [name] + [p for p in self.recent_files if p != name]
        return self._with(recent_files=recent[:MAX_RECENT])

    def next_scale(self) -> Settings:
        i = UI_SCALES.index(self.ui_scale) if self.ui_scale in UI_SCALES else -1
        return self._with(ui_scale=UI_SCALES[(i + 1) % len(UI_SCALES)])

    def to_json(self) -> str:
        data: dict[str, object] = {"ui_scale": self.ui_scale, "recent_files": self.recent_files}
        if self.window_size is not None:
            data["window_size"] = list(self.window_size)
        if self.player_place is not None:
            data["player_place"] = list(self.player_place)
        data["player_scale"] = self.player_scale
        data["player_odds"] = self.player_odds
        data["player_fullscreen"] = self.player_fullscreen
        return json.dumps(data, indent=1)


def settings_path() -> Path:
    return paths.user_config_dir() / "settings.json"


def load_settings(path: Path | None = None) -> Settings:
    """The saved settings; defaults for anything missing or broken (a broken file is
    left as it is until the next save replaces it)."""
    path = settings_path() if path is None else path
    try:
        data = read_file(path, SETTINGS)
    except UserError:
        return Settings()
    if not isinstance(data, dict):
        return Settings()
    recent = data.get("recent_files", [])
    if not isinstance(recent, list):
        recent = []
    odds = data.get("player_odds", False)
    full = data.get("player_fullscreen", False)
    return Settings(ui_scale=_scale(data.get("ui_scale")),
                    recent_files=[r for r in recent if _usable_path(r)][:MAX_RECENT],
                    window_size=_window_size(data.get("window_size")),
                    player_place=_player_place(data.get("player_place")),
                    player_scale=_scale(data.get("player_scale")),
                    player_odds=odds if isinstance(odds, bool) else False,
                    player_fullscreen=full if isinstance(full, bool) else False)


def _scale(entry: object) -> float:
    """One of UI_SCALES; 1.0 for anything else."""
    # True == 1.0 in Python: a flag is not a scale.
    if isinstance(entry, bool) or not isinstance(entry, int | float) or entry not in UI_SCALES:
        return 1.0
    return float(entry)


def _player_place(entry: object) -> tuple[int, int, int, int, int] | None:
    """A display's number (0 to 63), a place on it and a size, in whole pixels (the
    place may be off the display's top left, never by more than MAX_WINDOW); None for
    anything else."""
    if not isinstance(entry, list) or len(entry) != 5:
        return None
    if not all(isinstance(n, int) and not isinstance(n, bool) for n in entry):
        return None
    display, x, y, width, height = entry
    if not 0 <= display < 64 or not all(abs(n) <= MAX_WINDOW for n in (x, y)):
        return None
    if _window_size([width, height]) is None:
        return None
    return display, x, y, width, height


def _window_size(entry: object) -> tuple[int, int] | None:
    """Two whole numbers of pixels, each 1 to MAX_WINDOW; None for anything else."""
    if not isinstance(entry, list) or len(entry) != 2:
        return None
    if not all(isinstance(n, int) and not isinstance(n, bool) and 0 < n <= MAX_WINDOW
               for n in entry):
        return None
    return entry[0], entry[1]


def _usable_path(entry: object) -> bool:
    """A recent file's path the start screen can show as a button and open."""
    if not isinstance(entry, str) or not 0 < len(entry) <= MAX_PATH:
        return False
    try:
        check_name(entry)
    except ValueError:
        return False
    return True


def save_settings(settings: Settings, path: Path | None = None) -> None:
    atomic_write(settings_path() if path is None else path, settings.to_json())
