#!/usr/bin/env bash
# Install the tutor into .venv and serve it on this machine only (http://127.0.0.1:8866/).
# Extra arguments go to `catan-tutor serve` (--port N, --lessons DIR, --host ADDRESS).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/venv.sh
"$VENV_PYTHON" -m pip install -q -e .
exec .venv/bin/catan-tutor serve --no-browser "$@"
