"""Grids in as lists, strings in the files' formats, numpy arrays or file
paths, all read alike; grids out as numpy arrays when numpy is installed."""

from __future__ import annotations

import pytest

import puzzles
from conftest import example

np = pytest.importorskip("numpy")

PLUS = [[0, 1, 0], [1, 1, 1], [0, 1, 0]]


def test_a_board_given_four_ways_is_one_board() -> None:
    ways = [PLUS, ".#.\n###\n.#.\n", np.array(PLUS), example("lightsout/3x3-plus.txt")]
    answers = [puzzles.lightsout(board=way) for way in ways]
    for answer in answers:
        # The plus is one press in the middle.
        assert answer.press_count == 1
        assert np.array_equal(answer.presses, [[0, 0, 0], [0, 1, 0], [0, 0, 0]])
    assert len({str(a.to_dict()["presses"]) for a in answers}) == 1


def test_grids_come_back_as_arrays() -> None:
    answer = puzzles.lightsout(board=np.ones((5, 5), dtype=int))
    assert isinstance(answer.presses, np.ndarray) and answer.presses.shape == (5, 5)
    # The presses turn every light off: each cell toggled an odd number of times.
    p = answer.presses
    toggles = p.copy()
    toggles[1:] += p[:-1]
    toggles[:-1] += p[1:]
    toggles[:, 1:] += p[:, :-1]
    toggles[:, :-1] += p[:, 1:]
    assert np.all(toggles % 2 == 1)
    tour = puzzles.knight(dims=(5, 6)).tour
    assert tour.shape == (30, 2)
    assert len({tuple(sq) for sq in tour}) == 30
    solved = puzzles.sudoku(source=np.array([[1, 0, 0, 0], [0, 0, 3, 0], [0, 4, 0, 0], [0, 0, 0, 2]]))
    grid = solved.solution
    assert grid.shape == (4, 4)
    assert all(sorted(row) == [1, 2, 3, 4] for row in grid.tolist())
    assert all(sorted(col) == [1, 2, 3, 4] for col in grid.T.tolist())
    walk = puzzles.revertigo(dims=(4, 4))
    assert walk.map.dtype == bool and walk.map.shape == (4, 4)


def test_a_grid_of_the_wrong_type_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        puzzles.lightsout(board=[[0, 1], [1, "x"]])
    with pytest.raises(TypeError):
        puzzles.lightsout(board=np.zeros((2, 2, 2), dtype=int))
    with pytest.raises(TypeError):
        puzzles.knight(dims="five")
