#!/usr/bin/env python3
"""Browser tests of the page, played the way a player plays: from the bare
address, each game reached through its tab, only what is on screen used
(clicks, taps, keys, the fields' own typing), on a desktop window (1280×800)
and on a phone (390×844, touch). What the page shows is checked by rules
written here (replays, backtracking, the knight's moves), and a console error
fails the test it happens in.

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
from webdriver import ELEMENT, Browser  # noqa: E402
import play  # noqa: E402
from play import (status, won, result, notice, tab, option, lights_out_after, revertigo_black,  # noqa: E402
                  sudoku_solve, sudoku_values, knight_moves, warnsdorff, sudoku_candidates, grid_click)

WWW = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "www")
SHOTS = sys.argv[sys.argv.index("--screenshots") + 1] if "--screenshots" in sys.argv else None
# Words on the command line pick the tests whose names hold one of them.
PICK = [a for i, a in enumerate(sys.argv[1:]) if not a.startswith("--") and sys.argv[i] != "--screenshots"]
DESKTOP, PHONE = [], []


def desktop(f):
    DESKTOP.append(f)
    return f


def phone(f):
    PHONE.append(f)
    return f


def shot(b, name):
    if SHOTS:
        b.script("window.scrollTo(0, 0)")
        time.sleep(0.4)
        b.screenshot(os.path.join(SHOTS, f"web-{name}.png"))


# ---- desktop ----

@desktop
def every_tab_opens_a_playable_board_from_the_bare_address(b, url):
    play.fresh(b, url)
    b.wait("the first game", lambda: b.find_all("#lo-board"))
    for name, board in (("Revertigo", ".revertigo .c"), ("Knight's tour", ".knight .c"),
                        ("Sudoku", ".sudoku .c.given"), ("Lights Out", "#lo-board")):
        tab(b, name)
        b.wait(f"the {name} board", lambda: b.find_all(board))
        assert "game=" in b.script("return location.hash"), "the address names the game"
    # N is a new game in every game, the Sudoku and the knight's tour included.
    tab(b, "Sudoku")
    first = b.wait("a puzzle", lambda: "".join(map(str, sudoku_values(b))) if b.find_all(".sudoku .c.given") else None)
    b.click(b.find("h1"))
    b.keys("n")
    b.wait("another puzzle", lambda: b.find_all(".sudoku .c.given") and "".join(map(str, sudoku_values(b))) != first, timeout=60)
    tab(b, "Knight's tour")
    b.wait("the board", lambda: b.find_all(".knight .c.legal"))
    b.click(b.find_all(".knight .c.legal")[0])
    b.wait("the move", lambda: len([c for c in b.find_all(".knight .c") if b.text(c)]) == 2)
    b.click(b.find("h1"))
    b.keys("n")
    b.wait("a new board", lambda: len([c for c in b.find_all(".knight .c") if b.text(c)]) == 1)


@desktop
def lights_out_is_won_by_clicking_the_shown_presses_and_the_solver_never_wins(b, url):
    play.fresh(b, url)
    b.type_into(option(b, "#lo-size"), "5\n")
    play.choose(b, "#lo-start", "solvable")
    canvas = b.wait("the 5×5 board", lambda: b.attribute(b.find("#lo-board"), "data-board").count("/") == 4 and b.find("#lo-board"))
    time.sleep(0.3)
    board = b.attribute(canvas, "data-board").split("/")
    b.click(option(b, "#lo-hints"))
    marks = b.wait("the presses", lambda: b.attribute(canvas, "data-marks")).split()
    presses = [tuple(int(x) for x in m.split("x")[0].split(",")) for m in marks]
    assert all(v == 0 for row in lights_out_after(board, presses) for v in row), "the presses do not solve the board"
    for i, (r, c) in enumerate(presses):
        grid_click(b, canvas, 5, 5, r, c)
        b.wait("the marks to follow the press", lambda: len(b.attribute(canvas, "data-marks").split()) == len(presses) - i - 1)
    b.wait("the win", lambda: won(b))
    assert result(b) == "won", "the win is shown on the board"
    b.click(b.find("#undo"))
    b.wait("undo to give the last press back", lambda: b.attribute(canvas, "data-lit") != "0" and not won(b))
    b.click(b.find("#restart"))
    b.wait("the restart", lambda: b.attribute(canvas, "data-board").split("/") == board)
    b.click(b.find("#undo"))
    b.wait("undo to come back past the restart", lambda: b.attribute(canvas, "data-board").split("/") != board)
    b.click(b.find("#solve"))
    b.wait("the solver's answer", lambda: status(b)[0] == "solved")
    assert result(b) == "solved" and "Solved by the solver" in status(b)[1], status(b)
    b.click(b.find("#undo"))
    b.wait("undo to take the solve back", lambda: b.attribute(canvas, "data-lit") != "0")
    # The keyboard: arrows move the focus, space presses.
    clicked = b.attribute(canvas, "data-board")
    b.click(canvas)  # a press in the middle, and the focus
    b.wait("the press", lambda: b.attribute(canvas, "data-board") != clicked)
    before = b.attribute(canvas, "data-board")
    b.keys(["ArrowRight", "ArrowDown", " "])
    b.wait("a press by the keyboard", lambda: b.attribute(canvas, "data-board") != before)
    assert "row 4, column 4" in b.attribute(canvas, "aria-label"), b.attribute(canvas, "aria-label")
    b.type_into(option(b, "#lo-size"), "10\n")  # the presses stay shown
    b.wait("the answer", lambda: "10×10" in b.text(b.find("#info")) and b.attribute(canvas, "data-marks"))
    assert b.rect(b.find("#status"))["y"] < 800 - 40, "the status is in view beside the board"
    shot(b, "lightsout")


@desktop
def undo_during_an_animated_solve_and_a_200x200_board_leave_no_error(b, url):
    b.open(url + "#game=lightsout&size=12x12&start=random&seed=9")
    canvas = b.wait("the board", lambda: b.find("#lo-board"))
    start = b.wait("the board drawn", lambda: b.attribute(canvas, "data-board"))
    b.click(b.find("#solve"))
    b.wait("the animation", lambda: b.attribute(canvas, "data-board") != start)
    b.click(b.find("#undo"))
    b.wait("the board back", lambda: b.attribute(canvas, "data-board") == start, timeout=10)
    time.sleep(0.5)
    assert b.attribute(canvas, "data-board") == start and not won(b)
    b.type_into(option(b, "#lo-size"), "200\n")
    b.click(option(b, "#lo-hints"))
    b.wait("the answer", lambda: "Nullity" in b.text(b.find("#info")), timeout=120)
    print("   ", b.text(b.find("#info")).replace("\n", " "))
    b.click(b.find("#solve"))
    b.wait("the animated solve", lambda: status(b)[0] == "solved", timeout=120)
    assert b.attribute(canvas, "data-lit") == "0"


@desktop
def with_three_states_the_press_marks_leave_the_state_readable(b, url):
    b.open(url + "#game=lightsout&size=5x5&k=3&pattern=cross&torus=0&start=solvable&seed=3&hints=1")
    canvas = b.wait("the board", lambda: b.find("#lo-board"))
    marks = b.wait("the presses", lambda: b.attribute(canvas, "data-marks")).split()
    board = b.attribute(canvas, "data-board").split("/")
    for m in marks:
        r, c = (int(x) for x in m.split("x")[0].split(","))
        # The middle of a marked cell holds the state's digit (black), not the mark (red).
        pixel = b.script("const c = arguments[0], px = c.width / 5; return [...c.getContext('2d').getImageData("
                         "Math.floor((arguments[2] + 0.5) * px), Math.floor((arguments[1] + 0.5) * px) + 1, 1, 1).data]",
                         {ELEMENT: canvas}, r, c)
        assert pixel[:3] != [224, 36, 94], (m, pixel, board[r][c])


@desktop
def a_board_drawn_by_hand_is_the_game_restart_the_torus_and_the_link_keep_it(b, url):
    play.fresh(b, url)
    b.type_into(option(b, "#lo-size"), "4\n")
    canvas = b.wait("the board", lambda: b.attribute(b.find("#lo-board"), "data-board").count("/") == 3 and b.find("#lo-board"))
    b.click(option(b, "#lo-edit"))
    before = b.attribute(canvas, "data-board")
    grid_click(b, canvas, 4, 4, 0, 0)
    grid_click(b, canvas, 4, 4, 3, 3)
    b.wait("the edits", lambda: b.attribute(canvas, "data-board") != before)
    b.click(option(b, "#lo-edit"))
    drawn = b.attribute(canvas, "data-board")
    grid_click(b, canvas, 4, 4, 1, 1)
    b.wait("a press", lambda: b.attribute(canvas, "data-board") != drawn)
    b.click(b.find("#restart"))
    b.wait("restart to the drawn board", lambda: b.attribute(canvas, "data-board") == drawn)
    assert b.script("return new URLSearchParams(location.hash.slice(1)).get('board')") == drawn, "the address holds the drawn board"
    b.click(option(b, "#lo-torus"))
    b.wait("the torus", lambda: "torus=1" in b.script("return location.hash"))
    assert b.attribute(canvas, "data-board") == drawn and not notice(b), notice(b)
    # A stencil typed is the pattern the menu shows.
    b.type_into(option(b, "#lo-stencil"), "#.#/.@./#.#\n")
    b.wait("the stencil read", lambda: b.script("return document.querySelector('#lo-pattern').value") == "custom")
    b.type_into(option(b, "#lo-stencil"), "##/##\n")
    b.wait("the refusal", lambda: "does not read" in notice(b))
    assert b.find_all("#lo-board"), "a board stays"
    b.type_into(option(b, "#lo-stencil"), "#@#\n")
    b.wait("the refusal gone with a stencil that reads", lambda: not notice(b))


@desktop
def revertigo_is_blackened_by_keys_and_taps_and_the_solver_never_wins(b, url):
    play.fresh(b, url)
    tab(b, "Revertigo")
    b.type_into(option(b, "#rv-size"), "3x3\n")
    b.wait("the 3×3 board", lambda: len(b.find_all(".revertigo .c")) == 9)
    b.click(b.find("#solve"))
    walk = b.wait("the walk", lambda: b.text(b.find("#rv-walk")))
    assert revertigo_black(3, 3, walk), walk
    b.wait("the replay", lambda: status(b)[0] == "solved")
    info = b.text(b.find("#info"))
    assert "1 activation map " in info and "maps" not in info, info
    b.click(b.find("#restart"))
    b.wait("the restart", lambda: status(b)[0] == "")
    b.click(b.find(".revertigo"))
    b.keys([{"N": "ArrowUp", "E": "ArrowRight", "S": "ArrowDown", "W": "ArrowLeft"}[m] for m in walk])
    b.wait("the win", lambda: won(b))
    assert result(b) == "won" and b.attribute(b.find(".revertigo"), "data-white") == "0"
    assert f"{len(walk)} moves" in status(b)[1]
    b.keys("ArrowLeft" if walk[-1] != "W" else "ArrowRight")
    b.wait("a move more", lambda: not won(b))
    b.type_into(option(b, "#rv-size"), "6x8\n")
    b.wait("the 6×8 board", lambda: len(b.find_all(".revertigo .c")) == 48)
    b.click(option(b, "#rv-map"))
    b.wait("the map", lambda: b.find_all(".revertigo .c.map"))
    cells = b.find_all(".revertigo .c")
    b.click(cells[4 * 8])  # a tap on the cell above the pawn moves it there
    b.wait("the move", lambda: "pawn" in b.attribute(cells[4 * 8], "class"))
    b.keys(["ArrowRight", "ArrowRight"])
    shot(b, "revertigo")


@desktop
def a_knights_tour_is_played_by_keys_and_the_moves_shown_are_the_rules(b, url):
    play.fresh(b, url)
    tab(b, "Knight's tour")
    b.wait("the board", lambda: b.find_all(".knight .c.legal"))
    b.click(b.find("#solve"))
    b.wait("the solver's tour", lambda: status(b)[0] == "solved")
    assert status(b)[1] == "Solved by the solver: an open tour.", status(b)
    numbers = b.script("return [...document.querySelectorAll('.knight .c')].map(c => +c.textContent)")
    order = sorted(range(25), key=lambda i: numbers[i])
    assert sorted(numbers) == list(range(1, 26)), numbers
    assert all(sorted((abs(a // 5 - c // 5), abs(a % 5 - c % 5))) == [1, 2] for a, c in zip(order, order[1:]))
    b.click(b.find("#restart"))
    b.wait("the restart", lambda: len([n for n in b.script("return [...document.querySelectorAll('.knight .c')].map(c => c.textContent)") if n]) == 1)
    # The tour typed from the keyboard: arrows to the square, Enter.
    b.click(b.find("h1"))
    at = 0
    for i in order[1:]:
        assert not won(b)
        keys = []
        dr, dc = i // 5 - at // 5, i % 5 - at % 5
        keys += ["ArrowDown" if dr > 0 else "ArrowUp"] * abs(dr) + ["ArrowRight" if dc > 0 else "ArrowLeft"] * abs(dc)
        b.keys(keys + ["Enter"])
        b.wait("the move", lambda: b.text(b.find_all(".knight .c")[i]) != "")
        at = i
    b.wait("the win", lambda: won(b))
    assert result(b) == "won" and status(b)[1] == "Won: an open tour!", status(b)
    # Played at random on a 6×6 board with the suggestion shown: the lit
    # squares and the suggested one are the rules' (Warnsdorff's, with Roth's tie-break).
    b.type_into(option(b, "#kn-size"), "6\n")
    b.wait("the 6×6 board", lambda: len(b.find_all(".knight .c")) == 36)
    b.click(option(b, "#kn-suggest"))
    path = [(0, 0)]
    for k in range(12):
        shown = b.wait("the position", lambda: b.script(
            "const c = [...document.querySelectorAll('.knight .c')]; if (c.filter(x => x.textContent).length !== arguments[0]) return null;"
            "return [c.map((x, i) => x.classList.contains('legal') ? i : -1).filter(i => i >= 0), c.findIndex(x => x.classList.contains('suggest'))]", len(path)))
        legal = knight_moves(6, 6, path)
        assert sorted(shown[0]) == sorted(r * 6 + c for r, c in legal), (path, shown)
        want = warnsdorff(6, 6, path)
        assert shown[1] == (want[0] * 6 + want[1] if want else -1), (path, shown)
        if not legal:
            break
        nxt = legal[(k * 7) % len(legal)]
        b.click(b.find_all(".knight .c")[nxt[0] * 6 + nxt[1]])
        path.append(nxt)
    # 8×8 closed cannot be counted in a page: refused, naming the limit.
    b.type_into(option(b, "#kn-size"), "8\n")
    b.wait("the 8×8 board", lambda: len(b.find_all(".knight .c")) == 64)
    b.click(option(b, "#kn-closed"))
    b.click(option(b, "#kn-count-button"))
    b.wait("the refusal", lambda: status(b)[0] == "error", timeout=30)
    assert "4 GiB" in status(b)[1], status(b)
    print("   ", status(b)[1])
    b.click(option(b, "#kn-closed"))
    play.choose(b, "#kn-order", "plain")
    b.click(option(b, "#kn-watch"))
    b.wait("the search drawn", lambda: "Steps" in b.text(b.find("#kn-nodes")))
    time.sleep(2)
    shot(b, "knight")


@desktop
def sudoku_from_its_tab_is_typed_to_a_win_and_the_solver_never_wins(b, url):
    play.fresh(b, url)
    tab(b, "Sudoku")
    b.wait("a 9×9 puzzle", lambda: len(b.find_all(".sudoku .c.given")) > 0 and len(b.find_all(".sudoku .c")) == 81)
    givens, solution = play.sudoku_4x4(b)
    b.click(b.find("#solve"))
    b.wait("the solver's grid", lambda: status(b)[0] == "solved")
    assert sudoku_values(b) == solution and result(b) == "solved"
    b.click(b.find("#undo"))
    b.wait("undo to take it back", lambda: sudoku_values(b) == givens)
    cells = b.find_all(".sudoku .c")
    pad = b.find_all(".pad button")
    for i, g in enumerate(givens):
        if not g:
            b.click(cells[i])
            b.click(pad[solution[i] - 1])
    b.wait("the win", lambda: won(b))
    assert result(b) == "won" and "Won: solved in" in status(b)[1], status(b)
    # Corner marks from the pad, cleared by the digit placed beside them.
    b.click(b.find("#undo"))
    b.wait("a cell emptied", lambda: sudoku_values(b).count(0) == 1)
    b.click(b.find("#undo"))
    b.wait("another emptied", lambda: sudoku_values(b).count(0) == 2)
    two = [i for i, v in enumerate(sudoku_values(b)) if v == 0]
    b.click(b.find(".pad [data-mode=corner]"))
    b.click(cells[two[0]])
    b.click(pad[solution[two[1]] - 1])
    b.wait("the corner mark", lambda: b.find_all(".sudoku .c .corner"))
    b.click(b.find(".pad [data-mode=digit]"))
    b.click(cells[two[1]])
    b.click(pad[solution[two[1]] - 1])
    if play.peers(two[0], two[1], 4, 2, 2):
        b.wait("the mark cleared", lambda: not b.find_all(".sudoku .c .corner"))


@desktop
def a_9x9_hint_shows_where_then_why_and_the_candidates_are_the_rules(b, url):
    play.fresh(b, url)
    tab(b, "Sudoku")
    b.wait("a puzzle", lambda: b.find_all(".sudoku .c.given"))
    # A puzzle of the Wikipedia article "Sudoku" (a single solution), pasted.
    puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    b.type_into(option(b, "#su-paste"), "53..7....\n6..1x5...")
    b.click(option(b, "#su-load"))
    b.wait("the refusal", lambda: status(b)[0] == "error")
    assert "2" in status(b)[1], status(b)
    b.type_into(option(b, "#su-paste"), puzzle)
    b.click(option(b, "#su-load"))
    b.wait("the puzzle", lambda: len(b.find_all(".sudoku .c.given")) == 30)
    b.wait("the error gone", lambda: status(b)[0] != "error")
    before = sudoku_values(b)
    (solution,) = sudoku_solve(before)
    b.click(option(b, "#su-hint-button"))
    focus = b.wait("the cells of the hint", lambda: b.find_all(".sudoku .c.focus"))
    assert not b.find_all("#su-apply"), "the first stage shows only where"
    b.click(option(b, "#su-hint-button"))
    apply = b.wait("the step in words", lambda: b.find_all("#su-apply"))
    assert b.text(b.find("#su-hint")).strip() and len(focus) >= 1
    shot(b, "sudoku")
    b.click(apply[0])
    after = b.wait("the hint applied", lambda: (lambda v: v if v != before else None)(sudoku_values(b)))
    placed = [i for i in range(81) if before[i] != after[i]]
    assert placed and all(after[i] == solution[i] for i in placed), "the hint's digit is the solution's"
    # The auto-candidates drawn are the rule's: the digits no peer holds.
    b.click(option(b, "#su-auto"))
    drawn = b.wait("the candidates", lambda: b.script(
        "return [...document.querySelectorAll('.sudoku .c')].map(c => c.querySelector('.cands') ? c.querySelector('.cands').textContent : null)"))
    want = sudoku_candidates(after, 9, 3, 3)
    for i in range(81):
        if after[i] == 0:
            assert drawn[i] == "".join(map(str, want[i])), (i, drawn[i], want[i])
    b.click(option(b, "#su-hint-button"))
    b.wait("the cells of the hint", lambda: b.find_all(".sudoku .c.focus"))


@desktop
def every_address_opens_a_game_with_a_notice_when_something_is_refused(b, url):
    play.fresh(b, url)
    for link, said in (("#game=sudoku&box=3x3&puzzle=" + "." * 81, "Several solutions"),
                       ("#game=sudoku&box=3x3&puzzle=55" + "." * 79, "same digit"),
                       ("#game=sudoku&box=1x1", "1x1"), ("#game=sudoku&box=5x3", "5x3"),
                       ("#game=sudoku&box=3x3&puzzle=12", "refused"),
                       ("#game=lightsout&start=foo", "foo"), ("#game=lightsout&size=zz", "zz"),
                       ("#game=lightsout&k=99", "99"), ("#game=lightsout&pattern=zz", "zz"),
                       ("#game=knight&size=5x5&start=9,9", "9,9"), ("#game=revertigo&size=0", "0"),
                       ("#game=chess", "chess"), ("#game=lightsout&board=xyz", "does not fit"),
                       ("#game=lightsout&seed=abc", "abc"), ("#game=knight&size=5x5&path=zz", "zz"),
                       ("#game=sudoku&box=3x3&difficulty=zz", "zz"), ("#game=sudoku&box=3x3&entries=12", "without"),
                       ("#game=sudoku&box=3x3&puzzle=53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
                        "&entries=99", "entries")):
        b.open(url + link)
        b.wait(f"the notice of {link}", lambda: said in notice(b), timeout=30)
        b.wait(f"a board for {link}", lambda: b.find_all("#lo-board, .grid .c.given, .revertigo .c, .knight .c"), timeout=60)
        assert not won(b), link
        if "box=5x3" in link:
            assert b.script("return document.querySelector('#su-shape').value") == "3x3"
            assert len(b.find_all(".sudoku .c")) == 81


@desktop
def a_tab_switched_during_a_solve_and_a_reload_during_a_generation_lose_nothing(b, url):
    play.fresh(b, url)
    tab(b, "Revertigo")
    b.type_into(option(b, "#rv-size"), "10x10\n")
    b.wait("the 10×10 board", lambda: len(b.find_all(".revertigo .c")) == 100)
    b.click(b.find("#solve"))
    b.wait("the replay", lambda: b.find_all(".revertigo .c.black"))
    tab(b, "Lights Out")
    b.wait("the board", lambda: b.find_all("#lo-board"))
    time.sleep(1)
    assert "lights on" in status(b)[1] or "light on" in status(b)[1], status(b)
    tab(b, "Sudoku")
    b.wait("a puzzle", lambda: b.find_all(".sudoku .c.given"))
    kept = sudoku_values(b)
    play.choose(b, "#su-shape", "4x4")
    b.wait("the generation", lambda: b.attribute(b.find("#progress"), "hidden") is None or len(b.find_all(".sudoku .c")) == 256)
    b.script("location.reload()")
    b.wait("the game in play after the reload", lambda: sudoku_values(b) == kept or len(b.find_all(".sudoku .c")) == 256)


@desktop
def the_game_is_kept_on_reload_and_shared_with_its_moves(b, url):
    play.fresh(b, url)
    tab(b, "Sudoku")
    b.wait("a puzzle", lambda: b.find_all(".sudoku .c.given"))
    values = sudoku_values(b)
    empty = [i for i, v in enumerate(values) if v == 0][:2]
    cells = b.find_all(".sudoku .c")
    b.click(cells[empty[0]])
    b.keys("5")
    b.keys("x")
    b.click(cells[empty[1]])
    b.keys("12")
    b.wait("the moves", lambda: sudoku_values(b)[empty[0]] == 5 and b.find_all(".sudoku .c .corner"))
    tab(b, "Revertigo")
    b.wait("the board", lambda: b.find_all(".revertigo .c.pawn"))
    b.click(b.find(".revertigo"))
    b.keys(["ArrowUp", "ArrowRight"])
    b.wait("two moves", lambda: "Moves: 2" in b.text(b.find("#info")))
    b.script("location.reload()")
    b.wait("the board after the reload", lambda: "Moves: 2" in b.text(b.find("#info")))
    tab(b, "Sudoku")
    b.wait("the Sudoku kept", lambda: sudoku_values(b)[empty[0]] == 5 and b.find_all(".sudoku .c .corner"))
    b.click(b.find("#share"))
    link = b.attribute(b.find("#share-link"), "href")
    assert "entries=" in link, link
    play.fresh(b, url)
    b.open(link)
    b.wait("the shared game", lambda: sudoku_values(b)[empty[0]] == 5)
    b.open(url + "#game=knight&size=5x5&start=0,0")
    b.wait("the board", lambda: b.find_all(".knight .c.legal"))
    b.click(b.find_all(".knight .c.legal")[0])
    b.wait("the move", lambda: len([c for c in b.find_all(".knight .c") if b.text(c)]) == 2)
    b.click(b.find("#share"))
    link = b.attribute(b.find("#share-link"), "href")
    play.fresh(b, url)
    b.open(link)
    b.wait("the shared path", lambda: len([c for c in b.find_all(".knight .c") if b.text(c)]) == 2)


@desktop
def a_long_call_can_be_cancelled_and_a_hard_16x16_gives_up_with_a_notice(b, url):
    b.open(url + "#game=knight&size=7x7&start=0,0")
    b.wait("the board", lambda: b.find_all(".knight .c.legal"))
    b.click(option(b, "#kn-count-button"))
    bar = b.find("#progress")
    b.wait("the progress bar", lambda: b.attribute(bar, "hidden") is None)
    # The bar says what the count's pace counts, asked of the library before the work.
    b.wait("the progress in steps", lambda: "steps" in b.text(b.find("#progress .label")), timeout=20)
    b.click(b.find("#cancel"))
    b.wait("the cancel", lambda: status(b)[1] == "Cancelled.")
    b.click(b.find("#solve"))
    b.wait("a tour after the cancel", lambda: status(b)[0] == "solved")
    tab(b, "Sudoku")
    b.wait("a puzzle", lambda: b.find_all(".sudoku .c.given"))
    kept = sudoku_values(b)
    play.choose(b, "#su-difficulty", "hard")
    play.choose(b, "#su-shape", "4x4")
    b.wait("the generation to give up", lambda: "gives up" in notice(b), timeout=60)
    assert sudoku_values(b) == kept, "the game in play is kept"
    print("   ", notice(b))


@desktop
def the_page_installs_and_plays_offline_after_one_visit(b, url, server=None):
    play.fresh(b, url)
    b.wait("the board", lambda: b.find_all("#lo-board"))
    b.wait("the service worker", lambda: b.script("return !!navigator.serviceWorker.controller") or b.script("location.reload()"), timeout=30)
    # Installable: Chromium finds nothing missing (the manifest, its icons, the service worker).
    errors = b.cmd("POST", "/goog/cdp/execute", {"cmd": "Page.getInstallabilityErrors", "params": {}})
    assert errors["installabilityErrors"] == [], errors
    server.offline = True
    try:
        b.script("location.reload()")
        canvas = b.wait("the board offline", lambda: b.find("#lo-board"))
        before = b.wait("drawn", lambda: b.attribute(canvas, "data-board"))
        grid_click(b, canvas, 5, 5, 2, 2)
        b.wait("a press offline", lambda: b.attribute(canvas, "data-board") != before)
        tab(b, "Sudoku")
        b.wait("a puzzle generated offline", lambda: b.find_all(".sudoku .c.given"), timeout=60)
    finally:
        server.offline = False


# ---- the phone ----

@phone
def on_a_phone_every_game_fits_and_comes_first(b, url):
    play.fresh(b, url)
    # Phones from 360 to 430 px wide, the test's own phone (390) last.
    for width in (360, 430, 390):
        b.cmd("POST", "/goog/cdp/execute", {"cmd": "Emulation.setDeviceMetricsOverride", "params": {
            "width": width, "height": 844, "deviceScaleFactor": 3, "mobile": True}})
        b.wait("the width", lambda: b.script("return document.documentElement.clientWidth") == width)
        for name, board, field, size in (("Lights Out", "#lo-board", "#lo-size", "10"), ("Revertigo", ".revertigo", "#rv-size", "10x10"),
                                         ("Knight's tour", ".knight", "#kn-size", "8"), ("Sudoku", ".sudoku", None, None)):
            tab(b, name)
            b.wait(f"the {name} board", lambda: b.find_all(board))
            if size and width == 360:  # the size typed once is kept with the game
                b.type_into(option(b, field), size + "\n")
                time.sleep(0.5)
            if not size:
                b.wait("the puzzle", lambda: b.find_all(".sudoku .c.given"))
            time.sleep(0.3)
            el = b.find(board)
            rect = b.rect(el)
            where = (name, width, rect)
            assert rect["x"] >= 0 and rect["x"] + rect["width"] <= width + 1, where
            assert b.script("return arguments[0].closest('.frame').scrollWidth - arguments[0].closest('.frame').clientWidth",
                            {ELEMENT: el}) <= 0, f"{where}: the board scrolls sideways in its frame"
            assert b.script("return document.documentElement.scrollWidth") <= width, f"{where}: the page scrolls sideways"
            assert rect["y"] < b.rect(b.find("#options-box"))["y"], f"{where}: the board comes before the options"
            for button in b.find_all("#toolbar button, nav button"):
                assert b.rect(button)["height"] >= 40, "toolbar buttons are at least 40 px"
            if name != "Lights Out":
                cell = b.rect(b.find(board + " .c"))
                assert cell["width"] >= (34 if width == 360 else 36), (where, cell)
    shot(b, "phone")


@phone
def on_a_phone_sudoku_is_played_with_the_pad(b, url):
    play.fresh(b, url)
    tab(b, "Sudoku")
    b.wait("a puzzle", lambda: b.find_all(".sudoku .c.given"))
    b.click(b.find("#options-box summary"))
    givens, solution = play.sudoku_4x4(b)
    pad = b.find_all(".pad button")
    for p in pad:
        r = b.rect(p)
        assert r["width"] >= 40 and r["height"] >= 40, r
    cells = b.find_all(".sudoku .c")
    for i, g in enumerate(givens):
        if not g:
            b.tap_at(cells[i], 0, 0)
            b.tap_at(pad[solution[i] - 1], 0, 0)
    b.wait("the win", lambda: won(b))


@phone
def on_a_phone_revertigo_and_the_knight_are_played_by_taps_and_swipes(b, url):
    play.fresh(b, url)
    tab(b, "Revertigo")
    b.type_into(option(b, "#rv-size"), "4x4\n")
    b.wait("the 4×4 board", lambda: len(b.find_all(".revertigo .c")) == 16)
    grid = b.find(".revertigo")
    b.swipe(grid, 0, -80)
    b.wait("a swipe up moves the pawn", lambda: "Moves: 1" in b.text(b.find("#info")))
    b.type_into(option(b, "#rv-size"), "20x20\n")
    b.wait("the 20×20 board", lambda: len(b.find_all(".revertigo .c")) == 400)
    frame = b.find(".frame")
    assert "scrolls" in b.attribute(frame, "class"), "a large board scrolls in its frame"
    top = b.script("return arguments[0].scrollTop", {ELEMENT: frame})
    b.swipe(b.find_all(".revertigo .c")[10 * 20 + 2], 0, 150)
    b.wait("a swipe down to scroll the frame", lambda: b.script("return arguments[0].scrollTop", {ELEMENT: frame}) < top)
    assert "Moves: 0" in b.text(b.find("#info")), "a swipe on a scrolled board does not move the pawn"
    b.tap_at(b.find_all(".revertigo .c")[18 * 20], 0, 0)
    b.wait("a tap moves the pawn", lambda: "Moves: 1" in b.text(b.find("#info")))
    tab(b, "Knight's tour")
    b.wait("the board", lambda: b.find_all(".knight .c.legal"))
    b.tap_at(b.find_all(".knight .c.legal")[0], 0, 0)
    b.wait("a tap moves the knight", lambda: len([c for c in b.find_all(".knight .c") if b.text(c)]) == 2)
    tab(b, "Lights Out")
    canvas = b.wait("the board", lambda: b.find("#lo-board"))
    before = b.wait("drawn", lambda: b.attribute(canvas, "data-board"))
    rect = b.rect(canvas)
    b.tap_at(canvas, -rect["width"] / 2 + 5, -rect["height"] / 2 + 5)
    b.wait("a tap presses", lambda: b.attribute(canvas, "data-board") != before)


def main():
    server = Server(WWW)
    url = server.url
    passed = failed = 0
    for tests, is_phone in ((DESKTOP, False), (PHONE, True)):
        tests = [t for t in tests if not PICK or any(p in t.__name__ for p in PICK)]
        if not tests:
            continue
        b = Browser(width=1280, height=800, phone=is_phone)
        try:
            for t in tests:
                start = time.time()
                try:
                    if "server" in t.__code__.co_varnames:
                        t(b, url, server=server)
                    else:
                        t(b, url)
                    errors = b.console("SEVERE")
                    assert not errors, f"console errors: {errors}"
                    passed += 1
                    print(f"ok   {t.__name__}{' (phone)' if is_phone else ''} ({time.time() - start:.1f} s)")
                except Exception:
                    failed += 1
                    print(f"FAIL {t.__name__}{' (phone)' if is_phone else ''}")
                    traceback.print_exc()
                    b.console()
        finally:
            b.quit()
    server.stop()
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


class Server:
    """The page's files on 127.0.0.1; `offline` makes it answer nothing, as a network that is off."""

    def __init__(self, root):
        self.offline = False
        outer = self

        class Handler(http.server.SimpleHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def handle_one_request(self):
                if outer.offline:
                    self.close_connection = True
                    try:
                        self.rfile.readline(65537)
                    finally:
                        return
                super().handle_one_request()

        handler = functools.partial(Handler, directory=root)
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"

    def stop(self):
        self.httpd.shutdown()


if __name__ == "__main__":
    sys.exit(main())
