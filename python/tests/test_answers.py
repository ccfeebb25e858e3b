"""One call per puzzle: `to_dict()` equals the command line's `--json` for
the same request, listings are lazy iterators whose items are the command's
JSON lines, and the attributes are the answer's keys."""

from __future__ import annotations

import itertools

import puzzles
from conftest import cli_json, cli_lines, example


def test_each_puzzle_answers_as_the_command_line_does() -> None:
    pairs = [
        (puzzles.lightsout(board=example("lightsout/5x5-all-on.txt")),
         cli_json("lightsout", "--state", "puzzles/lightsout/5x5-all-on.txt")),
        (puzzles.lightsout(board={"random": {"rows": 6, "cols": 7, "seed": 3}}, mode="count"),
         cli_json("lightsout", "6", "7", "--seed", "3", "--count")),
        (puzzles.revertigo(dims=(4, 4)), cli_json("revertigo", "4", "4")),
        (puzzles.knight(dims=5), cli_json("knight", "5")),
        (puzzles.knight(dims=(6, 6), mode="count", starts="sum"),
         cli_json("knight", "6", "6", "--count", "--sum")),
        (puzzles.sudoku(source=example("sudoku/9x9-block.txt")),
         cli_json("sudoku", "puzzles/sudoku/9x9-block.txt")),
    ]
    for answer, expected in pairs:
        assert answer.to_dict() == expected


def test_the_attributes_are_the_answers_keys() -> None:
    answer = puzzles.knight(dims=(6, 6), mode="count", starts="sum")
    # The published number of open tours of 6×6 from every start (OEIS A165134).
    assert answer.total == "6637920"
    assert answer.mode == "count"
    assert "peak_states" in dir(answer)


def test_a_listing_is_a_lazy_iterator_of_the_command_lines_items() -> None:
    lines = cli_lines("knight", "5", "--all", "--limit", "4")
    answer = puzzles.knight(dims=5, mode="list", limit=4)
    items = [item.to_dict() for item in answer]
    assert items == lines[:-1]
    assert answer.to_dict() == lines[-1]
    # Lazy: 5×5 has 304 tours from a corner, and two of them are read only.
    listing = puzzles.knight(dims=5, mode="list")
    first_two = [item.index for item in itertools.islice(listing, 2)]
    assert first_two == [1, 2]
    assert listing.listed == 304 and listing.complete


def test_a_sudoku_batch_iterates_its_lines() -> None:
    lines = cli_lines("sudoku", "puzzles/sudoku/batch-9x9.txt")
    answer = puzzles.sudoku(source=example("sudoku/batch-9x9.txt"))
    assert [item.to_dict() for item in answer] == lines[:-1]
    assert answer.to_dict() == lines[-1]
