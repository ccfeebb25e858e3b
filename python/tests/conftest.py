"""Shared by the tests: the repository's root, and the command line built
beside the package (`cargo build --release`), whose `--json` the answers must
equal. `PUZZLES_CLI` names another build of it."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any, List, Tuple

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _cli() -> Path:
    path = Path(os.environ.get("PUZZLES_CLI", ROOT / "target" / "release" / "puzzles"))
    if not path.exists():
        pytest.skip(f"no command line at {path}: build it (cargo build --release) or set PUZZLES_CLI")
    return path


def run(*args: str, stdin: str = "") -> Tuple[int, str, str]:
    """The command line's exit status, stdout and stderr, run from the repository's root."""
    out = subprocess.run([str(_cli()), *args], cwd=ROOT, input=stdin, capture_output=True, text=True)
    return out.returncode, out.stdout, out.stderr


def cli_json(*args: str, status: int = 0) -> Any:
    """The one JSON object `puzzles args --json` prints."""
    code, out, err = run(*args, "--json")
    assert code == status, err
    return json.loads(out)


def cli_lines(*args: str, status: int = 0) -> List[Any]:
    """The JSON Lines `puzzles args --json` prints: the items, then the answer."""
    code, out, err = run(*args, "--json")
    assert code == status, err
    return [json.loads(line) for line in out.splitlines()]


def example(name: str) -> Path:
    """An example puzzle file of the repository (`puzzles/…`)."""
    return ROOT / "puzzles" / name
