"""Per-worker state: one object per thread and key, closed at exit."""

from __future__ import annotations

import threading
from collections.abc import Callable

from sudoku_sat.batch.cache import cached, close_all, per_thread
from sudoku_sat.difficulty.rungs import augmented_propagator
from sudoku_sat.engines.completion import rules_propagator

made: list[tuple[int, str]] = []


@per_thread
def thing(n: int, tag: str = "a") -> list[int]:
    made.append((n, tag))
    return [n]


def in_thread(call: Callable[[], object]) -> object:
    box: list[object] = []
    worker = threading.Thread(target=lambda: box.append(call()))
    worker.start()
    worker.join()
    return box[0]


def test_per_thread_builds_once_per_thread_and_arguments() -> None:
    made.clear()
    first = thing(3)
    assert thing(3) is first and thing(3, tag="a") is not None
    assert thing(4) is not first and thing(3, tag="b") is not first
    other = in_thread(lambda: thing(3))
    assert other == first and other is not first
    assert made.count((3, "a")) == 3  # positional, keyword (a different key), other thread


def test_stateful_engines_are_not_shared_between_threads() -> None:
    factories: list[Callable[[], object]] = [
        lambda: rules_propagator(2),
        lambda: augmented_propagator(2),
    ]
    for factory in factories:
        mine = factory()
        assert factory() is mine and in_thread(factory) is not mine


class Closable:
    closed = False

    def close(self) -> None:
        self.closed = True


def test_close_all_closes_what_can_be_closed() -> None:
    box = cached(("test", "closable"), Closable)
    close_all()
    assert box.closed
    assert cached(("test", "closable"), Closable) is not box
