"""The knight's tour lab: a tour printed as the lab prints it, the search's
animation as steps (each move and retreat, Warnsdorff's scores), and the
tours of small boards counted.

Run: python knight_lab.py
"""

import puzzles


def board(rows, cols, tour):
    """The lab's board: each square's number in the tour, as `%2d|` cells."""
    numbers = [[0] * cols for _ in range(rows)]
    for n, (r, c) in enumerate(tour, 1):
        numbers[r][c] = n
    return "\n".join("".join(f"{n:2d}|" for n in row) for row in numbers)


def main():
    tour = puzzles.knight(dims=(6, 6))
    print(board(6, 6, [tuple(square) for square in tour.to_dict()["tour"]]))

    # The animation: the lab's move order on 5×5, every move and retreat.
    steps = puzzles.knight(dims=(5, 5), mode="steps", order="plain", limit=40)
    retreats = sum(1 for step in steps if step.action == "clear")
    print(f"the first 40 steps of the lab's order: {retreats} retreats")
    # Warnsdorff's order: each move with the scores of the next squares.
    for step in puzzles.knight(dims=(5, 5), mode="steps", limit=3):
        print(f"to {step.square} (number {step.number}); next: {step.scores}")

    # Counting small boards: directed open tours from every start.
    for rows, cols in [(3, 4), (3, 7), (4, 5), (5, 5)]:
        total = puzzles.knight(dims=(rows, cols), mode="count", starts="sum").total
        print(f"{rows}×{cols}: {total} open tours")
    assert puzzles.knight(dims=(5, 5), mode="count").count == "304"


if __name__ == "__main__":
    main()
