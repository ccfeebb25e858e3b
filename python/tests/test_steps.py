"""The algorithms' steps from Python: the same steps and end as the command
line's `--steps --json`, reached through the one bridge (no code of its own),
bounded by `max_steps` with the steps left out counted, and replayed."""

from __future__ import annotations

import puzzles
from conftest import cli_lines, example


def both(answer: puzzles.Answer) -> list:
    """The steps then the end, as the command's JSON Lines."""
    return [item.to_dict() for item in answer] + [answer.to_dict()]


def test_every_puzzles_steps_are_the_command_lines() -> None:
    pairs = [
        (puzzles.lightsout(board={"random": {"rows": 3, "cols": 3, "seed": 1}}, mode="steps", max_steps=3),
         cli_lines("lightsout", "3", "--seed", "1", "--steps", "--max-steps", "3")),
        (puzzles.lightsout(board=example("lightsout/5x5-all-on.txt"), mode="steps", method="chase"),
         cli_lines("lightsout", "--state", "puzzles/lightsout/5x5-all-on.txt", "--steps", "--method", "chase")),
        (puzzles.revertigo(dims=(5, 4), mode="steps"), cli_lines("revertigo", "5", "4", "--steps")),
        (puzzles.knight(dims=5, mode="steps", limit=6), cli_lines("knight", "5", "--steps", "--max-steps", "6")),
        (puzzles.sudoku(source=example("sudoku/9x9-block.txt"), mode="steps", max_steps=20),
         cli_lines("sudoku", "puzzles/sudoku/9x9-block.txt", "--steps", "--max-steps", "20")),
    ]
    for answer, lines in pairs:
        assert both(answer) == lines


def test_the_labs_3x3_matrix_and_the_count_of_steps_left_out() -> None:
    answer = puzzles.lightsout(board="#.#\n.#.\n#.#", mode="steps")
    pivots = list(answer)
    matrix = pivots[-1].to_dict()["matrix"]
    assert (len(matrix), len(matrix[0])) == (9, 10)
    assert [row[:9] for row in matrix] == ["".join("1" if i == j else "0" for j in range(9)) for i in range(9)]
    bounded = puzzles.lightsout(board="#.#\n.#.\n#.#", mode="steps", max_steps=4)
    assert len(list(bounded)) == 4
    assert (bounded.steps, bounded.not_shown) == (9, 5)


def test_the_sudoku_steps_replay_to_the_solution() -> None:
    answer = puzzles.sudoku(source=example("sudoku/9x9-block.txt"), mode="steps")
    cells = [0 if c == "." else int(c) for c in answer.to_dict()["puzzle"]]
    for step in answer:
        row, col = step.cell
        if step.step == "guess":
            cells[row * 9 + col] = step.digit
        elif step.step == "backtrack":
            cells[row * 9 + col] = 0
    assert "".join(map(str, cells)) == answer.to_dict()["solution"]
