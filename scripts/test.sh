#!/usr/bin/env bash
# Install what the tests need into .venv, then check everything: ruff (lint and format),
# mypy (beside the suite), the minimum-versions check (scripts/min_versions.sh, in the
# background from the start; CATAN_MIN_VERSIONS=0 skips it) and the whole suite (slow, kernel
# and browser tests included) on parallel workers, alone once the lane is done. Works as
# root on a fresh Debian machine with Python 3.11; extra arguments go to pytest (``-n 0``:
# one process). Every step runs; the exit status is non-zero if any failed.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/venv.sh  # first: it may apt-get python3-venv, which the next venv needs too
# Every process of the run writes its bytecode: with PYTHONDONTWRITEBYTECODE set (as on some
# machines), each pytest worker of both lanes rewrote and compiled every test module again
# (~8 s of CPU a process) and each server the modules it imports.
unset PYTHONDONTWRITEBYTECODE

mkdir -p tests/artifacts
# One worker a core (up to 4). (A third worker on 2 cores, s24: the suite took 1,608 s, not
# 1,391, its CPU 2,420 s, not 2,077, still ~76 % of the 2 cores: contention, no idle filled.)
workers=${TEST_WORKERS:-$(( $(nproc) < 4 ? $(nproc) : 4 ))}
# The minimum-versions lane runs on one worker beside the suite (s36: the suite waited ~61 s
# for it on both workers, while it kept ~30 % of the two cores busy)
lane_workers=1

# Chromium, JupyterHub's proxy and axe-core (apt and npm) install in the background while pip
# installs the package with its test extras.
export CATAN_NPM_CACHE=${CATAN_NPM_CACHE:-$HOME/.cache/catan-tutor/npm}
system_tools() {
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
}
tools_done=$(mktemp -u)  # made once the system tools are in place (or failed)
(
  trap 'touch "$tools_done"' EXIT
  system_tools
) > tests/artifacts/system-tools.log 2>&1 &
tools=$!

# The minimum-versions lane (scripts/min_versions.sh: its venv made, or kept while the pins
# are the same, then its tests) runs in the background once the system tools are in place (its
# tests find Node as the suite does), while pip installs the package (mostly waiting on the
# index), the linters run and the suite starts; its report comes after the suite's. (Run after
# the suite, it took ~115 s of a ~908 s run; run before it, the suite waited ~61 s, s35.)
min_lane=""
stop_min_lane() {  # at the run's end (one stopped early: the lane and its kernels end too)
  if [ -n "$min_lane" ]; then
    kill -- "-$min_lane" 2>/dev/null || true
    wait "$min_lane" 2>/dev/null || true
    min_lane=""
  fi
  rm -f "$tools_done"
}
if [ "${CATAN_MIN_VERSIONS:-1}" != 0 ]; then
  setsid bash -c 'while [ ! -e "$1" ]; do sleep 0.5; done; shift; exec bash scripts/min_versions.sh "$@"' \
    min-lane "$tools_done" -n "$lane_workers" --dist loadfile --no-loadscope-reorder \
    > tests/artifacts/min-versions.log 2>&1 &
  min_lane=$!
fi
trap stop_min_lane EXIT
# --no-compile: pip byte-compiles every module of every package it installs (a quarter of the
# install's CPU); the run compiles only those it imports, once (bytecode is written, above).
"$VENV_PYTHON" -m pip install -q --no-compile -e '.[test]'
# pytest rewrites the asserts of every test module it imports (~18 CPU-s a process, cold) and
# keeps the result in tests/__pycache__: done once here, in the background while the tools,
# the linters and the lane finish, the suite's workers find it done (each rewrote every module
# at once, both cold: ~37 CPU-s at the suite's start, s35).
"$VENV_PYTHON" -m pytest --collect-only -q -p no:cacheprovider > tests/artifacts/rewrite.log 2>&1 &
rewrite_job=$!
tools_status=0
wait "$tools" || tools_status=$?
cat tests/artifacts/system-tools.log
if [ "$tools_status" -ne 0 ]; then echo "installing chromium, the proxy or axe-core failed"; exit 1; fi
echo "installed in $SECONDS s"
# The wheel and sdist built and the wheel installed into a fresh venv (tests/wheel_build.py:
# ~50 s, mostly waiting on the package index) in the background while the linters run and
# the suite starts; test_wheel.py waits for it (it made it itself, idle, on its worker).
wheel_dir=$(mktemp -d)
export CATAN_WHEEL_PREPARED="$wheel_dir/made"
setsid "$VENV_PYTHON" tests/wheel_build.py "$CATAN_WHEEL_PREPARED" \
  > tests/artifacts/wheel-build.log 2>&1 &
wheel_job=$!
end_wheel() {  # (done by the time test_wheel.py has run; else, a partial run, stopped)
  kill -- "-$wheel_job" 2>/dev/null || true
  wait "$wheel_job" 2>/dev/null || true
  rm -rf "$wheel_dir"
  stop_min_lane
}
trap end_wheel EXIT

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
# mypy ([tool.mypy] in pyproject.toml) runs beside the suite, its report after it: run before
# it, it held the suite back ~40 s on one core while the suite's workers leave a third of the
# two cores idle (waiting on pages, kernels and servers)
mypy_log=$(mktemp)
setsid "$VENV_PYTHON" -m mypy > "$mypy_log" 2>&1 &
mypy_job=$!
end_mypy() {
  kill -- "-$mypy_job" 2>/dev/null || true
  wait "$mypy_job" 2>/dev/null || true
  rm -f "$mypy_log"
  end_wheel
}
trap end_mypy EXIT
min_versions() {  # wait for the lane started in the background, then show what it said
  local lane_status=0
  wait "$min_lane" || lane_status=$?
  min_lane=""
  cat tests/artifacts/min-versions.log
  return "$lane_status"
}
# Each test module runs whole on one worker, heaviest first (tests/conftest.py): a module's
# servers, browser page and installed wheel are made once, and its tests keep their order.
# --durations: the slowest tests in the log, for keeping the run under its time budget
wait "$rewrite_job" || true  # (a failed collection is the suite's to report)
step "pytest ($workers workers)" "$VENV_PYTHON" -m pytest -q -n "$workers" --dist loadfile \
  --no-loadscope-reorder --durations=30 "$@"
if [ -n "$min_lane" ]; then
  step "minimum versions (run in the background since the start)" min_versions
fi
mypy_said() {  # its report, once done
  local mypy_status=0
  wait "$mypy_job" || mypy_status=$?
  cat "$mypy_log"
  return "$mypy_status"
}
step "mypy (run beside the suite)" mypy_said
echo "browser screenshots and the Voilà logs: $(pwd)/tests/artifacts/"
ls tests/artifacts/ 2>/dev/null | tr '\n' ' '
echo
if [ $status -ne 0 ]; then echo "failed: ${failed[*]}"; fi
exit $status
