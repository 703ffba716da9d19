#!/usr/bin/env bash
# Install what the tests need into .venv, then check everything: ruff (lint and format),
# mypy, the whole suite (slow, kernel and browser tests included) on parallel workers, and the
# minimum-versions check (scripts/min_versions.sh; CATAN_MIN_VERSIONS=0 skips it). Works as
# root on a fresh Debian machine with Python 3.11; extra arguments go to pytest (``-n 0``:
# one process). Every step runs; the exit status is non-zero if any failed.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
fi

if ! command -v configurable-http-proxy >/dev/null; then  # JupyterHub's proxy (test_hub.py)
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  if ! command -v npm >/dev/null; then
    $SUDO apt-get update -q
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q nodejs npm
  fi
  $SUDO npm install -g --silent configurable-http-proxy
fi

# axe-core 4 for the accessibility test (tests/test_browser_axe.py): from npm once, into a
# cache the test reads (CATAN_NPM_CACHE), so later runs need no network; offline without it,
# the test is skipped (failed under CI=true).
export CATAN_NPM_CACHE=${CATAN_NPM_CACHE:-$HOME/.cache/catan-tutor/npm}
if [ ! -f "$CATAN_NPM_CACHE/node_modules/axe-core/axe.min.js" ]; then
  if ! command -v npm >/dev/null; then
    SUDO=""
    if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
    $SUDO apt-get update -q
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q nodejs npm
  fi
  npm install --prefix "$CATAN_NPM_CACHE" --no-audit --no-fund --silent axe-core@4 \
    || echo "axe-core could not be installed into $CATAN_NPM_CACHE (offline?)"
fi

source scripts/venv.sh
"$VENV_PYTHON" -m pip install -q -e '.[test]'

status=0
failed=()
step() {  # step NAME COMMAND...: run it, time it, remember a failure and go on
  local name=$1 t0=$SECONDS
  shift
  echo "== $name"
  if "$@"; then echo "== $name: ok ($((SECONDS - t0)) s)"
  else status=1; failed+=("$name"); echo "== $name: FAILED ($((SECONDS - t0)) s)"; fi
}

step "ruff check" "$VENV_PYTHON" -m ruff check .
step "ruff format --check (fix: ruff format .)" "$VENV_PYTHON" -m ruff format --check .
step "mypy" "$VENV_PYTHON" -m mypy  # [tool.mypy] in pyproject.toml
# Each test module runs whole on one worker, heaviest first (tests/conftest.py): a module's
# servers, browser page and installed wheel are made once, and its tests keep their order.
workers=${TEST_WORKERS:-$(( $(nproc) < 4 ? $(nproc) : 4 ))}
step "pytest ($workers workers)" "$VENV_PYTHON" -m pytest -q -n "$workers" --dist loadfile \
  --no-loadscope-reorder "$@"
echo "browser screenshots and the Voilà logs: $(pwd)/tests/artifacts/"
ls tests/artifacts/ 2>/dev/null | tr '\n' ' '
echo
if [ "${CATAN_MIN_VERSIONS:-1}" != 0 ]; then
  step "minimum versions" bash scripts/min_versions.sh -n "$workers" --dist loadfile \
    --no-loadscope-reorder
fi
if [ $status -ne 0 ]; then echo "failed: ${failed[*]}"; fi
exit $status
