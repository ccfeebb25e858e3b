#!/usr/bin/env python3
"""Browser tests of the page: each game played to a win in headless Chromium
through the page's own controls (clicks and keys), the results checked by
independent replays written here, and the game ID of a URL reproduced.

Run after web/build.sh: `python3 web/tests/browser.py [--screenshots docs]`.
Needs Debian's chromium and chromium-driver. Prints "N passed, N failed".
"""

import functools
import http.server
import os
import sys
import threading
import time
import traceback

sys.path.insert(0, os.path.dirname(__file__))
from webdriver import Browser  # noqa: E402

WWW = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "www")
SHOTS = sys.argv[sys.argv.index("--screenshots") + 1] if "--screenshots" in sys.argv else None
TESTS = []


def test(f):
    TESTS.append(f)
    return f


def shot(b, name):
    if SHOTS:
        time.sleep(0.3)
        b.screenshot(os.path.join(SHOTS, f"web-{name}.png"))


def status(b):
    e = b.find("#status")
    return b.attribute(e, "class"), b.text(e)


def won(b):
    return status(b)[0] == "won"


def grid_click(b, element, rows, cols, r, c):
    rect = b.cmd("GET", f"/element/{element}/rect")
    w, h = rect["width"], rect["height"]
    b.click_at(element, (c + 0.5) * w / cols - w / 2, (r + 0.5) * h / rows - h / 2)


# ---- independent rules, to check what the page did ----

def lights_out_after(board, presses):
    """The classic cross rule on rows of '0'/'1': each press flips its cell and four neighbours."""
    g = [[int(ch) for ch in row] for row in board]
    for r, c in presses:
        for dr, dc in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)):
            if 0 <= r + dr < len(g) and 0 <= c + dc < len(g[0]):
                g[r + dr][c + dc] ^= 1
    return g


def revertigo_black(rows, cols, walk):
    """Whether `walk` from the bottom-left corner blackens the board (each landing flips a cross)."""
    step = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
    pos = (rows - 1, 0)
    landings = [pos]
    for letter in walk:
        pos = (pos[0] + step[letter][0], pos[1] + step[letter][1])
        assert 0 <= pos[0] < rows and 0 <= pos[1] < cols, "the walk leaves the board"
        landings.append(pos)
    return all(v == 1 for row in lights_out_after(["0" * cols] * rows, landings) for v in row)


def sudoku_valid(values, n, br, bc):
    """Every row, column and box of the n×n grid holds 1..n once."""
    units = [[r * n + c for c in range(n)] for r in range(n)] + [[r * n + c for r in range(n)] for c in range(n)]
    units += [[(r0 + i // bc) * n + c0 + i % bc for i in range(n)] for r0 in range(0, n, br) for c0 in range(0, n, bc)]
    return all(sorted(values[i] for i in u) == list(range(1, n + 1)) for u in units)


def sudoku_solve(values, n=9, br=3, bc=3):
    """The solutions of a grid by plain backtracking (at most two), an independent check."""
    out = []

    def go(v):
        if len(out) == 2:
            return
        try:
            i = v.index(0)
        except ValueError:
            out.append(list(v))
            return
        r, c = divmod(i, n)
        used = {v[r * n + k] for k in range(n)} | {v[k * n + c] for k in range(n)}
        r0, c0 = r - r % br, c - c % bc
        used |= {v[(r0 + k // bc) * n + c0 + k % bc] for k in range(n)}
        for d in range(1, n + 1):
            if d not in used:
                v[i] = d
                go(v)
                v[i] = 0

    go(list(values))
    return out


def sudoku_values(b):
    return [int(t, 36) if t else 0 for t in b.script(
        "return [...document.querySelectorAll('.sudoku .c')].map(c => c.classList.contains('given') || c.classList.contains('entry') ? c.textContent : '')")]


# ---- the tests ----

@test
def lights_out_5x5_is_played_out_by_clicking_the_hinted_cells(b, url):
    b.open(url + "#game=lightsout&size=5x5&start=solvable&seed=11")
    canvas = b.find("canvas")
    board = b.wait("the board", lambda: b.attribute(canvas, "data-board")).split("/")
    b.click(b.find("#lo-hints"))
    marks = b.wait("the hinted presses", lambda: b.attribute(canvas, "data-marks")).split()
    presses = [tuple(int(x) for x in m.split("x")[0].split(",")) for m in marks]
    assert all(v == 0 for row in lights_out_after(board, presses) for v in row), "the hints do not solve the board"
    assert not won(b)
    for i, (r, c) in enumerate(presses):
        grid_click(b, canvas, 5, 5, r, c)
        b.wait("the marks to follow the click", lambda: len(b.attribute(canvas, "data-marks").split()) == len(presses) - i - 1)
    b.wait("the win", lambda: won(b))
    assert b.attribute(canvas, "data-lit") == "0"
    b.click(b.find("#undo"))
    b.wait("undo to give the last press back", lambda: b.attribute(canvas, "data-lit") != "0")
    b.click(b.find("#redo"))
    b.wait("redo to press it again", lambda: b.attribute(canvas, "data-lit") == "0")
    # Opened at once, while the hints' solver call is still out: its answer
    # must not put the last game's parameters back over the link.
    b.open(url + "#game=lightsout&size=10x10&k=3&start=random&seed=5&hints=1")
    b.wait("the answer", lambda: "10×10, 3 states" in b.text(b.find("#info")))
    shot(b, "lightsout")


@test
def lights_out_200x200_is_answered_in_the_page(b, url):
    b.open(url + "#game=lightsout&size=200x200&start=solvable&seed=3&hints=1")
    canvas = b.find("canvas")
    b.wait("the answer", lambda: "Nullity" in b.text(b.find("#info")), timeout=120)
    info = b.text(b.find("#info"))
    assert "Solvable" in info, info
    print("   ", info.replace("\n", " "))
    b.click(b.find("#solve"))
    b.wait("the animated solve", lambda: won(b), timeout=120)
    assert b.attribute(canvas, "data-lit") == "0"


@test
def revertigo_3x3_is_blackened_by_keys(b, url):
    b.open(url + "#game=revertigo&size=3x3")
    b.click(b.find("#solve"))
    walk = b.wait("the walk", lambda: b.text(b.find("#rv-walk")))
    assert revertigo_black(3, 3, walk), walk
    b.wait("the replay", lambda: won(b))
    b.click(b.find("#restart"))
    assert not won(b)
    b.click(b.find("h1"))  # the keys go to the page
    b.keys([{"N": "ArrowUp", "E": "ArrowRight", "S": "ArrowDown", "W": "ArrowLeft"}[m] for m in walk])
    b.wait("the win", lambda: won(b))
    assert b.attribute(b.find(".revertigo"), "data-white") == "0"
    assert f"{len(walk)} moves" in status(b)[1]
    b.open(url + "#game=revertigo&size=6x8")
    b.click(b.find("#options button"))  # the activation map
    b.wait("the map", lambda: b.find_all(".revertigo .c.map"))
    b.keys(["ArrowRight", "ArrowRight", "ArrowUp"])
    shot(b, "revertigo")


@test
def a_5x5_knights_tour_is_played_by_clicking(b, url):
    b.open(url + "#game=knight&size=5x5&start=0,0")
    b.click(b.find("#solve"))
    b.wait("the tour", lambda: won(b))
    numbers = b.script("return [...document.querySelectorAll('.knight .c')].map(c => +c.textContent)")
    order = sorted(range(25), key=lambda i: numbers[i])
    assert sorted(numbers) == list(range(1, 26)), numbers
    for a, c in zip(order, order[1:]):
        assert sorted((abs(a // 5 - c // 5), abs(a % 5 - c % 5))) == [1, 2], "not a knight's move"
    b.click(b.find("#restart"))
    cells = b.find_all(".knight .c")
    for i in order[1:]:
        assert not won(b)
        b.click(cells[i])
    b.wait("the win", lambda: won(b))
    b.open(url + "#game=knight&size=8x8&start=0,0&order=plain")
    b.click(b.find("#kn-watch"))
    b.wait("the search drawn", lambda: "Steps" in b.text(b.find("#kn-nodes")))
    time.sleep(2)
    shot(b, "knight")


@test
def a_4x4_sudoku_is_typed_to_a_win(b, url):
    b.open(url + "#game=sudoku&box=2x2")
    b.wait("the generated puzzle", lambda: len(b.find_all(".sudoku .c.given")) > 0)
    givens = sudoku_values(b)
    b.click(b.find("#solve"))
    solution = sudoku_values(b)
    assert sudoku_valid(solution, 4, 2, 2) and all(g in (0, s) for g, s in zip(givens, solution))
    assert sudoku_solve(givens, 4, 2, 2) == [solution], "the puzzle has one solution"
    b.click(b.find("#restart"))
    cells = b.find_all(".sudoku .c")
    for i, g in enumerate(givens):
        if not g:
            b.click(cells[i])
            b.keys(str(solution[i]))
    b.wait("the win", lambda: won(b))


@test
def a_9x9_hint_shows_where_then_why_and_applies(b, url):
    # A puzzle of the Wikipedia article "Sudoku" (a single solution).
    puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    b.open(url + f"#game=sudoku&box=3x3&puzzle={puzzle}")
    b.wait("the puzzle", lambda: len(b.find_all(".sudoku .c.given")) == 30)
    before = sudoku_values(b)
    (solution,) = sudoku_solve(before)
    b.click(b.find("#su-hint-button"))
    focus = b.wait("the cells of the hint", lambda: b.find_all(".sudoku .c.focus"))
    assert not b.find_all("#su-apply"), "the first stage shows only where"
    b.click(b.find("#su-hint-button"))
    apply = b.wait("the step in words", lambda: b.find_all("#su-apply"))
    text = b.text(b.find("#su-hint"))
    assert text.strip(), "the step is named"
    shot(b, "sudoku")
    b.click(apply[0])
    after = sudoku_values(b)
    placed = [i for i in range(81) if before[i] != after[i]]
    assert placed, f"the hint placed nothing: {text}"
    assert all(after[i] == solution[i] for i in placed), "the hint's digit is the solution's"
    assert len(focus) >= 1
    # With auto-candidates, the hint is asked with the page's pencil marks.
    b.click(b.find("#options input[type=checkbox]"))
    b.click(b.find("#su-hint-button"))
    b.wait("the cells of the hint", lambda: b.find_all(".sudoku .c.focus"))
    b.click(b.find("#su-hint-button"))
    apply = b.wait("the step in words", lambda: b.find_all("#su-apply"))
    b.click(apply[0])
    marked = sudoku_values(b)
    assert all(marked[i] in (after[i], solution[i]) for i in range(81)), "the hint's digits are the solution's"
    after = marked
    b.click(b.find("#options input[type=checkbox]"))
    # A pasted puzzle that does not read: one line naming where, the game kept.
    b.click(b.find("textarea"))
    b.keys("53..7....\n6..1x5...")
    b.click(b.find("#su-load"))
    b.wait("the refusal", lambda: status(b)[0] == "error")
    assert "2" in status(b)[1], status(b)  # line 2
    print("   ", status(b)[1])
    assert sudoku_values(b) == after, "the board being played is kept"
    b.keys("x")  # corner marks
    b.click(b.find_all(".sudoku .c")[2])
    b.keys("12")
    assert b.find_all(".sudoku .c .corner"), "a corner mark is drawn"


@test
def a_url_game_id_reproduces_the_board(b, url):
    link = url + "#game=lightsout&size=7x6&start=random&seed=42"
    b.open(link)
    first = b.wait("the board", lambda: b.attribute(b.find("canvas"), "data-board"))
    b.open("about:blank")
    b.open(link)
    assert b.wait("the board", lambda: b.attribute(b.find("canvas"), "data-board")) == first
    b.open(url + f"#game=lightsout&size=7x6&board={first}")
    assert b.wait("the board", lambda: b.attribute(b.find("canvas"), "data-board")) == first
    assert len(first.split("/")) == 7 and all(len(r) == 6 for r in first.split("/"))
    b.open(url + "#game=lightsout&size=zz")
    notice = b.wait("the notice", lambda: b.text(b.find("#notice")))
    assert "zz" in notice and len(b.attribute(b.find("canvas"), "data-board").split("/")) == 5
    b.open(url + "#game=sudoku&box=3x3&puzzle=12")
    assert "does not read" in b.wait("the notice", lambda: b.text(b.find("#notice")))
    b.open(url + "#game=sudoku&box=2x2&puzzle=1..1............")
    b.wait("the refusal", lambda: status(b)[0] == "error")
    assert "same digit" in status(b)[1] or "No solution" in status(b)[1], status(b)


@test
def a_long_call_can_be_cancelled_and_the_page_goes_on(b, url):
    b.open(url + "#game=knight&size=7x7&start=0,0")
    b.click(b.find_all("#options button")[-1])  # count the tours: long on 7×7
    bar = b.find("#progress")
    b.wait("the progress bar", lambda: b.attribute(bar, "hidden") is None)
    b.click(b.find("#cancel"))
    b.wait("the cancel", lambda: status(b)[1] == "Cancelled.")
    b.click(b.find("#solve"))
    b.wait("a tour after the cancel", lambda: won(b))


def main():
    handler = functools.partial(QuietHandler, directory=WWW)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    passed = failed = 0
    b = Browser()
    try:
        for t in TESTS:
            start = time.time()
            try:
                t(b, url)
                passed += 1
                print(f"ok   {t.__name__} ({time.time() - start:.1f} s)")
            except Exception:
                failed += 1
                print(f"FAIL {t.__name__}")
                traceback.print_exc()
    finally:
        b.quit()
        server.shutdown()
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


if __name__ == "__main__":
    sys.exit(main())
