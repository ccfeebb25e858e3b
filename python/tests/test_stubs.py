"""The type stubs agree with the module: mypy's stubtest, and mypy on a
student's script."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("mypy")


def test_stubtest_finds_the_stubs_true() -> None:
    out = subprocess.run([sys.executable, "-m", "mypy.stubtest", "puzzles"], capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr


def test_a_script_using_the_package_type_checks(tmp_path: Path) -> None:
    script = tmp_path / "lab.py"
    script.write_text(
        "import puzzles\n"
        "answer: puzzles.Answer = puzzles.lightsout(board=[[1, 0], [0, 1]])\n"
        "svg: str = answer.svg()\n"
        "verdict = puzzles.knight(dims=5, mode='check', tour=[[0, 0]])\n"
        "ok: bool = bool(verdict)\n",
        encoding="utf-8",
    )
    out = subprocess.run([sys.executable, "-m", "mypy", "--strict", str(script)], capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
