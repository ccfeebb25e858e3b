"""Long work behaves: Ctrl-C stops a count or a listing, raising
`puzzles.Interrupted` (a KeyboardInterrupt) that holds what was found; the
progress callback is called while the library works."""

from __future__ import annotations

import _thread
import threading
import time
from typing import List, Optional, Tuple

import pytest

import puzzles


def _interrupt_after(seconds: float) -> threading.Timer:
    """Ctrl-C in the main thread after `seconds`, as a terminal or a notebook sends it."""
    timer = threading.Timer(seconds, _thread.interrupt_main)
    timer.start()
    return timer


def test_ctrl_c_stops_a_count_and_keeps_what_it_found() -> None:
    # 8×8 open tours from a corner: far more than this test waits for.
    _interrupt_after(0.5)
    started = time.monotonic()
    with pytest.raises(puzzles.Interrupted) as caught:
        puzzles.knight(dims=8, mode="count", method="backtrack")
    assert isinstance(caught.value, KeyboardInterrupt)
    assert time.monotonic() - started < 60
    answer = caught.value.answer
    assert answer.ending == "interrupted"
    # The count's own key says it is partial, and the tours found so far are counted.
    assert answer.partial is True and int(answer.count) > 0


def test_ctrl_c_stops_a_listing_and_hands_back_the_items_found() -> None:
    listing = puzzles.knight(dims=(8, 8), mode="list", limit=10**9)
    first = next(listing)
    _interrupt_after(0.3)
    with pytest.raises(puzzles.Interrupted) as caught:
        for _ in listing:
            pass
    answer = caught.value.answer
    assert first.index == 1
    assert answer.ending == "interrupted"
    assert answer.stopped == "interrupted"


def test_the_progress_callback_is_called() -> None:
    seen: List[Tuple[int, Optional[int], str]] = []
    # 6×6 open tours summed over every start, counted column by column.
    answer = puzzles.knight(dims=(6, 6), mode="count", starts="sum", progress=lambda *r: seen.append(r))
    assert answer.total == "6637920"
    assert seen, "no progress was reported"
    assert all(done >= 0 for done, _, _ in seen)


def test_an_exception_in_the_callback_stops_the_request() -> None:
    def refuse(done: int, total: Optional[int], note: str) -> None:
        raise RuntimeError("enough")

    with pytest.raises(RuntimeError, match="enough"):
        puzzles.knight(dims=8, mode="count", method="backtrack", progress=refuse).count
