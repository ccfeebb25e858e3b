"""The Sudoku page: a grid solved, and the backtracking that fills the most
constrained cell first, followed node by node.

Run: python sudoku_page.py
"""

import puzzles

GRID = ".83.2..9....8..1...293....8....987...7.....6...674....3....698...2..5....1..3.54."


def main():
    solved = puzzles.sudoku(source=GRID)
    print("solution (unique: %s):" % solved.unique)
    print(solved.to_dict()["solution"])

    search = puzzles.sudoku(source=GRID, mode="steps", max_steps=12)
    for step in search:
        if step.step == "choose":
            print(f"depth {step.depth}: cell {step.cell}, candidates {step.candidates}")
        elif step.step == "guess":
            print(f"  guess {step.digit}")
        else:
            print(f"  backtrack from {step.cell}")
    print(f"{search.steps} steps in all ({search.not_shown} not shown); same solution: "
          f"{search.to_dict()['solution'] == solved.to_dict()['solution']}")
    assert search.to_dict()["solution"] == solved.to_dict()["solution"]


if __name__ == "__main__":
    main()
