"""The user's folders are where platformdirs puts them, whether the quick way of a
plain Linux desktop finds them or platformdirs itself does."""

from __future__ import annotations

import sys

import platformdirs
import pytest

from companion import paths

ASK = {"data": platformdirs.user_data_dir, "config": platformdirs.user_config_dir,
       "cache": platformdirs.user_cache_dir, "state": platformdirs.user_state_dir}
VARIABLE = {"data": "XDG_DATA_HOME", "config": "XDG_CONFIG_HOME", "cache": "XDG_CACHE_HOME",
            "state": "XDG_STATE_HOME"}


@pytest.mark.skipif(sys.platform != "linux", reason="the quick way is Linux's alone")
@pytest.mark.parametrize("kind", sorted(ASK))
@pytest.mark.parametrize("xdg", [None, "", "relative/folder", "/srv/x", "/srv/x/"])
@pytest.mark.parametrize("home", ["/home/marcus", "/home/marcus/", "/"])
def test_a_linux_desktops_folders_are_platformdirs_own(monkeypatch, kind, xdg, home):
    monkeypatch.setenv("HOME", home)
    if xdg is None:
        monkeypatch.delenv(VARIABLE[kind], raising=False)
    else:
        monkeypatch.setenv(VARIABLE[kind], xdg)
    assert paths._xdg_dir(kind) == ASK[kind](paths.APP_DIR_NAME, appauthor=False)


def test_anywhere_less_plain_platformdirs_is_asked():
    home = {"HOME": "/home/marcus"}
    assert paths._xdg_dir("cache", home, "darwin") is None
    assert paths._xdg_dir("cache", home, "win32") is None
    assert paths._xdg_dir("cache", {**home, "ANDROID_DATA": "/data"}, "linux") is None
    assert paths._xdg_dir("cache", {"HOME": "nowhere"}, "linux") is None
    assert paths._xdg_dir("cache", {}, "linux") is None


def test_a_folders_json_files_are_globs_own(tmp_path):
    for name in ("b.json", "a.json", ".hidden.json", "notes.txt", "c.json.bak", "sub.json"):
        (tmp_path / name).mkdir() if name == "sub.json" else (tmp_path / name).write_text("{}")
    assert paths.json_files(tmp_path) == sorted(tmp_path.glob("*.json"))
    assert paths.json_files(tmp_path / "not there") == []
