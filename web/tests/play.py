"""What the browser tests do as a player (open a tab, set an option, read the
status line) and the rules they check the page against, written here on
their own: Lights Out presses, Revertigo landings, knight's moves and
Warnsdorff's rule, Sudoku candidates and backtracking."""


def fresh(b, url):
    """The bare address of a first visit: nothing kept from an earlier game
    (the browser's storage of the page cleared while no page of it is open)."""
    b.open("about:blank")
    b.cmd("POST", "/goog/cdp/execute", {"cmd": "Storage.clearDataForOrigin", "params": {
        "origin": url.rstrip("/"), "storageTypes": "local_storage"}})
    b.open(url)


def status(b):
    e = b.find("#status")
    return b.attribute(e, "class"), b.text(e)


def won(b):
    return status(b)[0] == "won"


def result(b):
    """How the board shows the game: "won", "solved" (by the solver) or ""."""
    return b.attribute(b.find("#board"), "data-result") or ""


def notice(b):
    n = b.find("#notice")
    return "" if b.attribute(n, "hidden") is not None else b.text(n)


def tab(b, name):
    """Clicks the tab of game `name`."""
    for button in b.find_all("#tabs button"):
        if b.text(button) == name:
            b.click(button)
            return
    raise AssertionError(f"no tab {name}")


def option(b, css):
    """The option `css`, the options' drawer opened first when it is folded (a phone)."""
    box = b.find("#options-box")
    if b.attribute(box, "open") is None:
        b.click(b.find("#options-box summary"))
    return b.wait(css, lambda: b.find(css))


def choose(b, css, value):
    """Picks `value` in the menu `css`, as a person picks an entry."""
    menu = option(b, css)
    b.click(b.find(f"{css} option[value='{value}']")) if not b.phone else b.script(
        "arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('change'))", {
            "element-6066-11e4-a52e-4f735466cecf": menu}, value)


def sudoku_4x4(b):
    """A 4×4 Sudoku chosen in the Shape menu: its clues and its one solution (by the tests' backtracking)."""
    choose(b, "#su-shape", "2x2")
    b.wait("a 4×4 puzzle", lambda: len(b.find_all(".sudoku .c")) == 16 and b.find_all(".sudoku .c.given"))
    givens = sudoku_values(b)
    (solution,) = sudoku_solve(givens, 4, 2, 2)
    return givens, solution


def grid_click(b, element, rows, cols, r, c):
    """A click on cell (r, c) of a board drawn on a canvas."""
    rect = b.rect(element)
    w, h = rect["width"], rect["height"]
    b.click_at(element, (c + 0.5) * w / cols - w / 2, (r + 0.5) * h / rows - h / 2)


# ---- rules written here, to check what the page shows ----

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


# The knight's moves in the knight's tour lab's order, (drow, dcol).
LAB_MOVES = [(-1, -2), (1, -2), (-2, -1), (2, -1), (-2, 1), (2, 1), (-1, 2), (1, 2)]


def knight_moves(rows, cols, path):
    """The free squares a knight's move from the last of `path`, in the lab's order."""
    r, c = path[-1]
    seen = set(path)
    return [(r + dr, c + dc) for dr, dc in LAB_MOVES
            if 0 <= r + dr < rows and 0 <= c + dc < cols and (r + dr, c + dc) not in seen]


def warnsdorff(rows, cols, path):
    """Warnsdorff's rule (1823): the legal square with the fewest onward moves;
    ties to the square farther from the centre (Roth), then the lab's order."""
    def key(q):
        dr, dc = 2 * q[0] - (rows - 1), 2 * q[1] - (cols - 1)
        return (len(knight_moves(rows, cols, path + [q])), -(dr * dr + dc * dc))
    legal = knight_moves(rows, cols, path)
    return min(legal, key=key) if legal else None


def peers(i, j, n, br, bc):
    """Whether cells i and j of an n×n Sudoku share a row, a column or a box."""
    (a, b), (c, d) = divmod(i, n), divmod(j, n)
    return a == c or b == d or (a // br == c // br and b // bc == d // bc)


def sudoku_candidates(values, n, br, bc):
    """For each empty cell, the digits none of its peers holds."""
    return [[] if values[i] else [d for d in range(1, n + 1)
                                  if not any(values[j] == d for j in range(n * n) if j != i and peers(i, j, n, br, bc))]
            for i in range(n * n)]


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
    """The digits on the board, 0 for an empty cell (pencil marks left out)."""
    return [int(t, 36) if t else 0 for t in b.script(
        "return [...document.querySelectorAll('.sudoku .c')].map(c => c.classList.contains('given') || c.classList.contains('entry') ? c.textContent : '')")]
