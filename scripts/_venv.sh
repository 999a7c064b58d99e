# Sourced by scripts/run and scripts/test: make sure .venv exists and holds the
# project installed (editable) with its test and dev extras. One environment serves
# both scripts, so that running one after the other installs nothing; it is installed
# again only when pyproject.toml changes (the stamp holds its hash).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

find_python() {
    for py in "${PYTHON:-}" python3.13 python3.12 python3.11 python3 python; do
        [ -n "$py" ] || continue
        if command -v "$py" >/dev/null 2>&1 &&
            "$py" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
            echo "$py"
            return 0
        fi
    done
    echo "companion needs Python 3.11 or newer; none was found on PATH." >&2
    return 1
}

if [ ! -x .venv/bin/python ]; then
    py="$(find_python)"
    echo "Creating .venv with $py ..." >&2
    "$py" -m venv .venv
fi

stamp=".venv/.companion-installed"
want="$(.venv/bin/python -c 'import hashlib, sys; print(hashlib.sha256(open("pyproject.toml", "rb").read()).hexdigest())')"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    echo "Installing companion into .venv (once; again only when pyproject.toml changes) ..." >&2
    .venv/bin/python -m pip install --quiet --upgrade pip >&2 || true
    .venv/bin/python -m pip install --quiet -e ".[test,dev]" >&2
    printf '%s\n' "$want" > "$stamp"
fi

# Our bytecode, written even where PYTHONDONTWRITEBYTECODE=1 stops Python writing it
# (pip compiled the libraries'): without it every start compiles the app anew, which
# costs more than the app's whole start-up. Up to date, this checks and writes nothing
# (about 50 ms).
.venv/bin/python -m compileall -q companion >/dev/null
