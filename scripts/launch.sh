#!/usr/bin/env bash
# Install the tutor and serve the start notebook with Voilà on this machine only.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=$(command -v python || command -v python3)
"$PYTHON" -m pip install -e .
echo "Catan tutor: open http://127.0.0.1:8866/ in your browser (Ctrl+C stops it)"
exec "$PYTHON" -m voila notebooks/00_start_here.ipynb --Voila.ip=127.0.0.1 --port=8866 --no-browser
