"""Answers and items as Python objects: attributes for the JSON contract's
keys, `to_dict()` for the command's `--json`, `str()` for its text,
`svg()` and `_repr_svg_()` for its pictures, iteration for a listing.

The answer and each item are held by the bridge (`puzzles.Item`): a key is
written as Python only when it is read, and the whole dict only when
`to_dict()` asks for it."""

from __future__ import annotations

from collections import deque
from typing import Any, Callable, Deque, Dict, Iterator, List, Optional, Union

from . import _grids
from ._native import Item, Run, ending, field, keys, partial, set_fields, svg, text

#: The most items taken from the library at once (those it found ahead of the loop).
BATCH = 256

#: A progress callback: called with (units done, total or None, note).
ProgressCallback = Callable[[int, Optional[int], str], Any]


class Interrupted(KeyboardInterrupt):
    """Ctrl-C stopped a request: the KeyboardInterrupt raised after the
    library answered with what it had found. `answer` is that partial
    answer (its `ending` is "interrupted"); iterating it gives the items found
    but not yet read."""

    def __init__(self, answer: "Answer") -> None:
        super().__init__("interrupted: the answer holds what was found so far")
        self.answer = answer


class Answer:
    """A verified answer of the library.

    Its attributes are the keys of the command's `--json` for the same
    request (boards as numpy arrays when numpy is installed); `to_dict()`
    gives that JSON object itself, `str()` the command's text, `svg()` its
    picture (drawn by a notebook). The answer of a listing (every solution,
    every tour, a batch, the steps of a search) is also an iterator over its
    items, found as they are read; its own keys (how many were listed, whether
    that is all) are known once the iteration is over: reading one first runs
    the listing to its end, keeping the items for the iteration.

    >>> import puzzles
    >>> answer = puzzles.revertigo(dims=(4, 4))
    >>> answer.walk, answer.solutions
    ('EEENNWWWS', '16')
    """

    __slots__ = ("puzzle", "_run", "_native", "_dict", "_items", "_bar")

    def __init__(self, puzzle: str, started: Union[Run, Item], bar: Any = None) -> None:
        self.puzzle = puzzle
        self._dict: Optional[Dict[str, Any]] = None
        self._bar = bar
        self._items: Deque[Item] = deque()
        if type(started) is Item:
            # Answered at once, with no items: no request under way.
            self._run: Optional[Run] = None
            self._native: Optional[Item] = started
        else:
            self._run = started  # type: ignore[assignment]
            self._native = None
            self._items.extend(self._pull())

    # ---- The request's items and its end. ----

    def _pull(self) -> List[Item]:
        """The next items from the request (those already found, up to
        `BATCH`), or none when it has ended (the answer is then taken)."""
        if self._run is None:
            return []
        try:
            items = self._run.next_items(BATCH)
        except BaseException as stopped:
            self._stopped()
            if isinstance(stopped, KeyboardInterrupt):
                raise Interrupted(self) from None
            raise
        if not items:
            self._native = self._run.answer()
            self._run = None
            self._close_bar()
        return items

    def _stopped(self) -> None:
        """After Ctrl-C or an exception from a callback: the request was
        stopped; what it found is kept, and its answer taken."""
        run, self._run = self._run, None
        if run is not None:
            # Ctrl-C may have been raised by Python as the call returned,
            # before the library looked: the request is told to stop here.
            run.stop()
            items, native = run.drain()
            self._items.extend(items)
            self._native = native
        self._close_bar()

    def _close_bar(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None

    def __iter__(self) -> Iterator[Item]:
        # A generator: a loop resumes it for less than a call of __next__.
        items = self._items
        while True:
            while items:
                yield items.popleft()
            items.extend(self._pull())
            if not items:
                return

    def __next__(self) -> Item:
        items = self._items
        if not items:
            items.extend(self._pull())
            if not items:
                raise StopIteration
        return items.popleft()

    def _finished(self) -> Item:
        """The library's answer, the listing run to its end first."""
        if self._native is not None:
            return self._native
        while self._run is not None:
            self._items.extend(self._pull())
        if self._native is None:
            raise RuntimeError("the request was abandoned before it answered (a second Ctrl-C)")
        return self._native

    # ---- The answer's keys, text and pictures. ----

    def to_dict(self) -> Dict[str, Any]:
        """The answer as the command's `--json` prints it (its last line, for a listing)."""
        if self._dict is None:
            self._dict = self._finished().to_dict()
        return self._dict

    @property
    def mode(self) -> str:
        """Which request was answered: `solve`, `count`, `list`, `check`, `steps`, …"""
        return str(field(self._finished(), "mode"))

    @property
    def ending(self) -> str:
        """How the request ended: `answered`, `no solution` or `interrupted`."""
        return ending(self._finished())

    @property
    def left_out(self) -> Optional[str]:
        """What a request stopped early left out, in one line (None when
        complete, or when the answer's own keys say it, as a count's `partial`)."""
        return partial(self._finished())

    def __getattr__(self, name: str) -> Any:
        if name[:1] == "_":
            raise AttributeError(name)
        return field(self._native or self._finished(), name)

    def __dir__(self) -> List[str]:
        return sorted(set(super().__dir__()) | set(keys(self._finished())))

    def text(self, quiet: bool = False) -> str:
        """The command's text for this answer (`quiet`: the summary only, as `--quiet`)."""
        return text(self._finished(), quiet)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        if self._run is not None:
            return f"<puzzles {self.puzzle} answer, listing under way>"
        return f"<puzzles {self.puzzle} {self.to_dict().get('mode')} answer: {self.text(quiet=True).strip().splitlines()[-1:]}>"

    def svg(self, solved: bool = True) -> str:
        """The command's SVG picture (`--svg`): the board with its answer, or
        the puzzle alone (`solved=False`, as `--sheet`). A listing, a table or
        a graph has no one board to draw: a PuzzleError says so."""
        return svg(self._finished(), solved)

    def _repr_svg_(self) -> Optional[str]:
        """What a notebook draws: the picture, when the answer has one."""
        try:
            return self.svg()
        except ValueError:
            return None


class Verdict(Answer):
    """The answer of a check (`mode="check"`): true when the answer checked is
    right, false when not, with `flaw` naming the first thing wrong in the
    puzzle's own words (and `reason`, that flaw as a sentence).

    >>> import puzzles
    >>> verdict = puzzles.revertigo(dims=(3, 3), mode="check", walk="NNSEENSS")
    >>> bool(verdict)
    True
    """

    def __bool__(self) -> bool:
        return bool(self.right)


# The bridge reads an answer's grids as numpy arrays through these.
set_fields(_grids.ANSWER_KEYS)
