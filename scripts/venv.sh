# Sourced by launch.sh and test.sh: make (once) and use the project's virtual environment .venv
# instead of the system interpreter. On Debian, python3 -m venv needs python3-venv.
PYTHON=${PYTHON:-$(command -v python3 || command -v python)}
if [ ! -x .venv/bin/python ]; then
  if ! "$PYTHON" -m venv .venv >/dev/null 2>&1; then
    rm -rf .venv
    SUDO=""
    if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
    $SUDO apt-get update
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y python3-venv
    "$PYTHON" -m venv .venv
  fi
fi
VENV_PYTHON="$PWD/.venv/bin/python"
