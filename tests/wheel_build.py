"""The wheel and sdist built from this tree and the wheel installed into a fresh virtual
environment outside the repository: what ``test_wheel.py`` checks, made here.

Most of it is waiting on the package index (a build environment, then every dependency for
the venv: ~50 s, a few of CPU), so ``scripts/test.sh`` makes it in the background while the
linters run and the suite starts (``python tests/wheel_build.py DIR``, DIR named by
``CATAN_WHEEL_PREPARED``): the worker that runs ``test_wheel.py`` finds it made (or waits for
it) instead of idling through it. Without ``CATAN_WHEEL_PREPARED`` the test makes it itself.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
READY, FAILED = "ready.json", "failed.txt"


def run(
    *cmd: str | Path, cwd: Path, env: dict[str, str] | None = None, timeout: float = 900
) -> subprocess.CompletedProcess:
    out = subprocess.run(
        list(map(str, cmd)), cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout
    )
    assert out.returncode == 0, (
        f"{cmd} exited {out.returncode}:\n{out.stdout[-3000:]}\n{out.stderr[-3000:]}"
    )
    return out


def clean_env() -> dict[str, str]:
    """The environment of a user's shell: no path into this tree, no Jupyter overrides."""
    drop = (
        "PYTHONPATH",
        "JUPYTER_PATH",
        "JUPYTER_CONFIG_PATH",
        "CATAN_TUTOR_LESSONS",
        "VIRTUAL_ENV",
    )
    env = {k: v for k, v in os.environ.items() if k not in drop}
    env["PATH"] = os.pathsep.join(
        p for p in env.get("PATH", "").split(os.pathsep) if ".venv" not in p
    )
    return env


def prepare(tmp: Path) -> dict[str, Path]:
    """Build the wheel and sdist, install the wheel into a fresh venv, all under ``tmp``."""
    dist, tree = tmp / "dist", tmp / "tree"
    # Built from a copy: the build's own folders (build/, *.egg-info) never appear in the
    # working tree while other tests read it (the suite runs on two workers).
    shutil.copytree(
        ROOT,
        tree,
        ignore=shutil.ignore_patterns(
            ".git",
            ".venv",
            "build",
            "dist",
            "*.egg-info",
            "__pycache__",
            "artifacts",
            ".hypothesis",
            ".pytest_cache",
            ".ruff_cache",
            ".mypy_cache",
        ),
    )
    run(sys.executable, "-m", "build", "--wheel", "--sdist", "--outdir", dist, tree, cwd=tmp)
    wheel = next(dist.glob("catan_tutor-*.whl"))
    sdist = next(dist.glob("catan_tutor-*.tar.gz"))
    venv = tmp / "venv"
    run(sys.executable, "-m", "venv", venv, cwd=tmp, env=clean_env())
    run(
        venv / "bin" / "python",
        "-m",
        "pip",
        "install",
        "-q",
        "--no-compile",  # byte-compiling every dependency was half the install (30 s -> 16 s)
        wheel,
        cwd=tmp,
        env=clean_env(),
        timeout=1800,
    )
    site = next((venv / "lib").glob("python3*/site-packages"))
    return {"tmp": tmp, "wheel": wheel, "sdist": sdist, "venv": venv, "site": site}


def prepared(folder: Path, timeout: float = 1800) -> dict[str, Path]:
    """What ``main`` made in ``folder``, once it is done (waited for: it runs beside the
    suite); its failure, with the build's output, raised."""
    end = time.monotonic() + timeout
    while not (folder / READY).exists():
        if (folder / FAILED).exists():
            raise AssertionError((folder / FAILED).read_text(encoding="utf-8"))
        if time.monotonic() > end:
            raise AssertionError(f"{folder}: the wheel was not made in {timeout:.0f} s")
        time.sleep(1)
    made = json.loads((folder / READY).read_text(encoding="utf-8"))
    return {k: Path(v) for k, v in made.items()}


def main(folder: Path) -> int:
    """Make it in ``folder`` (which must not hold an earlier one), then say so in a marker
    file: ``ready.json`` (the paths) or ``failed.txt`` (why)."""
    folder.mkdir(parents=True)
    try:
        made = prepare(folder)
    except BaseException as e:  # noqa: BLE001 - said to the test, which fails with it
        (folder / FAILED).write_text(f"{type(e).__name__}: {e}", encoding="utf-8")
        return 1
    text = json.dumps({k: str(v) for k, v in made.items()})
    (folder / (READY + ".part")).write_text(text, encoding="utf-8")
    (folder / (READY + ".part")).rename(folder / READY)  # whole or not there
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
