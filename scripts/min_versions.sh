#!/usr/bin/env bash
# Minimum-versions check: install every runtime dependency at the lower bound pyproject.toml
# declares (into a throwaway venv, default /tmp/catan-min-venv), then run the tests that need
# no browser and are not slow. Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV="${MIN_VENV:-/tmp/catan-min-venv}"
rm -rf "$VENV"
python3 -m venv "$VENV"
"$VENV/bin/python" -m pip install -q --upgrade pip
# "name>=X" -> "name==X" for every runtime dependency (the [project] dependencies list).
"$VENV/bin/python" - > "$VENV/constraints.txt" <<'PY'
import re, tomllib
deps = tomllib.load(open("pyproject.toml", "rb"))["project"]["dependencies"]
for dep in deps:
    name, low = re.fullmatch(r"([A-Za-z0-9_.-]+)>=([0-9.]+)", dep).groups()
    print(f"{name}=={low}")
# pandas 2.1 predates numpy 2 (built against numpy 1.x, it fails to import under numpy 2):
# a user with the oldest pandas we accept has a numpy 1.x beside it.
print("numpy<2")
PY
cat "$VENV/constraints.txt"
"$VENV/bin/python" -m pip install -q -c "$VENV/constraints.txt" -e . pytest hypothesis nbclient ipykernel
"$VENV/bin/python" -m pip list 2>/dev/null | grep -iE "^($(cut -d= -f1 "$VENV/constraints.txt" | paste -sd'|')) "
CI=true "$VENV/bin/python" -m pytest -q -m "not slow and not browser" "$@"
