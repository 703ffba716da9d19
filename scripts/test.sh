#!/usr/bin/env bash
# Install what the tests need into .venv, then run the whole suite (slow and browser tests
# included). Works as root on a fresh Debian machine with Python 3.11; extra arguments go to
# pytest.
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

source scripts/venv.sh
"$VENV_PYTHON" -m pip install -q -e '.[test]'
status=0
"$VENV_PYTHON" -m mypy || status=$?  # the type checker ([tool.mypy] in pyproject.toml)
"$VENV_PYTHON" -m pytest -q "$@" || status=$?
echo "browser screenshots and the Voilà logs: $(pwd)/tests/artifacts/"
ls tests/artifacts/ 2>/dev/null | tr '\n' ' '
echo
exit $status
