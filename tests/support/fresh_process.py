"""A snippet run in a fresh Python process, for what a start does before anything is cached."""

from __future__ import annotations

import os
import subprocess
import sys

from support.places import ROOT


def _fresh_process(code: str) -> str:
    """Run `code` in a new interpreter with this test's user folders; its output."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, check=True)
    return done.stdout.strip()

