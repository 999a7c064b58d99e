"""Where the built-in data lives, and the user's own folders.

Built-in tables and assets sit at the top of the repository (`tables/`, `assets/`);
a wheel carries them inside the package as `companion/_builtin/`. Both layouts are
looked up, the wheel's first.
"""

from __future__ import annotations

from pathlib import Path

import platformdirs

APP_DIR_NAME = "companion"
_PACKAGE_DIR = Path(__file__).resolve().parent


def _builtin(name: str) -> Path:
    for candidate in (_PACKAGE_DIR / "_builtin" / name, _PACKAGE_DIR.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"companion's built-in '{name}' folder is missing from the install")


def builtin_tables_dir() -> Path:
    return _builtin("tables")


def assets_dir() -> Path:
    return _builtin("assets")


def font_path(bold: bool = False) -> Path:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return assets_dir() / "fonts" / name


def user_data_dir() -> Path:
    return Path(platformdirs.user_data_dir(APP_DIR_NAME, appauthor=False))


def user_config_dir() -> Path:
    return Path(platformdirs.user_config_dir(APP_DIR_NAME, appauthor=False))


def user_cache_dir() -> Path:
    """What the app keeps only to start faster (`companion.tables.cache`): deleting it
    loses nothing."""
    return Path(platformdirs.user_cache_dir(APP_DIR_NAME, appauthor=False))


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
