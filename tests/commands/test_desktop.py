"""`companion desktop install|remove`: the desktop entry and the icons, in the user's
XDG folders (here, the test's own), and out again."""

from __future__ import annotations

import shutil
import struct
import subprocess
from pathlib import Path

import pytest

from companion import paths
from companion.cli import main
from companion.commands.desktop import (
    APP_ID,
    ICON_SIZES,
    MARK,
    _exec_line,
    data_home,
    entry_path,
    icon_paths,
)


def _png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR"
    return struct.unpack(">II", head[16:24])


@pytest.mark.parametrize("size", ICON_SIZES)
def test_the_icon_ships_in_each_size_desktops_use(size):
    assert _png_size(paths.icon_path(size)) == (size, size)


@pytest.fixture
def xdg(tmp_path, monkeypatch) -> Path:
    base = tmp_path / "share"
    monkeypatch.setenv("XDG_DATA_HOME", str(base))
    return base


def test_install_writes_the_entry_and_every_icon_and_remove_takes_them_out(xdg, capsys):
    assert main(["desktop", "install"]) == 0
    entry = entry_path(xdg)
    assert entry == xdg / "applications" / f"{APP_ID}.desktop"
    text = entry.read_text("utf-8")
    assert text.startswith("[Desktop Entry]\n") and f"\nIcon={APP_ID}\n" in text
    assert "\nExec=" in text and "\nTerminal=false\n" in text and f"\n{MARK}=" in text
    for size, icon in zip(ICON_SIZES, icon_paths(xdg), strict=True):
        assert icon == xdg / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        assert icon.read_bytes() == paths.icon_path(size).read_bytes()
    said = capsys.readouterr().out
    assert said.count("wrote ") == len(ICON_SIZES) + 1

    assert main(["desktop", "install"]) == 0  # again: the same files, written anew
    assert main(["desktop", "remove"]) == 0
    assert [p for p in xdg.rglob("*") if p.is_file()] == []
    capsys.readouterr()
    assert main(["desktop", "remove"]) == 0
    assert "nothing to remove" in capsys.readouterr().out


def test_remove_leaves_an_entry_of_the_same_name_it_did_not_write(xdg, capsys):
    entry = entry_path(xdg)
    entry.parent.mkdir(parents=True)
    entry.write_text("[Desktop Entry]\nType=Application\nName=Other\nExec=other\n", "utf-8")
    assert main(["desktop", "remove"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "left as it is" in err and entry.is_file()


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None,
                    reason="desktop-file-utils is not installed")
def test_the_entry_is_valid_by_desktop_file_validate(xdg):
    assert main(["desktop", "install"]) == 0
    done = subprocess.run(["desktop-file-validate", str(entry_path(xdg))],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_data_home_is_xdgs_or_under_home():
    assert data_home({"XDG_DATA_HOME": "/x/share", "HOME": "/home/a"}) == Path("/x/share")
    assert data_home({"XDG_DATA_HOME": "relative", "HOME": "/home/a"}) == \
        Path("/home/a/.local/share")
    assert data_home({"HOME": "/home/a"}) == Path("/home/a/.local/share")


def test_the_exec_line_quotes_what_the_specification_says():
    assert _exec_line(["/opt/companion/companion"]) == "/opt/companion/companion"
    assert _exec_line(["/home/a b/bin/python", "-m", "companion"]) == \
        '"/home/a b/bin/python" -m companion'
    assert _exec_line(['/x/$"y%']) == '"/x/\\$\\"y%%"'
