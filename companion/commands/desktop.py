"""`companion desktop install|remove`: the app in a Linux desktop's menu. Install
writes a desktop entry (`$XDG_DATA_HOME/applications/gladiator-companion.desktop`) that
starts the program it was run from, and the icon in every size
(`$XDG_DATA_HOME/icons/hicolor/NxN/apps/gladiator-companion.png`); remove takes out
those files and nothing else. $XDG_DATA_HOME unset (or not absolute): ~/.local/share,
as the XDG base directory specification says."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from companion import APP_NAME, paths
from companion.errors import UserError

APP_ID = "gladiator-companion"  # the entry's and the icon's name: "companion" alone is too common
ICON_SIZES = (16, 32, 48, 64, 128, 256)
# The entry's own mark: remove takes out only an entry that carries it.
MARK = "X-Gladiator-Companion-Written-By"


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "desktop", help="put the app in the desktop's menu (Linux), or take it out",
        description="Put the app in a Linux desktop's menu with its icon, or take it "
        "out. install writes a desktop entry that starts this program and the icon in "
        "each size into your own folders ($XDG_DATA_HOME, by default ~/.local/share); "
        "remove takes out what install wrote.")
    p.add_argument("action", choices=("install", "remove"), help="install or remove")
    p.set_defaults(func=_desktop)


def data_home(environ: os._Environ[str] | dict[str, str] | None = None) -> Path:
    env = os.environ if environ is None else environ
    given = env.get("XDG_DATA_HOME", "")
    if os.path.isabs(given):
        return Path(given)
    home = env.get("HOME", "")
    if not os.path.isabs(home):
        raise UserError("desktop: neither XDG_DATA_HOME nor HOME names a folder to "
                        "install into")
    return Path(home) / ".local" / "share"


def entry_path(base: Path) -> Path:
    return base / "applications" / f"{APP_ID}.desktop"


def icon_paths(base: Path) -> list[Path]:
    return [base / "icons" / "hicolor" / f"{n}x{n}" / "apps" / f"{APP_ID}.png"
            for n in ICON_SIZES]


def launch_command() -> list[str]:
    """How the desktop starts this very program: the bundle's executable, the
    `companion` script that is running, or this Python with `-m companion`."""
    if getattr(sys, "frozen", False):  # a PyInstaller bundle
        return [os.path.abspath(sys.executable)]
    script = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    if script is not None and script.name == "companion" and script.is_file():
        return [os.path.abspath(script)]
    return [os.path.abspath(sys.executable), "-m", "companion"]


def _exec_line(command: list[str]) -> str:
    """The Exec key's value: each argument quoted where it needs to be, as the desktop
    entry specification quotes (double quotes; \\, ", ` and $ escaped), with % doubled."""
    def quoted(arg: str) -> str:
        arg = arg.replace("%", "%%")
        if arg and not any(c in arg for c in " \t\n\"'\\><~|&;$*?#()`"):
            return arg
        escaped = "".join("\\" + c if c in '"`$\\' else c for c in arg)
        return f'"{escaped}"'

    return " ".join(quoted(a) for a in command)


def entry_text(command: list[str]) -> str:
    from companion.files.written_by import WRITTEN_BY

    # TryExec hides the entry once the program it starts is gone (uninstalled).
    try_exec = [f"TryExec={command[0].replace('%', '%%')}"] if len(command) == 1 else []
    return "\n".join([
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.5",
        f"Name={APP_NAME}",
        "GenericName=Tabletop companion",
        "Comment=Hex arena, trackers, dice and rules tables for gladiator arena games",
        f"Exec={_exec_line(command)}",
        *try_exec,
        f"Icon={APP_ID}",
        "Terminal=false",
        "Categories=Game;BoardGame;StrategyGame;",
        "Keywords=gladiator;arena;dice;tabletop;hex;skirmish;",
        "StartupNotify=true",
        f"{MARK}={WRITTEN_BY}",
        "",
    ])


def install(base: Path, command: list[str]) -> list[Path]:
    """Write the entry and the icons under `base`; the files written. The entry last:
    a desktop that shows it finds its icon."""
    sources = [paths.icon_path(n).read_bytes() for n in ICON_SIZES]
    targets = [*icon_paths(base), entry_path(base)]
    for data, target in zip([*sources, entry_text(command).encode("utf-8")], targets,
                            strict=True):
        _replace(target, data)
    return targets


def _replace(target: Path, data: bytes) -> None:
    """`data` at `target`, whole: written beside it and renamed over it (no backup:
    a menu lists every file of its folder)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        tmp.write_bytes(data)
        os.replace(tmp, target)
    finally:
        tmp.unlink(missing_ok=True)


def remove(base: Path) -> list[Path]:
    """Take out what `install` wrote under `base`; the files removed. An entry of the
    same name that install did not write (no mark) is left, and said."""
    removed = []
    entry = entry_path(base)
    if entry.is_file():
        try:
            ours = f"\n{MARK}=" in entry.read_text("utf-8", errors="replace")
        except OSError:
            ours = False
        if not ours:
            raise UserError(f"desktop: {entry} was not written by companion desktop "
                            "install; it is left as it is", exit_code=1)
        entry.unlink()
        removed.append(entry)
    for icon in icon_paths(base):
        if icon.is_file():
            icon.unlink()
            removed.append(icon)
    return removed


def _desktop(args: argparse.Namespace) -> int:
    if sys.platform in ("win32", "darwin"):
        raise UserError("desktop: desktop entries are Linux's (XDG); on Windows and macOS "
                        "start the bundle's companion program, and pin it where you like")
    base = data_home()
    if args.action == "install":
        for path in install(base, launch_command()):
            print(f"wrote {path}")
        print(f"{APP_NAME} is in the desktop's menu (a desktop may take a moment to "
              "notice it)")
        return 0
    removed = remove(base)
    for path in removed:
        print(f"removed {path}")
    if not removed:
        print(f"nothing to remove under {base}")
    return 0
