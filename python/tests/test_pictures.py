"""Pictures in notebooks: `_repr_svg_` and `.svg()` are the command line's own SVG."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import puzzles
from conftest import ROOT, run


@pytest.mark.parametrize(
    "call, args",
    [
        (lambda: puzzles.lightsout(board={"random": {"rows": 5, "cols": 5, "seed": 1}}), ["lightsout", "5", "--seed", "1"]),
        (lambda: puzzles.revertigo(dims=(4, 4)), ["revertigo", "4", "4"]),
        (lambda: puzzles.knight(dims=6), ["knight", "6"]),
        (lambda: puzzles.sudoku(source=ROOT / "puzzles/sudoku/6x6.txt"), ["sudoku", "puzzles/sudoku/6x6.txt"]),
    ],
)
def test_the_picture_is_the_command_lines(call, args, tmp_path) -> None:  # type: ignore[no-untyped-def]
    drawn = tmp_path / "picture.svg"
    code, _, err = run(*args, "--svg", str(drawn))
    assert code == 0, err
    answer = call()
    assert answer._repr_svg_() == answer.svg() == drawn.read_text(encoding="utf-8")
    assert ET.fromstring(answer.svg()).tag.endswith("svg")
    # The puzzle alone, as --sheet draws it.
    sheet = tmp_path / "sheet.svg"
    assert run(*args, "--sheet", str(sheet))[0] == 0
    assert answer.svg(solved=False) == sheet.read_text(encoding="utf-8")


def test_a_listing_has_no_picture_and_a_notebook_draws_nothing() -> None:
    table = puzzles.lightsout(mode="table", **{"from": 2, "to": 4})
    assert table._repr_svg_() is None
    with pytest.raises(puzzles.PuzzleError):
        table.svg()
