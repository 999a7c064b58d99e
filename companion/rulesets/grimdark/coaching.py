"""Coaching, the shared interface of the match: the coaching file (`coachfile.py`),
the computer's choice by it (`choose.py`) and why, in words (`why.py`). The engine,
the command line and the screens import these names from here."""

from __future__ import annotations

from companion.rulesets.grimdark.choose import ASSESS, Choice, choose_move
from companion.rulesets.grimdark.coachfile import (
    COACHING,
    FORMAT,
    Coaching,
    CoachingRule,
    check_coaching,
    default_coaching,
    load_coaching,
    parse_coaching,
    samples_dir,
)
from companion.rulesets.grimdark.why import why_words

__all__ = [
    "ASSESS", "COACHING", "FORMAT", "Choice", "Coaching", "CoachingRule", "check_coaching",
    "choose_move", "default_coaching", "load_coaching", "parse_coaching",
    "samples_dir", "why_words",
]
