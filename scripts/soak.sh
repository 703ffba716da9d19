#!/usr/bin/env bash
# The soak: what the suite samples, run whole. Every case of the course's lesson sweeps
# (CATAN_SWEEP=full: the suite runs an even third, tests/course_sample.py) and the property
# tests' long random exploration (hypothesis's "soak" profile: 20 times each test's examples,
# not derandomized; tests/conftest.py), through scripts/test.sh (the install, the linters and
# the rest of the suite as in CI). Extra arguments go to pytest. Takes about three times CI's
# run: not for every change, for a release or a change to many lessons.
set -euo pipefail
cd "$(dirname "$0")/.."
export CATAN_SWEEP=full HYPOTHESIS_PROFILE=soak
exec bash scripts/test.sh "$@"
