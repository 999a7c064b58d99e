"""The built-in tables' version, for `companion --version`: the digest of every built-in
table's fingerprint (`Table.fingerprint`, its content whitespace and key order aside),
so that two installs that say the same play by the same tables, whatever the release."""

from __future__ import annotations

import hashlib
import json

from companion.tables.loader import load_tables

SHOWN = 12  # hex digits: enough to tell two sets apart by eye


def builtin_tables_version() -> str:
    """`<digest> (<n> tables)` of the built-in tables, the user's own left out."""
    tables = load_tables(include_user=False)
    fingerprints = {tid: table.fingerprint for tid, table in sorted(tables.tables.items())}
    text = json.dumps(fingerprints, sort_keys=True, separators=(",", ":"))
    digest = hashlib.sha256(text.encode("ascii")).hexdigest()[:SHOWN]
    return f"{digest} ({len(fingerprints)} tables)"
