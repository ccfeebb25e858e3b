"""The Revertigo page: the 20×20 activation map, the polynomial method that
finds it from the first row's unknowns, and a walk that turns every cell black.

Run: python revertigo_page.py
"""

import puzzles


def main():
    big = puzzles.revertigo(dims=(20, 20))
    print(f"20×20: {big.solutions} activation map(s), {big.activated} cells activated")
    print("\n".join(big.to_dict()["map"]))

    method = puzzles.revertigo(dims=(20, 20), mode="steps")
    steps = list(method)
    system = next(s for s in steps if s.step == "system")
    first = next(s for s in steps if s.step == "first-row")
    print(f"the polynomial method: {system.unknowns} unknowns, first row {first.first_row}")
    assert method.to_dict()["map"] == big.to_dict()["map"]

    walk = puzzles.revertigo(dims=(4, 4))
    print(f"4×4: the walk {walk.walk} ({walk.moves} moves) turns every cell black: {walk.black}")
    assert bool(puzzles.revertigo(dims=(4, 4), mode="check", walk=walk.walk))


if __name__ == "__main__":
    main()
