# Sourced by scripts/run and scripts/test: make sure .venv exists and holds the
# project installed (editable) with the extras named in $COMPANION_EXTRAS.
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

# One environment serves scripts/run and scripts/test: the stamp records the
# pyproject.toml it was installed from and the extras installed. A script whose extras
# are there already installs nothing; one that needs more installs them all together
# (the ones there and its own), so that the next script finds everything it needs.
stamp=".venv/.companion-installed"
project="$(cat pyproject.toml)"
have=""
if [ -f "$stamp" ] && [ "$(sed '/^--extras--$/,$d' "$stamp")" = "$project" ]; then
    have="$(sed '1,/^--extras--$/d' "$stamp")"
else
    rm -f "$stamp"
fi
wanted="$(printf '%s' "${COMPANION_EXTRAS}" | tr -d '[] ' | tr ',' '\n' | sed '/^$/d')"
missing="$(comm -13 <(printf '%s\n' "$have" | sed '/^$/d' | sort -u) \
    <(printf '%s\n' "$wanted" | sed '/^$/d' | sort -u))"
if [ ! -f "$stamp" ] || [ -n "$missing" ]; then
    all="$(printf '%s\n%s\n' "$have" "$wanted" | sed '/^$/d' | sort -u | paste -sd, -)"
    echo "Installing companion into .venv ..." >&2
    .venv/bin/python -m pip install --quiet --upgrade pip >&2 || true
    .venv/bin/python -m pip install --quiet -e ".${all:+[$all]}" >&2
    printf '%s\n--extras--\n%s\n' "$project" "$(printf '%s' "$all" | tr ',' '\n')" > "$stamp"
fi
