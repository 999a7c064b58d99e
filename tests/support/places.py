"""Where things are: the project's folder and the tests' own, wherever a test file
stands in the tree of tests."""

from __future__ import annotations

from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
ROOT = TESTS.parent
