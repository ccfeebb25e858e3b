"""Lights Out, Revertigo, the knight's tour and Sudoku from Python: solve,
count, list, draw, follow the algorithms step by step and check answers.

One call per puzzle. Its keyword arguments are the puzzle's request, with
the names and values of the JSON contract (`docs/json.md` of the
repository); grids may also be given as lists of rows, strings in the
files' formats, numpy arrays or file paths. The call returns a verified
`Answer`, whose attributes are the keys of the command line's `--json` for
the same request; a listing's answer is an iterator over its items. A
refusal raises `PuzzleError` (a ValueError) with the command line's one-line
message; Ctrl-C raises `Interrupted` (a KeyboardInterrupt) holding what was
found so far.

>>> import puzzles
>>> puzzles.lightsout(board=[[1, 0, 0], [0, 1, 1], [0, 1, 1]]).press_count
7
>>> [tour.index for tour in puzzles.knight(dims=5, mode="list", limit=2)]
[1, 2]
>>> bool(puzzles.sudoku(source="1... ..3. .4.. ...2", mode="check", solution="1324423124133142"))
True
"""

from __future__ import annotations

import importlib.util
import time
from typing import Any, Dict, Optional, Union

from . import _grids
from ._answer import Answer, Interrupted, ProgressCallback, Verdict
from ._native import Item, PuzzleError, Run, names, start

__all__ = [
    "Answer",
    "Interrupted",
    "Item",
    "PuzzleError",
    "Verdict",
    "ask",
    "knight",
    "lightsout",
    "revertigo",
    "sudoku",
]

#: A progress argument: None (a tqdm bar when tqdm is installed and the
#: work runs past a second), False (nothing), True (a tqdm bar at once), or a
#: callback called with (units done, total or None, note).
Progress = Union[None, bool, ProgressCallback]

#: How long work runs before the default progress bar appears, in seconds.
BAR_AFTER = 1.0


def _tqdm() -> Any:
    """tqdm's bar (an ImportError when tqdm is not installed)."""
    from tqdm.auto import tqdm  # type: ignore[import-untyped,unused-ignore]

    return tqdm


class _Bar:
    """A tqdm bar made when the work has run long enough (at once when asked);
    tqdm is imported then, not before (its import costs more than most requests)."""

    def __init__(self, unit: str, bounded: bool, delay: float) -> None:
        self._tqdm = _tqdm() if delay == 0.0 else None
        self._unit = unit
        self._start = time.monotonic() + delay
        self._bar: Any = None
        self._total: Optional[int] = None

    def __call__(self, done: int, total: Optional[int], note: str) -> None:
        if self._bar is None:
            if time.monotonic() < self._start:
                return
            tqdm = self._tqdm or _tqdm()
            self._bar = tqdm(total=total, unit=f" {self._unit}", leave=False, dynamic_ncols=True)
            self._total = total
        if total != self._total:
            self._bar.reset(total=total)
            self._total = total
        self._bar.n = done
        if note:
            self._bar.set_postfix_str(note, refresh=False)
        self._bar.refresh()

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None


#: Whether tqdm is installed (looked up once, without importing it).
_HAS_TQDM: Optional[bool] = None


def _bar(progress: Progress, unit: Optional[str], bounded: bool) -> Any:
    """The progress callback `progress` asks for: a tqdm bar, the caller's own, or none."""
    global _HAS_TQDM
    if progress is False or unit is None:
        return None
    if callable(progress) and progress is not True:
        return progress
    if progress is True:
        return _Bar(unit, bounded, 0.0)  # an ImportError without tqdm, as asked
    if _HAS_TQDM is None:
        _HAS_TQDM = importlib.util.find_spec("tqdm") is not None
    return _Bar(unit, bounded, BAR_AFTER) if _HAS_TQDM else None


def ask(puzzle: str, progress: Progress = None, **request: Any) -> Answer:
    """Asks `puzzle` (one of `lightsout`, `revertigo`, `knight`, `sudoku`)
    the request whose keys are the keyword arguments; the four calls below
    are this one with their puzzle's name.

    >>> import puzzles
    >>> puzzles.ask("knight", dims=(5, 5), mode="count", starts="sum").total
    '1728'
    """
    return _ask(puzzle, progress, request)


def _ask(puzzle: str, progress: Progress, request: Dict[str, Any]) -> Answer:
    """`ask`, the request's keys in a dict (one call less for the four below)."""
    keys = _grids.request(puzzle, request)
    started, (unit, bounded, _) = start(puzzle, keys)
    bar = None
    if type(started) is Run and unit is not None and progress is not False:
        bar = _bar(progress, unit, bounded)
        if bar is not None:
            started.set_progress(bar)
    answer_type = Verdict if keys["mode"] == "check" else Answer
    return answer_type(puzzle, started, bar if isinstance(bar, _Bar) else None)


def lightsout(progress: Progress = None, **request: Any) -> Answer:
    """Lights Out: solve (`mode="solve"`, the default; `fewest=True` for the
    fewest presses), count, list (`limit=K`), check presses, or follow the
    elimination step by step; `board` is a grid (rows of 0/1, a string of
    `.`/`#` rows, a numpy array, a file path) or the contract's
    `{"random": {"rows": R, "cols": C, "seed": S}}`.

    >>> import puzzles
    >>> puzzles.lightsout(board={"random": {"rows": 5, "cols": 5, "seed": 7}}, mode="count").nullity
    2
    """
    return _ask("lightsout", progress, request)


def revertigo(progress: Progress = None, **request: Any) -> Answer:
    """Revertigo: the activation map and a replayed walk (`mode="solve"`),
    every map (`mode="list"`), a walk checked (`mode="check", walk="NNSE…"`),
    the polynomial method step by step; `dims` is `(rows, cols)`.

    >>> import puzzles
    >>> puzzles.revertigo(dims=(4, 4)).moves
    9
    """
    return _ask("revertigo", progress, request)


def knight(progress: Progress = None, **request: Any) -> Answer:
    """The knight's tour: one tour (`mode="find"`, the default), every tour
    (`mode="list"`), counts, the semi-magic tour, the backtracking step by
    step (`mode="steps"`), a tour checked; `dims` is `(rows, cols)`, `start`
    a square (`"0,0"` or `"a8"`), `closed` a closed tour.

    >>> import puzzles
    >>> len(puzzles.knight(dims=(8, 8)).tour)
    64
    """
    return _ask("knight", progress, request)


def sudoku(progress: Progress = None, **request: Any) -> Answer:
    """Sudoku: `source` is a grid (a string in any usual layout, a list of
    rows or a numpy array with 0 for empty cells, a file path) or a batch
    (one puzzle per line: the answer is then an iterator over the lines'
    reports); modes solve, count, list, explain, hint, rate, generate,
    check, steps.

    >>> import puzzles
    >>> puzzles.sudoku(source="1... ..3. .4.. ...2").unique
    True
    """
    return _ask("sudoku", progress, request)


assert tuple(names()) == ("lightsout", "revertigo", "knight", "sudoku")
