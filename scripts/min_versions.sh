#!/usr/bin/env bash
# Minimum-versions check: every runtime dependency installed at the lower bound
# pyproject.toml declares, into a venv of its own (default /tmp/catan-min-venv), then the tests
# of the modules that drive them (tests/lower_bounds_modules.txt) that need no browser and are
# not slow (their notebooks' kernels too). Run by
# scripts/test.sh (so in CI). The venv is kept and reused while the pinned set is the same
# (a stamp of the pins, the test tools and the Python); CATAN_MIN_FRESH=1 remakes it;
# CATAN_MIN_BUILD_ONLY=1 makes it and stops (scripts/test.sh does so in the background while
# it installs the rest). Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV="${MIN_VENV:-/tmp/catan-min-venv}"
TOOLS="pytest hypothesis nbclient ipykernel pytest-xdist scipy"
# "name>=X" -> "name==X" for every runtime dependency (the [project] dependencies list).
pins=$(python3 - <<'PY'
import re, tomllib
deps = tomllib.load(open("pyproject.toml", "rb"))["project"]["dependencies"]
for dep in deps:
    name, low = re.fullmatch(r"([A-Za-z0-9_.-]+)>=([0-9.]+)", dep).groups()
    print(f"{name}=={low}")
# pandas 2.1 predates numpy 2 (built against numpy 1.x, it fails to import under numpy 2):
# a user with the oldest pandas we accept has a numpy 1.x beside it.
print("numpy<2")
PY
)
stamp=$(printf '%s\n%s\n%s\n' "$pins" "$TOOLS" "$(python3 --version)" | sha256sum | cut -c1-16)
if [ "${CATAN_MIN_FRESH:-0}" = 1 ] || [ "$(cat "$VENV/.stamp" 2>/dev/null)" != "$stamp" ]; then
  rm -rf "$VENV"
  python3 -m venv "$VENV"
  "$VENV/bin/python" -m pip install -q --upgrade pip
  printf '%s\n' "$pins" > "$VENV/constraints.txt"
  # shellcheck disable=SC2086
  "$VENV/bin/python" -m pip install -q --no-compile -c "$VENV/constraints.txt" -e . $TOOLS
  echo "$stamp" > "$VENV/.stamp"
else
  echo "reusing $VENV (same pins)"
  "$VENV/bin/python" -m pip install -q --no-deps -e .  # this tree, wherever it is
fi
if [ "${CATAN_MIN_BUILD_ONLY:-0}" = 1 ]; then exit 0; fi
cat "$VENV/constraints.txt"
"$VENV/bin/python" -m pip list 2>/dev/null | grep -iE "^($(cut -d= -f1 "$VENV/constraints.txt" | cut -d'<' -f1 | paste -sd'|')) "
# The oldest ipywidgets accepted (8.0) makes each widget's comm through ipykernel's deprecated
# Comm class: one DeprecationWarning a widget (150,000 a run), each recorded by pytest.
# The modules of tests/lower_bounds_modules.txt (those that reach every dependency: checked
# by tests/test_markers.py), their tests that need no browser and are not slow; a
# parametrized test its first case (tests/first_cases.py: a sweep's cases make the same calls
# into the dependencies as its first).
mapfile -t modules < <(grep -o '^test_[a-z0-9_]*\.py' tests/lower_bounds_modules.txt | sed 's#^#tests/#')
CI=true CATAN_CASES_PER_TEST=${CATAN_CASES_PER_TEST:-1} "$VENV/bin/python" -m pytest -q -m "not slow and not browser and not engine and not course" \
  -W "ignore:The \`ipykernel.comm.Comm\` class has been deprecated:DeprecationWarning" \
  "$@" "${modules[@]}"
