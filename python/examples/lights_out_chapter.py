"""The Lights Out chapter (after Sanchez & Pareja-Flores): light chasing row
by row and the 5-unknown system of the first row (B₅ = A⁵ + A), the quiet
patterns of 5×5, and the solution with the fewest presses.

Run: python lights_out_chapter.py
"""

import puzzles

#: The chapter's example state, and the lights its harvest leaves: 1 0 1 1 0.
STATE = ".##.#\n#...#\n..#..\n#..#.\n.###."


def main():
    chased = puzzles.lightsout(board=STATE, mode="steps", method="chase")
    for step in chased:
        if step.step == "chase":
            print(f"chase {step.chase}, row {step.row}: {step.presses}")
        elif step.step == "system":
            print(f"the first row's system (harvest {step.harvest}):")
            for equation in step.to_dict()["equations"]:
                print(f"  {equation[:-1]} | {equation[-1]}")
            assert [e[:5] for e in step.to_dict()["equations"]] == ["01101", "11100", "11011", "00111", "10110"]
        elif step.step == "first-row":
            print(f"first row {step.presses}, {step.nullity} free unknowns")
    print(f"{chased.solutions} solutions; {chased.press_count} presses, replayed")

    # The quiet patterns: presses that change nothing (the chapter's neutral procedures).
    quiet = puzzles.lightsout(board=STATE, quiet_patterns=True).quiet_patterns
    print(f"5×5 has {len(quiet)} quiet patterns:")
    for pattern in quiet:
        print("  " + " ".join("".join("X" if v else "." for v in row) for row in pattern))
    assert len(quiet) == 2

    # The fastest solution: the fewest presses among the four.
    fewest = puzzles.lightsout(board=STATE, fewest=True)
    print(f"fewest presses: {fewest.press_count} (proven: {fewest.minimal})")
    assert fewest.press_count <= chased.press_count


if __name__ == "__main__":
    main()
