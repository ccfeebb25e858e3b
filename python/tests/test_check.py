"""Their own answers checked: a verdict, true when right, false when not,
naming the first thing wrong in the puzzle's own words; the same verdict as
the command line's `--check`."""

from __future__ import annotations

import puzzles
from conftest import cli_json, example, run


def test_presses_are_checked() -> None:
    plus = ".#.\n###\n.#.\n"
    assert puzzles.lightsout(board=plus, mode="check", presses=[[0, 0, 0], [0, 1, 0], [0, 0, 0]])
    wrong = puzzles.lightsout(board=plus, mode="check", presses=[[1, 0, 0], [0, 0, 0], [0, 0, 0]])
    assert not wrong
    assert wrong.flaw["flaw"] == "lights_on"
    # A corner press toggles 3 cells, 2 of them lit: 5 - 2 + 1 = 4 left on.
    assert wrong.flaw["count"] == 4
    assert wrong.reason == "4 light(s) stay on after the presses, the first at 0,0"
    # Rows as strings, as a file of presses writes them.
    assert puzzles.lightsout(board=plus, mode="check", presses=["...", ".X.", "..."])
    # Presses of the wrong size: a verdict that says so, not an exception.
    small = puzzles.lightsout(board=plus, mode="check", presses=[[1]])
    assert not small and small.flaw["flaw"] == "wrong_shape"


def test_presses_on_a_graph_are_checked_by_the_vertices_names() -> None:
    graph = {"graph": {"text": example("lightsout/petersen.txt").read_text(encoding="utf-8")}}
    outer = ["o0", "o1", "o2", "o3", "o4"]
    right = puzzles.lightsout(board=graph, mode="check", presses=outer)
    expected = cli_json(
        "lightsout", "--graph", "puzzles/lightsout/petersen.txt",
        "--check", "puzzles/lightsout/petersen-outer.txt",
    )
    assert right and right.to_dict() == expected
    # o4 left out: the four vertices its press changes stay on.
    verdict = puzzles.lightsout(board=graph, mode="check", presses=outer[:4])
    assert not verdict and verdict.flaw == {"flaw": "vertex_on", "first": "o0", "count": 4}
    assert list(verdict.after) == ["o0", "o3", "o4", "i4"]
    nowhere = puzzles.lightsout(board=graph, mode="check", presses=("o0", "o9"))
    assert not nowhere and nowhere.flaw == {"flaw": "no_such_vertex", "name": "o9"}


def test_a_tour_is_checked() -> None:
    tour = puzzles.knight(dims=5).tour
    assert puzzles.knight(dims=5, mode="check", tour=tour)
    spoiled = tour.tolist() if hasattr(tour, "tolist") else list(tour)
    spoiled[10], spoiled[11] = spoiled[11], spoiled[10]
    verdict = puzzles.knight(dims=5, mode="check", tour=spoiled)
    assert not verdict and verdict.flaw["flaw"] == "not_a_knight_move"
    assert "not a knight's move" in verdict.reason
    assert not puzzles.knight(dims=5, mode="check", tour=[[0, 0], [9, 9]])


def test_a_filled_grid_is_checked_as_the_command_line_checks_it() -> None:
    puzzle = "1... ..3. .4.. ...2"
    assert puzzles.sudoku(source=puzzle, mode="check", solution="1324423124133142")
    verdict = puzzles.sudoku(source=puzzle, mode="check", solution="1234423124133142")
    assert not verdict and verdict.flaw["flaw"] == "same_digit"
    code, _, err = run("sudoku", "puzzles/sudoku/4x4.txt", "--check", "-", "--json", stdin="1234423124133142")
    assert code == 1, err
    expected = cli_json("sudoku", "puzzles/sudoku/4x4.txt", "--check", "puzzles/sudoku/4x4.txt", status=1)
    assert expected["flaw"]["flaw"] == "empty_cell"
    # The puzzle itself given as its own solution: its first blank is named, as by the command.
    unfilled = example("sudoku/4x4.txt").read_text(encoding="utf-8")
    mine = puzzles.sudoku(source=example("sudoku/4x4.txt"), mode="check", solution=unfilled)
    assert not mine and mine.to_dict() == expected


def test_a_walk_is_checked() -> None:
    assert puzzles.revertigo(dims=(3, 3), mode="check", walk="NNSEENSS")
    verdict = puzzles.revertigo(dims=(3, 3), mode="check", walk="NNX")
    assert not verdict and verdict.flaw == {"flaw": "not_a_move", "index": 3, "found": "X"}
