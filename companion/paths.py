"""Where the built-in data lives, and the user's own folders.

Built-in tables and assets sit at the top of the repository (`tables/`, `assets/`);
a wheel carries them inside the package as `companion/_builtin/`. Both layouts are
looked up, the wheel's first.
"""

from __future__ import annotations

import os
import posixpath
import sys
from pathlib import Path

APP_DIR_NAME = "companion"
_PACKAGE_DIR = Path(__file__).resolve().parent
# The XDG base directories a plain Linux desktop uses, and where each defaults to.
_XDG_HOMES = {"data": ("XDG_DATA_HOME", "~/.local/share"),
              "config": ("XDG_CONFIG_HOME", "~/.config"),
              "cache": ("XDG_CACHE_HOME", "~/.cache"),
              "state": ("XDG_STATE_HOME", "~/.local/state")}


def _builtin(name: str) -> Path:
    for candidate in (_PACKAGE_DIR / "_builtin" / name, _PACKAGE_DIR.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"companion's built-in '{name}' folder is missing from the install")


def json_files(folder: Path) -> list[Path]:
    """The folder's `*.json`, sorted, as `sorted(folder.glob("*.json"))` gives them (none
    for a folder that is not there), without the pattern: compiling glob's patterns
    cost a start ~1 ms each."""
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    windows = sys.platform == "win32"  # where glob ignores case
    return sorted(folder / name for name in names
                  if (name.lower() if windows else name).endswith(".json"))


def builtin_tables_dir() -> Path:
    return _builtin("tables")


def assets_dir() -> Path:
    return _builtin("assets")


def icon_path(size: int) -> Path:
    """The app's icon, `size` pixels square (16, 32, 48, 64, 128 or 256): drawn by
    tools/icon.py."""
    return assets_dir() / "icons" / f"companion-{size}.png"


def font_path(bold: bool = False) -> Path:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return assets_dir() / "fonts" / name


def _xdg_dir(kind: str, environ: dict[str, str] | os._Environ[str] | None = None,
             platform: str | None = None) -> str | None:
    """The user's folder of `kind` as platformdirs finds it on a plain Linux desktop
    (an absolute $XDG_..._HOME, else its default under an absolute $HOME), or None
    wherever it is any less plain. Importing platformdirs costs a start a few
    milliseconds (it brings tempfile, shutil and random); everything else (macOS,
    Windows, Android, no usable HOME) asks platformdirs itself. The tests check that
    both agree."""
    env = os.environ if environ is None else environ
    if (sys.platform if platform is None else platform) != "linux" \
            or "ANDROID_DATA" in env or "ANDROID_ROOT" in env:
        return None
    variable, default = _XDG_HOMES[kind]
    base = env.get(variable, "")
    if not posixpath.isabs(base):  # unset, empty or relative: the spec says ignore it
        home = env.get("HOME", "")
        if not posixpath.isabs(home):
            return None
        base = posixpath.join(home.rstrip("/") or "/", default[2:])
    return posixpath.join(base, APP_DIR_NAME)


def _user_dir(kind: str) -> Path:
    found = _xdg_dir(kind)
    if found is not None:
        return Path(found)
    import platformdirs

    ask = {"data": platformdirs.user_data_dir, "config": platformdirs.user_config_dir,
           "cache": platformdirs.user_cache_dir, "state": platformdirs.user_state_dir}[kind]
    return Path(ask(APP_DIR_NAME, appauthor=False))


def user_data_dir() -> Path:
    return _user_dir("data")


def user_config_dir() -> Path:
    return _user_dir("config")


def user_cache_dir() -> Path:
    """What the app keeps only to start faster (`companion.tables.cache`): deleting it
    loses nothing."""
    return _user_dir("cache")


def user_state_dir() -> Path:
    """What the app keeps of its own doing, for the player to look at or send: the
    crash log (`companion.files.crashlog`)."""
    return _user_dir("state")


def user_tables_dir() -> Path:
    return user_data_dir() / "tables"


def kits_dir() -> Path:
    """The user's saved custom kits of the hex skirmish (`companion.rulesets.skirmish.kits`)."""
    return user_data_dir() / "kits"


def autosave_dir() -> Path:
    return user_data_dir() / "autosave"


def house_rules_dir() -> Path:
    """Folders of house-rule tables, one a set, for the Lab screen to offer."""
    return user_data_dir() / "house-rules"


def roster_dir() -> Path:
    return user_data_dir() / "roster"


def stable_path() -> Path:
    """The stable: managers, gladiators of every game and their careers, in one SQLite
    file (`companion.stable`)."""
    return user_data_dir() / "stable.sqlite3"
