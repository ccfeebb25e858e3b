"""The labs' examples run: each script of `python/examples/` ends without an
error (their asserts check the documents' facts), and every code cell of the
notebook runs in order, each answer it shows drawing itself as SVG."""

from __future__ import annotations

import ast
import json
import runpy
from pathlib import Path
from typing import Any, Dict

import pytest

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
SCRIPTS = sorted(p.name for p in EXAMPLES.glob("*.py"))


def test_there_is_a_script_per_source_document() -> None:
    assert SCRIPTS == [
        "knight_lab.py",
        "lights_out_chapter.py",
        "lights_out_lab.py",
        "revertigo_page.py",
        "sudoku_page.py",
    ]


@pytest.mark.parametrize("name", SCRIPTS)
def test_the_script_runs(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    runpy.run_path(str(EXAMPLES / name), run_name="__main__")
    assert capsys.readouterr().out.strip()


def test_every_cell_of_the_notebook_runs_and_draws() -> None:
    notebook = json.loads((EXAMPLES / "labs.ipynb").read_text(encoding="utf-8"))
    space: Dict[str, Any] = {}
    drawn = 0
    for cell in notebook["cells"]:
        if cell["cell_type"] != "code":
            continue
        tree = ast.parse("".join(cell["source"]))
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        exec(compile(tree, "labs.ipynb", "exec"), space)
        if last is None:
            continue
        shown = eval(compile(ast.Expression(last.value), "labs.ipynb", "eval"), space)
        if hasattr(shown, "_repr_svg_"):
            assert shown._repr_svg_().startswith("<svg")
            drawn += 1
    assert drawn == 5
