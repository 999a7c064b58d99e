"""The wheel, installed as a player installs it: built from this tree, put into a fresh
virtual environment with pip and no network, and run from outside the source tree.

The fresh environment cannot download the app's dependencies, so it borrows them from
the environment running the tests: a `.pth` file points at a folder of links to the
app's own dependencies (pygame-ce, pydantic, platformdirs, openskill: whatever the
installed companion's metadata requires outside its extras, with what each of them
needs) and to nothing else.
`companion` itself must come from the wheel alone, which the test checks by where the
fresh interpreter finds it.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import sysconfig
from importlib import metadata
from pathlib import Path

import pytest
from support.places import ROOT


def _requirement_name(requirement: str) -> str | None:
    """The distribution a requirement line names, or None where it applies only under an
    extra (`; extra == "email"`), which the app never asks for."""
    if "extra ==" in requirement.replace('"', "").replace("'", ""):
        return None
    match = re.match(r"[A-Za-z0-9][A-Za-z0-9._-]*", requirement)
    return match.group(0) if match else None


def _with_their_needs(names: tuple[str, ...]) -> list[metadata.Distribution]:
    """The installed distributions named and, transitively, those they require."""
    found: dict[str, metadata.Distribution] = {}
    todo = list(names)
    while todo:
        name = todo.pop()
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue  # a requirement for another platform or Python
        key = dist.metadata["Name"].lower().replace("_", "-")
        if key in found:
            continue
        found[key] = dist
        todo.extend(n for r in dist.requires or () if (n := _requirement_name(r)))
    return list(found.values())


def _app_dependencies() -> tuple[str, ...]:
    """pyproject's [project] dependencies, as the companion installed for the tests
    declares them (its extras left out)."""
    return tuple(n for r in metadata.requires("companion") or () if (n := _requirement_name(r)))


def _link_dependencies(into: Path) -> None:
    """A folder holding links to the dependencies' top-level files and folders (their
    modules, their metadata, pygame-ce's bundled libraries) and to nothing else."""
    into.mkdir()
    for dist in _with_their_needs(_app_dependencies()):
        tops = {Path(str(f)).parts[0] for f in dist.files or ()}
        base = Path(str(dist.locate_file("")))
        for top in tops:
            source = base / top
            if top not in ("..", "__pycache__") and source.exists() \
                    and not (into / top).exists():
                (into / top).symlink_to(source)


def _fresh_venv(where: Path, deps: Path) -> Path:
    """A new environment without pip (pip runs from the tests' environment, pointed at
    it) that sees the linked dependencies; its python."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(where)], check=True)
    python = where / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    purelib = subprocess.run([str(python), "-c", "import sysconfig; "
                              "print(sysconfig.get_paths()['purelib'])"],
                             check=True, capture_output=True, text=True).stdout.strip()
    Path(purelib, "companion-test-deps.pth").write_text(f"{deps}\n", encoding="utf-8")
    return python


def _run(args: list[str], env: dict[str, str], cwd: Path) -> str:
    done = subprocess.run(args, env=env, cwd=cwd, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, f"{args} gave {done.returncode}:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.mark.skipif(sysconfig.get_platform().startswith("win"), reason="POSIX paths")
def test_the_wheel_installs_offline_and_plays_a_bout(tmp_path: Path) -> None:
    # Built from this tree, as scripts/package builds it, so that the test sees the
    # wheel of the code it runs with (a dist/ left from an older build would not).
    dist_dir = tmp_path / "dist"
    subprocess.run([sys.executable, "-m", "hatchling", "build", "-t", "wheel",
                    "-d", str(dist_dir)], cwd=ROOT, check=True, capture_output=True)
    (wheel,) = dist_dir.glob("companion-*.whl")

    deps = tmp_path / "deps"
    _link_dependencies(deps)
    python = _fresh_venv(tmp_path / "venv", deps)
    bin_dir = python.parent
    # Nothing of the tests' own environment: no PYTHONPATH (pytest's pythonpath adds the
    # source tree only inside this process), user folders of its own, no display.
    home = tmp_path / "home"
    env = {"PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '/usr/bin:/bin')}",
           "HOME": str(home), "XDG_DATA_HOME": str(home / "data"),
           "XDG_CONFIG_HOME": str(home / "config"), "XDG_CACHE_HOME": str(home / "cache"),
           "XDG_STATE_HOME": str(home / "state"), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1", "LANG": "C.UTF-8",
           "PIP_NO_INDEX": "1", "PIP_DISABLE_PIP_VERSION_CHECK": "1",
           "PIP_NO_CACHE_DIR": "1"}
    # --no-compile: the commands below compile what they import as they go, a third of
    # the package; compiling all of it first took longer than the rest of the test.
    _run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-index",
          "--no-compile", "--quiet", str(wheel)], env, tmp_path)

    where = _run([str(python), "-c", "import companion, pygame, pydantic, platformdirs; "
                  "print(companion.__file__); print(pygame.__file__)"], env, tmp_path)
    companion_file, pygame_file = (Path(line) for line in where.splitlines())
    assert companion_file.is_relative_to(tmp_path / "venv"), companion_file
    assert not companion_file.resolve().is_relative_to(ROOT), companion_file
    assert Path(pygame_file).is_relative_to(deps), pygame_file

    companion = str(bin_dir / "companion")
    _run([companion, "--smoke"], env, tmp_path)
    version = _run([companion, "--version"], env, tmp_path)
    assert version.startswith("companion "), version
    entry = _run([companion, "table", "show", "crit-slashing", "19"], env, tmp_path)
    assert entry.split()[:2] == ["19", "11"] and "damage" in entry, entry

    bout = tmp_path / "bout.json"
    _run([companion, "new", "skirmish", "--gladiators", "samnite,retiarius", "--seed", "7",
          "--out", str(bout)], env, tmp_path)
    ended = _run([companion, "auto", str(bout), "--seed", "7"], env, tmp_path)
    assert ended.strip(), "auto said nothing"
    assert json.loads(bout.read_text("utf-8"))["journal"], "the bout was not played"
    # The sample gladiators and the package's pages (the HTML checker) came with it.
    installed = companion_file.parent
    assert (installed / "_builtin" / "assets" / "samples" / "grimdark" / "lord-smash.json"
            ).is_file()
    pages = [p.relative_to(ROOT / "companion") for p in (ROOT / "companion").rglob("*.html")]
    assert [p for p in pages if not (installed / p).is_file()] == []
