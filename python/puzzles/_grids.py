"""Grids in and out: the Python values a student has (lists, strings, numpy
arrays, files) made into the JSON contract's values, and the contract's
boards made into numpy arrays when numpy is installed.

Nothing here knows a puzzle's rules: only how each request key is written.
"""

from __future__ import annotations

import math
import os
import sys
from typing import Any, Callable, Dict, List, Optional

from ._native import PuzzleError

#: numpy once looked for (optional: grids come back as lists without it).
_np: Any = None
_np_looked = False


def _numpy() -> Any:
    """numpy, imported the first time an answer's grid is read (not with the
    package: a script that reads no grid does not pay for it); None when not
    installed."""
    global _np, _np_looked
    if not _np_looked:
        _np_looked = True
        try:
            import numpy
        except ImportError:  # pragma: no cover - exercised in a venv without numpy
            numpy = None  # type: ignore[assignment]
        _np = numpy
    return _np

#: The digits of one-character cells: 0-9, then letters (the files' notation).
_DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _is_grid(value: Any) -> bool:
    """Whether `value` is a 2-D grid: a numpy array, or a list of rows."""
    if _is_array(value):
        return True
    return isinstance(value, (list, tuple)) and len(value) > 0 and all(
        isinstance(row, (list, tuple)) or _is_array(row) for row in value
    )


def _is_array(value: Any) -> bool:
    """Whether `value` is a numpy array (there is none unless numpy was imported)."""
    np = sys.modules.get("numpy")
    return np is not None and isinstance(value, np.ndarray)


def _rows(value: Any, what: str) -> List[List[int]]:
    """The rows of a grid as lists of ints; a TypeError when it is no grid."""
    if _is_array(value):
        if value.ndim != 2:
            raise TypeError(f"{what}: a grid is a 2-D array, not {value.ndim}-D")
        value = value.tolist()
    rows = []
    for row in value:
        if _is_array(row):
            row = row.tolist()
        cells = []
        for cell in row:
            if isinstance(cell, bool) or not isinstance(cell, int):
                np = sys.modules.get("numpy")
                if np is not None and isinstance(cell, np.integer):
                    cell = int(cell)
                elif isinstance(cell, bool):
                    cell = int(cell)
                else:
                    raise TypeError(f"{what}: cells are whole numbers, not {type(cell).__name__}")
            cells.append(cell)
        rows.append(cells)
    return rows


def grid_text(value: Any, what: str, blank: str = "0") -> str:
    """A grid of numbers as the files write it: one character a cell while
    every number fits one (0-9, then A-Z), else numbers separated by blanks."""
    rows = _rows(value, what)
    if all(0 <= c < len(_DIGITS) for row in rows for c in row):
        return "\n".join("".join(_DIGITS[c] if c else blank for c in row) for row in rows) + "\n"
    return "\n".join(" ".join(str(c) for c in row) for row in rows) + "\n"


def source(value: Any, what: str, name: str, blank: str = "0") -> Any:
    """A text to read (the contract's `{name, text}`): a string, a file path,
    or a grid; a dict passes as it is."""
    if isinstance(value, str):
        return {"name": name, "text": value}
    if isinstance(value, dict):
        return value
    if isinstance(value, os.PathLike):
        path = os.fspath(value)
        with open(path, encoding="utf-8") as f:
            return {"name": str(path), "text": f.read()}
    if _is_grid(value):
        return {"name": name, "text": grid_text(value, what, blank)}
    raise TypeError(f"{what}: give a string, a file path, a grid (list of rows or numpy array) or a dict, not {type(value).__name__}")


def dims(value: Any, what: str = "dims") -> Any:
    """A board's shape: `(rows, cols)`, one number for a square, or the contract's dict."""
    if isinstance(value, dict) or value is None:
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return {"rows": value, "cols": value}
    if isinstance(value, (tuple, list)) and len(value) == 2:
        return {"rows": value[0], "cols": value[1]}
    raise TypeError(f"{what}: give (rows, cols), one number for a square, or {{'rows': R, 'cols': C}}")


def cells(value: Any, what: str) -> Any:
    """A path of cells: a list of `[row, col]` or an (n, 2) array."""
    if _is_array(value):
        value = value.tolist()
    if isinstance(value, (list, tuple)):
        return [list(c) if isinstance(c, (list, tuple)) else c for c in value]
    return value


# ---- Requests: each puzzle's keys that take grids, files or shapes. ----

def _lightsout_board(value: Any) -> Any:
    if isinstance(value, str):
        return {"given": {"name": "state", "text": value}}
    if isinstance(value, dict):
        return value
    return {"given": source(value, "board", "state")}


#: The marks of a pressed cell in presses written as text (as the answers print them).
_PRESSED = {"#": 1, "X": 1, "x": 1, ".": 0, "_": 0}


def presses(value: Any) -> Any:
    """Presses: rows of counts (lists or a numpy array), or text rows of
    `0`/`1`, `.`/`#` or `X` (a digit or a letter for a count past 1); on a
    graph, the names of the vertices pressed (a list of strings, `name*c`
    for `c` presses)."""
    if value is None or isinstance(value, dict):
        return value
    if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value) and value:
        return list(value)
    if isinstance(value, str):
        rows = [line.replace(" ", "") for line in value.splitlines() if line.strip()]
        counts = []
        for row in rows:
            cells = []
            for c in row:
                if c in _PRESSED:
                    cells.append(_PRESSED[c])
                elif c.upper() in _DIGITS:
                    cells.append(_DIGITS.index(c.upper()))
                else:
                    raise PuzzleError(f"presses: {c!r} is not a press count (0/1, ./#, X, a digit)")
            counts.append(cells)
        return counts
    return _rows(value, "presses")


#: How each puzzle's request keys are read from Python values.
REQUEST_KEYS: Dict[str, Dict[str, Callable[[Any], Any]]] = {
    "lightsout": {
        "board": _lightsout_board,
        "presses": presses,
    },
    "revertigo": {"dims": dims},
    "knight": {"dims": dims, "tour": lambda v: cells(v, "tour")},
    "sudoku": {
        "source": lambda v: v if v is None else source(v, "source", "grid", blank="."),
        "marks": lambda v: v if v is None else source(v, "marks", "marks"),
        "solution": lambda v: v if v is None or isinstance(v, str) else grid_text(v, "solution", blank="."),
    },
}


#: The keys a request without them has: the mode (the command line's, with
#: no mode option); a Sudoku batch's lines as typed reports, as the command's
#: --json has them.
DEFAULTS: Dict[str, Dict[str, Any]] = {
    "lightsout": {"mode": "solve"},
    "revertigo": {"mode": "solve"},
    "knight": {"mode": "find"},
    "sudoku": {"mode": "solve", "reports": True},
}


def request(puzzle: str, keys: Dict[str, Any]) -> Dict[str, Any]:
    """The request's keys with their Python values made into the contract's,
    and the puzzle's defaults for those not given."""
    readers = REQUEST_KEYS.get(puzzle, {})
    made = DEFAULTS.get(puzzle, {}).copy()
    for k, v in keys.items():
        read = readers.get(k)
        made[k] = v if read is None else read(v)
    return made


# ---- Answers: the contract's boards as numpy arrays. ----

def _cells_array(value: Any) -> Any:
    """Rows of numbers (Lights Out's boards, a grid of counts) as a 2-D array."""
    if not isinstance(value, list) or not value or not isinstance(value[0], list):
        return value
    if value and value[0] and isinstance(value[0][0], str):  # counts past 2^53 are strings
        return value
    np = _numpy()
    return value if np is None else np.array(value, dtype=np.int64)


def _boards_array(value: Any) -> Any:
    if not isinstance(value, list):
        return value
    return [_cells_array(b) for b in value]


def _marks_array(value: Any) -> Any:
    """Rows of `#` and `_`/`.` (a Revertigo map or board) as a boolean array: True where `#`."""
    np = _numpy()
    if np is None or not isinstance(value, list) or not all(isinstance(r, str) for r in value):
        return value
    return np.array([[c == "#" for c in row] for row in value], dtype=bool)


def _path_array(value: Any) -> Any:
    """Cells `[row, col]` as an (n, 2) array."""
    np = _numpy()
    if np is None or not isinstance(value, list):
        return value
    return np.array(value, dtype=np.int64).reshape(-1, 2)


def _digit_rows(value: Any) -> Any:
    """Rows of `0`/`1` digits (an augmented matrix, a system of equations) as a 2-D array of 0 and 1."""
    np = _numpy()
    if np is None or not isinstance(value, list) or not value or not all(isinstance(r, str) for r in value):
        return value
    return np.array([[int(c) for c in row] for row in value], dtype=np.uint8)


def _sudoku_array(value: Any, size: Optional[int]) -> Any:
    """A Sudoku grid in line form as a size×size array of digits (0: empty)."""
    np = _numpy()
    if np is None or not isinstance(value, str):
        return value
    if " " in value:
        numbers = [0 if t == "." else int(t) for t in value.split()]
    else:
        numbers = [0 if c in ".0" else _DIGITS.index(c.upper()) for c in value]
    size = size or math.isqrt(len(numbers))
    if len(numbers) != size * size:
        return value
    return np.array(numbers, dtype=np.int64).reshape(size, size)


#: The answer keys that hold grids, by puzzle: key -> (value, the answer or
#: item it is read from) -> array. The bridge calls them as the keys are read.
ANSWER_KEYS: Dict[str, Dict[str, Callable[[Any, Any], Any]]] = {
    "lightsout": {
        "state": lambda v, a: _cells_array(v),
        "presses": lambda v, a: _cells_array(v),
        "witness": lambda v, a: _cells_array(v),
        "quiet_patterns": lambda v, a: _boards_array(v),
        "after": lambda v, a: _cells_array(v),
        "matrix": lambda v, a: _digit_rows(v),
        "equations": lambda v, a: _digit_rows(v),
        "lights": lambda v, a: _marks_array(v),
    },
    "revertigo": {
        "map": lambda v, a: _marks_array(v),
        "board": lambda v, a: _marks_array(v),
        "equations": lambda v, a: _digit_rows(v),
    },
    "knight": {
        "tour": lambda v, a: _path_array(v),
        "first": lambda v, a: _path_array(v),
        "counts": lambda v, a: _cells_array(v),
    },
    "sudoku": {
        "puzzle": lambda v, a: _sudoku_array(v, getattr(a, "size", None)),
        "solution": lambda v, a: _sudoku_array(v, getattr(a, "size", None)),
    },
}
