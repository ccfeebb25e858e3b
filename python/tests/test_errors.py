"""Refusals are PuzzleError (a ValueError) with the command line's one line;
unknown keywords are refused; a student's answer of the wrong size is a
verdict, not an exception."""

from __future__ import annotations

import pytest

import puzzles
from conftest import run


def test_a_refusal_carries_the_command_lines_message() -> None:
    code, _, err = run("lightsout", "--state", "-", stdin=".#.\n#x#\n")
    assert code == 2
    with pytest.raises(puzzles.PuzzleError) as caught:
        puzzles.lightsout(board={"given": {"name": "-", "text": ".#.\n#x#\n"}})
    assert isinstance(caught.value, ValueError)
    message = str(caught.value)
    assert "\n" not in message and message in err
    assert "-:2:2: 'x' is not a light" in message


def test_out_of_range_and_unknown_keywords_are_refused() -> None:
    with pytest.raises(puzzles.PuzzleError, match='unknown keyword "colour"'):
        puzzles.knight(dims=5, colour="red")
    with pytest.raises(puzzles.PuzzleError):
        puzzles.knight(dims=(100000, 100000))
    with pytest.raises(puzzles.PuzzleError):
        puzzles.revertigo(dims=(0, 3))
    with pytest.raises(puzzles.PuzzleError):
        puzzles.sudoku(source="12", mode="solve")


def test_a_key_the_mode_would_not_use_is_refused() -> None:
    grid = "1... ..3. .4.. ...2"
    with pytest.raises(puzzles.PuzzleError, match="seed goes with a generation"):
        puzzles.sudoku(source=grid, seed=3)
    with pytest.raises(puzzles.PuzzleError, match="time_limit goes with an explanation"):
        puzzles.sudoku(source=grid, mode="count", time_limit=5)
    with pytest.raises(puzzles.PuzzleError, match="techniques goes with an explanation"):
        puzzles.sudoku(source=grid, techniques="sukaku")
    # The same keys where the mode uses them.
    assert puzzles.sudoku(source=grid, mode="rate", time_limit=5, techniques="sukaku")
    assert puzzles.sudoku(source=grid, mode="transform", seed=3)
    with pytest.raises(puzzles.PuzzleError, match="seed draws a board's random sides"):
        puzzles.revertigo(dims=(4, 4), seed=3)
    assert puzzles.revertigo(seed=3)
