"""The Lights Out lab: solve the board by Gaussian elimination over GF(2) on
its n²×(n²+1) augmented matrix, pivot by pivot, and tell the three outcomes
apart (a unique solution, several, none).

Run: python lights_out_lab.py
"""

import puzzles


def eliminate(board):
    """The board solved by the lab's elimination: its pivots, then the end."""
    answer = puzzles.lightsout(board=board, mode="steps", method="gauss")
    pivots = list(answer)
    return pivots, answer


def main():
    # The lab's check: a 3×3 board gives a 9×10 matrix that ends as the
    # identity beside the presses.
    pivots, end = eliminate("#.#\n.#.\n#.#")
    last = pivots[-1]
    print(f"3×3: {len(pivots)} pivots; the last one at {last.pivot}, rows {last.added_to} changed")
    for row in last.to_dict()["matrix"]:
        print("  " + " ".join(row[:-1]) + " | " + row[-1])
    assert len(last.to_dict()["matrix"]) == 9 and len(last.to_dict()["matrix"][0]) == 10
    print("presses:", end.to_dict()["presses"])

    # The three outcomes.
    _, unique = eliminate("#..\n...\n...")
    _, several = eliminate("####\n####\n####\n####")
    _, none = eliminate("#....\n.....\n.....\n.....\n.....")
    print(f"3×3 one light: {unique.solutions} solution (nullity {unique.nullity})")
    print(f"4×4 all on: {several.solutions} solutions ({several.nullity} free unknowns, set to 0)")
    print(f"5×5 one corner light: no solution, row {none.contradiction} reads 0 = 1")
    assert (unique.nullity, several.solutions, none.solvable) == (0, "16", False)


if __name__ == "__main__":
    main()
